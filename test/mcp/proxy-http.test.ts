/** The recording proxy against the example billing server over Streamable HTTP on 127.0.0.1 (a port chosen by the OS). */
import { spawn, type ChildProcess } from "node:child_process";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { DownstreamPool } from "../../src/mcp/proxy.js";
import { assertBuilt, callContext, exampleServer } from "./helpers.js";

/** Starts the example server with `--http --port 0` and reads the URL it prints. */
async function startHttpServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [exampleServer, "--http", "--port", "0"], {
    env: { ...process.env, HFW_EXAMPLE_TEST_TOOLS: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`example server exited (${code}) before listening: ${seen}`)));
  });
  return { child, url };
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("DownstreamPool over Streamable HTTP", () => {
  let server: { child: ChildProcess; url: string };
  let pool: DownstreamPool;

  beforeAll(async () => {
    assertBuilt();
    server = await startHttpServer();
    pool = await DownstreamPool.start({ servers: { billing: { type: "http", url: server.url, headers: { "X-Test": "1" } } } }, { log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await pool?.close();
    server?.child.kill();
  });

  it("should list the tools and record a structured result with its call id", async () => {
    expect(pool.servers).toEqual([expect.objectContaining({ name: "billing", type: "http", state: "ready" })]);
    const session = new Firewall().session("http");
    const tool = pool.toolsFor((input) => session.record(input)).find((t) => t.definition.name === "billing__list_payments")!;
    const context = callContext();
    const result = await tool.call({ customer: "kallio" }, context);
    expect(result.structuredContent).toMatchObject({ count: 1, payments: [{ id: "pay_7004", amount: 2675.8, status: "refunded" }] });
    expect(session.ledger.records).toEqual([
      expect.objectContaining({ source: "billing__list_payments", callId: context.requestId, args: { customer: "kallio" } }),
    ]);
  });

  it("should relay progress and pass errors through unrecorded", async () => {
    const session = new Firewall().session("http-progress");
    const tools = pool.toolsFor((input) => session.record(input));
    const context = callContext({ withProgress: true });
    const slow = await tools.find((t) => t.definition.name === "billing__slow")!.call({ ms: 200, steps: 4 }, context);
    expect(textOf(slow)).toBe("Waited 200 ms in 4 steps.");
    expect(context.progress[0]).toEqual({ progress: 1, total: 4, message: "step 1" });
    const failed = await tools.find((t) => t.definition.name === "billing__always_fails")!.call({}, callContext());
    expect(failed).toEqual({ isError: true, content: [{ type: "text", text: "Billing backend unavailable: maintenance" }] });
    expect(session.ledger.records.map((r) => r.source)).toEqual(["billing__slow"]);
  });
});
