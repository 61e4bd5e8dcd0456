/**
 * `npm run bench`: recording throughput and verify latency on synthetic agent ledgers (tiers 0 + lexical).
 *
 * Evidence is generated deterministically (seeded PRNG): JSON package records like an npm registry answer
 * and prose passages like a doc-search result, 1-10 KB each. Drafts mix true, wrong-figure and invented
 * sentences about recorded packages. Figures are medians over several runs; latency percentiles are over
 * every verify call of a configuration. Run with `node --expose-gc` for steadier memory figures.
 */
import { Firewall } from "../src/index.js";
import { mulberry32 } from "./eval/sample.js";
import { run as benchAiSdk } from "./bench/ai-sdk.js";
import { run as benchChain } from "./bench/chain.js";
import { run as benchAudit } from "./bench/audit.js";
import { run as benchLangchain } from "./bench/langchain.js";
import { run as benchMcpProxy } from "./bench/mcp-proxy.js";
import { run as benchDashboard } from "./bench/dashboard.js";
import { run as benchJudge } from "./bench/judge.js";
import { run as benchNli } from "./bench/nli.js";
import { run as benchOtel } from "./bench/otel.js";
import { run as benchPostgres } from "./bench/postgres.js";
import { run as benchFleet } from "./bench/fleet.js";
import { run as benchScale } from "./bench/scale.js";
import { run as benchStream } from "./bench/stream.js";
import { median, pct } from "./bench/stats.js";
import { makeDraft, makeOutput, makePackage } from "./bench/synthetic-ledger.js";
import { run as benchVerdicts } from "./bench/verdicts.js";

const SEED = 20250601;

const rng = mulberry32;

function benchRecording(): void {
  console.log("\n## Recording a tool output (median of 7 runs of 200 records each)\n");
  console.log("| content | size | ms per record | ms per 1 KB | MB/s |");
  console.log("|---|---|---|---|---|");
  for (const json of [false, true]) {
    for (const size of [1024, 10 * 1024]) {
      const r = rng(SEED);
      const outputs = Array.from({ length: 200 }, (_, i) => makeOutput(r, makePackage(r, i), size, json));
      const bytes = outputs.reduce((s, o) => s + Buffer.byteLength(o), 0);
      const runs: number[] = [];
      for (let run = 0; run < 7; run++) {
        const fw = new Firewall();
        const t0 = performance.now();
        for (const o of outputs) fw.record({ source: "tool", content: o });
        runs.push(performance.now() - t0);
      }
      const ms = median(runs);
      console.log(
        `| ${json ? "JSON" : "text"} | ${(size / 1024).toFixed(0)} KB | ${(ms / outputs.length).toFixed(3)} | ${(ms / (bytes / 1024)).toFixed(4)} | ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} |`,
      );
    }
  }
}

/** Drafts timed per configuration: enough that p95 is not just the slowest one (with 15 it would be). */
const DRAFTS = 40;

async function benchVerify(): Promise<void> {
  console.log(`\n## Verify latency, tiers 0 + lexical (p50 / p95 over ${DRAFTS} drafts after 2 warm-up drafts)\n`);
  console.log("Memory: heap + external growth after recording and verifying, over the evidence bytes.\n");
  console.log("| tool outputs | evidence | claims per draft | p50 ms | p95 ms | heap+external / evidence |");
  console.log("|---|---|---|---|---|---|");
  // Load the lazily loaded parts (sentence model, lexicons) first, so memory counts only the ledger.
  const warm = new Firewall();
  warm.record({ source: "warm", content: { name: "warm", version: "1.0.0" } });
  await warm.verify("The warm package is at version 1.0.0 and was released on 2024-01-01 by Jane Smith.");
  for (const outputs of [10, 100, 1000]) {
    const r = rng(SEED + outputs);
    const pkgs = Array.from({ length: outputs }, (_, i) => makePackage(r, i));
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    const fw = new Firewall();
    let bytes = 0;
    pkgs.forEach((p, i) => {
      const out = makeOutput(r, p, 1024 + Math.floor(r() * 9 * 1024), i % 2 === 0);
      bytes += Buffer.byteLength(out);
      fw.record({ source: i % 2 === 0 ? "npm_view" : "doc_search", content: out });
    });
    const t0 = performance.now();
    await fw.verify(makeDraft(r, pkgs, 1));
    const firstMs = performance.now() - t0;
    for (const claims of [5, 20, 100]) {
      const times: number[] = [];
      for (let k = 0; k < DRAFTS + 2; k++) {
        const draft = makeDraft(r, pkgs, claims);
        const t0 = performance.now();
        await fw.verify(draft);
        if (k >= 2) times.push(performance.now() - t0);
      }
      (globalThis as { gc?: () => void }).gc?.();
      const after = process.memoryUsage();
      const mem = (after.heapUsed + after.external - before.heapUsed - before.external) / bytes;
      console.log(
        `| ${outputs} | ${(bytes / 1e6).toFixed(2)} MB | ${claims} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${mem.toFixed(1)}x |`,
      );
    }
    console.log(`| ${outputs} | (first verify after recording: indexes every passage once) | 1 | ${firstMs.toFixed(0)} | | |`);
    fw.reset();
  }
}

console.log(`# hallucination-firewall bench (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`);
benchRecording();
await benchVerify();
console.log(`\n${await benchVerdicts()}`);
// `npm run bench -- --core`: recording, verify and verdicts only (the adapters', store's and tiers' tables take minutes).
if (!process.argv.includes("--core")) {
  console.log(`\n${await benchLangchain()}`);
  console.log(`\n${await benchAiSdk()}`);
  console.log(`\n${await benchStream()}`);
  console.log(`\n${await benchMcpProxy()}`);
  console.log(`\n${await benchDashboard()}`);
  console.log(`\n${await benchChain()}`);
  console.log(`\n${await benchPostgres()}`);
  console.log(`\n${await benchFleet()}`);
  console.log(`\n${await benchAudit()}`);
  console.log(`\n${await benchOtel()}`);
  console.log(`\n${await benchNli()}`);
  console.log(`\n${await benchJudge()}`);
  console.log(`\n${await benchScale()}`);
}
