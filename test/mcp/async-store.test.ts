/**
 * The firewall's MCP server over an asynchronous store (the SQLite store's async view, as a PostgreSQL store
 * is used): proxied results and record_evidence are stored before the client gets its answer, the session
 * tools and resources read the store asynchronously, and a fail-closed firewall refuses to verify a session
 * whose chain was changed.
 */
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asAsyncStore, type AsyncStore, Firewall, SqliteStore } from "../../src/index.js";
import { DownstreamPool } from "../../src/mcp/proxy.js";
import { createFirewallMcpServer, type FirewallMcpServer } from "../../src/mcp/server.js";
import { tempDb } from "../store/helpers.js";
import { assertBuilt, billingServer } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
const INVOICE = { invoice_id: "INV-1042", customer: "Acme GmbH", status: "open", total: 1250.5, currency: "EUR", due_date: "2026-03-15" };

let path: string;
let sqlite: SqliteStore;
let store: AsyncStore;
let pool: DownstreamPool;
const open: Array<{ client: Client; mcp: FirewallMcpServer }> = [];

async function connect(fw: Firewall, sessionId: string): Promise<Client> {
  const mcp = createFirewallMcpServer({ firewall: fw, sessionId, tools: pool });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await mcp.server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  open.push({ client, mcp });
  return client;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ structured: Record<string, any>; text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args })) as {
    structuredContent?: Record<string, any>;
    content: Array<{ text?: string }>;
    isError?: boolean;
  };
  return { structured: r.structuredContent ?? {}, text: r.content.map((c) => c.text ?? "").join("\n"), isError: r.isError === true };
}

async function resource(client: Client, uri: string): Promise<any> {
  return JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
}

beforeAll(async () => {
  assertBuilt();
  path = tempDb();
  sqlite = new SqliteStore(path);
  store = asAsyncStore(sqlite);
  pool = await DownstreamPool.start({ servers: { billing: billingServer() } }, { log: () => undefined });
}, 30_000);

afterAll(async () => {
  for (const { client, mcp } of open) {
    await client.close();
    await mcp.close();
  }
  await pool?.close();
  sqlite?.close();
});

describe("the MCP server over an asynchronous store", () => {
  it("should store proxied and recorded evidence before answering, and verify, explain, list and reset with it", async () => {
    const client = await connect(new Firewall({ store }), "async-1");
    await client.callTool({ name: "billing__get_invoice", arguments: { invoice_id: "INV-2041" } });
    expect((await store.listEvidence("async-1")).map((e) => e.source)).toEqual(["billing__get_invoice"]);
    const recorded = await call(client, "record_evidence", { source: "get_invoice", content: INVOICE, call_id: "c1" });
    expect(recorded.structured).toMatchObject({ id: "e2", source: "get_invoice" });
    expect((await store.listEvidence("async-1")).map((e) => e.id)).toEqual(["e1", "e2"]);

    const listed = await call(client, "list_evidence", { query: "INV-1042" });
    expect(listed.structured.evidence[0]).toMatchObject({ id: "e2" });
    const verified = await call(client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,520.50." });
    expect(verified.structured.counts.contradicted).toBe(1);
    const explained = await call(client, "explain_verdict", { claim_id: verified.structured.claims[0].id });
    expect(explained.text).toContain("contradicted");

    expect((await resource(client, "ledger://session/async-1")).evidence.map((e: { id: string }) => e.id)).toEqual(["e1", "e2"]);
    expect((await resource(client, "report://session/async-1")).session).toMatchObject({ sessionId: "async-1", responses: 1, evidenceCount: 2 });

    await call(client, "reset_session");
    expect(await store.listEvidence("async-1")).toEqual([]);
    expect((await call(client, "list_evidence")).structured.total).toBe(0);
  });

  it("should read the resources of a session that has recorded nothing yet", async () => {
    const client = await connect(new Firewall({ store }), "async-empty");
    expect(await resource(client, "report://session/async-empty")).toMatchObject({ session: { sessionId: "async-empty", responses: 0 }, reports: [] });
  });

  it("should refuse to verify, as a tool error saying what to do, when fail-closed and the chain was changed", async () => {
    const first = await connect(new Firewall({ store, audit: "fail-closed" }), "async-audit");
    await call(first, "record_evidence", { source: "get_invoice", content: INVOICE });
    expect((await call(first, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,250.50." })).isError).toBe(false);
    const raw = new Database(path);
    raw.prepare("UPDATE evidence SET content = replace(content, '1250.5', '1520.5') WHERE session_id = 'async-audit'").run();
    raw.close();
    // Another server process opens the session: its first verify audits the whole chain.
    const next = await connect(new Firewall({ store, audit: "fail-closed" }), "async-audit");
    const refused = await call(next, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,520.50." });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/does not verify at link 1 \(evidence e1\), edited: .*hfw audit verify --db <this store> --session async-audit/);
    expect(await store.listReports("async-audit")).toHaveLength(1);
  });
});
