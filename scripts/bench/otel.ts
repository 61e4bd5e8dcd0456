/**
 * Overhead of the OpenTelemetry instrumentation on a 20-claim verify (tiers 0 + lexical, balanced policy).
 *
 * Each setting runs in a fresh Node process holding two firewalls over the same ledger: one with telemetry
 * off (`telemetry: false`, the baseline) and one with it on. The process alternates blocks of verify calls
 * between the two (off-on, then on-off), so that both see the same machine load and the same compiled code,
 * and reads the process's CPU time (user + system) over each block. Settings:
 *
 * - no SDK: the SDK packages are never loaded; telemetry goes to the API's no-ops;
 * - SDK: `setupTracing` with the OTLP/HTTP exporters, sending to a receiver in another process on 127.0.0.1
 *   that reads and discards each request, as a collector would: spans only (batch span processor); spans and
 *   metrics (periodic reader); everything, the default (plus the verdict events as log records, batch log
 *   processor). Each block ends with a flush, so the exporters' serialising counts in its block.
 *
 * Reported per setting: the median over blocks of CPU time per verify, off and on; the median of the on/off
 * ratios of paired blocks; and the median verify wall time, off and on. CPU time of paired blocks is the
 * steadier figure on a shared machine: wall time also counts the time other processes hold the cores.
 *
 * Run alone: `node dist/scripts/bench/otel.js` (after `npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Firewall } from "../../src/index.js";
import { mulberry32 } from "../eval/sample.js";
import { median } from "./stats.js";

const SEED = 20261130;
const RECORDS = 60;
const CLAIMS = 20;
/**
 * Processes per setting, block pairs per process, verify calls per block, warm-up calls per firewall. A block
 * of 24 verify calls makes about 170 spans and 480 verdict log records: about what the batch processors
 * (512 items or 5 s / 1 s) send in one request in a busy agent.
 */
const PROCESSES = 2;
const PAIRS = 12;
const BLOCK = 24;
const WARMUP = 30;

type Setting = "noSdk" | "spans" | "spansMetrics" | "sdk";
const SETTINGS: Setting[] = ["noSdk", "spans", "spansMetrics", "sdk"];
const SDK_OPTIONS: Partial<Record<Setting, { metrics: boolean; evaluationEvents: boolean }>> = {
  spans: { metrics: false, evaluationEvents: false },
  spansMetrics: { metrics: true, evaluationEvents: false },
  sdk: { metrics: true, evaluationEvents: true },
};
const LABELS: Record<Setting, string> = {
  noSdk: "no SDK loaded",
  spans: "SDK, OTLP/HTTP batch export: spans only",
  spansMetrics: "SDK: spans and metrics",
  sdk: "SDK: spans, metrics, verdict log records (default)",
};

const WORDS = "parser stream buffer client server cache router logger config schema token queue worker bundle plugin socket".split(" ");

interface Pkg {
  name: string;
  version: string;
  versions: number;
  deps: number;
  license: string;
}

function makePackages(r: () => number): Pkg[] {
  return Array.from({ length: RECORDS }, (_, i) => ({
    name: `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(r() * WORDS.length)]}-${i}`,
    version: `${1 + Math.floor(r() * 20)}.${Math.floor(r() * 30)}.${Math.floor(r() * 20)}`,
    versions: 5 + Math.floor(r() * 400),
    deps: Math.floor(r() * 40),
    license: r() < 0.7 ? "MIT" : "Apache-2.0",
  }));
}

/** An npm-view-like record of about 2 KB. */
function output(p: Pkg): Record<string, unknown> {
  const time: Record<string, string> = {};
  for (let k = 0; k < 30; k++) time[`${k % 9}.${k % 7}.${k % 3}`] = new Date(Date.UTC(2020 + (k % 6), k % 12, 1 + (k % 28))).toISOString();
  return { name: p.name, version: p.version, license: p.license, versionCount: p.versions, dependencyCount: p.deps, time };
}

/** 20 claims: true figures, wrong figures, licenses, versions and inventions. */
function makeDraft(r: () => number, pkgs: Pkg[]): string {
  const lines: string[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const p = pkgs[Math.floor(r() * pkgs.length)]!;
    const roll = r();
    if (roll < 0.25) lines.push(`${p.name} has ${p.deps} dependencies.`);
    else if (roll < 0.45) lines.push(`The registry lists ${p.versions + (r() < 0.5 ? 0 : 7)} published versions of ${p.name}.`);
    else if (roll < 0.65) lines.push(`${p.name} is released under the ${p.license} license.`);
    else if (roll < 0.85) lines.push(`The latest version of ${p.name} is ${p.version}.`);
    else lines.push(`${p.name} was rewritten in Rust last year by its original author.`);
  }
  return lines.join(" ");
}

interface Side {
  /** CPU ms per verify, one value per block. */
  cpu: number[];
  /** Wall ms of every verify call. */
  wall: number[];
}

interface ProcessResult {
  claims: number;
  off: Side;
  on: Side;
  /** on / off CPU per verify, one value per block pair. */
  ratios: number[];
}

/** One process's measurement (runs in the child). */
async function measure(setting: Setting, sinkUrl: string): Promise<ProcessResult> {
  const r = mulberry32(SEED);
  const pkgs = makePackages(r);
  const draft = makeDraft(r, pkgs);
  const sdk = SDK_OPTIONS[setting];
  // Loaded only here: the no-SDK processes never load the SDK packages.
  const tracing = sdk
    ? (await import("../../otel/index.js")).setupTracing({ serviceName: "hfw-bench", exporter: "otlp", endpoint: sinkUrl, autoDetectResources: false, ...sdk })
    : undefined;
  const fws = { off: new Firewall({ telemetry: false }), on: new Firewall() };
  for (const fw of Object.values(fws)) pkgs.forEach((p, i) => fw.record({ source: "npm_view", content: output(p), callId: `call_${i}` }));
  let claims = 0;
  for (let i = 0; i < WARMUP; i++) for (const fw of Object.values(fws)) claims = (await fw.verify(draft)).claims.length;
  await tracing?.forceFlush();
  const result: ProcessResult = { claims, off: { cpu: [], wall: [] }, on: { cpu: [], wall: [] }, ratios: [] };
  const block = async (side: "off" | "on"): Promise<number> => {
    const before = process.cpuUsage();
    for (let i = 0; i < BLOCK; i++) {
      const t0 = performance.now();
      await fws[side].verify(draft);
      result[side].wall.push(performance.now() - t0);
    }
    await tracing?.forceFlush();
    const used = process.cpuUsage(before);
    const perVerify = (used.user + used.system) / 1000 / BLOCK;
    result[side].cpu.push(perVerify);
    return perVerify;
  };
  for (let pair = 0; pair < PAIRS; pair++) {
    const [first, second] = pair % 2 ? (["on", "off"] as const) : (["off", "on"] as const);
    const a = await block(first);
    const b = await block(second);
    result.ratios.push(first === "on" ? a / b : b / a);
  }
  await tracing?.shutdown();
  return result;
}

/** A process that answers every OTLP request with 200 and discards it. */
async function startSink(): Promise<{ url: string; child: ChildProcess }> {
  const code = `require("node:http").createServer((q, s) => { q.resume(); q.on("end", () => { s.writeHead(200, { "content-type": "application/json" }); s.end("{}"); }); }).listen(0, "127.0.0.1", function () { process.stdout.write(String(this.address().port) + "\\n"); });`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (c) => reject(new Error(`sink exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Runs `measure` in a child process of this script. */
function spawnMeasure(setting: Setting, sinkUrl: string): Promise<ProcessResult> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [self, "--measure", setting, sinkUrl], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as ProcessResult) : reject(new Error(`bench process '${setting}' exited with ${code}`)))),
  );
}

/** @returns a Markdown table of medians. */
export async function run(): Promise<string> {
  const sink = await startSink();
  try {
    const results = Object.fromEntries(SETTINGS.map((s) => [s, [] as ProcessResult[]])) as Record<Setting, ProcessResult[]>;
    for (let round = 0; round < PROCESSES; round++) {
      for (const s of round % 2 ? [...SETTINGS].reverse() : SETTINGS) results[s].push(await spawnMeasure(s, sink.url));
    }
    const pct = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}%`;
    const rows = SETTINGS.map((s) => {
      const all = results[s];
      const cpuOff = median(all.flatMap((x) => x.off.cpu));
      const cpuOn = median(all.flatMap((x) => x.on.cpu));
      const ratio = median(all.flatMap((x) => x.ratios));
      const wallOff = median(all.flatMap((x) => x.off.wall));
      const wallOn = median(all.flatMap((x) => x.on.wall));
      return `| ${LABELS[s]} | ${cpuOff.toFixed(2)} | ${cpuOn.toFixed(2)} | ${pct(ratio - 1)} (${(cpuOn - cpuOff).toFixed(2)} ms) | ${wallOff.toFixed(2)} / ${wallOn.toFixed(2)} (${pct(wallOn / wallOff - 1)}) |`;
    });
    return [
      `OpenTelemetry overhead on a ${results.noSdk[0]!.claims}-claim verify over ${RECORDS} npm-view records: per setting ${PROCESSES} processes, each alternating ${PAIRS} pairs of ${BLOCK}-verify blocks between telemetry off and on (after ${WARMUP} warm-up verifies each).`,
      "",
      "| setting | CPU ms per verify, off | on | overhead (median of paired blocks) | wall p50 ms, off / on |",
      "|---|---|---|---|---|",
      ...rows,
    ].join("\n");
  } finally {
    sink.child.kill();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--measure");
  if (i > 0) process.stdout.write(JSON.stringify(await measure(process.argv[i + 1] as Setting, process.argv[i + 2]!)));
  else console.log(await run());
}
