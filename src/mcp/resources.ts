/**
 * The server's resources: `ledger://session/{id}` (what the tools returned: the session's evidence records) and
 * `report://session/{id}` (the session's hallucination report: totals and every verified answer). Both are
 * JSON, read from the store. A client session reads its own only: over HTTP, other clients' sessions are
 * theirs (`hfw export` and the dashboard show every session of the store).
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { asyncBrowserOf } from "../store/async-browser.js";
import type { McpSdk } from "./load-sdk.js";
import type { McpSessionState } from "./session-state.js";

/** JSON-RPC error code for a resource that does not exist (MCP specification, "Resources: error handling"). */
export const RESOURCE_NOT_FOUND = -32002;

const TEMPLATES = [
  {
    uriTemplate: "ledger://session/{id}",
    name: "ledger",
    title: "Evidence ledger",
    description: "What the tools returned in a session: every evidence record (source, call id, arguments, content), in recording order.",
    mimeType: "application/json",
  },
  {
    uriTemplate: "report://session/{id}",
    name: "report",
    title: "Hallucination report",
    description: "A session's totals (claims by verdict, grounding score, decisions) and every verified answer with its verdicts.",
    mimeType: "application/json",
  },
];

function resourcesOf(sessionId: string): Resource[] {
  const id = encodeURIComponent(sessionId);
  return [
    { uri: `ledger://session/${id}`, name: `ledger ${sessionId}`, title: "This session's evidence ledger", mimeType: "application/json" },
    { uri: `report://session/${id}`, name: `report ${sessionId}`, title: "This session's hallucination report", mimeType: "application/json" },
  ];
}

/**
 * A resource-not-found error. A plain error with a `code` (not `McpError`, whose message already starts with
 * "MCP error -32002:", which the client would then print twice).
 */
function notFound(message: string): Error {
  return Object.assign(new Error(message), { code: RESOURCE_NOT_FOUND });
}

/** Answers `resources/list`, `resources/templates/list` and `resources/read` for one client session. */
export function serveResources(server: Server, state: McpSessionState, types: McpSdk["types"]): void {
  const { ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } = types;
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resourcesOf(state.sessionId) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: TEMPLATES }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const match = /^(ledger|report):\/\/session\/([^/?#]+)$/.exec(uri);
    if (!match) throw notFound(`Unknown resource '${uri}': use ledger://session/{id} or report://session/{id}.`);
    const [, kind, encoded] = match;
    const sessionId = decodeURIComponent(encoded!);
    // Each client session sees its own session only: another client's evidence is not this one's to read.
    if (sessionId !== state.sessionId) {
      throw notFound(
        `This client session can read only its own resources (${kind}://session/${encodeURIComponent(state.sessionId)}); 'hfw export' or the dashboard show the others.`,
      );
    }
    await state.syncedSession(); // stores a session that has recorded nothing yet, and what this process queued
    const browser = asyncBrowserOf(state.firewall.store);
    const body =
      kind === "ledger"
        ? { sessionId, evidence: await browser.listEvidence(sessionId) }
        : { session: await browser.getSession(sessionId), reports: await browser.listReports(sessionId) };
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(body, null, 2) }] };
  });
}
