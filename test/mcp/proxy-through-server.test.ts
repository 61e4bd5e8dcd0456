/**
 * The proxy behind the firewall's MCP server, as a client sees it: a downstream error result and a downstream
 * protocol error (a timeout) reach the client as they came, once, and neither is recorded.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Firewall, MemoryStore } from "../../src/index.js";
import { DownstreamPool } from "../../src/mcp/proxy.js";
import { createFirewallMcpServer, type FirewallMcpServer } from "../../src/mcp/server.js";
import { assertBuilt, billingServer } from "./helpers.js";

let pool: DownstreamPool;
let mcp: FirewallMcpServer;
let client: Client;

beforeAll(async () => {
  assertBuilt();
  pool = await DownstreamPool.start({ servers: { billing: billingServer() } }, { timeoutMs: 500, log: () => undefined });
  mcp = createFirewallMcpServer({ firewall: new Firewall({ store: new MemoryStore() }), sessionId: "through", tools: pool });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await mcp.server.connect(a);
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await mcp?.close();
  await pool?.close();
});

describe("the proxy behind the firewall's MCP server", () => {
  it("should pass a downstream error result through untouched, and not record it", async () => {
    const result = (await client.callTool({ name: "billing__always_fails", arguments: {} })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(result.isError).toBe(true);
    expect(mcp.state.session().ledger.records).toHaveLength(0);
  });

  it("should pass a downstream timeout through as the same protocol error, said once", async () => {
    const error = await client.callTool({ name: "billing__slow", arguments: { ms: 30_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    expect((error as McpError).message).toMatch(/^MCP error -32001: (?!MCP error)/);
    expect(mcp.state.session().ledger.records).toHaveLength(0);
  }, 30_000);

  it("should record a successful proxied result in the client's session", async () => {
    await client.callTool({ name: "billing__get_invoice", arguments: { invoice_id: "INV-2041" } });
    expect(mcp.state.session().ledger.records.map((r) => r.source)).toEqual(["billing__get_invoice"]);
  });
});
