/**
 * The dashboard's JSON API and pages over a real SQLite file, served by a real server on 127.0.0.1.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSession, SqliteStore, type Report } from "../../src/index.js";
import { startDashboard, type RunningDashboard } from "../../src/dashboard/index.js";
import { ATTR_PAYLOAD, HOSTILE_ID, IMG_PAYLOAD, SCRIPT_PAYLOAD, seed, tempDb } from "./helpers.js";

let store: SqliteStore;
let dashboard: RunningDashboard;
let npm: Report;
let hostile: Report;

async function get(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const res = await fetch(new URL(path, dashboard.url), { redirect: "manual", ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
}

beforeAll(async () => {
  store = new SqliteStore(tempDb());
  ({ npm, hostile } = await seed(store));
  // 118 more sessions, so that there are pages: copies of the npm report under other ids.
  for (let i = 0; i < 118; i++) store.putReport({ ...npm, sessionId: `bulk-${String(i).padStart(3, "0")}`, createdAt: npm.createdAt - (i + 1) * 60_000 });
  dashboard = await startDashboard({ store, port: 0 });
});

afterAll(async () => {
  await dashboard.close();
  store.close();
});

describe("the JSON API", () => {
  it("should list sessions a page at a time, newest activity first, with the total", async () => {
    const page = (await get("/api/sessions?limit=50&offset=100")).json() as {
      total: number;
      limit: number;
      offset: number;
      sessions: Array<{ sessionId: string }>;
    };
    expect(page.total).toBe(120);
    expect([page.limit, page.offset, page.sessions.length]).toEqual([50, 100, 20]);
    const first = (await get("/api/sessions?limit=2")).json() as { sessions: Array<{ sessionId: string; claims: unknown; groundingScore: number }> };
    expect(first.sessions.map((s) => s.sessionId)).toEqual([HOSTILE_ID, "npm-audit"]);
    expect(first.sessions[1]).toMatchObject({ claims: npm.counts, groundingScore: 0.5, responses: 1, evidenceCount: 3, blocked: 0 });
  });

  it("should filter by status and id, and sort by score", async () => {
    const byScore = (await get("/api/sessions?sort=score&limit=1")).json() as { sessions: Array<{ sessionId: string; groundingScore: number }> };
    expect(byScore.sessions[0]!.groundingScore).toBe(Math.min(npm.groundingScore!, hostile.groundingScore!));
    const search = (await get(`/api/sessions?q=${encodeURIComponent("bulk-11")}`)).json() as { total: number; sessions: Array<{ sessionId: string }> };
    expect(search.sessions.map((s) => s.sessionId)).toEqual(["bulk-110", "bulk-111", "bulk-112", "bulk-113", "bulk-114", "bulk-115", "bulk-116", "bulk-117"]);
    const literal = (await get(`/api/sessions?q=${encodeURIComponent("bulk_1%")}`)).json() as { total: number };
    expect(literal.total).toBe(0);
    const clean = (await get("/api/sessions?status=clean")).json() as { total: number };
    expect(clean.total).toBe(0);
    const flagged = (await get("/api/sessions?status=flagged")).json() as { total: number };
    expect(flagged.total).toBe(120);
  });

  it("should refuse bad parameters with a 400 that names them", async () => {
    for (const query of ["status=bogus", "limit=0", "limit=501", "offset=-1", "sort=name"]) {
      const res = await get(`/api/sessions?${query}`);
      expect(res.status, query).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toContain(query.split("=")[0]);
    }
  });

  it("should give a session's answers, reports and evidence as stored", async () => {
    const id = encodeURIComponent("npm-audit");
    const session = (await get(`/api/sessions/${id}`)).json() as { session: { sessionId: string }; answers: Array<{ responseId: string; decision: string }> };
    expect(session.session.sessionId).toBe("npm-audit");
    expect(session.answers).toEqual([{ responseId: "r1", createdAt: npm.createdAt, decision: "rewrite", groundingScore: 0.5, counts: npm.counts, ms: npm.ms }]);
    expect((await get(`/api/sessions/${id}/reports`)).json()).toEqual({ total: 1, limit: 20, offset: 0, reports: [npm] });
    expect((await get(`/api/sessions/${id}/reports/r1`)).json()).toEqual(npm);
    const evidence = (await get(`/api/sessions/${id}/evidence?limit=2&offset=1`)).json() as { total: number; evidence: Array<{ id: string }> };
    expect([evidence.total, evidence.evidence.map((e) => e.id)]).toEqual([3, ["e2", "e3"]]);
    expect((await get(`/api/sessions/${id}/evidence/e1`)).json()).toEqual(store.getEvidence("npm-audit", "e1"));
    expect((await get(`/api/sessions/${encodeURIComponent(HOSTILE_ID)}/reports/r1`)).json()).toEqual(hostile);
  });

  it("should answer 404 in JSON for what does not exist", async () => {
    for (const path of ["/api/sessions/nope", "/api/sessions/npm-audit/reports/r9", "/api/sessions/npm-audit/evidence/e9", "/api/nothing"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect((res.json() as { error: { status: number } }).error.status).toBe(404);
    }
  });

  it("should export a session as a JSON download equal to exportSession, and as Markdown", async () => {
    const json = await get("/api/sessions/npm-audit/export?format=json");
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename="?hfw-session-npm-audit\.json"?$/);
    const { exportedAt: _a, ...body } = json.json() as { exportedAt: number };
    const { exportedAt: _b, ...expected } = exportSession(store, "npm-audit")!;
    expect(body).toEqual(expected);
    const md = await get("/api/sessions/npm-audit/export?format=md");
    expect(md.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(md.text).toContain("# Hallucination report: session npm-audit");
    expect(md.text).toMatch(
      /\| r1\.c4 The registry lists 40 published versions of cors \| ❌ contradicted \| 0\.\d\d \| tier 0 · exact \| npm\\_view e1: “versionCount: 35” \| 40 → 35 \|/,
    );
    expect(md.text).not.toContain("<script>");
  });

  it("should give answers per UTC day", async () => {
    const days = (await get("/api/trends?days=2")).json() as Array<{ day: string; responses: number; flagged: number; blocked: number }>;
    // The 118 copies are 1 to 118 minutes older than the npm report: at most two days are involved.
    expect(days.reduce((n, d) => n + d.responses, 0)).toBe(120);
    expect(days.at(-1)!.day).toBe(new Date(Math.max(npm.createdAt, hostile.createdAt)).toISOString().slice(0, 10));
    expect(days.reduce((n, d) => n + d.flagged, 0)).toBe(119 * 2 + hostile.counts.contradicted + hostile.counts.unsupported);
  });
});

describe("the pages", () => {
  it("should list sessions with links, score and verdict counts, and page through them", async () => {
    const page = await get("/?size=50&page=3");
    expect(page.status).toBe(200);
    expect(page.text).toContain("120 sessions · page 3 of 3");
    expect(page.text.match(/<tr>\s*<td class="id">/g)).toHaveLength(20);
    expect(page.text).toContain('<a rel="prev" href="/?page=2">');
    expect((await get("/?size=20&sort=answers&page=2")).text).toContain('<a rel="next" href="/?sort=answers&amp;size=20&amp;page=3">');
    const first = await get("/");
    expect(first.text).toContain(`href="/sessions/${encodeURIComponent(HOSTILE_ID).replace(/'/g, "&#39;")}"`);
    expect(first.text).toContain('<a href="/sessions/npm-audit">npm-audit</a>');
  });

  it("should highlight the contradicted claims of a session with their corrections", async () => {
    const page = await get("/sessions/npm-audit");
    expect(page.text).toMatch(
      /<a class="claim v-contradicted" href="#claim-r1\.c4" title="r1\.c4: contradicted \(0\.\d\d\)">The registry lists <del>40<\/del><span class="arrow"> → <\/span><ins title="[^"]*">35<\/ins> published versions of cors<\/a>/,
    );
    expect(page.text).toContain('<a class="claim v-supported" href="#claim-r1.c2"');
    expect(page.text).toContain('<tr class="claim-row verdict-contradicted flagged" id="claim-r1.c4">');
    expect(page.text).toContain("tier 0 · exact");
  });

  it("should escape every piece of tool output, draft, claim, source and id", async () => {
    const pages = [
      await get("/"),
      await get(`/sessions/${encodeURIComponent(HOSTILE_ID)}`),
      await get(`/sessions/${encodeURIComponent(HOSTILE_ID)}/evidence`),
      await get(`/sessions/${encodeURIComponent(HOSTILE_ID)}/evidence/e1`),
      await get(`/sessions/${encodeURIComponent(HOSTILE_ID)}/evidence/e2`),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("<script>window");
      expect(page.text).not.toContain("<img src=x");
      expect(page.text).not.toContain('" onmouseover="');
      // No tag has an event-handler attribute (escaped ones inside attribute values are text).
      expect(page.text).not.toMatch(/<[a-z]+(\s+[a-z-]+(="[^"]*")?)*\s+on[a-z]+=/i);
      expect(page.text.match(/<script\b/g)).toHaveLength(1); // the dashboard's own app.js
    }
    expect(pages[2]!.text).toContain("&lt;script&gt;window.__hfwPwned = &quot;script&quot;&lt;/script&gt;");
    expect(pages[1]!.text).toContain("&lt;img src=x onerror=&quot;window.__hfwPwned=&#39;img&#39;&quot;&gt;");
    expect(SCRIPT_PAYLOAD + IMG_PAYLOAD + ATTR_PAYLOAD).toContain("window.__hfwPwned");
  });

  it("should answer 404 and 400 with a page", async () => {
    const missing = await get("/sessions/nope");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("No session &#39;nope&#39; in this store.");
    expect((await get("/?page=0")).status).toBe(400);
    expect((await get("/sessions/npm-audit?page=x")).status).toBe(400);
  });
});

describe("the server", () => {
  it("should send security headers that allow only its own script and stylesheet", async () => {
    const res = await get("/");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';base-uri 'none';form-action 'self';frame-ancestors 'none';object-src 'none'",
    );
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const js = await get("/assets/app.js");
    expect(js.headers.get("content-type")).toMatch(/text\/javascript/);
  });

  it("should bind to 127.0.0.1 and refuse a Host header that is not a loopback name", async () => {
    expect(dashboard.host).toBe("127.0.0.1");
    expect(dashboard.url).toBe(`http://127.0.0.1:${dashboard.port}/`);
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: dashboard.port, path: "/api/sessions", headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    expect(await status("rebound.example:80")).toBe(421);
    expect(await status(`localhost:${dashboard.port}`)).toBe(200);
    expect(await status("[::1]")).toBe(200);
  });

  it("should answer 500 with the reason when the store cannot be read", async () => {
    const broken = new SqliteStore(tempDb());
    const d = await startDashboard({ store: broken, port: 0 });
    broken.close();
    try {
      const res = await fetch(`${d.url}api/sessions`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/store .* is closed/);
    } finally {
      await d.close();
    }
  });
});
