/**
 * The PostgreSQL store answers the dashboard's queries as the SQLite store does: the same sessions recorded
 * into both give the same pages for every filter, sort, search and page, the same answers per session and
 * the same daily trends.
 */
import { expect, it } from "vitest";
import { Firewall, PostgresStore, type Report, scoreOf, type SessionQuery, SqliteStore } from "../../src/index.js";
import { newEvidence } from "./conformance.js";
import { npmDraft, npmEvidence, tempDb } from "./helpers.js";
import { createLinguisticDatabase, describePostgres, dropDatabase } from "./postgres-helpers.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Ids that differ in case and hold the characters a LIKE pattern must escape. */
const IDS = ["Alpha", "alpha_2", "alphax2", "beta%", "Gamma\\x", "delta", "EPSILON", "zeta-9", "eta", "theta", "iota", "kappa", "Lambda", "mu"];

describePostgres("PostgresStore beside SqliteStore", () => {
  it("should list, filter, sort, search and page sessions, and give answers and trends, as the SQLite store does", async () => {
    const fw = new Firewall();
    for (const e of npmEvidence) fw.record(e);
    const template = await fw.verify(npmDraft);
    const base = Date.UTC(2026, 5, 1, 9, 30);

    // Sorts by id must follow the stores' byte order even where the database's own collation is linguistic.
    const linguistic = await createLinguisticDatabase("hfw_parity");
    const postgres = new PostgresStore(linguistic.url);
    const sqlite = new SqliteStore(tempDb());
    try {
      for (const [i, id] of IDS.entries()) {
        const records = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
          ...newEvidence("tool", { i, k, note: "x".repeat(i * 10) }),
          recordedAt: base + i * 7 * HOUR + k,
        }));
        await postgres.appendEvidence(id, records);
        sqlite.appendEvidence(id, records);
        for (let j = 0; j < i % 4; j++) {
          const counts = { supported: (i + j) % 3, contradicted: (i * j) % 2, unsupported: j % 2, not_checkable: 1 };
          const report: Report = {
            ...template,
            sessionId: id,
            responseId: `r${j + 1}`,
            counts,
            groundingScore: scoreOf(counts),
            decision: i % 5 === 0 && j === 0 ? "block" : counts.contradicted > 0 ? "rewrite" : "pass",
            createdAt: base + i * 9 * HOUR + j * 61_000 + 0.25,
            ms: i + j / 8,
          };
          await postgres.putReport(report);
          sqlite.putReport(report);
        }
      }

      const mine = (ids: string[]) => ids.filter((id) => IDS.includes(id));
      expect(mine((await postgres.listSessions()).map((s) => s.sessionId))).toEqual(mine(sqlite.listSessions().map((s) => s.sessionId)));
      let compared = 0;
      for (const status of ["all", "blocked", "flagged", "clean"] as const) {
        for (const sort of ["recent", "oldest", "score", "flagged", "answers"] as const) {
          for (const search of [undefined, "a", "ALPHA", "%", "_", "\\", "TA", "a_2"]) {
            for (const offset of [0, 4]) {
              const query: SessionQuery = { status, sort, offset, limit: 4, ...(search === undefined ? {} : { search }) };
              expect(await postgres.querySessions(query), JSON.stringify(query)).toEqual(sqlite.querySessions(query));
              compared++;
            }
          }
        }
      }
      expect(compared).toBe(320);
      // The searches that must escape found what they name, and only that.
      expect((await postgres.querySessions({ search: "_" })).sessions.map((s) => s.sessionId)).toEqual(["alpha_2"]);
      expect((await postgres.querySessions({ search: "%", sort: "oldest" })).sessions.map((s) => s.sessionId)).toEqual(["beta%"]);

      for (const id of IDS) {
        expect(await postgres.getSession(id)).toEqual(sqlite.getSession(id));
        expect(await postgres.reportSummaries(id)).toEqual(sqlite.reportSummaries(id));
      }
      for (const days of [0, 1, 3, 30]) {
        for (const now of [base + 2 * DAY, base + 6 * DAY]) expect(await postgres.trends({ days, now })).toEqual(sqlite.trends({ days, now }));
      }
      expect((await postgres.trends({ days: 30, now: base + 6 * DAY })).length).toBeGreaterThan(3);
    } finally {
      await postgres.close();
      sqlite.close();
      await dropDatabase(linguistic.name);
    }
  });
});
