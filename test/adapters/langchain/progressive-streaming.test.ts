/**
 * Progressive streaming with `firewallMiddleware` (the default `stream` mode): token consumers (`messages`
 * stream mode, `streamEvents`) receive the gated answer unit by unit in place of the model's tokens, with a
 * verdict event per unit; the agent's state holds the same text.
 */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { ConfigError, Firewall } from "../../../src/index.js";
import {
  findHallucinationBlocked,
  firewallMiddleware,
  firewallReport,
  isUnitVerdictEvent,
  isVerdictEvent,
  UNIT_VERDICT_EVENT,
  VERDICT_EVENT,
  type FirewallMiddlewareOptions,
  type UnitVerdictEvent,
  type VerdictEvent,
} from "../../../adapters/langchain/index.js";
import { ANSWER, docSearch, invoiceLookup, streamingModel } from "./helpers.js";

const ask = { messages: [new HumanMessage("What does invoice INV-2024-0117 total, and how fast are refunds?")] };
const RIGHT = "Invoice INV-2024-0117 totals 4,379.20 EUR. Refunds are paid out within 14 business days.";
const CORRECTED = RIGHT;

type Options = Partial<FirewallMiddlewareOptions>;

function agent(answer = ANSWER, options: Options = {}, sizes?: number[], fw = new Firewall()) {
  return createAgent({
    model: streamingModel(answer, sizes),
    tools: [invoiceLookup, docSearch],
    middleware: [firewallMiddleware({ firewall: fw, ...options })],
  });
}

/** Runs the agent in `messages`, `custom` and `values` modes at once and sorts what arrives. */
async function run(answer = ANSWER, options: Options = {}, sizes?: number[], fw = new Firewall(), config: Record<string, unknown> = {}) {
  const order: string[] = [];
  const tokens: Record<string, string[]> = {};
  const units: UnitVerdictEvent[] = [];
  const verdicts: VerdictEvent[] = [];
  let last: { messages: BaseMessage[] } | undefined;
  for await (const [mode, chunk] of await agent(answer, options, sizes, fw).stream(ask, { streamMode: ["messages", "custom", "values"], ...config })) {
    if (mode === "messages") {
      const [m] = chunk as [BaseMessage, unknown];
      if (!AIMessage.isInstance(m) || m.text === "") continue;
      (tokens[m.id!] ??= []).push(m.text);
      order.push(`text:${m.text}`);
    } else if (mode === "custom") {
      // The public guards narrow LangGraph's unknown custom chunks; anything else in the stream is not ours.
      if (isUnitVerdictEvent(chunk)) units.push(chunk);
      else if (isVerdictEvent(chunk)) verdicts.push(chunk);
      else throw new Error(`unexpected custom chunk ${JSON.stringify(chunk)}`);
      order.push(`event:${chunk.type}`);
    } else last = chunk as { messages: BaseMessage[] };
  }
  return { order, tokens, units, verdicts, final: last!.messages.at(-1) as AIMessage };
}

describe("firewallMiddleware progressive streaming", () => {
  it("should stream the wrong sentence corrected, unit by unit, each followed by its verdict event", async () => {
    const { order, tokens, units, verdicts, final } = await run(ANSWER, {}, [3, 11, 5]);

    expect(tokens["answer-1"]).toEqual(["Invoice INV-2024-0117 totals 4,379.20 EUR.", " Refunds are paid out within 14 business days."]);
    expect(Object.values(tokens).flat().join("")).not.toContain("4,739.20");
    expect(order.filter((o) => o.startsWith("event:") || o.includes("EUR.") || o.includes("days."))).toEqual([
      "text:Invoice INV-2024-0117 totals 4,379.20 EUR.",
      `event:${UNIT_VERDICT_EVENT}`,
      "text: Refunds are paid out within 14 business days.",
      `event:${UNIT_VERDICT_EVENT}`,
      `event:${VERDICT_EVENT}`,
    ]);

    expect(units.map((u) => [u.index, u.changed, u.verdicts.map((v) => v.verdict)])).toEqual([
      [0, true, ["contradicted"]],
      [1, false, ["supported"]],
    ]);
    expect(units[0]).toMatchObject({ messageId: "answer-1", draftText: "Invoice INV-2024-0117 totals 4,739.20 EUR.", draft: [0, 42] });
    expect(units[0]!.verdicts[0]!.corrections[0]).toMatchObject({ wrong: "4,739.20 EUR", value: "4,379.20 EUR" });
    expect(units[0]!.claims[0]!.id).toBe(verdicts[0]!.report.claims[0]!.id);

    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ decision: "rewrite", messageId: "answer-1", output: CORRECTED });
    // The state holds what was streamed, with the report; no second message is sent for it.
    expect(final.id).toBe("answer-1");
    expect(final.text).toBe(tokens["answer-1"]!.join(""));
    expect(firewallReport(final)?.draft).toBe(ANSWER);
    expect(final.usage_metadata?.total_tokens).toBe(15);
  });

  it("should stream the gated answer in streamEvents' on_chat_model_stream, with on_custom_event per unit", async () => {
    const seen: Array<{ event: string; name: string; data: { chunk?: BaseMessage } }> = [];
    for await (const e of agent(ANSWER, {}, [4]).streamEvents(ask, { version: "v2" })) seen.push(e as (typeof seen)[number]);
    const streamed = seen.filter((e) => e.event === "on_chat_model_stream").map((e) => e.data.chunk!);
    expect(streamed.map((c) => c.text).join("")).not.toContain("4,739.20");
    expect(
      streamed
        .filter((c) => c.id === "answer-1")
        .map((c) => c.text)
        .join(""),
    ).toBe(CORRECTED);
    const custom = seen.filter((e) => e.event === "on_custom_event").map((e) => e.name);
    expect(custom).toEqual([UNIT_VERDICT_EVENT, UNIT_VERDICT_EVENT, VERDICT_EVENT]);
    const firstText = seen.findIndex((e) => e.event === "on_chat_model_stream" && e.data.chunk!.text.includes("4,379.20"));
    const firstUnit = seen.findIndex((e) => e.event === "on_custom_event");
    const secondText = seen.findIndex((e) => e.event === "on_chat_model_stream" && e.data.chunk!.text.includes("Refunds"));
    expect(firstText).toBeLessThan(firstUnit);
    expect(firstUnit).toBeLessThan(secondText);
  });

  it("should pass a right answer unchanged, sentence by sentence", async () => {
    const { tokens, units, verdicts, final } = await run(RIGHT, {}, [2]);
    expect(tokens["answer-1"]).toEqual(["Invoice INV-2024-0117 totals 4,379.20 EUR.", " Refunds are paid out within 14 business days."]);
    expect(units.map((u) => u.changed)).toEqual([false, false]);
    expect(verdicts[0]!.decision).toBe("pass");
    expect(final.text).toBe(RIGHT);
  });

  const BLOCKED = "Refunds are paid out within 14 business days. Invoice INV-2024-0117 totals 4,739.20 EUR. It is overdue and due on 2024-12-04.";

  it("should stop the text at a block mid-answer and follow what was released with the refusal", async () => {
    const { tokens, units, verdicts, final } = await run(BLOCKED, { policy: { action: "block" }, refusal: "I can't confirm that." }, [6]);
    expect(tokens["answer-1"]).toEqual(["Refunds are paid out within 14 business days.", "\n\nI can't confirm that."]);
    expect(units).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ decision: "block", output: "Refunds are paid out within 14 business days.\n\nI can't confirm that." });
    expect(final.text).toBe(tokens["answer-1"]!.join(""));
    // The agent offers tools, so the response is read to its end (it might have called one) before the block.
    expect(firewallReport(final)!.draft).toBe(BLOCKED);
  });

  it("should reject the run with HallucinationBlocked at a block mid-answer when onBlock is throw", async () => {
    const streamed: string[] = [];
    const events: VerdictEvent[] = [];
    const failure = await (async () => {
      for await (const [mode, chunk] of await agent(BLOCKED, { policy: { action: "block" }, onBlock: "throw" }, [6]).stream(ask, {
        streamMode: ["messages", "custom"],
      })) {
        if (mode === "messages" && (chunk as [BaseMessage, unknown])[0].id === "answer-1") streamed.push((chunk as [BaseMessage, unknown])[0].text);
        if (mode === "custom" && (chunk as VerdictEvent).type === VERDICT_EVENT) events.push(chunk as VerdictEvent);
      }
    })().catch((error: unknown) => error);
    const blocked = findHallucinationBlocked(failure);
    expect(blocked?.report.decision).toBe("block");
    expect(streamed.join("")).toBe("Refunds are paid out within 14 business days.");
    expect(events[0]).toMatchObject({ decision: "block", output: null });
  });

  it("should pass a tool-call step's text and tool calls as the model streamed them", async () => {
    const { tokens } = await run(ANSWER, {}, [4]);
    expect(tokens["step-1"]!.join("")).toBe("Let me look that up.");
    const values: Array<{ messages: BaseMessage[] }> = [];
    for await (const v of await agent(ANSWER, {}, [4]).stream(ask, { streamMode: "values" })) values.push(v as { messages: BaseMessage[] });
    const step = values.at(-1)!.messages.find((m) => m.id === "step-1") as AIMessage;
    expect(step.text).toBe("Let me look that up.");
    expect(step.tool_calls?.map((c) => c.name)).toEqual(["invoice_lookup", "doc_search"]);
    expect(firewallReport(step)).toBeUndefined();
  });

  it("should let the tool calls go on after a preamble that a block rule flags", async () => {
    const fw = new Firewall();
    const preamble = "Invoice INV-2024-0117 totals 9,999.00 EUR. Let me look that up.";
    const model = streamingModel(RIGHT, [4], preamble);
    const graph = createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [firewallMiddleware({ firewall: fw, policy: { action: "block" } })] });
    let last: { messages: BaseMessage[] } | undefined;
    for await (const [mode, chunk] of await graph.stream(ask, { streamMode: ["messages", "values"] }))
      if (mode === "values") last = chunk as { messages: BaseMessage[] };
    const step = last!.messages.find((m) => m.id === "step-1") as AIMessage;
    // The wrong total would block an answer; the step calls tools, so its text passes as written and the run goes on.
    expect(step.text).toBe(preamble);
    expect(step.tool_calls?.map((c) => c.name)).toEqual(["invoice_lookup", "doc_search"]);
    expect((last!.messages.at(-1) as AIMessage).text).toBe(RIGHT);
  });

  it("should put the released text in the updates stream as in the values stream", async () => {
    const updates: Array<Record<string, { messages?: BaseMessage[] }>> = [];
    for await (const [mode, u] of await agent(ANSWER, {}, [5]).stream(ask, { streamMode: ["messages", "updates"] })) {
      if (mode === "updates") updates.push(u as Record<string, { messages?: BaseMessage[] }>);
    }
    const answers = updates.flatMap((u) => u.model_request?.messages ?? []).filter((m) => m.id === "answer-1");
    expect(answers.map((m) => m.text)).toEqual([CORRECTED]);
  });

  it.each([
    [ANSWER, [1]],
    [ANSWER, [40, 3]],
    ["Invoice INV-2024-0117 totals 4,739.20 EUR and its VAT is 699.20 EUR.\n\n- Refunds take 14 business days.\n- The late fee is 2.5% per month.", [5, 9]],
    ["| invoice | total |\n|---|---|\n| INV-2024-0117 | 4,739.20 EUR |\n\nRefunds are paid out within 41 business days.", [7]],
  ])("should release what a whole-answer verify ships (draft %#, chunks %j)", async (draft, sizes) => {
    const fw = new Firewall();
    const { tokens, final } = await run(draft, {}, sizes, fw, { configurable: { thread_id: "t" } });
    const whole = await fw.session("t").verify(draft, { cite: false });
    expect(tokens["answer-1"]!.join("")).toBe(whole.output);
    expect(final.text).toBe(whole.output);
    expect(firewallReport(final)!.verdicts.map((v) => v.verdict)).toEqual(whole.verdicts.map((v) => v.verdict));
  });

  it("should send the gated answer as one token in gate mode, as invoke returns it", async () => {
    const { tokens, units, final } = await run(ANSWER, { stream: "gate" }, [4]);
    const invoked = (await agent(ANSWER, { stream: "gate" }).invoke(ask)).messages.at(-1) as AIMessage;
    expect(tokens["answer-1"]).toEqual([invoked.text]);
    expect(invoked.text).toContain("totals 4,379.20 EUR");
    expect(units).toHaveLength(0);
    expect(final.text).toBe(invoked.text);
  });

  it("should gate the whole answer as before when nothing consumes tokens", async () => {
    const out = await agent(ANSWER).invoke(ask);
    const answer = out.messages.at(-1) as AIMessage;
    expect(answer.id).toBe("answer-1-firewall");
    expect(answer.text).toContain("totals 4,379.20 EUR");
  });

  it("should refuse a stream mode it does not know", () => {
    expect(() => firewallMiddleware({ firewall: new Firewall(), stream: "fast" as never })).toThrow(ConfigError);
    expect(() => firewallMiddleware({ firewall: new Firewall(), stream: "fast" as never })).toThrow(/stream must be "progressive" or "gate" or "observe"/);
  });
});
