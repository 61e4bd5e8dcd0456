/**
 * Bench of verify on long drafts: one Markdown report of 0.5 to 5 MB (see `large-draft.ts`) against 100 tool
 * outputs, tiers 0 + lexical, rewriting the draft. Each size runs in its own Node process, so that peak RSS (the process's
 * high-water mark, `process.resourceUsage().maxRSS`) belongs to that run alone; peak heap is the largest
 * `heapUsed` seen at verify's progress callbacks. Time is wall time of `verify` (after recording).
 *
 * `node dist/scripts/bench/scale.js` prints the Markdown table; `--mb N` runs one size and prints its JSON
 * (what the table's child processes do); `run()` returns the table (for `npm run bench`).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Firewall } from "../../src/index.js";
import { mulberry32 } from "../eval/sample.js";
import { makeLargeDraft, makeOutputs, makeWorld } from "./large-draft.js";
import { median } from "./stats.js";

const SEED = 20250601;
const SIZES_MB = [0.5, 1, 2, 5];
/** Runs per size; the table gives medians. */
const RUNS = 3;

interface Measure {
  mb: number;
  chars: number;
  claims: number;
  ms: number;
  /** Peak resident set size of the process, MB. */
  rssMb: number;
  /** Largest heapUsed seen during verify, MB. */
  heapMb: number;
}

async function measure(mb: number): Promise<Measure> {
  const r = mulberry32(SEED);
  const world = makeWorld(r);
  const fw = new Firewall();
  for (const output of makeOutputs(world)) fw.record(output);
  await fw.warmup();
  const draft = makeLargeDraft(r, world, Math.round(mb * 1e6));
  let heap = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  // Rewrite and never block (as `rewriteGrounded` does), so that the text that may ship is built too.
  const report = await fw.verify(draft, {
    action: "rewrite",
    blockUncorrectable: false,
    blockBelowScore: 0,
    onProgress: () => {
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    },
  });
  const ms = performance.now() - t0;
  heap = Math.max(heap, process.memoryUsage().heapUsed);
  return { mb, chars: draft.length, claims: report.claims.length, ms, rssMb: process.resourceUsage().maxRSS / 1024, heapMb: heap / 1e6 };
}

function child(mb: number): Measure {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--mb", String(mb)], { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(out) as Measure;
}

export async function run(sizes: readonly number[] = SIZES_MB): Promise<string> {
  const lines = [
    `## Long drafts against 100 tool outputs (tiers 0 + lexical, rewrite; median of ${RUNS} runs, one process per run)`,
    "",
    "| draft | claims | verify s | ms per 1,000 claims | peak RSS MB | peak heap MB |",
    "|---|---|---|---|---|---|",
  ];
  for (const mb of sizes) {
    const runs = Array.from({ length: RUNS }, () => child(mb));
    const ms = median(runs.map((m) => m.ms));
    const claims = runs[0]!.claims;
    lines.push(
      `| ${mb} MB draft x 100 outputs | ${claims.toLocaleString("en-US")} | ${(ms / 1000).toFixed(1)} | ${((1000 * ms) / claims).toFixed(0)} | ${median(runs.map((m) => m.rssMb)).toFixed(0)} | ${median(runs.map((m) => m.heapMb)).toFixed(0)} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--mb");
  if (at >= 0) process.stdout.write(`${JSON.stringify(await measure(Number(process.argv[at + 1])))}\n`);
  else console.log(await run());
}
