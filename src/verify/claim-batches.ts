/**
 * A long draft's checkable claims are verified in batches of a few hundred when every tier decides each
 * claim on its own (the built-in `exact` and `lexical`): retrieval, the tiers' working data and their
 * per-passage memos then hold one batch at a time, so memory stays bounded however long the draft is, and
 * progress can be told between batches. Each batch has its own `hfw.retrieve` and `hfw.tier.N` spans.
 * With a tier that shares something across claims (the LLM judge's prompts and per-answer budget, the NLI
 * tier's batched inference), all claims are one batch, as they would be without batching.
 */
import type { Tier } from "./tier.js";

/** Claims per batch: a few hundred ms of tier 0 + lexical work, small next to a long draft. */
export const CLAIM_BATCH = 500;

/**
 * @param items the checkable claims (or their indexes), in draft order.
 * @param perClaim the tiers whose verdict on a claim depends on that claim alone.
 * @returns consecutive batches covering `items` in order: one per `size` items when every tier is in
 *   `perClaim`, else one batch of all; always at least one (empty for no items: a draft without checkable
 *   claims is retrieved for and traced like any other).
 */
export function claimBatches<T>(items: readonly T[], tiers: readonly Tier[], perClaim: ReadonlySet<Tier>, size = CLAIM_BATCH): T[][] {
  if (items.length <= size || !tiers.every((t) => perClaim.has(t))) return [[...items]];
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}
