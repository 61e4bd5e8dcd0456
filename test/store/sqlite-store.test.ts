/**
 * The SQLite store on real database files: exact round trips of evidence and reports, persistence across
 * processes' reopenings, WAL, migrations, failing writes, deletion and retention.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import {
  auditSession,
  browserOf,
  EvidenceRecordSchema,
  Firewall,
  MemoryStore,
  ReportSchema,
  ResponseIdTaken,
  SqliteStore,
  StoreError,
  storePathFromEnv,
} from "../../src/index.js";
import { buildEvidenceRecord } from "../../src/ledger/evidence-record.js";
import { migrate, type Migration } from "../../src/store/migrations.js";
import { npmEvidence, runNpmExample, tempDb } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

const open: Array<{ close(): void }> = [];
function track<T extends { close(): void }>(x: T): T {
  open.push(x);
  return x;
}
afterEach(() => {
  for (const x of open.splice(0)) x.close();
});

function rowCount(db: BetterSqlite3.Database, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe("SqliteStore", () => {
  it("should give back every report and evidence record exactly as the firewall made them", async () => {
    const store = track(new SqliteStore(tempDb()));
    const { fw, report } = await runNpmExample(store);
    fw.record({ source: "note", content: "plain text output", args: { q: "cors", n: 1n, self: undefined } });
    fw.record({ source: "bytes", content: new TextEncoder().encode("ok: 1") });
    const second = await fw.verify("I looked this up. The author field of cors credits Troy Goode.");

    expect(store.listReports("npm-audit")).toEqual([report, second]);
    expect(store.listReports("npm-audit").map((r) => ReportSchema.parse(r))).toHaveLength(2);
    const stored = store.listEvidence("npm-audit");
    expect(stored.slice(0, 3)).toEqual(fw.session().ledger.records.slice(0, 3));
    expect(stored.map((e) => EvidenceRecordSchema.parse(e).id)).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    expect(stored[3]!.args).toEqual({ q: "cors", n: "1" });
    expect(stored[4]!.content).toBe("ok: 1");
    expect(store.listReports("npm-audit", { limit: 1, offset: 1 })).toEqual([second]);
    expect(store.reportSummaries("npm-audit").map((s) => [s.responseId, s.decision, s.groundingScore])).toEqual([
      ["r1", "rewrite", 0.5],
      ["r2", second.decision, second.groundingScore],
    ]);
  });

  it("should keep the session across reopenings so a new process continues it", async () => {
    const path = tempDb();
    const first = new SqliteStore(path);
    await runNpmExample(first);
    first.close();

    const store = track(new SqliteStore(path));
    const fw = new Firewall({ store, sessionId: "npm-audit" });
    const report = await fw.verify("The registry lists 35 published versions of cors.");
    expect(report.responseId).toBe("r2");
    expect(report.verdicts[0]?.verdict).toBe("supported");
    expect(report.evidenceCount).toBe(3);
    expect(store.getSession("npm-audit")).toMatchObject({ responses: 2, evidenceCount: 3, blocked: 0 });
  });

  it("should open the file in WAL mode with a schema version table and the chunks of each record", async () => {
    const path = tempDb();
    const store = track(new SqliteStore(path));
    const { fw } = await runNpmExample(store);
    const raw = track(new Database(path, { readonly: true }));
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(raw.prepare("SELECT version, description FROM schema_migrations WHERE version = 1").all()).toEqual([
      { version: 1, description: expect.stringContaining("sessions") },
    ]);
    expect(store.schemaVersion()).toBe(SqliteStore.SCHEMA_VERSION);
    const chunks = raw.prepare("SELECT evidence_id, start, end FROM chunks WHERE session_id = ? ORDER BY evidence_id, ord").all("npm-audit") as Array<{
      evidence_id: string;
      start: number;
      end: number;
    }>;
    const ledgerChunks = fw.session().ledger.chunks.map((c) => ({ evidence_id: c.evidenceId, start: c.span[0], end: c.span[1] }));
    expect(chunks).toEqual(ledgerChunks);
    expect(rowCount(raw, "traces")).toBeGreaterThan(rowCount(raw, "verdicts") - 1);
  });

  it("should let another connection read each write as soon as it is committed", async () => {
    const path = tempDb();
    const writer = track(new SqliteStore(path));
    const reader = track(new SqliteStore(path));
    expect(reader.getSession("npm-audit")).toBeUndefined();
    const { report } = await runNpmExample(writer);
    expect(reader.listReports("npm-audit")).toEqual([report]);
    expect(reader.querySessions({}).sessions.map((s) => s.sessionId)).toEqual(["npm-audit"]);
  });

  it("should raise on a write that cannot be made, write nothing of it, and write it before the next one", async () => {
    const path = tempDb();
    const store = track(new SqliteStore({ path, busyTimeoutMs: 50 }));
    const fw = new Firewall({ store, sessionId: "locked" });
    fw.record(npmEvidence[0]!);
    const other = track(new Database(path));
    other.exec("BEGIN IMMEDIATE");
    expect(() => fw.record(npmEvidence[1]!)).toThrow(StoreError);
    expect(() => fw.record(npmEvidence[1]!)).toThrow(StoreError); // the same call again: retried, still locked
    await expect(fw.verify("cors declares 2 runtime dependencies.")).rejects.toThrow(/locked by another process's write beyond the busy timeout \(50 ms\)/);
    other.exec("ROLLBACK");
    expect(rowCount(other, "reports")).toBe(0);
    expect(rowCount(other, "claims")).toBe(0);
    expect(store.getSession("locked")).toMatchObject({ evidenceCount: 1, responses: 0 });

    fw.record(npmEvidence[2]!);
    expect(store.listEvidence("locked").map((e) => e.id)).toEqual(["e1", "e2", "e3"]);
    // The verify that could not write its evidence first checked nothing: no report was made.
    expect(store.listReports("locked")).toEqual([]);
    const report = await fw.verify("cors declares 2 runtime dependencies.");
    expect([report.responseId, report.evidenceCount]).toEqual(["r1", 3]);
    expect(store.listReports("locked")).toEqual([report]);
  });

  it("should refuse to store a report whose response id the session already has", async () => {
    const store = track(new SqliteStore(tempDb()));
    const { report } = await runNpmExample(store);
    expect(() => store.putReport(report)).toThrow(ResponseIdTaken);
    expect(store.getSession("npm-audit")?.responses).toBe(1);
  });

  it("should throw a StoreError once closed, and for a file that is not a database", () => {
    const store = new SqliteStore(tempDb());
    store.close();
    store.close();
    expect(() => store.listSessions()).toThrow(StoreError);
    const garbage = tempDb().replace(/data\/hfw\.db$/, "garbage.db");
    writeFileSync(garbage, "this is not a database, only some text that is long enough to be read as a header".repeat(20));
    expect(() => new SqliteStore(garbage)).toThrow(/not a usable SQLite database/);
  });

  it("should refuse a database written by a newer schema version", () => {
    const path = tempDb();
    new SqliteStore(path).close();
    const raw = new Database(path);
    raw.prepare("INSERT INTO schema_migrations (version, description, applied_at) VALUES (99, 'future', 0)").run();
    raw.close();
    expect(() => new SqliteStore(path)).toThrow(/schema version 99, newer than/);
  });

  it("should delete a session with everything it holds", async () => {
    const path = tempDb();
    const store = track(new SqliteStore(path));
    const { fw } = await runNpmExample(store);
    await runNpmExample(store, "kept");
    fw.reset();
    const raw = track(new Database(path, { readonly: true }));
    for (const table of ["evidence", "chunks", "reports", "claims", "verdicts", "traces"]) {
      expect((raw.prepare(`SELECT count(*) AS n FROM ${table} WHERE session_id = 'npm-audit'`).get() as { n: number }).n, table).toBe(0);
      expect((raw.prepare(`SELECT count(*) AS n FROM ${table} WHERE session_id = 'kept'`).get() as { n: number }).n, table).toBeGreaterThan(0);
    }
    expect(store.listSessions().map((s) => s.sessionId)).toEqual(["kept"]);
    // The daily totals follow the deletion.
    expect(store.trends({ days: 1 }).map((d) => [d.responses, d.flagged])).toEqual([[1, 2]]);
  });

  it("should keep answers per UTC day that agree with a scan of the reports", async () => {
    const store = track(new SqliteStore(tempDb()));
    const { report } = await runNpmExample(store);
    const day = 86_400_000;
    const t = report.createdAt;
    store.putReport({ ...report, sessionId: "a", createdAt: t - 2 * day });
    store.putReport({ ...report, sessionId: "a", responseId: "r2", createdAt: t - 2 * day + 1, decision: "block", output: null });
    store.putReport({ ...report, sessionId: "b", createdAt: t - 40 * day });
    const memory = new MemoryStore();
    for (const id of ["npm-audit", "a", "b"]) for (const r of store.listReports(id)) memory.putReport(r);
    const expected = browserOf(memory).trends({ days: 30, now: t });
    expect(store.trends({ days: 30, now: t })).toEqual(expected);
    expect(expected.map((d) => d.day)).toEqual([new Date(t - 2 * day).toISOString().slice(0, 10), new Date(t).toISOString().slice(0, 10)]);
    expect(expected[0]).toMatchObject({
      responses: 2,
      claims: { supported: 4, contradicted: 4, unsupported: 0, not_checkable: 4 },
      flagged: 4,
      groundingScore: 0.5,
      blocked: 1,
    });
  });

  it("should prune the sessions idle for more than N days, and count them on a dry run", async () => {
    const store = track(new SqliteStore(tempDb()));
    await runNpmExample(store, "old");
    const day = 86_400_000;
    const later = Date.now() + 10 * day;
    store.ensureSession("fresh");
    store.putEvidence("fresh", { ...store.listEvidence("old")[0]!, recordedAt: later });
    expect(store.prune(5, { now: later, dryRun: true })).toBe(1);
    expect(store.listSessions()).toHaveLength(2);
    expect(store.prune(5, { now: later })).toBe(1);
    expect(store.listSessions().map((s) => s.sessionId)).toEqual(["fresh"]);
    expect(store.prune(30, { now: later })).toBe(0);
    expect(() => store.prune(-1)).toThrow(/days >= 0/);
  });
});

describe("SqliteStore.appendEvidence", () => {
  it("should give each record the id the session's next record gets, and keep one record per call id", async () => {
    const store = track(new SqliteStore(tempDb()));
    const made = (callId: string | null, content: unknown) => {
      const { id: _id, ...record } = buildEvidenceRecord({ source: "npm_view", callId, content }, "e?").record;
      return store.appendEvidence("appended", [record])[0]!;
    };
    const first = made("call-1", npmEvidence[0]!.content);
    expect([first.record.id, first.added]).toEqual(["e1", true]);
    const replay = made("call-1", npmEvidence[0]!.content);
    expect(replay).toEqual({ record: first.record, added: false });
    expect([made(null, "plain text").record.id, made(null, "plain text").record.id]).toEqual(["e2", "e3"]);
    expect(store.getSession("appended")).toMatchObject({ evidenceCount: 3 });

    // A session reopened by a Firewall continues after them, and verifies against them.
    const fw = new Firewall({ store, sessionId: "appended" });
    expect(fw.record({ source: "npm_view", content: npmEvidence[1]!.content }).id).toBe("e4");
    expect(fw.record({ source: "npm_view", callId: "call-1", content: "ignored" })).toEqual(first.record);
    expect(store.listEvidence("appended").map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4"]);
  });
});

describe("the firewall's version in a stored report", () => {
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

  it("should stamp each report with the package's version and keep it in the hash chain", async () => {
    const store = track(new SqliteStore(tempDb()));
    const { report } = await runNpmExample(store);
    expect(report.firewallVersion).toBe(version);
    expect(store.listReports("npm-audit")[0]!.firewallVersion).toBe(version);
    expect((await auditSession(store, "npm-audit")).ok).toBe(true);
  });

  it("should load and audit a report a schema-2 database stored without it", async () => {
    const { report } = await runNpmExample(new MemoryStore(), "old");
    const { firewallVersion: _made, ...old } = report;
    const path = tempDb();
    const before = new SqliteStore(path);
    before.ensureSession("old");
    before.putReport(old);
    before.close();
    const raw = new Database(path);
    raw.exec("ALTER TABLE reports DROP COLUMN firewall_version; DELETE FROM schema_migrations WHERE version = 3;");
    raw.close();

    const store = track(new SqliteStore(path));
    expect(store.schemaVersion()).toBe(3);
    const [loaded] = store.listReports("old");
    expect(loaded).toEqual(old);
    expect(ReportSchema.parse(loaded).firewallVersion).toBeUndefined();
    expect((await auditSession(store, "old")).ok).toBe(true);
  });
});

describe("migrate", () => {
  const steps: Migration[] = [
    { version: 1, description: "a", up: "CREATE TABLE a (x INTEGER)" },
    { version: 2, description: "b", up: "CREATE TABLE b (x INTEGER)" },
  ];

  it("should apply pending migrations once, in order", () => {
    const db = track(new Database(":memory:"));
    expect(migrate(db, [steps[1]!, steps[0]!])).toEqual({ from: 0, to: 2 });
    expect(migrate(db, steps)).toEqual({ from: 2, to: 2 });
    expect(db.prepare("SELECT version FROM schema_migrations ORDER BY version").pluck().all()).toEqual([1, 2]);
  });

  it("should keep nothing of a migration that fails", () => {
    const db = track(new Database(":memory:"));
    migrate(db, [steps[0]!]);
    const broken: Migration = { version: 3, description: "broken", up: "CREATE TABLE c (x INTEGER); INSERT INTO nowhere VALUES (1);" };
    expect(() => migrate(db, [...steps, broken])).toThrow(/Migration 3 \(broken\).*unchanged/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('b', 'c')").all()).toEqual([]);
    expect(db.prepare("SELECT max(version) FROM schema_migrations").pluck().get()).toBe(1);
  });
});

describe("HFW_STORE", () => {
  it("should make a Firewall without a store option write to that SQLite file", async () => {
    const path = tempDb();
    const saved = process.env.HFW_STORE;
    process.env.HFW_STORE = path;
    try {
      const fw = new Firewall({ sessionId: "from-env" });
      expect(fw.store).toBeInstanceOf(SqliteStore);
      fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
      await fw.verify("cors has 35 published versions.");
      (fw.store as SqliteStore).close();
    } finally {
      if (saved === undefined) delete process.env.HFW_STORE;
      else process.env.HFW_STORE = saved;
    }
    const store = track(new SqliteStore(path));
    expect(store.getSession("from-env")).toMatchObject({ responses: 1, evidenceCount: 1, groundingScore: 1 });
    expect(new Firewall().store).not.toBeInstanceOf(SqliteStore);
  });
});

describe("storePathFromEnv", () => {
  it.each([
    [{ HFW_DB: "a.db" }, "a.db"],
    [{ HFW_STORE: "b.db" }, "b.db"],
    [{ HFW_DB: "a.db", HFW_STORE: "b.db" }, "a.db"],
    [{ HFW_DB: "  ", HFW_STORE: "b.db" }, "b.db"],
    [{}, undefined],
  ])("should read %j as %s", (env, path) => {
    expect(storePathFromEnv(env)).toBe(path);
  });
});
