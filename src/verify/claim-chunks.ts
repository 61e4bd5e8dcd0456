/**
 * A long draft's claims go to the tiers that decide each claim on its own in chunks: progress can be told
 * between chunks, and per-passage memos are trimmed as the working set moves on, so memory stays bounded
 * however many claims the draft holds. Tiers that share something across claims (the LLM judge's batches
 * and per-answer budget) get every claim at once, as they would without chunking.
 */
import type { Tier, TierContext, TierItem, TierOutcome } from "./tier.js";

/** Claims per chunk: a few hundred ms of tier 0 + lexical work, well under what a progress line needs. */
export const CLAIM_CHUNK = 500;

export interface ChunkOptions {
  /** Tiers whose verdict on a claim depends on that claim alone (the built-in `exact` and `lexical`). */
  perClaim: ReadonlySet<Tier>;
  /** Called after each chunk a tier ran (after the whole batch for the other tiers), with its outcomes. */
  onChunk: (tier: Tier, items: TierItem[], outcomes: TierOutcome[]) => void;
  /** Called between two chunks (the session trims its ledger's memos). */
  between: () => void;
  /** Claims per chunk (default {@link CLAIM_CHUNK}). */
  size?: number;
}

/**
 * Wraps tiers so that a per-claim tier runs its batch chunk by chunk. Outcomes are the same as one call
 * would give, in the same order; every other field of a tier (review, model, settings) is its own.
 * @returns the wrapped tiers, in the given order.
 */
export function chunkedTiers(tiers: Tier[], options: ChunkOptions): Tier[] {
  const size = options.size ?? CLAIM_CHUNK;
  return tiers.map((tier) => {
    const wrapped = Object.create(tier) as Tier;
    const run = async (items: TierItem[], context: TierContext): Promise<TierOutcome[]> => {
      if (!options.perClaim.has(tier) || items.length <= size) {
        const outcomes = await tier.run(items, context);
        if (outcomes.length === items.length) options.onChunk(tier, items, outcomes);
        return outcomes;
      }
      const all: TierOutcome[] = [];
      for (let at = 0; at < items.length; at += size) {
        if (at > 0) options.between();
        const chunk = items.slice(at, at + size);
        const outcomes = await tier.run(chunk, context);
        // A tier that miscounts fails its whole batch in the pipeline, as without chunking.
        if (outcomes.length !== chunk.length) return outcomes;
        options.onChunk(tier, chunk, outcomes);
        for (const o of outcomes) all.push(o);
      }
      return all;
    };
    Object.defineProperty(wrapped, "run", { value: run, enumerable: true });
    return wrapped;
  });
}
