/**
 * The tools one MCP server offers: the firewall's own (zod schemas, see `firewall-tools.ts`) and, behind a
 * recording proxy, the downstream servers' tools (their JSON Schemas kept as they came, see `proxy.ts`).
 * The server answers `tools/list` and `tools/call` from this registry, so both kinds sit side by side.
 *
 * Shapes follow the MCP specification's `Tool` and `CallToolResult`
 * (https://modelcontextprotocol.io/specification/2025-06-18/server/tools).
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { RecordInput } from "../ledger/evidence-ledger.js";

/** What a tool handler is told besides its arguments. */
export interface ToolCallContext {
  /** Aborted when the client cancels the call (`notifications/cancelled`) or the connection closes. */
  signal: AbortSignal;
  /**
   * An id of this call, unique within the firewall session (the connection's own prefix and the JSON-RPC id of
   * the `tools/call` request): a proxy records it as the evidence's `callId`.
   */
  requestId: string;
  /** The client's progress token for this call, when it asked for progress. */
  progressToken?: string | number;
  /** Sends a `notifications/progress` to the client (a no-op without a progress token). */
  sendProgress: (progress: { progress: number; total?: number; message?: string }) => Promise<void>;
}

/** One tool of the registry. */
export interface RegisteredTool {
  /** The tool's definition as `tools/list` returns it (name, description, JSON Schemas, annotations). */
  definition: Tool;
  /**
   * Runs the tool. Arguments are as the client sent them (validate them; a bad argument is a result with
   * `isError: true`, not a throw). A thrown error becomes an `isError` result with its message.
   */
  call: (args: Record<string, unknown>, context: ToolCallContext) => Promise<CallToolResult>;
}

/**
 * Tools that come from elsewhere (a recording proxy's downstream servers). Each MCP client session gets its own
 * set, bound to that session's ledger through `record`.
 */
/**
 * Records one tool result as evidence in the caller's session (what it returns is ignored; a promise is
 * awaited). A failure is logged, never passed to the caller.
 */
export type RecordEvidence = (input: RecordInput) => unknown;

export interface ToolSource {
  /**
   * The tools for one client session; each successful call is passed to `record` as evidence. A tool's
   * result is returned once `record` has settled (its promise, with an asynchronous store), so that the
   * evidence is stored before the agent can act on the result.
   */
  toolsFor(record: RecordEvidence): RegisteredTool[];
  /** Calls `listener` when the tools change (a downstream server's list changed, or it exited); returns an unsubscribe. */
  onChange?(listener: () => void): () => void;
}

/** An ordered set of tools by name; a later registration with the same name replaces the earlier one. */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private readonly listeners = new Set<() => void>();

  /** Adds or replaces tools, then tells listeners (the server sends `notifications/tools/list_changed`). */
  add(...tools: RegisteredTool[]): void {
    for (const tool of tools) this.tools.set(tool.definition.name, tool);
    this.changed();
  }

  /** Removes the named tools, then tells listeners. */
  remove(...names: string[]): void {
    for (const name of names) this.tools.delete(name);
    this.changed();
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** Definitions in registration order. */
  list(): Tool[] {
    return [...this.tools.values()].map((t) => t.definition);
  }

  /** Calls `listener` after each change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A tool result that reports an error to the model (`isError: true`) with one text block. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}
