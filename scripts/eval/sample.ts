/**
 * Reproducible, label-stratified sampling, so that `--limit N` picks the same cases on every run and keeps
 * each file's faithful : hallucinated ratio.
 */

/** Seed of the evaluation sampler (the same seed the benchmark conversion used). */
export const DEFAULT_SEED = 20250601;

/**
 * mulberry32: a small 32-bit seeded PRNG (Tommy Ettinger, public domain), good enough for sampling.
 * @returns a function giving floats in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates shuffle of a copy of `items` driven by `random`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * How many items each stratum gets: proportional to its size, rounded by largest remainder (ties by stratum
 * name), and at least one for every non-empty stratum when `n` allows it.
 * @returns stratum key -> quota; the quotas sum to `min(n, total)`.
 */
export function allocate(sizes: ReadonlyMap<string, number>, n: number): Map<string, number> {
  const keys = [...sizes.keys()].sort();
  const total = keys.reduce((s, k) => s + sizes.get(k)!, 0);
  const want = Math.max(0, Math.min(Math.floor(n), total));
  const quota = new Map<string, number>();
  if (total === 0) return new Map(keys.map((k) => [k, 0]));
  const exact = keys.map((k) => (want * sizes.get(k)!) / total);
  keys.forEach((k, i) => quota.set(k, Math.floor(exact[i]!)));
  let left = want - [...quota.values()].reduce((s, q) => s + q, 0);
  const order = keys.map((k, i) => ({ k, frac: exact[i]! - Math.floor(exact[i]!) })).sort((a, b) => b.frac - a.frac || (a.k < b.k ? -1 : 1));
  for (const { k } of order) {
    if (left === 0) break;
    quota.set(k, quota.get(k)! + 1);
    left--;
  }
  // A tiny stratum can round to zero; give it one item, taken from the largest stratum.
  const nonEmpty = keys.filter((k) => sizes.get(k)! > 0);
  if (want >= nonEmpty.length) {
    for (const k of nonEmpty) {
      if (quota.get(k)! > 0) continue;
      const donor = [...nonEmpty].sort((a, b) => quota.get(b)! - quota.get(a)!)[0]!;
      quota.set(donor, quota.get(donor)! - 1);
      quota.set(k, 1);
    }
  }
  return quota;
}

/**
 * Picks `n` items stratified by `stratum(item)` (the label), reproducibly for a given seed. Each stratum is
 * shuffled with its own stream of one seeded PRNG in sorted stratum order, so the result depends only on the
 * items, `n` and the seed.
 * @returns the chosen items in their original order; all items when `n >= items.length`.
 */
export function stratifiedSample<T>(items: readonly T[], n: number, stratum: (item: T) => string, seed: number = DEFAULT_SEED): T[] {
  if (n >= items.length) return [...items];
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = stratum(item);
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  });
  const quota = allocate(new Map([...groups].map(([k, v]) => [k, v.length])), n);
  const random = mulberry32(seed);
  const chosen: number[] = [];
  for (const key of [...groups.keys()].sort()) {
    chosen.push(...shuffled(groups.get(key)!, random).slice(0, quota.get(key)!));
  }
  return chosen.sort((a, b) => a - b).map((i) => items[i]!);
}
