/**
 * The structured results of the firewall's MCP tools: a report cut down to what an agent acts on (each claim's
 * verdict, its evidence quote and its correction, the decision and the text that may ship). The whole report
 * stays in the store; `report://session/{id}` reads it.
 */
import { z } from "zod";
import type { Claim, ClaimVerdict, Report } from "../schema.js";

const QuoteOut = z.object({
  evidenceId: z.string().describe("the evidence record, e.g. e3"),
  source: z.string().describe("the tool that returned it"),
  text: z.string().describe("the passage that decides the claim"),
});

const CorrectionOut = z.object({
  wrong: z.string().describe("the text of the draft that the evidence contradicts"),
  value: z.string().describe("what the evidence says instead, in the draft's style"),
  source: z.string(),
  quote: z.string(),
});

export const ClaimOut = z.object({
  id: z.string().describe("claim id, e.g. r2.c1; explain_verdict takes it"),
  text: z.string(),
  span: z.tuple([z.number().int(), z.number().int()]).describe("[start, end) offsets in the draft, UTF-16 code units"),
  verdict: z.enum(["supported", "contradicted", "unsupported", "not_checkable"]),
  confidence: z.number().min(0).max(1).describe("calibrated probability that the verdict is right"),
  corrections: z.array(CorrectionOut),
  evidence: z.array(QuoteOut).describe("up to two quotes that decide the claim"),
});

export const ReportOut = z.object({
  sessionId: z.string(),
  responseId: z.string(),
  decision: z.enum(["pass", "annotate", "rewrite", "block"]).describe("block: do not send the answer; fix the claims first"),
  strictness: z.enum(["lenient", "balanced", "strict"]),
  groundingScore: z.number().min(0).max(1).nullable().describe("supported / checkable claims; null when nothing was checkable"),
  counts: z.object({ supported: z.number().int(), contradicted: z.number().int(), unsupported: z.number().int(), not_checkable: z.number().int() }),
  output: z.string().nullable().describe("the text that may ship (annotated or rewritten); null when blocked"),
  reasons: z.array(z.string()),
  claims: z.array(ClaimOut),
  evidenceCount: z.number().int(),
  ms: z.number().describe("verification time, ms"),
});
export type ReportOut = z.output<typeof ReportOut>;

/** One claim with its verdict, quotes and corrections. */
export function claimOut(claim: Claim, v: ClaimVerdict): z.output<typeof ClaimOut> {
  return {
    id: claim.id,
    text: claim.text,
    span: claim.span,
    verdict: v.verdict,
    confidence: v.confidence,
    corrections: v.corrections.map((c) => ({ wrong: c.wrong, value: c.value, source: c.quote.source, quote: c.quote.text })),
    evidence: v.quotes.slice(0, 2).map((q) => ({ evidenceId: q.evidenceId, source: q.source, text: q.text })),
  };
}

/** The claims of a report with their verdicts, quotes and corrections. */
export function claimsOut(report: Report): z.output<typeof ClaimOut>[] {
  return report.claims.map((claim, i) => claimOut(claim, report.verdicts[i]!));
}

/** A report as the tools return it. */
export function reportOut(report: Report): ReportOut {
  return {
    sessionId: report.sessionId,
    responseId: report.responseId,
    decision: report.decision,
    strictness: report.strictness,
    groundingScore: report.groundingScore,
    counts: report.counts,
    output: report.output,
    reasons: report.reasons,
    claims: claimsOut(report),
    evidenceCount: report.evidenceCount,
    ms: report.ms,
  };
}
