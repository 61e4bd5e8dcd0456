/**
 * The PostgreSQL store on a real server (`HFW_TEST_POSTGRES_URL`, a database of this file's own): the
 * conformance suite with each worker on its own pool, migrations, exact round trips, refusals, redaction,
 * `HFW_DB`, deletion and retention.
 */
import { afterEach, expect, it } from "vitest";
import {
  type AnyStore,
  auditChain,
  ConfigError,
  Firewall,
  openStore,
  PostgresStore,
  type PostgresStoreOptions,
  ResponseIdTaken,
  StoreError,
  StoreUnavailable,
  storeFromEnv,
} from "../../src/index.js";
import { describeStoreConformance, freshSession, newEvidence } from "./conformance.js";
import { npmDraft, npmEvidence } from "./helpers.js";
import { createDatabase, describePostgres, dropDatabase, sql, withDatabase } from "./postgres-helpers.js";

describePostgres("PostgresStore", (db) => {
  // Each "worker" of the suite opens its own pool on the same database, as separate processes would.
  describeStoreConformance(
    "PostgreSQL",
    () => new PostgresStore(db.url),
    (store: AnyStore) => (store as PostgresStore).close(),
  );

  const open: PostgresStore[] = [];
  function store(options: Omit<PostgresStoreOptions, "url"> = {}, url = db.url): PostgresStore {
    const s = new PostgresStore({ url, ...options });
    open.push(s);
    return s;
  }
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it("should migrate a new database once when five stores open it at once", async () => {
    const fresh = await createDatabase("hfw_migrate");
    try {
      const stores = Array.from({ length: 5 }, () => store({}, fresh.url));
      const results = await Promise.all(stores.map((s) => s.connect()));
      const v = PostgresStore.SCHEMA_VERSION;
      expect(results.filter((r) => r.from === 0)).toEqual([{ from: 0, to: v }]);
      expect(results.filter((r) => r.from === v)).toHaveLength(4);
      expect(await Promise.all(stores.map((s) => s.schemaVersion()))).toEqual([v, v, v, v, v]);
      // Every store works on the schema the first one made.
      const s = freshSession("migrated");
      await Promise.all(stores.map((x, i) => x.appendEvidence(s, [newEvidence("t", `output ${i}`)])));
      expect((await stores[0]!.listEvidence(s)).map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    } finally {
      await Promise.all(open.splice(0).map((x) => x.close()));
      await dropDatabase(fresh.name);
    }
  });

  it("should refuse a database written by a newer schema version, and say what to do", async () => {
    const fresh = await createDatabase("hfw_newer");
    try {
      const first = store({}, fresh.url);
      await first.connect();
      await sql(fresh.url, "INSERT INTO schema_migrations (version, description, applied_at) VALUES (99, 'future', 0)");
      await expect(store({}, fresh.url).ping()).rejects.toThrow(/schema version 99, newer than this version of hallucination-firewall knows \(1\): upgrade/);
    } finally {
      await Promise.all(open.splice(0).map((x) => x.close()));
      await dropDatabase(fresh.name);
    }
  });

  it("should give back every report and evidence record exactly as the firewall made them", async () => {
    const s = store();
    const id = freshSession("exact");
    const fw = new Firewall({ store: s, sessionId: id });
    await fw.session().recordMany(npmEvidence);
    const report = await fw.verify(npmDraft);
    await fw.session().recordAsync({ source: "note", content: "plain text output", args: { q: "cors", n: 1n, self: undefined } });
    await fw.session().recordAsync({ source: "bytes", content: new TextEncoder().encode("ok: 1 — ünïcode ✓") });
    const second = await fw.verify("I looked this up. The author field of cors credits Troy Goode.");

    expect(await s.listReports(id)).toEqual([report, second]);
    const stored = await s.listEvidence(id);
    expect(stored.slice(0, 3)).toEqual(fw.session().ledger.records.slice(0, 3));
    expect(stored.map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    expect(stored[3]!.args).toEqual({ q: "cors", n: "1" });
    expect(stored[4]!.content).toBe("ok: 1 — ünïcode ✓");
    expect(await s.getEvidence(id, "e2")).toEqual(stored[1]);
    expect(await s.getEvidence(id, "e9")).toBeUndefined();
    expect(await s.listReports(id, { limit: 1, offset: 1 })).toEqual([second]);
    expect((await s.reportSummaries(id)).map((r) => [r.responseId, r.decision, r.groundingScore, r.ms])).toEqual([
      ["r1", "rewrite", 0.5, report.ms],
      ["r2", second.decision, second.groundingScore, second.ms],
    ]);
    expect(await s.getSession(id)).toMatchObject({
      evidenceCount: 5,
      evidenceBytes: stored.reduce((n, e) => n + e.bytes, 0),
      responses: 2,
      claims: { supported: report.counts.supported + second.counts.supported },
    });
  });

  it("should store a lone UTF-16 surrogate as PostgreSQL gives it back, and still chain the record", async () => {
    const s = store();
    const id = freshSession("surrogate");
    const [appended] = await s.appendEvidence(id, [newEvidence("t", "half a pair: \uD83D and on")]);
    const [read] = await s.listEvidence(id);
    expect(read!.text).toBe("half a pair: \uFFFD and on");
    expect(appended!.record).toEqual(read);
    expect(auditChain(await s.chainRows(id), await s.chainHead(id)).ok).toBe(true);
  });

  it("should refuse evidence under an id the session holds, and a taken response id, writing nothing", async () => {
    const s = store();
    const id = freshSession("refuse");
    const [first] = await s.appendEvidence(id, [newEvidence("t", "one", "call-1")]);
    await expect(s.putEvidence(id, { ...first!.record, callId: "call-2" })).rejects.toThrow(/already stored/);
    await expect(s.putEvidence(id, { ...first!.record, id: "x1" })).rejects.toThrow(StoreError);
    await s.putEvidence(id, { ...first!.record, id: "x1", callId: null });

    const fw = new Firewall({ store: s, sessionId: id });
    const report = await fw.verify("one is recorded.");
    await expect(s.putReport(report)).rejects.toThrow(ResponseIdTaken);
    expect(await s.getSession(id)).toMatchObject({ evidenceCount: 2, responses: 1 });
    const head = await s.chainHead(id);
    expect(head.length).toBe(3);
    expect(auditChain(await s.chainRows(id), head).ok).toBe(true);
  });

  it("should record and verify through `new Firewall()` when HFW_DB names the database, and close the store it opened", async () => {
    const saved = process.env.HFW_DB;
    process.env.HFW_DB = db.url;
    try {
      const fw = new Firewall({ sessionId: freshSession("env") });
      expect(fw.store).toBeInstanceOf(PostgresStore);
      expect(() => fw.record(npmEvidence[0]!)).toThrow(ConfigError);
      for (const e of npmEvidence) await fw.session().recordAsync(e);
      const report = await fw.verify(npmDraft);
      expect(report.verdicts.map((v) => v.verdict)).toContain("contradicted");
      expect(report.evidenceCount).toBe(npmEvidence.length);
      const reader = store();
      expect(await reader.listReports(fw.session().id)).toEqual([report]);
      await fw.close();
      await expect((fw.store as PostgresStore).ping()).rejects.toThrow(/is closed; open a new PostgresStore/);
      for (const opened of [storeFromEnv(), openStore(` ${db.url} `, { redact: true })]) {
        expect(opened).toBeInstanceOf(PostgresStore);
        await (opened as PostgresStore).close();
      }
    } finally {
      if (saved === undefined) delete process.env.HFW_DB;
      else process.env.HFW_DB = saved;
    }
  });

  it("should keep no personal data in the database when it redacts, and still verify on the original text", async () => {
    const customer = { name: "Dana Reyes", email: "dana.reyes@example.com", phone: "+1 415 555 2671", plan: "Pro", seats: 12 };
    const s = store({ redact: true });
    const id = freshSession("redact");
    const fw = new Firewall({ store: s, sessionId: id });
    await fw.session().recordAsync({ source: "crm_lookup", content: customer, args: { email: "dana.reyes@example.com" } });
    const draft = "Dana Reyes can be reached at dana.reyes@example.com. Her Pro plan has 14 seats.";
    const report = await fw.verify(draft);
    expect(report.draft).toBe(draft);
    const seats = report.verdicts[report.claims.findIndex((c) => c.text.includes("seats"))]!;
    expect([seats.verdict, seats.corrections[0]?.value]).toEqual(["contradicted", "12"]);

    const stored = (await s.listReports(id))[0]!;
    expect(stored.draft).toBe("Dana Reyes can be reached at [email]•••••••••••••••. Her Pro plan has 14 seats.");
    const evidence = (await s.listEvidence(id))[0]!;
    expect(evidence.content).toEqual({ ...customer, email: "[email]•••••••••••••••", phone: "[phone]••••••••" });
    expect(evidence.args).toEqual({ email: "[email]•••••••••••••••" });
    expect(auditChain(await s.chainRows(id), await s.chainHead(id)).ok).toBe(true);

    const rows = await sql<{ row: string }>(
      db.url,
      "SELECT e::text AS row FROM evidence e WHERE session_id = $1 UNION ALL SELECT r::text FROM reports r WHERE session_id = $1",
      [id],
    );
    const text = rows.map((r) => r.row).join("\n");
    expect(text).toContain("Dana Reyes");
    expect(text).not.toContain("dana.reyes");
    expect(text).not.toContain("555 2671");
  });

  it("should delete a session with all it holds, and prune the idle ones (counting them on a dry run)", async () => {
    const s = store();
    const day = 86_400_000;
    const now = Date.now();
    const [old, kept, fresh] = [freshSession("old"), freshSession("kept"), freshSession("fresh")];
    for (const id of [old, kept]) {
      const fw = new Firewall({ store: s, sessionId: id });
      await fw.session().recordMany(npmEvidence);
      await fw.verify(npmDraft);
    }
    await s.appendEvidence(fresh, [{ ...newEvidence("t", "later"), recordedAt: now + 10 * day }]);
    const before = await s.trends({ days: 1, now });
    await s.deleteSession(kept);
    expect(await s.listEvidence(kept)).toEqual([]);
    expect(await s.reportSummaries(kept)).toEqual([]);
    expect(await s.getSession(kept)).toBeUndefined();
    // The daily totals follow the deletion.
    const after = await s.trends({ days: 1, now });
    expect(after.at(-1)!.responses).toBe(before.at(-1)!.responses - 1);

    const later = now + 5 * day;
    const idle = await s.prune(2, { now: later, dryRun: true });
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(await s.getSession(old)).toBeDefined();
    expect(await s.prune(2, { now: later })).toBe(idle);
    expect(await s.getSession(old)).toBeUndefined();
    expect(await s.getSession(fresh)).toMatchObject({ evidenceCount: 1, updatedAt: Math.round(now + 10 * day) });
    await expect(s.prune(-1)).rejects.toThrow(ConfigError);
  });

  it("should say to create the database when the URL names one that does not exist, and not call it unavailable", async () => {
    const missing = store({}, withDatabase(db.url, "hfw_no_such_database"));
    const error = await missing.ping().catch((e: unknown) => e);
    expect(StoreError.isInstance(error)).toBe(true);
    expect(StoreUnavailable.isInstance(error)).toBe(false);
    expect((error as Error).message).toMatch(/hfw_no_such_database' failed.*the database does not exist: create it \(createdb NAME\)/);
  });

  it("should answer ping, close twice, and refuse calls once closed", async () => {
    const s = new PostgresStore(db.url);
    await s.ping();
    await s.close();
    await s.close();
    await expect(s.listSessions()).rejects.toThrow(StoreError);
    await expect(s.listSessions()).rejects.toThrow(/is closed/);
  });
});
