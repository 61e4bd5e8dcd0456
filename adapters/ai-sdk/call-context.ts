/**
 * What each wrapped model call carries: its session, the resolved options, the logger, and what recording
 * did so far.
 */
import type { Session } from "../../src/index.js";
import type { ResolvedOptions } from "./options.js";
import type { RecordOutcome } from "./record-tool-results.js";
import type { PartLike } from "./types.js";

export interface CallContext {
  session: Session;
  options: ResolvedOptions;
  /** The firewall's logger (`warn`); the adapter's own failures go here, never into the run. */
  warn: (message: string) => void;
  /** Evidence recorded and skipped during this call. */
  outcome: RecordOutcome;
}

/** A client-executed tool call: the model's turn is not over, its text is not the final answer. */
export function isClientToolCall(part: PartLike): boolean {
  return part.type === "tool-call" && part.providerExecuted !== true;
}
