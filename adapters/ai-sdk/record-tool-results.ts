/**
 * Records tool results as evidence: those the prompt carries back to the model (client-executed tools), and
 * those a provider executed itself and returned in its response (web search and the like).
 */
import type { Session } from "../../src/index.js";
import type { PartLike, PromptMessageLike, PromptToolCallPart, PromptToolResultPart } from "./types.js";

/** What a recording pass did: ids of records it added, and results it could not record (with why). */
export interface RecordOutcome {
  recorded: string[];
  skipped: Array<{ toolCallId: string; reason: string }>;
}

export function emptyOutcome(): RecordOutcome {
  return { recorded: [], skipped: [] };
}

/**
 * Records every tool-result part of the prompt's `tool` messages (and tool results inside assistant
 * messages) once: the ledger ignores a tool call id it has seen, so each step costs a map look-up per old
 * result. JSON results keep their structure; `content` results keep their text parts; error and denied
 * results are not evidence. A result the ledger refuses (binary, oversized) is skipped and reported.
 */
export function recordPromptToolResults(session: Session, prompt: ReadonlyArray<PromptMessageLike>, outcome: RecordOutcome): void {
  // One pass: a tool call always precedes its result in the prompt, so its input is known by then.
  const inputs = new Map<string, unknown>();
  for (const message of prompt) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as PartLike[]) {
      if (part?.type === "tool-call") {
        const call = part as unknown as PromptToolCallPart;
        inputs.set(call.toolCallId, call.input);
      } else if (part?.type === "tool-result") {
        const result = part as unknown as PromptToolResultPart;
        if (typeof result.toolCallId !== "string") continue;
        const content = evidenceOf(result.output);
        if (content === undefined) continue;
        save(session, outcome, { source: result.toolName, callId: result.toolCallId, content, args: inputs.get(result.toolCallId) });
      }
    }
  }
}

/**
 * Records a tool result that the provider executed and returned in its response (`tool-result` content or
 * stream part with `result`); preliminary and error results are not evidence.
 */
export function recordProviderToolResult(session: Session, part: PartLike, outcome: RecordOutcome): void {
  if (part.type !== "tool-result" || part.preliminary === true || part.isError === true) return;
  const { toolCallId, toolName, result } = part as { toolCallId?: unknown; toolName?: unknown; result?: unknown };
  if (typeof toolCallId !== "string" || result === undefined || result === null) return;
  save(session, outcome, { source: typeof toolName === "string" ? toolName : "tool", callId: toolCallId, content: result });
}

function save(session: Session, outcome: RecordOutcome, input: { source: string; callId: string; content: unknown; args?: unknown }): void {
  const skipped = (error: unknown) => outcome.skipped.push({ toolCallId: input.callId, reason: error instanceof Error ? error.message : String(error) });
  try {
    // A PostgreSQL store writes in the background, before the session's next verify.
    const out = session.recordAny(input);
    if (out instanceof Promise) out.then((a) => a.added && outcome.recorded.push(a.record.id), skipped);
    else if (out.added) outcome.recorded.push(out.record.id);
  } catch (error) {
    skipped(error);
  }
}

/** The evidence content of a tool-result output, or `undefined` when it is not evidence. */
export function evidenceOf(output: PromptToolResultPart["output"] | undefined): unknown {
  if (!output || typeof output !== "object") return undefined;
  switch (output.type) {
    case "json":
      return output.value === undefined ? undefined : output.value;
    case "text":
      return typeof output.value === "string" ? output.value : undefined;
    case "content": {
      if (!Array.isArray(output.value)) return undefined;
      const texts = (output.value as PartLike[]).filter((p) => p?.type === "text" && typeof p.text === "string").map((p) => p.text as string);
      return texts.length ? texts.join("\n") : undefined;
    }
    default:
      // error-text, error-json, execution-denied: an error is not evidence (as `Session.watch` treats throws).
      return undefined;
  }
}
