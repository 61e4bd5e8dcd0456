import { APICallError, type LanguageModelV3CallOptions, type LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { stepCountIs, streamText, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream, convertReadableStreamToArray } from "ai/test";
import { describe, expect, it } from "vitest";
import { Firewall, HallucinationBlocked } from "../../../src/index.js";
import { DEFAULT_REFUSAL, firewallMiddleware, readFirewallMetadata, type FirewallMiddlewareOptions } from "../../../adapters/ai-sdk/index.js";
import {
  CORRECTED,
  RIGHT,
  WRONG,
  billingTools,
  feedableModel,
  lookupSteps,
  recordInvoice,
  scriptedModel,
  settledWithin,
  streamParts,
  toolResultIdsPerCall,
  usage,
} from "./helpers.js";

const finish: LanguageModelV3StreamPart = { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage };
const opening: LanguageModelV3StreamPart[] = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
];

function streamWith(options: FirewallMiddlewareOptions, fw = new Firewall()) {
  const feed = feedableModel();
  const model = wrapLanguageModel({ model: feed.mock, middleware: firewallMiddleware(fw, options) });
  return { fw, feed, model };
}

/** Calls the middleware's wrapStream directly, as `wrapLanguageModel` does. */
async function wrapped(
  middleware: LanguageModelMiddleware,
  parts: LanguageModelV3StreamPart[] | ReadableStream<LanguageModelV3StreamPart>,
  params: Partial<LanguageModelV3CallOptions> = {},
) {
  const model = new MockLanguageModelV3();
  const stream = Array.isArray(parts) ? convertArrayToReadableStream(parts) : parts;
  const full = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "INV-2041?" }] }], ...params };
  const result = await middleware.wrapStream!({ doStream: async () => ({ stream }), doGenerate: async () => model.doGenerate(full), params: full, model });
  return result.stream;
}

describe("firewallMiddleware with streamText", () => {
  it("should gate: hold every delta until the step finishes, then emit only the verified text", async () => {
    const { fw, feed, model } = streamWith({ stream: "gate" });
    recordInvoice(fw.session());
    const result = streamText({ model, prompt: "INV-2041?" });
    const texts = result.textStream[Symbol.asyncIterator]();
    feed.push(...opening, { type: "text-delta", id: "t", delta: "Invoice INV-2041 for Lindqvist Bakery AB " });
    const first = texts.next();
    expect(await settledWithin(first, 50)).toBe("pending");
    feed.push({ type: "text-delta", id: "t", delta: "totals 4,312.50 EUR and was due on 2026-10-31." }, { type: "text-end", id: "t" }, finish);
    feed.close();
    const deltas = [(await first).value as string];
    for (let n = await texts.next(); !n.done; n = await texts.next()) deltas.push(n.value);
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toContain(CORRECTED);
    expect(deltas.join("")).not.toContain("4,312.50");
    const report = readFirewallMetadata(await result.providerMetadata)!.report!;
    expect(report.decision).toBe("rewrite");
    expect(deltas[0]).toBe(report.output);
  });

  it("should observe: pass each delta at once and bring the verdict at the end", async () => {
    const order: string[] = [];
    const { fw, feed, model } = streamWith({ stream: "observe", onReport: (report, info) => order.push(`report:${report.decision}:${info.mode}`) });
    recordInvoice(fw.session());
    const result = streamText({ model, prompt: "INV-2041?" });
    const texts = result.textStream[Symbol.asyncIterator]();
    feed.push(...opening, { type: "text-delta", id: "t", delta: "Invoice INV-2041 for Lindqvist Bakery AB " });
    const first = await settledWithin(texts.next(), 1000);
    expect(first).toEqual({ done: false, value: "Invoice INV-2041 for Lindqvist Bakery AB " });
    order.push("delta");
    feed.push({ type: "text-delta", id: "t", delta: "totals 4,312.50 EUR and was due on 2026-10-31." }, { type: "text-end", id: "t" }, finish);
    feed.close();
    for (let n = await texts.next(); !n.done; n = await texts.next()) order.push("delta");
    expect(order).toEqual(["delta", "delta", "report:rewrite:observe"]);
    expect(await result.text).toBe(WRONG);
    const report = readFirewallMetadata(await result.providerMetadata)!.report!;
    expect(report.output).toContain(CORRECTED);
  });

  it("should neither verify nor release held text when the call is aborted mid-stream", async () => {
    const { fw, feed, model } = streamWith({ stream: "gate" });
    recordInvoice(fw.session());
    const controller = new AbortController();
    const result = streamText({ model, prompt: "INV-2041?", abortSignal: controller.signal });
    const seen: string[] = [];
    const consumed = (async () => {
      for await (const part of result.fullStream) seen.push(part.type);
    })();
    feed.push(...opening, { type: "text-delta", id: "t", delta: "Invoice INV-2041 totals 4,312.50 EUR." });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    feed.push({ type: "text-end", id: "t" }, finish);
    feed.close();
    await consumed;
    expect(seen).toContain("abort");
    expect(seen).not.toContain("text-delta");
    await expect(result.text).rejects.toThrow(/abort/i);
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should drop held text of an aborted call at the middleware itself", async () => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const controller = new AbortController();
    controller.abort();
    const out = await wrapped(
      firewallMiddleware(fw, { stream: "gate" }),
      [...opening, { type: "text-delta", id: "t", delta: WRONG }, { type: "text-end", id: "t" }, finish],
      { abortSignal: controller.signal },
    );
    const parts = await convertReadableStreamToArray(out);
    expect(parts.map((p) => p.type)).toEqual(["stream-start", "finish"]);
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should pass a provider error from doStream through unchanged", async () => {
    const providerError = new APICallError({
      message: "overloaded",
      url: "https://api.example.test/v1",
      requestBodyValues: {},
      statusCode: 529,
      isRetryable: false,
    });
    const fw = new Firewall();
    const mock = new MockLanguageModelV3({
      doStream: async () => {
        throw providerError;
      },
    });
    const errors: unknown[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) }),
      prompt: "hi",
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    const parts = await convertReadableStreamToArray(result.fullStream);
    expect(parts.find((p) => p.type === "error")).toMatchObject({ error: providerError });
    expect(errors).toEqual([providerError]);
  });

  it("should pass error parts and a failing source through unchanged", async () => {
    const fw = new Firewall();
    const midStream = new Error("connection reset");
    const errorPart: LanguageModelV3StreamPart = { type: "error", error: midStream };
    const parts = await convertReadableStreamToArray(await wrapped(firewallMiddleware(fw), [...opening, errorPart, finish]));
    expect(parts).toContain(errorPart);

    const failing = new Error("socket hang up");
    const feed = feedableModel();
    const result = streamText({ model: wrapLanguageModel({ model: feed.mock, middleware: firewallMiddleware(fw) }), prompt: "hi", onError: () => {} });
    feed.push(...opening, { type: "text-delta", id: "t", delta: "Invoice" });
    feed.fail(failing);
    // streamText surfaces a failing model stream by failing its own stream with the same error.
    expect(await convertReadableStreamToArray(result.fullStream).catch((e: unknown) => e)).toBe(failing);
  });

  it("should error the stream with HallucinationBlocked when onBlock is throw, releasing no text", async () => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const model = wrapLanguageModel({
      model: scriptedModel([{ text: WRONG }]),
      middleware: firewallMiddleware(fw, { stream: "gate", verify: { strictness: "strict" }, onBlock: "throw" }),
    });
    const result = streamText({ model, prompt: "INV-2041?", onError: () => {} });
    const deltas: string[] = [];
    const error = await (async () => {
      for await (const t of result.textStream) deltas.push(t);
    })().catch((e: unknown) => e);
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
    expect((error as HallucinationBlocked).report.decision).toBe("block");
    expect(deltas).toEqual([]);
  });

  it("should, in observe mode, let the deltas out and then error the stream when onBlock is throw", async () => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const model = wrapLanguageModel({
      model: scriptedModel([{ text: WRONG }]),
      middleware: firewallMiddleware(fw, { stream: "observe", verify: { strictness: "strict" }, onBlock: "throw" }),
    });
    const result = streamText({ model, prompt: "INV-2041?", onError: () => {} });
    const deltas: string[] = [];
    const error = await (async () => {
      for await (const t of result.textStream) deltas.push(t);
    })().catch((e: unknown) => e);
    expect(deltas.join("")).toBe(WRONG);
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
  });

  it("should emit the refusal as the text when a gated answer is blocked", async () => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const model = wrapLanguageModel({
      model: scriptedModel([{ text: WRONG }]),
      middleware: firewallMiddleware(fw, { stream: "gate", verify: { strictness: "strict" } }),
    });
    const result = streamText({ model, prompt: "INV-2041?" });
    expect(await result.text).toBe(DEFAULT_REFUSAL);
  });

  it.each(["gate", "progressive"] as const)("should pass reasoning, tool-input and tool-call parts through untouched and in order (%s)", async (stream) => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const middleware = firewallMiddleware(fw, { stream });
    const toolStep = streamParts({ text: "Let me look that up.", calls: [{ toolName: "list_payments", input: { invoice: "INV-2041" }, id: "q-1" }] });
    const answerStep = streamParts({ reasoning: "The invoice record has the total.", text: WRONG });
    for (const source of [toolStep, answerStep]) {
      const out = await convertReadableStreamToArray(await wrapped(middleware, source));
      const untouched = (p: { type: string }) => !p.type.startsWith("text-") && p.type !== "finish";
      const passed = out.filter(untouched);
      expect(passed).toHaveLength(source.filter(untouched).length);
      passed.forEach((p, i) => expect(p).toBe(source.filter(untouched)[i]));
    }
    // The tool-calling step's own text is released unchanged (it is not the final answer).
    const toolOut = await convertReadableStreamToArray(await wrapped(middleware, toolStep));
    expect(
      toolOut
        .filter((p) => p.type === "text-delta")
        .map((p) => (p as { delta: string }).delta)
        .join(""),
    ).toBe("Let me look that up.");
  });

  it.each(["gate", "progressive"] as const)("should keep the provider's own metadata on finish and add the report beside it (%s)", async (stream) => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const out = await convertReadableStreamToArray(await wrapped(firewallMiddleware(fw, { stream }), streamParts({ text: WRONG })));
    const end = out.at(-1) as { type: string; providerMetadata: Record<string, unknown> };
    expect(end.type).toBe("finish");
    expect(end.providerMetadata.mock).toEqual({ served: true });
    expect(readFirewallMetadata(end.providerMetadata)!.report!.decision).toBe("rewrite");
  });

  it.each(["observe", "progressive"] as const)(
    "should respect backpressure: an unread stream pulls only a few parts from the provider (%s)",
    async (stream) => {
      const fw = new Firewall();
      const source = streamParts({ calls: [1, 2, 3, 4, 5, 6].map((n) => ({ toolName: "get_invoice", input: { id: `INV-${n}` }, id: `bp-${n}` })) });
      let pulls = 0;
      const pulled = new ReadableStream<LanguageModelV3StreamPart>(
        {
          pull(c) {
            const part = source[pulls++];
            if (part) c.enqueue(part);
            else c.close();
          },
        },
        { highWaterMark: 0 },
      );
      const out = await wrapped(firewallMiddleware(fw, { stream }), pulled);
      await new Promise((r) => setTimeout(r, 50));
      expect(pulls).toBeLessThanOrEqual(4);
      expect((await convertReadableStreamToArray(out)).length).toBe(source.length);
    },
  );

  it("should record tool results once across a multi-step streamed loop and correct the final text", async () => {
    const fw = new Firewall();
    const mock = scriptedModel(lookupSteps(WRONG));
    const result = streamText({
      model: wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) }),
      tools: billingTools(),
      stopWhen: stepCountIs(5),
      prompt: "INV-2041?",
    });
    const text = await result.text;
    expect(text).toContain(CORRECTED);
    expect(toolResultIdsPerCall(mock)).toEqual([[], ["call-1", "call-2"]]);
    expect(fw.session().ledger.records.map((e) => e.callId)).toEqual(["call-1", "call-2"]);
    const steps = await result.steps;
    expect(readFirewallMetadata(steps[1]!.providerMetadata)!.recorded).toEqual(["e1", "e2"]);
  });

  it("should keep two concurrent streamed conversations apart", async () => {
    const fw = new Firewall();
    const middleware = firewallMiddleware(fw);
    const ask = (id: string, sessionId: string) =>
      streamText({
        model: wrapLanguageModel({ model: scriptedModel(lookupSteps(RIGHT, id, sessionId)), middleware }),
        tools: billingTools(),
        stopWhen: stepCountIs(5),
        prompt: `${id}?`,
        providerOptions: { hallucinationFirewall: { sessionId } },
      });
    const [a, b] = [ask("INV-2041", "conv-a"), ask("INV-2042", "conv-b")];
    const [textA, textB] = await Promise.all([a.text, b.text]);
    expect(textA).toBe(RIGHT);
    expect(textB).not.toBe(RIGHT);
    expect(fw.session("conv-a").ledger.records.map((e) => e.callId)).toEqual(["conv-a-1", "conv-a-2"]);
    expect(fw.session("conv-b").ledger.records.map((e) => e.callId)).toEqual(["conv-b-1", "conv-b-2"]);
  });

  it.each(["gate", "progressive"] as const)("should verify a stream that ends without a finish part (%s)", async (stream) => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const out = await convertReadableStreamToArray(
      await wrapped(firewallMiddleware(fw, { stream }), [...opening, { type: "text-delta", id: "t", delta: WRONG }, { type: "text-end", id: "t" }]),
    );
    const text = out
      .filter((p) => p.type === "text-delta")
      .map((p) => (p as { delta: string }).delta)
      .join("");
    expect(text).toContain(CORRECTED);
  });
});
