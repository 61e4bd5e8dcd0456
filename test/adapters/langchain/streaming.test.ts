/**
 * What each streaming API of a `createAgent` agent emits with the firewall middleware: the `updates` and
 * `values` streams carry only the gated answer; with `stream: "observe"`, token streams (`messages`,
 * `streamEvents`) carry the model's own answer as it was generated, followed by the gated message and the
 * verdict event (progressive streaming is tested in `progressive-streaming.test.ts`).
 */
import { type AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../../src/index.js";
import { firewallMiddleware, VERDICT_EVENT, type StreamMode, type VerdictEvent } from "../../../adapters/langchain/index.js";
import { ANSWER, docSearch, invoiceLookup, scriptedModel } from "./helpers.js";

const ask = { messages: [new HumanMessage("What does invoice INV-2024-0117 total, and how fast are refunds?")] };

function agent(fw = new Firewall(), stream?: StreamMode) {
  return createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch], middleware: [firewallMiddleware({ firewall: fw, stream })] });
}

describe("streaming with firewallMiddleware", () => {
  it("should emit only the gated answer in the updates stream", async () => {
    const updates: Array<Record<string, { messages?: BaseMessage[] }>> = [];
    for await (const u of await agent().stream(ask, { streamMode: "updates" })) updates.push(u as Record<string, { messages?: BaseMessage[] }>);

    const shipped = updates.flatMap((u) => Object.values(u).flatMap((node) => node?.messages ?? []));
    expect(shipped.length).toBeGreaterThan(3);
    expect(shipped.some((m) => m.text.includes("4,739.20"))).toBe(false);
    const last = updates
      .filter((u) => u.model_request)
      .at(-1)!
      .model_request!.messages!.at(-1) as AIMessage;
    expect(last.text).toContain("totals 4,379.20 EUR");
  });

  it("should emit only the gated answer in the values stream", async () => {
    const values: Array<{ messages: BaseMessage[] }> = [];
    for await (const v of await agent().stream(ask, { streamMode: "values" })) values.push(v as { messages: BaseMessage[] });
    expect(values.some((v) => v.messages.some((m) => m.text.includes("4,739.20")))).toBe(false);
    expect(values.at(-1)!.messages.at(-1)!.text).toContain("totals 4,379.20 EUR");
  });

  it("should follow the model's streamed answer with the gated message and the verdict event (observe)", async () => {
    const events: Array<[string, unknown]> = [];
    for await (const [mode, chunk] of await agent(new Firewall(), "observe").stream(ask, { streamMode: ["messages", "custom"] })) events.push([mode, chunk]);

    const messages = events.filter(([mode]) => mode === "messages").map(([, chunk]) => (chunk as [BaseMessage, unknown])[0]);
    const raw = messages.findIndex((m) => m.id === "answer-1");
    const gated = messages.findIndex((m) => m.id === "answer-1-firewall");
    expect(raw).toBeGreaterThanOrEqual(0);
    expect(messages[raw]!.text).toBe(ANSWER);
    expect(gated).toBeGreaterThan(raw);
    expect(messages[gated]!.text).toContain("totals 4,379.20 EUR");

    const verdicts = events.filter(([mode, chunk]) => mode === "custom" && (chunk as VerdictEvent).type === VERDICT_EVENT).map(([, c]) => c as VerdictEvent);
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ decision: "rewrite", messageId: "answer-1-firewall" });
    expect(verdicts[0]!.output).toContain("totals 4,379.20 EUR");
    expect(verdicts[0]!.report.verdicts[0]!.corrections[0]!.value).toBe("4,379.20 EUR");
  });

  it("should dispatch the verdict as a custom event in streamEvents, after the model's own output", async () => {
    const seen: Array<{ event: string; name: string; data: unknown }> = [];
    for await (const e of agent().streamEvents(ask, { version: "v2" })) seen.push({ event: e.event, name: e.name, data: e.data });

    const modelEnds = seen.map((e, i) => [e, i] as const).filter(([e]) => e.event === "on_chat_model_end");
    const custom = seen.findIndex((e) => e.event === "on_custom_event" && e.name === VERDICT_EVENT);
    expect(custom).toBeGreaterThan(modelEnds.at(-1)![1]);
    expect((seen[custom]!.data as VerdictEvent).decision).toBe("rewrite");
    const end = seen.filter((e) => e.event === "on_chain_end").at(-1)!.data as { output: { messages: BaseMessage[] } };
    expect(end.output.messages.at(-1)!.text).toContain("totals 4,379.20 EUR");
  });

  it("should give the same gated answer to invoke and to the stream", async () => {
    const invoked = (await agent().invoke(ask)).messages.at(-1) as AIMessage;
    let streamed: AIMessage | undefined;
    for await (const v of await agent().stream(ask, { streamMode: "values" })) streamed = (v as { messages: BaseMessage[] }).messages.at(-1) as AIMessage;
    expect(streamed!.text).toBe(invoked.text);
  });
});
