/** The proxy config: `.mcp.json`-shaped files read, normalised, and refused with messages that say what to fix. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/index.js";
import { loadProxyConfig, parseProxyConfig, type DownstreamServerConfig } from "../../src/mcp/proxy-config.js";

const env = { BILLING_KEY: "k-123", HOST: "127.0.0.1", EMPTY: "" };

function one(server: unknown): DownstreamServerConfig {
  return parseProxyConfig({ mcpServers: { s: server } }, { env, baseDir: "/srv/agent" }).servers.s!;
}

describe("parseProxyConfig", () => {
  it.each<[string, unknown, DownstreamServerConfig]>([
    ["a command with defaults", { command: "node" }, { type: "stdio", command: "node", args: [], env: {} }],
    [
      "type stdio with args, env and an absolute cwd",
      { type: "stdio", command: "npx", args: ["-y", "billing-mcp"], env: { API_KEY: "x" }, cwd: "/opt/billing" },
      { type: "stdio", command: "npx", args: ["-y", "billing-mcp"], env: { API_KEY: "x" }, cwd: "/opt/billing" },
    ],
    [
      "a relative cwd, from the config's folder",
      { command: "node", cwd: "servers/billing" },
      { type: "stdio", command: "node", args: [], env: {}, cwd: "/srv/agent/servers/billing" },
    ],
    ["a url alone, as http", { url: "http://127.0.0.1:8931/mcp" }, { type: "http", url: "http://127.0.0.1:8931/mcp", headers: {} }],
    [
      "type streamable-http, as http, with headers",
      { type: "streamable-http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer t" } },
      { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer t" } },
    ],
    [
      "${VAR} and ${VAR:-default} in args, env, url and headers",
      { command: "node", args: ["--key=${BILLING_KEY}", "${MISSING:-fallback}"], env: { KEY: "${BILLING_KEY}", E: "${EMPTY:-d}" } },
      { type: "stdio", command: "node", args: ["--key=k-123", "fallback"], env: { KEY: "k-123", E: "d" } },
    ],
    [
      "a variable in a url",
      { type: "http", url: "http://${HOST}:8931/mcp", headers: { "X-Key": "${BILLING_KEY}" } },
      { type: "http", url: "http://127.0.0.1:8931/mcp", headers: { "X-Key": "k-123" } },
    ],
    [
      "unknown fields ignored (other clients' settings)",
      { command: "node", disabled: false, autoApprove: [] },
      { type: "stdio", command: "node", args: [], env: {} },
    ],
  ])("should read %s", (_, server, expected) => {
    expect(one(server)).toEqual(expected);
  });

  it("should keep the servers in the file's order", () => {
    const config = parseProxyConfig({ mcpServers: { zeta: { command: "a" }, alpha: { url: "http://127.0.0.1/mcp" }, "billing.v2": { command: "b" } } });
    expect(Object.keys(config.servers)).toEqual(["zeta", "alpha", "billing.v2"]);
  });

  it.each<[string, unknown, RegExp]>([
    ["no mcpServers", { servers: {} }, /has no "mcpServers" object: write \{ "mcpServers"/],
    ["mcpServers not an object", { mcpServers: [] }, /has no "mcpServers" object/],
    ["not an object at all", "servers", /has no "mcpServers" object/],
    ["no servers", { mcpServers: {} }, /lists no servers: add at least one/],
    [
      "neither command nor url",
      { mcpServers: { billing: { args: ["x"] } } },
      /server 'billing' has neither "command" nor "url": give the command that starts it/,
    ],
    ["both command and url", { mcpServers: { billing: { command: "node", url: "http://127.0.0.1/mcp" } } }, /server 'billing' has both "command" and "url"/],
    ["a server that is not an object", { mcpServers: { billing: "node server.js" } }, /server 'billing' must be an object with a "command"/],
    [
      "a name with '__'",
      { mcpServers: { acme__billing: { command: "node" } } },
      /server name 'acme__billing' contains '__'.*rename it without a double underscore/,
    ],
    [
      "a name with a space",
      { mcpServers: { "acme billing": { command: "node" } } },
      /server name 'acme billing' has characters not allowed in MCP tool names \(" "\)/,
    ],
    ["a name with a slash and a colon", { mcpServers: { "acme/billing:v2": { command: "node" } } }, /\("\/" ":"\): rename it using letters, digits/],
    ["an empty name", { mcpServers: { "": { command: "node" } } }, /server name '' is empty/],
    [
      "type sse",
      { mcpServers: { docs: { type: "sse", url: "http://127.0.0.1/sse" } } },
      /server 'docs' has type "sse".*SSE transport is deprecated and not supported/,
    ],
    [
      "an unknown type",
      { mcpServers: { docs: { type: "websocket", url: "ws://127.0.0.1" } } },
      /has type "websocket": use "stdio" \(with "command"\) or "http" \(with "url"\)/,
    ],
    ["type http without url", { mcpServers: { docs: { type: "http", command: "node" } } }, /server 'docs' has type "http" but no "url"/],
    ["type stdio without command", { mcpServers: { docs: { type: "stdio", url: "http://127.0.0.1/mcp" } } }, /server 'docs' has type "stdio" but no "command"/],
    [
      "args not strings",
      { mcpServers: { billing: { command: "node", args: ["a", 3] } } },
      /server 'billing' is not valid \(args\.1: .*string.*\): fix those fields/,
    ],
    ["env not strings", { mcpServers: { billing: { command: "node", env: { PORT: 8080 } } } }, /server 'billing' is not valid \(env\.PORT: /],
    ["an empty command", { mcpServers: { billing: { command: "" } } }, /command: command must not be empty/],
    [
      "a url that is not http",
      { mcpServers: { docs: { url: "ftp://files.example.com/mcp" } } },
      /server 'docs' has url 'ftp:\/\/files.example.com\/mcp', which is not an http:\/\/ or https:\/\/ URL/,
    ],
    ["a url that is not a url", { mcpServers: { docs: { url: "localhost:8931" } } }, /which is not an http:\/\/ or https:\/\/ URL/],
    [
      "an unset variable",
      { mcpServers: { billing: { command: "node", args: ["${NOT_SET_ANYWHERE}"] } } },
      /server 'billing' args\[0\] uses \$\{NOT_SET_ANYWHERE\}, which is not set: set NOT_SET_ANYWHERE .* or write \$\{NOT_SET_ANYWHERE:-default\}/,
    ],
  ])("should refuse %s with a message saying what to fix", (_, value, message) => {
    let error: unknown;
    try {
      parseProxyConfig(value, { env });
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });
});

describe("loadProxyConfig", () => {
  const dir = mkdtempSync(join(tmpdir(), "hfw-proxy-config-"));

  function file(name: string, text: string): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  }

  it("should read a file and resolve a relative cwd from its folder", async () => {
    const path = file("ok.json", JSON.stringify({ mcpServers: { billing: { command: "node", args: ["server.js"], cwd: "billing" } } }));
    const config = await loadProxyConfig(path, { env: {} });
    expect(config.servers.billing).toEqual({ type: "stdio", command: "node", args: ["server.js"], env: {}, cwd: join(dir, "billing") });
  });

  it.each<[string, string, string | null, RegExp]>([
    ["a missing file", "missing.json", null, /'.*missing\.json' not found: create it with an "mcpServers" object/],
    [
      "malformed JSON, with its line and column",
      "trailing-comma.json",
      '{\n  "mcpServers": {\n    "billing": { "command": "node", }\n  }\n}',
      /is not valid JSON \(.*line 3 column 37\): fix the JSON there/,
    ],
    ["an empty file", "empty.json", "", /is not valid JSON \(.*\): fix the JSON there/],
    ["a file with no servers", "none.json", '{ "mcpServers": {} }', /MCP proxy config '.*none\.json' lists no servers/],
  ])("should refuse %s", async (_, name, text, message) => {
    const path = text === null ? join(dir, name) : file(name, text);
    const error = await loadProxyConfig(path).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });
});
