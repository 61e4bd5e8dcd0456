/**
 * A tool output that is a CSV or TSV table (a SQL client's result, an export): read as rows of named
 * columns, so each value sits under its column's name as a JSON field would (`[2].yield_mpa: 503`), not as
 * a run of commas. Parsing is csv-parse's (RFC 4180 quoting); this module only decides what is a table.
 */
import { createRequire } from "node:module";
import { EvidenceError } from "../errors.js";

type CsvSync = typeof import("csv-parse/sync");
let csvSync: CsvSync | undefined;

/**
 * csv-parse, loaded when a text first has a table's header: most tool outputs have none, and loading it costs
 * more than recording one output does (about 16 ms as ES modules, 5 ms as its CommonJS bundle), which counts in
 * a process that records a single output (the Claude Code capture hook).
 */
function csv(): CsvSync {
  csvSync ??= createRequire(import.meta.url)("csv-parse/sync") as CsvSync;
  return csvSync;
}

/** A header cell that names a column: short, starts with a letter or underscore, no sentence punctuation. */
const COLUMN_NAME = /^[\p{L}_%#][\p{L}\p{N}_ .()%/#-]{0,39}$/u;
/** A cell that is a number (a table of figures, not prose with commas). */
const NUMBER_CELL = /^[-+]?\d[\d,.]*%?$/;
/** Most characters read as a table; a larger output stays text. */
const MAX_TABLE_CHARS = 2_000_000;

/**
 * The rows of `text` when it is a CSV (comma) or TSV (tab) table with a header, else null.
 *
 * A table has a header of distinct column names, at least one data row, the same number of fields on every
 * line, and at least one numeric cell. Two columns also need two data rows, since two lines of prose with one
 * comma each would pass otherwise. Never throws: text that csv-parse rejects is not a table.
 *
 * @returns one object per data row, keyed by the header's names, values as written (strings).
 */
export function csvRows(text: string): Array<Record<string, string>> | null {
  if (text.length > MAX_TABLE_CHARS) return null;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length < 2) return null;
  const header = lines[0]!;
  const delimiter = header.includes("\t") ? "\t" : header.includes(",") ? "," : null;
  if (delimiter === null) return null;
  const names = header.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, ""));
  if (names.length < 2 || new Set(names).size !== names.length || !names.every((n) => COLUMN_NAME.test(n))) return null;
  if (names.length === 2 && lines.length < 3) return null;
  let rows: Array<Record<string, string>>;
  try {
    rows = csv().parse(text, { columns: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch {
    return null;
  }
  if (rows.length === 0 || !rows.some((r) => Object.values(r).some((v) => NUMBER_CELL.test(v)))) return null;
  return rows;
}

/** At most this many lines of title and `Key: value` lines above a CSV table: more is a document. */
const MAX_PREAMBLE = 8;
/** A preamble line that states one field: `As of: 2024-06-28`, `Fund: Harborview Balanced (HBIAX)`. */
const PREAMBLE_FIELD = /^([\p{L}][\p{L}\p{N} _./()-]{0,39}):\s+([^|]{1,200})$/u;

/**
 * A CSV or TSV table under a few lines of title and `Key: value` lines (an export's header: "Fund: ...",
 * "As of: 2024-06-28"), as a record: the preamble's fields as fields, its other lines as `notes`, the table's
 * rows as `rows`. Null when the text is no such table (see {@link csvRows}: a table with no preamble is read
 * there). Never throws.
 */
export function csvWithPreamble(text: string): Record<string, unknown> | null {
  if (text.length > MAX_TABLE_CHARS) return null;
  const lines = text.split(/\r?\n/);
  for (let start = 1; start <= Math.min(MAX_PREAMBLE, lines.length - 3); start++) {
    const header = lines[start]!;
    if (!header.includes(",") && !header.includes("\t")) continue;
    const rows = csvRows(lines.slice(start).join("\n"));
    if (!rows || rows.length < 2) continue;
    const record: Record<string, unknown> = {};
    const notes: string[] = [];
    for (const line of lines.slice(0, start)) {
      const trimmed = line.trim();
      if (trimmed === "") continue;
      // "Gross Expense Ratio: 0.92% | Net Expense Ratio: 0.85%": one field per cell.
      const fields = trimmed.split(/\s+\|\s+/).map((cell) => PREAMBLE_FIELD.exec(cell));
      const fresh = (f: RegExpExecArray | null) => f !== null && !(f[1]! in record) && f[1] !== "rows" && f[1] !== "notes";
      if (fields.every(fresh)) for (const f of fields) record[f![1]!] = f![2]!.trim();
      else notes.push(trimmed);
    }
    if (notes.length > 0) record.notes = notes;
    record.rows = rows;
    return record;
  }
  return null;
}

/** Delimiters of a declared table, in the order a header is tried for them. */
const DELIMITERS = [",", "\t", ";"] as const;

/**
 * A text declared a CSV or TSV table (a `.csv` or `.tsv` file; `record({ ..., format: "csv" })`): read as the
 * table {@link csvRows} or {@link csvWithPreamble} reads, else by its header alone. Being declared, it needs
 * none of the signs that tell a table from prose (a numeric cell, two data rows): only a header of distinct
 * column names and rows of as many fields. The delimiter is the first of comma, tab, semicolon in the header
 * (none: a table of one column).
 *
 * @param source the source name, for the error message.
 * @returns one object per data row keyed by the header's names (none for an empty text or a header alone),
 *   or an export's record (see {@link csvWithPreamble}).
 * @throws EvidenceError when the header names a column twice or leaves one empty, or csv-parse rejects a row
 *   (a field count that differs from the header's, an unclosed quote).
 */
export function declaredCsvTable(text: string, source: string): Array<Record<string, string>> | Record<string, unknown> {
  const table = csvRows(text) ?? csvWithPreamble(text);
  if (table) return table;
  const header = text.split(/\r?\n/).find((l) => l.trim() !== "");
  if (header === undefined) return [];
  const delimiter = DELIMITERS.find((d) => header.includes(d)) ?? ",";
  const names = header.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, ""));
  if (names.some((n) => n === "") || new Set(names).size !== names.length) {
    throw notATable(source, "its header line names a column twice or leaves one empty");
  }
  try {
    return csv().parse(text, { columns: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: false }) as Array<Record<string, string>>;
  } catch (cause) {
    throw notATable(source, (cause as Error).message, cause);
  }
}

function notATable(source: string, why: string, cause?: unknown): EvidenceError {
  return new EvidenceError(
    `Evidence from '${source}' was declared a CSV table but is not one (${why}): fix the table, or record it as text ` +
      `(record({ ..., format: "text" }); in the CLI, a .txt file).`,
    { cause },
  );
}
