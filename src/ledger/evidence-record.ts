/**
 * How a tool output becomes an evidence record: decoded, flattened (JSON, tables), hashed and measured. The
 * ledger records through it, and so does a process that only appends to a store (the Claude Code capture
 * hook), so both make the same record from the same output. It loads no index and no verifier.
 */
import { createHash } from "node:crypto";
import type { EvidenceRecord } from "../schema.js";
import { chunkSpans } from "./chunk.js";
import { type EvidenceFormat, toEvidenceText } from "./evidence-text.js";

/** What `record` takes. */
export interface RecordInput {
  /** Tool or source name (e.g. `npm_view`); defaults to `tool`. */
  source?: string;
  /** The tool output: a string, bytes (UTF-8), or any JSON value. */
  content: unknown;
  /** The tool's arguments, kept for display. */
  args?: unknown;
  /** Tool call id: recording the same id twice returns the first record and adds nothing. */
  callId?: string | null;
  /**
   * Force how a string is read: `text`, `json`, or `csv` (a CSV or TSV table with a header line, kept as a
   * `json` record of rows). By default a string holding a JSON object or array is read as JSON, and one that
   * looks like a table as a table.
   */
  format?: EvidenceFormat;
}

/**
 * Makes the record of one tool output. Cost is linear in its size (decode, flatten, chunk, hash).
 * @param id the record's id in its session (`e1`, `e2`, ...).
 * @param options.maxEvidenceBytes largest output accepted, bytes (default 256 MiB).
 * @returns the record, and the spans of its chunks in `record.text`.
 * @throws EvidenceError for binary, non-UTF-8, oversized or malformed-JSON-declared-as-JSON content.
 */
export function buildEvidenceRecord(
  input: RecordInput,
  id: string,
  options: { maxEvidenceBytes?: number } = {},
): { record: EvidenceRecord; spans: Array<[number, number]> } {
  const source = input.source?.trim() || "tool";
  const ev = toEvidenceText(input.content, source, { format: input.format, maxBytes: options.maxEvidenceBytes });
  const spans = chunkSpans(ev.text);
  const record: EvidenceRecord = {
    id,
    source,
    callId: input.callId ?? null,
    ...(input.args === undefined ? {} : { args: input.args }),
    format: ev.format,
    content: ev.content,
    text: ev.text,
    hash: createHash("sha256").update(ev.text).digest("hex"),
    bytes: Buffer.byteLength(ev.text, "utf8"),
    chunkCount: spans.length,
    recordedAt: Date.now(),
  };
  return { record, spans };
}
