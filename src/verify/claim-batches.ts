/**
 * A long draft's checkable claims are verified in batches of a few hundred when every tier decides each
 * claim on its own (the built-in `exact` and `lexical`): retrieval, the tiers' working data and their
 * per-passage memos then hold one batch at a time, so memory stays bounded however long the draft is, and
 * progress can be told between batches. Each batch has its own `hfw.retrieve` and `hfw.tier.N` spans. A
 * claim that repeats an earlier one word for word (a long report restates its figures) is verified once.
 * With a tier that shares something across claims (the LLM judge's prompts and per-answer budget, the NLI
 * tier's batched inference), all claims are one batch, as they would be without batching, and none is
 * taken for another.
 */
import type { ExtractedClaim } from "../claims/types.js";
import type { Claim, ClaimVerdict } from "../schema.js";
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
  return tiers.every((t) => perClaim.has(t)) ? inBatches(items, size) : [[...items]];
}

/** `items` in consecutive batches of `size` (one batch, possibly empty, when they fit). */
export function inBatches<T>(items: readonly T[], size = CLAIM_BATCH): T[][] {
  if (items.length <= size) return [[...items]];
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * What a per-claim tier's verdict on a claim depends on besides the evidence: its kind, its text, the draft
 * text it spans (names are read there) and where each character of the text sits within that span. Two
 * claims with the same key get the same verdict, up to the draft offsets of its corrections.
 */
export function claimKey(claim: Pick<Claim, "kind" | "text" | "span">, extracted: Pick<ExtractedClaim, "map">, draft: string): string {
  const start = claim.span[0];
  let offsets = "";
  for (const at of extracted.map) offsets += `${at < 0 ? -1 : at - start},`;
  return `${claim.kind}\u0000${claim.text}\u0000${draft.slice(start, claim.span[1])}\u0000${offsets}`;
}

/**
 * The verdict of a claim that repeats an earlier one (same {@link claimKey}): the earlier verdict under the
 * claim's own id, its corrections moved by `shift` characters (the distance between the two spans). Quotes
 * and trace are shared with the earlier verdict.
 */
export function repeatVerdict(verdict: ClaimVerdict, claimId: string, shift: number): ClaimVerdict {
  const corrections = verdict.corrections.map((c) => ({ ...c, span: [c.span[0] + shift, c.span[1] + shift] as [number, number] }));
  return { ...verdict, claimId, corrections };
}

/**
 * @returns the items whose key is the first of its kind, in order; `repeats` gets, for each of them, the
 *   later items with the same key.
 */
export function firstOfEach(items: number[], keyOf: (i: number) => string, repeats: Map<number, number[]>): number[] {
  const firstByKey = new Map<string, number>();
  const out: number[] = [];
  for (const i of items) {
    const key = keyOf(i);
    const first = firstByKey.get(key);
    if (first === undefined) {
      firstByKey.set(key, i);
      out.push(i);
    } else {
      const list = repeats.get(first);
      if (list) list.push(i);
      else repeats.set(first, [i]);
    }
  }
  return out;
}
