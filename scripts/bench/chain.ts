/**
 * Bench of the hash chain: what joining a session's chain adds to each store write. Per record, the
 * PostgreSQL store builds the row as the database will give it back and hashes it after the session's
 * head (`extend`: canonical JSON, then SHA-256); this times exactly that, for evidence records of 1 and
 * 10 KB (JSON and text) and for reports of the bench's drafts.
 *
 * `run()` returns a Markdown section of medians over 7 runs (each the mean over every record of the run);
 * `node dist/scripts/bench/chain.js` prints it. Synthetic, seeded tool outputs as in the core bench.
 */
import { pathToFileURL } from "node:url";
import { EMPTY_HEAD, type EvidenceRecord, Firewall, type Report } from "../../src/index.js";
import { buildEvidenceRecord } from "../../src/ledger/evidence-record.js";
import { extend } from "../../src/store/ledger-chain.js";
import { evidenceRowOf, storedReport } from "../../src/store/postgres-rows.js";
import { evidenceOf } from "../../src/store/sqlite-rows.js";
import { mulberry32 } from "../eval/sample.js";
import { median } from "./stats.js";
import { makeDraft, makeOutput, makePackage } from "./synthetic-ledger.js";

const SEED = 20261207;
const RUNS = 7;
const RECORDS = 2000;

/** Median over runs of the mean µs per item of `link` over all items. */
function microsPer<T>(items: readonly T[], link: (item: T) => void): number {
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    for (const item of items) link(item);
    runs.push(((performance.now() - t0) * 1000) / items.length);
  }
  return median(runs);
}

function evidenceRecords(bytes: number, json: boolean): EvidenceRecord[] {
  const r = mulberry32(SEED);
  return Array.from(
    { length: RECORDS },
    (_, i) => buildEvidenceRecord({ source: "npm_view", content: makeOutput(r, makePackage(r, i), bytes, json), callId: `call-${i}` }, `e${i + 1}`).record,
  );
}

async function reports(claimsPerDraft: number): Promise<Report[]> {
  const r = mulberry32(SEED);
  const packages = Array.from({ length: 20 }, (_, i) => makePackage(r, i));
  const fw = new Firewall();
  for (const p of packages) fw.record({ source: "npm_view", content: makeOutput(r, p, 1024, true) });
  const out: Report[] = [];
  for (let i = 0; i < 40; i++) out.push(await fw.verify(makeDraft(r, packages, claimsPerDraft)));
  return out;
}

export async function run(): Promise<string> {
  const lines = [
    `## Hash chain: cost per record (median of ${RUNS} runs)`,
    "",
    "Row as read back (JSON text parsed again) plus `extend` (canonical JSON and SHA-256), as the PostgreSQL store does for each write.",
    "",
    "| record | size | µs per record | of which `extend`, µs |",
    "|---|---|---|---|",
  ];
  for (const json of [true, false]) {
    for (const bytes of [1024, 10 * 1024]) {
      const records = evidenceRecords(bytes, json);
      const whole = microsPer(records, (rec) => extend(EMPTY_HEAD, "evidence", evidenceOf(evidenceRowOf(rec))));
      const rows = records.map((rec) => evidenceOf(evidenceRowOf(rec)));
      const hash = microsPer(rows, (row) => extend(EMPTY_HEAD, "evidence", row));
      lines.push(`| evidence, ${json ? "JSON" : "text"} | ${bytes / 1024} KB | ${whole.toFixed(1)} | ${hash.toFixed(1)} |`);
    }
  }
  for (const claims of [5, 20]) {
    const made = await reports(claims);
    const kb = made.reduce((n, rep) => n + JSON.stringify(rep).length, 0) / made.length / 1024;
    const whole = microsPer(made, (rep) => extend(EMPTY_HEAD, "report", storedReport(rep).report));
    const stored = made.map((rep) => storedReport(rep).report);
    const hash = microsPer(stored, (rep) => extend(EMPTY_HEAD, "report", rep));
    lines.push(`| report, ${claims} claims | ${kb.toFixed(1)} KB | ${whole.toFixed(1)} | ${hash.toFixed(1)} |`);
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await run());
