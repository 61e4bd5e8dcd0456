import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream, streamText, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { MockLanguageModelV3, convertReadableStreamToArray } from "ai/test";
import { describe, expect, it } from "vitest";
import { Firewall, HallucinationBlocked, type FirewallOptions, type Report } from "../../../src/index.js";
import { DEFAULT_REFUSAL, firewallMiddleware, readFirewallMetadata, type FirewallMiddlewareOptions, type ReportInfo } from "../../../adapters/ai-sdk/index.js";
import { billing, feedableModel, usage } from "./helpers.js";

const RIGHT =
  "Invoice INV-2041 for Lindqvist Bakery AB totals 4,213.50 EUR. It was due on 2026-10-31. Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12 by bank transfer.";
const WRONG_FIRST =
  "Invoice INV-2041 for Lindqvist Bakery AB totals 4,312.50 EUR. It was due on 2026-10-31. Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12 by bank transfer.";
const WRONG_LAST =
  "It was due on 2026-10-31. Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12 by bank transfer. Invoice INV-2041 for Lindqvist Bakery AB totals 4,312.50 EUR.";
const FIRST = "Invoice INV-2041 for Lindqvist Bakery AB totals 4,213.50 EUR.";
/** A right first sentence, then a contradiction (the invoice is overdue), then a right sentence. */
const WRONG_MIDDLE = `${FIRST} Invoice INV-2041 is paid in full. Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12.`;
const LIST = "Here is INV-2041:\n\n- Total: 4,312.50 EUR\n- Due date: 2026-10-31\n- Status: overdue\n";
const TABLE = "| Invoice | Total |\n|---|---|\n| INV-2041 | 4,312.50 EUR |\n| INV-2042 | 980 EUR |\n";
const CODE_ONLY = '```json\n{"total": 4213.5, "currency": "EUR"}\n```';

/** Records the invoices and INV-2041's payments, as the billing tools would have returned them. */
function withEvidence(options: FirewallOptions = {}): Firewall {
  const fw = new Firewall(options);
  const session = fw.session();
  session.record({ source: "get_invoice", content: billing.invoices[0], callId: "inv-1" });
  session.record({ source: "get_invoice", content: billing.invoices[1], callId: "inv-2" });
  session.record({
    source: "list_payments",
    content: { invoice: "INV-2041", payments: billing.payments.filter((p) => p.invoice === "INV-2041") },
    callId: "pay-1",
  });
  return fw;
}

/** Splits text into pieces of `size` characters, into words, or into sentences. */
function chunk(text: string, size: number | "word" | "sentence"): string[] {
  if (size === "word") return text.match(/\S+\s*/g) ?? [];
  if (size === "sentence") return text.match(/[^.!?\n]+[.!?\n]*\s*/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/** Random cut points from a seeded generator (mulberry32), so a failing chunking can be replayed. */
function randomChunks(text: string, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pieces: string[] = [];
  for (let i = 0; i < text.length; ) {
    const n = 1 + Math.floor(next() * 24);
    pieces.push(text.slice(i, i + n));
    i += n;
  }
  return pieces;
}

const finish: LanguageModelV3StreamPart = {
  type: "finish",
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  providerMetadata: { mock: { served: true } },
};

function textParts(pieces: string[], id = "t"): LanguageModelV3StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id },
    ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
    finish,
  ];
}

function modelOf(fw: Firewall, options: FirewallMiddlewareOptions, stream: () => ReadableStream<LanguageModelV3StreamPart>) {
  const mock = new MockLanguageModelV3({ doStream: async () => ({ stream: stream() }) });
  return wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw, options) });
}

/** Streams `pieces` through `streamText` and collects what the caller sees. */
async function run(fw: Firewall, pieces: string[] | LanguageModelV3StreamPart[], options: FirewallMiddlewareOptions = { stream: "progressive" }) {
  const parts = typeof pieces[0] === "string" ? textParts(pieces as string[]) : (pieces as LanguageModelV3StreamPart[]);
  const errors: unknown[] = [];
  const result = streamText({
    model: modelOf(fw, options, () => simulateReadableStream({ chunks: parts })),
    prompt: "INV-2041?",
    onError: ({ error }) => void errors.push(error),
  });
  const seen = await convertReadableStreamToArray(result.fullStream);
  const deltas = seen.filter((p) => p.type === "text-delta").map((p) => (p as { text: string }).text);
  const end = seen.find((p) => p.type === "finish-step") as { finishReason: string; providerMetadata?: unknown } | undefined;
  return { seen, deltas, text: deltas.join(""), errors, end, meta: readFirewallMetadata(end?.providerMetadata) };
}

/** Calls the middleware's wrapStream directly, as `wrapLanguageModel` does, and returns its raw parts. */
async function rawParts(middleware: LanguageModelMiddleware, parts: LanguageModelV3StreamPart[], params: Partial<LanguageModelV3CallOptions> = {}) {
  const model = new MockLanguageModelV3();
  const full = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "INV-2041?" }] }], ...params };
  const result = await middleware.wrapStream!({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts }) }),
    doGenerate: async () => model.doGenerate(full),
    params: full,
    model,
  });
  return (await convertReadableStreamToArray(result.stream)) as Array<LanguageModelV3StreamPart & Record<string, unknown>>;
}

/** Every text delta lies between a `text-start` and a `text-end` of its own id. */
function expectValidBlocks(parts: Array<{ type: string; id?: unknown }>): void {
  const open = new Set<unknown>();
  for (const part of parts) {
    if (part.type === "text-start") open.add(part.id);
    if (part.type === "text-delta") expect(open.has(part.id)).toBe(true);
    if (part.type === "text-end") expect(open.delete(part.id)).toBe(true);
  }
  expect(open.size).toBe(0);
}

async function wholeOutput(draft: string): Promise<string | null> {
  return (await withEvidence().verify(draft, { cite: false })).output;
}

describe("firewallMiddleware progressive streams", () => {
  it.each<[string, number | "word" | "sentence"]>([
    ["one character", 1],
    ["three characters", 3],
    ["seven characters", 7],
    ["words", "word"],
    ["whole sentences", "sentence"],
  ])("should release a right answer unchanged, unit by unit, in chunks of %s", async (_name, size) => {
    const fw = withEvidence();
    const { deltas, text, meta, errors } = await run(fw, chunk(RIGHT, size));
    expect(text).toBe(RIGHT);
    expect(deltas).toEqual([FIRST, " It was due on 2026-10-31.", " Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12 by bank transfer."]);
    expect(meta!.report!.decision).toBe("pass");
    expect(meta!.progressive).toEqual({ released: RIGHT.length, blocked: false });
    expect(errors).toEqual([]);
  });

  it.each([1, 5, "word", "sentence"] as const)("should release a wrong figure corrected in place, in chunks of %s", async (size) => {
    const fw = withEvidence();
    const { deltas, text, meta } = await run(fw, chunk(WRONG_FIRST, size));
    expect(deltas[0]).toBe(FIRST);
    expect(text).not.toContain("4,312.50");
    expect(text).toBe(RIGHT);
    expect(meta!.report!.decision).toBe("rewrite");
    expect(meta!.report!.output).toBe(text);
  });

  it("should correct a contradiction in the last sentence at the end of the stream", async () => {
    const fw = withEvidence();
    const { deltas, text, meta } = await run(fw, chunk(WRONG_LAST, "word"));
    expect(deltas.at(-1)).toBe(" Invoice INV-2041 for Lindqvist Bakery AB totals 4,213.50 EUR.");
    expect(text).toBe(await wholeOutput(WRONG_LAST));
    expect(meta!.report!.verdicts.filter((v) => v.verdict === "contradicted")).toHaveLength(1);
  });

  it.each<[string, FirewallMiddlewareOptions["verify"]]>([
    ["the strict preset", { strictness: "strict" }],
    ['action "block"', { action: "block" }],
  ])("should stop at a block in the middle under %s: sentences before it, the refusal, an error part, a content-filter finish", async (_name, verify) => {
    const fw = withEvidence();
    const reports: Array<[Report, ReportInfo]> = [];
    const { seen, deltas, text, errors, end, meta } = await run(fw, chunk(WRONG_MIDDLE, "word"), {
      stream: "progressive",
      verify,
      onReport: (report, info) => void reports.push([report, info]),
    });
    expect(deltas).toEqual([FIRST, `\n\n${DEFAULT_REFUSAL}`]);
    expect(text).not.toContain("paid");
    const types = seen.map((p) => p.type);
    expect(types.indexOf("error")).toBeGreaterThan(types.lastIndexOf("text-delta"));
    expect(types.indexOf("error")).toBeLessThan(types.indexOf("finish-step"));
    const error = (seen.find((p) => p.type === "error") as { error: unknown }).error;
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
    expect((error as HallucinationBlocked).report.decision).toBe("block");
    expect(errors).toEqual([error]);
    expect(end!.finishReason).toBe("content-filter");
    expect(meta!.report!.decision).toBe("block");
    expect(meta!.report!.draft).toBe(`${FIRST} Invoice INV-2041 is paid in full.`);
    expect(meta!.progressive).toEqual({ released: text.length, blocked: true });
    expect(reports).toHaveLength(1);
    expect(reports[0]![1]).toMatchObject({ mode: "progressive", text });
    expect(fw.sessionReport().responses).toBe(1);
  });

  it("should stop at a block found in the last unit, keeping the provider's usage on the content-filter finish", async () => {
    const fw = withEvidence();
    const errors: unknown[] = [];
    const result = streamText({
      model: modelOf(fw, { stream: "progressive", verify: { strictness: "strict" } }, () =>
        simulateReadableStream({ chunks: textParts(chunk(WRONG_LAST, 6)) }),
      ),
      prompt: "INV-2041?",
      onError: ({ error }) => void errors.push(error),
    });
    const released = WRONG_LAST.slice(0, WRONG_LAST.indexOf(" Invoice"));
    expect(await result.text).toBe(`${released}\n\n${DEFAULT_REFUSAL}`);
    expect(await result.finishReason).toBe("content-filter");
    expect((await result.usage).outputTokens).toBe(20);
    expect(HallucinationBlocked.isInstance(errors[0])).toBe(true);
    expect(readFirewallMetadata(await result.providerMetadata)!.report!.decision).toBe("block");
  });

  it("should verify the text of a tool-calling step when verifyToolCallSteps is set, tool parts in their place", async () => {
    const fw = withEvidence();
    const parts: LanguageModelV3StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      ...chunk(`${WRONG_FIRST.slice(0, FIRST.length)} I will check the payments.`, 4).map(
        (delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t", delta }),
      ),
      { type: "text-end", id: "t" },
      { type: "tool-call", toolCallId: "c-1", toolName: "list_payments", input: '{"invoice":"INV-2041"}' },
      { ...finish, finishReason: { unified: "tool-calls", raw: "tool_calls" } } as LanguageModelV3StreamPart,
    ];
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive", verifyToolCallSteps: true }), parts);
    expectValidBlocks(out);
    const text = out.filter((p) => p.type === "text-delta").map((p) => p.delta as string);
    expect(text[0]).toBe(FIRST);
    expect(text.join("")).toBe(await wholeOutput(`${WRONG_FIRST.slice(0, FIRST.length)} I will check the payments.`));
    expect(out.map((p) => p.type).filter((t) => t !== "text-delta")).toEqual(["stream-start", "text-start", "text-end", "tool-call", "finish"]);
    expect(fw.sessionReport().responses).toBe(1);
  });

  it("should cancel the model's stream at a block", async () => {
    const fw = withEvidence();
    let pulled = 0;
    const parts = textParts(chunk(`${WRONG_MIDDLE} ${RIGHT} ${RIGHT} ${RIGHT}`, "word"));
    const result = streamText({
      model: modelOf(fw, { stream: "progressive", verify: { strictness: "strict" } }, () => {
        let i = 0;
        return new ReadableStream<LanguageModelV3StreamPart>({
          async pull(c) {
            await new Promise((r) => setTimeout(r, 1));
            pulled++;
            if (i < parts.length) c.enqueue(parts[i++]!);
            else c.close();
          },
        });
      }),
      prompt: "INV-2041?",
      onError: () => {},
    });
    expect(await result.finishReason).toBe("content-filter");
    expect(pulled).toBeLessThan(parts.length);
  });

  it("should error the stream with HallucinationBlocked after the released text when onBlock is throw", async () => {
    const fw = withEvidence();
    const result = streamText({
      model: modelOf(fw, { stream: "progressive", verify: { strictness: "strict" }, onBlock: "throw" }, () =>
        simulateReadableStream({ chunks: textParts(chunk(WRONG_MIDDLE, 4)) }),
      ),
      prompt: "INV-2041?",
      onError: () => {},
    });
    const deltas: string[] = [];
    const error = await (async () => {
      for await (const t of result.textStream) deltas.push(t);
    })().catch((e: unknown) => e);
    expect(deltas).toEqual([FIRST]);
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
  });

  it("should release nothing more and store no report when the call is aborted mid-sentence", async () => {
    const fw = withEvidence();
    const feed = feedableModel();
    const controller = new AbortController();
    const result = streamText({
      model: wrapLanguageModel({ model: feed.mock, middleware: firewallMiddleware(fw, { stream: "progressive" }) }),
      prompt: "INV-2041?",
      abortSignal: controller.signal,
    });
    const texts = result.textStream[Symbol.asyncIterator]();
    feed.push({ type: "stream-start", warnings: [] }, { type: "text-start", id: "t" });
    for (const piece of chunk(`${FIRST} It was due on 2026-`, "word")) feed.push({ type: "text-delta", id: "t", delta: piece });
    expect(await texts.next()).toEqual({ done: false, value: FIRST });
    controller.abort();
    for (const piece of chunk("10-31. Lindqvist Bakery AB paid 1,500 EUR on 2026-10-12.", "word")) feed.push({ type: "text-delta", id: "t", delta: piece });
    feed.push({ type: "text-end", id: "t" }, finish);
    feed.close();
    const after: string[] = [];
    await (async () => {
      for (let n = await texts.next(); !n.done; n = await texts.next()) after.push(n.value);
    })().catch(() => {});
    expect(after).toEqual([]);
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should drop the text of a call aborted before it began, passing the other parts", async () => {
    const fw = withEvidence();
    const controller = new AbortController();
    controller.abort();
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive" }), textParts([RIGHT]), { abortSignal: controller.signal });
    expect(out.map((p) => p.type)).toEqual(["stream-start", "finish"]);
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should keep provider tool calls, tool results and reasoning in their place between text parts", async () => {
    const fw = new Firewall();
    const invoice = JSON.parse(JSON.stringify(billing.invoices[0])) as Record<string, string | number>;
    const parts: LanguageModelV3StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t1" },
      ...chunk("Let me look that up. ", 3).map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t1", delta })),
      { type: "text-end", id: "t1" },
      { type: "tool-call", toolCallId: "ws-1", toolName: "billing_search", input: '{"q":"INV-2041"}', providerExecuted: true },
      { type: "tool-result", toolCallId: "ws-1", toolName: "billing_search", result: invoice },
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "The record has the total." },
      { type: "reasoning-end", id: "r" },
      { type: "text-start", id: "t2" },
      ...chunk(WRONG_FIRST.split(" It was")[0]!, 3).map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t2", delta })),
      { type: "text-end", id: "t2" },
      finish,
    ];
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive" }), parts);
    expectValidBlocks(out);
    // Consecutive deltas of a block read as one (a unit's trailing space may go out with the next release).
    const shape: string[] = [];
    out.forEach((p, i) => {
      if (p.type !== "text-delta") shape.push(p.type);
      else if (out[i - 1]?.type === "text-delta") shape[shape.length - 1] += p.delta as string;
      else shape.push(`${p.id}:${p.delta}`);
    });
    expect(shape).toEqual([
      "stream-start",
      "text-start",
      "t1:Let me look that up. ",
      "text-end",
      "tool-call",
      "tool-result",
      "reasoning-start",
      "reasoning-delta",
      "reasoning-end",
      "text-start",
      `t2:${FIRST}`,
      "text-end",
      "finish",
    ]);
    // The provider's own tool result is evidence for the text after it.
    expect(fw.session().ledger.records.map((e) => e.callId)).toEqual(["ws-1"]);
    expect(readFirewallMetadata(out.at(-1)!.providerMetadata)!.report!.decision).toBe("rewrite");
  });

  it("should pass a tool-calling step's text through as it came, in order, and store nothing", async () => {
    const fw = withEvidence();
    const preamble = "Let me check the payments. The total is 4,312.50 EUR and I will confirm";
    const parts: LanguageModelV3StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      ...chunk(preamble, 2).map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t", delta })),
      { type: "text-end", id: "t" },
      { type: "tool-input-start", id: "c-1", toolName: "list_payments" },
      { type: "tool-input-end", id: "c-1" },
      { type: "tool-call", toolCallId: "c-1", toolName: "list_payments", input: '{"invoice":"INV-2041"}' },
      { ...finish, finishReason: { unified: "tool-calls", raw: "tool_calls" } } as LanguageModelV3StreamPart,
    ];
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive" }), parts);
    expectValidBlocks(out);
    const text = out.filter((p) => p.type === "text-delta").map((p) => p.delta as string);
    // The first sentence was verified and released before the step turned out to call tools.
    expect(text.join("")).toBe(preamble);
    expect(out.map((p) => p.type).filter((t) => t !== "text-delta")).toEqual([
      "stream-start",
      "text-start",
      "text-end",
      "tool-input-start",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    expect(readFirewallMetadata(out.at(-1)!.providerMetadata)!.report).toBeUndefined();
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should let a tool call go on after text a block rule flags, when the call offers tools", async () => {
    const fw = withEvidence({ strictness: "strict" });
    const preamble = "The total is 4,312.50 EUR. Let me check the payments before I confirm it.";
    const parts: LanguageModelV3StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      ...chunk(preamble, 3).map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t", delta })),
      { type: "text-end", id: "t" },
      { type: "tool-call", toolCallId: "c-1", toolName: "list_payments", input: '{"invoice":"INV-2041"}' },
      { ...finish, finishReason: { unified: "tool-calls", raw: "tool_calls" } } as LanguageModelV3StreamPart,
    ];
    const tools = [{ type: "function" as const, name: "list_payments", inputSchema: { type: "object" as const } }];
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive" }), parts, { tools });
    expectValidBlocks(out);
    // The wrong total would block a final answer; here the step calls a tool, so its text passes as written.
    expect(
      out
        .filter((p) => p.type === "text-delta")
        .map((p) => p.delta as string)
        .join(""),
    ).toBe(preamble);
    expect(out.some((p) => p.type === "error")).toBe(false);
    expect(out.filter((p) => p.type === "tool-call")).toHaveLength(1);
    expect((out.at(-1) as { finishReason: { unified: string } }).finishReason.unified).toBe("tool-calls");
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should still block a final answer at its end when the call offers tools", async () => {
    const fw = withEvidence({ strictness: "strict" });
    const tools = [{ type: "function" as const, name: "list_payments", inputSchema: { type: "object" as const } }];
    const out = await rawParts(firewallMiddleware(fw, { stream: "progressive" }), textParts(chunk(WRONG_MIDDLE, 4)), { tools });
    expect(out.some((p) => p.type === "error")).toBe(true);
    expect(
      out
        .filter((p) => p.type === "text-delta")
        .map((p) => p.delta as string)
        .join(""),
    ).toContain(FIRST);
    expect((out.at(-1) as { finishReason: { unified: string } }).finishReason.unified).toBe("content-filter");
    expect(fw.sessionReport().decisions.block).toBe(1);
  });

  it("should release a draft that is only a code block, unchanged, at the end", async () => {
    const fw = withEvidence();
    const { deltas, meta } = await run(fw, chunk(CODE_ONLY, 5));
    expect(deltas).toEqual([CODE_ONLY]);
    expect(meta!.report!.decision).toBe("pass");
  });

  it("should release list items and table rows one by one", async () => {
    const list = await run(withEvidence(), chunk(LIST, 4));
    expect(list.deltas.length).toBeGreaterThanOrEqual(4);
    expect(list.text).toBe(await wholeOutput(LIST));
    const table = await run(withEvidence(), chunk(TABLE, 4));
    expect(table.deltas.length).toBeGreaterThanOrEqual(2);
    expect(table.text).toBe(await wholeOutput(TABLE));
    expect(table.text).toContain("| INV-2041 | 4,213.50 EUR |");
  });

  it("should stream, for any chunking, the text a whole-answer verify gives", async () => {
    const drafts = [RIGHT, WRONG_FIRST, WRONG_LAST, LIST, TABLE, CODE_ONLY, `${CODE_ONLY}\n\n${WRONG_FIRST}`, `Sure.\n\n${LIST}\nAnything else?`];
    for (const draft of drafts) {
      const expected = await wholeOutput(draft);
      for (const seed of [1, 2, 3]) {
        const { text, meta } = await run(withEvidence(), randomChunks(draft, seed));
        expect({ draft, seed, text }).toEqual({ draft, seed, text: expected });
        expect(meta!.report!.output).toBe(expected);
      }
    }
  });

  it("should release the first sentence while the rest of the answer is still to come from the model", async () => {
    const fw = withEvidence();
    const events: string[] = [];
    let firstDelta!: () => void;
    const released = new Promise<void>((resolve) => (firstDelta = resolve));
    const parts = textParts(chunk(RIGHT, "word"));
    // The chunk after the second sentence's first word: stream-start, text-start, the first sentence's words, one more.
    const hold = 2 + chunk(FIRST, "word").length + 1;
    let produced = 0;
    const result = streamText({
      model: modelOf(fw, { stream: "progressive" }, () =>
        simulateReadableStream({
          chunks: parts,
          chunkDelayInMs: 1,
          _internal: {
            // Holds the rest of the stream back until the caller has text (or, should that never come, a while).
            delay: async () => {
              if (produced++ !== hold) return;
              await Promise.race([released, new Promise((r) => setTimeout(r, 3000))]);
              events.push("source: the rest");
            },
          },
        }),
      ),
      prompt: "INV-2041?",
    });
    for await (const text of result.textStream) {
      if (!events.some((e) => e.startsWith("caller"))) {
        events.push(`caller: ${text}`);
        firstDelta();
      }
    }
    expect(events).toEqual([`caller: ${FIRST}`, "source: the rest"]);
    expect(await result.text).toBe(RIGHT);
  });

  it("should let the text pass unverified when verification fails under failMode open, and stop it under closed", async () => {
    const warnings: string[] = [];
    const fw = () => withEvidence({ maxDraftChars: 80, logger: { warn: (m: string) => void warnings.push(m) } });
    // The first sentence is verified (and corrected) before the draft outgrows the limit; the rest is not.
    const unverified = WRONG_FIRST.slice(FIRST.length);
    const open = await run(fw(), chunk(WRONG_FIRST, "word"), { stream: "progressive" });
    expect(open.deltas[0]).toBe(FIRST);
    expect(open.text).toBe(FIRST + unverified);
    expect(open.meta!.error).toMatch(/limit/);
    expect(warnings.some((w) => w.includes("failMode open"))).toBe(true);
    const closed = await run(fw(), chunk(WRONG_FIRST, "word"), { stream: "progressive", failMode: "closed" });
    expect(closed.end!.finishReason).toBe("content-filter");
    expect(closed.text).toBe(`${FIRST}\n\n${DEFAULT_REFUSAL}`);
    expect(closed.errors).toHaveLength(1);
    expect(closed.meta!.progressive!.blocked).toBe(true);
  });
});

describe("firewallMiddleware default stream mode", () => {
  it.each<[string, FirewallOptions, FirewallMiddlewareOptions, "progressive" | "gate"]>([
    ["the balanced preset (rewrite)", {}, {}, "progressive"],
    ["the strict preset (block)", {}, { verify: { strictness: "strict" } }, "progressive"],
    ["a firewall built strict", { strictness: "strict" }, {}, "progressive"],
    ['verify action "annotate"', {}, { verify: { action: "annotate" } }, "gate"],
    ["the lenient preset (annotate)", {}, { verify: { strictness: "lenient" } }, "gate"],
    ["a firewall whose policy annotates", { policy: { action: "annotate" } }, {}, "gate"],
    ["a firewall whose policy annotates, made strict by the middleware", { policy: { action: "annotate" } }, { verify: { strictness: "strict" } }, "gate"],
  ])("should choose the mode from the policy: %s", async (_name, fwOptions, options, mode) => {
    const fw = withEvidence(fwOptions);
    const modes: string[] = [];
    const { deltas } = await run(fw, chunk(RIGHT, "word"), { ...options, onReport: (_r, info) => void modes.push(info.mode) });
    expect(modes).toEqual([mode]);
    expect(deltas.length).toBe(mode === "gate" ? 1 : 3);
  });

  it("should gate a call with a JSON response format (a JSON answer is one unit)", async () => {
    const fw = withEvidence();
    const json = '{"invoice": "INV-2041", "total": 4312.5, "status": "overdue"}';
    const out = await rawParts(firewallMiddleware(fw), textParts(chunk(json, 3)), { responseFormat: { type: "json" } });
    const deltas = out.filter((p) => p.type === "text-delta").map((p) => p.delta);
    expect(deltas).toEqual(['{"invoice": "INV-2041", "total": 4213.5, "status": "overdue"}']);
  });
});
