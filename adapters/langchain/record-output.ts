/**
 * Records one tool call's output in a session: the callback handler and the agent middleware both use it.
 */
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
    try {
      const before = session.ledger.records.length;
      session.record({ source, content: item.content, args: call.args, callId: item.part === "artifact" ? `${callId}#artifact` : callId });
      if (session.ledger.records.length > before) stats.recorded++;
    } catch (error) {
      fail(stats, logger, `the ${item.part} of tool '${source}' was not recorded`, error);
    }
  }
}
