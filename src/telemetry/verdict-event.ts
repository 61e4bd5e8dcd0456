/**
 * The `gen_ai.evaluation.result` event of one claim verdict (GenAI semantic conventions, gen-ai-events.md):
 * `gen_ai.evaluation.name` = `hfw.groundedness`, `gen_ai.evaluation.score.label` = the verdict
 * (`supported` | `contradicted` | `unsupported` | `not_checkable`), `gen_ai.evaluation.score.value` = its
 * confidence (0..1), `gen_ai.evaluation.explanation` = why. Without content capture the explanation is built
 * from counts and ids only (a tier's note can quote the evidence).
 *
 * The event carries what is particular to the claim; what it shares with its span (session, response, tier)
 * is on the span, and the log-record copy made by `hallucination-firewall/otel` adds it back. Every
 * attribute is serialised twice per claim (span event and log record), so the list is kept short.
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
}

/**
 * @param content add the claim text, its span in the draft, quotes, corrections and the tier's note.
 * @param withTier add the deciding tier (for events not on that tier's span).
 * @returns the event's attributes.
 */
export function verdictEventAttributes(v: VerdictEventInput, content: boolean, withTier: boolean): Attributes {
  const evidenceIds = unique(v.quotes.map((q) => q.evidenceId).concat(v.corrections.map((c) => c.quote.evidenceId)));
  const attrs: Attributes = {
    [GENAI.evaluationName]: EVALUATION_NAME,
    [GENAI.evaluationLabel]: v.verdict,
    [GENAI.evaluationValue]: v.confidence,
    [GENAI.evaluationExplanation]: content ? explainWithContent(v) : explainWithoutContent(v, evidenceIds),
    [HFW.claimId]: v.claim.id,
  };
  if (evidenceIds.length) attrs[HFW.claimEvidenceIds] = evidenceIds;
  if (v.corrections.length) attrs[HFW.claimCorrections] = v.corrections.length;
  if (withTier) {
    attrs[HFW.tier] = v.tier;
    attrs[HFW.tierName] = v.tierName;
  }
  if (content) {
    attrs[HFW.claimSpan] = [v.claim.span[0], v.claim.span[1]];
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
