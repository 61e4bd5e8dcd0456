/**
 * Tier-1 bench: the structural cost of the NLI tier and dense retrieval, measured with the tiny fixture
 * models (`scripts/fixtures/tiny-models.ts`), whose own inference is near free. What it measures is
 * everything around the model: windowing and tokenisation, batching, the worker thread's messages, caching,
 * embedding at record time and fusion. A real model adds its own inference time per pair on top (not
 * measured here: no model hub is reachable from the machine these figures come from).
 *
 * `run()` returns Markdown tables of medians over several runs; `node dist/scripts/bench/nli.js` prints them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createNliTier, Firewall, type NliOptions, type NliTier } from "../../src/index.js";
import { mulberry32 } from "../eval/sample.js";
import { writeTinyEmbedModel, writeTinyNliModel } from "../fixtures/tiny-models.js";
import { median, pct } from "./stats.js";

const SEED = 20250708;
const RUNS = 5;
const SUBJECTS = "cors moment express lodash react vue".split(" ");
const WORDS =
  "server client cache router logger parser stream buffer token queue worker license version release dependency runtime author download size file test build order customer invoice amount account city river bridge tower company price cost".split(
    " ",
  );
const FILLER = "the a of and to in is has with for by".split(" ");

function sentence(r: () => number): string {
  const n = 6 + Math.floor(r() * 10);
  const words = [SUBJECTS[Math.floor(r() * SUBJECTS.length)]!];
  for (let i = 1; i < n; i++) words.push(r() < 0.35 ? FILLER[Math.floor(r() * FILLER.length)]! : WORDS[Math.floor(r() * WORDS.length)]!);
  if (r() < 0.1) words.splice(2, 0, "not");
  return `${words.join(" ")}.`;
}

/** A prose tool output of about `bytes` characters. */
function output(r: () => number, bytes: number): string {
  let text = "";
  while (text.length < bytes) text += `${sentence(r)} `;
  return text.trim();
}

/** Claims made of evidence words: some stated, some not. */
function claims(r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => sentence(r));
}

interface Models {
  nli: string;
  embed: string;
}

/** The NLI tier alone, BM25 retrieval, score cache off (every pair reaches the model). */
function firewall(models: Models, nli: NliOptions): { fw: Firewall; tier: NliTier } {
  const tier = createNliTier({ model: models.nli, embedModel: "", allowRemote: false, memoryCacheEntries: 0, ...nli });
  return { fw: new Firewall({ tiers: [tier] }), tier };
}

function record(fw: Firewall, r: () => number, outputs: number, bytes: number): void {
  for (let i = 0; i < outputs; i++) fw.record({ source: `tool${i}`, content: output(r, bytes) });
}

/** Pairs per second and per-claim latency for one batch size. */
async function scoring(models: Models, batchSize: number): Promise<{ pairsPerSec: number; p50: number; p95: number; pairsPerClaim: number }> {
  const rates: number[] = [];
  const p50s: number[] = [];
  const p95s: number[] = [];
  let pairsPerClaim = 0;
  for (let run = 0; run < RUNS; run++) {
    const r = mulberry32(SEED + run);
    const { fw, tier } = firewall(models, { batchSize, threads: 1 });
    record(fw, r, 20, 3000);
    await fw.verify(claims(r, 3).join(" "));
    const draft = claims(r, 20).join(" ");
    const before = tier.cache.stats.misses;
    const t0 = performance.now();
    await fw.verify(draft);
    const ms = performance.now() - t0;
    const pairs = tier.cache.stats.misses - before;
    rates.push(pairs / (ms / 1000));
    pairsPerClaim = pairs / 20;
    const times: number[] = [];
    for (const c of claims(r, 30)) {
      const t = performance.now();
      await fw.verify(c);
      times.push(performance.now() - t);
    }
    p50s.push(pct(times, 50));
    p95s.push(pct(times, 95));
    await tier.close();
  }
  return { pairsPerSec: median(rates), p50: median(p50s), p95: median(p95s), pairsPerClaim };
}

/** Event-loop delay of this thread while 20-claim drafts are scored, with inference in a worker or here. */
async function eventLoop(models: Models, worker: boolean): Promise<{ p50: number; p99: number; max: number }> {
  const p50: number[] = [];
  const p99: number[] = [];
  const max: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const r = mulberry32(SEED + 100 + run);
    const { fw, tier } = firewall(models, { worker, threads: 1 });
    record(fw, r, 20, 3000);
    await fw.verify(claims(r, 3).join(" "));
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    for (let k = 0; k < 5; k++) await fw.verify(claims(r, 20).join(" "));
    h.disable();
    p50.push(h.percentile(50) / 1e6);
    p99.push(h.percentile(99) / 1e6);
    max.push(h.max / 1e6);
    await tier.close();
  }
  return { p50: median(p50), p99: median(p99), max: median(max) };
}

/**
 * Memory of a fresh process (this script with `--memory`): RSS and heap after importing the package, then
 * after loading both models and verifying a 20-claim draft. RSS includes the worker thread's heap and
 * onnxruntime's native memory.
 */
async function memoryChild(models: Models, worker: boolean): Promise<{ rssMb: number; heapMb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  // The core's own lazily loaded parts (claim splitter, word weights) first, so the growth is tier 1's.
  const warm = new Firewall();
  warm.record({ source: "warm", content: "The warm package has the mit license." });
  await warm.verify("The warm package has the mit license.");
  gc();
  const before = process.memoryUsage();
  const r = mulberry32(SEED + 200);
  const fw = new Firewall({ tiers: ["nli"], nli: { model: models.nli, embedModel: models.embed, allowRemote: false, worker, threads: 1 } });
  record(fw, r, 20, 3000);
  await fw.verify(claims(r, 20).join(" "));
  gc();
  const after = process.memoryUsage();
  await fw.close();
  return { rssMb: (after.rss - before.rss) / 1e6, heapMb: (after.heapUsed - before.heapUsed) / 1e6 };
}

function memory(models: Models, worker: boolean): { rssMb: number; heapMb: number } {
  const runs = Array.from({ length: 3 }, () => {
    const r = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--memory", worker ? "worker" : "main", models.nli, models.embed], {
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`memory run failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as { rssMb: number; heapMb: number };
  });
  return { rssMb: median(runs.map((x) => x.rssMb)), heapMb: median(runs.map((x) => x.heapMb)) };
}

/** Recording with dense retrieval on (embedding runs in the background) and verify with fused retrieval. */
async function dense(models: Models): Promise<{ recordMs: number; recordBm25Ms: number; chunksPerSec: number; fusedMs: number; bm25Ms: number }> {
  const recordMs: number[] = [];
  const recordBm25Ms: number[] = [];
  const rates: number[] = [];
  const fused: number[] = [];
  const bm25: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const outputs = Array.from({ length: 100 }, (_, i) => output(mulberry32(SEED + 300 + run * 1000 + i), 3000));
    const queries = claims(mulberry32(SEED + 400 + run), 20);
    for (const embed of [models.embed, ""]) {
      const fw = new Firewall({ tiers: ["exact", "nli"], nli: { model: models.nli, embedModel: embed, allowRemote: false, threads: 1 } });
      await fw.verify("warm the models up.");
      const ledger = fw.session().ledger;
      const t0 = performance.now();
      for (const o of outputs) fw.record({ source: "tool", content: o });
      const rec = performance.now() - t0;
      const t1 = performance.now();
      await ledger.dense?.idle();
      const embedMs = performance.now() - t1 + rec;
      const t2 = performance.now();
      await ledger.retrieveMany(queries, 5);
      const ret = performance.now() - t2;
      if (embed) {
        recordMs.push(rec / outputs.length);
        rates.push(ledger.chunks.length / (embedMs / 1000));
        fused.push(ret / queries.length);
      } else {
        recordBm25Ms.push(rec / outputs.length);
        bm25.push(ret / queries.length);
      }
      await fw.close();
    }
  }
  return { recordMs: median(recordMs), recordBm25Ms: median(recordBm25Ms), chunksPerSec: median(rates), fusedMs: median(fused), bm25Ms: median(bm25) };
}

/**
 * @returns Markdown: scoring throughput and latency by batch size, event-loop delay, memory, dense retrieval.
 */
export async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "hfw-bench-nli-"));
  try {
    const models: Models = {
      nli: writeTinyNliModel(join(dir, "nli"), { labels: ["contradiction", "entailment", "neutral"], maxLength: 512 }),
      embed: writeTinyEmbedModel(join(dir, "embed")),
    };
    const out: string[] = [];
    out.push(`## Tier 1 (NLI, fixture model: structural cost), Node ${process.version}, medians of ${RUNS} runs`, "");
    out.push(
      "The NLI tier alone, inference in its worker thread, 1 ONNX thread; 20 prose tool outputs of 3 KB; 20-claim drafts for throughput, 30 one-claim drafts per run for latency (p50/p95 of each run, then the median over runs); score cache off. The fixture model's own inference is included but small.",
      "",
    );
    out.push("| batch size | pairs / s | pairs per claim | per-claim p50 ms | per-claim p95 ms |", "|---|---|---|---|---|");
    for (const b of [1, 8, 32]) {
      const s = await scoring(models, b);
      out.push(`| ${b} | ${s.pairsPerSec.toFixed(0)} | ${s.pairsPerClaim.toFixed(1)} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} |`);
    }
    out.push("", "| inference | event-loop delay p50 ms | p99 ms | max ms |", "|---|---|---|---|");
    for (const worker of [true, false]) {
      const e = await eventLoop(models, worker);
      out.push(`| ${worker ? "worker thread" : "main thread"} | ${e.p50.toFixed(2)} | ${e.p99.toFixed(2)} | ${e.max.toFixed(1)} |`);
    }
    out.push("", "| models loaded (NLI + embedding), fresh process | RSS growth MB | main-thread heap growth MB |", "|---|---|---|");
    for (const worker of [true, false]) {
      const m = memory(models, worker);
      out.push(`| ${worker ? "worker thread" : "main thread"} | ${m.rssMb.toFixed(0)} | ${m.heapMb.toFixed(1)} |`);
    }
    const d = await dense(models);
    out.push("", "| dense retrieval (100 outputs of 3 KB) | value |", "|---|---|");
    out.push(`| record, ms per output, dense on / off | ${d.recordMs.toFixed(3)} / ${d.recordBm25Ms.toFixed(3)} |`);
    out.push(`| background embedding, chunks / s | ${d.chunksPerSec.toFixed(0)} |`);
    out.push(`| retrieval per claim, ms, fused / BM25 | ${d.fusedMs.toFixed(2)} / ${d.bm25Ms.toFixed(2)} |`);
    return out.join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === "--memory") {
  const [, , , mode, nli, embed] = process.argv;
  memoryChild({ nli: nli!, embed: embed! }, mode === "worker").then((m) => console.log(JSON.stringify(m)));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (text) => console.log(text),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
