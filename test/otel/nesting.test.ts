/**
 * Firewall spans inside an agent framework's own trace: the AI SDK's `experimental_telemetry` with its mock
 * model and a real tool; and a span processor that throws, which must not reach the user's run.
 */
import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, type ReadableSpan, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { generateText, stepCountIs, tool, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { setupTracing, type Tracing } from "../../otel/index.js";
import { Firewall } from "../../src/index.js";
import { DRAFT, EVIDENCE, firewallWithEvidence, one, parentId } from "./helpers.js";

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };
const cors = EVIDENCE[0]!.content as Record<string, unknown>;

function step(content: LanguageModelV3GenerateResult["content"], toolCalls: boolean): LanguageModelV3GenerateResult {
  return { content, finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: toolCalls ? "tool_calls" : "stop" }, usage, warnings: [] };
}

describe("inside the AI SDK's trace", () => {
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
  });

  it("should put evidence events on ai.toolCall and nest hfw.verify under the model call it checks", async () => {
    tracing = setupTracing({ exporter: "memory" });
    const fw = new Firewall();
    const answer = "The registry lists 40 published versions of cors.";
    let call = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        call++ === 0
          ? step([{ type: "tool-call", toolCallId: "call_1", toolName: "npm_view", input: JSON.stringify({ name: "cors" }) }], true)
          : step([{ type: "text", text: answer }], false),
    });
    // The firewall checks each final answer inside the model call (a middleware), as the AI SDK adapter does.
    const verifyFinal: LanguageModelMiddleware = {
      specificationVersion: "v3",
      wrapGenerate: async ({ doGenerate }) => {
        const result = await doGenerate();
        const text = result.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
        if (text) await fw.verify(text);
        return result;
      },
    };
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: verifyFinal }),
      prompt: "How many versions of cors are published?",
      tools: {
        npm_view: tool({
          inputSchema: z.object({ name: z.string() }),
          execute: async ({ name }, { toolCallId }) => {
            const out = { ...cors, name };
            fw.record({ source: "npm_view", content: out, callId: toolCallId });
            return out;
          },
        }),
      },
      stopWhen: stepCountIs(3),
      experimental_telemetry: { isEnabled: true, functionId: "npm-audit" },
    });
    expect(result.text).toBe(answer);

    const spans: ReadableSpan[] = tracing.memory!.spans.getFinishedSpans();
    const root = one(spans, "ai.generateText");
    const toolCall = one(spans, "ai.toolCall");
    const evidence = toolCall.events.filter((e) => e.name === "hfw.evidence.recorded");
    expect(evidence).toHaveLength(1);
    expect(evidence[0]!.attributes).toMatchObject({ "gen_ai.tool.name": "npm_view", "gen_ai.tool.call.id": "call_1" });

    const verify = one(spans, "hfw.verify");
    const modelCalls = spans.filter((s) => s.name === "ai.generateText.doGenerate");
    expect(modelCalls).toHaveLength(2);
    expect(parentId(verify)).toBe(modelCalls[1]!.spanContext().spanId);
    expect(verify.spanContext().traceId).toBe(root.spanContext().traceId);
    expect(verify.attributes["hfw.claims.contradicted"]).toBe(1);
    const tier0 = one(spans, "hfw.tier.0");
    expect(parentId(tier0)).toBe(verify.spanContext().spanId);
    expect(tier0.events.find((e) => e.name === "gen_ai.evaluation.result")!.attributes!["gen_ai.evaluation.score.label"]).toBe("contradicted");
  });
});

describe("a span processor that throws", () => {
  afterEach(() => {
    trace.disable();
  });

  it.each(["onStart", "onEnd"] as const)("should not reach verify when %s throws: the report comes back as without telemetry", async (where) => {
    let calls = 0;
    const bug = (at: string) => () => {
      if (at !== where) return;
      calls++;
      throw new Error(`processor bug in ${at}`);
    };
    const throwing: SpanProcessor = { onStart: bug("onStart"), onEnd: bug("onEnd"), forceFlush: async () => {}, shutdown: async () => {} };
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [throwing] }));
    const traced = await firewallWithEvidence().verify(DRAFT);
    trace.disable();
    expect(calls).toBeGreaterThan(0);
    const plain = await firewallWithEvidence({ telemetry: false }).verify(DRAFT);
    expect(traced.output).toBe(plain.output);
    expect(traced.verdicts.map((v) => v.verdict)).toEqual(plain.verdicts.map((v) => v.verdict));
  });
});
