/**
 * `hfw mcp` over its real transports, driven by the SDK's own `Client`: stdio against the built CLI, and
 * Streamable HTTP on loopback (token auth, one firewall session per MCP session, all in one store).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { Firewall, SqliteStore } from "../../src/index.js";
import { type RunningMcpHttp, startMcpHttp } from "../../src/mcp/http.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");
const INVOICE = { invoice_id: "INV-7", customer: "Acme GmbH", status: "open", total: 980, currency: "EUR" };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempPath(name: string): string {
  return join(mkdtempSync(join(tmpdir(), "hfw-mcp-")), name);
}

type Structured = Record<string, any>;
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Structured> {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: unknown };
  if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
  return r.structuredContent!;
}

describe("hfw mcp over stdio", () => {
  it("should serve the built CLI's tools to the SDK client and keep the session in the --db store", async () => {
    const db = tempPath("hfw.db");
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--db", db, "--session", "stdio-1"], stderr: "pipe" });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    cleanups.push(() => client.close());

    expect((await client.listTools()).tools).toHaveLength(9);
    await call(client, "record_evidence", { source: "get_invoice", content: INVOICE });
    const report = await call(client, "verify_answer", { draft: "Invoice INV-7 totals EUR 890." });
    expect(report.claims[0]).toMatchObject({ verdict: "contradicted", corrections: [{ wrong: "EUR 890", value: "EUR 980" }] });
    await client.close();

    const store = new SqliteStore({ path: db });
    expect(store.listEvidence("stdio-1")).toHaveLength(1);
    expect(store.listReports("stdio-1")).toHaveLength(1);
    store.close();
  }, 30_000);

  it("should exit with a clear message for a bad flag", async () => {
    const { spawnSync } = await import("node:child_process");
    const r = spawnSync(process.execPath, [cli, "mcp", "--strictness", "paranoid"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--strictness \(or HFW_STRICTNESS\) must be lenient, balanced or strict/);
    expect(r.stdout).toBe("");
  });
});

describe("hfw mcp over Streamable HTTP", () => {
  async function serve(token?: string): Promise<{ running: RunningMcpHttp; store: SqliteStore; db: string }> {
    const db = tempPath("hfw.db");
    const store = new SqliteStore({ path: db });
    const running = await startMcpHttp({ firewall: new Firewall({ store }), port: 0, ...(token ? { token } : {}) });
    cleanups.push(async () => {
      await running.close();
      store.close();
    });
    return { running, store, db };
  }

  async function connect(url: string, token?: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    cleanups.push(() => client.close());
    return client;
  }

  it("should give each MCP session its own firewall session in the shared store", async () => {
    const { running, store } = await serve();
    const a = await connect(running.url);
    const b = await connect(running.url);
    await call(a, "record_evidence", { source: "get_invoice", content: INVOICE });
    expect((await call(a, "verify_answer", { draft: "Invoice INV-7 totals EUR 980." })).counts.supported).toBe(1);
    expect((await call(b, "verify_answer", { draft: "Invoice INV-7 totals EUR 980." })).counts.supported).toBe(0);
    expect(running.sessions.size).toBe(2);
    const ids = [...running.sessions.values()].map((s) => s.state.sessionId);
    for (const id of ids) expect(id).toMatch(/^mcp-[0-9a-f-]{36}$/);
    const stored = store.listSessions().map((s) => s.sessionId);
    expect(stored).toEqual(expect.arrayContaining(ids));
    const { resources } = await a.listResources();
    expect(resources[0]!.uri).toMatch(/^ledger:\/\/session\/mcp-/);
    // B cannot read A's ledger.
    await expect(b.readResource({ uri: resources[0]!.uri })).rejects.toThrow(/can read only its own resources/);
  }, 30_000);

  it("should refuse a client without the token, and serve one with it", async () => {
    const { running } = await serve("s3cret-token");
    const denied = await fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(denied.status).toBe(401);
    await expect(connect(running.url)).rejects.toThrow();
    const client = await connect(running.url, "s3cret-token");
    expect((await client.listTools()).tools.length).toBe(9);
  }, 30_000);

  it("should refuse requests without a session, and a non-loopback Host header", async () => {
    const { running } = await serve();
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const list = await fetch(running.url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(list.status).toBe(400);
    const stale = await fetch(running.url, { method: "POST", headers: { ...headers, "mcp-session-id": "nope" }, body: "{}" });
    expect(stale.status).toBe(404);
    // fetch cannot set Host: a DNS-rebinding page's request, sent by node:http.
    const { request } = await import("node:http");
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(running.url, { method: "POST", headers: { ...headers, host: "evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.once("error", reject);
      req.end("{}");
    });
    expect(status).toBe(421);
  });
});

describe("the package's ./mcp entry point", () => {
  it("should export the server from the built package by its name", async () => {
    const { execFileSync } = await import("node:child_process");
    const keys = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'const m = await import("hallucination-firewall/mcp"); console.log(Object.keys(m).join(","))'],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(keys.trim().split(",")).toEqual(expect.arrayContaining(["createFirewallMcpServer", "startMcpHttp", "ToolRegistry"]));
  });
});
