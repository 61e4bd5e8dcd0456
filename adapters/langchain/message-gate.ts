/**
 * Verifies an answer's text in a session and turns the policy's decision into the text and the message that
 * may ship. Shared by the agent middleware and the chain gate.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { HallucinationBlocked, type Report, type Session, type VerifyOverrides } from "../../src/index.js";

/** How an answer the policy blocks is handled. */
export interface BlockOptions {
  /**
   * `refuse` (default) ships `refusal` in place of the answer; `throw` rejects the run with
   * `HallucinationBlocked` (inside `createAgent`, LangChain wraps it in a `MiddlewareError`: use
   * `findHallucinationBlocked(error)`).
   */
  onBlock?: "refuse" | "throw";
  /** The text shipped in place of a blocked answer (default: {@link defaultRefusal}). */
  refusal?: string | ((report: Report) => string);
}

/** Key under which the report is attached to a message's `response_metadata` (default). */
export const DEFAULT_METADATA_KEY = "hallucination_firewall";

/** The refusal shipped in place of a blocked answer unless you set `refusal`. */
export function defaultRefusal(report: Report): string {
  const failed = report.counts.contradicted + report.counts.unsupported;
  return (
    `I can't give that answer: ${failed} of its statements could not be verified against the tool results. ` +
    `Please rephrase the question or check the sources directly.`
  );
}

/** What the gate decided for one answer. */
export interface GateOutcome {
  /** The text that may ship: the draft (pass), annotated or rewritten, or the refusal (block). */
  text: string;
  report: Report;
  blocked: boolean;
}

/**
 * Verifies `draft` in `session` and applies the policy.
 * @throws HallucinationBlocked when the policy blocks and `onBlock` is `throw`.
 * @throws DraftError (from the core) for a draft that is not text; callers catch it and fail open or closed.
 */
export async function gateText(session: Session, draft: string, policy: VerifyOverrides | undefined, block: BlockOptions): Promise<GateOutcome> {
  const report = await session.verify(draft, policy);
  return outcomeOf(report, block);
}

/** The outcome of a report that was already made. @throws HallucinationBlocked as {@link gateText}. */
export function outcomeOf(report: Report, block: BlockOptions): GateOutcome {
  if (report.decision === "block" || report.output === null) {
    if (block.onBlock === "throw") throw new HallucinationBlocked(report);
    const refusal = typeof block.refusal === "function" ? block.refusal(report) : (block.refusal ?? defaultRefusal(report));
    return { text: refusal, report, blocked: true };
  }
  return { text: report.output, report, blocked: false };
}

/** The text of a message: a string content, or its text blocks joined. */
export function messageText(message: BaseMessage): string {
  return message.text;
}

/** An AI message that answers (no tool calls) with some text: what the firewall verifies. */
export function isFinalAnswer(message: unknown): message is AIMessage {
  if (!AIMessage.isInstance(message)) return false;
  if ((message.tool_calls?.length ?? 0) > 0) return false;
  return message.text.trim() !== "";
}

/**
 * A copy of an AI message with its text replaced by `text` (non-text content blocks, such as reasoning, are
 * kept; the first text block takes the new text; the same text keeps the content as it was) and `extra`
 * merged into `response_metadata`.
 * @param id the new message's id (default: the original's).
 */
export function rebuildMessage(message: AIMessage, text: string, extra: Record<string, unknown>, id: string | undefined = message.id): AIMessage {
  return new AIMessage({
    content: text === message.text ? message.content : replaceText(message.content, text),
    id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: { ...message.response_metadata, ...extra },
    usage_metadata: message.usage_metadata,
    tool_calls: [],
    invalid_tool_calls: message.invalid_tool_calls ?? [],
  });
}

function replaceText(content: AIMessage["content"], text: string): AIMessage["content"] {
  if (typeof content === "string") return text;
  const out: typeof content = [];
  let placed = false;
  for (const block of content) {
    const isText = typeof block === "string" || (typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text");
    if (!isText) {
      out.push(block);
      continue;
    }
    if (!placed) out.push({ type: "text", text });
    placed = true;
  }
  if (!placed) out.push({ type: "text", text });
  return out;
}

/**
 * The firewall's report attached to a message by the middleware or a gate.
 * @returns the report, or `undefined` when the message carries none (not verified, or the firewall failed on
 *   it: then `response_metadata[key]` holds `{ error }`).
 */
export function firewallReport(message: BaseMessage | null | undefined, key: string = DEFAULT_METADATA_KEY): Report | undefined {
  const value = (message?.response_metadata as Record<string, unknown> | undefined)?.[key];
  return typeof value === "object" && value !== null && Array.isArray((value as { verdicts?: unknown }).verdicts) ? (value as Report) : undefined;
}
