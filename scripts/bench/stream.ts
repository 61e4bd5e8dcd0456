/**
 * Benchmark of the stream modes (`node dist/scripts/bench/stream.js`, or `run()` from the bench runner):
 * `gate`, `observe` and `progressive` against an unguarded stream, on the same mock streams.
 *
 * A session holds 100 recorded tool outputs (~1 KB invoice records). The model streams an answer of 5, 20 or
 * 100 sentences about them (one with a wrong total) through `streamText`, in ~4-character deltas paced at
 * one per millisecond, about the pace of a fast hosted model. Per mode and answer length:
 * - time to first token: from the call to the first text delta the caller reads, and for progressive the
 *   same minus the time the source produced the first character of sentence 2 (a sentence is known to be
 *   complete once the next begins);
 * - time to last token: from the call to the last text delta, minus the unguarded stream's;
 * - added CPU per answer: process CPU time (user + system) over the call, minus the unguarded stream's.
 *
 * Figures are medians over runs (5; 3 for 20 and 100 sentences), modes interleaved within each run so a burst of
 * load elsewhere on the machine hits them alike.
 */
import { pathToFileURL } from "node:url";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Firewall } from "../../src/index.js";
import { firewallMiddleware, type StreamMode } from "../../adapters/ai-sdk/index.js";
import { invoice } from "./ai-sdk.js";
import { median } from "./stats.js";

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const OUTPUTS = 100;
const PACE_MS = 5;

/** An answer of `n` sentences about invoices 1..n (sentence 2 states a wrong total). */
function answer(n: number): string {
  return Array.from({ length: n }, (_, k) => {
    const i = (k % OUTPUTS) + 1;
    const total = 1000 + i * 37.5 + (k === 1 ? 100 : 0);
    return `Invoice INV-${3000 + i} for Customer ${i} Trading Ltd totals ${total.toLocaleString("en-US", { minimumFractionDigits: 2 })} EUR and is ${i % 3 === 0 ? "paid" : "open"}.`;
  }).join(" ");
}

/**
 * The text cut as a BPE tokenizer cuts English: a word with its leading space, a run of digits, one
 * punctuation mark ("open", ".", " Invoice", " INV", "-", "300", "1").
 */
function tokens(text: string): string[] {
  return text.match(/ ?[A-Za-z]+| ?\d{1,3}| ?[^A-Za-z\d ]| /g) ?? [];
}

/** The answer as stream parts, token-like deltas; `marks[k]` gets the time the part `k` was produced. */
function paced(text: string, marks: number[]): ReadableStream<LanguageModelV3StreamPart> {
  const deltas = tokens(text);
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "a" },
    ...deltas.map((delta) => ({ type: "text-delta" as const, id: "a", delta })),
    { type: "text-end", id: "a" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
  let k = 0;
  let start = Number.NaN;
  return new ReadableStream({
    async pull(controller) {
      if (k >= parts.length) return controller.close();
      if (parts[k]!.type === "text-delta") {
        if (Number.isNaN(start)) start = performance.now();
        const due = start + (k - 2) * PACE_MS - performance.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      }
      marks[k] = parts[k]!.type === "text-delta" ? start + (k - 2) * PACE_MS : performance.now();
      controller.enqueue(parts[k++]!);
    },
  });
}

interface Sample {
  first: number;
  last: number;
  cpu: number;
  /** When the source produced the first character of sentence 2, from the call. */
  secondSentence: number;
}

async function once(mode: StreamMode | null, text: string, fw: Firewall, sessionId: string): Promise<Sample> {
  const marks: number[] = [];
  const mock = new MockLanguageModelV3({ doStream: async () => ({ stream: paced(text, marks) }) });
  const model = mode ? wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw, { stream: mode }) }) : mock;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const result = streamText({ model, prompt: "Which invoices are still open?", providerOptions: { hallucinationFirewall: { sessionId } } });
  let first = Number.NaN;
  let last = Number.NaN;
  for await (const _ of result.textStream) {
    last = performance.now() - started;
    if (Number.isNaN(first)) first = last;
  }
  const cpu = process.cpuUsage(cpu0);
  // Part 2 is the first delta; sentence 2 begins with the delta after the first sentence's ".".
  const pieces = tokens(text);
  let at = 0;
  let secondPart = 2;
  for (let k = 0; k < pieces.length; k++) {
    at += pieces[k]!.length;
    if (at > text.indexOf(". ") + 1) {
      secondPart = 2 + k;
      break;
    }
  }
  return { first, last, cpu: (cpu.user + cpu.system) / 1000, secondSentence: (marks[secondPart] ?? Number.NaN) - started };
}

function sessionWithEvidence(fw: Firewall, id: string): string {
  const s = fw.session(id);
  for (let i = 1; i <= OUTPUTS; i++) s.record({ source: "get_invoice", content: invoice(i), callId: `${id}-${i}` });
  return id;
}

function fmt(x: number): string {
  return `${x >= 0 ? "+" : ""}${Math.abs(x) < 10 ? x.toFixed(1) : x.toFixed(0)}`;
}

/** Runs the benchmark; returns a Markdown table of medians. */
export async function run(): Promise<string> {
  const fw = new Firewall({ telemetry: false });
  const modes: Array<StreamMode | null> = [null, "gate", "observe", "progressive"];
  // Warm-up: module code, the JIT, the sentence model.
  for (const mode of modes) await once(mode, answer(5), fw, sessionWithEvidence(fw, `warm-${mode}`));
  const rows: string[] = [];
  for (const n of [5, 20, 100]) {
    const text = answer(n);
    const samples = new Map<StreamMode | null, Sample[]>(modes.map((m) => [m, []]));
    for (let r = 0; r < (n === 5 ? 5 : 3); r++) {
      for (const mode of r % 2 ? [...modes].reverse() : modes)
        samples.get(mode)!.push(await once(mode, text, fw, sessionWithEvidence(fw, `${n}-${mode}-${r}`)));
    }
    const base = samples.get(null)!;
    const baseFirst = median(base.map((s) => s.first));
    const baseLast = median(base.map((s) => s.last));
    const baseCpu = median(base.map((s) => s.cpu));
    rows.push(`| ${n} | unguarded | ${baseFirst.toFixed(1)} | | ${baseLast.toFixed(0)} | | ${baseCpu.toFixed(0)} | |`);
    for (const mode of modes.slice(1)) {
      const s = samples.get(mode)!;
      const first = median(s.map((x) => x.first));
      const afterSentence = mode === "progressive" ? fmt(median(s.map((x) => x.first - x.secondSentence))) : "";
      const last = median(s.map((x) => x.last));
      const cpu = median(s.map((x) => x.cpu));
      rows.push(
        `| ${n} | ${mode} | ${first.toFixed(1)} | ${afterSentence} | ${last.toFixed(0)} | ${fmt(last - baseLast)} | ${cpu.toFixed(0)} | ${fmt(cpu - baseCpu)} |`,
      );
    }
  }
  return [
    `\n## Stream modes: time to first and last token, CPU per answer (${OUTPUTS} tool outputs recorded, a token-like delta every ${PACE_MS} ms, medians)\n`,
    "| sentences | mode | first token ms | first token - sentence 2 begins, ms | last token ms | last token vs unguarded, ms | CPU ms | added CPU ms |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await run());
