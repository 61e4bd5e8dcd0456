/**
 * `hfw serve` killed with SIGKILL while it writes a batch: the batch is in the store whole or not at all,
 * the database is intact, the session's hash chain verifies, and a restarted server goes on from there.
 * The kill is timed by the database's write-ahead log: once it has grown by megabytes during the batch, the
 * batch's one transaction is writing (SQLite spills dirty pages to the WAL before the commit). Needs the
 * build (`npm test` builds first).
 */
import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { auditChain, SqliteStore } from "../../src/index.js";
import { call, cli, serveProcess, tempDb } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

/** 100 tool outputs of about 200 KB of text each: a transaction of some 40 MB with its chunks. */
const BATCH = {
  records: Array.from({ length: 100 }, (_, i) => ({
    source: "read_log",
    callId: `log-${i}`,
    content: Array.from({ length: 4000 }, (_, k) => `Line ${k} of log ${i}: request ${k * 7} took ${k % 90} ms.`).join("\n"),
  })),
};

const walSize = (db: string) => (existsSync(`${db}-wal`) ? statSync(`${db}-wal`).size : 0);

/** Sends the batch and kills the server once the WAL grew by `grownBy` bytes (or after `maxMs`). */
async function killMidBatch(db: string, grownBy: number, maxMs: number): Promise<{ walAtKill: number; killedAfterMs: number }> {
  const server = await serveProcess(["--db", db, "--body-limit", "64mb", "--rate", "0"]);
  const first = await call(server.url, "POST", "/v1/sessions/crash/evidence", { body: { source: "get_invoice", content: { invoice: "INV-7", total: 980 } } });
  expect(first.status).toBe(201);
  const base = walSize(db);
  const started = performance.now();
  const sent = fetch(`${server.url}/v1/sessions/crash/evidence/batch`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BATCH),
  }).catch((error: Error) => error);
  let walAtKill = base;
  while (performance.now() - started < maxMs) {
    walAtKill = walSize(db);
    if (walAtKill - base >= grownBy) break;
    await new Promise((r) => setTimeout(r, 2));
  }
  server.child.kill("SIGKILL");
  const killedAfterMs = performance.now() - started;
  expect((await server.exited).signal).toBe("SIGKILL");
  await sent;
  return { walAtKill: walAtKill - base, killedAfterMs };
}

describe.runIf(existsSync(cli))("hfw serve killed with SIGKILL in the middle of a batch", () => {
  it("should keep the batch whole or not at all, with an intact database and a chain that verifies", async () => {
    const outcomes: Array<{ kept: number; walAtKill: number; killedAfterMs: number }> = [];
    for (const grownBy of [2, 8, 16].map((mb) => mb * 1024 * 1024)) {
      const db = tempDb();
      const { walAtKill, killedAfterMs } = await killMidBatch(db, grownBy, 20_000);

      const raw = new Database(db);
      expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(raw.pragma("foreign_key_check")).toEqual([]);
      raw.close();
      const store = new SqliteStore({ path: db });
      const evidence = store.listEvidence("crash");
      // The first record, and the batch whole or not at all.
      expect([1, 1 + BATCH.records.length]).toContain(evidence.length);
      expect(evidence.map((e) => e.id)).toEqual(evidence.map((_, i) => `e${i + 1}`));
      const head = store.chainHead("crash");
      expect(head.length).toBe(evidence.length);
      expect(auditChain(store.chainRows("crash"), head)).toMatchObject({ ok: true });
      store.close();
      outcomes.push({ kept: evidence.length - 1, walAtKill, killedAfterMs });

      // A new server on the same database goes on from what was kept.
      const again = await serveProcess(["--db", db, "--body-limit", "64mb"]);
      const next = await call(again.url, "POST", "/v1/sessions/crash/evidence", { body: { source: "get_invoice", callId: "after", content: { total: 980 } } });
      expect(next.body.record.id).toBe(`e${evidence.length + 1}`);
      const report = await call(again.url, "POST", "/v1/sessions/crash/verify", { body: { draft: "The invoice INV-7 totals 980." } });
      expect(report.body.verdicts[0].verdict).toBe("supported");
      again.child.kill("SIGTERM");
      expect((await again.exited).code).toBe(0);
    }
    // At least one kill landed inside the batch's transaction (its pages were in the WAL, not committed).
    expect(
      outcomes.some((o) => o.kept === 0 && o.walAtKill >= 2 * 1024 * 1024),
      JSON.stringify(outcomes),
    ).toBe(true);
  }, 120_000);
});
