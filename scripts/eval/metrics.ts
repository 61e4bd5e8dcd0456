/**
 * The statistics of the evaluation, as pure functions on plain numbers and spans. Every ratio whose
 * denominator is zero is `null`, never `NaN`, so results stay valid JSON and "no data" is not "0".
 */
import type { Span, VerdictLabel } from "../../src/index.js";

/** The four verdict labels, in report order. */
export const VERDICTS: readonly VerdictLabel[] = ["supported", "contradicted", "unsupported", "not_checkable"];

/** `num / den`, or null when `den` is 0. */
export function ratio(num: number, den: number): number | null {
  return den === 0 ? null : num / den;
}

/** Precision, recall and F1 from counts (F1 = harmonic mean of precision and recall; 0 when both are 0). */
export interface Prf {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/**
 * @param tp true positives, `fp` false positives, `fn` false negatives.
 * @returns precision = tp/(tp+fp), recall = tp/(tp+fn), F1; each null when undefined (no predicted or no
 *   actual positives).
 */
export function prf(tp: number, fp: number, fn: number): Prf {
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/**
 * Balanced accuracy: the mean of the true-positive rate and the true-negative rate (Brodersen et al., 2010),
 * the response-level metric of SummaC and LLM-AggreFact because it ignores class imbalance.
 * @returns null when either class is absent.
 */
export function balancedAccuracy(tp: number, fp: number, tn: number, fn: number): number | null {
  const tpr = ratio(tp, tp + fn);
  const tnr = ratio(tn, tn + fp);
  return tpr === null || tnr === null ? null : (tpr + tnr) / 2;
}

/**
 * Area under the ROC curve by the Mann-Whitney U statistic: the probability that a random positive scores
 * higher than a random negative, ties counting one half (Hanley & McNeil, 1982). Uses mid-ranks, so it is
 * O(n log n).
 * @param positives scores of positive items (higher = more likely positive), `negatives` of negative ones.
 * @returns 0..1, or null when either list is empty.
 */
export function auroc(positives: readonly number[], negatives: readonly number[]): number | null {
  const nPos = positives.length;
  const nNeg = negatives.length;
  if (nPos === 0 || nNeg === 0) return null;
  const all = [...positives.map((s) => ({ s, pos: true })), ...negatives.map((s) => ({ s, pos: false }))].sort((a, b) => a.s - b.s);
  let rankSumPos = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const midRank = (i + 1 + j) / 2; // ranks i+1 .. j share their mean
    for (let k = i; k < j; k++) if (all[k]!.pos) rankSumPos += midRank;
    i = j;
  }
  const u = rankSumPos - (nPos * (nPos + 1)) / 2;
  return u / (nPos * nNeg);
}

/**
 * The p-th percentile with linear interpolation between closest ranks (NumPy's default method).
 * @param p 0..100.
 * @returns null for an empty list.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Whether two half-open spans `[start, end)` share at least one character (an empty span shares none). */
export function spansOverlap(a: Span, b: Span): boolean {
  return overlapLength(a, b) > 0;
}

/** Number of characters two half-open spans share. */
export function overlapLength(a: Span, b: Span): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

/** Sorted, merged, non-empty spans covering the same characters as `spans`. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s[1] > s[0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

/** Character counts for span F1. */
export interface CharCounts {
  /** Characters in both unions. */
  tp: number;
  /** Flagged characters not labelled. */
  fp: number;
  /** Labelled characters not flagged. */
  fn: number;
}

/**
 * Character-level agreement of predicted and labelled spans of one answer: the union of labelled character
 * positions against the union of predicted ones. Summing these counts over a dataset and taking
 * {@link prf} gives the micro-averaged character-level span F1 of RAGTruth (Niu et al., 2024).
 */
export function charCounts(labelled: readonly Span[], predicted: readonly Span[]): CharCounts {
  const gold = mergeSpans(labelled);
  const pred = mergeSpans(predicted);
  const size = (spans: Span[]) => spans.reduce((s, x) => s + x[1] - x[0], 0);
  let tp = 0;
  for (const g of gold) for (const p of pred) tp += overlapLength(g, p);
  return { tp, fp: size(pred) - tp, fn: size(gold) - tp };
}

/** Gold label x predicted label counts, every cell present (zeros included). */
export type Confusion = Record<VerdictLabel, Record<VerdictLabel, number>>;

/** An all-zero {@link Confusion}. */
export function emptyConfusion(): Confusion {
  const row = () => Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<VerdictLabel, number>;
  return Object.fromEntries(VERDICTS.map((v) => [v, row()])) as Confusion;
}

/** Builds the gold x predicted confusion matrix of `pairs`. */
export function confusionMatrix(pairs: Iterable<{ gold: VerdictLabel; predicted: VerdictLabel }>): Confusion {
  const m = emptyConfusion();
  for (const { gold, predicted } of pairs) m[gold][predicted]++;
  return m;
}

/**
 * Index of the candidate span overlapping `target` by the most characters (the first on a tie).
 * @returns -1 when none overlaps.
 */
export function bestOverlap(target: Span, candidates: readonly Span[]): number {
  let best = -1;
  let bestLen = 0;
  candidates.forEach((c, i) => {
    const len = overlapLength(target, c);
    if (len > bestLen) {
      best = i;
      bestLen = len;
    }
  });
  return best;
}

/**
 * Support score of one verdict: its confidence when `supported`, 1 - confidence when `contradicted` or
 * `unsupported`, and null (ignored) when `not_checkable`.
 */
export function supportScore(verdict: VerdictLabel, confidence: number): number | null {
  if (verdict === "supported") return confidence;
  if (verdict === "contradicted" || verdict === "unsupported") return 1 - confidence;
  return null;
}

/**
 * A response's support score: the lowest support score of its claims (a response is as grounded as its
 * weakest claim); 1 when no claim is checkable. Used as the ranking score for AUROC.
 */
export function responseSupport(claims: ReadonlyArray<{ verdict: VerdictLabel; confidence: number }>): number {
  let low = 1;
  for (const c of claims) {
    const s = supportScore(c.verdict, c.confidence);
    if (s !== null && s < low) low = s;
  }
  return low;
}

/** Whether a verdict flags its claim: `contradicted` or `unsupported`. */
export function isFlaggedVerdict(verdict: VerdictLabel): boolean {
  return verdict === "contradicted" || verdict === "unsupported";
}

/** One bin of a reliability table: its confidence range, claims, mean confidence and accuracy. */
export interface ReliabilityBin {
  lo: number;
  hi: number;
  n: number;
  confidence: number;
  accuracy: number;
}

/**
 * Expected calibration error over 10 equal-width confidence bins (Naeini et al., AAAI 2015; Guo et al.,
 * ICML 2017): the claim-weighted mean gap between a bin's mean confidence and its accuracy, with the
 * reliability table (bins holding claims only).
 */
export function calibration(points: ReadonlyArray<{ confidence: number; correct: boolean }>): { ece: number; reliability: ReliabilityBin[] } {
  const bins = Array.from({ length: 10 }, (_, i) => ({ lo: i / 10, hi: (i + 1) / 10, n: 0, conf: 0, acc: 0 }));
  for (const p of points) {
    const b = bins[Math.min(9, Math.floor(p.confidence * 10))]!;
    b.n++;
    b.conf += p.confidence;
    b.acc += p.correct ? 1 : 0;
  }
  let ece = 0;
  for (const b of bins) if (b.n > 0) ece += (b.n / Math.max(1, points.length)) * Math.abs(b.conf / b.n - b.acc / b.n);
  return { ece, reliability: bins.filter((b) => b.n > 0).map((b) => ({ lo: b.lo, hi: b.hi, n: b.n, confidence: b.conf / b.n, accuracy: b.acc / b.n })) };
}

/** A reliability table as text lines, headed by its name. */
export function reliabilityLines(name: string, bins: readonly ReliabilityBin[]): string[] {
  return [
    `reliability (${name}): confidence bin, claims, mean confidence, accuracy`,
    ...bins.map((b) => `  ${b.lo.toFixed(1)}-${b.hi.toFixed(1)}  ${String(b.n).padStart(4)}  ${b.confidence.toFixed(3)}  ${b.accuracy.toFixed(3)}`),
  ];
}
