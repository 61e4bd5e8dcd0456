/**
 * Matches the benchmark's gold claims (one per sentence or bullet) to the claims the firewall extracted.
 */
import type { Span } from "../../src/index.js";
import type { ClaimResult, GoldClaimResult } from "./case-result.js";
import type { GoldClaim } from "./load-cases.js";
import { bestOverlap } from "./metrics.js";
import { sameValue } from "./normalise-value.js";

/**
 * Each gold claim is matched to the firewall claim whose span overlaps it by the most characters. With no
 * overlapping claim the prediction is `not_checkable` (the firewall said nothing about it), which is right
 * only when the gold verdict is `not_checkable` too. Several gold claims may match the same firewall claim.
 *
 * The correction is right when any correction of the matched claim states the gold value (see
 * {@link sameValue}); it is scored only for gold `contradicted` claims with a non-null correction.
 */
export function matchGoldClaims(gold: readonly GoldClaim[], claims: readonly ClaimResult[]): GoldClaimResult[] {
  const spans = claims.map((c) => c.span);
  return gold.map((g) => {
    const span: Span = [g.start, g.end];
    const i = bestOverlap(span, spans);
    const match = i >= 0 ? claims[i]! : null;
    const predicted = match?.verdict ?? "not_checkable";
    const scored = g.verdict === "contradicted" && g.correction !== null;
    return {
      span,
      verdict: g.verdict,
      correction: g.correction,
      predicted,
      claimId: match?.id ?? null,
      confidence: match?.confidence ?? 1,
      rawConfidence: match?.rawConfidence ?? match?.confidence ?? 1,
      tierName: match?.tierName ?? "none",
      correct: predicted === g.verdict,
      correctionCorrect: scored ? (match?.corrections.some((c) => sameValue(c.value, g.correction!)) ?? false) : null,
    };
  });
}
