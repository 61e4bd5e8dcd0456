/**
 * Calibrated confidence: maps a deciding tier's raw confidence to the probability that its verdict is right.
 *
 * Each tier scores its own decisions on its own scale (tier 0 gives a contradiction 0.92, the lexical tier
 * 0.5 + coverage / 2, ...). A table fitted on labelled dev claims (`npm run fit:calibration`, see
 * `scripts/fit-calibration.ts`) turns that score into an estimate of P(verdict right), per group of
 * (deciding tier name, verdict): a monotone step function fitted by isotonic regression (pool adjacent
 * violators; Zadrozny & Elkan, KDD 2002, "Transforming classifier scores into accurate multiclass probability
 * estimates"). With few claims per group the steps are regularised: adjacent blocks smaller than a minimum
 * size are merged, and every step is shrunk toward its group's mean (and the group's mean toward the
 * verdict's mean over all tiers) with a prior weight of a few claims.
 *
 * A group the table has never seen (a custom tier, the NLI tier or the LLM judge when the dev run was
 * offline) keeps a blend of its raw value and the verdict's mean: it stays ordered by its own score, pulled
 * toward what verdicts of that kind were worth on the dev data.
 */
import type { VerdictLabel } from "../schema.js";

/** One step of a group's map: raw confidences up to `upTo` (inclusive) map to `p`. */
export interface CalibrationStep {
  /** Upper edge of the step's raw-confidence range (0..1); the last step's is 1. */
  upTo: number;
  /** Calibrated probability that the verdict is right (0..1). */
  p: number;
  /** Dev claims the step was fitted on. */
  n: number;
}

/** The fitted map of one (tier, verdict) group. */
export interface CalibrationGroup {
  /** The deciding tier's name (`exact`, `lexical`, `nli`, `judge`, `pipeline` for the no-tier fallback, `extractor`). */
  tier: string;
  verdict: VerdictLabel;
  /** Dev claims in the group. */
  n: number;
  /** Shrunk share of them that were right. */
  mean: number;
  /** Steps by increasing `upTo`, with non-decreasing `p`. */
  steps: CalibrationStep[];
}

/** A fitted calibration table, shipped as data (`calibration-table.ts`, generated). */
export interface CalibrationTable {
  version: 1;
  /** Where and how it was fitted, for readers of the table. */
  fitted: { at: string; commit: string | null; files: Array<{ name: string; claims: number }>; options: FitOptions };
  /** Share of all dev claims whose verdict was right. */
  globalMean: number;
  /** Shrunk share right per verdict, over all tiers (the fallback of an unseen group). */
  verdictMeans: Partial<Record<VerdictLabel, number>>;
  groups: CalibrationGroup[];
}

/** Regularisation of {@link fitIsotonic} and {@link fitCalibrationTable}. */
export interface FitOptions {
  /** Smallest number of claims a step may rest on; smaller blocks are merged with a neighbour (default 8). */
  minBin: number;
  /** Prior weight, in claims, of the group's mean in each step and of the verdict's mean in each group (default 4). */
  prior: number;
  /** Weight of the verdict's mean against the raw value for a group the table has not seen (0..1; default 0.5). */
  unseenShrink: number;
  /**
   * Right and wrong pseudo-verdicts added to each step (Laplace's rule of succession), so that no step of a
   * fitted table claims certainty (default 1; `fitIsotonic` alone adds none unless asked).
   */
  laplace?: number;
}

export const DEFAULT_FIT_OPTIONS: FitOptions = { minBin: 8, prior: 4, unseenShrink: 0.5, laplace: 1 };

/** A labelled point: the tier's raw confidence and whether its verdict was right. */
export interface CalibrationPoint {
  tier: string;
  verdict: VerdictLabel;
  /** Raw confidence, 0..1. */
  raw: number;
  correct: boolean;
  /**
   * How much the point counts (default 1): a fit over files whose label mix differs from the one the table
   * serves weights each point by its label's share there over its share in its own file (importance weights).
   */
  weight?: number;
}

interface Block {
  lo: number;
  hi: number;
  /** Sum of the targets (1 right, 0 wrong), plus the prior's share once shrunk. */
  sum: number;
  /** Weight: points, plus the prior's once shrunk. */
  n: number;
  /** Points. */
  count: number;
}

const mean = (b: Block) => b.sum / b.n;

/** Pool adjacent violators over blocks already sorted by raw value: each block's mean at most the next's. */
function poolAdjacentViolators(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    let cur = { ...b };
    while (out.length > 0 && mean(out[out.length - 1]!) >= mean(cur)) {
      const prev = out.pop()!;
      cur = { lo: prev.lo, hi: cur.hi, sum: prev.sum + cur.sum, n: prev.n + cur.n, count: prev.count + cur.count };
    }
    out.push(cur);
  }
  return out;
}

/**
 * Isotonic regression of correctness on raw confidence, as steps.
 *
 * Points with one raw value form one block; pool-adjacent-violators merges neighbours until the block means
 * increase strictly (equal means merge too, so no two steps share a value); blocks with fewer than `minBin`
 * points are then merged with the neighbour whose mean is closer; finally each block's mean is shrunk toward
 * `toward` with weight `prior`, plus `laplace` right and as many wrong pseudo-verdicts (default 0), and PAV
 * runs again, since shrinking blocks of unequal size can reorder them.
 *
 * @param points raw confidence (0..1) and whether the verdict was right; order does not matter.
 * @param toward the value each step is shrunk toward (default: the points' own mean).
 * @returns steps by increasing `upTo` (a step ends halfway to the next block's lowest raw value; the last
 *   at 1), with non-decreasing `p`; empty for no points.
 */
export function fitIsotonic(
  points: ReadonlyArray<{ raw: number; correct: boolean; weight?: number }>,
  options: { minBin?: number; prior?: number; toward?: number; laplace?: number } = {},
): CalibrationStep[] {
  if (points.length === 0) return [];
  const minBin = options.minBin ?? DEFAULT_FIT_OPTIONS.minBin;
  const prior = options.prior ?? DEFAULT_FIT_OPTIONS.prior;
  const laplace = options.laplace ?? 0;
  const byRaw = new Map<number, Block>();
  for (const p of points) {
    const b = byRaw.get(p.raw) ?? { lo: p.raw, hi: p.raw, sum: 0, n: 0, count: 0 };
    const w = p.weight ?? 1;
    b.sum += p.correct ? w : 0;
    b.n += w;
    b.count++;
    byRaw.set(p.raw, b);
  }
  const blocks = poolAdjacentViolators([...byRaw.values()].sort((a, b) => a.lo - b.lo));
  while (blocks.length > 1) {
    const small = blocks.findIndex((b) => b.n < minBin);
    if (small < 0) break;
    const left = small > 0 ? blocks[small - 1] : undefined;
    const right = blocks[small + 1];
    const m = mean(blocks[small]!);
    const withLeft = left !== undefined && (right === undefined || Math.abs(mean(left) - m) <= Math.abs(mean(right) - m));
    const at = withLeft ? small - 1 : small;
    const a = blocks[at]!;
    const b = blocks[at + 1]!;
    blocks.splice(at, 2, { lo: a.lo, hi: b.hi, sum: a.sum + b.sum, n: a.n + b.n, count: a.count + b.count });
  }
  const toward = options.toward ?? blocks.reduce((s, b) => s + b.sum, 0) / blocks.reduce((s, b) => s + b.n, 0);
  // Shrinking is done on counts (sum + prior * toward over n + prior), so PAV can pool the shrunk blocks.
  // `laplace` right and as many wrong pseudo-verdicts (Laplace's rule of succession) keep a block that was
  // always right from claiming certainty: 46 of 46 is about 0.98, not 1.
  const shrunk = blocks.map((b) => ({ ...b, sum: b.sum + prior * toward + laplace, n: b.n + prior + 2 * laplace }));
  const pooled = poolAdjacentViolators(shrunk);
  return pooled.map((b, i) => ({
    upTo: i + 1 < pooled.length ? (b.hi + pooled[i + 1]!.lo) / 2 : 1,
    p: round(mean(b)),
    n: b.count,
  }));
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Shrunk share right: `(right + prior * toward) / (n + prior)`. */
function shrunkMean(right: number, n: number, prior: number, toward: number): number {
  return (right + prior * toward) / (n + prior);
}

/**
 * Fits a table from labelled points: a group per (tier, verdict) seen in them.
 * @returns the table without its `fitted.at`, `commit` and `files` (the fitting script adds them).
 */
export function fitCalibrationTable(
  points: readonly CalibrationPoint[],
  options: Partial<FitOptions> = {},
): Omit<CalibrationTable, "fitted"> & { options: FitOptions } {
  const o: FitOptions = { ...DEFAULT_FIT_OPTIONS, ...options };
  const right = (ps: readonly CalibrationPoint[]) => ps.reduce((s, p) => s + (p.correct ? (p.weight ?? 1) : 0), 0);
  const total = (ps: readonly CalibrationPoint[]) => ps.reduce((s, p) => s + (p.weight ?? 1), 0);
  const globalMean = points.length ? right(points) / total(points) : 0.5;
  const verdictMeans: Partial<Record<VerdictLabel, number>> = {};
  const byVerdict = groupBy(points, (p) => p.verdict);
  for (const [verdict, ps] of [...byVerdict].sort(([a], [b]) => a.localeCompare(b)))
    verdictMeans[verdict] = round(shrunkMean(right(ps), total(ps), o.prior, globalMean));
  const groups: CalibrationGroup[] = [];
  const byGroup = groupBy(points, (p) => `${p.tier}\u0000${p.verdict}`);
  for (const ps of [...byGroup.values()].sort((a, b) => a[0]!.tier.localeCompare(b[0]!.tier) || a[0]!.verdict.localeCompare(b[0]!.verdict))) {
    const { tier, verdict } = ps[0]!;
    const groupMean = shrunkMean(right(ps), total(ps), o.prior, verdictMeans[verdict]!);
    groups.push({
      tier,
      verdict,
      n: ps.length,
      mean: round(groupMean),
      steps: fitIsotonic(ps, { minBin: o.minBin, prior: o.prior, toward: groupMean, laplace: o.laplace ?? 0 }),
    });
  }
  return { version: 1, globalMean: round(globalMean), verdictMeans, groups, options: o };
}

/**
 * The calibrated probability that a tier's verdict is right.
 *
 * @param table a fitted table; `null` returns the raw value (calibration off).
 * @param tier the deciding tier's name.
 * @param raw the tier's raw confidence (0..1; values outside are clamped).
 * @returns 0..1: the step of the (tier, verdict) group that holds `raw`; for an unseen group, `raw` blended
 *   with the verdict's mean (or the global mean) by the table's `unseenShrink`.
 */
export function calibrate(table: CalibrationTable | null, tier: string, verdict: VerdictLabel, raw: number): number {
  const x = Math.min(1, Math.max(0, raw));
  if (table === null) return x;
  const group = table.groups.find((g) => g.tier === tier && g.verdict === verdict);
  if (group && group.steps.length > 0) return (group.steps.find((s) => x <= s.upTo) ?? group.steps[group.steps.length - 1]!).p;
  const toward = table.verdictMeans[verdict] ?? table.globalMean;
  const w = table.fitted.options.unseenShrink;
  return round((1 - w) * x + w * toward);
}
