/**
 * One MCP server per client session: the firewall's tools (verify, explain, rewrite, policy, evidence),
 * optionally a recording proxy's downstream tools beside them, and the session's ledger and report as
 * resources. Built on the SDK's low-level `Server` so that proxied tools keep their JSON Schemas as they came.
 *
 * MCP specification: https://modelcontextprotocol.io/specification/2025-06-18
 */
import { randomBytes } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Firewall } from "../firewall.js";
import { mcpSdk } from "./load-sdk.js";
import { serveResources } from "./resources.js";
import { McpSessionState } from "./session-state.js";
import { sessionTools } from "./session-tools.js";
import { type ToolSource, ToolRegistry, toolError } from "./tool-registry.js";
import { verifyTools } from "./verify-tools.js";

/** What the server tells the agent when it connects (best effort: the agent may ignore it). */
export const SERVER_INSTRUCTIONS = [
  "This server is a hallucination firewall: it checks what you say against what your tools returned.",
  "- Before you send an answer built on tool results, call verify_answer with the whole draft. If its decision is block, do not send it: fix each contradicted claim with the correction given, or say what the tools did not return. If it is rewrite, send its `output`.",
  "- Tools proxied through this server (named server__tool) are recorded as evidence automatically. Record any other tool result you rely on with record_evidence before you verify.",
  "- It checks claims against tool evidence, not world knowledge: a claim no tool result states is unsupported.",
].join("\n");

export interface FirewallMcpServerOptions {
  /** The firewall whose store keeps the session (one per process, shared by every client session). */
  firewall: Firewall;
  /** This client session's firewall session id (default: `mcp-` and 8 random hex digits). */
  sessionId?: string;
  /** Tools of downstream servers to offer beside the firewall's, each successful call recorded as evidence. */
  tools?: ToolSource;
  /** Server name and version in the `initialize` answer (default `hallucination-firewall`, `0.0.0`). */
  name?: string;
  version?: string;
  /** Told about failures the client cannot see (a notification that could not be sent); default: silent. */
  log?: (message: string) => void;
}

export interface FirewallMcpServer {
  server: Server;
  state: McpSessionState;
  tools: ToolRegistry;
  /** Stops listening to the tool source, closes the transport, and frees the session's memory (the store keeps it). */
  close(): Promise<void>;
}

/**
 * A new MCP server bound to one firewall session; connect it to a transport with `server.connect(transport)`.
 * @throws ConfigError when the optional dependency `@modelcontextprotocol/sdk` is not installed (the message names
 *   the install command).
 */
export function createFirewallMcpServer(options: FirewallMcpServerOptions): FirewallMcpServer {
  const { Server, types } = mcpSdk();
  const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = types;
  const log = options.log ?? (() => {});
  const sessionId = options.sessionId ?? `mcp-${randomBytes(4).toString("hex")}`;
  const server = new Server(
    { name: options.name ?? "hallucination-firewall", version: options.version ?? "0.0.0" },
    { capabilities: { tools: { listChanged: true }, resources: { listChanged: true } }, instructions: SERVER_INSTRUCTIONS },
  );
  const connected = () => server.transport !== undefined;
  const notify = (send: () => Promise<void>, what: string) => {
    if (connected()) send().catch((error: Error) => log(`could not send ${what}: ${error.message}`));
  };
  const state = new McpSessionState(options.firewall, sessionId, () => notify(() => server.sendResourceListChanged(), "resources/list_changed"));
  const registry = new ToolRegistry();
  registry.add(...verifyTools(state), ...sessionTools(state));

  let proxied: string[] = [];
  const loadProxied = () => {
    const tools = options.tools!.toolsFor(async (input) => {
      await state.session().recordAsync(input);
      state.changed();
    });
    registry.remove(...proxied.filter((name) => !tools.some((t) => t.definition.name === name)));
    registry.add(...tools);
    proxied = tools.map((t) => t.definition.name);
  };
  if (options.tools) loadProxied();
  const unsubscribe = options.tools?.onChange?.(loadProxied);
  registry.onChange(() => notify(() => server.sendToolListChanged(), "tools/list_changed"));

  // Call ids recorded as evidence must be unique within the session: the connection's own prefix keeps a
  // reconnecting client's JSON-RPC ids (which start again at 0) from colliding with the ones before.
  const connection = randomBytes(3).toString("hex");
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: registry.list() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = registry.get(request.params.name);
    // A plain error with a code: `McpError` would put "MCP error -32602:" in the message the client prefixes again.
    if (!tool)
      throw Object.assign(new Error(`Unknown tool '${request.params.name}': tools/list names the tools of this server.`), { code: ErrorCode.InvalidParams });
    const progressToken = request.params._meta?.progressToken;
    try {
      return await tool.call(request.params.arguments ?? {}, {
        signal: extra.signal,
        requestId: `${connection}-${String(extra.requestId)}`,
        ...(progressToken !== undefined ? { progressToken } : {}),
        sendProgress: async (p) => {
          if (progressToken === undefined) return;
          await extra.sendNotification({ method: "notifications/progress", params: { progressToken, ...p } });
        },
      });
    } catch (error) {
      // A downstream server's protocol error (a timeout, unknown arguments) reaches the client as it came.
      if (error instanceof McpError) {
        const message = error.message.replace(/^MCP error -?\d+: /, "");
        throw Object.assign(new Error(message), { code: error.code, ...(error.data !== undefined ? { data: error.data } : {}) });
      }
      return toolError(`${request.params.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  serveResources(server, state, types);

  return {
    server,
    state,
    tools: registry,
    async close() {
      unsubscribe?.();
      await server.close();
      options.firewall.release(sessionId);
    },
  };
}
