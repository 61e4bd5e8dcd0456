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
import { run as benchLangchain } from "./bench/langchain.js";
import { run as benchDashboard } from "./bench/dashboard.js";
import { run as benchJudge } from "./bench/judge.js";
import { run as benchNli } from "./bench/nli.js";
import { run as benchOtel } from "./bench/otel.js";
import { median, pct } from "./bench/stats.js";

const SEED = 20250601;

const rng = mulberry32;

const WORDS = "parser stream buffer client server cache router logger config schema token queue worker bundle plugin socket render".split(" ");
const PROSE = [
  "The package provides a small and fast implementation that works in Node.js and in browsers.",
  "Its maintainers publish a new minor release every few months and keep the public API stable.",
  "Most downloads come from build tools that depend on it indirectly through other libraries.",
  "The documentation lists the supported runtimes, the configuration options and known limitations.",
  "Security advisories are handled through the project's disclosure policy within a few days.",
];

interface Pkg {
  name: string;
  version: string;
  versions: number;
  deps: number;
  license: string;
  size: number;
}

function makePackage(r: () => number, i: number): Pkg {
  const name = `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(r() * WORDS.length)]}-${i}`;
  return { name, version: `${1 + Math.floor(r() * 20)}.${Math.floor(r() * 30)}.${Math.floor(r() * 20)}`, versions: 5 + Math.floor(r() * 400), deps: Math.floor(r() * 40), license: r() < 0.7 ? "MIT" : "Apache-2.0", size: 50 + Math.floor(r() * 9000) };
}

/** A tool output of about `bytes` bytes about `pkg`: JSON (npm-view-like) or prose. */
function makeOutput(r: () => number, pkg: Pkg, bytes: number, json: boolean): string {
  if (json) {
    const time: Record<string, string> = {};
    const deps: Record<string, string> = {};
    let out = "";
    for (let k = 0; out.length < bytes; k++) {
      time[`${k}.${k % 7}.${k % 3}`] = new Date(Date.UTC(2020 + (k % 6), k % 12, 1 + (k % 28))).toISOString();
      if (k < pkg.deps) deps[`${WORDS[k % WORDS.length]}-${k}`] = `^${k % 9}.${k % 5}.0`;
      out = JSON.stringify({ name: pkg.name, version: pkg.version, license: pkg.license, versionCount: pkg.versions, dependencyCount: pkg.deps, unpackedSizeKb: pkg.size, dependencies: deps, time });
    }
    return out;
  }
  let text = `${pkg.name} ${pkg.version} is licensed under ${pkg.license}. It has ${pkg.deps} dependencies and ${pkg.versions} published versions.`;
  while (text.length < bytes) text += ` ${PROSE[Math.floor(r() * PROSE.length)]}`;
  return text;
}

function makeDraft(r: () => number, pkgs: Pkg[], claims: number): string {
  const lines: string[] = [];
  for (let i = 0; i < claims; i++) {
    const p = pkgs[Math.floor(r() * pkgs.length)]!;
    const roll = r();
    if (roll < 0.25) lines.push(`${p.name} has ${p.deps} dependencies.`);
    else if (roll < 0.45) lines.push(`The registry lists ${p.versions + (r() < 0.5 ? 0 : 7)} published versions of ${p.name}.`);
    else if (roll < 0.65) lines.push(`${p.name} is released under the ${p.license} license.`);
    else if (roll < 0.8) lines.push(`The latest version of ${p.name} is ${p.version}.`);
    else if (roll < 0.9) lines.push(`${p.name} was rewritten in Rust last year by its original author.`);
    else lines.push(`${p.name} needs about ${(p.size / 1000).toFixed(1)} MB once unpacked.`);
  }
  return lines.join(" ");
}

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
      console.log(`| ${json ? "JSON" : "text"} | ${(size / 1024).toFixed(0)} KB | ${(ms / outputs.length).toFixed(3)} | ${(ms / (bytes / 1024)).toFixed(4)} | ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} |`);
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
      console.log(`| ${outputs} | ${(bytes / 1e6).toFixed(2)} MB | ${claims} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${mem.toFixed(1)}x |`);
    }
    console.log(`| ${outputs} | (first verify after recording: indexes every passage once) | 1 | ${firstMs.toFixed(0)} | | |`);
    fw.reset();
  }
}

console.log(`# hallucination-firewall bench (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`);
benchRecording();
await benchVerify();
// `npm run bench -- --core`: recording and verify only (the adapters', store's and tiers' tables take minutes).
if (!process.argv.includes("--core")) {
  console.log(`\n${await benchLangchain()}`);
  console.log(`\n${await benchAiSdk()}`);
  console.log(`\n${await benchDashboard()}`);
  console.log(`\n${await benchOtel()}`);
  console.log(`\n${await benchNli()}`);
  console.log(`\n${await benchJudge()}`);
}
