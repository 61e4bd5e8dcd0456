/**
 * The core's spans, verdict events and metrics, exported in memory by `setupTracing({ exporter: "memory" })`
 * (OpenTelemetry's InMemorySpanExporter, InMemoryLogRecordExporter and InMemoryMetricExporter).
 */
import { SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setupTracing, type Tracing } from "../../otel/index.js";
import { CAPTURE_CONTENT_ENV, DEFAULT_LEXICAL_THRESHOLDS, DraftError, Firewall, LedgerTampered, MemoryStore, type Report, type Tier } from "../../src/index.js";
import { byName, CORS_DOCS, CORS_VIEW, DRAFT, EVIDENCE, firewallWithEvidence, JUDGE_DRAFT, judgeModel, one, parentId, points } from "./helpers.js";

/** Nanoseconds since the epoch of an OpenTelemetry HrTime, as a bigint. */
function hrTimeToNanoseconds([s, ns]: [number, number]): bigint {
  return BigInt(s) * 1_000_000_000n + BigInt(ns);
}

const EVAL = "gen_ai.evaluation.result";

let tracing: Tracing;
let spans: () => ReadableSpan[];

beforeEach(() => {
  tracing = setupTracing({ exporter: "memory", serviceName: "hfw-test" });
  spans = () => tracing.memory!.spans.getFinishedSpans();
});

afterEach(async () => {
  delete process.env[CAPTURE_CONTENT_ENV];
  await tracing.shutdown();
});

function verdictOf(report: Report, claimId: string) {
  return report.verdicts.find((v) => v.claimId === claimId)!;
}

describe("the span tree of one verify", () => {
  it("should nest extract, retrieve, one span per tier that ran, and policy under hfw.verify, and rewrite under policy", async () => {
    const report = await firewallWithEvidence().verify(DRAFT);
    const all = spans();
    const verify = one(all, "hfw.verify");
    expect(parentId(verify)).toBeUndefined();
    for (const name of ["hfw.extract", "hfw.retrieve", "hfw.tier.0", "hfw.tier.1", "hfw.policy"]) {
      expect(parentId(one(all, name)), name).toBe(verify.spanContext().spanId);
      expect(one(all, name).spanContext().traceId).toBe(verify.spanContext().traceId);
    }
    expect(byName(all, "hfw.tier.2")).toHaveLength(0);
    expect(parentId(one(all, "hfw.rewrite"))).toBe(one(all, "hfw.policy").spanContext().spanId);
    expect(report.decision).toBe("rewrite");
  });

  it("should put session, response, claim counts per verdict, grounding score and decision on hfw.verify", async () => {
    const report = await firewallWithEvidence({ sessionId: "conv-7" }).verify(DRAFT);
    const a = one(spans(), "hfw.verify").attributes;
    expect(a["gen_ai.conversation.id"]).toBe("conv-7");
    expect(a["hfw.response.id"]).toBe(report.responseId);
    expect(a["hfw.claims.count"]).toBe(6);
    expect(a["hfw.claims.checkable"]).toBe(4);
    expect(a["hfw.claims.supported"]).toBe(2);
    expect(a["hfw.claims.contradicted"]).toBe(2);
    expect(a["hfw.claims.unsupported"]).toBe(0);
    expect(a["hfw.claims.not_checkable"]).toBe(2);
    expect(a["hfw.grounding_score"]).toBe(0.5);
    expect(a["hfw.decision"]).toBe("rewrite");
    expect(a["hfw.policy.strictness"]).toBe("balanced");
    expect(a["hfw.evidence.count"]).toBe(3);
    expect(a["hfw.tiers"]).toEqual(["0:exact", "1:lexical"]);
    expect(a["hfw.content_captured"]).toBe(false);
    // The chain head the verdicts rest on: an anchor for the ledger kept outside the store.
    expect(report.ledgerHead).toEqual({ length: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(a["hfw.ledger.length"]).toBe(3);
    expect(a["hfw.ledger.head"]).toBe(report.ledgerHead!.hash);
  });

  it("should count claims in, decided per verdict and passed on each tier span, with the tier's thresholds", async () => {
    await firewallWithEvidence().verify(DRAFT);
    const t0 = one(spans(), "hfw.tier.0").attributes;
    expect(t0).toMatchObject({
      "hfw.tier": 0,
      "hfw.tier.name": "exact",
      "hfw.claims.in": 4,
      "hfw.claims.contradicted": 2,
      "hfw.claims.supported": 0,
      "hfw.claims.passed": 2,
    });
    const t1 = one(spans(), "hfw.tier.1").attributes;
    expect(t1).toMatchObject({ "hfw.tier": 1, "hfw.tier.name": "lexical", "hfw.claims.in": 2, "hfw.claims.supported": 2, "hfw.claims.passed": 0 });
    expect(t1["hfw.tier.threshold.support"]).toBe(DEFAULT_LEXICAL_THRESHOLDS.support);
    expect(t1["hfw.tier.threshold.contradict"]).toBe(DEFAULT_LEXICAL_THRESHOLDS.contradict);
  });

  it("should put the policy thresholds and decision on hfw.policy, and the extraction counts on hfw.extract", async () => {
    await firewallWithEvidence({ strictness: "strict" }).verify(DRAFT);
    expect(one(spans(), "hfw.policy").attributes).toMatchObject({
      "hfw.policy.strictness": "strict",
      "hfw.policy.action": "block",
      "hfw.policy.flag_contradicted": 0,
      "hfw.policy.block_below_score": 1,
      "hfw.decision": "block",
      "hfw.policy.reasons.count": 2,
    });
    expect(byName(spans(), "hfw.rewrite")).toHaveLength(0);
    expect(one(spans(), "hfw.extract").attributes).toMatchObject({ "hfw.extractor": "rules", "hfw.claims.count": 6, "hfw.claims.kind.factual": 4 });
    expect(one(spans(), "hfw.retrieve").attributes).toMatchObject({
      "gen_ai.operation.name": "retrieval",
      "hfw.claims.checkable": 4,
      "hfw.retrieval.top_k": 5,
    });
  });
});

describe("verdict events", () => {
  it("should emit one gen_ai.evaluation.result per claim, on the span of the tier that decided it", async () => {
    const report = await firewallWithEvidence().verify(DRAFT);
    const all = spans();
    const onTier0 = one(all, "hfw.tier.0").events.filter((e) => e.name === EVAL);
    const onTier1 = one(all, "hfw.tier.1").events.filter((e) => e.name === EVAL);
    const onVerify = one(all, "hfw.verify").events.filter((e) => e.name === EVAL);
    expect(onTier0.map((e) => e.attributes!["hfw.claim.id"])).toEqual(["r1.c4", "r1.c5"]);
    expect(onTier1.map((e) => e.attributes!["hfw.claim.id"])).toEqual(["r1.c2", "r1.c3"]);
    expect(onVerify.map((e) => e.attributes!["hfw.claim.id"])).toEqual(["r1.c1", "r1.c6"]);
    for (const e of [...onTier0, ...onTier1, ...onVerify]) {
      const v = verdictOf(report, e.attributes!["hfw.claim.id"] as string);
      expect(e.attributes).toMatchObject({
        "gen_ai.evaluation.name": "hfw.groundedness",
        "gen_ai.evaluation.score.label": v.verdict,
        "gen_ai.evaluation.score.value": v.confidence,
      });
      expect(typeof e.attributes!["gen_ai.evaluation.explanation"]).toBe("string");
    }
    // What an event shares with its span stays on the span; events of claims no tier decided say the tier.
    expect(one(all, "hfw.tier.0").attributes).toMatchObject({ "gen_ai.conversation.id": "default", "hfw.response.id": "r1" });
    for (const e of onVerify) expect(e.attributes).toMatchObject({ "hfw.tier": -1, "hfw.tier.name": "extractor" });
    expect(onTier0[0]!.attributes).toMatchObject({
      "gen_ai.evaluation.score.label": "contradicted",
      "hfw.claim.corrections.count": 1,
      "hfw.claim.evidence_ids": ["e1"],
    });
  });

  it("should emit the same events as log records named gen_ai.evaluation.result, parented to the tier span", async () => {
    await firewallWithEvidence().verify(DRAFT);
    const logs = tracing.memory!.logs.getFinishedLogRecords();
    expect(logs).toHaveLength(6);
    const tier0 = one(spans(), "hfw.tier.0").spanContext();
    const contradicted = logs.filter((l) => l.attributes["gen_ai.evaluation.score.label"] === "contradicted");
    expect(contradicted).toHaveLength(2);
    for (const l of contradicted) {
      expect(l.eventName).toBe(EVAL);
      expect(l.spanContext?.spanId).toBe(tier0.spanId);
      expect(l.spanContext?.traceId).toBe(tier0.traceId);
      // A log record stands alone: it carries the session, response and tier its span event leaves to the span.
      expect(l.attributes).toMatchObject({
        "gen_ai.evaluation.name": "hfw.groundedness",
        "gen_ai.conversation.id": "default",
        "hfw.response.id": "r1",
        "hfw.tier": 0,
        "hfw.tier.name": "exact",
      });
    }
    const notCheckable = logs.filter((l) => l.attributes["gen_ai.evaluation.score.label"] === "not_checkable");
    expect(notCheckable.map((l) => [l.attributes["hfw.tier"], l.attributes["hfw.response.id"]])).toEqual([
      [-1, "r1"],
      [-1, "r1"],
    ]);
  });

  it("should record evidence as an event on the active span and a counter, not as a span", async () => {
    const fw = firewallWithEvidence();
    await trace.getTracer("agent").startActiveSpan("execute_tool npm_view", async (span) => {
      fw.record({ source: "npm_view", content: { name: "vary", versionCount: 12 }, callId: "call_9" });
      fw.record({ source: "npm_view", content: { name: "vary", versionCount: 12 }, callId: "call_9" }); // same call: no second event
      span.end();
    });
    const tool = one(spans(), "execute_tool npm_view");
    const events = tool.events.filter((e) => e.name === "hfw.evidence.recorded");
    expect(events).toHaveLength(1);
    expect(events[0]!.attributes).toMatchObject({
      "gen_ai.tool.name": "npm_view",
      "gen_ai.tool.call.id": "call_9",
      "hfw.evidence.id": "e4",
      "gen_ai.conversation.id": "default",
      "hfw.evidence.format": "json",
    });
    expect(spans().map((s) => s.name)).toEqual(["execute_tool npm_view"]);
  });
});

describe("content capture", () => {
  const CONTENT_KEYS = ["hfw.draft", "hfw.output", "hfw.claim.text", "hfw.claim.quotes", "hfw.claim.corrections", "hfw.policy.reasons"];

  function everything(): string {
    return JSON.stringify(spans().map((s) => ({ a: s.attributes, e: s.events.map((e) => e.attributes) })));
  }

  it("should keep claim text, quotes, corrections and drafts out of spans and events by default", async () => {
    await firewallWithEvidence().verify(DRAFT);
    const text = everything();
    for (const key of CONTENT_KEYS) expect(text).not.toContain(`"${key}"`);
    for (const secret of ["Troy Goode", "Holowaychuk", "published versions", "versionCount: 35"]) expect(text).not.toContain(secret);
    const explanation = one(spans(), "hfw.tier.0").events[0]!.attributes!["gen_ai.evaluation.explanation"];
    expect(explanation).toBe("contradicted by tier 0 (exact); 1 correction(s) from the evidence; evidence e1");
  });

  it("should capture them when the captureContent option is on", async () => {
    const report = await firewallWithEvidence({ telemetry: { captureContent: true } }).verify(DRAFT);
    const verify = one(spans(), "hfw.verify").attributes;
    expect(verify["hfw.draft"]).toBe(DRAFT);
    expect(verify["hfw.output"]).toBe(report.output);
    expect(verify["hfw.content_captured"]).toBe(true);
    const c4 = one(spans(), "hfw.tier.0").events.find((e) => e.attributes!["hfw.claim.id"] === "r1.c4")!.attributes!;
    expect(c4["hfw.claim.text"]).toBe("The registry lists 40 published versions of cors");
    expect(c4["hfw.claim.corrections"]).toEqual(["40 -> 35"]);
    expect(c4["hfw.claim.span"]).toEqual(report.claims.find((c) => c.id === "r1.c4")!.span);
    expect(c4["gen_ai.evaluation.explanation"]).toContain("versionCount: 35");
    expect((one(spans(), "hfw.policy").attributes["hfw.policy.reasons"] as string[])[0]).toContain("r1.c4 contradicted");
  });

  it("should follow OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT, SPAN_ONLY keeping content out of events", async () => {
    process.env[CAPTURE_CONTENT_ENV] = "SPAN_ONLY";
    await firewallWithEvidence().verify(DRAFT);
    expect(one(spans(), "hfw.verify").attributes["hfw.draft"]).toBe(DRAFT);
    const events = spans().flatMap((s) => s.events.filter((e) => e.name === EVAL));
    expect(events).toHaveLength(6);
    for (const e of events) expect(e.attributes!["hfw.claim.text"]).toBeUndefined();
  });

  it("should let the option override the environment", async () => {
    process.env[CAPTURE_CONTENT_ENV] = "true";
    await firewallWithEvidence({ telemetry: { captureContent: false } }).verify(DRAFT);
    expect(everything()).not.toContain("Troy Goode");
  });
});

describe("nesting under the caller's span", () => {
  it("should make hfw.verify a child of the span active when verify is called", async () => {
    const fw = firewallWithEvidence();
    const agent = trace.getTracer("agent");
    await agent.startActiveSpan("invoke_agent npm-audit", async (root) => {
      await agent.startActiveSpan("chat mock-model", async (chat) => {
        await fw.verify(DRAFT);
        chat.end();
      });
      root.end();
    });
    const chat = one(spans(), "chat mock-model");
    const verify = one(spans(), "hfw.verify");
    expect(parentId(verify)).toBe(chat.spanContext().spanId);
    expect(verify.spanContext().traceId).toBe(one(spans(), "invoke_agent npm-audit").spanContext().traceId);
  });

  it("should make spans a tier opens itself children of its tier span", async () => {
    const judge: Tier = {
      tier: 2,
      name: "judge",
      async run(items) {
        await trace.getTracer("llm-client").startActiveSpan("chat judge-mini", async (s) => s.end());
        return items.map(() => ({ pass: true as const, note: "no opinion" }));
      },
    };
    await firewallWithEvidence({ tiers: ["exact", judge] }).verify(DRAFT);
    expect(parentId(one(spans(), "chat judge-mini"))).toBe(one(spans(), "hfw.tier.2").spanContext().spanId);
  });
});

describe("the LLM judge (tier 2)", () => {
  function judgeFirewall() {
    // Raw tier scores, as in the judge's own tests: which claims it reviews does not move with each re-fit of the calibration table.
    const fw = new Firewall({ calibration: false, judge: { model: judgeModel(), prices: { "mock-judge-1": { input: 2, output: 10 } } } });
    fw.record({ source: "npm_view", content: CORS_VIEW });
    fw.record({ source: "docs_search", content: CORS_DOCS });
    return fw;
  }

  it("should report the judge's model, token usage and cost on its span, with its model calls inside", async () => {
    const report = await judgeFirewall().verify(JUDGE_DRAFT);
    expect(report.llm).toMatchObject({ inputTokens: 900, outputTokens: 120 });
    const t2 = one(spans(), "hfw.tier.2");
    expect(t2.attributes).toMatchObject({
      "hfw.tier.name": "judge",
      "gen_ai.request.model": "mock-judge-1",
      "gen_ai.provider.name": "mock-provider",
      "gen_ai.usage.input_tokens": 900,
      "gen_ai.usage.output_tokens": 120,
      "hfw.llm.calls": 1,
      "hfw.claims.in": 2,
      "hfw.claims.reviewed": 2,
      "hfw.claims.supported": 1,
      "hfw.claims.unsupported": 1,
    });
    expect(t2.attributes["hfw.usage.cost_usd"]).toBeCloseTo((900 * 2 + 120 * 10) / 1e6, 12);
    expect(parentId(one(spans(), "hfw.llm.judge"))).toBe(t2.spanContext().spanId);
    expect(one(spans(), "hfw.verify").attributes).toMatchObject({ "gen_ai.usage.input_tokens": 900, "gen_ai.usage.output_tokens": 120, "hfw.llm.calls": 1 });
    await tracing.forceFlush();
    const tokens = points(tracing.memory!.metrics, "gen_ai.client.token.usage");
    expect(tokens.find((p) => p.attributes["gen_ai.token.type"] === "input")).toMatchObject({ value: 900, count: 1 });
    expect(tokens[0]!.attributes).toMatchObject({
      "gen_ai.request.model": "mock-judge-1",
      "gen_ai.provider.name": "mock-provider",
      "hfw.llm.purpose": "judge",
    });
    expect(points(tracing.memory!.metrics, "hfw.usage.cost")[0]!.value).toBeCloseTo(0.003, 12);
  });

  it("should give a claim the judge overruled one event, on the judge's span", async () => {
    const report = await judgeFirewall().verify(JUDGE_DRAFT);
    const c3 = verdictOf(report, "r1.c3");
    expect(c3).toMatchObject({ verdict: "supported", tier: 2 });
    expect(c3.trace.map((t) => t.outcome)).toEqual(["pass", "unsupported", "supported"]);
    const events = spans().flatMap((s) =>
      s.events
        .filter((e) => e.name === EVAL)
        .map((e) => ({ span: s.name, claim: e.attributes!["hfw.claim.id"], label: e.attributes!["gen_ai.evaluation.score.label"] })),
    );
    expect(events.filter((e) => e.claim === "r1.c3")).toEqual([{ span: "hfw.tier.2", claim: "r1.c3", label: "supported" }]);
    expect(events).toHaveLength(report.claims.length);
    // Each event sits inside its tier span's time.
    const t2 = one(spans(), "hfw.tier.2");
    const at = t2.events.find((e) => e.name === EVAL)!.time;
    expect(hrTimeToNanoseconds(at)).toBeGreaterThanOrEqual(hrTimeToNanoseconds(t2.startTime));
    expect(hrTimeToNanoseconds(at)).toBe(hrTimeToNanoseconds(t2.endTime));
    expect(hrTimeToNanoseconds(t2.endTime)).toBeLessThan(hrTimeToNanoseconds(one(spans(), "hfw.verify").endTime));
  });
});

describe("failures", () => {
  it("should mark a failing tier's span as an error and still return the report", async () => {
    const flaky: Tier = {
      tier: 1,
      name: "nli",
      run() {
        throw new TypeError("model server down");
      },
    };
    const report = await firewallWithEvidence({ tiers: ["exact", flaky] }).verify(DRAFT);
    const t1 = one(spans(), "hfw.tier.1");
    expect(t1.status.code).toBe(SpanStatusCode.ERROR);
    expect(t1.attributes["error.type"]).toBe("TypeError");
    expect(t1.events.some((e) => e.name === "exception")).toBe(true);
    expect(one(spans(), "hfw.verify").status.code).toBe(SpanStatusCode.UNSET);
    // The claims tier 1 could not settle get their verdict event on hfw.verify.
    const onVerify = one(spans(), "hfw.verify")
      .events.filter((e) => e.name === EVAL)
      .map((e) => e.attributes!["hfw.claim.id"]);
    expect(onVerify).toEqual(["r1.c1", "r1.c2", "r1.c3", "r1.c6"]);
    expect(verdictOf(report, "r1.c2").verdict).toBe("unsupported");
  });

  it("should end hfw.verify with the error's type when verify throws", async () => {
    const fw = firewallWithEvidence();
    await expect(fw.verify("bad\u0000draft")).rejects.toBeInstanceOf(DraftError);
    const verify = one(spans(), "hfw.verify");
    expect(verify.status.code).toBe(SpanStatusCode.ERROR);
    expect(verify.attributes["error.type"]).toBe("DraftError");
  });

  it("should end hfw.verify as LedgerTampered when a fail-closed session's chain does not verify", async () => {
    const store = new MemoryStore();
    const fw = firewallWithEvidence({ store, audit: "fail-closed" });
    // The memory store hands out its own links: changing one is changing the store.
    store.chainRows("default")[1]!.hash = "0".repeat(64);
    await expect(fw.verify(DRAFT)).rejects.toSatisfy(LedgerTampered.isInstance);
    const verify = one(spans(), "hfw.verify");
    expect(verify.status.code).toBe(SpanStatusCode.ERROR);
    expect(verify.attributes["error.type"]).toBe("LedgerTampered");
  });

  it("should emit nothing when telemetry is off", async () => {
    const report = await firewallWithEvidence({ telemetry: false }).verify(DRAFT);
    expect(report.decision).toBe("rewrite");
    expect(spans()).toHaveLength(0);
  });
});

describe("metrics", () => {
  it("should count claims by verdict and tier, answers by decision, evidence, and time each tier", async () => {
    const fw = firewallWithEvidence();
    await fw.verify(DRAFT);
    await fw.verify("The registry lists 35 published versions of cors.");
    await tracing.forceFlush();
    const m = tracing.memory!.metrics;
    const claims = points(m, "hfw.claims");
    const count = (verdict: string, tier: number) => claims.find((p) => p.attributes["hfw.verdict"] === verdict && p.attributes["hfw.tier"] === tier)?.value;
    expect(count("contradicted", 0)).toBe(2);
    expect(count("supported", 1)).toBe(3);
    expect(count("not_checkable", -1)).toBe(2);
    const responses = points(m, "hfw.responses");
    expect(responses.find((p) => p.attributes["hfw.decision"] === "rewrite")?.value).toBe(1);
    expect(responses.find((p) => p.attributes["hfw.decision"] === "pass")?.value).toBe(1);
    const tiers = points(m, "hfw.tier.duration");
    expect(tiers.find((p) => p.attributes["hfw.tier"] === 0)?.count).toBe(2);
    expect(tiers.find((p) => p.attributes["hfw.tier"] === 1)?.count).toBe(2);
    expect(points(m, "hfw.verify.duration").reduce((n, p) => n + (p.count ?? 0), 0)).toBe(2);
    expect(points(m, "hfw.evidence.records").find((p) => p.attributes["gen_ai.tool.name"] === "npm_view")?.value).toBe(EVIDENCE.length);
    expect(points(m, "hfw.evidence.size")[0]!.value).toBeGreaterThan(1000);
  });

  it("should count blocked answers", async () => {
    await firewallWithEvidence({ strictness: "strict" }).verify(DRAFT);
    await tracing.forceFlush();
    expect(points(tracing.memory!.metrics, "hfw.responses")).toEqual([
      { attributes: { "hfw.decision": "block", "hfw.policy.strictness": "strict" }, value: 1 },
    ]);
  });
});
