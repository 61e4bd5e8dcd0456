/**
 * The recording proxy's list of downstream MCP servers, in the shape of Claude's `.mcp.json` (`mcpServers`):
 *
 * ```json
 * { "mcpServers": {
 *     "billing": { "command": "node", "args": ["server.js"], "env": { "API_KEY": "${BILLING_KEY}" } },
 *     "docs": { "type": "http", "url": "http://127.0.0.1:8931/mcp", "headers": { "Authorization": "Bearer ${DOCS_TOKEN}" } } } }
 * ```
 *
 * As in Claude Code's `.mcp.json`, `${VAR}` and `${VAR:-default}` in a command, its arguments, environment,
 * working folder, URL and headers are read from the environment.
 */
import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../errors.js";

/** A server the proxy starts as a child process and speaks to over stdin/stdout. */
export const StdioServerConfigSchema = z.object({
  type: z.literal("stdio").default("stdio"),
  /** Program to run, looked up in PATH unless it is a path. */
  command: z.string().min(1, "command must not be empty"),
  args: z.array(z.string()).default([]),
  /** Added to a minimal inherited environment (PATH, HOME, ...), as the MCP SDK's stdio transport does. */
  env: z.record(z.string(), z.string()).default({}),
  /** Working folder; a relative one is read from the config file's folder. */
  cwd: z.string().optional(),
});

/** A server the proxy reaches over Streamable HTTP. */
export const HttpServerConfigSchema = z.object({
  type: z
    .enum(["http", "streamable-http"])
    .default("http")
    .transform(() => "http" as const),
  /** The server's MCP endpoint, http:// or https:// (checked after `${VAR}` expansion). */
  url: z.string().min(1, "url must not be empty"),
  /** Sent with every request (e.g. `Authorization`). */
  headers: z.record(z.string(), z.string()).default({}),
});

/** A stdio server as parsed: `type: "stdio"`, `command`, `args`, `env`, and `cwd` (absolute) when given. */
export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;
/** An HTTP server as parsed: `type: "http"` (also for `streamable-http`), `url`, `headers`. */
export type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;
/** One downstream server, its `type` normalised to `stdio` or `http`. */
export type DownstreamServerConfig = StdioServerConfig | HttpServerConfig;

/** The parsed config: downstream servers by name, in the file's order. */
export interface ProxyConfig {
  servers: Record<string, DownstreamServerConfig>;
}

/** A server's name prefixes its tools' names (`<server>__<tool>`), so it must be valid in an MCP tool name. */
const SERVER_NAME = /^[A-Za-z0-9_.-]+$/;

const RootSchema = z.object({
  mcpServers: z.record(z.string(), z.unknown(), { error: '"mcpServers" must be an object of servers by name' }),
});

/** Where a config came from, for messages and for relative folders. */
export interface ProxyConfigOrigin {
  /** The file, named in error messages (default: "the MCP proxy config"). */
  path?: string;
  /** Folder a relative `cwd` is read from (default: the file's folder, else the process's). */
  baseDir?: string;
  /** Values for `${VAR}` (default: `process.env`). */
  env?: Record<string, string | undefined>;
}

/**
 * Reads and checks a proxy config file.
 * @param path a JSON file shaped as `.mcp.json` (`{ "mcpServers": { ... } }`).
 * @throws ConfigError when the file is missing or unreadable, is not JSON (with line and column), or its
 *   servers are not valid (see {@link parseProxyConfig}).
 */
export async function loadProxyConfig(path: string, options: Omit<ProxyConfigOrigin, "path"> = {}): Promise<ProxyConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new ConfigError(
        `MCP proxy config '${path}' not found: create it with an "mcpServers" object (the shape of Claude's .mcp.json), or pass the path of an existing one.`,
        { cause },
      );
    }
    throw new ConfigError(`MCP proxy config '${path}' could not be read (${(cause as Error).message}): check that it is a readable file.`, { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`MCP proxy config '${path}' is not valid JSON (${describeJsonError(text, cause as Error)}): fix the JSON there.`, { cause });
  }
  return parseProxyConfig(value, { ...options, path, baseDir: options.baseDir ?? dirname(resolve(path)) });
}

/** A JSON.parse message with the line and column of the position it names (V8 gives only the offset). */
function describeJsonError(text: string, error: Error): string {
  const at = /at position (\d+)/.exec(error.message);
  if (!at) return error.message;
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${error.message.replace(/\s*\(line \d+ column \d+\)$/, "")}, line ${line} column ${column}`;
}

/**
 * Checks a parsed config value and normalises each server (defaults filled in, `${VAR}` expanded, `cwd`
 * absolute, `streamable-http` read as `http`).
 * @throws ConfigError naming the server and field to fix: no `mcpServers` object, no servers, a server name
 *   that is not a valid MCP tool-name prefix (letters, digits, `_`, `-`, `.`; no `__`), a server with neither
 *   `command` nor `url` (or both), an unsupported `type` (e.g. `sse`), a field of the wrong type, or a
 *   `${VAR}` that is not set and has no default.
 */
export function parseProxyConfig(value: unknown, origin: ProxyConfigOrigin = {}): ProxyConfig {
  const where = origin.path ? `MCP proxy config '${origin.path}'` : "MCP proxy config";
  const root = RootSchema.safeParse(value);
  if (!root.success) {
    throw new ConfigError(`${where} has no "mcpServers" object: write { "mcpServers": { "<name>": { "command": "...", "args": [...] } } }.`);
  }
  const entries = Object.entries(root.data.mcpServers);
  if (entries.length === 0) {
    throw new ConfigError(`${where} lists no servers: add at least one under "mcpServers" (a "command" to start, or a "url").`);
  }
  const env = origin.env ?? process.env;
  const servers: Record<string, DownstreamServerConfig> = {};
  for (const [name, entry] of entries) {
    checkServerName(name, where);
    const server = parseServer(name, entry, where);
    const label = `${where}: server '${name}'`;
    servers[name] = expandServer(server, label, (text, field) => expandVars(text, env, `${label} ${field}`), origin.baseDir);
  }
  return { servers };
}

function checkServerName(name: string, where: string): void {
  if (!SERVER_NAME.test(name)) {
    const bad = [...new Set(name.replace(/[A-Za-z0-9_.-]/g, ""))].map((c) => JSON.stringify(c)).join(" ");
    throw new ConfigError(
      `${where}: server name '${name}' ${name === "" ? "is empty" : `has characters not allowed in MCP tool names (${bad})`}: ` +
        `rename it using letters, digits, '_', '-' and '.' (its tools are listed as '<server>__<tool>').`,
    );
  }
  if (name.includes("__")) {
    throw new ConfigError(
      `${where}: server name '${name}' contains '__', which separates server from tool in '<server>__<tool>': rename it without a double underscore.`,
    );
  }
}

function parseServer(name: string, entry: unknown, where: string): DownstreamServerConfig {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw new ConfigError(`${where}: server '${name}' must be an object with a "command" (stdio) or a "url" (Streamable HTTP).`);
  }
  const fields = entry as Record<string, unknown>;
  const type = fields.type;
  const hasCommand = fields.command !== undefined;
  const hasUrl = fields.url !== undefined;
  if (type !== undefined && type !== "stdio" && type !== "http" && type !== "streamable-http") {
    const hint = type === "sse" ? "the SSE transport is deprecated and not supported; use the server's Streamable HTTP endpoint" : "";
    throw new ConfigError(
      `${where}: server '${name}' has type ${JSON.stringify(type)}: use "stdio" (with "command") or "http" (with "url")${hint ? `; ${hint}` : ""}.`,
    );
  }
  if (hasCommand && hasUrl) {
    throw new ConfigError(`${where}: server '${name}' has both "command" and "url": keep "command" to start it over stdio, or "url" to reach it over HTTP.`);
  }
  const http = type === "http" || type === "streamable-http" || (type === undefined && hasUrl);
  if (!hasCommand && !hasUrl) {
    throw new ConfigError(
      `${where}: server '${name}' has neither "command" nor "url": give the command that starts it (stdio) or the URL of its Streamable HTTP endpoint.`,
    );
  }
  if (http && !hasUrl) throw new ConfigError(`${where}: server '${name}' has type ${JSON.stringify(type)} but no "url": give the URL of its MCP endpoint.`);
  if (!http && !hasCommand) throw new ConfigError(`${where}: server '${name}' has type "stdio" but no "command": give the command that starts it.`);
  const parsed = (http ? HttpServerConfigSchema : StdioServerConfigSchema).safeParse(entry);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || "(server)"}: ${issue.message}`).join("; ");
    throw new ConfigError(`${where}: server '${name}' is not valid (${problems}): fix those fields.`);
  }
  return parsed.data;
}

function expandServer(
  server: DownstreamServerConfig,
  label: string,
  expand: (text: string, field: string) => string,
  baseDir: string | undefined,
): DownstreamServerConfig {
  const map = (record: Record<string, string>, field: string) =>
    Object.fromEntries(Object.entries(record).map(([key, text]) => [key, expand(text, `${field}.${key}`)]));
  if (server.type === "http") {
    const url = expand(server.url, "url");
    const protocol = URL.canParse(url) ? new URL(url).protocol : null;
    if (protocol !== "http:" && protocol !== "https:") {
      throw new ConfigError(
        `${label} has url '${url}', which is not an http:// or https:// URL: give the address of its MCP endpoint (e.g. http://127.0.0.1:8931/mcp).`,
      );
    }
    return { ...server, url, headers: map(server.headers, "headers") };
  }
  const cwd = server.cwd === undefined ? undefined : expand(server.cwd, "cwd");
  return {
    ...server,
    command: expand(server.command, "command"),
    args: server.args.map((arg, i) => expand(arg, `args[${i}]`)),
    env: map(server.env, "env"),
    ...(cwd === undefined ? {} : { cwd: isAbsolute(cwd) ? cwd : resolve(baseDir ?? process.cwd(), cwd) }),
  };
}

/** `${VAR}` and `${VAR:-default}` from `env`; `$$` and a lone `$` stay as they are. */
function expandVars(text: string, env: Record<string, string | undefined>, where: string): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && (value !== "" || fallback === undefined)) return value;
    if (fallback !== undefined) return fallback;
    throw new ConfigError(`${where} uses \${${name}}, which is not set: set ${name} in the environment, or write \${${name}:-default}.`);
  });
}
