/**
 * Reads what a LangChain tool returned (a `ToolMessage`, a LangGraph `Command`, or the raw return value of a
 * tool invoked without a tool call) into the pieces the firewall records as evidence.
 */
import { ToolMessage } from "@langchain/core/messages";

/** One piece of evidence read from a tool output. */
export interface ToolEvidence {
  /** `content` for the message content or raw return value, `artifact` for a ToolMessage's artifact. */
  part: "content" | "artifact";
  /** What to record: a string, bytes, or a JSON value (the core decides text or JSON). */
  content: unknown;
  /** The tool's name as the message gives it, when it does. */
  name?: string;
  /** The tool call id as the message gives it, when it does. */
  toolCallId?: string;
}

/** What a tool output holds. */
export type ToolOutputReading =
  /** Evidence to record; `dropped` names content blocks that are not evidence (images, audio, files). */
  | { kind: "evidence"; items: ToolEvidence[]; dropped: string[] }
  /** A failed call (`status: "error"`): an error is not evidence. */
  | { kind: "error"; reason: string };

/** Content block types that carry media, not text a claim could be checked against. */
const MEDIA_BLOCKS = new Set(["image", "image_url", "audio", "input_audio", "file", "video", "document"]);

/**
 * Splits a tool output into evidence pieces.
 *
 * - `ToolMessage`: its content (a string, or content blocks whose text blocks are joined and whose media
 *   blocks are dropped) and, when present, its `artifact` as a second piece.
 * - A LangGraph `Command` returned by a tool: the tool messages in its `update.messages`.
 * - Anything else (a tool invoked with plain arguments): the value itself; `undefined` reads as `""` (a tool
 *   that returned nothing returned an empty result, which is evidence too).
 *
 * Never throws.
 */
export function readToolOutput(output: unknown): ToolOutputReading {
  if (ToolMessage.isInstance(output)) return readToolMessage(output);
  const commandMessages = commandToolMessages(output);
  if (commandMessages) {
    const items: ToolEvidence[] = [];
    const dropped: string[] = [];
    for (const m of commandMessages) {
      const r = readToolMessage(m);
      if (r.kind === "error") continue;
      items.push(...r.items);
      dropped.push(...r.dropped);
    }
    return { kind: "evidence", items, dropped };
  }
  if (Array.isArray(output) && output.length > 0 && output.every(isBlockShaped)) {
    const { content, dropped } = readBlocks(output);
    return { kind: "evidence", items: content === undefined ? [] : [{ part: "content", content }], dropped };
  }
  return { kind: "evidence", items: [{ part: "content", content: output === undefined ? "" : output }], dropped: [] };
}

function readToolMessage(message: ToolMessage): ToolOutputReading {
  if (message.status === "error") {
    return { kind: "error", reason: `tool '${message.name ?? "tool"}' reported an error` };
  }
  const base = { name: message.name, toolCallId: message.tool_call_id || undefined };
  const items: ToolEvidence[] = [];
  let dropped: string[] = [];
  if (typeof message.content === "string") {
    items.push({ part: "content", content: message.content, ...base });
  } else {
    const r = readBlocks(message.content as unknown[]);
    dropped = r.dropped;
    if (r.content !== undefined) items.push({ part: "content", content: r.content, ...base });
  }
  if (message.artifact !== undefined && message.artifact !== null) items.push({ part: "artifact", content: message.artifact, ...base });
  return { kind: "evidence", items, dropped };
}

/**
 * Content blocks: text blocks are joined into one text; media blocks are dropped; blocks of any other type
 * (a tool's own `{ type: "invoice", ... }` objects, which LangChain also passes as blocks) stay as JSON.
 */
function readBlocks(blocks: unknown[]): { content: unknown; dropped: string[] } {
  const texts: string[] = [];
  const others: unknown[] = [];
  const dropped: string[] = [];
  for (const block of blocks) {
    if (typeof block === "string") {
      texts.push(block);
      continue;
    }
    const type = isBlockShaped(block) ? String(block.type) : "unknown";
    if (type === "text" && typeof (block as { text?: unknown }).text === "string") texts.push((block as { text: string }).text);
    else if (MEDIA_BLOCKS.has(type)) dropped.push(type);
    else others.push(block);
  }
  if (others.length > 0) return { content: texts.length > 0 ? { text: texts.join("\n\n"), blocks: others } : others, dropped };
  if (texts.length > 0) return { content: texts.join("\n\n"), dropped };
  return { content: undefined, dropped };
}

function isBlockShaped(x: unknown): x is { type: unknown } {
  return typeof x === "object" && x !== null && "type" in x;
}

/** The tool messages of a LangGraph `Command` (duck-typed: the adapter does not depend on LangGraph). */
function commandToolMessages(x: unknown): ToolMessage[] | null {
  if (typeof x !== "object" || x === null || (x as { lg_name?: unknown }).lg_name !== "Command") return null;
  const update = (x as { update?: unknown }).update;
  const messages = typeof update === "object" && update !== null ? (update as { messages?: unknown }).messages : undefined;
  return Array.isArray(messages) ? messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)) : [];
}

/** The tool's arguments from the callback input: the parsed JSON object when it is one, else the string. */
export function parseToolInput(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const t = input.trimStart();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return JSON.parse(input) as unknown;
    } catch {
      return input;
    }
  }
  return input;
}
