/**
 * A disk cache of tier outcomes for repeated evaluation runs (`--cache`), so that an expensive tier (an NLI
 * model, an LLM judge) runs once per claim and evidence. Offline tiers are cheap; the cache is opt-in.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { createFileLlmCache, type Span, type Tier, type TierContext, type TierHints, type TierItem, type TierOutcome } from "../../src/index.js";

/** Default cache folder, relative to the working directory (git-ignored). */
export const DEFAULT_CACHE_DIR = ".hfw/cache";

/** Bump when the key or the stored shape changes, so old entries are no longer read. */
const CACHE_VERSION = 2;

interface CacheLine {
  key: string;
  outcome: TierOutcome;
  /** The item's hints after the tier ran (tier 0 leaves hints for tier 1). */
  hints: TierHints;
}

/** Counts of one wrapped tier since it was created. */
export interface TierCacheStats {
  hits: number;
  misses: number;
}

/** A {@link Tier} that reads and writes its outcomes through a disk cache. */
export interface CachedTier extends Tier {
  readonly stats: TierCacheStats;
  /** The JSON-lines file this tier's entries are kept in. */
  readonly file: string;
}

/**
 * The cache key of one item: a SHA-256 over the tier name, the claim text, where its characters sit in the
 * draft relative to the claim's start, the passages (id and text), the hints earlier tiers left, and the
 * ledger's records (id, source, text hash), since a tier may read whole records beyond the passages.
 */
export function cacheKey(tierName: string, item: TierItem, context: TierContext): string {
  const start = item.claim.span[0];
  const payload = {
    v: CACHE_VERSION,
    tier: tierName,
    claim: item.claim.text,
    kind: item.claim.kind,
    citations: item.claim.citations,
    map: item.extracted.map.map((i) => (i < 0 ? -1 : i - start)),
    passages: item.passages.map((p) => [p.id, p.text]),
    hints: item.hints,
    records: context.ledger.records.map((r) => [r.id, r.source, r.hash]),
  };
  return createHash("sha256").update(JSON.stringify(payload)).digest("hex");
}

function shiftCorrections(outcome: TierOutcome, by: number): TierOutcome {
  if ("pass" in outcome) return outcome;
  const shift = (s: Span): Span => [s[0] + by, s[1] + by];
  return { ...outcome, corrections: outcome.corrections.map((c) => ({ ...c, span: shift(c.span) })) };
}

/**
 * Wraps a tier so that outcomes are looked up in `<dir>/<tier>-<name>.jsonl` before the tier runs, and new
 * outcomes are appended there (not those the tier failed on). Only the items missing from the cache reach the
 * wrapped tier, in one batch.
 * Correction spans are stored relative to the claim's start so a cached outcome fits the claim wherever it
 * sits in a later draft. Errors of the wrapped tier pass through (the pipeline records them) and are not
 * cached.
 * @param options.dir cache folder (default `.hfw/cache`, created on first write).
 * @returns a tier with the same `tier` and `name`, plus hit/miss counts.
 */
export function withTierCache(tier: Tier, options: { dir?: string } = {}): CachedTier {
  const dir = options.dir ?? DEFAULT_CACHE_DIR;
  const file = join(dir, `${tier.tier}-${tier.name.replace(/[^a-zA-Z0-9._-]+/g, "_")}.jsonl`);
  const stats: TierCacheStats = { hits: 0, misses: 0 };
  // The library's JSON-lines file cache: read once, appended per entry, cut-short lines skipped.
  const cache = createFileLlmCache({ file });

  const run = async (items: TierItem[], context: TierContext): Promise<TierOutcome[]> => {
    const keys = items.map((it) => cacheKey(tier.name, it, context));
    const outcomes: Array<TierOutcome | undefined> = items.map((it, i) => {
      const hit = cache.get(keys[i]!) as CacheLine | undefined;
      if (!hit) return undefined;
      Object.assign(it.hints, hit.hints);
      return shiftCorrections(hit.outcome, it.claim.span[0]);
    });
    const missing = items.map((_, i) => i).filter((i) => outcomes[i] === undefined);
    stats.hits += items.length - missing.length;
    stats.misses += missing.length;
    if (missing.length > 0) {
      const fresh = await tier.run(
        missing.map((i) => items[i]!),
        context,
      );
      if (fresh.length !== missing.length) throw new Error(`returned ${fresh.length} outcomes for ${missing.length} claims`);
      missing.forEach((i, j) => {
        const it = items[i]!;
        const outcome = fresh[j]!;
        outcomes[i] = outcome;
        // A claim the tier failed on (timeout, provider error) is tried again on the next run.
        if ("pass" in outcome && outcome.failed) return;
        const entry: CacheLine = { key: keys[i]!, outcome: shiftCorrections(outcome, -it.claim.span[0]), hints: structuredClone(it.hints) };
        cache.set(entry.key, entry);
      });
    }
    return outcomes as TierOutcome[];
  };

  return { tier: tier.tier, name: tier.name, run, stats, file };
}
