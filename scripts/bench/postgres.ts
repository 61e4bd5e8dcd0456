/**
 * Bench of the PostgreSQL store, one process writing alone: what a store call costs (round trips, the
 * session's row lock, the commit's WAL flush), for tool outputs of 1 and 10 KB and reports of 5 and 20
 * claims. Needs `HFW_BENCH_POSTGRES_URL` (a database the bench may write to; its sessions are named
 * `bench-...` and deleted after); without it the section says so.
 *
 * `run()` returns a Markdown section of medians over every call; `node dist/scripts/bench/postgres.js`
 * prints it. Synthetic, seeded tool outputs and drafts as in the core bench.
 */
import { pathToFileURL } from "node:url";
import { Firewall, PostgresStore, type Report } from "../../src/index.js";
import { buildEvidenceRecord } from "../../src/ledger/evidence-record.js";
import { mulberry32 } from "../eval/sample.js";
import { median } from "./stats.js";
import { makeDraft, makeOutput, makePackage } from "./synthetic-ledger.js";

const SEED = 20261207;
const CALLS = 200;

async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

export async function run(url = process.env.HFW_BENCH_POSTGRES_URL): Promise<string> {
  const title = "## PostgreSQL store: one call alone, median ms";
  if (!url) return `${title}\n\nSkipped: set HFW_BENCH_POSTGRES_URL=postgres://... to run it.`;
  const store = new PostgresStore(url);
  const sessions: string[] = [];
  const session = (name: string) => {
    const id = `bench-${name}-${Date.now().toString(36)}`;
    sessions.push(id);
    return id;
  };
  const lines = [title, "", "| call | size | ms |", "|---|---|---|"];
  try {
    await store.connect();
    const r = mulberry32(SEED);
    for (const bytes of [1024, 10 * 1024]) {
      const outputs = Array.from({ length: CALLS }, (_, i) => makeOutput(r, makePackage(r, i), bytes, true));
      const id = session(`append-${bytes}`);
      const append = await timed(CALLS, (i) => {
        const { id: _none, ...record } = buildEvidenceRecord({ source: "npm_view", content: outputs[i] }, "").record;
        return store.appendEvidence(id, [record]);
      });
      lines.push(`| \`appendEvidence\`, one JSON tool output | ${bytes / 1024} KB | ${append.toFixed(2)} |`);
      const fw = new Firewall({ store, sessionId: session(`record-${bytes}`) });
      const record = await timed(CALLS, (i) => fw.session().recordAsync({ source: "npm_view", content: outputs[i] }));
      lines.push(`| \`session.recordAsync\` (append, then the session's delta) | ${bytes / 1024} KB | ${record.toFixed(2)} |`);
    }
    const id = sessions[0]!;
    const delta = await timed(CALLS, () => store.sessionDelta(id, { evidence: CALLS - 1, reports: 0 }));
    lines.push(`| \`sessionDelta\`, one new record | 1 KB | ${delta.toFixed(2)} |`);
    const packages = Array.from({ length: 20 }, (_, i) => makePackage(r, i));
    const fw = new Firewall();
    for (const p of packages) fw.record({ source: "npm_view", content: makeOutput(r, p, 1024, true) });
    for (const claims of [5, 20]) {
      const reports: Report[] = [];
      for (let i = 0; i < 50; i++) reports.push(await fw.verify(makeDraft(r, packages, claims)));
      const target = session(`report-${claims}`);
      const put = await timed(reports.length, (i) => store.putReport({ ...reports[i]!, sessionId: target }));
      const kb = JSON.stringify(reports[0]).length / 1024;
      lines.push(`| \`putReport\`, ${claims} claims | ${kb.toFixed(1)} KB | ${put.toFixed(2)} |`);
    }
  } finally {
    for (const id of sessions) await store.deleteSession(id);
    await store.close();
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await run());
