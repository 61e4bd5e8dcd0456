/**
 * The browsing queries of any store as promises: the SQLite store's own SQL, the scan over a store's
 * asynchronous view and the scan over the memory store give the same pages, sessions and trends; pruning
 * works the same through the store's own `prune` and through the scan.
 */
import { describe, expect, it } from "vitest";
import { asAsyncStore, asyncBrowserOf, browserOf, MemoryStore, SqliteStore, type Store } from "../../src/index.js";
import { pruneSessions } from "../../src/store/prune-sessions.js";
import { runNpmExample, tempDb } from "./helpers.js";

const DAY = 86_400_000;

/** The npm session, and copies of its report in sessions idle 0, 2 and 9 days. */
async function seed(store: Store, now: number): Promise<void> {
  const { report } = await runNpmExample(store);
  for (const [id, days] of [
    ["fresh", 0],
    ["two-days", 2],
    ["nine-days", 9],
  ] as const) {
    store.putReport({ ...report, sessionId: id, createdAt: now - days * DAY });
  }
}

describe("asyncBrowserOf", () => {
  it("should answer as the SQLite store's own queries do, for its asynchronous view and for the memory store", async () => {
    const now = Date.now();
    const sqlite = new SqliteStore(tempDb());
    const memory = new MemoryStore();
    await seed(sqlite, now);
    await seed(memory, now);
    const own = asyncBrowserOf(sqlite);
    const scanned = asyncBrowserOf(asAsyncStore(sqlite));
    const inMemory = asyncBrowserOf(memory);
    const ids = (page: { sessions: Array<{ sessionId: string }> }) => page.sessions.map((s) => s.sessionId);
    for (const query of [{}, { sort: "oldest" as const }, { status: "flagged" as const, limit: 2, offset: 1 }, { search: "DAYS" }]) {
      const expected = ids(sqlite.querySessions(query));
      expect(ids(await own.querySessions(query)), JSON.stringify(query)).toEqual(expected);
      expect(ids(await scanned.querySessions(query)), JSON.stringify(query)).toEqual(expected);
    }
    // Session times differ between the two stores (each stamps its own), so compare what the rows hold.
    const { createdAt: _a, updatedAt: _b, ...npm } = (await scanned.getSession("npm-audit"))!;
    expect(sqlite.getSession("npm-audit")).toMatchObject(npm);
    expect(await inMemory.getSession("npm-audit")).toMatchObject(npm);
    expect(await scanned.reportSummaries("npm-audit")).toEqual(sqlite.reportSummaries("npm-audit"));
    expect(await scanned.listEvidence("npm-audit", { limit: 1, offset: 1 })).toEqual(sqlite.listEvidence("npm-audit", { limit: 1, offset: 1 }));
    expect(await scanned.getEvidence("npm-audit", "e3")).toEqual(sqlite.getEvidence("npm-audit", "e3"));
    expect(await scanned.trends({ days: 30, now })).toEqual(sqlite.trends({ days: 30, now }));
    expect(await inMemory.trends({ days: 30, now })).toEqual(browserOf(memory).trends({ days: 30, now }));
    sqlite.close();
  });
});

describe("pruneSessions", () => {
  it("should delete the same sessions through the store's own prune and through the scan", async () => {
    const now = Date.now();
    const own = new SqliteStore(tempDb());
    const scanned = new SqliteStore(tempDb());
    await seed(own, now);
    await seed(scanned, now);
    expect(await pruneSessions(own, 5, { now, dryRun: true })).toBe(1);
    expect(await pruneSessions(asAsyncStore(scanned), 5, { now, dryRun: true })).toBe(1);
    expect(await pruneSessions(own, 1, { now })).toBe(2);
    expect(await pruneSessions(asAsyncStore(scanned), 1, { now })).toBe(2);
    const left = (s: SqliteStore) => s.listSessions().map((x) => x.sessionId);
    expect(left(scanned).sort()).toEqual(left(own).sort());
    expect(left(own).sort()).toEqual(["fresh", "npm-audit"]);
    await expect(pruneSessions(own, -1)).rejects.toThrow(/days >= 0/);
    own.close();
    scanned.close();
  });
});
