/**
 * Bench of the tamper-evident ledger on the SQLite store: how long a full audit of one session's hash chain
 * takes (`hfw audit verify`, the dashboard, a fail-closed session's first verify) at 1,000 and 10,000 evidence
 * records, and what a fail-closed session's incremental audit adds to a later verify (the links since its
 * last).
 *
 * `run()` returns a Markdown section of medians; `node dist/scripts/bench/audit.js` prints it. Synthetic,
 * seeded records: JSON invoices of about 0.9 KB (canonical JSON of the record), appended 1,000 to a transaction.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { auditSession, Firewall, type NewEvidence, SqliteStore } from "../../src/index.js";
import { buildEvidenceRecord } from "../../src/ledger/evidence-record.js";
import { mulberry32 } from "../eval/sample.js";
import { median } from "./stats.js";

const SEED = 20261207;
const RUNS = 5;

function invoice(r: () => number, i: number): NewEvidence {
  const content = {
    invoice: `INV-${10_000 + i}`,
    customer: `Customer ${Math.floor(r() * 5000)}`,
    status: r() < 0.5 ? "paid" : "open",
    total: Math.round(r() * 1_000_000) / 100,
    currency: "EUR",
    lines: Array.from({ length: 3 }, (_, k) => ({ sku: `SKU-${k}-${i % 97}`, qty: 1 + Math.floor(r() * 9), price: Math.round(r() * 10_000) / 100 })),
    note: "Payment terms: 30 days net. Late payments accrue interest at the statutory rate.",
  };
  const { id: _none, ...record } = buildEvidenceRecord({ source: "get_invoice", content, callId: `call-${i}` }, "").record;
  return record;
}

function fill(store: SqliteStore, sessionId: string, n: number): void {
  const r = mulberry32(SEED + n);
  for (let from = 0; from < n; from += 1000) {
    store.appendEvidence(
      sessionId,
      Array.from({ length: Math.min(1000, n - from) }, (_, k) => invoice(r, from + k)),
    );
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "hfw-bench-audit-"));
  try {
    const store = new SqliteStore(join(dir, "audit.db"));
    // The verifier's lazily loaded parts (sentence model, lexicons) load here, not in the first timed verify.
    await new Firewall({ store: new SqliteStore(":memory:") }).warmup();
    const rows: string[] = [];
    for (const n of [1_000, 10_000]) {
      const id = `audit-${n}`;
      fill(store, id, n);
      const full: number[] = [];
      for (let i = 0; i < RUNS; i++) full.push(await timed(() => auditSession(store, id)));
      const fw = new Firewall({ store, sessionId: id, audit: "fail-closed" });
      await fw.verify("Invoice INV-10001 is paid.");
      const later: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const head = fw.session().auditedHead;
        store.appendEvidence(id, [invoice(mulberry32(i), n + i)]);
        later.push(await timed(() => auditSession(store, id, { from: head })));
        await fw.verify("Invoice INV-10001 is paid.");
      }
      rows.push(`| ${n.toLocaleString("en")} | ${median(full).toFixed(0)} | ${median(later).toFixed(2)} |`);
    }
    store.close();
    return [
      "## Tamper-evident ledger (SQLite)",
      "",
      `Median of ${RUNS} runs; records are JSON invoices of about 0.9 KB (canonical JSON). A full audit is what \`hfw audit verify\`, the`,
      "dashboard and a fail-closed session's first verify in a process run; a later fail-closed verify audits only the links since.",
      "",
      "| evidence records | full audit, ms | audit before a later verify (one answer and one record since), ms |",
      "|---|---|---|",
      ...rows,
    ].join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`# hallucination-firewall ledger audit bench (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})\n`);
  console.log(await run());
}
