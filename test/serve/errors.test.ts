/**
 * The verifier's errors: one JSON shape with a code and a message that says what to do; 400 for malformed
 * or invalid requests (unknown fields named), 401, 404, 413, 415, 429 with Retry-After, 503 when the store
 * is down, 500 without a stack. No 4xx writes anything, and a failed write is not written later.
 */
import { request } from "node:http";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { asAsyncStore, Firewall, MemoryStore, SqliteStore, StoreError } from "../../src/index.js";
import { call, INVOICE, onCleanup, serve, tempDb } from "./helpers.js";

/** The error the PostgreSQL store throws when it cannot reach the database (its class is not on this branch). */
class StoreUnavailable extends StoreError {
  constructor() {
    super("Cannot reach PostgreSQL at postgres://app:hunter2@db.internal:5432/hfw: connection refused.");
    this.name = "StoreUnavailable";
  }
}

/** A memory store whose every call fails while `down` is set: with `StoreUnavailable`, or a plain Error. */
class FlakyStore extends MemoryStore {
  down: "unavailable" | "broken" | false = false;
  constructor() {
    super();
    for (const name of ["ensureSession", "appendEvidence", "listEvidence", "putReport", "listReports", "listSessions", "sessionDelta", "chainHead"] as const) {
      const own = (this[name] as (...args: unknown[]) => unknown).bind(this);
      (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (this.down === "unavailable") throw new StoreUnavailable();
        if (this.down === "broken") throw new Error("disk I/O error at /var/lib/secret/place");
        return own(...args);
      };
    }
  }
}

describe("request validation", () => {
  it.each([
    ["an unknown field", { source: "t", content: 1, sorce: "x" }, /unknown field\(s\) 'sorce'/],
    ["a missing content", { source: "t" }, /content: required/],
    ["a blank source", { source: "   ", content: 1 }, /source: a source name is not blank/],
    ["a wrong format", { source: "t", content: 1, format: "yaml" }, /format/],
    ["an array body", [{ source: "t", content: 1 }], /expected object/],
  ])("should answer 400 invalid_body naming the problem for %s", async (_name, body, message) => {
    const { url } = await serve({ store: new MemoryStore() });
    const r = await call(url, "POST", "/v1/sessions/s1/evidence", { body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_body");
    expect(r.body.error.message).toMatch(message);
    expect(r.body.error.issues.length).toBeGreaterThan(0);
  });

  it("should name unknown fields nested in a verify body's policy", async () => {
    const { url } = await serve({ store: new MemoryStore() });
    const r = await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: "x", policy: { action: "block", strictness: "strict" } } });
    expect(r.status).toBe(400);
    expect(r.body.error.issues).toEqual([{ path: "policy", message: "unknown field(s) 'strictness': remove them" }]);
  });

  it("should refuse a batch over the limit, and one with an invalid record, as a whole", async () => {
    const store = new MemoryStore();
    const { url } = await serve({ store, maxBatch: 2 });
    const three = await call(url, "POST", "/v1/sessions/s1/evidence/batch", { body: { records: [1, 2, 3].map((n) => ({ source: "t", content: n })) } });
    expect(three.status).toBe(400);
    expect(three.body.error.message).toMatch(/records/);
    const binary = await call(url, "POST", "/v1/sessions/s1/evidence/batch", {
      body: {
        records: [
          { source: "t", content: "fine" },
          { source: "t", content: "{not json", format: "json" },
        ],
      },
    });
    expect(binary.status).toBe(400);
    expect(binary.body.error.code).toBe("invalid_evidence");
    expect(store.listSessions()).toEqual([]);
  });

  it.each([
    ["/v1/sessions/bad%20id/report", "invalid_path"],
    ["/v1/sessions/-x/report", "invalid_path"],
    ["/v1/sessions?limit=0", "invalid_query"],
    ["/v1/sessions?limit=9999", "invalid_query"],
    ["/v1/sessions?sort=random", "invalid_query"],
    ["/v1/sessions?page=2", "invalid_query"],
  ])("should answer 400 for GET %s", async (path, code) => {
    const { url } = await serve({ store: new MemoryStore() });
    const r = await call(url, "GET", path);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });

  it("should answer 400 for malformed JSON and 415 for a body that is not JSON", async () => {
    const { url } = await serve({ store: new MemoryStore() });
    const bad = await call(url, "POST", "/v1/sessions/s1/evidence", { body: '{"source": "t", "content": ' });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
    const form = await call(url, "POST", "/v1/sessions/s1/evidence", { body: "source=t", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form).toMatchObject({ status: 415, body: { error: { code: "unsupported_media_type" } } });
  });

  it("should answer 413 for a body over the limit", async () => {
    const { url } = await serve({ store: new MemoryStore(), bodyLimitBytes: 1024 });
    const r = await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "x".repeat(2000) } });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: "payload_too_large", message: expect.stringMatching(/1024 bytes.*--body-limit/) });
  });
});

describe("auth and rate limits", () => {
  it("should accept any of several tokens and refuse a missing or wrong one with 401", async () => {
    const { url } = await serve({ store: new MemoryStore(), tokens: ["token-alpha-1", "token-beta-22"] });
    for (const token of ["token-alpha-1", "token-beta-22"]) expect((await call(url, "GET", "/v1/sessions", { token })).status).toBe(200);
    for (const token of [undefined, "token-alpha-", "token-alpha-1x", "TOKEN-ALPHA-1"]) {
      const r = await call(url, "GET", "/v1/sessions", token ? { token } : {});
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("unauthorized");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    expect((await call(url, "GET", "/v1/sessions", { headers: { authorization: "Basic dG9rZW4tYWxwaGEtMQ==" } })).status).toBe(401);
  });

  it("should refuse to start beyond loopback without a token, and start with one or with tokens false", async () => {
    await expect(serve({ store: new MemoryStore(), host: "0.0.0.0" })).rejects.toThrow(/needs a token: pass --token/);
    const withToken = await serve({ store: new MemoryStore(), host: "0.0.0.0", tokens: ["t-123456"] });
    expect(withToken.tokenCount).toBe(1);
    const open = await serve({ store: new MemoryStore(), host: "0.0.0.0", tokens: false });
    expect(open.tokenCount).toBe(0);
  });

  it("should answer only loopback Host names when no token is needed (DNS rebinding)", async () => {
    const { port } = await serve({ store: new MemoryStore() });
    // fetch may not set Host: a raw request does, as a browser on a rebound name would.
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/v1/sessions", headers: { host: `attacker.example:${port}` } }, (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(r.status).toBe(421);
    expect(JSON.parse(r.body).error.code).toBe("misdirected_request");
    expect((await call(`http://localhost:${port}`, "GET", "/v1/sessions")).status).toBe(200);
  });

  it("should limit each token to its requests per minute, with 429 and Retry-After", async () => {
    const { url } = await serve({ store: new MemoryStore(), tokens: ["token-a-123", "token-b-456"], ratePerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await call(url, "GET", "/v1/sessions", { token: "token-a-123" })).status).toBe(200);
    const limited = await call(url, "GET", "/v1/sessions", { token: "token-a-123" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Over 3 requests per minute/) });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token has its own budget; the probes have none.
    expect((await call(url, "GET", "/v1/sessions", { token: "token-b-456" })).status).toBe(200);
    expect((await call(url, "GET", "/healthz")).status).toBe(200);
  });
});

describe("unknown sessions and routes", () => {
  it.each([
    ["POST", "/v1/sessions/nobody/verify", { draft: "The invoice is open." }],
    ["POST", "/v1/sessions/nobody/guard", { draft: "The invoice is open." }],
    ["POST", "/v1/sessions/nobody/rewrite", { draft: "The invoice is open." }],
    ["GET", "/v1/sessions/nobody/report", undefined],
    ["GET", "/v1/sessions/nobody/evidence", undefined],
  ])("should answer 404 session_not_found for %s %s, and create nothing", async (method, path, body) => {
    const store = new MemoryStore();
    const { url } = await serve({ store });
    const r = await call(url, method, path, body === undefined ? {} : { body });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "session_not_found", message: expect.stringContaining("POST /v1/sessions/nobody/evidence") });
    expect(store.listSessions()).toEqual([]);
  });

  it("should answer 404 not_found for an unknown route", async () => {
    const { url } = await serve({ store: new MemoryStore() });
    for (const [method, path] of [
      ["GET", "/v2/sessions"],
      ["DELETE", "/v1/sessions/s1"],
      ["GET", "/v1/sessions/s1/verify"],
    ] as const) {
      const r = await call(url, method, path);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("not_found");
    }
  });
});

describe("nothing written on a 4xx", () => {
  it("should leave the database as it was after every kind of refused request", async () => {
    const path = tempDb();
    const store = new SqliteStore({ path });
    onCleanup(() => store.close());
    const { url } = await serve({ store, tokens: ["token-ok-1"], ratePerMinute: 40, bodyLimitBytes: 4096, maxBatch: 3 });
    const token = "token-ok-1";
    await call(url, "POST", "/v1/sessions/s1/evidence", { token, body: { source: "get_invoice", callId: "c1", content: INVOICE } });
    const snapshot = () =>
      JSON.stringify([store.listSessions(), store.listEvidence("s1"), store.listReports("s1"), store.chainHead("s1"), store.chainHead("s2")]);
    const before = snapshot();
    const refused: Array<[string, string, { body?: unknown; token?: string; headers?: Record<string, string> }]> = [
      ["POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "new" } }],
      ["POST", "/v1/sessions/s2/evidence", { token: "wrong-token", body: { source: "t", content: "new" } }],
      ["POST", "/v1/sessions/s1/evidence", { token, body: { source: "t", content: "new", extra: true } }],
      ["POST", "/v1/sessions/s2/evidence", { token, body: { source: "t", content: "new", callId: "" } }],
      ["POST", "/v1/sessions/s1/evidence", { token, body: '{"source":"t","content":"new"' }],
      ["POST", "/v1/sessions/s1/evidence", { token, body: { source: "t", content: "x".repeat(5000) } }],
      ["POST", "/v1/sessions/s1/evidence", { token, body: "source=t", headers: { "content-type": "text/plain" } }],
      [
        "POST",
        "/v1/sessions/s1/evidence/batch",
        {
          token,
          body: {
            records: [
              { source: "t", content: "a" },
              { source: "t", content: "\u0000\u0001binary" },
            ],
          },
        },
      ],
      ["POST", "/v1/sessions/s1/evidence/batch", { token, body: { records: [1, 2, 3, 4].map((n) => ({ source: "t", content: n })) } }],
      ["POST", "/v1/sessions/s1/verify", { token, body: { draft: 42 } }],
      ["POST", "/v1/sessions/s1/verify", { token, body: { draft: "Invoice INV-7 totals EUR 890.", strictness: "paranoid" } }],
      ["POST", "/v1/sessions/s1/verify", { token, body: { draft: "Invoice\u0000 INV-7 totals EUR 890." } }],
      ["POST", "/v1/sessions/s2/verify", { token, body: { draft: "Invoice INV-7 totals EUR 890." } }],
      ["POST", "/v1/sessions/s1/rewrite", { token, body: { draft: "x", unsupported: "delete" } }],
      ["POST", "/v1/sessions/s1/guard", { token, body: {} }],
      ["GET", "/v1/sessions/s2/report", { token }],
    ];
    const statuses: number[] = [];
    for (const [method, p, options] of refused) statuses.push((await call(url, method, p, options)).status);
    expect(statuses).toEqual([401, 401, 400, 400, 400, 413, 415, 400, 400, 400, 400, 400, 404, 400, 400, 404]);
    // Over the rate limit: refused too.
    let limited = 0;
    for (let i = 0; i < 30 && limited === 0; i++) {
      const r = await call(url, "POST", "/v1/sessions/s2/evidence", { token, body: { source: "t", content: "new", extra: 1 } });
      if (r.status === 429) limited++;
    }
    expect(limited).toBe(1);
    expect((await call(url, "POST", "/v1/sessions/s2/evidence", { token, body: { source: "t", content: "new" } })).status).toBe(429);
    expect(snapshot()).toBe(before);
  });
});

describe("store failures", () => {
  it("should answer 503 with Retry-After while the store is unreachable, leak nothing of it, and not write the failed record later", async () => {
    const store = new FlakyStore();
    const logged: string[] = [];
    const { url } = await serve({ store, logger: { warn: (m) => logged.push(m) } });
    expect((await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "kept" } })).status).toBe(201);
    store.down = "unavailable";
    const ready = await call(url, "GET", "/readyz");
    expect(ready).toMatchObject({ status: 503, body: { error: { code: "store_unavailable" } } });
    const failed = await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "lost" } });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("5");
    expect(failed.body.error.code).toBe("store_unavailable");
    expect(JSON.stringify(failed.body)).not.toMatch(/hunter2|db\.internal/);
    expect((await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: "The invoice is open." } })).status).toBe(503);
    expect(logged.join("\n")).toContain("Cannot reach PostgreSQL");

    store.down = false;
    expect((await call(url, "GET", "/readyz")).status).toBe(200);
    const next = await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "after" } });
    expect(next.body.record.id).toBe("e2");
    expect(store.listEvidence("s1").map((e) => e.content)).toEqual(["kept", "after"]);
  });

  it("should answer 500 with the request id and no stack when something unexpected fails, and log the stack", async () => {
    const store = new FlakyStore();
    const logged: string[] = [];
    const { url } = await serve({ store, logger: { warn: (m) => logged.push(m) } });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "t", content: "kept" } });
    store.down = "broken";
    const r = await call(url, "GET", "/v1/sessions/s1/report", { headers: { "x-request-id": "req-42" } });
    expect(r.status).toBe(500);
    expect(r.headers.get("x-request-id")).toBe("req-42");
    expect(r.body).toEqual({ error: { code: "internal_error", message: expect.stringContaining("request id req-42") } });
    expect(JSON.stringify(r.body)).not.toMatch(/disk I\/O|secret|at .*\.ts/);
    expect(logged.some((m) => m.includes("req-42") && m.includes("disk I/O error") && m.includes("    at "))).toBe(true);
  });
});

describe("a store that cannot list sessions", () => {
  it("should answer 501 for the sessions list, and serve everything else", async () => {
    // The asynchronous view of the memory store has the store's methods only, not the browsing queries.
    const { url } = await serve({ store: asAsyncStore(new MemoryStore()) });
    expect((await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } })).status).toBe(201);
    expect((await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: "Invoice INV-7 totals EUR 980." } })).body.verdicts[0].verdict).toBe(
      "supported",
    );
    const list = await call(url, "GET", "/v1/sessions");
    expect(list).toMatchObject({ status: 501, body: { error: { code: "not_implemented" } } });
  });
});

describe("a session whose ledger does not verify, with audit: fail-closed", () => {
  it("should answer 409 ledger_tampered naming the broken link, and write no report", async () => {
    const path = tempDb();
    const store = new SqliteStore(path);
    onCleanup(() => store.close());
    const { url } = await serve({ firewall: new Firewall({ store, audit: "fail-closed" }) });
    expect((await call(url, "POST", "/v1/sessions/t1/evidence", { body: { source: "get_invoice", content: INVOICE } })).status).toBe(201);
    const raw = new (createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3)(path);
    raw.prepare("UPDATE evidence SET text = replace(text, '980', '890') WHERE session_id = 't1'").run();
    raw.close();
    const r = await call(url, "POST", "/v1/sessions/t1/verify", { body: { draft: "Invoice INV-7 totals EUR 890." } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("ledger_tampered");
    expect(r.body.error.message).toMatch(/link 1 \(evidence e1\)/);
    expect(store.listReports("t1")).toEqual([]);
  });
});
