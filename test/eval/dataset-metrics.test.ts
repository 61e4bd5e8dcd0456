import { describe, expect, it } from "vitest";
import type { CaseResult, ClaimResult } from "../../scripts/eval/case-result.js";
import { claimMetrics, datasetMetrics, flaggedAt, spanF1, thresholdSweep, tierMix } from "../../scripts/eval/dataset-metrics.js";
import { responseSupport } from "../../scripts/eval/metrics.js";

function claim(span: [number, number], verdict: ClaimResult["verdict"], confidence = 0.9, tier = 1, tierName = "lexical"): ClaimResult {
  return { id: `c${span[0]}`, text: "", kind: "factual", span, verdict, confidence, tier, tierName, note: "", corrections: [] };
}

function result(id: string, label: CaseResult["label"], claims: ClaimResult[], extra: Partial<CaseResult> = {}): CaseResult {
  return {
    id,
    dataset: "toy",
    task: "summary",
    label,
    flagged: claims.some((c) => c.verdict === "contradicted" || c.verdict === "unsupported"),
    decision: "pass",
    supportScore: responseSupport(claims),
    ms: 10,
    llmCalls: 0,
    costUsd: 0,
    claims,
    spans: [],
    goldClaims: null,
    error: null,
    ...extra,
  };
}

const span = (start: number, end: number) => ({ start, end, type: "x" });

// Four answers: two hallucinated (one caught), two faithful (one wrongly flagged and blocked).
const results: CaseResult[] = [
  result("h1", "hallucinated", [claim([0, 10], "supported"), claim([11, 20], "contradicted", 0.95, 0, "exact")], {
    spans: [span(12, 18)],
    decision: "rewrite",
    ms: 5,
  }),
  result("h2", "hallucinated", [claim([0, 10], "supported", 0.7)], { spans: [span(0, 4)], ms: 20 }),
  result("f1", "faithful", [claim([0, 10], "supported"), claim([11, 20], "unsupported", 0.55, -1, "pipeline")], { decision: "block", ms: 30 }),
  result("f2", "faithful", [claim([0, 10], "supported"), claim([11, 15], "not_checkable", 1, -1, "extractor")], { ms: 40 }),
];

describe("datasetMetrics", () => {
  const m = datasetMetrics(results, 0.6);

  it("should score response-level detection", () => {
    expect(m.responseCounts).toEqual({ tp: 1, fp: 1, tn: 1, fn: 1 });
    expect(m.response.precision).toBe(0.5);
    expect(m.response.recall).toBe(0.5);
    expect(m.response.f1).toBe(0.5);
    expect(m.response.balancedAccuracy).toBe(0.5);
    expect(m.response.falseBlockRate).toBe(0.5);
  });

  it("should rank answers by their weakest claim for AUROC", () => {
    // risk = 1 - support: h1 0.95, h2 0.3; f1 0.45, f2 0.1 -> pairs won: h1>f1, h1>f2, h2>f2 = 3 of 4
    expect(m.response.auroc).toBe(0.75);
  });

  it("should report latency percentiles, decisions and the tier mix", () => {
    expect(m.latencyMs.p50).toBe(25);
    expect(m.latencyMs.p95).toBeCloseTo(38.5);
    expect(m.decisions).toEqual({ pass: 2, annotate: 0, rewrite: 1, block: 1 });
    expect(Object.keys(m.tiers)).toEqual(["-1 extractor", "-1 pipeline", "0 exact", "1 lexical"]);
    expect(m.tiers["1 lexical"]).toEqual({ tier: 1, name: "lexical", claims: 4, share: 4 / 7 });
    expect(m.llm).toEqual({ callsPerAnswer: 0, costPerAnswer: 0, inputTokensPerAnswer: 0, outputTokensPerAnswer: 0, judgedShare: expect.any(Number) });
  });

  it("should leave out errored cases and count them", () => {
    const withError = datasetMetrics([...results, result("e", "faithful", [], { error: "boom", decision: null })], 0.6);
    expect(withError.n).toBe(4);
    expect(withError.errors).toBe(1);
    expect(withError.response.falseBlockRate).toBe(0.5);
  });

  it("should give nulls, not NaN, for an empty dataset", () => {
    const empty = datasetMetrics([], 0.6);
    expect(empty.response).toEqual({ precision: null, recall: null, f1: null, balancedAccuracy: null, auroc: null, falseBlockRate: null });
    expect(empty.claim).toBeNull();
    expect(empty.spanF1).toBeNull();
    expect(empty.goldClaims).toBeNull();
    expect(empty.latencyMs).toEqual({ p50: null, p95: null });
    expect(empty.llm).toEqual({ callsPerAnswer: null, costPerAnswer: null, inputTokensPerAnswer: null, outputTokensPerAnswer: null, judgedShare: null });
    expect(JSON.stringify(empty)).not.toContain("NaN");
  });
});

describe("claimMetrics", () => {
  it("should count a claim as hallucinated when it overlaps a labelled span", () => {
    const c = claimMetrics(results)!;
    // hallucinated claims: h1 [11,20] (flagged), h2 [0,10] (missed) -> tp 1, fn 1
    // clean claims: h1 [0,10], f1 both, f2 both; flagged: f1 [11,20] -> fp 1
    expect(c.precision).toBe(0.5);
    expect(c.recall).toBe(0.5);
    expect(c.hallucinatedClaims).toBe(2);
    // clean checkable claims: h1 c0, f1 c0, f1 c11, f2 c0 (f2's not_checkable is left out) -> 1 of 4 flagged
    expect(c.falseFlagRate).toBe(0.25);
  });

  it("should be null when no hallucinated case has spans, and skip hallucinated cases without spans", () => {
    expect(claimMetrics(results.map((r) => ({ ...r, spans: [] })))).toBeNull();
    const partial = claimMetrics([results[0]!, { ...results[1]!, spans: [] }])!;
    expect(partial.recall).toBe(1);
  });
});

describe("spanF1", () => {
  it("should micro-average character counts over the dataset", () => {
    // h1: gold 12-18 (6), flagged 11-20 (9): tp 6, fp 3. h2: gold 0-4, nothing flagged: fn 4.
    // f1: flagged 11-20: fp 9. f2: nothing. -> tp 6, fp 12, fn 4
    const p = 6 / 18;
    const r = 6 / 10;
    expect(spanF1(results)).toBeCloseTo((2 * p * r) / (p + r));
  });
});

describe("thresholdSweep", () => {
  it("should flag a claim only at confidence >= t and mark the operating point", () => {
    expect(flaggedAt(results[2]!, 0.5)).toBe(true);
    expect(flaggedAt(results[2]!, 0.6)).toBe(false);
    const sweep = thresholdSweep(results, 0.6);
    expect(sweep.map((p) => p.threshold)).toEqual([0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]);
    expect(sweep.filter((p) => p.operatingPoint).map((p) => p.threshold)).toEqual([0.6]);
    expect(sweep[0]).toMatchObject({ precision: 0.5, recall: 0.5 });
    expect(sweep[2]).toMatchObject({ precision: 1, recall: 0.5 });
  });
});

describe("tierMix", () => {
  it("should be empty for no claims", () => {
    expect(tierMix([])).toEqual({});
  });
});
