/**
 * Fleets: `hfw serve` on PostgreSQL against the in-process library on the same work
 * (`node dist/scripts/bench/fleet.js`, or `run()` from the bench runner; needs `npm run build`).
 *
 * Needs a PostgreSQL server: `HFW_BENCH_POSTGRES_URL` (else `HFW_TEST_POSTGRES_URL`); the section is skipped
 * with a notice when neither is set. A fresh database is created on it for the run and dropped after.
 *
 * Work: 50 sessions, 100 tool outputs each (1 KB, JSON and text, from `synthetic-ledger.ts`), 20-claim
 * drafts. Measured:
 * - record throughput, outputs/s: every session records its outputs concurrently (50 clients), in batches
 *   of 10, spread over 2 `hfw serve` processes (requests alternate between them), against the library in
 *   one process recording the same batches into a `PostgresStore`;
 * - verify latency, one request at a time so that latency is not queueing: the in-process library
 *   (`PostgresStore`, session warm), a server verifying sessions it recorded (single process), and a server
 *   verifying sessions the other one recorded (cross-worker), the first call of a session timed apart.
 *   Paths alternate in blocks so that all see the same machine load; p50 and p95 over every timed call.
 * - the hash chain's cost per record (link hash of each output's record).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { pathToFileURL } from "node:url";
import { Firewall, type RecordInput } from "../../src/index.js";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { EMPTY_HEAD, linkHash } from "../../src/store/ledger-chain.js";
import { openStore } from "../../src/store/open-store.js";
import { isAsyncStore } from "../../src/store/store.js";
import { mulberry32 } from "../eval/sample.js";
import { median, pct } from "./stats.js";
import { makeDraft, makeOutput, makePackage, type Pkg } from "./synthetic-ledger.js";

const SESSIONS = 50;
const OUTPUTS = 100;
const BATCH = 10;
const CLAIMS = 20;
const ROUNDS = 6;
const cli = new URL("../../src/cli/main.js", import.meta.url).pathname;

interface Work {
  id: string;
  outputs: RecordInput[];
  draft: string;
}

function workload(prefix: string): Work[] {
  const r = mulberry32(20261207);
  return Array.from({ length: SESSIONS }, (_, s) => {
    const pkgs: Pkg[] = Array.from({ length: OUTPUTS }, (_, i) => makePackage(r, s * OUTPUTS + i));
    const outputs = pkgs.map((p, i) => ({ source: i % 2 ? "npm_view" : "doc_search", content: makeOutput(r, p, 1024, i % 2 === 1), callId: `call-${i}` }));
    return { id: `${prefix}-${s}`, outputs, draft: makeDraft(r, pkgs, CLAIMS) };
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `hfw serve` on `db`; resolves once it answers /readyz. */
async function serve(db: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, "serve", "--db", db, "--port", String(port), "--rate", "1000000"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`hfw serve exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`hfw serve did not become ready: ${stderr}`);
}

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A database of its own on the server `url` names; `drop()` removes it. */
async function benchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = createRequire(import.meta.url)("pg") as typeof import("pg");
  const name = `hfw_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = new URL(url);
  db.pathname = `/${name}`;
  return {
    url: db.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const fmt = (ms: number) => ms.toFixed(1);

export async function run(): Promise<string> {
  const base = process.env.HFW_BENCH_POSTGRES_URL?.trim() || process.env.HFW_TEST_POSTGRES_URL?.trim();
  if (!base) return "\n## Fleets\n\nSkipped: set HFW_BENCH_POSTGRES_URL to a PostgreSQL server (a database is created on it for the run).\n";
  const lines: string[] = [];
  const database = await benchDatabase(base);
  const servers: Array<{ url: string; child: ChildProcess }> = [];
  const store = openStore(database.url);
  try {
    if (!isAsyncStore(store)) throw new Error("expected a PostgreSQL store");
    servers.push(await serve(database.url), await serve(database.url));
    const [a, b] = [servers[0]!, servers[1]!];
    const lib = new Firewall({ store });

    // Record throughput: 50 concurrent sessions, batches of 10.
    const viaServers = workload("srv");
    const viaLib = workload("lib");
    const recordAll = async (work: Work[], send: (w: Work, batch: RecordInput[], k: number) => Promise<unknown>) => {
      const t0 = performance.now();
      await Promise.all(
        work.map(async (w) => {
          for (let k = 0; k < OUTPUTS / BATCH; k++) await send(w, w.outputs.slice(k * BATCH, (k + 1) * BATCH), k);
        }),
      );
      return (SESSIONS * OUTPUTS) / ((performance.now() - t0) / 1000);
    };
    const libRate = await recordAll(viaLib, (w, batch) => lib.session(w.id).recordMany(batch));
    const srvRate = await recordAll(viaServers, (w, batch, k) => post(`${(k % 2 ? b : a).url}/v1/sessions/${w.id}/evidence/batch`, { records: batch }));
    lines.push(
      "| path | outputs/s |",
      "|---|---|",
      `| in-process library, PostgresStore | ${libRate.toFixed(0)} |`,
      `| 2 x hfw serve, PostgreSQL | ${srvRate.toFixed(0)} |`,
    );

    // Verify latency, one request at a time. Server A verifies half the sessions it holds warm; server B
    // verifies the other half cross-worker (they were recorded through both servers; B verified none yet).
    const times: Record<string, number[]> = { lib: [], single: [], cross: [], crossFirst: [], libFirst: [] };
    const half = SESSIONS / 2;
    for (let s = 0; s < SESSIONS; s++) {
      const first = performance.now();
      if (s < half) {
        await lib.session(viaLib[s]!.id).verify(viaLib[s]!.draft);
        times.libFirst!.push(performance.now() - first);
        await post(`${a.url}/v1/sessions/${viaServers[s]!.id}/verify`, { draft: viaServers[s]!.draft });
      } else {
        await post(`${b.url}/v1/sessions/${viaServers[s]!.id}/verify`, { draft: viaServers[s]!.draft });
        times.crossFirst!.push(performance.now() - first);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (let s = 0; s < half; s++) {
        const order = (round + s) % 3;
        for (let k = 0; k < 3; k++) {
          const path = (order + k) % 3;
          const t0 = performance.now();
          if (path === 0) await lib.session(viaLib[s]!.id).verify(viaLib[s]!.draft);
          else if (path === 1) await post(`${a.url}/v1/sessions/${viaServers[s]!.id}/verify`, { draft: viaServers[s]!.draft });
          else {
            // Cross-worker: the other half's sessions, answered alternately by both servers.
            const w = viaServers[half + s]!;
            await post(`${(round % 2 ? a : b).url}/v1/sessions/${w.id}/verify`, { draft: w.draft });
          }
          times[["lib", "single", "cross"][path]!]!.push(performance.now() - t0);
        }
      }
    }
    const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${fmt(median(xs))} | ${fmt(pct(xs, 95))} |`;
    lines.push(
      "",
      `Verify, ${CLAIMS}-claim drafts against ${OUTPUTS} outputs per session, one request at a time:`,
      "",
      "| path | calls | p50 ms | p95 ms |",
      "|---|---|---|---|",
      row("in-process library, PostgresStore", times.lib!),
      row("hfw serve, session recorded through it", times.single!),
      row("hfw serve, cross-worker (the other server recorded and verified too)", times.cross!),
      row("first call of a session, in-process", times.libFirst!),
      row("first call of a session, cross-worker (loads the ledger)", times.crossFirst!),
      "",
      `Server overhead over the in-process verify (p50): ${fmt(median(times.single!) - median(times.lib!))} ms. ` +
        `Cross-worker over single-process (p50): ${(median(times.cross!) / median(times.single!)).toFixed(2)}x.`,
    );

    // The hash chain's cost per record.
    const ledger = new EvidenceLedger();
    const records = viaLib.flatMap((w) => w.outputs.slice(0, 20)).map((input, i) => ({ ...ledger.build(input), id: `e${i + 1}` }));
    const runs: number[] = [];
    for (let k = 0; k < 9; k++) {
      let hash = EMPTY_HEAD.hash;
      const t0 = performance.now();
      for (const r of records) hash = linkHash(hash, "evidence", r);
      runs.push((performance.now() - t0) / records.length);
    }
    lines.push("", `Hash chain: ${median(runs).toFixed(4)} ms per record (median of 9 runs over ${records.length} 1 KB records).`);
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
    if (isAsyncStore(store)) await store.close();
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode === null ? s.child.once("exit", r) : r(null)))));
    await database.drop();
  }
  return `\n## Fleets: hfw serve on PostgreSQL, 2 server processes, ${SESSIONS} sessions\n\n${lines.join("\n")}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run().then(
    (out) => console.log(out),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
