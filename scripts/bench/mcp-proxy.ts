/**
 * Overhead of the recording MCP proxy per call (`node dist/scripts/bench/mcp-proxy.js`, or `run()` from the
 * bench runner; needs `npm run build` for the example server).
 *
 * The same cheap tool (`get_invoice` of the example billing server, ~1 KB of JSON, over stdio) is called two ways:
 * - direct: an SDK `Client` -> stdio -> the example server;
 * - proxied: an SDK `Client` -> in-memory transport -> the firewall's MCP server (`createFirewallMcpServer`) with
 *   the `DownstreamPool`'s tools -> stdio -> the example server; each result is recorded in the client's session.
 * Calls run one at a time in blocks that alternate between the two paths (direct first, then proxied first),
 * so both see the same machine load. Reported: p50 and p95 over every timed call of each path, after warm-up,
 * and the p50 overhead (proxied minus direct), also as the median over blocks of the paired p50 differences.
 */
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Firewall, MemoryStore } from "../../src/index.js";
import { DownstreamPool } from "../../src/mcp/proxy.js";
import { createFirewallMcpServer } from "../../src/mcp/server.js";
import { median, pct } from "./stats.js";

const BLOCKS = 6;
const CALLS_PER_BLOCK = 150;
const WARMUP = 100;

const exampleServer = new URL("../../examples/mcp/server.js", import.meta.url).pathname;

/** Times `calls` calls of `tool`, one at a time; ms each. */
async function timeCalls(client: Client, tool: string, calls: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const result = await client.callTool({ name: tool, arguments: { invoice_id: "INV-2041" } });
    times.push(performance.now() - t0);
    if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
  }
  return times;
}

export async function run(): Promise<string> {
  const direct = new Client({ name: "bench-direct", version: "1.0.0" });
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [exampleServer] }));

  const pool = await DownstreamPool.start({ servers: { billing: { type: "stdio", command: process.execPath, args: [exampleServer], env: {} } } });
  if (pool.servers[0]?.state !== "ready") throw new Error(`The example MCP server did not start (${pool.servers[0]?.error}): run \`npm run build\` first.`);
  const firewall = new Firewall({ store: new MemoryStore() });
  const mcp = createFirewallMcpServer({ firewall, sessionId: "bench-mcp-proxy", tools: pool });
  const session = firewall.session("bench-mcp-proxy");
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.server.connect(serverSide);
  const proxied = new Client({ name: "bench-proxied", version: "1.0.0" });
  await proxied.connect(clientSide);
  // Listing gives each client the tool's outputSchema, so both check structuredContent as a real client does.
  await direct.listTools();
  await proxied.listTools();

  try {
    await timeCalls(direct, "get_invoice", WARMUP);
    await timeCalls(proxied, "billing__get_invoice", WARMUP);
    const all = { direct: [] as number[], proxied: [] as number[] };
    const pairedOverhead: number[] = [];
    for (let block = 0; block < BLOCKS; block++) {
      const order = block % 2 === 0 ? (["direct", "proxied"] as const) : (["proxied", "direct"] as const);
      const times = { direct: [] as number[], proxied: [] as number[] };
      for (const path of order) {
        times[path] =
          path === "direct" ? await timeCalls(direct, "get_invoice", CALLS_PER_BLOCK) : await timeCalls(proxied, "billing__get_invoice", CALLS_PER_BLOCK);
      }
      all.direct.push(...times.direct);
      all.proxied.push(...times.proxied);
      pairedOverhead.push(pct(times.proxied, 50) - pct(times.direct, 50));
    }
    const recorded = session.ledger.records.length;
    const overhead = pct(all.proxied, 50) - pct(all.direct, 50);
    return [
      `## MCP recording proxy: overhead per call (get_invoice, ~1 KB JSON, stdio downstream; ${BLOCKS} alternating blocks of ${CALLS_PER_BLOCK} calls per path after ${WARMUP} warm-up calls)`,
      "",
      "| path | calls | p50 ms | p95 ms |",
      "|---|---|---|---|",
      `| direct: client -> stdio -> server | ${all.direct.length} | ${pct(all.direct, 50).toFixed(3)} | ${pct(all.direct, 95).toFixed(3)} |`,
      `| proxied: client -> MCP server (in memory) -> proxy, recording -> stdio -> server | ${all.proxied.length} | ${pct(all.proxied, 50).toFixed(3)} | ${pct(all.proxied, 95).toFixed(3)} |`,
      "",
      `Overhead p50: ${overhead.toFixed(3)} ms (median over blocks of the paired p50 differences: ${median(pairedOverhead).toFixed(3)} ms; target under 2 ms). ` +
        `Results recorded as evidence: ${recorded} of ${WARMUP + BLOCKS * CALLS_PER_BLOCK} proxied calls.`,
    ].join("\n");
  } finally {
    await Promise.allSettled([direct.close(), proxied.close(), mcp.close(), pool.close()]);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await run());
}
