/**
 * The `gen_ai.evaluation.result` event of one claim verdict (GenAI semantic conventions, gen-ai-events.md):
 * `gen_ai.evaluation.name` = `hfw.groundedness`, `gen_ai.evaluation.score.label` = the verdict
 * (`supported` | `contradicted` | `unsupported` | `not_checkable`), `gen_ai.evaluation.score.value` = its
 * confidence (0..1), `gen_ai.evaluation.explanation` = why. Without content capture the explanation is built
 * from counts and ids only (a tier's note can quote the evidence).
 */
import type { Attributes } from "@opentelemetry/api";
import type { Claim, Correction, EvidenceQuote, VerdictLabel } from "../schema.js";
import { EVALUATION_NAME, GENAI, HFW } from "./names.js";

export interface VerdictEventInput {
  claim: Claim;
  verdict: VerdictLabel;
  confidence: number;
  /** Deciding tier, -1 when none decided (not checkable, or no tier could settle it). */
  tier: number;
  tierName: string;
  note: string;
  quotes: EvidenceQuote[];
  corrections: Correction[];
  responseId: string;
  sessionId: string;
}

/** @returns the event's attributes; `content` adds the claim text, quotes, corrections and the tier's note. */
export function verdictEventAttributes(v: VerdictEventInput, content: boolean): Attributes {
  const evidenceIds = unique(v.quotes.map((q) => q.evidenceId).concat(v.corrections.map((c) => c.quote.evidenceId)));
  const sources = unique(v.quotes.map((q) => q.source).concat(v.corrections.map((c) => c.quote.source)));
  const attrs: Attributes = {
    [GENAI.evaluationName]: EVALUATION_NAME,
    [GENAI.evaluationLabel]: v.verdict,
    [GENAI.evaluationValue]: v.confidence,
    [GENAI.evaluationExplanation]: content ? explainWithContent(v) : explainWithoutContent(v, evidenceIds),
    [GENAI.conversationId]: v.sessionId,
    [HFW.responseId]: v.responseId,
    [HFW.claimId]: v.claim.id,
    [HFW.claimKind]: v.claim.kind,
    [HFW.claimSpan]: [v.claim.span[0], v.claim.span[1]],
    [HFW.tier]: v.tier,
    [HFW.tierName]: v.tierName,
    [HFW.claimCorrections]: v.corrections.length,
    [HFW.claimEvidenceIds]: evidenceIds,
    [HFW.claimSources]: sources,
  };
  if (content) {
    attrs[HFW.claimText] = v.claim.text;
    attrs[HFW.claimQuotes] = v.quotes.map((q) => q.text);
    attrs[HFW.claimCorrectionText] = v.corrections.map((c) => `${c.wrong} -> ${c.value}`);
  }
  return attrs;
}

function explainWithContent(v: VerdictEventInput): string {
  const fixes = v.corrections.map((c) => `${c.wrong} -> ${c.value} (${c.quote.source} ${c.quote.evidenceId}: "${c.quote.text}")`);
  return [`${who(v)}: ${v.note}`, ...fixes].join("; ");
}

function explainWithoutContent(v: VerdictEventInput, evidenceIds: string[]): string {
  if (v.tier < 0) return v.verdict === "not_checkable" ? `${v.claim.kind} claim: nothing a tool output could settle` : "no tier could settle this claim";
  const parts = [`${v.verdict} by ${who(v)}`];
  if (v.corrections.length) parts.push(`${v.corrections.length} correction(s) from the evidence`);
  if (evidenceIds.length) parts.push(`evidence ${evidenceIds.join(", ")}`);
  return parts.join("; ");
}

function who(v: VerdictEventInput): string {
  return v.tier < 0 ? v.tierName : `tier ${v.tier} (${v.tierName})`;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
