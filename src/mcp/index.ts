/**
 * `hallucination-firewall/mcp`: the firewall as an MCP server (stdio, Streamable HTTP or any SDK transport),
 * and the recording proxy's parts. Needs the optional dependency `@modelcontextprotocol/sdk`: without it this entry
 * point still imports, and building a server throws a ConfigError naming the install command.
 */
export { createFirewallMcpServer, SERVER_INSTRUCTIONS, type FirewallMcpServer, type FirewallMcpServerOptions } from "./server.js";
export { startMcpHttp, DEFAULT_MCP_PORT, type McpHttpOptions, type RunningMcpHttp } from "./http.js";
export { McpSessionState } from "./session-state.js";
export { ToolRegistry, toolError, type RegisteredTool, type ToolCallContext, type ToolSource } from "./tool-registry.js";
export { RESOURCE_NOT_FOUND } from "./resources.js";
