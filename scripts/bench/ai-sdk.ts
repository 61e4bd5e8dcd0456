/**
 * Benchmark of the AI SDK adapter (`node dist/scripts/bench/ai-sdk.js`, or `run()` from the bench runner).
 *
 * 1. Middleware overhead per model call without a final answer: an agent loop of 20 tool-calling steps,
 *    step i's prompt carrying i tool results (~1 KB JSON each, one of them new). Measured on the
 *    middleware's hooks called as `wrapLanguageModel` calls them (transformParams, then wrapGenerate or
 *    wrapStream around a model that answers at once), minus the same calls without the middleware, and end to
 *    end through `generateText` with and without the middleware.
 * 2. Added time to first token, observe vs progressive vs gate: `streamText` over the SDK's mock model
 *    streaming a three-sentence answer about recorded evidence, instantly or paced at 5 ms per delta; time
 *    from the call to the first text delta, minus the same without the middleware.
 *
 * Figures are medians over runs (7 unless said otherwise), after warm-up. They move with other load on the
 * machine; the generate-path figures are the steadier ones.
 */
import { pathToFileURL } from "node:url";
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream, simulateReadableStream } from "ai/test";
import { z } from "zod";
import { Firewall } from "../../src/index.js";
import { firewallMiddleware, type StreamMode } from "../../adapters/ai-sdk/index.js";
import { median } from "./stats.js";

const RUNS = 7;
const E2E_RUNS = 15;
const STEPS = 20;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A ~1 KB invoice record, as a billing tool would return it. */
export function invoice(i: number) {
  return {
    id: `INV-${3000 + i}`,
    customer: `Customer ${i} Trading Ltd`,
    total: 1000 + i * 37.5,
    currency: "EUR",
    status: i % 3 === 0 ? "paid" : "open",
    issued: "2026-10-01",
    dueDate: "2026-10-31",
    lines: Array.from({ length: 8 }, (_, k) => ({
      sku: `SKU-${i}-${k}`,
      description: `Service item ${k} for order ${i}`,
      quantity: 1 + k,
      unitPrice: 12.5 * (k + 1),
    })),
  };
}

/** The prompt of step `step` of a loop: the question, then each earlier step's call and result. */
function promptAt(step: number, tag: string): LanguageModelV3CallOptions["prompt"] {
  const prompt: LanguageModelV3CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "Which invoices are still open?" }] }];
  for (let i = 0; i < step; i++) {
    const toolCallId = `${tag}-${i}`;
    prompt.push({ role: "assistant", content: [{ type: "tool-call", toolCallId, toolName: "get_invoice", input: { id: `INV-${3000 + i}` } }] });
    prompt.push({ role: "tool", content: [{ type: "tool-result", toolCallId, toolName: "get_invoice", output: { type: "json", value: invoice(i) } }] });
  }
  return prompt;
}

const toolCallResult: LanguageModelV3GenerateResult = {
  content: [{ type: "tool-call", toolCallId: "next", toolName: "get_invoice", input: '{"id":"INV-1"}' }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
};
const toolCallParts: LanguageModelV3StreamPart[] = [
  { type: "stream-start", warnings: [] },
  { type: "tool-input-start", id: "next", toolName: "get_invoice" },
  { type: "tool-input-delta", id: "next", delta: '{"id":"INV-1"}' },
  { type: "tool-input-end", id: "next" },
  { type: "tool-call", toolCallId: "next", toolName: "get_invoice", input: '{"id":"INV-1"}' },
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
];

/** One loop of STEPS calls through the hooks (or straight to the model when `middleware` is null); ms per call. */
async function hookLoop(middleware: LanguageModelMiddleware | null, kind: "generate" | "stream", tag: string): Promise<number[]> {
  const model = new MockLanguageModelV3();
  const per: number[] = [];
  for (let step = 1; step <= STEPS; step++) {
    const params: LanguageModelV3CallOptions = { prompt: promptAt(step, tag), providerOptions: { hallucinationFirewall: { sessionId: tag } } };
    const started = performance.now();
    const p = middleware?.transformParams ? await middleware.transformParams({ type: kind, params, model }) : params;
    if (kind === "generate") {
      const doGenerate = async () => toolCallResult;
      if (middleware)
        await middleware.wrapGenerate!({ doGenerate, doStream: async () => ({ stream: convertArrayToReadableStream(toolCallParts) }), params: p, model });
      else await doGenerate();
    } else {
      const doStream = async () => ({ stream: convertArrayToReadableStream(toolCallParts) });
      const { stream } = middleware ? await middleware.wrapStream!({ doStream, doGenerate: async () => toolCallResult, params: p, model }) : await doStream();
      const reader = stream.getReader();
      while (!(await reader.read()).done);
    }
    per.push(performance.now() - started);
  }
  return per;
}

/** The same loop end to end: generateText with a mock model that calls a tool STEPS times, then answers. */
async function generateLoop(withFirewall: boolean, tag: string): Promise<number> {
  let calls = 0;
  const mock = new MockLanguageModelV3({
    doGenerate: async () => {
      calls++;
      if (calls > STEPS) return { content: [], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
      return {
        ...toolCallResult,
        content: [{ type: "tool-call", toolCallId: `${tag}-${calls}`, toolName: "get_invoice", input: JSON.stringify({ i: calls }) }],
      };
    },
  });
  const fw = new Firewall();
  const model = withFirewall ? wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) }) : mock;
  const tools = { get_invoice: tool({ inputSchema: z.object({ i: z.number() }), execute: async ({ i }) => invoice(i) }) };
  const started = performance.now();
  await generateText({ model, tools, stopWhen: stepCountIs(STEPS + 1), prompt: "Which invoices are still open?" });
  return (performance.now() - started) / (STEPS + 1);
}

const ANSWER =
  "Invoice INV-3001 for Customer 1 Trading Ltd totals 1,037.50 EUR and is open. " +
  "Invoice INV-3002 for Customer 2 Trading Ltd totals 1,175.00 EUR and was due on 2026-10-31. " +
  "Invoice INV-3003 for Customer 3 Trading Ltd is paid.";

function answerParts(): LanguageModelV3StreamPart[] {
  const words = ANSWER.match(/\S+\s*/g) ?? [];
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "a" },
    ...words.map((delta) => ({ type: "text-delta" as const, id: "a", delta })),
    { type: "text-end", id: "a" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

/** Time to the first text delta of one streamText call, and to the end, ms. */
async function ttft(mode: StreamMode | null, paceMs: number | null, fw: Firewall, sessionId: string): Promise<{ first: number; done: number }> {
  const mock = new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: answerParts(), initialDelayInMs: paceMs, chunkDelayInMs: paceMs }) }),
  });
  const model = mode ? wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw, { stream: mode }) }) : mock;
  const started = performance.now();
  const result = streamText({ model, prompt: "Which invoices are still open?", providerOptions: { hallucinationFirewall: { sessionId } } });
  let first = NaN;
  for await (const _ of result.textStream) if (Number.isNaN(first)) first = performance.now() - started;
  return { first, done: performance.now() - started };
}

function ms(x: number): string {
  return Math.abs(x) < 1 ? x.toFixed(3) : x.toFixed(1);
}

/** A difference with its sign (a negative one is measurement noise around zero). */
function added(x: number): string {
  return `${x >= 0 ? "+" : ""}${ms(x)}`;
}

/** Runs the benchmark; returns Markdown tables of medians. */
export async function run(): Promise<string> {
  const fw = new Firewall();
  const middleware = firewallMiddleware(fw);
  // Warm-up: module code, the JIT, and the sentence model the first verify loads.
  for (let w = 0; w < 3; w++) {
    await hookLoop(middleware, "generate", `warm-g${w}`);
    await hookLoop(middleware, "stream", `warm-s${w}`);
    await hookLoop(null, "generate", `warm-b${w}`);
  }
  const warm = fw.session("warm-ttft");
  for (let i = 1; i <= 3; i++) warm.record({ source: "get_invoice", content: invoice(i), callId: `warm-${i}` });
  await ttft("gate", null, fw, "warm-ttft");

  const rows: string[] = [];
  for (const kind of ["generate", "stream"] as const) {
    const withFw: number[] = [];
    const without: number[] = [];
    const last: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const a = await hookLoop(middleware, kind, `${kind}-${r}`);
      const b = await hookLoop(null, kind, `${kind}-base-${r}`);
      withFw.push(median(a));
      without.push(median(b));
      last.push(a.at(-1)! - b.at(-1)!);
    }
    rows.push(
      `| ${kind === "generate" ? "wrapGenerate" : "wrapStream (stream read to the end)"} | ${added(median(withFw) - median(without))} | ${added(median(last))} |`,
    );
  }
  const e2eWith: number[] = [];
  const e2eWithout: number[] = [];
  for (let r = 0; r < E2E_RUNS; r++) {
    // Alternate the order so a burst of load elsewhere on the machine hits both sides alike.
    if (r % 2) {
      e2eWith.push(await generateLoop(true, `e2e-${r}`));
      e2eWithout.push(await generateLoop(false, `e2e-base-${r}`));
    } else {
      e2eWithout.push(await generateLoop(false, `e2e-base-${r}`));
      e2eWith.push(await generateLoop(true, `e2e-${r}`));
    }
  }
  rows.push(`| generateText loop, per step (end to end, ${E2E_RUNS} runs) | ${added(median(e2eWith) - median(e2eWithout))} | |`);

  const ttftRows: string[] = [];
  for (const pace of [null, 5] as const) {
    const label = pace === null ? "instant stream" : `${pace} ms per delta (${(ANSWER.match(/\S+\s*/g) ?? []).length} deltas)`;
    const firsts: Record<string, number[]> = { none: [], observe: [], progressive: [], gate: [] };
    const dones: Record<string, number[]> = { none: [], observe: [], progressive: [], gate: [] };
    for (let r = 0; r < RUNS; r++) {
      for (const mode of [null, "observe", "progressive", "gate"] as const) {
        const sessionId = `ttft-${pace}-${r}-${mode}`;
        for (let i = 1; i <= 3; i++) fw.session(sessionId).record({ source: "get_invoice", content: invoice(i), callId: `${sessionId}-${i}` });
        const t = await ttft(mode, pace, fw, sessionId);
        firsts[mode ?? "none"]!.push(t.first);
        dones[mode ?? "none"]!.push(t.done);
      }
    }
    const base = median(firsts.none!);
    const baseDone = median(dones.none!);
    ttftRows.push(
      `| ${label} | ${ms(base)} | ${added(median(firsts.observe!) - base)} | ${added(median(firsts.progressive!) - base)} | ${added(median(firsts.gate!) - base)} | ${["observe", "progressive", "gate"].map((m) => added(median(dones[m]!) - baseDone)).join(" / ")} |`,
    );
  }

  return [
    `### AI SDK middleware: overhead per model call without a final answer (${STEPS}-step tool loop, medians of ${RUNS} runs)`,
    "",
    "| call | added ms per call (median step) | added ms at step 20 (20 results in the prompt) |",
    "|---|---|---|",
    ...rows,
    "",
    `### AI SDK middleware: added time to first token, observe vs progressive vs gate (streamText, 3-claim answer, medians of ${RUNS} runs)`,
    "",
    "| provider stream | first token without firewall, ms | observe, added ms | progressive, added ms | gate, added ms | added ms to the end, observe / progressive / gate |",
    "|---|---|---|---|---|---|",
    ...ttftRows,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (table) => console.log(table),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
