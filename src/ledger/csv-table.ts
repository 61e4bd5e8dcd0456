/**
 * A tool output that is a CSV or TSV table (a SQL client's result, an export): read as rows of named
 * columns, so each value sits under its column's name as a JSON field would (`[2].yield_mpa: 503`), not as
 * a run of commas. Parsing is csv-parse's (RFC 4180 quoting); this module only decides what is a table.
 */
import { parse } from "csv-parse/sync";

/** A header cell that names a column: short, starts with a letter or underscore, no sentence punctuation. */
const COLUMN_NAME = /^[\p{L}_][\p{L}\p{N}_ .()%/#-]{0,39}$/u;
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
    rows = parse(text, { columns: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch {
    return null;
  }
  if (rows.length === 0 || !rows.some((r) => Object.values(r).some((v) => NUMBER_CELL.test(v)))) return null;
  return rows;
}
