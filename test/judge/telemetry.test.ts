import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corsFirewall, DRAFT, ruleJudge, scriptedModel } from "./helpers.js";

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});

afterAll(() => {
  trace.disable();
});

describe("LLM judge telemetry", () => {
  it("should open one hfw.llm.judge span per call with GenAI usage and cost attributes", async () => {
    exporter.reset();
    const model = ruleJudge([], { input: 1000, output: 50 });
    await corsFirewall({ model, batchSize: 1, prices: { "mock-judge-1": { input: 2, output: 10 } } }).verify(DRAFT);
    const spans = exporter.getFinishedSpans().filter((s) => s.name === "hfw.llm.judge");
    expect(spans).toHaveLength(2);
    expect(spans[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "mock-provider",
      "gen_ai.request.model": "mock-judge-1",
      "gen_ai.response.model": "mock-judge-1",
      "gen_ai.usage.input_tokens": 1000,
      "gen_ai.usage.output_tokens": 50,
      "hfw.llm.attempts": 1,
      "hfw.llm.outcome": "ok",
      "hfw.claims.in": 1,
    });
    expect(spans[0]!.attributes["hfw.usage.cost_usd"]).toBeCloseTo((1000 * 2 + 50 * 10) / 1e6, 12);
  });

  it("should mark a failed call's span as an error with its kind", async () => {
    exporter.reset();
    const model = scriptedModel(() => new Promise(() => {}));
    await corsFirewall({ model, timeoutMs: 30 }).verify(DRAFT);
    const span = exporter.getFinishedSpans().find((s) => s.name === "hfw.llm.judge")!;
    expect(span.status.code).toBe(2);
    expect(span.attributes).toMatchObject({ "error.type": "timeout", "hfw.llm.outcome": "timeout" });
  });
});
