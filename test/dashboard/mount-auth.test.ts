/**
 * The router in a user's own Express app (over the firewall's in-memory store), token auth, and redaction
 * of what the dashboard shows.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { Firewall, MemoryStore, SqliteStore } from "../../src/index.js";
import { createDashboard, startDashboard, type RunningDashboard } from "../../src/dashboard/index.js";
import { runNpmExample, tempDb } from "./helpers.js";

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(app: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("createDashboard mounted in a user's app", () => {
  it("should serve the firewall's in-memory sessions under the mount path, with links under it", async () => {
    const store = new MemoryStore();
    const fw = new Firewall({ store, sessionId: "live-chat" });
    fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
    await fw.verify("cors has 40 published versions.");
    const app = express();
    app.get("/", (_req, res) => {
      res.send("the user's own home page");
    });
    app.use("/hfw", createDashboard({ store }));
    const base = await listen(app);

    expect(await (await fetch(`${base}/`)).text()).toBe("the user's own home page");
    const list = await (await fetch(`${base}/hfw/`)).text();
    expect(list).toContain('<a href="/hfw/sessions/live-chat">live-chat</a>');
    expect(list).toContain('<link rel="stylesheet" href="/hfw/assets/style.css">');
    expect(list).toContain("in-memory store");
    const session = await (await fetch(`${base}/hfw/sessions/live-chat`)).text();
    expect(session).toMatch(
      /<a class="claim v-contradicted" href="#claim-r1\.c1"[^>]*>cors has <del>40<\/del><span class="arrow"> → <\/span><ins[^>]*>35<\/ins> published versions\.?<\/a>/,
    );
    const api = (await (await fetch(`${base}/hfw/api/sessions`)).json()) as { total: number; sessions: Array<{ sessionId: string; flagged: number }> };
    expect(api.sessions).toMatchObject([{ sessionId: "live-chat", flagged: 1 }]);
  });

  it("should find a session whose id holds a slash, a space and a quote", async () => {
    const store = new MemoryStore();
    const fw = new Firewall({ store });
    const id = `team/a b"c`;
    await fw.session(id).verify("Hello there.");
    const base = await listen(express().use(createDashboard({ store })));
    const list = await (await fetch(`${base}/`)).text();
    expect(list).toContain(`<a href="/sessions/team%2Fa%20b%22c">team/a b&quot;c</a>`);
    const page = await fetch(`${base}/sessions/team%2Fa%20b%22c`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1 class="session-id">team/a b&quot;c</h1>');
  });
});

describe("token auth", () => {
  async function withToken(token: string | undefined, host = "127.0.0.1"): Promise<RunningDashboard> {
    const store = new SqliteStore(tempDb());
    await runNpmExample(store);
    const d = await startDashboard({ store, port: 0, host, ...(token === undefined ? {} : { token }) });
    closers.push(() => store.close());
    closers.push(() => d.close());
    return d;
  }

  it("should refuse requests without the token and accept the Bearer header", async () => {
    const d = await withToken("s3cret-token");
    const base = `http://127.0.0.1:${d.port}`;
    const denied = await fetch(`${base}/api/sessions`);
    expect(denied.status).toBe(401);
    expect(((await denied.json()) as { error: { message: string } }).error.message).toMatch(/needs its token/);
    expect((await fetch(`${base}/`)).status).toBe(401);
    expect((await fetch(`${base}/api/sessions`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${base}/api/sessions`, { headers: { authorization: "Bearer s3cret-token" } })).status).toBe(200);
    expect(d.url).toBe(`${base}/?token=s3cret-token`);
  });

  it("should trade ?token= for an HttpOnly cookie and drop it from the address", async () => {
    const d = await withToken("s3cret-token");
    const base = `http://127.0.0.1:${d.port}`;
    const first = await fetch(`${base}/sessions/npm-audit?token=s3cret-token&page=1`, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/sessions/npm-audit?page=1");
    const cookie = first.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^hfw_token=s3cret-token; Path=\/; HttpOnly; SameSite=Strict$/);
    const page = await fetch(`${base}/sessions/npm-audit?page=1`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1 class="session-id">npm-audit</h1>');
  });

  it("should make a random token when bound beyond loopback, and none on loopback", async () => {
    const open = await withToken(undefined);
    expect(open.token).toBeUndefined();
    const wide = await withToken(undefined, "0.0.0.0");
    expect(wide.token).toMatch(/^[\w-]{24}$/);
    expect(wide.url).toBe(`http://127.0.0.1:${wide.port}/?token=${wide.token}`);
    expect((await fetch(`http://127.0.0.1:${wide.port}/api/sessions`)).status).toBe(401);
    expect((await fetch(wide.url, { redirect: "manual" })).status).toBe(303);
    expect((await fetch(`http://127.0.0.1:${wide.port}/api/sessions?token=${wide.token}`)).status).toBe(200);
  });
});

describe("redaction in the dashboard", () => {
  it("should mask personal data it shows from a store that keeps the original", async () => {
    const store = new MemoryStore();
    const fw = new Firewall({ store, sessionId: "support" });
    fw.record({ source: "crm", content: { email: "dana.reyes@example.com", phone: "+1 415 555 2671", seats: 12 } });
    await fw.verify("Dana's address is dana.reyes@example.com and her plan has 12 seats.");
    const base = await listen(express().use(createDashboard({ store, redact: true })));
    for (const path of [
      "/sessions/support",
      "/sessions/support/evidence",
      "/sessions/support/evidence/e1",
      "/api/sessions/support/reports",
      "/api/sessions/support/export?format=md",
    ]) {
      const text = await (await fetch(`${base}${path}`)).text();
      expect(text, path).not.toContain("dana.reyes");
      expect(text, path).not.toContain("555 2671");
    }
    expect(store.listReports("support")[0]!.draft).toContain("dana.reyes@example.com");
  });
});
