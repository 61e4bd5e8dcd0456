/**
 * The verdict events for stream consumers (one after each verified answer, one per released unit of a
 * progressive stream): chunks of LangGraph's `custom` stream mode and LangChain custom callback events
 * (`on_custom_event` in `streamEvents`).
 */
import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";
import type { Claim, ClaimVerdict, Logger, Report } from "../../src/index.js";

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
  await sendEvent(runtime, VERDICT_EVENT, event, logger);
  return event;
}

/**
 * Writes an event to the `custom` stream (when the run has a writer) and dispatches it as a custom event
 * (`on_custom_event` in `streamEvents`). Never throws: a failure is told to `logger.debug`.
 */
async function sendEvent(runtime: { writer?: unknown } | undefined, name: string, event: unknown, logger: Logger): Promise<void> {
  try {
    if (typeof runtime?.writer === "function") (runtime.writer as (chunk: unknown) => void)(event);
  } catch (error) {
    logger.debug?.(`hallucination-firewall/langchain: custom stream write failed: ${String(error)}`);
  }
  try {
    await dispatchCustomEvent(name, event);
  } catch (error) {
    logger.debug?.(`hallucination-firewall/langchain: no run to dispatch the ${name} event to: ${String(error)}`);
  }
}

/** Name of the per-unit event of a progressive stream, and `type` of its custom stream chunk. */
export const UNIT_VERDICT_EVENT = "hallucination_firewall_unit";

/**
 * What the per-unit event carries: one per release of a progressive stream (a sentence, list item or table
 * row, or a few when they completed together), sent right after its text.
 */
export interface UnitVerdictEvent {
  type: typeof UNIT_VERDICT_EVENT;
  sessionId: string;
  /** Id of the streamed message the text belongs to. */
  messageId: string | undefined;
  /** 0 for the answer's first release, then 1, 2, ... */
  index: number;
  /** The text released: the unit as written, corrected (rewrite) or marked (annotate). */
  text: string;
  /** The model's own text for it (`draft` range of the answer as the model wrote it). */
  draftText: string;
  /** `[start, end)` in the model's answer, in characters. */
  draft: [number, number];
  /** The released text differs from the model's (a figure corrected or marked, a claim hedged). */
  changed: boolean;
  /** The claims that start in the range, and their verdicts (same order, ids as in the final report). */
  claims: Claim[];
  verdicts: ClaimVerdict[];
}

/** Emits a per-unit event the way {@link emitVerdict} emits the answer's. Never throws. */
export async function emitUnitVerdict(runtime: { writer?: unknown } | undefined, event: UnitVerdictEvent, logger: Logger): Promise<void> {
  await sendEvent(runtime, UNIT_VERDICT_EVENT, event, logger);
}

function hasType(chunk: unknown, type: string): boolean {
  return typeof chunk === "object" && chunk !== null && (chunk as { type?: unknown }).type === type;
}

/**
 * Whether a `custom` stream chunk (or an `on_custom_event`'s data) is the per-answer verdict event. LangGraph
 * types custom chunks as `unknown`; this narrows one without a cast.
 */
export function isVerdictEvent(chunk: unknown): chunk is VerdictEvent {
  return hasType(chunk, VERDICT_EVENT);
}

/** Whether a `custom` stream chunk (or an `on_custom_event`'s data) is the per-unit event of a progressive stream. */
export function isUnitVerdictEvent(chunk: unknown): chunk is UnitVerdictEvent {
  return hasType(chunk, UNIT_VERDICT_EVENT);
}
