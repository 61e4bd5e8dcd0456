/**
 * The recording proxy: the firewall's MCP server offers the tools of downstream MCP servers under
 * `<server>__<tool>`, forwards each call (arguments, cancellation, progress, a timeout), and records every
 * successful result as evidence in the calling session's ledger.
 *
 * Results follow the MCP specification's `CallToolResult`
 * (https://modelcontextprotocol.io/specification/2025-06-18/server/tools); cancellation and progress follow its
 * utilities (`notifications/cancelled`, `notifications/progress`).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { RecordInput } from "../ledger/evidence-ledger.js";
import type { ProxyConfig, DownstreamServerConfig } from "./proxy-config.js";
import { type RecordEvidence, toolError, type RegisteredTool, type ToolCallContext, type ToolSource } from "./tool-registry.js";

/** Default time a downstream call may run without a result or a progress notification, ms. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** Default time a downstream server has to start, answer `initialize` and list its tools, ms. */
export const DEFAULT_START_TIMEOUT_MS = 30_000;

/** Lines of a stdio server's stderr kept to explain why it failed or exited. */
const STDERR_TAIL = 5;

/** Options of {@link DownstreamPool.start}. */
export interface DownstreamPoolOptions {
  /**
   * A call fails with the SDK's `McpError` (code -32001, `RequestTimeout`) after this long without a result,
   * ms; each progress notification from the downstream server starts it again. Default 60,000.
   */
  timeoutMs?: number;
  /** A call fails after this long however much progress it reports, ms. Default: no limit. */
  maxTotalTimeoutMs?: number;
  /** Time a server has to start, initialize and list its tools before it counts as failed, ms. Default 30,000. */
  startTimeoutMs?: number;
  /**
   * Where the pool reports servers that fail to start or exit, results not recorded, and each stdio server's
   * stderr (prefixed with its name). Default: a line on `process.stderr` (never stdout, which a stdio MCP server
   * owns).
   */
  log?: (message: string) => void;
  /**
   * Makes the transport to one server instead of the default (a child process over stdio, or Streamable HTTP):
   * for tests, or for a transport this package does not ship.
   */
  transport?: (name: string, server: DownstreamServerConfig) => Transport | Promise<Transport>;
}

/**
 * Where a downstream server stands: `starting`; `ready` (its tools are listed and callable); `failed` (it did not
 * start: its tools are not listed); `exited` (it stopped after starting: its tools stay listed and answer with an
 * error); `closed` (the pool was closed).
 */
export type DownstreamState = "starting" | "ready" | "failed" | "exited" | "closed";

/** One downstream server as {@link DownstreamPool.servers} reports it. */
export interface DownstreamStatus {
  name: string;
  type: DownstreamServerConfig["type"];
  state: DownstreamState;
  /** Its tools' own names (without the `<server>__` prefix). */
  tools: string[];
  /** Why it failed or exited, with the last lines of its stderr when there are any. */
  error?: string;
}

interface Downstream {
  readonly name: string;
  readonly config: DownstreamServerConfig;
  state: DownstreamState;
  client?: Client;
  tools: Tool[];
  /** Why it failed or stopped; read through `problemOf`, which adds its stderr's last lines. */
  error?: string;
  stderr: string[];
  /** Bumped per `tools/list` refresh, so a slow older answer cannot replace a newer one. */
  listing: number;
}

const stderrLog = (message: string): void => {
  process.stderr.write(`hfw mcp proxy: ${message}\n`);
};

/**
 * The downstream MCP servers of a recording proxy, as a {@link ToolSource}: each server's tools are offered
 * as `<server>__<tool>`, with the downstream `inputSchema`, `outputSchema`, `annotations`, `title` and
 * `description` as they came.
 *
 * A call is forwarded with its arguments, its abort signal (the SDK then sends `notifications/cancelled`
 * downstream) and a progress callback relayed to the caller, under a timeout that progress resets. What the
 * caller gets back:
 * - a successful result: as the server sent it, and recorded as evidence (`source: "<server>__<tool>"`, the
 *   arguments, `callId`: the call's request id) from its `structuredContent` when present, else from its text
 *   blocks and the text of embedded resources (images, audio and links are not evidence);
 * - an `isError` result: as the server sent it, not recorded;
 * - a JSON-RPC error or a timeout: the SDK's `McpError` is thrown as it came, not recorded;
 * - a malformed result, a server that exited or cannot be reached: an `isError` result saying so, not recorded.
 */
export class DownstreamPool implements ToolSource {
  private readonly listeners = new Set<() => void>();
  private readonly log: (message: string) => void;

  private constructor(
    private readonly downstreams: Downstream[],
    private readonly options: DownstreamPoolOptions,
  ) {
    this.log = options.log ?? stderrLog;
  }

  /**
   * Starts (stdio) or connects to (HTTP) every server of `config` at once, and lists their tools (following
   * `nextCursor` pages). A server that fails to start is logged and left out; the others carry on.
   * @returns the pool, once every server is ready or has failed (each within `startTimeoutMs`).
   * @throws nothing for a failing server: read {@link servers} to see which started.
   */
  static async start(config: ProxyConfig, options: DownstreamPoolOptions = {}): Promise<DownstreamPool> {
    const downstreams = Object.entries(config.servers).map(
      ([name, server]): Downstream => ({ name, config: server, state: "starting", tools: [], stderr: [], listing: 0 }),
    );
    const pool = new DownstreamPool(downstreams, options);
    await Promise.all(downstreams.map((d) => pool.connect(d)));
    return pool;
  }

  /** Each server's state and tools, in the config's order. */
  get servers(): DownstreamStatus[] {
    return this.downstreams.map((d) => ({
      name: d.name,
      type: d.config.type,
      state: d.state,
      tools: d.tools.map((t) => t.name),
      ...(d.error === undefined ? {} : { error: problemOf(d) }),
    }));
  }

  /**
   * The proxied tools of the servers that started (also those that exited since), bound to one session's
   * `record`.
   */
  toolsFor(record: RecordEvidence): RegisteredTool[] {
    const tools: RegisteredTool[] = [];
    for (const d of this.downstreams) {
      if (d.state === "ready" || d.state === "exited") for (const tool of d.tools) tools.push(this.proxied(d, tool, record));
    }
    return tools;
  }

  /** Calls `listener` when a server's tool list changes (`notifications/tools/list_changed`); returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes every connection; stdio servers get their stdin closed, then SIGTERM, then SIGKILL (the SDK's sequence). */
  async close(): Promise<void> {
    const clients: Client[] = [];
    for (const d of this.downstreams) {
      if (d.state === "ready" || d.state === "starting") d.state = "closed";
      if (d.client) clients.push(d.client);
    }
    await Promise.allSettled(clients.map((c) => c.close()));
  }

  private async connect(d: Downstream): Promise<void> {
    const startTimeout = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const client = new Client({ name: "hallucination-firewall-proxy", version: "1.0.0" }, { capabilities: {} });
    d.client = client;
    client.onclose = () => this.closed(d);
    client.onerror = (error) => {
      // The SDK handles notifications a microtask after responses, so a progress notification sent just before
      // a result arrives after its call has ended: harmless, and not worth a line per call.
      if (d.state === "ready" && !error.message.startsWith("Received a progress notification for an unknown token")) this.log(`${d.name}: ${error.message}`);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.refresh(d));
    try {
      await client.connect(await this.transportFor(d), { timeout: startTimeout });
      const tools = await listAllTools(client, startTimeout);
      if (d.state !== "starting") return;
      d.tools = tools;
      d.state = "ready";
      this.checkNames(d);
    } catch (error) {
      if (d.state !== "starting") return;
      d.state = "failed";
      d.error = messageOf(error);
      this.log(`downstream server '${d.name}' failed to start: ${problemOf(d)}. ${hintFor(d.config)} The other servers carry on without it.`);
      await client.close().catch(() => undefined);
    }
  }

  private async transportFor(d: Downstream): Promise<Transport> {
    if (this.options.transport) return this.options.transport(d.name, d.config);
    const config = d.config;
    if (config.type === "http") {
      // Loaded per type: each client transport pulls in its own dependencies (the HTTP one, OAuth helpers).
      const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
      return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
    }
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const transport = new StdioClientTransport({ command: config.command, args: config.args, env: config.env, cwd: config.cwd, stderr: "pipe" });
    let partial = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) this.stderrLine(d, line);
    });
    transport.stderr?.on("end", () => partial && this.stderrLine(d, partial));
    return transport;
  }

  private stderrLine(d: Downstream, line: string): void {
    const text = line.trimEnd();
    if (!text) return;
    d.stderr.push(text);
    if (d.stderr.length > STDERR_TAIL) d.stderr.shift();
    this.log(`[${d.name}] ${text}`);
  }

  private closed(d: Downstream): void {
    if (d.state !== "ready") return;
    d.state = "exited";
    d.error = d.config.type === "stdio" ? "the process exited" : "the connection closed";
    this.log(`downstream server '${d.name}' stopped (${problemOf(d)}); its ${d.tools.length} tools now answer with an error until the proxy restarts.`);
  }

  private async refresh(d: Downstream): Promise<void> {
    const generation = ++d.listing;
    try {
      const tools = await listAllTools(d.client!, this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
      if (generation !== d.listing || d.state !== "ready") return;
      d.tools = tools;
      this.checkNames(d);
    } catch (error) {
      this.log(`downstream server '${d.name}' said its tools changed, but listing them failed: ${messageOf(error)}. Keeping the previous list.`);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.log(`a tools-changed listener failed: ${messageOf(error)}`);
      }
    }
  }

  private checkNames(d: Downstream): void {
    for (const tool of d.tools) {
      const name = `${d.name}__${tool.name}`;
      // The MCP tool-name format (SEP-986) allows 1-128 characters; clients may refuse longer names.
      if (name.length > 128) this.log(`tool '${name}' is ${name.length} characters long, over the 128 MCP clients accept: shorten the server's name.`);
    }
  }

  private proxied(d: Downstream, tool: Tool, record: RecordEvidence): RegisteredTool {
    const name = `${d.name}__${tool.name}`;
    return {
      definition: { ...tool, name },
      call: async (args, context) => {
        const client = d.client;
        if (d.state !== "ready" || !client) return toolError(unavailable(d, name));
        let result: CallToolResult;
        try {
          // `request` rather than `callTool`: the caller's own client checks `structuredContent` against the
          // `outputSchema` it was given, so checking it here too would only add time to every call.
          result = await client.request({ method: "tools/call", params: { name: tool.name, arguments: args } }, CallToolResultSchema, {
            signal: context.signal,
            timeout: this.options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
            resetTimeoutOnProgress: true,
            ...(this.options.maxTotalTimeoutMs === undefined ? {} : { maxTotalTimeout: this.options.maxTotalTimeoutMs }),
            onprogress: (progress) => {
              context.sendProgress(progress).catch((error: unknown) => this.log(`progress of '${name}' could not be relayed: ${messageOf(error)}`));
            },
          });
        } catch (error) {
          return this.failure(d, name, error, context);
        }
        if (!result.isError) await this.record(name, result, args, context, record);
        return result;
      },
    };
  }

  private failure(d: Downstream, name: string, error: unknown, context: ToolCallContext): CallToolResult {
    // Cancelled by the caller: the SDK has told the server (and wrapped the reason in a RequestTimeout error);
    // nobody waits for a result, so the caller's own reason is the truest answer.
    if (context.signal.aborted) throw context.signal.reason ?? error;
    if (d.state !== "ready" || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) return toolError(unavailable(d, name));
    if (error instanceof McpError) throw error;
    const issues = zodIssues(error);
    if (issues) {
      return toolError(
        `The MCP server '${d.name}' answered '${name}' with a malformed result (${issues}), so its outcome is unknown. ` +
          `It was not recorded as evidence; do not rely on it. Report the fault to the server's maintainers.`,
      );
    }
    const where = d.config.type === "http" ? ` at ${d.config.url}` : "";
    return toolError(`Calling '${name}' failed: ${messageOf(error)}. Check that the MCP server '${d.name}' is running and reachable${where}.`);
  }

  private async record(name: string, result: CallToolResult, args: Record<string, unknown>, context: ToolCallContext, record: RecordEvidence): Promise<void> {
    const content = evidenceOf(result);
    if (content === undefined) return;
    try {
      await record({ source: name, content, args, callId: context.requestId });
    } catch (error) {
      // The caller still gets the result: a recording failure must not break the agent's run.
      this.log(`the result of '${name}' (call ${context.requestId}) was not recorded as evidence: ${messageOf(error)}`);
    }
  }
}

/**
 * What a successful result says, as evidence: `structuredContent` when present; else the text blocks and the
 * text of embedded resources, joined by blank lines; `undefined` when there is nothing textual (only images,
 * audio, links or blob resources). An empty `content` is evidence too (the empty string): a tool that found
 * nothing said so.
 */
export function evidenceOf(result: CallToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const texts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "resource" && "text" in block.resource && typeof block.resource.text === "string") texts.push(block.resource.text);
  }
  if (texts.length === 0) return (result.content ?? []).length === 0 ? "" : undefined;
  return texts.join("\n\n");
}

async function listAllTools(client: Client, timeout: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (cursors.has(cursor)) throw new Error(`tools/list returned the cursor '${cursor}' twice`);
      cursors.add(cursor);
    }
  } while (cursor !== undefined);
  return tools;
}

function unavailable(d: Downstream, name: string): string {
  if (d.state === "closed") return `The proxy has closed its connection to the MCP server '${d.name}', so '${name}' cannot run.`;
  return (
    `The MCP server '${d.name}' is no longer running (${problemOf(d)}), so '${name}' cannot run; ` +
    `its other tools fail the same way. Check the server's ${d.config.type === "stdio" ? "command" : "URL"} in the proxy config and its log, then restart the proxy.`
  );
}

/**
 * Why a server failed or stopped, with the last lines of its stderr as they are now: a child's last words can
 * arrive after the SDK has reported its exit.
 */
function problemOf(d: Downstream): string {
  const reason = d.error ?? "its connection closed";
  return d.stderr.length ? `${reason}; its stderr ended with: ${d.stderr.join(" | ")}` : reason;
}

function hintFor(config: DownstreamServerConfig): string {
  return config.type === "stdio"
    ? `Check that '${[config.command, ...config.args].join(" ")}' starts an MCP server on stdio${config.cwd ? ` in ${config.cwd}` : ""}.`
    : `Check that an MCP server answers Streamable HTTP at ${config.url}.`;
}

/** The issues of a zod validation error (the SDK's check of a result against its schema), in one line. */
function zodIssues(error: unknown): string | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return undefined;
  return issues
    .map((issue: { path?: unknown[]; message?: string }) => `${(issue.path ?? []).map(String).join(".") || "result"}: ${issue.message ?? "invalid"}`)
    .join("; ");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
