/**
 * Turns a tool's output (string, bytes or JSON value) into the text the verifier reads.
 */
import { EvidenceError } from "../errors.js";
import { flattenJson } from "./flatten-json.js";
import { csvRows, csvWithPreamble, declaredCsvTable } from "./csv-table.js";
import { alignedTable, tableRecord } from "./aligned-table.js";
import { markdownTable } from "./markdown-table.js";
import { textWithTables } from "./text-tables.js";

export interface EvidenceText {
  format: "text" | "json";
  /** The content as kept in the record: the string as given (also when it holds JSON), or the JSON value. */
  content: unknown;
  text: string;
}

/** How a recorded string is read: as text, JSON, or a CSV/TSV table (see {@link toEvidenceText}). */
export type EvidenceFormat = "text" | "json" | "csv";

/** Bytes of a string or buffer above which a single record is refused (256 MiB): raise it with `maxEvidenceBytes`. */
export const DEFAULT_MAX_EVIDENCE_BYTES = 256 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A control character other than tab, newline, carriage return, form feed: a sign of binary content. */
const BINARY = /[\u0000-\u0008\u000E-\u001A\u001C-\u001F]/g;

function assertText(text: string, source: string): void {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  const control = sample.match(BINARY)?.length ?? 0;
  if (control > 0 && (sample.includes("\u0000") || control / sample.length > 0.01)) {
    throw new EvidenceError(
      `Evidence from '${source}' looks binary (${control} control characters in the first ${sample.length}): ` +
        `record text, JSON, or a base64 string with a description instead.`,
    );
  }
}

const HTML_HINT = /<(?:table|tr|td|th|div|p|br|li|ul|ol|span|html|body|h[1-6])\b[^>]*>/i;
const BLOCK_TAG = /<\/?(?:table|tr|div|p|br|li|ul|ol|html|body|head|h[1-6]|section|article|header|footer)\b[^>]*>/gi;
const CELL_TAG = /<\/?(?:td|th)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * HTML to text, with a break between table cells and blocks: without it, adjacent cells fuse into a number
 * nobody wrote (`$2,850.00` + `67.2%` -> `$2,850.0067.2%`).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(CELL_TAG, " | ")
    .replace(BLOCK_TAG, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]*\|[ \t]*(\|[ \t]*)+/g, " | ")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

/**
 * @param content a string, a `Uint8Array`/`Buffer` (must be UTF-8), or any JSON value.
 * @param options.format force `json` (malformed JSON then throws), `csv` (a CSV or TSV table with a header
 *   line, read as rows of named columns; the record's format is then `json`) or `text`; by default a string
 *   that parses as a JSON object or array is read as JSON, and one that looks like a table as a table, as an
 *   agent's tool output would be.
 * @throws EvidenceError for invalid UTF-8, binary content, malformed JSON declared as JSON, a declared CSV
 *   that is not a table, or values JSON cannot hold (functions, symbols, cycles).
 */
export function toEvidenceText(content: unknown, source: string, options: { format?: EvidenceFormat; maxBytes?: number } = {}): EvidenceText {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_EVIDENCE_BYTES;
  if (content instanceof Uint8Array) {
    if (content.byteLength > maxBytes) throw tooBig(source, content.byteLength, maxBytes);
    let decoded: string;
    try {
      decoded = utf8.decode(content);
    } catch (cause) {
      throw new EvidenceError(
        `Evidence from '${source}' is not valid UTF-8: decode it to text first (e.g. buffer.toString('latin1')) or record it as base64 with a description.`,
        { cause },
      );
    }
    return toEvidenceText(decoded, source, options);
  }
  if (typeof content === "string") {
    if (content.length > maxBytes) throw tooBig(source, content.length, maxBytes);
    assertText(content, source);
    if (options.format === "csv") return { format: "json", content, text: flattenJson(declaredCsvTable(content, source)) };
    const trimmed = content.trimStart();
    const looksJson = trimmed.startsWith("{") || trimmed.startsWith("[");
    if (options.format === "json" || (options.format === undefined && looksJson)) {
      try {
        const value: unknown = JSON.parse(content);
        if (options.format === "json" || (value !== null && typeof value === "object")) {
          // The string is kept as given (compact); its parsed value is only needed to flatten it.
          return { format: "json", content, text: flattenJson(value) };
        }
      } catch (cause) {
        if (options.format === "json") {
          throw new EvidenceError(
            `Evidence from '${source}' was declared JSON but does not parse (${(cause as Error).message}): ` +
              `fix the tool output, or record it as text (record({ ..., format: "text" }); in the CLI, a .txt file).`,
            { cause },
          );
        }
      }
    }
    if (options.format === undefined && !HTML_HINT.test(content)) {
      // A CSV or TSV table is read as rows of named columns, as a JSON array of records would be.
      const rows = csvRows(content);
      if (rows) return { format: "json", content, text: flattenJson(rows) };
      // One under a title and `Key: value` lines (an export's header): those are the record's fields.
      const exported = csvWithPreamble(content);
      if (exported) return { format: "json", content, text: flattenJson(exported) };
      // A Markdown table with a caption: rows of named columns, with the caption's scale on its figures.
      const table = markdownTable(content);
      if (table) return { format: "json", content, text: flattenJson(table) };
      // A table aligned with spaces (a CLI listing, a printed statement): the same, once its columns are found.
      const aligned = alignedTable(content);
      if (aligned) return { format: "json", content, text: flattenJson(tableRecord(aligned)) };
      // Tables among other lines (a report's title and fields, then its table): the tables read so, the rest as is.
      const mixed = textWithTables(content);
      if (mixed !== null) return { format: "json", content, text: mixed };
    }
    const text = HTML_HINT.test(content) ? htmlToText(content) : content;
    return { format: "text", content, text };
  }
  if (content === undefined) {
    throw new EvidenceError(`Evidence from '${source}' is undefined: record the tool's actual output (an empty string or [] if it returned nothing).`);
  }
  if (typeof content === "function" || typeof content === "symbol" || typeof content === "bigint") {
    throw new EvidenceError(`Evidence from '${source}' is a ${typeof content}, which cannot be recorded: record a string or a JSON value.`);
  }
  let normalised: unknown;
  try {
    normalised = JSON.parse(JSON.stringify(content)) as unknown;
  } catch (cause) {
    throw new EvidenceError(`Evidence from '${source}' cannot be serialised as JSON (${(cause as Error).message}): record a plain JSON value.`, { cause });
  }
  return { format: "json", content: normalised, text: flattenJson(normalised) };
}

function tooBig(source: string, size: number, max: number): EvidenceError {
  return new EvidenceError(
    `Evidence from '${source}' is ${size} bytes, over the ${max}-byte limit per record: split it into several records or raise maxEvidenceBytes.`,
  );
}
