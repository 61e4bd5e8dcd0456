import { describe, expect, it } from "vitest";
import type { ClaimVerdict, Report } from "../../src/index.js";
import { decidingTierName, llmUsage, toCaseResult, type ClaimResult } from "../../scripts/eval/case-result.js";
import { goldClaimMetrics } from "../../scripts/eval/dataset-metrics.js";
import { matchGoldClaims } from "../../scripts/eval/gold-claims.js";
import type { EvalCase } from "../../scripts/eval/load-cases.js";

const answer = "Hi there. nginx needs 1,336 MB. It is in the httpd section. Ask me more.";
const at = (part: string): [number, number] => {
  const i = answer.indexOf(part);
  return [i, i + part.length];
};

function verdict(claimId: string, v: ClaimVerdict["verdict"], tier: number, name: string, extra: Partial<ClaimVerdict> = {}): ClaimVerdict {
  return {
    claimId,
    verdict: v,
    confidence: 0.9,
    tier,
    quotes: [],
    corrections: [],
    trace: [
      { tier: 0, name: "exact", outcome: tier === 0 ? v : "pass", confidence: null, note: "", ms: 1 },
      ...(tier === 1 ? [{ tier: 1, name, outcome: v, confidence: 0.9, note: "", ms: 1 }] : []),
    ],
    ...extra,
  };
}

const quote = { evidenceId: "e1", source: "apt_show", text: "Installed-Size: 1336", span: [0, 20] as [number, number] };
const report = {
  responseId: "r1",
  sessionId: "s",
  draft: answer,
  claims: [
    { id: "r1.c1", text: "Hi there.", kind: "not_checkable", span: at("Hi there."), citations: [] },
    { id: "r1.c2", text: "nginx needs 1,336 MB.", kind: "factual", span: at("nginx needs 1,336 MB."), citations: [] },
    { id: "r1.c3", text: "It is in the httpd section.", kind: "factual", span: at("It is in the httpd section."), citations: [] },
  ],
  verdicts: [
    {
      claimId: "r1.c1",
      verdict: "not_checkable",
      confidence: 1,
      tier: -1,
      quotes: [],
      corrections: [],
      trace: [{ tier: -1, name: "extractor", outcome: "not_checkable", confidence: 1, note: "", ms: 0 }],
    },
    verdict("r1.c2", "contradicted", 0, "exact", { corrections: [{ span: at("1,336 MB"), wrong: "1,336 MB", value: "1,336 KB", quote }] }),
    verdict("r1.c3", "supported", 1, "lexical"),
  ],
  counts: { supported: 1, contradicted: 1, unsupported: 0, not_checkable: 1 },
  groundingScore: 0.5,
  decision: "rewrite",
  strictness: "balanced",
  action: "rewrite",
  output: "",
  reasons: [],
  sources: [],
  evidenceCount: 1,
  ms: 12.5,
  createdAt: 0,
} satisfies Report;

const evalCase: EvalCase = {
  id: "agent-x",
  dataset: "agent_traces",
  task: "agent",
  evidence: ["Installed-Size: 1336"],
  sources: ["apt_show"],
  question: null,
  answer,
  label: "hallucinated",
  spans: [{ start: at("nginx needs 1,336 MB.")[0], end: at("nginx needs 1,336 MB.")[1], type: "scale_or_unit" }],
  claims: [
    { start: at("Hi there.")[0], end: at("Hi there.")[1], verdict: "not_checkable", correction: null },
    { start: at("nginx needs 1,336 MB.")[0], end: at("nginx needs 1,336 MB.")[1], verdict: "contradicted", correction: "1336 KB" },
    { start: at("It is in the httpd section.")[0], end: at("It is in the httpd section.")[1], verdict: "contradicted", correction: "admin" },
    { start: at("Ask me more.")[0], end: at("Ask me more.")[1], verdict: "not_checkable", correction: null },
  ],
};

describe("toCaseResult", () => {
  const r = toCaseResult(evalCase, report);

  it("should keep each claim's verdict, deciding tier and corrections", () => {
    expect(r.claims.map((c) => [c.verdict, c.tier, c.tierName])).toEqual([
      ["not_checkable", -1, "extractor"],
      ["contradicted", 0, "exact"],
      ["supported", 1, "lexical"],
    ]);
    expect(r.claims[1]!.corrections).toEqual([{ span: at("1,336 MB"), wrong: "1,336 MB", value: "1,336 KB" }]);
    expect(r.flagged).toBe(true);
    expect(r.decision).toBe("rewrite");
    expect(r.supportScore).toBeCloseTo(0.1);
    expect(r.ms).toBe(12.5);
  });

  it("should match gold claims and score the correction after normalisation", () => {
    expect(r.goldClaims!.map((g) => [g.verdict, g.predicted, g.correct, g.correctionCorrect])).toEqual([
      ["not_checkable", "not_checkable", true, null],
      ["contradicted", "contradicted", true, true],
      ["contradicted", "supported", false, false],
      // no firewall claim overlaps the last sentence: predicted not_checkable, right because gold agrees
      ["not_checkable", "not_checkable", true, null],
    ]);
    const g = goldClaimMetrics([r])!;
    expect(g.accuracy).toBe(0.75);
    expect(g.correctionAccuracy).toBe(0.5);
    expect(g.confusion.contradicted).toEqual({ supported: 1, contradicted: 1, unsupported: 0, not_checkable: 0 });
  });
});

describe("matchGoldClaims", () => {
  it("should count an unmatched gold factual claim as wrong", () => {
    const claims: ClaimResult[] = [];
    const [g] = matchGoldClaims([{ start: 0, end: 5, verdict: "supported", correction: null }], claims);
    expect(g).toMatchObject({ predicted: "not_checkable", claimId: null, correct: false, correctionCorrect: null });
  });
});

describe("decidingTierName and llmUsage", () => {
  it("should read the deciding tier from the trace and default LLM use to zero", () => {
    expect(decidingTierName(report.verdicts[2]!)).toBe("lexical");
    expect(llmUsage(report)).toEqual({ calls: 0, costUsd: 0, inputTokens: 0, outputTokens: 0 });
  });

  it("should sum LLM calls and cost a tier reports in its trace", () => {
    const v = verdict("r1.c3", "supported", 1, "judge");
    v.trace[1] = { ...v.trace[1]!, llmCalls: 2, costUsd: 0.003 } as ClaimVerdict["trace"][number];
    expect(llmUsage({ ...report, verdicts: [v, v] })).toEqual({ calls: 4, costUsd: 0.006, inputTokens: 0, outputTokens: 0 });
  });

  it("should read the judge's calls, tokens and cost from report.llm, counting a dry run's calls", () => {
    const call = {
      purpose: "judge" as const,
      model: "m",
      provider: null,
      attempts: 2,
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: 0.0002,
      ms: 5,
      claimIds: ["r1.c3"],
    };
    const llm = {
      calls: [
        { ...call, outcome: "ok" as const },
        { ...call, outcome: "cached" as const, attempts: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
      ],
      modelCalls: 2,
      cachedCalls: 1,
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: 0.0002,
      ms: 5,
      notes: [],
    };
    expect(llmUsage({ ...report, llm })).toEqual({ calls: 2, costUsd: 0.0002, inputTokens: 1000, outputTokens: 100 });
    const dry = { ...llm, calls: [{ ...call, outcome: "dry_run" as const, attempts: 0 }], modelCalls: 0 };
    expect(llmUsage({ ...report, llm: dry }).calls).toBe(1);
    expect(llmUsage({ ...report, llm: { ...llm, costUsd: null } }).costUsd).toBe(0);
  });
});
