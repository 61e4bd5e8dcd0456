/**
 * The dashboard's audit of each session's hash chain (the session page's ledger line, the JSON API, the
 * export's chain), and the whole dashboard over an asynchronous store (the SQLite store's async view, as a
 * PostgreSQL store would be read).
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDashboard, type RunningDashboard } from "../../src/dashboard/index.js";
import { asAsyncStore, auditExport, type ChainAudit, exportSession, type SessionExport, SqliteStore } from "../../src/index.js";
import { runNpmExample, tempDb } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

let path: string;
let store: SqliteStore;
let dashboard: RunningDashboard;
let overAsync: RunningDashboard;

async function get(base: string, route: string): Promise<{ status: number; text: string; json: () => any }> {
  const res = await fetch(new URL(route, base));
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

beforeAll(async () => {
  path = tempDb();
  store = new SqliteStore(path);
  await runNpmExample(store, "clean");
  await runNpmExample(store, "tampered");
  const raw = new Database(path);
  raw.prepare("UPDATE evidence SET source = 'npm_search' WHERE session_id = 'tampered' AND id = 'e2'").run();
  raw.close();
  dashboard = await startDashboard({ store, port: 0 });
  overAsync = await startDashboard({ store: asAsyncStore(store), port: 0 });
});

afterAll(async () => {
  await dashboard.close();
  await overAsync.close();
  store.close();
});

describe("the ledger on the dashboard", () => {
  it("should say 'ledger verified' with the head on a clean session's pages", async () => {
    const head = store.chainHead("clean");
    for (const route of ["/sessions/clean", "/sessions/clean/evidence"]) {
      const page = await get(dashboard.url, route);
      expect(page.text, route).toContain(`ledger verified: 4 links, head <code title="${head.hash}">${head.hash.slice(0, 12)}</code>`);
      expect(page.text, route).not.toContain("ledger broken");
    }
  });

  it("should say where a tampered session's chain breaks, linking the row", async () => {
    const page = await get(dashboard.url, "/sessions/tampered");
    expect(page.text).toMatch(
      /<p class="ledger broken" role="alert">.*ledger broken at link 2 \(<a href="\/sessions\/tampered\/evidence\/e2">evidence e2<\/a>\), edited: evidence e2 \(link 2\) does not match its hash/,
    );
  });

  it("should give the audit in the JSON API", async () => {
    const clean = (await get(dashboard.url, "/api/sessions/clean")).json() as { audit: ChainAudit };
    expect(clean.audit).toEqual({ ok: true, length: 4, head: store.chainHead("clean"), storedHead: store.chainHead("clean") });
    const tampered = (await get(dashboard.url, "/api/sessions/tampered/audit")).json() as ChainAudit;
    expect(tampered).toMatchObject({ ok: false, break: { seq: 2, cause: "edited", row: { kind: "evidence", id: "e2" } } });
    expect((await get(dashboard.url, "/api/sessions/nobody/audit")).status).toBe(404);
  });

  it("should put the chain in the JSON download, where it verifies offline", async () => {
    const download = (await get(dashboard.url, "/api/sessions/clean/export?format=json")).json() as SessionExport;
    expect(download.chain).toHaveLength(4);
    expect(auditExport(download).ok).toBe(true);
    expect(auditExport((await get(dashboard.url, "/api/sessions/tampered/export")).json() as SessionExport).break).toMatchObject({ cause: "edited" });
  });
});

describe("the dashboard over an asynchronous store", () => {
  it("should serve the same pages and API answers as over the synchronous store", async () => {
    for (const route of ["/api/sessions", "/api/sessions/clean", "/api/sessions/tampered/audit", "/api/sessions/clean/reports?limit=1", "/api/trends"]) {
      expect((await get(overAsync.url, route)).json(), route).toEqual((await get(dashboard.url, route)).json());
    }
    const { exportedAt: _a, ...download } = (await get(overAsync.url, "/api/sessions/clean/export")).json() as SessionExport;
    const { exportedAt: _b, ...expected } = exportSession(store, "clean")!;
    expect(download).toEqual(expected);
    const page = await get(overAsync.url, "/sessions/clean");
    expect(page.text).toContain('class="claim v-contradicted"');
    expect(page.text).toContain("ledger verified: 4 links");
    expect(page.text).toContain('<span class="muted store">database</span>');
    expect((await get(overAsync.url, "/sessions/clean/evidence/e1")).text).toContain("npm_view");
    expect((await get(overAsync.url, "/sessions/nobody")).status).toBe(404);
  });
});
