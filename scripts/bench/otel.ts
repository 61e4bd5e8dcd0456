/**
 * Overhead of the OpenTelemetry instrumentation on a 20-claim verify (tiers 0 + lexical, balanced policy),
 * three ways: telemetry off (`telemetry: false`, the baseline), on with no SDK loaded (the API's no-ops), and
 * on with the SDK from `setupTracing` exporting over OTLP/HTTP through the batch span processor, the batch
 * log processor and the periodic metric reader, to a receiver in another process on 127.0.0.1 that reads
 * and discards each request, as a collector would.
 *
 * Each measurement is a fresh Node process (so the no-SDK runs never load the SDK, and no run inherits
 * another's JIT state) that records the same ledger, warms up, then times every verify call (wall time) and
 * the process's CPU time over them (user + system, including the exporters' serialising, flushed before
 * the clock stops). Processes of the three configurations alternate, round after round. Reported: the
 * median verify wall time over all calls of a configuration, the median over its processes of the CPU time
 * per verify, and each against telemetry off. CPU time is the steadier figure on a shared machine: wall time
 * also counts the time other processes hold the cores.
 *
 * Run alone: `node dist/scripts/bench/otel.js` (after `npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Firewall, type FirewallOptions } from "../../src/index.js";
import { mulberry32 } from "../eval/sample.js";

const SEED = 20261130;
const RECORDS = 60;
const CLAIMS = 20;
const ROUNDS = 5;
const WARMUP = 15;
const VERIFIES = 40;

type Config = "off" | "noSdk" | "sdk";
const CONFIGS: Config[] = ["off", "noSdk", "sdk"];

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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

interface WorkerResult {
  claims: number;
  wallMs: number[];
  cpuMsPerVerify: number;
}

/** One measurement, in this process: `config`, exporting to `sinkUrl` for `sdk`. */
async function measure(config: Config, sinkUrl: string): Promise<WorkerResult> {
  const r = mulberry32(SEED);
  const pkgs = makePackages(r);
  const draft = makeDraft(r, pkgs);
  // Loaded only here, so that the other configurations never load the SDK.
  const tracing = config === "sdk" ? (await import("../../otel/index.js")).setupTracing({ serviceName: "hfw-bench", exporter: "otlp", endpoint: sinkUrl, autoDetectResources: false }) : undefined;
  const telemetry: FirewallOptions["telemetry"] = config === "off" ? false : {};
  const fw = new Firewall({ telemetry });
  pkgs.forEach((p, i) => fw.record({ source: "npm_view", content: output(p), callId: `call_${i}` }));
  let claims = 0;
  for (let i = 0; i < WARMUP; i++) claims = (await fw.verify(draft)).claims.length;
  await tracing?.forceFlush();
  const wallMs: number[] = [];
  const before = process.cpuUsage();
  for (let i = 0; i < VERIFIES; i++) {
    const t0 = performance.now();
    await fw.verify(draft);
    wallMs.push(performance.now() - t0);
  }
  await tracing?.forceFlush();
  const used = process.cpuUsage(before);
  await tracing?.shutdown();
  return { claims, wallMs, cpuMsPerVerify: (used.user + used.system) / 1000 / VERIFIES };
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
function spawnMeasure(config: Config, sinkUrl: string): Promise<WorkerResult> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [self, "--measure", config, sinkUrl], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as WorkerResult) : reject(new Error(`bench worker '${config}' exited with ${code}`)))),
  );
}

/** @returns a Markdown table of medians. */
export async function run(): Promise<string> {
  const sink = await startSink();
  try {
    const results: Record<Config, WorkerResult[]> = { off: [], noSdk: [], sdk: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...CONFIGS].reverse() : CONFIGS;
      for (const c of order) results[c].push(await spawnMeasure(c, sink.url));
    }
    const wall = (c: Config) => median(results[c].flatMap((x) => x.wallMs));
    const cpu = (c: Config) => median(results[c].map((x) => x.cpuMsPerVerify));
    const pct = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}%`;
    const row = (label: string, c: Config) =>
      `| ${label} | ${wall(c).toFixed(2)} | ${c === "off" ? "baseline" : pct(wall(c) / wall("off") - 1)} | ${cpu(c).toFixed(2)} | ${c === "off" ? "baseline" : pct(cpu(c) / cpu("off") - 1)} |`;
    return [
      `OpenTelemetry overhead on a ${results.off[0]!.claims}-claim verify over ${RECORDS} npm-view records: ${ROUNDS} processes per configuration, alternating; each ${WARMUP} warm-up then ${VERIFIES} timed verifies.`,
      "",
      "| configuration | verify p50 ms (wall) | overhead | CPU ms per verify (median of processes) | overhead |",
      "|---|---|---|---|---|",
      row("telemetry off (`telemetry: false`)", "off"),
      row("on, no SDK loaded", "noSdk"),
      row("on, SDK + OTLP/HTTP batch export", "sdk"),
    ].join("\n");
  } finally {
    sink.child.kill();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--measure");
  if (i > 0) process.stdout.write(JSON.stringify(await measure(process.argv[i + 1] as Config, process.argv[i + 2]!)));
  else console.log(await run());
}
