/**
 * The MCP SDK is an optional dependency: `hallucination-firewall/mcp` imports without it, and building a server
 * then throws a ConfigError that names the install command. The SDK's server and protocol modules are imported
 * once, when this module is (a top-level await, since `createFirewallMcpServer` is synchronous), as ES modules:
 * the same instances a caller's own transports and clients use, so `instanceof McpError` holds across both.
 */
import type * as ServerModule from "@modelcontextprotocol/sdk/server/index.js";
import type * as Types from "@modelcontextprotocol/sdk/types.js";
import { ConfigError } from "../errors.js";

/** The install command for the SDK (its major version 1 is the one this package is built against). */
export const MCP_SDK_INSTALL_COMMAND = "npm install @modelcontextprotocol/sdk@1";

/** The parts of the SDK the server needs. */
export interface McpSdk {
  Server: typeof ServerModule.Server;
  types: typeof Types;
}

let sdk: McpSdk | undefined;
let failure: unknown;
try {
  const [server, types] = await Promise.all([import("@modelcontextprotocol/sdk/server/index.js"), import("@modelcontextprotocol/sdk/types.js")]);
  sdk = { Server: server.Server, types };
} catch (error) {
  failure = error;
}

/**
 * The SDK's server class and protocol schemas.
 * @throws ConfigError naming the install command when the SDK is not installed, or saying why it failed to load.
 */
export function mcpSdk(): McpSdk {
  if (sdk) return sdk;
  const code = (failure as { code?: string }).code;
  if (code === "ERR_MODULE_NOT_FOUND" && String((failure as Error).message).includes("@modelcontextprotocol/sdk")) {
    throw new ConfigError(`The MCP server needs the optional dependency @modelcontextprotocol/sdk, which is not installed: run '${MCP_SDK_INSTALL_COMMAND}'.`, {
      cause: failure,
    });
  }
  throw new ConfigError(
    `Could not load @modelcontextprotocol/sdk for the MCP server: ${(failure as Error).message}. Reinstall it with '${MCP_SDK_INSTALL_COMMAND}'.`,
    {
      cause: failure,
    },
  );
}
