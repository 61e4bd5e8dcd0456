/**
 * Tools the example server offers only with `HFW_EXAMPLE_TEST_TOOLS=1`: the ways a real downstream server
 * misbehaves, so the recording proxy's tests can meet each one over a real transport.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** `_meta` key of a result that `breakMarkedResults` replaces on the wire. */
const MALFORMED = "example.hfw/malformed";

/** What the `slow` tool saw, per process: read back through `slow_log`. */
const slowLog: Array<{ requested_ms: number; elapsed_ms: number; outcome: "finished" | "aborted"; progress_sent: number }> = [];

/**
 * Makes results marked by `malformed_result` malformed on the wire (`content` a string, not an array of
 * blocks). The SDK's server checks a tool's result before sending it, so the fault has to be put in after.
 */
export function breakMarkedResults(transport: Transport): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ("result" in message && (message.result._meta as Record<string, unknown> | undefined)?.[MALFORMED]) {
      return send({ ...message, result: { content: "a string where an array of content blocks belongs" } }, options);
    }
    return send(message, options);
  };
}

/** About `bytes` of payment lines in prose, exactly `bytes` long (ASCII), the same on every call. */
function paymentLines(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const line = `Payment pay_${String(i).padStart(7, "0")} of ${((i * 37) % 10_000) / 100 + 10} EUR from customer C-${i % 997} was settled on day ${(i % 28) + 1}.\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join("").slice(0, bytes);
}

export function registerTestTools(server: McpServer): void {
  server.registerTool(
    "always_fails",
    { description: "Test tool: always returns an error result (isError: true).", inputSchema: { reason: z.string().optional() } },
    async ({ reason }): Promise<CallToolResult> => ({
      isError: true,
      content: [{ type: "text", text: `Billing backend unavailable: ${reason ?? "maintenance"}` }],
    }),
  );

  server.registerTool(
    "slow",
    {
      description: "Test tool: waits `ms` milliseconds in `steps` steps, sending progress after each when asked; stops when cancelled.",
      inputSchema: { ms: z.number().int().min(0), steps: z.number().int().min(1).optional() },
    },
    async ({ ms, steps = 1 }, extra): Promise<CallToolResult> => {
      const started = Date.now();
      const token = extra._meta?.progressToken;
      let sent = 0;
      const entry = { requested_ms: ms, elapsed_ms: 0, outcome: "finished" as "finished" | "aborted", progress_sent: 0 };
      slowLog.push(entry);
      for (let step = 1; step <= steps; step++) {
        const waited = await new Promise<boolean>((resolve) => {
          if (extra.signal.aborted) return resolve(false);
          const timer = setTimeout(() => resolve(true), ms / steps);
          extra.signal.addEventListener("abort", () => (clearTimeout(timer), resolve(false)), { once: true });
        });
        if (!waited) {
          Object.assign(entry, { elapsed_ms: Date.now() - started, outcome: "aborted", progress_sent: sent });
          console.error(`slow: aborted after ${entry.elapsed_ms} ms`);
          throw new Error("cancelled");
        }
        if (token !== undefined) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: step, total: steps, message: `step ${step}` },
          });
          sent++;
        }
      }
      Object.assign(entry, { elapsed_ms: Date.now() - started, progress_sent: sent });
      return { content: [{ type: "text", text: `Waited ${ms} ms in ${steps} steps.` }] };
    },
  );

  server.registerTool(
    "slow_log",
    { description: "Test tool: what each call of `slow` in this process saw (finished or aborted, after how long).", inputSchema: {} },
    async (): Promise<CallToolResult> => ({ content: [{ type: "text", text: JSON.stringify({ calls: slowLog }) }] }),
  );

  server.registerTool(
    "large_result",
    { description: "Test tool: a text result of `megabytes` MiB (default 5) of payment lines.", inputSchema: { megabytes: z.number().positive().optional() } },
    async ({ megabytes = 5 }): Promise<CallToolResult> => ({ content: [{ type: "text", text: paymentLines(Math.round(megabytes * 1024 * 1024)) }] }),
  );

  server.registerTool(
    "malformed_result",
    { description: "Test tool: answers with a result whose `content` is not an array of content blocks.", inputSchema: {} },
    async (): Promise<CallToolResult> => ({ _meta: { [MALFORMED]: true }, content: [{ type: "text", text: "replaced on the wire" }] }),
  );

  server.registerTool(
    "crash",
    { description: "Test tool: the server process exits with `code` (default 3) before answering.", inputSchema: { code: z.number().int().optional() } },
    async ({ code = 3 }): Promise<CallToolResult> => {
      console.error(`crash: exiting with code ${code}`);
      process.exit(code);
    },
  );

  server.registerTool(
    "add_tool",
    { description: "Test tool: registers one more tool, `echo`, so the server sends notifications/tools/list_changed.", inputSchema: {} },
    async (): Promise<CallToolResult> => {
      server.registerTool("echo", { description: "Test tool: returns its `text`.", inputSchema: { text: z.string() } }, async ({ text }) => ({
        content: [{ type: "text", text }],
      }));
      return { content: [{ type: "text", text: "Added the tool 'echo'." }] };
    },
  );

  server.registerTool(
    "binary_text",
    { description: "Test tool: a text block holding control characters, as a tool that mislabels bytes would send.", inputSchema: {} },
    async (): Promise<CallToolResult> => ({ content: [{ type: "text", text: "PK\u0003\u0004\u0000\u0000\u0008\u0000 archive bytes" }] }),
  );

  server.registerTool(
    "mixed_content",
    { description: "Test tool: a result with a text block, an embedded text resource and an image.", inputSchema: {} },
    async (): Promise<CallToolResult> => ({
      content: [
        { type: "text", text: "Statement for Kallio Dental Oy: balance 12640 EUR." },
        { type: "resource", resource: { uri: "billing://statements/kallio.txt", mimeType: "text/plain", text: "Last payment: 2675.80 EUR on 2026-11-12." } },
        { type: "image", data: Buffer.from("not really a png").toString("base64"), mimeType: "image/png" },
      ],
    }),
  );
}
