/**
 * `hfw mcp --http`: the MCP server over Streamable HTTP (MCP specification 2025-06-18, "Transports"), on
 * loopback by default, with the dashboard's token auth. Each MCP session (`Mcp-Session-Id`) is its own
 * firewall session, `mcp-<session id>`, in the shared store.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Request, Response } from "express";
import { isLoopback, loopbackHostOnly, tokenAuth } from "../dashboard/auth.js";
import { listen, tokenFor } from "../dashboard/listen.js";
import { loadExpress } from "../dashboard/load-deps.js";
import type { Firewall } from "../firewall.js";
import { mcpSdk } from "./load-sdk.js";
import { createFirewallMcpServer, type FirewallMcpServer, type FirewallMcpServerOptions } from "./server.js";

export interface McpHttpOptions extends Omit<FirewallMcpServerOptions, "sessionId"> {
  firewall: Firewall;
  /** Interface to bind (default `127.0.0.1`). */
  host?: string;
  /** Port (default 8791; 0 picks a free one). */
  port?: number;
  /**
   * Token every request must carry (`Authorization: Bearer TOKEN`). Default: none on a loopback host, a random
   * one elsewhere. `false`: no token even on a public interface (behind your own auth proxy).
   */
  token?: string | false;
  /** Largest request body, bytes (default 64 MiB: a draft of up to about 10 million characters). */
  maxBodyBytes?: number;
}

export interface RunningMcpHttp {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8791/mcp`. */
  url: string;
  port: number;
  token: string | undefined;
  server: Server;
  /** The MCP sessions open now, by `Mcp-Session-Id`. */
  readonly sessions: ReadonlyMap<string, FirewallMcpServer>;
  /** Closes every MCP session and the HTTP server. */
  close(): Promise<void>;
}

export const DEFAULT_MCP_PORT = 8791;

function jsonRpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}

/**
 * @throws ConfigError when express or `@modelcontextprotocol/sdk` is missing; the listen error (e.g. EADDRINUSE)
 *   when the port is taken.
 */
export async function startMcpHttp(options: McpHttpOptions): Promise<RunningMcpHttp> {
  const { isInitializeRequest } = mcpSdk().types;
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const express = loadExpress();
  const host = options.host ?? "127.0.0.1";
  const loopback = isLoopback(host.toLowerCase());
  const token = tokenFor(host, options.token);
  const sessions = new Map<string, { mcp: FirewallMcpServer; transport: StreamableHTTPServerTransport }>();
  const app = express();
  app.disable("x-powered-by");
  if (loopback && !token) app.use(loopbackHostOnly());
  if (token) app.use(tokenAuth(token, (_req, res) => jsonRpcError(res, 401, "Unauthorized: send the server's token as 'Authorization: Bearer TOKEN'.")));
  app.use(express.json({ limit: options.maxBodyBytes ?? 64 * 1024 * 1024 }));

  const existing = (req: Request) => {
    const id = req.get("mcp-session-id");
    return id ? sessions.get(id) : undefined;
  };

  app.post("/mcp", async (req: Request, res: Response) => {
    const open = existing(req);
    if (open) return open.transport.handleRequest(req, res, req.body);
    if (req.get("mcp-session-id")) return jsonRpcError(res, 404, "Unknown or closed MCP session: initialize a new one.");
    if (!isInitializeRequest(req.body)) return jsonRpcError(res, 400, "No MCP session: send an initialize request first (without Mcp-Session-Id).");
    const id = randomUUID();
    const mcp = createFirewallMcpServer({ ...options, sessionId: `mcp-${id}` });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => void sessions.set(id, { mcp, transport }),
    });
    transport.onclose = () => {
      sessions.delete(id);
      options.firewall.release(mcp.state.sessionId);
    };
    await mcp.server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const reuse = async (req: Request, res: Response) => {
    const open = existing(req);
    if (!open) return jsonRpcError(res, req.get("mcp-session-id") ? 404 : 400, "Unknown or missing Mcp-Session-Id: initialize a session first.");
    await open.transport.handleRequest(req, res);
  };
  app.get("/mcp", reuse);
  app.delete("/mcp", reuse);

  const listening = await listen(app, options.port ?? DEFAULT_MCP_PORT, host);
  return {
    url: `${listening.origin}/mcp`,
    port: listening.port,
    token,
    server: listening.server,
    get sessions() {
      return new Map([...sessions].map(([k, v]) => [k, v.mcp]));
    },
    async close() {
      for (const { mcp } of [...sessions.values()]) await mcp.close();
      sessions.clear();
      await listening.close();
    },
  };
}
