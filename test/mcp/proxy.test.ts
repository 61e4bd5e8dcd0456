/**
 * The recording proxy against the real example billing server (built to dist/examples/mcp/server.js) over
 * stdio: what it lists, what it records, and how it answers when the downstream server errs, is slow, sends a
 * malformed or huge result, or exits.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Firewall, type Session } from "../../src/index.js";
import { DownstreamPool, evidenceOf } from "../../src/mcp/proxy.js";
import type { RegisteredTool } from "../../src/mcp/tool-registry.js";
import { assertBuilt, billingServer, callContext, eventually, exampleServer, stdioConfig } from "./helpers.js";

const LONG = 60_000;

function toolOf(pool: DownstreamPool, session: Session, name: string): RegisteredTool {
  const tool = pool.toolsFor((input) => session.record(input)).find((t) => t.definition.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("DownstreamPool over stdio", () => {
  let pool: DownstreamPool;
  const logs: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    pool = await DownstreamPool.start(stdioConfig("billing", "ledger"), { log: (m) => logs.push(m), timeoutMs: 20_000 });
  }, LONG);
  afterAll(() => pool?.close());

  it("should list each server's tools as <server>__<tool> with their schemas, annotations and title as the server gave them", async () => {
    const direct = new Client({ name: "direct", version: "1" });
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [exampleServer], env: { HFW_EXAMPLE_TEST_TOOLS: "1" } }));
    try {
      const { tools } = await direct.listTools();
      const proxied = pool.toolsFor(() => undefined).map((t) => t.definition);
      expect(proxied.map((t) => t.name)).toEqual([...tools.map((t) => `billing__${t.name}`), ...tools.map((t) => `ledger__${t.name}`)]);
      const invoice = tools.find((t) => t.name === "get_invoice")!;
      expect(proxied.find((t) => t.name === "billing__get_invoice")).toEqual({ ...invoice, name: "billing__get_invoice" });
      expect(invoice.outputSchema).toBeDefined();
      expect(invoice.annotations?.readOnlyHint).toBe(true);
      expect(invoice.title).toBe("Get invoice");
    } finally {
      await direct.close();
    }
  });

  it("should record a structured result whole, with the call's id, source and arguments", async () => {
    const session = new Firewall().session("s");
    const context = callContext();
    const result = await toolOf(pool, session, "billing__get_invoice").call({ invoice_id: "INV-2041" }, context);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ invoice_id: "INV-2041", status: "overdue", total: 4213.5, currency: "EUR", due_date: "2026-10-31" });
    expect(session.ledger.records).toHaveLength(1);
    const record = session.ledger.records[0]!;
    expect(record).toMatchObject({ source: "billing__get_invoice", callId: context.requestId, args: { invoice_id: "INV-2041" } });
    expect(record.content).toEqual(result.structuredContent);
    expect(record.text).toContain("4213.5");
  });

  it("should let the firewall verify a draft against what the proxy recorded", async () => {
    const session = new Firewall().session("verify");
    await toolOf(pool, session, "billing__get_invoice").call({ invoice_id: "INV-2043" }, callContext());
    const report = await session.verify("Invoice INV-2043 for Kallio Dental Oy totals 12,640 EUR and is due on 2026-12-02.");
    expect(report.verdicts.some((v) => v.verdict === "supported")).toBe(true);
    expect(report.verdicts.some((v) => v.verdict === "contradicted")).toBe(false);
  });

  it("should record two calls of one tool as two records, and the same call id once", async () => {
    const session = new Firewall().session("twice");
    const tool = toolOf(pool, session, "billing__list_payments");
    const first = callContext();
    await tool.call({ customer: "Lindqvist" }, first);
    await tool.call({}, callContext());
    await tool.call({ customer: "Lindqvist" }, first);
    expect(session.ledger.records.map((r) => r.callId)).toEqual([first.requestId, expect.any(String)]);
    expect(session.ledger.records[0]!.content).toMatchObject({ count: 2 });
  });

  it("should pass an isError result through untouched and not record it", async () => {
    const session = new Firewall().session("err");
    const result = await toolOf(pool, session, "billing__always_fails").call({ reason: "nightly batch" }, callContext());
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "Billing backend unavailable: nightly batch" }] });
    const missing = await toolOf(pool, session, "billing__get_invoice").call({ invoice_id: "INV-9999" }, callContext());
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("No invoice 'INV-9999'");
    expect(session.ledger.records).toHaveLength(0);
  });

  it("should record the text blocks and embedded text resources of a result, not its images", async () => {
    const session = new Firewall().session("mixed");
    const result = await toolOf(pool, session, "billing__mixed_content").call({}, callContext());
    expect(result.content.map((b) => b.type)).toEqual(["text", "resource", "image"]);
    expect(session.ledger.records[0]!.content).toBe("Statement for Kallio Dental Oy: balance 12640 EUR.\n\nLast payment: 2675.80 EUR on 2026-11-12.");
  });

  it(
    "should record a 5 MiB result whole",
    async () => {
      const session = new Firewall().session("large");
      const result = await toolOf(pool, session, "billing__large_result").call({ megabytes: 5 }, callContext());
      const text = textOf(result);
      expect(text.length).toBe(5 * 1024 * 1024);
      const record = session.ledger.records[0]!;
      expect(record.content).toBe(text);
      expect(record.bytes).toBe(5 * 1024 * 1024);
      expect(record.text.endsWith(text.slice(-200))).toBe(true);
    },
    LONG,
  );

  it("should turn a malformed result into a clear isError result and record nothing", async () => {
    const session = new Firewall().session("malformed");
    const result = await toolOf(pool, session, "billing__malformed_result").call({}, callContext());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/'billing' answered 'billing__malformed_result' with a malformed result \(content: .*expected array/);
    expect(session.ledger.records).toHaveLength(0);
    // The connection is still usable.
    expect((await toolOf(pool, session, "billing__get_invoice").call({ invoice_id: "INV-2042" }, callContext())).isError).toBeFalsy();
  });

  it("should return the result and log when it cannot be recorded (binary-looking text)", async () => {
    const session = new Firewall().session("binary");
    const result = await toolOf(pool, session, "billing__binary_text").call({}, callContext());
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("archive bytes");
    expect(session.ledger.records).toHaveLength(0);
    expect(logs.some((m) => m.includes("'billing__binary_text'") && m.includes("not recorded") && m.includes("binary"))).toBe(true);
  });

  it("should relay the downstream server's progress to the caller", async () => {
    const session = new Firewall().session("progress");
    const context = callContext({ withProgress: true });
    const result = await toolOf(pool, session, "billing__slow").call({ ms: 300, steps: 3 }, context);
    expect(textOf(result)).toBe("Waited 300 ms in 3 steps.");
    // The SDK handles a notification a microtask after the response read with it, so the last step's progress
    // may arrive after the call has ended: the first two are certain.
    expect(context.progress.slice(0, 2)).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
    ]);
    expect(session.ledger.records).toHaveLength(1);
  });

  it(
    "should let progress extend a call past its timeout",
    async () => {
      const short = await DownstreamPool.start({ servers: { billing: billingServer() } }, { timeoutMs: 1_000, log: () => undefined });
      try {
        const session = new Firewall().session("reset");
        const result = await toolOf(short, session, "billing__slow").call({ ms: 2_500, steps: 25 }, callContext());
        expect(textOf(result)).toBe("Waited 2500 ms in 25 steps.");
      } finally {
        await short.close();
      }
    },
    LONG,
  );

  it(
    "should time out a silent slow call with the SDK's RequestTimeout error, record nothing, and cancel it downstream",
    async () => {
      const short = await DownstreamPool.start({ servers: { billing: billingServer() } }, { timeoutMs: 500, log: () => undefined });
      try {
        const session = new Firewall().session("timeout");
        const slow = toolOf(short, session, "billing__slow");
        const error = await slow.call({ ms: 30_000 }, callContext()).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
        expect(session.ledger.records).toHaveLength(0);
        const log = toolOf(short, session, "billing__slow_log");
        const calls = await eventually(async () => {
          const { calls } = JSON.parse(textOf(await log.call({}, callContext()))) as {
            calls: Array<{ requested_ms: number; outcome: string; elapsed_ms: number }>;
          };
          return calls.find((c) => c.requested_ms === 30_000 && c.outcome === "aborted") ? calls : undefined;
        });
        expect(calls.find((c) => c.requested_ms === 30_000)!.elapsed_ms).toBeLessThan(30_000);
      } finally {
        await short.close();
      }
    },
    LONG,
  );

  it(
    "should forward the caller's cancellation to the downstream server",
    async () => {
      const session = new Firewall().session("cancel");
      const controller = new AbortController();
      const context = callContext({ signal: controller.signal, withProgress: true });
      const sendProgress = context.sendProgress;
      // Cancel once the server shows it is running (its first progress notification).
      context.sendProgress = async (p) => {
        await sendProgress(p);
        controller.abort(new Error("user pressed stop"));
      };
      const error = await toolOf(pool, session, "billing__slow")
        .call({ ms: 40_000, steps: 200 }, context)
        .catch((e: unknown) => e);
      expect((error as Error).message).toBe("user pressed stop");
      expect(session.ledger.records).toHaveLength(0);
      const log = toolOf(pool, session, "billing__slow_log");
      const aborted = await eventually(async () => {
        const { calls } = JSON.parse(textOf(await log.call({}, callContext()))) as {
          calls: Array<{ requested_ms: number; outcome: string; elapsed_ms: number }>;
        };
        return calls.find((c) => c.requested_ms === 40_000 && c.outcome === "aborted");
      });
      expect(aborted.elapsed_ms).toBeLessThan(40_000);
    },
    LONG,
  );

  it("should follow a server's tools/list_changed: new tools are listed and listeners told", async () => {
    const session = new Firewall().session("changed");
    let changes = 0;
    const stop = pool.onChange(() => changes++);
    try {
      expect(pool.toolsFor(() => undefined).some((t) => t.definition.name === "ledger__echo")).toBe(false);
      await toolOf(pool, session, "ledger__add_tool").call({}, callContext());
      await eventually(() => (pool.toolsFor(() => undefined).some((t) => t.definition.name === "ledger__echo") ? true : undefined));
      expect(changes).toBeGreaterThan(0);
      const result = await toolOf(pool, session, "ledger__echo").call({ text: "hello" }, callContext());
      expect(textOf(result)).toBe("hello");
      expect(session.ledger.records.at(-1)).toMatchObject({ source: "ledger__echo", content: "hello" });
    } finally {
      stop();
    }
  });
});

describe("DownstreamPool when a server exits or fails to start", () => {
  it(
    "should keep the other server working and answer the dead one's calls with an error naming it",
    async () => {
      const logs: string[] = [];
      const pool = await DownstreamPool.start(stdioConfig("billing", "crashy"), { log: (m) => logs.push(m) });
      try {
        const session = new Firewall().session("crash");
        const crash = await toolOf(pool, session, "crashy__crash").call({ code: 3 }, callContext());
        expect(crash.isError).toBe(true);
        expect(textOf(crash)).toContain("The MCP server 'crashy' is no longer running");
        expect(pool.servers.find((s) => s.name === "crashy")).toMatchObject({ state: "exited" });
        await eventually(() => (pool.servers.find((s) => s.name === "crashy")?.error?.includes("exiting with code 3") ? true : undefined));

        // Its tools stay listed, and each answers with what happened and what to do.
        const names = pool.toolsFor(() => undefined).map((t) => t.definition.name);
        expect(names).toContain("crashy__get_invoice");
        const dead = await toolOf(pool, session, "crashy__get_invoice").call({ invoice_id: "INV-2041" }, callContext());
        expect(dead.isError).toBe(true);
        expect(textOf(dead)).toMatch(/'crashy' is no longer running .*exiting with code 3.*restart the proxy/);

        const alive = await toolOf(pool, session, "billing__get_invoice").call({ invoice_id: "INV-2041" }, callContext());
        expect(alive.isError).toBeFalsy();
        expect(session.ledger.records.map((r) => r.source)).toEqual(["billing__get_invoice"]);
        expect(logs.some((m) => m.includes("'crashy' stopped"))).toBe(true);
      } finally {
        await pool.close();
      }
    },
    LONG,
  );

  it(
    "should start the servers that can start and report the ones that cannot",
    async () => {
      const logs: string[] = [];
      const pool = await DownstreamPool.start(
        {
          servers: {
            missing: { type: "stdio", command: "hfw-no-such-command-for-tests", args: [], env: {} },
            quits: { type: "stdio", command: process.execPath, args: ["-e", "console.error('no licence key'); process.exit(2)"], env: {} },
            billing: billingServer(),
          },
        },
        { log: (m) => logs.push(m) },
      );
      try {
        expect(pool.servers.map((s) => [s.name, s.state])).toEqual([
          ["missing", "failed"],
          ["quits", "failed"],
          ["billing", "ready"],
        ]);
        expect(pool.servers[0]!.error).toContain("ENOENT");
        expect(logs.some((m) => m.startsWith("downstream server 'missing' failed to start") && m.includes("hfw-no-such-command-for-tests"))).toBe(true);
        expect(logs.some((m) => m.startsWith("downstream server 'quits' failed to start"))).toBe(true);
        expect(pool.toolsFor(() => undefined).every((t) => t.definition.name.startsWith("billing__"))).toBe(true);
        const session = new Firewall().session("partial");
        expect((await toolOf(pool, session, "billing__list_payments").call({}, callContext())).isError).toBeFalsy();
      } finally {
        await pool.close();
      }
    },
    LONG,
  );

  it(
    "should answer calls after close with an error instead of hanging",
    async () => {
      const pool = await DownstreamPool.start(stdioConfig("billing"), { log: () => undefined });
      const session = new Firewall().session("closed");
      const tool = toolOf(pool, session, "billing__get_invoice");
      await pool.close();
      expect(pool.servers[0]!.state).toBe("closed");
      const result = await tool.call({ invoice_id: "INV-2041" }, callContext());
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("closed its connection to the MCP server 'billing'");
    },
    LONG,
  );
});

describe("DownstreamPool with an injected transport", () => {
  it("should follow tools/list pages", async () => {
    const server = new Server({ name: "paged", version: "1" }, { capabilities: { tools: {} } });
    const pages = [["a", "b"], ["c"], ["d"]];
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      const page = Number(request.params?.cursor ?? 0);
      return {
        tools: pages[page]!.map((name) => ({ name, inputSchema: { type: "object" as const } })),
        ...(page + 1 < pages.length ? { nextCursor: String(page + 1) } : {}),
      };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: `called ${request.params.name}` }] }));
    const pool = await DownstreamPool.start(
      { servers: { paged: { type: "http", url: "http://127.0.0.1:1/unused", headers: {} } } },
      {
        log: () => undefined,
        transport: async () => {
          const [client, downstream] = InMemoryTransport.createLinkedPair();
          await server.connect(downstream);
          return client;
        },
      },
    );
    try {
      expect(pool.toolsFor(() => undefined).map((t) => t.definition.name)).toEqual(["paged__a", "paged__b", "paged__c", "paged__d"]);
      const session = new Firewall().session("paged");
      expect(textOf(await toolOf(pool, session, "paged__d").call({}, callContext()))).toBe("called d");
    } finally {
      await pool.close();
    }
  });
});

describe("evidenceOf", () => {
  it.each<[string, CallToolResult, unknown]>([
    ["structured content first", { structuredContent: { total: 5 }, content: [{ type: "text", text: '{"total": 5}' }] }, { total: 5 }],
    [
      "text blocks joined",
      {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      "a\n\nb",
    ],
    [
      "embedded text resources",
      {
        content: [
          { type: "resource", resource: { uri: "x://1", text: "resource text" } },
          { type: "resource", resource: { uri: "x://2", blob: "AAAA" } },
        ],
      },
      "resource text",
    ],
    ["images alone are not evidence", { content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] }, undefined],
    [
      "audio and links alone are not evidence",
      {
        content: [
          { type: "audio", data: "AAAA", mimeType: "audio/wav" },
          { type: "resource_link", uri: "x://3", name: "r" },
        ],
      },
      undefined,
    ],
    ["an empty result is evidence of nothing found", { content: [] }, ""],
  ])("should take %s", (_, result, expected) => {
    expect(evidenceOf(result)).toEqual(expected);
  });
});
