/** Shared set-up of the proxy's tests: the built example billing server and a call context like a server's. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ProxyConfig, StdioServerConfig } from "../../src/mcp/proxy-config.js";
import type { ToolCallContext } from "../../src/mcp/tool-registry.js";

const root = new URL("../../", import.meta.url).pathname;

/** The example server as built by `npm run build` (`npm test` builds first). */
export const exampleServer = join(root, "dist/examples/mcp/server.js");

export function assertBuilt(): void {
  if (!existsSync(exampleServer)) throw new Error(`${exampleServer} is missing: run \`npm run build\` (or \`npx tsc -p tsconfig.build.json\`) first.`);
}

/** The example server over stdio, with its test tools. */
export function billingServer(): StdioServerConfig {
  return { type: "stdio", command: process.execPath, args: [exampleServer], env: { HFW_EXAMPLE_TEST_TOOLS: "1" } };
}

export function stdioConfig(...names: string[]): ProxyConfig {
  return { servers: Object.fromEntries(names.map((name) => [name, billingServer()])) };
}

export interface TestContext extends ToolCallContext {
  progress: Array<{ progress: number; total?: number; message?: string }>;
}

let calls = 0;

/** A call context with a fresh request id; `progressToken` set when `withProgress`. */
export function callContext(options: { signal?: AbortSignal; withProgress?: boolean } = {}): TestContext {
  const progress: TestContext["progress"] = [];
  return {
    signal: options.signal ?? new AbortController().signal,
    requestId: `test:${++calls}`,
    ...(options.withProgress ? { progressToken: `tok-${calls}` } : {}),
    progress,
    sendProgress: async (p) => {
      if (options.withProgress) progress.push(p);
    },
  };
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms`. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
