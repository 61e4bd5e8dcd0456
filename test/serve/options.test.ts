/**
 * The verifier's options: which tokens a host needs, how `--body-limit` reads, the bounded cache of open
 * sessions (an evicted session is released and reopened whole from the store), and the dashboard mount.
 */
import { describe, expect, it } from "vitest";
import { byteSize } from "../../src/cli/serve-command.js";
import { asAsyncStore, Firewall, MemoryStore } from "../../src/index.js";
import { createVerifierApp, parseTokens, tokensFor } from "../../src/serve/index.js";
import { createSessionCache } from "../../src/serve/session-cache.js";
import { call, INVOICE, serve } from "./helpers.js";

describe("tokensFor", () => {
  it.each([
    ["127.0.0.1", undefined, []],
    ["localhost", [], []],
    ["::1", undefined, []],
    ["127.3.2.1", ["a"], ["a"]],
    ["0.0.0.0", ["a", "b"], ["a", "b"]],
    ["0.0.0.0", false, []],
    ["10.1.2.3", false, []],
  ] as const)("should give %s with %j the tokens %j", (host, tokens, expected) => {
    expect(tokensFor(host, tokens as readonly string[] | false | undefined)).toEqual(expected);
  });

  it.each(["0.0.0.0", "::", "192.168.1.5", "example.com"])("should refuse %s without a token, saying how to pass one", (host) => {
    expect(() => tokensFor(host, undefined)).toThrow(/needs a token: pass --token T \(or set HFW_SERVE_TOKEN.*--no-auth/);
    expect(() => tokensFor(host, [])).toThrow(/needs a token/);
  });
});

describe("parseTokens", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["one", ["one"]],
    [" one , two,,three ", ["one", "two", "three"]],
  ])("should read %j as %j", (value, expected) => {
    expect(parseTokens(value)).toEqual(expected);
  });
});

describe("byteSize", () => {
  it.each([
    ["1048576", 1048576],
    ["512kb", 512 * 1024],
    ["16mb", 16 * 1024 * 1024],
    ["1.5MB", 1.5 * 1024 * 1024],
    ["1gb", 1024 ** 3],
    ["10 b", 10],
  ])("should read %s as %d bytes", (value, bytes) => {
    expect(byteSize(value)).toBe(bytes);
  });

  it.each(["", "0", "-1", "ten", "16 megabytes", "1e6"])("should refuse %j, naming the flag", (value) => {
    expect(() => byteSize(value)).toThrow(/--body-limit must be a size such as 16mb/);
  });
});

describe("the cache of open sessions", () => {
  it("should keep at most N sessions, release the least recently used, and reopen it whole from the store", async () => {
    const store = new MemoryStore();
    const firewall = new Firewall({ store });
    const cache = createSessionCache(firewall, 2);
    await cache.get("a").recordAsync({ source: "t", content: "alpha" });
    await cache.get("b").recordAsync({ source: "t", content: "beta" });
    cache.get("a");
    await cache.get("c").recordAsync({ source: "t", content: "gamma" });
    expect(cache.size).toBe(2);
    expect(firewall.sessionIds().sort()).toEqual(["a", "c"]);
    const reopened = cache.get("b");
    await reopened.sync();
    expect(reopened.ledger.records.map((r) => r.content)).toEqual(["beta"]);
    expect(firewall.sessionIds().sort()).toEqual(["b", "c"]);
    cache.drop("c");
    expect(firewall.sessionIds()).toEqual(["b"]);
  });

  it("should answer requests for more sessions than it keeps open, each with its own evidence", async () => {
    const { url, verifier } = await serve({ store: new MemoryStore(), maxSessions: 2 });
    for (const id of ["s1", "s2", "s3"]) {
      await call(url, "POST", `/v1/sessions/${id}/evidence`, { body: { source: "get_invoice", content: { ...INVOICE, total: Number(id.slice(1)) * 100 } } });
    }
    expect(verifier.sessions.size).toBe(2);
    for (const id of ["s1", "s2", "s3"]) {
      const r = await call(url, "POST", `/v1/sessions/${id}/verify`, { body: { draft: `Invoice INV-7 totals EUR ${Number(id.slice(1)) * 100}.` } });
      expect(r.body.verdicts[0].verdict).toBe("supported");
    }
  });
});

describe("the dashboard under /dashboard", () => {
  it("should show the sessions the API records, behind the first token", async () => {
    const { url } = await serve({ store: new MemoryStore(), tokens: ["dash-token-1", "other-token-2"], dashboard: true });
    await call(url, "POST", "/v1/sessions/agent-7/evidence", { token: "other-token-2", body: { source: "get_invoice", content: INVOICE } });
    const sessions = await call(url, "GET", "/dashboard/api/sessions", { token: "dash-token-1" });
    expect(sessions.status).toBe(200);
    expect(JSON.stringify(sessions.body)).toContain("agent-7");
    expect((await call(url, "GET", "/dashboard/api/sessions")).status).toBe(401);
    const page = await call(url, "GET", "/dashboard/", { token: "dash-token-1" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("agent-7");
  });

  it("should mount the dashboard on an asynchronous store too (as PostgreSQL is)", async () => {
    const { url } = await serve({ store: asAsyncStore(new MemoryStore()), tokens: ["dash-token-1"], dashboard: true });
    await call(url, "POST", "/v1/sessions/agent-9/evidence", { token: "dash-token-1", body: { source: "get_invoice", content: INVOICE } });
    const page = await call(url, "GET", "/dashboard/", { token: "dash-token-1" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("agent-9");
  });
});
