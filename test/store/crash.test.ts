/**
 * Nothing lost: a writer process killed (SIGKILL) in the middle of its run, three times over, leaves a
 * consistent database holding every report it announced, and a reader in another process never fails while
 * it writes. Needs the build (`npm test` builds first).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { Firewall, SqliteStore } from "../../src/index.js";
import { tempDb } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
const root = new URL("../../", import.meta.url).pathname;
const writer = join(root, "test/fixtures/store-writer.mjs");
const built = existsSync(join(root, "dist/src/index.js"));

/** Starts a writer, lets it commit at least `commits` reports (reading all the while), then kills it. */
async function runAndKill(path: string, round: number, commits: number, reader: SqliteStore): Promise<{ announced: string[]; reads: number }> {
  const child = spawn(process.execPath, [writer, path, "agent-1", String(round)], { stdio: ["ignore", "pipe", "pipe"] });
  const announced: string[] = [];
  let stderr = "";
  let reads = 0;
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.on("data", (d: Buffer) => {
    for (const m of d.toString().matchAll(/committed (r\d+)/g)) announced.push(m[1]!);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      reader.querySessions({ sort: "flagged" });
      reader.reportSummaries("agent-1");
      reads++;
      // Kill at a moment unrelated to the writer's progress: after some commits, a few ms into the next.
      if (announced.length >= commits) {
        clearInterval(timer);
        setTimeout(() => child.kill("SIGKILL"), 3 + round * 7);
      }
    }, 5);
    child.on("exit", (code, signal) => {
      clearInterval(timer);
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`writer exited ${code}: ${stderr}`));
    });
  });
  return { announced, reads };
}

describe.runIf(built)("a writer killed mid-run", () => {
  it("should leave a consistent database with every announced report, three kills in a row", async () => {
    const path = tempDb();
    const reader = new SqliteStore(path);
    const announced: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const run = await runAndKill(path, round, 4, reader);
      expect(run.reads).toBeGreaterThan(0);
      announced.push(...run.announced);
    }
    reader.close();

    const raw = new Database(path);
    expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(raw.pragma("foreign_key_check")).toEqual([]);
    const stored = raw.prepare("SELECT response_id FROM reports WHERE session_id = 'agent-1' ORDER BY seq").pluck().all() as string[];
    for (const id of announced) expect(stored).toContain(id);
    expect(stored).toEqual(stored.map((_, i) => `r${i + 1}`));
    // Every report is whole: as many claims and verdicts as its counts say, each verdict with its trace.
    const partial = raw
      .prepare(
        `SELECT r.response_id FROM reports r WHERE r.supported + r.contradicted + r.unsupported + r.not_checkable
           != (SELECT count(*) FROM claims c WHERE c.session_id = r.session_id AND c.response_id = r.response_id)
         OR (SELECT count(*) FROM verdicts v WHERE v.session_id = r.session_id AND v.response_id = r.response_id)
           != (SELECT count(*) FROM claims c WHERE c.session_id = r.session_id AND c.response_id = r.response_id)
         OR EXISTS (SELECT 1 FROM verdicts v WHERE v.session_id = r.session_id AND v.response_id = r.response_id AND v.tier >= 0
           AND NOT EXISTS (SELECT 1 FROM traces t WHERE t.session_id = v.session_id AND t.response_id = v.response_id AND t.verdict_ord = v.ord))`,
      )
      .all();
    expect(partial).toEqual([]);
    // The session's counters agree with what its rows hold.
    const session = raw.prepare("SELECT * FROM sessions WHERE id = 'agent-1'").get() as Record<string, number>;
    const sums = raw
      .prepare(
        "SELECT count(*) AS reports, sum(supported) AS supported, sum(contradicted) AS contradicted, sum(decision = 'block') AS blocked FROM reports WHERE session_id = 'agent-1'",
      )
      .get() as Record<string, number>;
    expect([session.report_count, session.supported, session.contradicted, session.blocked]).toEqual([
      sums.reports,
      sums.supported,
      sums.contradicted,
      sums.blocked,
    ]);
    expect(session.evidence_count).toBe(raw.prepare("SELECT count(*) FROM evidence WHERE session_id = 'agent-1'").pluck().get());
    raw.close();

    // Reopened, the session goes on where the last complete write left it.
    const store = new SqliteStore(path);
    const fw = new Firewall({ store, sessionId: "agent-1" });
    const next = await fw.verify("pkg-1-0 has 10 published versions.");
    expect(next.responseId).toBe(`r${stored.length + 1}`);
    expect(next.verdicts[0]?.verdict).toBe("supported");
    store.close();
  }, 60_000);
});
