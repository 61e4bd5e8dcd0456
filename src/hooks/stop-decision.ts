/**
 * Whether the Stop hook sends the agent back to its answer, and the reason it gives.
 *
 * A Stop hook cannot rewrite or annotate the message the user sees; it can only let the turn end or block it
 * with a reason the agent reads as its next instruction. So the hook blocks where the policy would block, and
 * also where it would correct a contradicted claim in place (balanced's rewrite, lenient's annotation): the
 * agent is told each such claim, the evidence and the correction, and writes the fix itself. An unsupported
 * claim is a reason to block only when the policy itself blocks the answer (strict): balanced would only hedge
 * it, and sending the agent back for every unverified sentence would make it loop on claims no tool settles.
 */
import { isFlagged } from "../policy/apply-policy.js";
import type { Policy } from "../policy/presets.js";
import type { ClaimVerdict, Report } from "../schema.js";

/** The Stop hook output that blocks, as the hooks reference documents it: `{"decision":"block","reason":"..."}`. */
export interface StopBlock {
  decision: "block";
  /** Shown to the agent, which continues with it as its instruction. */
  reason: string;
}

/** Claim kinds that never make the policy block (as in `applyPolicy`). */
const NEVER_BLOCKS = new Set(["hedge", "opinion", "question", "not_checkable"]);

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One line about a claim to fix: the claim, the evidence that decides it, the correction. */
function describe(n: number, claimText: string, v: ClaimVerdict): string {
  const claim = `${n}. "${clip(claimText, 200)}"`;
  if (v.verdict === "unsupported") return `${claim} is not supported by any tool output recorded in this session: check it with a tool, or leave it out.`;
  const quote = v.corrections[0]?.quote ?? v.quotes[0];
  const evidence = quote ? ` by ${quote.source} (${quote.evidenceId}): "${clip(quote.text, 240)}"` : "";
  const corrections = v.corrections.map((c) => `${c.wrong} → ${c.value}`);
  return `${claim} is contradicted${evidence}. ${corrections.length ? `Correction: ${corrections.join("; ")}.` : "State what the evidence says instead."}`;
}

/**
 * @param report the verified final message.
 * @param policy the policy it was verified with (its thresholds say which claims are flagged).
 * @returns the block output, or null to let the turn end.
 */
export function stopDecision(report: Report, policy: Policy): StopBlock | null {
  const kinds = new Map(report.claims.map((c) => [c.id, c]));
  const toFix = report.verdicts.filter((v) => {
    if (!isFlagged(v, policy)) return false;
    if (v.verdict === "contradicted") return true;
    return report.decision === "block" && !NEVER_BLOCKS.has(kinds.get(v.claimId)?.kind ?? "factual");
  });
  if (toFix.length === 0 && report.decision !== "block") return null;
  const lines =
    toFix.length > 0 ? toFix.map((v, i) => describe(i + 1, kinds.get(v.claimId)?.text ?? v.claimId, v)) : report.reasons.map((r, i) => `${i + 1}. ${r}`);
  const head =
    `hallucination-firewall checked your last message against the tool outputs recorded in this session (${report.strictness} policy) ` +
    `and found ${toFix.length > 0 ? `${toFix.length} claim${toFix.length === 1 ? "" : "s"} to fix` : "why it cannot be sent"}:`;
  return { decision: "block", reason: [head, ...lines, "Write your answer again with these corrected or removed; change nothing else."].join("\n") };
}
