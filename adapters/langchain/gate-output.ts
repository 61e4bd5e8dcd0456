/**
 * Gates a chain's output: a string, an AI message, or a state with `messages` whose last message answers.
 */
import { AIMessage } from "@langchain/core/messages";
import { HallucinationBlocked, type Logger, type Report, type Session, type VerifyOverrides } from "../../src/index.js";
import { DEFAULT_METADATA_KEY, gateText, isFinalAnswer, rebuildMessage, type BlockOptions } from "./message-gate.js";
import { fail, type AdapterStats } from "./safety.js";
import { emitVerdict } from "./verdict-event.js";

/** Options shared by `firewallGate` and `withFirewall`. */
export interface GateOptions extends BlockOptions {
  /** Policy fields for these answers, as `fw.verify(draft, overrides)` takes them (default: the firewall's). */
  policy?: VerifyOverrides;
  /**
   * When the firewall itself fails on an output (a bug, an output that is neither text nor a message):
   * `pass` (default) lets it through unchanged, `refuse` ships the refusal (text and message outputs only).
   * Either way the failure is logged and counted.
   */
  onError?: "pass" | "refuse";
  /** Key of the report in a message's `response_metadata` (default `hallucination_firewall`). */
  metadataKey?: string;
  /** Emit the verdict event after each verified output (default true); see `VerdictEvent`. */
  events?: boolean;
  /** Told about the gate's own failures (default: the firewall's logger). */
  logger?: Logger;
}

/**
 * Verifies `output` in `session` and returns it in the same shape: a string becomes the text that may ship;
 * an AI message is rebuilt with that text and the report in `response_metadata` (same id, so a LangGraph
 * messages reducer replaces the original); `{ messages }` gets its last message gated when it is an answer.
 * Other values pass unverified (logged and counted as an error).
 * @throws HallucinationBlocked when the policy blocks and `onBlock` is `throw`; nothing else.
 */
export async function gateOutput<T>(
  output: T,
  session: Session,
  options: GateOptions,
  stats: AdapterStats,
  logger: Logger,
  writer: { writer?: unknown } | undefined,
): Promise<T> {
  const metadataKey = options.metadataKey ?? DEFAULT_METADATA_KEY;
  const events = options.events ?? true;
  const verify = async (draft: string): Promise<{ text: string; report: Report } | { error: unknown }> => {
    let outcome;
    try {
      outcome = await gateText(session, draft, options.policy, { ...options, onBlock: "refuse" });
    } catch (error) {
      fail(stats, logger, "the output was not verified", error);
      return { error };
    }
    stats.verified++;
    if (outcome.blocked) stats.blocked++;
    if (events) await emitVerdict(writer, outcome.report, session.id, undefined, outcome.blocked && options.onBlock === "throw" ? null : outcome.text, logger);
    // Throw only after the event, so that stream consumers learn why the run failed.
    if (outcome.blocked && options.onBlock === "throw") throw new HallucinationBlocked(outcome.report);
    return outcome;
  };
  const refusal = (report?: Report): string =>
    typeof options.refusal === "function" && report
      ? options.refusal(report)
      : typeof options.refusal === "string"
        ? options.refusal
        : "I can't give that answer: it could not be verified against the tool results.";

  if (typeof output === "string") {
    const r = await verify(output);
    if ("error" in r) return (options.onError === "refuse" ? refusal() : output) as T;
    return r.text as T;
  }
  if (AIMessage.isInstance(output)) return (await gateMessage(output)) as T;
  if (isMessagesState(output)) {
    const last = output.messages[output.messages.length - 1];
    if (!isFinalAnswer(last)) return output;
    return { ...output, messages: [...output.messages.slice(0, -1), await gateMessage(last)] } as T;
  }
  fail(stats, logger, `the output (${describe(output)}) is neither text nor a message: it passed unverified`, new TypeError("unsupported output"));
  return output;

  async function gateMessage(message: AIMessage): Promise<AIMessage> {
    if (!isFinalAnswer(message)) return message;
    const r = await verify(message.text);
    if ("error" in r) {
      const note = { [metadataKey]: { error: r.error instanceof Error ? r.error.message : String(r.error) } };
      return rebuildMessage(message, options.onError === "refuse" ? refusal() : message.text, note);
    }
    return rebuildMessage(message, r.text, { [metadataKey]: r.report });
  }
}

function isMessagesState(x: unknown): x is { messages: unknown[] } {
  return typeof x === "object" && x !== null && Array.isArray((x as { messages?: unknown }).messages);
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  if (typeof x === "object")
    return `an object with keys ${
      Object.keys(x as object)
        .slice(0, 5)
        .join(", ") || "none"
    }`;
  return `a ${typeof x}`;
}
