/**
 * Bench of the SQLite store and the dashboard: what a store write adds to recording a tool output and to a
 * report, and how long the sessions list takes with 10,000 sessions in the database (and 100,000 with
 * `HFW_BENCH_SESSIONS=100000`).
 *
 * `run()` returns a Markdown section of medians; `node dist/scripts/bench/dashboard.js` prints it.
 * Synthetic, seeded data: JSON package records and prose tool outputs of 1 and 10 KB, drafts mixing true,
 * wrong-figure and invented claims, as in the core bench. Each write is timed alone; figures are medians
 * over every write of 7 runs. Pages are fetched from a real server on 127.0.0.1, median of 15 requests
 * after 2 warm-up requests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Firewall, MemoryStore, SqliteStore, type EvidenceRecord, type Report } from "../../src/index.js";
import { startDashboard } from "../../src/dashboard/index.js";
import { mulberry32 } from "../eval/sample.js";
import { median } from "./stats.js";

const SEED = 20261130;
const RUNS = 7;

function output(r: () => number, i: number, bytes: number, json: boolean): string {
  const name = `pkg-${i}`;
  if (json) {
    const time: Record<string, string> = {};
    let out = "";
    for (let k = 0; out.length < bytes; k++) {
      time[`${k}.${k % 7}.${k % 3}`] = new Date(Date.UTC(2020 + (k % 6), k % 12, 1 + (k % 28))).toISOString();
      out = JSON.stringify({ name, version: `1.${i % 30}.0`, license: "MIT", versionCount: 5 + (i % 400), dependencyCount: i % 40, time });
    }
    return out;
  }
  let text = `${name} is licensed under MIT. It has ${i % 40} dependencies and ${5 + (i % 400)} published versions.`;
  while (text.length < bytes)
    text += r() < 0.5 ? " Its maintainers publish a minor release every few months." : " The documentation lists the supported runtimes.";
  return text;
}

function draft(r: () => number, outputs: number, claims: number): string {
  const lines: string[] = [];
  for (let k = 0; k < claims; k++) {
    const i = Math.floor(r() * outputs);
    const roll = r();
    if (roll < 0.4) lines.push(`pkg-${i} has ${i % 40} dependencies.`);
    else if (roll < 0.7) lines.push(`The registry lists ${5 + (i % 400) + (r() < 0.5 ? 0 : 7)} published versions of pkg-${i}.`);
    else if (roll < 0.85) lines.push(`pkg-${i} is released under the MIT license.`);
    else lines.push(`pkg-${i} was rewritten in Rust last year by its original author.`);
  }
  return lines.join(" ");
}

/** Median ms of each call of `write` over `RUNS` runs of `n` calls, each run on a fresh store. */
function timeEach(n: number, setup: () => { write: (k: number) => void; done: () => void }): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { write, done } = setup();
    for (let k = 0; k < n; k++) {
      const t0 = performance.now();
      write(k);
      times.push(performance.now() - t0);
    }
    done();
  }
  return median(times);
}

function tempPath(dir: string, name: string): string {
  return join(dir, `${name}-${Math.random().toString(36).slice(2)}.db`);
}

async function benchWrites(dir: string): Promise<string[]> {
  const lines = ["| write | size | SQLite store write, ms | `record()` with memory store, ms | `record()` with SQLite store, ms |", "|---|---|---|---|---|"];
  for (const json of [true, false]) {
    for (const size of [1024, 10 * 1024]) {
      const r = mulberry32(SEED + size);
      const outputs = Array.from({ length: 200 }, (_, i) => output(r, i, size, json));
      const ledgerFw = new Firewall();
      const records: EvidenceRecord[] = outputs.map((o) => ledgerFw.record({ source: "npm_view", content: o }));
      const storeMs = timeEach(records.length, () => {
        const store = new SqliteStore(tempPath(dir, "ev"));
        return { write: (k) => store.putEvidence("s", records[k]!), done: () => store.close() };
      });
      const memMs = timeEach(outputs.length, () => {
        const fw = new Firewall({ store: new MemoryStore() });
        return { write: (k) => void fw.record({ source: "npm_view", content: outputs[k]! }), done: () => {} };
      });
      const sqlMs = timeEach(outputs.length, () => {
        const store = new SqliteStore(tempPath(dir, "rec"));
        const fw = new Firewall({ store });
        return { write: (k) => void fw.record({ source: "npm_view", content: outputs[k]! }), done: () => store.close() };
      });
      lines.push(`| tool output, ${json ? "JSON" : "text"} | ${size / 1024} KB | ${storeMs.toFixed(3)} | ${memMs.toFixed(3)} | ${sqlMs.toFixed(3)} |`);
    }
  }
  // Reports: real reports of 5, 20 and 100 claims over 100 recorded outputs.
  const r = mulberry32(SEED);
  const fw = new Firewall();
  for (let i = 0; i < 100; i++) fw.record({ source: "npm_view", content: output(r, i, 2048, i % 2 === 0) });
  lines.push("", "| write | claims | SQLite store write, ms | rows written |", "|---|---|---|---|");
  for (const claims of [5, 20, 100]) {
    const reports: Report[] = [];
    for (let k = 0; k < 10; k++) reports.push(await fw.verify(draft(r, 100, claims)));
    const ms = timeEach(100, () => {
      const store = new SqliteStore(tempPath(dir, "rep"));
      return { write: (k) => store.putReport({ ...reports[k % reports.length]!, responseId: `r${k + 1}` }), done: () => store.close() };
    });
    const rows = reports.reduce((n, x) => n + 1 + x.claims.length * 2 + x.verdicts.reduce((t, v) => t + v.trace.length, 0), 0) / reports.length;
    lines.push(`| report | ${claims} | ${ms.toFixed(3)} | ${rows.toFixed(0)} |`);
  }
  return lines;
}

/** Fills a database with `n` sessions of 1-3 answers (copies of real reports) and 2 tool outputs each. */
async function fill(path: string, n: number): Promise<number> {
  const r = mulberry32(SEED + n);
  const fw = new Firewall();
  for (let i = 0; i < 20; i++) fw.record({ source: "npm_view", content: output(r, i, 1024, true) });
  const samples: Report[] = [];
  for (let k = 0; k < 8; k++) samples.push(await fw.verify(draft(r, 20, 4 + Math.floor(r() * 8))));
  const records = fw.session().ledger.records.slice(0, 2);
  const store = new SqliteStore(path);
  const t0 = performance.now();
  const start = Date.now() - n * 60_000;
  for (let s = 0; s < n; s++) {
    const sessionId = `agent-${String(s).padStart(6, "0")}`;
    for (const e of records) store.putEvidence(sessionId, { ...e, recordedAt: start + s * 60_000 });
    const answers = 1 + Math.floor(r() * 3);
    for (let a = 0; a < answers; a++) {
      const sample = samples[Math.floor(r() * samples.length)]!;
      store.putReport({ ...sample, sessionId, responseId: `r${a + 1}`, createdAt: start + s * 60_000 + a * 1000 });
    }
  }
  store.close();
  return performance.now() - t0;
}

async function pageTimes(path: string, n: number): Promise<string[]> {
  const store = new SqliteStore(path);
  const dashboard = await startDashboard({ store, port: 0 });
  const last = Math.ceil(n / 50);
  const pages: Array<[string, string]> = [
    ["sessions list, first page (50 rows, chart of 30 days)", "/"],
    ["sessions list, last page", `/?page=${last}`],
    ["sessions list, lowest score first", "/?sort=score"],
    ["sessions list, flagged only, page 20", "/?status=flagged&page=20"],
    ["sessions list, id search", "/?q=00042"],
    ["`GET /api/sessions` (50 rows)", "/api/sessions"],
    ["a session page (answers)", `/sessions/agent-${String(Math.floor(n / 2)).padStart(6, "0")}`],
  ];
  const lines: string[] = [];
  try {
    for (const [label, p] of pages) {
      const times: number[] = [];
      for (let k = 0; k < 17; k++) {
        const t0 = performance.now();
        const res = await fetch(new URL(p, dashboard.url));
        await res.text();
        if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status}`);
        if (k >= 2) times.push(performance.now() - t0);
      }
      lines.push(`| ${n.toLocaleString("en")} | ${label} | ${median(times).toFixed(1)} |`);
    }
  } finally {
    await dashboard.close();
    store.close();
  }
  return lines;
}

/** @returns the bench's Markdown section. */
export async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "hfw-bench-dash-"));
  try {
    const out = [
      "## SQLite store and dashboard",
      "",
      `Each write timed alone, median over ${RUNS} runs (200 tool outputs, 100 reports a run) on a fresh file (WAL, synchronous=NORMAL).`,
      "",
      ...(await benchWrites(dir)),
      "",
      "| sessions | page | median ms |",
      "|---|---|---|",
    ];
    const sizes = [10_000, ...(process.env.HFW_BENCH_SESSIONS ? [Number(process.env.HFW_BENCH_SESSIONS)] : [])];
    const fills: string[] = [];
    for (const n of sizes) {
      const path = join(dir, `list-${n}.db`);
      const ms = await fill(path, n);
      fills.push(`${n.toLocaleString("en")} sessions written in ${(ms / 1000).toFixed(1)} s`);
      out.push(...(await pageTimes(path, n)));
    }
    out.push("", `Pages fetched from a server on 127.0.0.1, median of 15 requests after 2 warm-up requests; ${fills.join("; ")}.`);
    return out.join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`# hallucination-firewall store and dashboard bench (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})\n`);
  console.log(await run());
}
