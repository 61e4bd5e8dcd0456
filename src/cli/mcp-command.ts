/**
 * `hfw mcp`: the firewall as an MCP server, over stdio (one client, one session) or Streamable HTTP (one
 * session per MCP session), optionally as a recording proxy in front of other MCP servers. Loads the MCP SDK
 * (an optional dependency) only here.
 */
import { ConfigError } from "../errors.js";
import { Firewall } from "../firewall.js";
import { StrictnessSchema, type Strictness } from "../schema.js";
import { dbPath, intFlag, newSessionId, openDb } from "./db-option.js";
import type { ToolSource } from "../mcp/tool-registry.js";
import { type CliCommand, commandArgs, packageVersion, strictnessSetting } from "./cli-command.js";

export const MCP_HELP = `hfw mcp: the firewall as an MCP server, and a recording proxy in front of other MCP servers.

Usage:
  hfw mcp [--proxy FILE] [--db FILE|URL] [--session ID] [--strictness S]
  hfw mcp --http [--port N] [--host H] [--token T | --no-auth] [--proxy FILE] [--db FILE|URL]

Options:
      --proxy FILE     start the MCP servers this file names (the shape of .mcp.json: {"mcpServers":
                       {"name": {"command", "args", "env"} | {"url"}}}) and offer their tools as
                       name__tool; every successful result is recorded as evidence
      --db FILE|URL    SQLite file or postgres:// URL the sessions are kept in (default: HFW_DB,
                       else .hfw/hfw.db); 'hfw dashboard --db FILE|URL' shows them
      --session ID     session id over stdio (default: a new one, mcp-DATE-TIME-XXXX)
      --strictness S   lenient | balanced | strict (default: HFW_STRICTNESS, else balanced);
                       set_policy changes it per session
      --http           serve Streamable HTTP at /mcp instead of stdio
      --port N         HTTP port (default 8791; 0 picks a free one)
      --host H         HTTP interface (default 127.0.0.1, this machine only)
      --token T        HTTP clients must send 'Authorization: Bearer T' (default: HFW_MCP_TOKEN;
                       a random one when --host is not a loopback address)
      --no-auth        no token even on a non-loopback host (behind your own auth proxy)
  -h, --help           this help

Tools: verify_answer, verify_claim, explain_verdict, rewrite_grounded, set_policy, get_policy,
record_evidence, list_evidence, reset_session. Resources: ledger://session/{id}, report://session/{id}.
With HFW_AUDIT=fail-closed, verify_answer, verify_claim and rewrite_grounded refuse (a tool error)
when the session's hash chain does not verify ('hfw audit verify' shows where it breaks).

In .mcp.json:
  {"mcpServers": {"hfw": {"command": "npx", "args": ["hfw", "mcp", "--proxy", "downstream.json"]}}}

Over stdio, standard output carries the protocol: messages go to standard error. Stop with Ctrl+C.`;

/** The SDK-backed modules, or a ConfigError that says how to install the SDK. */
async function loadMcp() {
  const [server, http, { mcpSdk }] = await Promise.all([import("../mcp/server.js"), import("../mcp/http.js"), import("../mcp/load-sdk.js")]);
  mcpSdk();
  return { ...server, ...http };
}

function untilSignal(close: () => Promise<void>, also?: (stop: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void close().then(resolve, resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    also?.(stop);
  });
}

export async function mcpCommand(argv: string[]): Promise<number> {
  const args = commandArgs("mcp", MCP_HELP, argv, {
    proxy: { type: "string" },
    db: { type: "string" },
    session: { type: "string" },
    strictness: { type: "string" },
    http: { type: "boolean" },
    port: { type: "string" },
    host: { type: "string" },
    token: { type: "string" },
    "no-auth": { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  const strictness = strictnessSetting(o.strictness);
  if (!StrictnessSchema.safeParse(strictness).success)
    throw new ConfigError(`--strictness (or HFW_STRICTNESS) must be lenient, balanced or strict, not '${strictness}'.`);
  if (o["no-auth"] && o.token) throw new ConfigError("--token and --no-auth contradict each other: pass one.");
  if (!o.http && (o.port || o.host || o.token || o["no-auth"])) throw new ConfigError("--port, --host, --token and --no-auth go with --http.");
  const port = intFlag("port", o.port, 8791);
  if (port > 65535) throw new ConfigError(`--port must be 0..65535, not ${port}.`);

  const log = (message: string) => process.stderr.write(`hfw mcp: ${message}\n`);
  const mcp = await loadMcp();
  const db = openDb(dbPath(o.db));
  const path = db.label;
  const firewall = new Firewall({ store: db.store, strictness: strictness as Strictness, logger: { warn: log } });
  const proxy = o.proxy ? await startProxy(o.proxy, log) : undefined;
  const closeAll = async () => {
    await proxy?.close();
    await firewall.close();
    await db.close();
  };
  const shared = { firewall, log, ...(proxy ? { tools: proxy } : {}), version: packageVersion() };

  if (o.http) {
    const token = o["no-auth"] ? false : (o.token ?? (process.env.HFW_MCP_TOKEN?.trim() || undefined));
    const running = await mcp.startMcpHttp({ ...shared, port, ...(o.host ? { host: o.host } : {}), token });
    // A token the user chose is not echoed; one made because the host is not loopback must be shown to be usable.
    const made = running.token !== undefined && token === undefined;
    log(
      `serving Streamable HTTP at ${running.url}${made ? ` (bound beyond this machine: a random token was made: ${running.token})` : running.token ? " (token required)" : ""}; sessions in ${path}; Ctrl+C to stop`,
    );
    await untilSignal(async () => {
      await running.close();
      await closeAll();
    });
    return 0;
  }

  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const sessionId = o.session ?? newSessionId().replace(/^cli-/, "mcp-");
  const server = mcp.createFirewallMcpServer({ ...shared, sessionId });
  const transport = new StdioServerTransport();
  await server.server.connect(transport);
  log(`serving stdio, session '${sessionId}' in ${path}`);
  await untilSignal(
    async () => {
      await server.close();
      await closeAll();
    },
    // The client closing standard input, or no longer reading standard output (EPIPE), ends the session.
    (stop) => {
      transport.onclose = stop;
      process.stdin.once("end", stop);
      process.stdout.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE") log(`standard output failed: ${error.message}`);
        stop();
      });
    },
  );
  return 0;
}

/** Starts the downstream servers the file names; one that fails is reported and the others still serve. */
async function startProxy(file: string, log: (message: string) => void): Promise<ToolSource & { close(): Promise<void> }> {
  const { loadProxyConfig } = await import("../mcp/proxy-config.js");
  const { DownstreamPool } = await import("../mcp/proxy.js");
  const pool = await DownstreamPool.start(await loadProxyConfig(file), { log });
  for (const s of pool.servers) log(`downstream '${s.name}' ${s.state}${s.tools.length ? `: ${s.tools.length} tool(s)` : ""}${s.error ? ` (${s.error})` : ""}`);
  return pool;
}

export const MCP_COMMAND: CliCommand = { help: MCP_HELP, run: mcpCommand };
