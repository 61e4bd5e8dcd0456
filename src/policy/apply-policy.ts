/**
 * Applies a policy to verdicts: decides pass / annotate / rewrite / block and writes the text that may ship.
 * Deterministic, and a rewrite never adds a fact: it only puts evidence values in place of wrong figures,
 * hedges or removes unsupported claims, and adds citation markers to recorded sources.
 */
import type { Claim, ClaimVerdict, Decision, Report } from "../schema.js";
import type { EditTracer } from "../telemetry/verify-telemetry.js";
import type { Policy } from "./presets.js";
import { applyEdits, applyEditsTidy, insertionPoint, removalSpan, type TextEdit } from "./text-edits.js";

export interface PolicyResult {
  decision: Decision;
  output: string | null;
  reasons: string[];
  sources: Report["sources"];
}

/** Hedge and question claims may be flagged and annotated, never the reason for a block. */
const NEVER_BLOCKS = new Set(["hedge", "opinion", "question", "not_checkable"]);

/** Marker appended to an unsupported claim by a hedging rewrite. */
export const HEDGE_MARK = " (not confirmed by the tool results)";

export function isFlagged(v: ClaimVerdict, policy: Policy): boolean {
  if (v.verdict === "contradicted") return v.confidence >= policy.flagContradicted;
  if (v.verdict === "unsupported") return v.confidence >= policy.flagUnsupported;
  return false;
}

/** Options of {@link applyPolicy}. */
export interface ApplyPolicyOptions {
  /** Append the rewrite's source list (default `true`); a stream releasing a prefix leaves it for the end. */
  sourceList?: boolean;
}

/**
 * The block rules that no later text can lift: the block action with a flagged claim that may block, or
 * (`blockUncorrectable`, any action but annotate) a flagged contradiction without an in-place correction.
 * The grounding-score rule and an empty rewrite are not among them: more grounded text changes both.
 * @returns the reasons to block; empty when none applies.
 */
export function standingBlock(claims: readonly Claim[], verdicts: readonly ClaimVerdict[], policy: Policy): string[] {
  const kindOf = new Map(claims.map((c) => [c.id, c.kind]));
  const blocking = verdicts.filter((v) => isFlagged(v, policy) && !NEVER_BLOCKS.has(kindOf.get(v.claimId)!));
  if (blocking.length === 0) return [];
  if (policy.action === "block") return [`${blocking.length} flagged claim(s) under the block action`];
  const stuck = blocking.filter((v) => v.verdict === "contradicted" && v.corrections.length === 0);
  if (policy.blockUncorrectable && stuck.length > 0 && policy.action !== "annotate")
    return [`${stuck.length} contradicted claim(s) cannot be corrected in place`];
  return [];
}

/**
 * @param groundingScore supported / checkable, or null when nothing was checkable.
 * @param traceEdit runs the annotate / rewrite step (telemetry wraps it in its own span).
 */
export function applyPolicy(
  draft: string,
  claims: Claim[],
  verdicts: ClaimVerdict[],
  groundingScore: number | null,
  policy: Policy,
  traceEdit: EditTracer = (_kind, edit) => edit(),
  options: ApplyPolicyOptions = {},
): PolicyResult {
  const byId = new Map(claims.map((c) => [c.id, c]));
  const flagged = verdicts.filter((v) => isFlagged(v, policy));
  const reasons: string[] = [];
  if (flagged.length === 0) {
    return { decision: "pass", output: draft, reasons: ["no claim flagged"], sources: [] };
  }
  for (const v of flagged) {
    const c = byId.get(v.claimId)!;
    reasons.push(`${v.claimId} ${v.verdict}${v.corrections.length ? ` (evidence: ${v.corrections.map((x) => x.value).join(", ")})` : ""}: "${clip(c.text)}"`);
  }
  const blocking = flagged.filter((v) => !NEVER_BLOCKS.has(byId.get(v.claimId)!.kind));
  const standing = standingBlock(claims, verdicts, policy);
  let block = standing.length > 0;
  // The block action's own rule needs no reason line: the flagged claims above are the reasons.
  if (block && policy.action !== "block") reasons.push(...standing);
  // The score rule looks at the answer as it would ship: a contradiction the rewrite corrects in place counts
  // as grounded. An explicit annotate action marks the answer and lets it through: its readers see every flag.
  const checkable = verdicts.filter((v) => v.verdict !== "not_checkable").length;
  const repaired = verdicts.filter(
    (v) => v.verdict === "supported" || (v.verdict === "contradicted" && v.corrections.length > 0 && isFlagged(v, policy)),
  ).length;
  const shipScore = checkable === 0 || groundingScore === null ? null : repaired / checkable;
  if (!block && blocking.length > 0 && policy.action !== "annotate" && shipScore !== null && shipScore < policy.blockBelowScore) {
    block = true;
    reasons.push(`grounding score after correction ${shipScore.toFixed(2)} is below ${policy.blockBelowScore}`);
  }
  if (block) return { decision: "block", output: null, reasons, sources: [] };
  if (policy.action === "annotate") {
    return { decision: "annotate", output: traceEdit("annotate", () => annotate(draft, byId, flagged)), reasons, sources: [] };
  }
  const rewritten = traceEdit("rewrite", () => rewrite(draft, byId, verdicts, policy, options.sourceList !== false));
  if (rewritten.output.trim() === "") {
    reasons.push("nothing grounded is left after the rewrite");
    return { decision: "block", output: null, reasons, sources: [] };
  }
  return { decision: "rewrite", output: rewritten.output, reasons, sources: rewritten.sources };
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Marks each flagged claim inline: `⟦contradicted: evidence says 1,000⟧`. */
export function annotate(draft: string, claims: Map<string, Claim>, flagged: ClaimVerdict[]): string {
  const json = isJson(draft);
  const edits: TextEdit[] = flagged.map((v) => {
    const c = claims.get(v.claimId)!;
    const at = insertionPoint(draft, textSpan(draft, c.span, json));
    const detail = v.corrections.length
      ? `: evidence says ${v.corrections.map((x) => x.value).join(", ")}`
      : v.verdict === "unsupported"
        ? ": no tool result supports this"
        : "";
    return { start: at, end: at, text: ` ⟦${v.verdict}${detail}⟧` };
  });
  return applyEdits(draft, edits);
}

/**
 * Rewrites a draft: corrections in place, unsupported claims hedged or removed, contradicted claims without
 * a correction removed, and (with `cite`) markers on supported and corrected claims plus a source list.
 */
export function rewrite(
  draft: string,
  claims: Map<string, Claim>,
  verdicts: ClaimVerdict[],
  policy: Policy,
  sourceList = true,
): { output: string; sources: Report["sources"] } {
  const edits: TextEdit[] = [];
  const sources: Report["sources"] = [];
  // A loop, not Math.max(...markers): a long draft may hold more markers than a call takes arguments.
  let nextMarker = 1;
  for (const m of draft.matchAll(/\[(\d+)\]/g)) nextMarker = Math.max(nextMarker, Number(m[1]) + 1);
  const markerOf = new Map<string, string>();
  // A JSON answer (structured output) must stay JSON: no markers or source list, only in-place edits.
  const json = isJson(draft);
  const cite = (v: ClaimVerdict): string => {
    const quote = v.corrections[0]?.quote ?? v.quotes[0];
    if (!policy.cite || !quote || json) return "";
    let marker = markerOf.get(quote.evidenceId);
    if (!marker) {
      marker = String(nextMarker++);
      markerOf.set(quote.evidenceId, marker);
      sources.push({ marker, evidenceId: quote.evidenceId, source: quote.source });
    }
    return ` [${marker}]`;
  };
  for (const v of verdicts) {
    const c = claims.get(v.claimId)!;
    const flagged = isFlagged(v, policy);
    if (v.verdict === "contradicted" && flagged) {
      if (v.corrections.length > 0) {
        for (const fix of v.corrections) edits.push({ start: fix.span[0], end: fix.span[1], text: fix.value });
        const marker = c.citations.length ? "" : cite(v);
        if (marker) {
          const at = insertionPoint(draft, c.span);
          edits.push({ start: at, end: at, text: marker });
        }
      } else {
        const [s, e] = json ? textSpan(draft, c.span, json) : removalSpan(draft, c.span);
        edits.push({ start: s, end: e, text: "" });
      }
    } else if (v.verdict === "unsupported" && flagged) {
      if (policy.unsupported === "remove") {
        const [s, e] = json ? textSpan(draft, c.span, json) : removalSpan(draft, c.span);
        edits.push({ start: s, end: e, text: "" });
      } else {
        const at = insertionPoint(draft, textSpan(draft, c.span, json));
        edits.push({ start: at, end: at, text: HEDGE_MARK });
      }
    } else if (v.verdict === "supported" && c.citations.length === 0) {
      const marker = cite(v);
      if (marker) {
        const at = insertionPoint(draft, c.span);
        edits.push({ start: at, end: at, text: marker });
      }
    }
  }
  let output = applyEditsTidy(draft, withoutRepeatedMarkers(draft, edits));
  // A marker whose claim went with a removed sentence cites nothing: its source is not listed.
  const cited = sources.filter((s) => output.includes(`[${s.marker}]`));
  if (cited.length > 0 && sourceList) {
    output = `${output.trimEnd()}\n\nSources:\n${cited.map((s) => `[${s.marker}] ${s.source} (${s.evidenceId})`).join("\n")}\n`;
  }
  return { output, sources: cited };
}

/**
 * Of the same citation marker inserted twice in one sentence (the pieces of a clause, each verified), only the
 * last is kept: the sentence cites its source once, at its end.
 */
function withoutRepeatedMarkers(draft: string, edits: TextEdit[]): TextEdit[] {
  const markers = edits.filter((e) => e.start === e.end && /^ \[\d+\]$/.test(e.text)).sort((a, b) => a.start - b.start);
  const drop = new Set<TextEdit>();
  for (let i = 0; i + 1 < markers.length; i++) {
    const [a, b] = [markers[i]!, markers[i + 1]!];
    if (a.text === b.text && !/[.!?]\s|\n/.test(draft.slice(a.start, b.start))) drop.add(a);
  }
  return drop.size === 0 ? edits : edits.filter((e) => !drop.has(e));
}

/**
 * In a JSON answer a claim spans a `"key": "value"` pair or a string element: edits stay inside the string
 * (a removed claim leaves an empty string), so the answer still parses. Elsewhere the claim's own span.
 */
function textSpan(draft: string, span: [number, number], json: boolean): [number, number] {
  if (!json) return span;
  const text = draft.slice(span[0], span[1]);
  const open = /^"(?:[^"\\]|\\.)*"\s*:\s*"|^"/.exec(text);
  if (!open || !text.endsWith('"') || open[0].length >= text.length) return span;
  return [span[0] + open[0].length, span[1] - 1];
}

/** The draft is a JSON object or array (a structured answer). */
function isJson(draft: string): boolean {
  const t = draft.trim();
  if (!/^[[{]/.test(t)) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
