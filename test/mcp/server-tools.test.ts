/**
 * The firewall's MCP server through the SDK's own `Client` over the in-memory transport: every tool, the
 * resources, the policy, bad arguments, and one firewall session per client session.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { Firewall, MemoryStore, SqliteStore } from "../../src/index.js";
import { createFirewallMcpServer, type FirewallMcpServer } from "../../src/mcp/server.js";
import { tempDb } from "../store/helpers.js";

const INVOICE = { invoice_id: "INV-1042", customer: "Acme GmbH", status: "open", total: 1250.5, currency: "EUR", due_date: "2026-03-15" };

const open: Array<{ client: Client; mcp: FirewallMcpServer }> = [];

async function connect(fw: Firewall, sessionId?: string): Promise<{ client: Client; mcp: FirewallMcpServer }> {
  const mcp = createFirewallMcpServer({ firewall: fw, ...(sessionId ? { sessionId } : {}) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await mcp.server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  open.push({ client, mcp });
  return { client, mcp };
}

afterEach(async () => {
  for (const { client, mcp } of open.splice(0)) {
    await client.close();
    await mcp.close();
  }
});

type Structured = Record<string, any>;

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ structured: Structured; text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args })) as {
    structuredContent?: Structured;
    content: Array<{ type: string; text?: string }>;
    isError?: boolean;
  };
  return { structured: r.structuredContent ?? {}, text: r.content.map((c) => c.text ?? "").join("\n"), isError: r.isError === true };
}

describe("hfw MCP server tools", () => {
  it("should list the nine tools, each with an input and output schema, and send instructions", async () => {
    const { client } = await connect(new Firewall({ store: new MemoryStore() }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "explain_verdict",
        "get_policy",
        "list_evidence",
        "record_evidence",
        "reset_session",
        "rewrite_grounded",
        "set_policy",
        "verify_answer",
        "verify_claim",
      ].sort(),
    );
    for (const t of tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
      expect(t.description?.length).toBeGreaterThan(20);
    }
    expect(tools.find((t) => t.name === "verify_answer")!.inputSchema.required).toEqual(["draft"]);
    expect(client.getInstructions()).toMatch(/verify_answer/);
    expect(client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true }, resources: { listChanged: true } });
  });

  it("should record evidence, then contradict a wrong figure with its correction and evidence", async () => {
    const { client } = await connect(new Firewall({ store: new MemoryStore() }));
    const recorded = await call(client, "record_evidence", { source: "get_invoice", content: INVOICE, args: { invoice_id: "INV-1042" }, call_id: "call-1" });
    expect(recorded.isError).toBe(false);
    expect(recorded.structured).toMatchObject({ id: "e1", source: "get_invoice", callId: "call-1", format: "json" });

    const r = await call(client, "verify_answer", { draft: "Invoice INV-1042 for Acme GmbH totals EUR 1,520.50 and is due on 15 March 2026." });
    expect(r.isError).toBe(false);
    const claims = r.structured.claims as Structured[];
    const wrong = claims.find((c) => c.verdict === "contradicted");
    expect(wrong?.corrections[0]).toMatchObject({ wrong: "EUR 1,520.50", value: "EUR 1,250.50", source: "get_invoice" });
    expect(claims.every((c) => c.verdict !== "contradicted" || c === wrong)).toBe(true);
    expect(r.structured.decision).toBe("rewrite");
    expect(r.structured.output).toContain("1,250.50");
    expect(r.text).toMatch(/correction: EUR 1,520.50 → EUR 1,250.50/);

    const explained = await call(client, "explain_verdict", { claim_id: wrong!.id });
    expect(explained.structured.claim).toMatchObject({ id: wrong!.id, verdict: "contradicted" });
    expect(explained.text).toMatch(/Evidence says EUR 1,250.50/);
  });

  it("should check one claim, rewrite a draft, and follow the policy set for the session", async () => {
    const { client } = await connect(new Firewall({ store: new MemoryStore() }));
    await call(client, "record_evidence", { source: "get_invoice", content: JSON.stringify(INVOICE) });

    const one = await call(client, "verify_claim", { claim: "Invoice INV-1042 is due on 15 March 2026." });
    expect(one.structured.verdict).toBe("supported");

    const rewritten = await call(client, "rewrite_grounded", { draft: "Invoice INV-1042 totals EUR 1,520.50." });
    expect(rewritten.structured.text).toContain("1,250.50");
    expect(rewritten.structured.report.decision).toBe("rewrite");

    expect((await call(client, "get_policy")).structured).toMatchObject({ strictness: "balanced", action: "rewrite" });
    const strict = await call(client, "set_policy", { strictness: "strict" });
    expect(strict.structured).toMatchObject({ strictness: "strict", action: "block" });
    const blocked = await call(client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,520.50." });
    expect(blocked.structured.decision).toBe("block");
    expect(blocked.structured.output).toBeNull();
    expect(blocked.text).toMatch(/Do not send this answer/);

    // A field override keeps the preset; a call's own strictness wins for that call only.
    expect((await call(client, "set_policy", { action: "annotate" })).structured).toMatchObject({ strictness: "strict", action: "annotate" });
    expect((await call(client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,520.50.", strictness: "lenient" })).structured.decision).toBe(
      "annotate",
    );
    expect((await call(client, "get_policy")).structured).toMatchObject({ strictness: "strict", action: "annotate" });
  });

  it("should list evidence, newest last or best match first, and reset the session", async () => {
    const { client } = await connect(new Firewall({ store: new MemoryStore() }));
    await call(client, "record_evidence", { source: "get_invoice", content: INVOICE });
    await call(client, "record_evidence", { source: "weather", content: "Rain in Lisbon tomorrow, 14 °C." });
    const all = await call(client, "list_evidence");
    expect(all.structured.total).toBe(2);
    expect(all.structured.evidence.map((e: Structured) => e.source)).toEqual(["get_invoice", "weather"]);
    const found = await call(client, "list_evidence", { query: "Lisbon rain", limit: 1 });
    expect(found.structured.evidence.map((e: Structured) => e.source)).toEqual(["weather"]);

    expect((await call(client, "reset_session")).structured.reset).toBe(true);
    expect((await call(client, "list_evidence")).structured.total).toBe(0);
    const after = await call(client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,250.50." });
    expect(after.structured.counts.supported).toBe(0);
  });

  it("should answer bad arguments and unknown claims with an error result, not a protocol error", async () => {
    const { client } = await connect(new Firewall({ store: new MemoryStore() }));
    const missing = await call(client, "verify_answer", {});
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/Invalid arguments for verify_answer.*draft/s);
    expect((await call(client, "set_policy", { strictness: "paranoid" })).isError).toBe(true);
    const unknownKey = await call(client, "set_policy", { preset: "strict" });
    expect(unknownKey.isError).toBe(true);
    expect(unknownKey.text).toMatch(/preset/);
    const unknown = await call(client, "explain_verdict", { claim_id: "r9.c9" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/No claim 'r9.c9'/);
    const binary = await call(client, "record_evidence", { source: "x", content: "a\u0000b" });
    expect(binary.isError).toBe(true);
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/^MCP error -32602: Unknown tool 'no_such_tool'/);
  });
});

describe("hfw MCP server resources and sessions", () => {
  it("should serve the session's ledger and report, and say when they change", async () => {
    const { client, mcp } = await connect(new Firewall({ store: new MemoryStore() }), "mcp-res");
    let changes = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changes++;
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(["ledger://session/{id}", "report://session/{id}"]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["ledger://session/mcp-res", "report://session/mcp-res"]);

    await call(client, "record_evidence", { source: "get_invoice", content: INVOICE, call_id: "c1" });
    await call(client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,520.50." });
    await expect.poll(() => changes).toBeGreaterThanOrEqual(2);

    const ledger = JSON.parse(((await client.readResource({ uri: "ledger://session/mcp-res" })).contents[0] as { text: string }).text);
    expect(ledger.evidence).toHaveLength(1);
    expect(ledger.evidence[0]).toMatchObject({ source: "get_invoice", callId: "c1", content: INVOICE });
    const report = JSON.parse(((await client.readResource({ uri: "report://session/mcp-res" })).contents[0] as { text: string }).text);
    expect(report.session).toMatchObject({ sessionId: "mcp-res", responses: 1 });
    expect(report.reports[0].verdicts.some((v: Structured) => v.verdict === "contradicted")).toBe(true);

    await expect(client.readResource({ uri: "report://session/nobody" })).rejects.toThrow(/can read only its own resources \(report:\/\/session\/mcp-res\)/);
    await expect(client.readResource({ uri: "report://session/nobody" })).rejects.toThrow(/^MCP error -32002: This client/);
    await expect(client.readResource({ uri: "file:///etc/passwd" })).rejects.toThrow(/Unknown resource/);
    expect(mcp.state.sessionId).toBe("mcp-res");
  });

  it("should keep each client session's evidence apart, in one shared store", async () => {
    const path = tempDb();
    const store = new SqliteStore({ path });
    const fw = new Firewall({ store });
    const a = await connect(fw);
    const b = await connect(fw);
    expect(a.mcp.state.sessionId).not.toBe(b.mcp.state.sessionId);
    await call(a.client, "record_evidence", { source: "get_invoice", content: INVOICE });
    const inA = await call(a.client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,250.50." });
    const inB = await call(b.client, "verify_answer", { draft: "Invoice INV-1042 totals EUR 1,250.50." });
    expect(inA.structured.counts.supported).toBe(1);
    expect(inB.structured.counts.supported).toBe(0);
    const stored = new SqliteStore({ path });
    const sessions = stored.listSessions().map((s) => s.sessionId);
    expect(sessions).toEqual(expect.arrayContaining([a.mcp.state.sessionId, b.mcp.state.sessionId]));
    expect(stored.listEvidence(a.mcp.state.sessionId)).toHaveLength(1);
    expect(stored.listReports(b.mcp.state.sessionId)).toHaveLength(1);
    stored.close();
  });
});

describe("hfw MCP server lifetime", () => {
  it("should free a closed client session's memory and reload it from the store", async () => {
    const fw = new Firewall({ store: new MemoryStore() });
    const { client, mcp } = await connect(fw, "mcp-life");
    await call(client, "record_evidence", { source: "get_invoice", content: INVOICE });
    expect(fw.sessionIds()).toContain("mcp-life");
    await client.close();
    await mcp.close();
    expect(fw.sessionIds()).not.toContain("mcp-life");
    const reopened = fw.session("mcp-life");
    expect(reopened.ledger.records).toHaveLength(0); // loaded lazily, on the next sync
    await reopened.sync();
    expect(reopened.ledger.records).toHaveLength(1);
  });
});
