/**
 * What every store must do, as one suite: `describeStoreConformance("SQLite", () => new SqliteStore(...))`.
 * It runs against the memory, SQLite and PostgreSQL stores alike, through the asynchronous view of each, and
 * through `Firewall`s that share the store as workers of one fleet would.
 */
import { describe, expect, it } from "vitest";
import { type AnyStore, asAsyncStore, type AsyncStore, auditChain, Firewall, type NewEvidence, renumberReport, ResponseIdTaken } from "../../src/index.js";
import { buildEvidenceRecord } from "../../src/ledger/evidence-record.js";
import { npmDraft, npmEvidence } from "./helpers.js";

/** A new record without an id, as `Session` builds it. */
export function newEvidence(source: string, content: unknown, callId: string | null = null): NewEvidence {
  const { id: _none, ...record } = buildEvidenceRecord({ source, content, callId }, "").record;
  return record;
}

let unique = 0;
/** A session id no other test of the run uses (stores may outlive a test: PostgreSQL). */
export function freshSession(name: string): string {
  return `${name}-${process.pid}-${Date.now().toString(36)}-${++unique}`;
}

async function recordAll(fw: Firewall, sessionId: string): Promise<void> {
  await fw.session(sessionId).recordMany(npmEvidence);
}

/**
 * Registers the suite.
 * @param open gives a store over the same data each call (a second "worker" opens its own).
 * @param close releases a store `open` gave.
 */
export function describeStoreConformance(name: string, open: () => AnyStore | Promise<AnyStore>, close: (store: AnyStore) => unknown = () => {}): void {
  describe(`${name} store conformance`, () => {
    async function withStores<T>(n: number, fn: (stores: AsyncStore[], raw: AnyStore[]) => Promise<T>): Promise<T> {
      const raw: AnyStore[] = [];
      try {
        for (let i = 0; i < n; i++) raw.push(await open());
        return await fn(raw.map(asAsyncStore), raw);
      } finally {
        for (const s of raw) await close(s);
      }
    }

    it("should give appended evidence ids e1, e2, ... in order, and keep one record per callId", async () => {
      await withStores(1, async ([store]) => {
        const s = freshSession("append");
        const first = await store!.appendEvidence(s, [newEvidence("a", { n: 1 }, "call-1"), newEvidence("b", "text"), newEvidence("a", { n: 2 }, "call-1")]);
        expect(first.map((a) => [a.record.id, a.added])).toEqual([
          ["e1", true],
          ["e2", true],
          ["e1", false],
        ]);
        const again = await store!.appendEvidence(s, [newEvidence("a", "other", "call-1"), newEvidence("c", [1, 2])]);
        expect(again.map((a) => [a.record.id, a.added])).toEqual([
          ["e1", false],
          ["e3", true],
        ]);
        expect(again[0]!.record).toEqual(first[0]!.record);
        const listed = await store!.listEvidence(s);
        expect(listed.map((e) => [e.id, e.source])).toEqual([
          ["e1", "a"],
          ["e2", "b"],
          ["e3", "c"],
        ]);
        expect(listed[0]).toEqual(first[0]!.record);
        expect(await store!.listEvidence(s, { limit: 1, offset: 1 })).toEqual([listed[1]]);
      });
    });

    it("should keep sessions apart, list them, and delete one with all it holds", async () => {
      await withStores(1, async ([store]) => {
        const [a, b] = [freshSession("iso-a"), freshSession("iso-b")];
        await store!.appendEvidence(a, [newEvidence("a", "alpha")]);
        await store!.appendEvidence(b, [newEvidence("b", "beta"), newEvidence("b", "gamma")]);
        expect((await store!.listEvidence(a)).map((e) => e.text)).toEqual(["alpha"]);
        const listed = (await store!.listSessions()).filter((x) => x.sessionId === a || x.sessionId === b);
        expect(listed.map((x) => [x.sessionId, x.evidenceCount, x.reportCount]).sort()).toEqual([
          [a, 1, 0],
          [b, 2, 0],
        ]);
        await store!.deleteSession(a);
        expect(await store!.listEvidence(a)).toEqual([]);
        expect((await store!.listSessions()).some((x) => x.sessionId === a)).toBe(false);
        expect(await store!.chainHead(a)).toEqual({ length: 0, hash: "0".repeat(64) });
        expect(await store!.listEvidence(b)).toHaveLength(2);
      });
    });

    it("should give back reports exactly, refuse a taken response id, and chain every row", async () => {
      await withStores(1, async ([store], [raw]) => {
        const s = freshSession("reports");
        const fw = new Firewall({ store: raw, sessionId: s });
        await recordAll(fw, s);
        const report = await fw.verify(npmDraft);
        expect(report.ledgerHead).toEqual({ length: npmEvidence.length, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect(await store!.listReports(s)).toEqual([report]);
        await expect(store!.putReport(report)).rejects.toThrow(ResponseIdTaken);
        const moved = renumberReport(report, "r2");
        expect(moved.claims[0]!.id).toMatch(/^r2\.c\d+/);
        await store!.putReport(moved);
        expect((await store!.listReports(s)).map((r) => r.responseId)).toEqual(["r1", "r2"]);

        const head = await store!.chainHead(s);
        expect(head.length).toBe(npmEvidence.length + 2);
        const audit = auditChain(await store!.chainRows(s), head);
        expect(audit).toMatchObject({ ok: true, length: head.length });
        // A replay from a verified prefix reads only what came after it.
        const tail = await store!.chainRows(s, npmEvidence.length);
        expect(tail.map((r) => r.kind)).toEqual(["report", "report"]);
        expect(auditChain(tail, head, { length: npmEvidence.length, hash: report.ledgerHead!.hash }).ok).toBe(true);
      });
    });

    it("should give a session's delta: only evidence and reports after what is known, and the head", async () => {
      await withStores(1, async ([store], [raw]) => {
        const s = freshSession("delta");
        expect(await store!.sessionDelta(s, { evidence: 0, reports: 0 })).toEqual({
          evidence: [],
          reports: [],
          evidenceCount: 0,
          reportCount: 0,
          head: { length: 0, hash: "0".repeat(64) },
        });
        const fw = new Firewall({ store: raw, sessionId: s });
        await recordAll(fw, s);
        const report = await fw.verify(npmDraft);
        const delta = await store!.sessionDelta(s, { evidence: 1, reports: 0 });
        expect(delta.evidence.map((e) => e.id)).toEqual(npmEvidence.slice(1).map((_, i) => `e${i + 2}`));
        expect(delta.reports).toEqual([report]);
        expect([delta.evidenceCount, delta.reportCount, delta.head]).toEqual([npmEvidence.length, 1, await store!.chainHead(s)]);
        expect(await store!.sessionDelta(s, { evidence: npmEvidence.length, reports: 1 })).toMatchObject({ evidence: [], reports: [] });
      });
    });

    it("should let a session follow the conversation across workers: record on one, verify on another", async () => {
      await withStores(2, async (_, [a, b]) => {
        const s = freshSession("workers");
        const single = await (async () => {
          const fw = new Firewall();
          for (const e of npmEvidence) fw.record(e);
          return fw.verify(npmDraft);
        })();
        const workerA = new Firewall({ store: a, sessionId: s });
        const workerB = new Firewall({ store: b, sessionId: s });
        await workerA.session().recordAsync(npmEvidence[0]!);
        await workerB.session().recordAsync(npmEvidence[1]!);
        await workerA.session().recordMany(npmEvidence.slice(2));
        const report = await workerB.verify(npmDraft);
        expect(report.evidenceCount).toBe(npmEvidence.length);
        expect(report.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)])).toEqual(
          single.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)]),
        );
        // Worker A's next answer sees worker B's report, and numbers its own after it.
        const next = await workerA.verify("cors has 40 published versions.");
        expect(next.responseId).toBe("r2");
        await workerA.session().sync();
        expect(workerA.session().report().responses).toBe(2);
      });
    });

    it("should tell which records of a batch a worker added and which another worker had stored under the same callId", async () => {
      await withStores(2, async (_, [a, b]) => {
        const s = freshSession("added");
        const workerA = new Firewall({ store: a, sessionId: s }).session();
        const workerB = new Firewall({ store: b, sessionId: s }).session();
        const first = await workerA.appendMany(npmEvidence.slice(0, 2));
        expect(first.map((x) => [x.record.id, x.added])).toEqual([
          ["e1", true],
          ["e2", true],
        ]);
        const again = await workerB.appendMany(npmEvidence);
        expect(again.map((x) => [x.record.id, x.added])).toEqual(npmEvidence.map((_, i) => [`e${i + 1}`, i >= 2]));
        expect(again[0]!.record.hash).toBe(first[0]!.record.hash);
        expect(workerB.ledger.records).toHaveLength(npmEvidence.length);
      });
    });

    it("should give two workers verifying in one session at once distinct response ids, all chained", async () => {
      await withStores(2, async ([store], [a, b]) => {
        const s = freshSession("race");
        await new Firewall({ store: a, sessionId: s }).session().recordMany(npmEvidence);
        const workers = [new Firewall({ store: a, sessionId: s }), new Firewall({ store: b, sessionId: s })];
        await Promise.all(workers.map((w) => w.session().sync()));
        const reports = await Promise.all([0, 1, 2, 3].map((i) => workers[i % 2]!.verify(npmDraft)));
        const ids = reports.map((r) => r.responseId);
        expect(new Set(ids).size).toBe(4);
        for (const r of reports) for (const c of r.claims) expect(c.id.startsWith(`${r.responseId}.`)).toBe(true);
        const stored = await store!.listReports(s);
        expect(stored.map((r) => r.responseId).sort()).toEqual([...ids].sort());
        const head = await store!.chainHead(s);
        expect(head.length).toBe(npmEvidence.length + 4);
        expect(auditChain(await store!.chainRows(s), head).ok).toBe(true);
      });
    });
  });
}
