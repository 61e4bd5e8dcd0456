/**
 * Aggregates case results into the metrics of one dataset (or one task): response-level detection, claim-
 * and span-level localisation where spans are labelled, gold claim verdicts where they exist, the tier mix,
 * latency, LLM cost and a confidence-threshold sweep.
 */
import type { Decision, Span } from "../../src/index.js";
import type { CaseResult } from "./case-result.js";
import {
  auroc,
  balancedAccuracy,
  calibration,
  charCounts,
  confusionMatrix,
  isFlaggedVerdict,
  percentile,
  prf,
  ratio,
  spansOverlap,
  type Confusion,
  type ReliabilityBin,
} from "./metrics.js";

/** Response-level detection of hallucinated answers (positive class: `hallucinated`). */
export interface ResponseMetrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  balancedAccuracy: number | null;
  /** AUROC of 1 - the response's lowest claim support score against the label. */
  auroc: number | null;
  /** Faithful answers the policy blocked (`decision === "block"`), over all faithful answers. */
  falseBlockRate: number | null;
}

/** Claim-level localisation: a claim is hallucinated when its span overlaps a labelled span. */
export interface ClaimMetrics {
  precision: number | null;
  /** Not-checkable claims that overlap a labelled span count as misses. */
  recall: number | null;
  f1: number | null;
  /** Checkable claims overlapping no labelled span that were flagged, over all such checkable claims. */
  falseFlagRate: number | null;
  /** Claims counted (all claims of the cases with known locations). */
  claims: number;
  hallucinatedClaims: number;
}

/** Verdicts on gold claims. */
export interface GoldClaimMetrics {
  /** Gold claims whose matched verdict equals the gold verdict, over all gold claims. */
  accuracy: number | null;
  /** Gold contradicted claims with a value whose correction the firewall got right, over all such claims. */
  correctionAccuracy: number | null;
  /** Gold verdict (rows) x predicted verdict (columns). */
  confusion: Confusion;
  n: number;
  corrections: number;
  /** Expected calibration error of the matched verdicts' confidences (10 bins); absent in older results files. */
  ece?: number;
  /** Reliability table of those confidences. */
  reliability?: ReliabilityBin[];
}

/** One point of the threshold sweep. */
export interface SweepPoint {
  threshold: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** True for the threshold the policy uses now. */
  operatingPoint: boolean;
}

/** How many claims each tier decided (key `"<tier> <name>"`, e.g. `"0 exact"`, `"-1 extractor"`). */
export type TierMix = Record<string, { tier: number; name: string; claims: number; share: number }>;

/** Everything reported for one dataset or task. */
export interface DatasetMetrics {
  /** Cases scored (cases that errored are left out and counted in `errors`). */
  n: number;
  errors: number;
  faithful: number;
  hallucinated: number;
  response: ResponseMetrics;
  responseCounts: { tp: number; fp: number; tn: number; fn: number };
  claim: ClaimMetrics | null;
  /** Character-level span F1, micro-averaged over the dataset (RAGTruth, Niu et al., 2024). */
  spanF1: number | null;
  goldClaims: GoldClaimMetrics | null;
  latencyMs: { p50: number | null; p95: number | null };
  tiers: TierMix;
  decisions: Record<Decision, number>;
  /** Model calls, USD and tokens per answer (LLM judge and extractor; estimates in a judge dry run). */
  llm: {
    callsPerAnswer: number | null;
    costPerAnswer: number | null;
    inputTokensPerAnswer: number | null;
    outputTokensPerAnswer: number | null;
    /** Share of the checkable claims sent to the LLM judge (0..1). */
    judgedShare: number | null;
  };
  sweep: SweepPoint[];
}

/** Thresholds of the sweep: 0.50, 0.55, ..., 0.95. */
export const SWEEP_THRESHOLDS: readonly number[] = Array.from({ length: 10 }, (_, i) => Math.round((0.5 + 0.05 * i) * 100) / 100);

/** Whether any of a case's claims is flagged at confidence threshold `t`. */
export function flaggedAt(result: CaseResult, t: number): boolean {
  return result.claims.some((c) => isFlaggedVerdict(c.verdict) && c.confidence >= t - 1e-9);
}

/**
 * Whether a dataset's cases locate hallucinations: some hallucinated case has non-empty `spans`. Only then
 * do claim- and span-level metrics mean anything (elsewhere `spans: []` means "location unknown").
 */
export function hasSpanLabels(results: readonly CaseResult[]): boolean {
  return results.some((r) => r.label === "hallucinated" && r.spans.length > 0);
}

function labelledSpans(r: CaseResult): Span[] {
  return r.spans.map((s) => [s.start, s.end] as Span);
}

/** Response-level counts and metrics; positive = hallucinated, predicted positive = `flag(result)`. */
export function responseMetrics(results: readonly CaseResult[], flag: (r: CaseResult) => boolean = (r) => r.flagged) {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const r of results) {
    const f = flag(r);
    if (r.label === "hallucinated") f ? tp++ : fn++;
    else f ? fp++ : tn++;
  }
  return { tp, fp, tn, fn, ...prf(tp, fp, fn), balancedAccuracy: balancedAccuracy(tp, fp, tn, fn) };
}

/**
 * Claim-level metrics over the cases whose hallucinations are located (faithful cases, and hallucinated
 * cases with spans); null when `results` has no span labels.
 */
export function claimMetrics(results: readonly CaseResult[]): ClaimMetrics | null {
  if (!hasSpanLabels(results)) return null;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let cleanChecked = 0;
  let cleanFlagged = 0;
  let claims = 0;
  for (const r of results) {
    if (r.label === "hallucinated" && r.spans.length === 0) continue;
    const gold = labelledSpans(r);
    for (const c of r.claims) {
      claims++;
      const bad = gold.some((g) => spansOverlap(c.span, g));
      const flagged = isFlaggedVerdict(c.verdict);
      if (bad) flagged ? tp++ : fn++;
      else {
        if (flagged) fp++;
        if (c.verdict !== "not_checkable") {
          cleanChecked++;
          if (flagged) cleanFlagged++;
        }
      }
    }
  }
  return { ...prf(tp, fp, fn), falseFlagRate: ratio(cleanFlagged, cleanChecked), claims, hallucinatedClaims: tp + fn };
}

/** Character-level span F1 of flagged claims against labelled spans; null without span labels. */
export function spanF1(results: readonly CaseResult[]): number | null {
  if (!hasSpanLabels(results)) return null;
  const sum = { tp: 0, fp: 0, fn: 0 };
  for (const r of results) {
    if (r.label === "hallucinated" && r.spans.length === 0) continue;
    const flagged = r.claims.filter((c) => isFlaggedVerdict(c.verdict)).map((c) => c.span);
    const c = charCounts(labelledSpans(r), flagged);
    sum.tp += c.tp;
    sum.fp += c.fp;
    sum.fn += c.fn;
  }
  return prf(sum.tp, sum.fp, sum.fn).f1;
}

/** Gold claim verdict accuracy, correction accuracy and confusion; null when no case has gold claims. */
export function goldClaimMetrics(results: readonly CaseResult[]): GoldClaimMetrics | null {
  const gold = results.flatMap((r) => r.goldClaims ?? []);
  if (!results.some((r) => r.goldClaims !== null)) return null;
  const withValue = gold.filter((g) => g.correctionCorrect !== null);
  const cal = calibration(gold.map((g) => ({ confidence: g.confidence ?? 1, correct: g.correct })));
  return {
    accuracy: ratio(gold.filter((g) => g.correct).length, gold.length),
    correctionAccuracy: ratio(withValue.filter((g) => g.correctionCorrect).length, withValue.length),
    confusion: confusionMatrix(gold.map((g) => ({ gold: g.verdict, predicted: g.predicted }))),
    n: gold.length,
    corrections: withValue.length,
    ece: cal.ece,
    reliability: cal.reliability,
  };
}

/** Which tier decided how many claims, with shares of all claims. */
export function tierMix(results: readonly CaseResult[]): TierMix {
  const mix: TierMix = {};
  let total = 0;
  for (const r of results) {
    for (const c of r.claims) {
      const key = `${c.tier} ${c.tierName}`;
      mix[key] ??= { tier: c.tier, name: c.tierName, claims: 0, share: 0 };
      mix[key].claims++;
      total++;
    }
  }
  for (const m of Object.values(mix)) m.share = m.claims / total;
  return Object.fromEntries(Object.entries(mix).sort(([, a], [, b]) => a.tier - b.tier || a.name.localeCompare(b.name)));
}

/**
 * Precision and recall of response flagging when a claim flags only at confidence >= t.
 * @param operatingPoint the threshold the policy uses now (marked in the output).
 */
export function thresholdSweep(results: readonly CaseResult[], operatingPoint: number): SweepPoint[] {
  return SWEEP_THRESHOLDS.map((t) => {
    const m = responseMetrics(results, (r) => flaggedAt(r, t));
    return { threshold: t, precision: m.precision, recall: m.recall, f1: m.f1, operatingPoint: Math.abs(t - operatingPoint) < 1e-9 };
  });
}

/**
 * All metrics of one group of case results.
 * @param operatingPoint claim confidence threshold of the policy in use (e.g. 0.6 for `balanced`).
 */
export function datasetMetrics(all: readonly CaseResult[], operatingPoint: number): DatasetMetrics {
  const results = all.filter((r) => r.error === null);
  const faithful = results.filter((r) => r.label === "faithful");
  const hallucinated = results.filter((r) => r.label === "hallucinated");
  const resp = responseMetrics(results);
  const risk = (r: CaseResult) => 1 - (r.supportScore ?? 1);
  const decisions: Record<Decision, number> = { pass: 0, annotate: 0, rewrite: 0, block: 0 };
  for (const r of results) if (r.decision) decisions[r.decision]++;
  const ms = results.map((r) => r.ms);
  return {
    n: results.length,
    errors: all.length - results.length,
    faithful: faithful.length,
    hallucinated: hallucinated.length,
    response: {
      precision: resp.precision,
      recall: resp.recall,
      f1: resp.f1,
      balancedAccuracy: resp.balancedAccuracy,
      auroc: auroc(hallucinated.map(risk), faithful.map(risk)),
      falseBlockRate: ratio(faithful.filter((r) => r.decision === "block").length, faithful.length),
    },
    responseCounts: { tp: resp.tp, fp: resp.fp, tn: resp.tn, fn: resp.fn },
    claim: claimMetrics(results),
    spanF1: spanF1(results),
    goldClaims: goldClaimMetrics(results),
    latencyMs: { p50: percentile(ms, 50), p95: percentile(ms, 95) },
    tiers: tierMix(results),
    decisions,
    llm: {
      callsPerAnswer: ratio(
        results.reduce((s, r) => s + r.llmCalls, 0),
        results.length,
      ),
      costPerAnswer: ratio(
        results.reduce((s, r) => s + r.costUsd, 0),
        results.length,
      ),
      inputTokensPerAnswer: ratio(
        results.reduce((s, r) => s + (r.llmInputTokens ?? 0), 0),
        results.length,
      ),
      outputTokensPerAnswer: ratio(
        results.reduce((s, r) => s + (r.llmOutputTokens ?? 0), 0),
        results.length,
      ),
      judgedShare: ratio(
        results.reduce((s, r) => s + (r.judgedClaims ?? 0), 0),
        results.reduce((s, r) => s + r.claims.filter((c) => c.kind === "factual" || c.kind === "hedge").length, 0),
      ),
    },
    sweep: thresholdSweep(results, operatingPoint),
  };
}

/** Groups results by a key (dataset or task) and computes each group's metrics, keys in first-seen order. */
export function metricsBy(results: readonly CaseResult[], key: (r: CaseResult) => string, operatingPoint: number): Record<string, DatasetMetrics> {
  const groups = new Map<string, CaseResult[]>();
  for (const r of results) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return Object.fromEntries([...groups].map(([k, g]) => [k, datasetMetrics(g, operatingPoint)]));
}
