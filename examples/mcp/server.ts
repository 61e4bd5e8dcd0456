/**
 * An example MCP server for a billing domain: invoices and payments, answered from fixed data
 * (`billing-data.ts`) as `structuredContent` checked by an `outputSchema`, and as a JSON text block for
 * clients that read only text.
 *
 *   node dist/examples/mcp/server.js                      # stdio
 *   node dist/examples/mcp/server.js --http --port 8931   # Streamable HTTP on http://127.0.0.1:8931/mcp
 *
 * With `HFW_EXAMPLE_TEST_TOOLS=1` it also offers the tools the proxy's tests need (see `test-tools.ts`).
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { parseArgs } from "node:util";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { INVOICES, PAYMENTS } from "./billing-data.js";
import { breakMarkedResults, registerTestTools } from "./test-tools.js";

const LineItemSchema = z.object({ description: z.string(), quantity: z.number(), unit_price: z.number(), amount: z.number() });

const InvoiceShape = {
  invoice_id: z.string(),
  customer: z.string(),
  status: z.enum(["paid", "open", "overdue", "disputed", "void"]),
  total: z.number().describe("Sum of the line items' amounts, in `currency`"),
  currency: z.string().describe("ISO 4217 code"),
  issued: z.string().describe("ISO date"),
  due_date: z.string().describe("ISO date"),
  line_items: z.array(LineItemSchema),
};

const PaymentSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  customer: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(["succeeded", "pending", "failed", "refunded"]),
  created: z.string().describe("ISO date"),
});

/** A result carrying `value` twice: as structured content and as its JSON text. */
function json(value: Record<string, unknown>): CallToolResult {
  return { structuredContent: value, content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/** A new server with the billing tools (and the test tools when `HFW_EXAMPLE_TEST_TOOLS=1`). */
function createBillingServer(): McpServer {
  const server = new McpServer({ name: "hfw-example-billing", version: "1.0.0" });

  server.registerTool(
    "get_invoice",
    {
      title: "Get invoice",
      description: "One invoice by id (e.g. INV-2041): customer, status, total, currency, due date and line items.",
      inputSchema: { invoice_id: z.string().describe("Invoice id, e.g. INV-2041") },
      outputSchema: InvoiceShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ invoice_id }) => {
      const found = INVOICES.find((inv) => inv.invoice_id === invoice_id.trim().toUpperCase());
      if (!found) {
        const known = INVOICES.map((inv) => inv.invoice_id).join(", ");
        return { isError: true, content: [{ type: "text", text: `No invoice '${invoice_id}'. Known invoices: ${known}.` }] };
      }
      return json({ ...found });
    },
  );

  server.registerTool(
    "list_payments",
    {
      title: "List payments",
      description: "Payments received, newest last, optionally for one customer (matched case-insensitively).",
      inputSchema: { customer: z.string().optional().describe("Customer name, or part of it") },
      outputSchema: { payments: z.array(PaymentSchema), count: z.number() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ customer }) => {
      const needle = customer?.trim().toLowerCase();
      const payments = PAYMENTS.filter((p) => !needle || p.customer.toLowerCase().includes(needle));
      return json({ payments, count: payments.length });
    },
  );

  if (process.env.HFW_EXAMPLE_TEST_TOOLS === "1") registerTestTools(server);
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  return body ? (JSON.parse(body) as unknown) : undefined;
}

/** Streamable HTTP on 127.0.0.1, one server and transport per MCP session (the SDK's stateful pattern). */
function serveHttp(port: number): void {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req, res) => {
    try {
      if (!req.url?.startsWith("/mcp")) {
        res.writeHead(404).end("Not found: the MCP endpoint is /mcp\n");
        return;
      }
      const body = req.method === "POST" ? await readJson(req) : undefined;
      const sessionId = req.headers["mcp-session-id"];
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId !== undefined || !isInitializeRequest(body)) {
          res.writeHead(sessionId === undefined ? 400 : 404, { "content-type": "application/json" });
          res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "No such session: initialize first" }, id: null }));
          return;
        }
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, created);
          },
        });
        created.onclose = () => {
          if (created.sessionId) sessions.delete(created.sessionId);
        };
        breakMarkedResults(created);
        await createBillingServer().connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      console.error("example billing server:", error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  http.listen(port, "127.0.0.1", () => {
    const address = http.address();
    const bound = typeof address === "object" && address ? address.port : port;
    // Tests read this line to learn the port when started with --port 0.
    console.error(`example billing server listening on http://127.0.0.1:${bound}/mcp`);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { http: { type: "boolean" }, port: { type: "string" } } });
  if (values.http) {
    const port = Number(values.port ?? 8931);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (0-65535), got '${values.port}'`);
    serveHttp(port);
    return;
  }
  const transport = new StdioServerTransport();
  breakMarkedResults(transport);
  await createBillingServer().connect(transport);
}

main().catch((error: unknown) => {
  console.error("example billing server:", error instanceof Error ? error.message : error);
  process.exit(1);
});
