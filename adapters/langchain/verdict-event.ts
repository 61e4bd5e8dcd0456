/**
 * The verdict event that follows a verified answer, for stream consumers: a chunk of LangGraph's `custom`
 * stream mode and a LangChain custom callback event (`on_custom_event` in `streamEvents`).
 */
import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";
import type { Logger, Report } from "../../src/index.js";

/** Name of the custom event, and `type` of the custom stream chunk. */
export const VERDICT_EVENT = "hallucination_firewall";

/** What the verdict event carries. */
export interface VerdictEvent {
  type: typeof VERDICT_EVENT;
  sessionId: string;
  /** Id of the message that ships (the gated one), when it has one. */
  messageId: string | undefined;
  decision: Report["decision"];
  /** 0..1, null when nothing was checkable. */
  groundingScore: number | null;
  /** The text that ships: the answer, annotated or rewritten, or the refusal; null when the run was rejected. */
  output: string | null;
  report: Report;
}

/**
 * Emits the verdict event on the LangGraph writer (when the node has one) and as a custom callback event
 * (when a parent run exists). Never throws: outside a run there is simply nobody to tell.
 */
export async function emitVerdict(
  runtime: { writer?: unknown } | undefined,
  report: Report,
  sessionId: string,
  messageId: string | undefined,
  output: string | null,
  logger: Logger,
): Promise<VerdictEvent> {
  const event: VerdictEvent = {
    type: VERDICT_EVENT,
    sessionId,
    messageId,
    decision: report.decision,
    groundingScore: report.groundingScore,
    output,
    report,
  };
  try {
    if (typeof runtime?.writer === "function") (runtime.writer as (chunk: unknown) => void)(event);
  } catch (error) {
    logger.debug?.(`hallucination-firewall/langchain: custom stream write failed: ${String(error)}`);
  }
  try {
    await dispatchCustomEvent(VERDICT_EVENT, event);
  } catch (error) {
    logger.debug?.(`hallucination-firewall/langchain: no run to dispatch the verdict event to: ${String(error)}`);
  }
  return event;
}
