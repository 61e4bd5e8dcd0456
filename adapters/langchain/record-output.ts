/**
 * Records one tool call's output in a session: the callback handler and the agent middleware both use it.
 */
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { Logger, Session } from "../../src/index.js";
import { fail, type AdapterStats } from "./safety.js";
import { readToolOutput } from "./tool-output.js";

/** The tool call an output belongs to. */
export interface ToolCallInfo {
  /** Tool name: the evidence source. */
  name: string;
  args?: unknown;
  /** Tool call id (or run id): recording is idempotent on it. */
  callId: string;
}

/**
 * Records `output` (see `readToolOutput` for the shapes read) and counts what happened in `stats`. A failed
 * call and an output with only media blocks are skipped; an output the ledger refuses (binary, oversized) is
 * logged and counted as an error. Never throws.
 * @param artifacts record a ToolMessage's artifact as a second record (callId `<id>#artifact`).
 */
export function recordToolOutput(session: Session, output: unknown, call: ToolCallInfo, stats: AdapterStats, logger: Logger, artifacts: boolean): void {
  const reading = readToolOutput(output);
  if (reading.kind === "error") {
    stats.skipped++;
    return;
  }
  if (reading.items.length === 0) {
    stats.skipped++;
    logger.debug?.(`hallucination-firewall/langchain: the output of tool '${call.name}' holds only ${reading.dropped.join(", ") || "nothing"}: not evidence`);
    return;
  }
  for (const item of reading.items) {
    if (item.part === "artifact" && !artifacts) continue;
    const source = item.name || call.name;
    const callId = item.toolCallId ?? call.callId;
    const failed = (error: unknown) => fail(stats, logger, `the ${item.part} of tool '${source}' was not recorded`, error);
    try {
      // A PostgreSQL store writes in the background, before the session's next verify.
      const out = session.recordAny({ source, content: item.content, args: call.args, callId: item.part === "artifact" ? `${callId}#artifact` : callId });
      if (out instanceof Promise) out.then((a) => a.added && stats.recorded++, failed);
      else if (out.added) stats.recorded++;
    } catch (error) {
      failed(error);
    }
  }
}

/**
 * Records the tool messages of a conversation that the session does not hold yet (recording is idempotent
 * on the tool call id), with the name and arguments of the AI message's tool call they answer. Never throws.
 */
export function recordToolMessages(session: Session, messages: readonly BaseMessage[], stats: AdapterStats, logger: Logger, artifacts: boolean): void {
  let calls: Map<string, { name: string; args: unknown }> | undefined;
  for (const message of messages) {
    if (!ToolMessage.isInstance(message)) continue;
    const callId = message.tool_call_id || message.id;
    if (!callId || seen(session, callId)) continue;
    calls ??= toolCallsOf(messages);
    const call = calls.get(callId);
    recordToolOutput(session, message, { name: message.name ?? call?.name ?? "tool", args: call?.args, callId }, stats, logger, artifacts);
  }
}

/** Tool calls are remembered per session so that a long conversation is not re-read on every turn. */
const handled = new WeakMap<Session, Set<string>>();

function seen(session: Session, callId: string): boolean {
  let ids = handled.get(session);
  if (!ids) handled.set(session, (ids = new Set()));
  if (ids.has(callId)) return true;
  ids.add(callId);
  return false;
}

function toolCallsOf(messages: readonly BaseMessage[]): Map<string, { name: string; args: unknown }> {
  const calls = new Map<string, { name: string; args: unknown }>();
  for (const m of messages) {
    if (!AIMessage.isInstance(m)) continue;
    for (const c of m.tool_calls ?? []) if (c.id) calls.set(c.id, { name: c.name, args: c.args });
  }
  return calls;
}
