/**
 * What of a PostToolUse `tool_response` is the tool's output. Its shape depends on the tool: a string; an
 * MCP tool's content blocks (`[{ "type": "text", "text": "..." }]`, per the MCP specification's
 * `CallToolResult.content`, https://modelcontextprotocol.io/specification/2025-06-18/server/tools), sometimes
 * the whole result with `structuredContent`; a built-in tool's object (`Bash`: `{ stdout, stderr, ... }`,
 * `Read`: `{ type, file: { filePath, content, ... } }`, others their own fields).
 *
 * The output is given to the ledger as the tool returned it: a text block holding JSON stays a string, which
 * the ledger reads as JSON (see `toEvidenceText`).
 */
import { FirewallError } from "../errors.js";

type Block = { type: string; text?: unknown; resource?: { text?: unknown } };

/** The content block types of the MCP specification; an array of rows with a `type` column is not blocks. */
const BLOCK_TYPES = new Set(["text", "image", "audio", "resource", "resource_link"]);

function isBlocks(value: unknown): value is Block[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((b) => b !== null && typeof b === "object" && !Array.isArray(b) && BLOCK_TYPES.has((b as { type?: unknown }).type as string))
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The text of content blocks: text blocks and embedded text resources, in order; images and audio carry none. */
function blocksText(blocks: Block[], tool: string): string {
  const texts: string[] = [];
  for (const b of blocks) {
    if (b.type === "text" && typeof b.text === "string") texts.push(b.text);
    else if (b.type === "resource" && isObject(b.resource) && typeof b.resource.text === "string") texts.push(b.resource.text);
  }
  if (texts.length === 0) {
    throw new FirewallError(
      `The output of '${tool}' has no text (its blocks are ${[...new Set(blocks.map((b) => b.type))].join(", ")}): nothing the verifier can read.`,
    );
  }
  return texts.join("\n\n");
}

/**
 * @param response the hook input's `tool_response`.
 * @param tool the tool's name, for messages.
 * @returns the tool's output: a string, or a JSON value for the ledger to flatten.
 * @throws FirewallError when the output holds no text (images only), or is an MCP error result (an error is not
 *   evidence).
 */
export function toolOutput(response: unknown, tool: string): unknown {
  if (typeof response === "string") return response;
  if (isBlocks(response)) return blocksText(response, tool);
  if (!isObject(response)) return response;
  if (isBlocks(response.content) || (Array.isArray(response.content) && "isError" in response)) {
    if (response.isError === true) throw new FirewallError(`'${tool}' returned an error result: an error is not evidence, nothing recorded.`);
    if (isObject(response.structuredContent)) return response.structuredContent;
    return isBlocks(response.content) ? blocksText(response.content, tool) : "";
  }
  // A shell's output: what it printed, its error stream after.
  if (typeof response.stdout === "string") {
    const stderr = typeof response.stderr === "string" ? response.stderr.trim() : "";
    return stderr ? `${response.stdout}\n${stderr}` : response.stdout;
  }
  // A file read: the file's text.
  if (isObject(response.file) && typeof response.file.content === "string") return response.file.content;
  return response;
}
