/**
 * End to end: an agent loop, scripted through the SDK's own `Client`, talks to the built `hfw mcp --proxy`
 * over stdio. It calls a proxied tool of the real example billing server, drafts an answer with a wrong figure,
 * calls verify_answer and gets the correction; the session, its evidence (with the call id) and its report are
 * in the store the dashboard reads.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeAll, describe, expect, it } from "vitest";
import { browserOf, SqliteStore } from "../../src/index.js";
import { assertBuilt, exampleServer } from "./helpers.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

type Structured = Record<string, any>;

beforeAll(assertBuilt);

describe("an agent loop through hfw mcp --proxy", () => {
  it("should record the proxied result, correct the wrong figure, and keep the session in the store", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hfw-mcp-e2e-"));
    const db = join(dir, "hfw.db");
    const downstream = join(dir, "downstream.json");
    writeFileSync(downstream, JSON.stringify({ mcpServers: { billing: { command: process.execPath, args: [exampleServer] } } }));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, "mcp", "--proxy", downstream, "--db", db, "--session", "agent-1"],
      stderr: "pipe",
    });
    const client = new Client({ name: "scripted-agent", version: "1.0.0" });
    await client.connect(transport);
    try {
      // 1. The agent sees the proxied tools beside the firewall's, and calls one.
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["billing__get_invoice", "billing__list_payments", "verify_answer"]));
      const invoice = (await client.callTool({ name: "billing__get_invoice", arguments: { invoice_id: "INV-2041" } })) as { structuredContent: Structured };
      expect(invoice.structuredContent).toMatchObject({ invoice_id: "INV-2041", total: 4213.5, status: "overdue" });

      // 2. It drafts an answer with a wrong total, and verifies it before sending.
      const draft = "Invoice INV-2041 for Lindqvist Bakery AB totals EUR 4,231.50. It was due on 31 October 2026.";
      const verified = (await client.callTool({ name: "verify_answer", arguments: { draft } })) as { structuredContent: Structured };
      const report = verified.structuredContent;
      const wrong = report.claims.filter((c: Structured) => c.verdict === "contradicted");
      expect(wrong).toHaveLength(1);
      expect(wrong[0].corrections[0]).toMatchObject({ wrong: "EUR 4,231.50", value: "EUR 4,213.50", source: "billing__get_invoice" });
      expect(report.claims.find((c: Structured) => c.text.includes("31 October"))?.verdict).toBe("supported");
      expect(report.output).toContain("EUR 4,213.50");

      // 3. The fixed answer passes.
      const fixed = (await client.callTool({ name: "verify_answer", arguments: { draft: report.output.replace(/\s*\[\d+\]/g, "") } })) as {
        structuredContent: Structured;
      };
      expect(fixed.structuredContent.counts.contradicted).toBe(0);
    } finally {
      await client.close();
    }

    // 4. The session is in the store: the evidence with its call id and arguments, and both reports.
    const store = new SqliteStore({ path: db });
    const evidence = store.listEvidence("agent-1");
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ source: "billing__get_invoice", args: { invoice_id: "INV-2041" } });
    expect(evidence[0]!.callId).toMatch(/^[0-9a-f]{6}-\d+$/);
    expect(browserOf(store).getSession("agent-1")).toMatchObject({ responses: 2, evidenceCount: 1 });
    store.close();
  }, 60_000);
});
