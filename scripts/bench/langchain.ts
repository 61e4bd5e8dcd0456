/**
 * Overhead of the LangChain adapter: what the callback handler adds per tool call, and what the agent
 * middleware adds per agent turn. Runs real `createAgent` agents with a scripted fake chat model from
 * `@langchain/core/testing` (no network), interleaving runs with and without the firewall, and reports
 * medians. `run()` returns a Markdown table; `node dist/scripts/bench/langchain.js` prints it.
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { createAgent, createMiddleware, tool } from "langchain";
import { z } from "zod";
import { Firewall } from "../../src/index.js";
import { FirewallCallbackHandler, firewallMiddleware } from "../../adapters/langchain/index.js";
import { median } from "./stats.js";

const RUNS = 7;

/** A tool output of about `bytes` bytes: an invoice record with line items, as JSON. */
function invoiceJson(i: number, bytes: number): string {
  const lines: Array<Record<string, unknown>> = [];
  let out = "";
  for (let k = 0; out.length < bytes; k++) {
    lines.push({ sku: `SKU-${i}-${k}`, description: `Item ${k} of order ${i}`, quantity: 1 + (k % 7), unit_price: 10 + k * 1.5 });
    out = JSON.stringify({ invoice_id: `INV-2024-${String(i).padStart(4, "0")}`, customer: `Customer ${i}`, currency: "EUR", total: 1000 + i, lines });
  }
  return out;
}

function proseText(bytes: number): string {
  const sentence = "Refunds are issued as a credit note and paid out within 14 business days of the return being received. ";
  return sentence.repeat(Math.ceil(bytes / sentence.length)).slice(0, bytes);
}

/** Handler hooks called directly, as LangChain calls them: per tool call (start + end), µs. */
function handlerDirect(content: string, calls: number): number {
  const fw = new Firewall();
  const handler = new FirewallCallbackHandler({ firewall: fw });
  const root = randomUUID();
  handler.handleChainStart({ lc: 1, type: "not_implemented", id: ["agent"] }, {}, root);
  const perRun: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const messages = Array.from({ length: calls }, (_, i) => new ToolMessage({ content, tool_call_id: `call_${run}_${i}`, name: "invoice_lookup" }));
    const ids = Array.from({ length: calls }, () => randomUUID());
    const t0 = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      handler.handleToolStart(
        { lc: 1, type: "not_implemented", id: ["tool"] },
        '{"invoice_id":"INV-2024-0117"}',
        ids[i]!,
        root,
        [],
        { thread_id: "bench" },
        "invoice_lookup",
        `call_${run}_${i}`,
      );
      handler.handleToolEnd(messages[i], ids[i]!, root);
    }
    perRun.push((cpuMs(t0) * 1000) / calls);
  }
  if (handler.stats.recorded !== RUNS * calls) throw new Error(`bench: recorded ${handler.stats.recorded} of ${RUNS * calls}`);
  return median(perRun);
}

const lookup = tool(async ({ i }: { i: number }) => invoiceJson(i, 1024), {
  name: "invoice_lookup",
  description: "Look up an invoice.",
  schema: z.object({ i: z.number() }),
});

/** One agent turn with `tools` parallel tool calls, then a final answer. */
function agentModel(tools: number, answer: string) {
  return fakeModel()
    .respondWithTools(Array.from({ length: tools }, (_, i) => ({ name: "invoice_lookup", args: { i } })))
    .respond(new AIMessage(answer));
}

const ANSWER = "Invoice INV-2024-0003 for Customer 3 totals 1,003 EUR. Invoice INV-2024-0004 totals 1,040 EUR.";

/**
 * A callback handler that does nothing, awaited as the firewall's handler is: what LangChain itself charges
 * for a handler (run tree, serialising inputs, dispatch).
 */
class NoopHandler extends BaseCallbackHandler {
  name = "noop";
  constructor() {
    super();
    this.awaitHandlers = true;
  }
}

/** A middleware with the firewall middleware's hooks doing nothing: what LangChain charges for the hooks. */
const noopMiddleware = createMiddleware({
  name: "Noop",
  stateSchema: z.object({ _noopSession: z.string().optional() }),
  beforeAgent: () => ({ _noopSession: "x" }),
  wrapModelCall: (request, handler) => handler(request),
});

const VARIANTS = ["none", "noop handler", "handler", "noop middleware", "middleware, record only", "middleware"] as const;
type Variant = (typeof VARIANTS)[number];

async function agentRun(variant: Variant, tools: number, fw: Firewall): Promise<number> {
  const middleware =
    variant === "middleware"
      ? [firewallMiddleware({ firewall: fw })]
      : variant === "middleware, record only"
        ? [firewallMiddleware({ firewall: fw, verify: false })]
        : variant === "noop middleware"
          ? [noopMiddleware]
          : [];
  const agent = createAgent({ model: agentModel(tools, ANSWER), tools: [lookup], middleware });
  const callbacks = variant === "handler" ? [new FirewallCallbackHandler({ firewall: fw })] : variant === "noop handler" ? [new NoopHandler()] : undefined;
  const t0 = process.cpuUsage();
  await agent.invoke({ messages: [new HumanMessage("Totals of invoices 3 and 4?")] }, { callbacks, configurable: { thread_id: randomUUID() } });
  return cpuMs(t0);
}

/**
 * CPU time of this process since `t0` (user + system, ms). The bench reports CPU time, not wall time: on a
 * shared machine, wall time mostly measures the other processes.
 */
function cpuMs(t0: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

/** Medians of whole agent runs per variant, interleaved so that drift hits every variant alike (ms). */
async function agentRuns(tools: number, rounds: number): Promise<Record<Variant, number>> {
  const fw = new Firewall();
  for (const v of VARIANTS) await agentRun(v, tools, fw); // warm-up: module loading, sentence model, lexicons
  const times = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as unknown as Record<Variant, number[]>;
  for (let r = 0; r < rounds; r++) for (const v of r % 2 ? [...VARIANTS].reverse() : VARIANTS) times[v].push(await agentRun(v, tools, fw));
  return Object.fromEntries(VARIANTS.map((v) => [v, median(times[v])])) as Record<Variant, number>;
}

/** Median verify time of the final answer in a fresh session holding the turn's tool results (ms). */
async function verifyFresh(tools: number, rounds: number): Promise<number> {
  const fw = new Firewall();
  const times: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    const session = fw.session(`verify-${r}`);
    for (let i = 0; i < tools; i++) session.record({ source: "invoice_lookup", content: invoiceJson(i, 1024), callId: `c${i}` });
    const t0 = process.cpuUsage();
    await session.verify(ANSWER);
    if (r > 0) times.push(cpuMs(t0));
  }
  return median(times);
}

/** Runs the benchmark. @returns a Markdown section with a table of medians. */
export async function run(): Promise<string> {
  const direct1k = handlerDirect(invoiceJson(1, 1024), 500);
  const direct10k = handlerDirect(proseText(10 * 1024), 200);
  const tools = 10;
  const rounds = 41;
  const a = await agentRuns(tools, rounds);
  const verifyMs = await verifyFresh(tools, rounds);
  const perCall = (x: number, base: number) => `${(((x - base) * 1000) / tools).toFixed(0)} µs`;
  const lines = [
    `## LangChain adapter overhead (Node ${process.version})`,
    "",
    `CPU time of the process (user + system), not wall time, so that other processes on the machine count less. Hooks called directly: medians of ${RUNS} runs. Agent runs: \`createAgent\` with a scripted fake chat model, one turn of ${tools} parallel tool calls (1 KB JSON each), then a final answer of 2 claims; medians of ${rounds} interleaved runs per variant after a warm-up run. "Over baseline" subtracts a handler or middleware that does nothing, which is what LangChain itself charges for any handler or hooks.`,
    "",
    "| measure | median | over baseline |",
    "|---|---|---|",
    `| handler hooks, per tool call (1 KB JSON result) | ${direct1k.toFixed(0)} µs | |`,
    `| handler hooks, per tool call (10 KB text result) | ${direct10k.toFixed(0)} µs | |`,
    `| agent run, no callbacks, no middleware | ${a.none.toFixed(1)} ms | |`,
    `| agent run, a no-op callback handler (awaited) | ${a["noop handler"].toFixed(1)} ms | ${perCall(a["noop handler"], a.none)} per tool call over none |`,
    `| agent run, \`FirewallCallbackHandler\` | ${a.handler.toFixed(1)} ms | ${perCall(a.handler, a["noop handler"])} per tool call |`,
    `| agent run, a no-op middleware (same hooks) | ${a["noop middleware"].toFixed(1)} ms | ${(a["noop middleware"] - a.none).toFixed(1)} ms per run over none |`,
    `| agent run, \`firewallMiddleware\` recording only | ${a["middleware, record only"].toFixed(1)} ms | ${perCall(a["middleware, record only"], a["noop middleware"])} per tool call |`,
    `| agent run, \`firewallMiddleware\` recording and verifying | ${a.middleware.toFixed(1)} ms | ${(a.middleware - a["middleware, record only"]).toFixed(1)} ms per final answer |`,
    `| verify of that final answer alone, in a fresh session | ${verifyMs.toFixed(1)} ms | |`,
  ];
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await run());
}
