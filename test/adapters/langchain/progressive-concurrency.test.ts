/**
 * Progressive streaming runs verification alongside the model: the model streams on while a unit is
 * verified, a unit goes out as soon as it is verified, a consumer that stops reading stops the model, and one
 * that leaves cancels the model and the verification. Models here stream one chunk each time the test allows
 * it, and a holding tier keeps a unit's verification open until the test lets it go, so nothing depends on
 * timing.
 */
import { AIMessageChunk, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../../src/index.js";
import { firewallMiddleware } from "../../../adapters/langchain/index.js";
import { AnswerStream } from "../../../adapters/langchain/answer-stream.js";
import { GatedChatModel, HIGH_WATER } from "../../../adapters/langchain/gated-model.js";
import { emptyStats } from "../../../adapters/langchain/safety.js";
import { DOCS, holdingTier, INVOICES, PacedStreamingModel } from "./helpers.js";

const ask = { messages: [new HumanMessage("What does invoice INV-2024-0117 total, and how fast are refunds?")] };
const CHUNKS = ["Invoice INV-2024-0117 totals 4,739.20 EUR.", " Refunds are paid out", " within 14 business days."];
const FIRST = "Invoice INV-2024-0117 totals 4,379.20 EUR.";
const CORRECTED = `${FIRST} Refunds are paid out within 14 business days.`;

/** A firewall whose session `id` holds the invoice and the refund policy. */
function firewallWithEvidence(id: string, options: ConstructorParameters<typeof Firewall>[0] = {}) {
  const fw = new Firewall(options);
  fw.session(id).record({ source: "invoice_lookup", content: INVOICES[0] });
  fw.session(id).record({ source: "doc_search", content: `${DOCS[0]!.path}: ${DOCS[0]!.text}` });
  return fw;
}

/**
 * Reads the agent's `messages` stream in the background (the stream starts once the model yields, so it is
 * not awaited first); `received` grows as tokens arrive.
 */
function consume(stream: Promise<AsyncIterable<unknown>>, stopAfter = Number.POSITIVE_INFINITY) {
  const received: string[] = [];
  const done = (async () => {
    for await (const chunk of await stream) {
      const [message] = chunk as [BaseMessage, unknown];
      if (message.text === "") continue;
      received.push(message.text);
      if (received.length >= stopAfter) break;
    }
  })();
  return { received, done };
}

describe("progressive streaming alongside the model", () => {
  it("should read the model on while a unit is verified, and release the unit before the model ends", async () => {
    const held = holdingTier();
    const fw = firewallWithEvidence("paced", { tiers: [held, "exact", "lexical"] });
    const model = new PacedStreamingModel(CHUNKS);
    const agent = createAgent({ model, tools: [], middleware: [firewallMiddleware({ firewall: fw })] });
    const { received, done } = consume(agent.stream(ask, { streamMode: "messages", configurable: { thread_id: "paced" } }));

    // The second chunk begins the next unit: the first one is being verified, and stays so.
    model.allow(2);
    await expect.poll(() => held.waiting).toBe(1);
    // The model is read on meanwhile: its last text chunk is taken and the model is asked for what follows.
    model.allow(1);
    await expect.poll(() => model.pulls).toBe(CHUNKS.length + 1);
    expect(held.waiting).toBe(1);
    expect(received).toEqual([]);

    // Once verified, the unit goes out at once, corrected, while the model has not ended.
    held.release();
    await expect.poll(() => received).toEqual([FIRST]);
    expect(model.ended).toBe(false);

    model.allow(1);
    await done;
    expect(received.join("")).toBe(CORRECTED);
    expect(fw.session("paced").report().responses).toBe(1);
  });

  it("should cancel the model and store no report when the consumer stops reading", async () => {
    const fw = firewallWithEvidence("left");
    const before = fw.session("left").report().responses;
    const model = new PacedStreamingModel(CHUNKS);
    const agent = createAgent({ model, tools: [], middleware: [firewallMiddleware({ firewall: fw })] });
    const { received, done } = consume(agent.stream(ask, { streamMode: "messages", configurable: { thread_id: "left" } }), 1);

    model.allow(2);
    await done;
    expect(received).toEqual([FIRST]);
    await expect.poll(() => model.signal?.aborted).toBe(true);
    model.allow(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(model.ended).toBe(false);
    expect(fw.session("left").report().responses).toBe(before);
  });

  it("should stop reading the model while the consumer does not read, and go on when it does", async () => {
    const fw = firewallWithEvidence("slow");
    // A tool-call step whose arguments stream in many chunks: each goes out as it came.
    const args = Array.from({ length: 100 }, (_, i) => `"part${i}"`);
    const chunks = args.map(
      (a, i) =>
        new AIMessageChunk({
          content: "",
          id: "step-1",
          tool_call_chunks: [{ name: i === 0 ? "doc_search" : undefined, args: a, index: 0, type: "tool_call_chunk" }],
        }),
    );
    const model = new PacedStreamingModel(["Let me look that up.", ...chunks], "step-1");
    const gated = new GatedChatModel(
      model,
      (sink) =>
        new AnswerStream(
          {
            mode: "progressive",
            session: fw.session("slow"),
            policy: undefined,
            onError: "pass",
            events: false,
            runtime: undefined,
            stats: emptyStats(),
            logger: fw.logger,
          },
          sink,
        ),
    );
    const streaming = gated.stream(ask.messages);
    model.allow(Number.POSITIVE_INFINITY);
    const reader = (await streaming)[Symbol.asyncIterator]();
    expect((await reader.next()).value?.text).toBe("Let me look that up.");

    // The consumer reads no further: the model is asked for a bounded number of chunks beyond what it read.
    await expect.poll(() => model.pulls).toBeGreaterThanOrEqual(HIGH_WATER);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(model.pulls).toBeLessThan(HIGH_WATER + 8);

    let argsText = "";
    for (let next = await reader.next(); !next.done; next = await reader.next()) argsText += next.value.tool_call_chunks?.[0]?.args ?? "";
    expect(argsText).toBe(args.join(""));
    expect(model.ended).toBe(true);
  });
});
