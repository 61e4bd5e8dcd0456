/**
 * Every route of the verifier over real HTTP on loopback, with the memory store and a SQLite file: what an
 * agent records, what it reads back, and the verdicts it gets.
 */
import { describe, expect, it } from "vitest";
import { MemoryStore, SqliteStore, type AnyStore } from "../../src/index.js";
import { call, CUSTOMER, DRAFT, INVOICE, onCleanup, serve, tempDb } from "./helpers.js";

const stores: Array<[string, () => AnyStore]> = [
  ["memory", () => new MemoryStore()],
  [
    "SQLite",
    () => {
      const store = new SqliteStore({ path: tempDb() });
      onCleanup(() => store.close());
      return store;
    },
  ],
];

describe.each(stores)("the /v1 routes on the %s store", (_name, open) => {
  it("should record a tool output (201), and answer 200 with added false for the same callId", async () => {
    const { url } = await serve({ store: open() });
    const first = await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", callId: "call_1", content: INVOICE } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ added: true, record: { id: "e1", source: "get_invoice", callId: "call_1", format: "json", content: INVOICE } });
    expect(first.body.record.text).toContain("total: 980");
    const again = await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", callId: "call_1", content: { total: 1 } } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ added: false, record: first.body.record });
  });

  it("should store a batch in order and say which records were new", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", callId: "call_1", content: INVOICE } });
    const batch = await call(url, "POST", "/v1/sessions/s1/evidence/batch", {
      body: {
        records: [
          { source: "get_invoice", callId: "call_1", content: INVOICE },
          { source: "get_customer", callId: "call_2", content: CUSTOMER },
          { source: "notes", content: "Paid by wire transfer.", format: "text", args: { q: "notes" } },
        ],
      },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.records.map((r: { added: boolean; record: { id: string } }) => [r.record.id, r.added])).toEqual([
      ["e1", false],
      ["e2", true],
      ["e3", true],
    ]);
    expect(batch.body.records[2].record).toMatchObject({ format: "text", args: { q: "notes" } });
    const repeat = await call(url, "POST", "/v1/sessions/s1/evidence/batch", {
      body: { records: [{ source: "get_customer", callId: "call_2", content: CUSTOMER }] },
    });
    expect(repeat.status).toBe(200);
  });

  it("should verify a draft: the wrong total contradicted with its correction, the country supported, the founding year unsupported", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence/batch", {
      body: {
        records: [
          { source: "get_invoice", content: INVOICE },
          { source: "get_customer", content: CUSTOMER },
        ],
      },
    });
    const r = await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: DRAFT } });
    expect(r.status).toBe(200);
    expect(r.body.verdicts.map((v: { verdict: string; corrections: Array<{ value: string }> }) => [v.verdict, v.corrections.map((c) => c.value)])).toEqual([
      ["contradicted", ["EUR 980"]],
      ["supported", []],
      ["unsupported", []],
    ]);
    expect(r.body).toMatchObject({ responseId: "r1", sessionId: "s1", decision: "rewrite", strictness: "balanced", evidenceCount: 2 });
    expect(r.body.output).toContain("EUR 980");
  });

  it("should apply the request's strictness and policy fields", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    const lenient = await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: "Invoice INV-7 totals EUR 890.", strictness: "lenient" } });
    expect([lenient.body.strictness, lenient.body.action, lenient.body.decision]).toEqual(["lenient", "annotate", "annotate"]);
    const blocking = await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft: "Invoice INV-7 totals EUR 890.", policy: { action: "block" } } });
    expect([blocking.body.strictness, blocking.body.action, blocking.body.decision]).toEqual(["balanced", "block", "block"]);
  });

  it("should guard: the text that may ship, or 422 with the stored report when the policy blocks", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    const ok = await call(url, "POST", "/v1/sessions/s1/guard", { body: { draft: "Invoice INV-7 totals EUR 980." } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ output: expect.stringContaining("Invoice INV-7 totals EUR 980"), responseId: "r1" });
    const blocked = await call(url, "POST", "/v1/sessions/s1/guard", { body: { draft: "Invoice INV-7 totals EUR 890.", strictness: "strict" } });
    expect(blocked.status).toBe(422);
    expect(blocked.body.error.code).toBe("answer_blocked");
    expect(blocked.body.error.message).toMatch(/blocked by the strict policy/);
    expect(blocked.body.report).toMatchObject({ responseId: "r2", decision: "block", output: null });
    const totals = await call(url, "GET", "/v1/sessions/s1/report");
    expect(totals.body.decisions).toMatchObject({ block: 1 });
  });

  it("should rewrite a draft to what the evidence supports", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    const r = await call(url, "POST", "/v1/sessions/s1/rewrite", {
      body: { draft: "Invoice INV-7 totals EUR 890. It was paid in 2019.", unsupported: "remove" },
    });
    expect(r.status).toBe(200);
    expect(r.body.text).toContain("EUR 980");
    expect(r.body.text).not.toContain("890");
    expect(r.body.text).not.toContain("2019");
    expect(r.body.report.decision).toBe("rewrite");
  });

  it("should give a session's totals with a page of its reports", async () => {
    const { url } = await serve({ store: open() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    for (const draft of ["Invoice INV-7 totals EUR 980.", "Invoice INV-7 totals EUR 890.", "The invoice is open."]) {
      await call(url, "POST", "/v1/sessions/s1/verify", { body: { draft } });
    }
    const page = await call(url, "GET", "/v1/sessions/s1/report?limit=2&offset=1");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ sessionId: "s1", responses: 3, evidenceCount: 1, limit: 2, offset: 1 });
    expect(page.body.claims).toEqual({ supported: 2, contradicted: 1, unsupported: 0, not_checkable: 0 });
    expect(page.body.groundingScore).toBeCloseTo(2 / 3);
    expect(page.body.reports.map((r: { responseId: string }) => r.responseId)).toEqual(["r2", "r3"]);
  });

  it("should page through a session's evidence in recording order", async () => {
    const { url } = await serve({ store: open() });
    const records = Array.from({ length: 5 }, (_, i) => ({ source: `tool_${i}`, content: { n: i } }));
    await call(url, "POST", "/v1/sessions/s1/evidence/batch", { body: { records } });
    const page = await call(url, "GET", "/v1/sessions/s1/evidence?limit=2&offset=3");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 3 });
    expect(page.body.evidence.map((e: { id: string; source: string }) => [e.id, e.source])).toEqual([
      ["e4", "tool_3"],
      ["e5", "tool_4"],
    ]);
  });

  it("should list sessions page by page, filtered by id", async () => {
    const { url } = await serve({ store: open() });
    for (const id of ["agent-a", "agent-b", "other-c"]) await call(url, "POST", `/v1/sessions/${id}/evidence`, { body: { source: "t", content: id } });
    const all = await call(url, "GET", "/v1/sessions?sort=oldest&limit=2");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(all.body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(["agent-a", "agent-b"]);
    const next = await call(url, "GET", "/v1/sessions?sort=oldest&limit=2&offset=2");
    expect(next.body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(["other-c"]);
    const found = await call(url, "GET", "/v1/sessions?search=AGENT");
    expect(found.body.total).toBe(2);
    expect(found.body.sessions[0]).toMatchObject({ evidenceCount: 1, responses: 0, groundingScore: null });
  });

  it("should answer the health probes without a token, and every other route only with one", async () => {
    const { url } = await serve({ store: open(), tokens: ["secret-token-1"] });
    expect(await call(url, "GET", "/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await call(url, "GET", "/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
    expect((await call(url, "GET", "/v1/openapi.json")).status).toBe(401);
    const doc = await call(url, "GET", "/v1/openapi.json", { token: "secret-token-1" });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
  });
});
