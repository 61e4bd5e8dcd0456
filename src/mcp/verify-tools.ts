/**
 * The firewall's checking tools: `verify_answer`, `verify_claim`, `explain_verdict` and `rewrite_grounded`.
 * Each verifies against the calling client's own session (what its proxied tools returned, and what it
 * recorded with `record_evidence`) under that session's policy.
 */
import { z } from "zod";
import type { ClaimVerdict, VerdictLabel } from "../schema.js";
import { defineTool } from "./define-tool.js";
import type { McpSessionState } from "./session-state.js";
import { ClaimOut, claimOut, claimsOut, ReportOut, reportOut } from "./tool-output.js";
import type { RegisteredTool, ToolCallContext } from "./tool-registry.js";
import { formatReport } from "../cli/format-report.js";

const Strictness = z.enum(["lenient", "balanced", "strict"]);
const Action = z.enum(["annotate", "rewrite", "block"]);

/** Worst first: one wrong figure makes a claim contradicted, one unchecked figure unsupported. */
const SEVERITY: Record<VerdictLabel, number> = { contradicted: 3, unsupported: 2, supported: 1, not_checkable: 0 };

function worst(verdicts: ClaimVerdict[]): VerdictLabel {
  return verdicts.reduce<VerdictLabel>((w, v) => (SEVERITY[v.verdict] > SEVERITY[w] ? v.verdict : w), "not_checkable");
}

function progressOf(context: ToolCallContext) {
  return {
    signal: context.signal,
    onProgress: (done: number, total: number) => void context.sendProgress({ progress: done, total, message: `${done}/${total} claims verified` }),
  };
}

function closing(report: ReportOut): string {
  if (report.decision === "block")
    return "Do not send this answer: fix the contradicted claims with the corrections above, or say what the tools did not return.";
  if (report.counts.contradicted > 0) return "Send the text that may ship (it carries the corrections), or fix the claims yourself.";
  return "";
}

export function verifyTools(state: McpSessionState): RegisteredTool[] {
  const verifyAnswer = defineTool({
    name: "verify_answer",
    title: "Verify an answer",
    description:
      "Check every claim of a draft answer against the tool results recorded in this session, before you send it. " +
      "Returns a verdict per claim (supported, contradicted, unsupported, not_checkable) with the evidence quote and a " +
      "correction, and a decision: pass, annotate, rewrite (send `output`) or block (do not send; fix the claims).",
    input: z.object({
      draft: z.string().min(1).describe("the whole answer you are about to send"),
      strictness: Strictness.optional().describe("policy preset for this call (default: the session's, see get_policy)"),
      action: Action.optional().describe("what to do with flagged claims for this call (default: the policy's)"),
    }),
    output: ReportOut,
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, context) {
      const report = await state.session().verify(args.draft, { ...state.verifyOptions(args), ...progressOf(context) });
      state.changed();
      const out = reportOut(report);
      return { structured: out, text: [formatReport(report), closing(out)].filter(Boolean).join("\n\n") };
    },
  });

  const verifyClaim = defineTool({
    name: "verify_claim",
    title: "Verify one claim",
    description:
      "Check one statement against the tool results recorded in this session. A sentence that states several facts is " +
      "split into one claim per fact; `verdict` is the worst of them.",
    input: z.object({ claim: z.string().min(1).describe("one statement, e.g. 'Invoice INV-1042 is paid.'") }),
    output: z.object({
      verdict: z.enum(["supported", "contradicted", "unsupported", "not_checkable"]),
      claims: z.array(ClaimOut),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, context) {
      const report = await state.session().verify(args.claim, { ...state.verifyOptions(), ...progressOf(context) });
      state.changed();
      const verdict = worst(report.verdicts);
      return { structured: { verdict, claims: claimsOut(report) }, text: `${verdict}\n${formatReport(report)}` };
    },
  });

  const explainVerdict = defineTool({
    name: "explain_verdict",
    title: "Explain a verdict",
    description:
      "Explain why a claim of an earlier verify_answer or verify_claim got its verdict: the deciding tier, its reason, the quotes and the correction.",
    input: z.object({ claim_id: z.string().min(1).describe("a claim id from a report of this session, e.g. r1.c2") }),
    output: z.object({ claim: ClaimOut, tier: z.number().int(), reason: z.string(), text: z.string() }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const e = (await state.syncedSession()).explain(args.claim_id);
      const decider = e.verdict.trace.find((t) => t.tier === e.verdict.tier && t.outcome !== "pass");
      return { structured: { claim: claimOut(e.claim, e.verdict), tier: e.verdict.tier, reason: decider?.note ?? "", text: e.text }, text: e.text };
    },
  });

  const rewriteGrounded = defineTool({
    name: "rewrite_grounded",
    title: "Rewrite from the evidence",
    description:
      "Rewrite a draft so that it states only what the evidence supports: contradicted figures are corrected in place, " +
      "unsupported claims hedged or removed, supported claims cited. Returns the text to send and the report.",
    input: z.object({
      draft: z.string().min(1).describe("the answer to rewrite"),
      unsupported: z.enum(["hedge", "remove"]).optional().describe("what to do with claims no evidence supports (default: the policy's)"),
    }),
    output: z.object({ text: z.string().describe("the rewritten answer"), report: ReportOut }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(args) {
      const policy = state.policy();
      const { text, report } = await state.session().rewriteGrounded(args.draft, {
        unsupported: args.unsupported ?? policy.unsupported,
        strictness: policy.strictness,
      });
      state.changed();
      return { structured: { text, report: reportOut(report) }, text };
    },
  });

  return [verifyAnswer, verifyClaim, explainVerdict, rewriteGrounded];
}
