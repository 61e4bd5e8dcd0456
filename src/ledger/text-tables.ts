/**
 * A text tool output that holds aligned tables among other lines: a CLI report with a title and a few
 * `Key: value` lines above its table, a tracking page with an activity list, a results sheet with two
 * tables. Each table is read as rows of named columns, as `aligned-table.ts` reads a table that is the whole
 * output, and the other lines stay as they are. A cell belongs to the column whose header it stands under,
 * so a row with an empty cell, or a trailing note past the last header, keeps its figures in their columns;
 * a line whose cells stand under no header, or under two, ends the table.
 */
import { flattenJson } from "./flatten-json.js";
import { markdownTable } from "./markdown-table.js";
import { FIGURE_CELL, signedCell, tableRecord } from "./aligned-table.js";

/** Most characters read; a larger output stays text. */
const MAX_CHARS = 200_000;
/** A rule under a header or above a total: dashes, equals signs or box lines only. */
const RULER = /^[\s\-=─━┄┈+|_]*[-=─━┄┈]{3,}[\s\-=─━┄┈+|_]*$/;
/** A header cell never holds a date, a time, a decimal or a version ("2024-09-10", "06:15", "1.2"). */
const DATA_LIKE = /\d[-/:.]\d/;
/** Longest header cell; a longer one is text. */
const MAX_HEADER_CELL = 32;
/**
 * Header-style text lines (`Installed-Size: 1336`, `Restart Count: 4`, apt/kubectl/HTTP output): a short key
 * of at most four words, without digits, before ": " ("Ticket 77 priority: high" is prose: 77 is a value). A
 * prose sentence with a colon later in it is not one.
 */
export const TEXT_KEY_LINE = /^\s*([A-Za-z][A-Za-z_.\-/()]*(?: [A-Za-z_.\-/()]+){0,3}): (.*)$/;
/** A line a flattened JSON text would read as `key: value`: no space before its first ": ". */
const JSON_KEY_LINE = /^[^\s:][^:\n]*?: /;

/** A title line above a table names it: short, no `key: value` line. */
const MAX_TITLE = 60;
/** Name of a trailing cell past the last header ("err=GFCI_TRIP"), and of a blank-headed first column. */
const NOTE_COLUMN = "Note";
const LABEL_COLUMN = "Item";
/** How far outside a header's text a cell may stand and still be under it (characters). */
const SLACK = 2;

interface Cell {
  text: string;
  start: number;
  end: number;
}

/** A line's cells with their offsets: runs of text parted by two or more spaces or a tab. */
function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
    const text = m[0];
    const prev = cells[cells.length - 1];
    // A currency sign set apart from its figure ("$   986") is the figure's.
    if (prev && /^[$€£¥]$/.test(prev.text) && /^[\d(]/.test(text)) {
      prev.text += text;
      prev.end = m.index! + text.length;
    } else cells.push({ text, start: m.index!, end: m.index! + text.length });
  }
  return cells;
}

/** The header cells of `line` when it reads as a table header, else null. */
function headerOf(line: string): Cell[] | null {
  if (line.includes("\t")) return null;
  const cells = cellsOf(line);
  if (cells.length < 2) return null;
  const names = new Set<string>();
  for (const c of cells) {
    // A `Key: value` pair, a figure, a date or a long phrase is no column's name.
    if (/:(?:\s|$)/.test(c.text) || FIGURE_CELL.test(c.text) || DATA_LIKE.test(c.text) || c.text.length > MAX_HEADER_CELL) return null;
    if (names.has(c.text)) return null;
    names.add(c.text);
  }
  return cells;
}

/**
 * The cells of a body line by column name, or null when a cell stands under no header or two cells under one
 * header. A cell left of the first header is the row's label (a statement's blank-headed first column); a
 * cell past the last header, after that column's own cell, is a note.
 */
function fit(line: string, header: Cell[], labelled: boolean): Record<string, string> | null {
  const row: Record<string, string> = {};
  const last = header[header.length - 1]!;
  const cells = cellsOf(line);
  for (const [i, cell] of cells.entries()) {
    let name: string | null = null;
    if (labelled && cell.end <= header[0]!.start - 1) name = LABEL_COLUMN;
    else {
      const under = header.filter((h) => cell.start < h.end + SLACK && cell.end > h.start - SLACK);
      const filled = row[last.text] !== undefined;
      if (filled && cell.start > last.start && (under.length === 0 || (under.length === 1 && under[0] === last))) name = NOTE_COLUMN;
      else if (under.length === 1) name = under[0]!.text;
      else if (under.length > 1) {
        // Right next to two headers: the one it overlaps is its column.
        const overlapping = under.filter((h) => cell.start < h.end && cell.end > h.start);
        if (overlapping.length === 1) name = overlapping[0]!.text;
        // A last cell across the rest of the row ("(no school — staff development)") is a note on the row.
        else if (i === cells.length - 1 && overlapping.length > 1 && i > 0) name = NOTE_COLUMN;
      }
    }
    if (name === null || row[name] !== undefined) return null;
    const text = name === LABEL_COLUMN ? cell.text.replace(/:$/, "") : cell.text;
    row[name] = signedCell(text);
  }
  // A row holds a figure or a date: a line of words under the headers is more likely prose.
  return Object.values(row).some((v) => FIGURE_CELL.test(v) || DATA_LIKE.test(v)) ? row : null;
}

interface FoundTable {
  /** Line index after the table's last line. */
  end: number;
  columns: string[];
  rows: Array<Record<string, string>>;
  labelled: boolean;
}

/** The table whose header is line `at`, when at least two rows stand under it, else null. */
function tableAt(lines: string[], at: number): FoundTable | null {
  const header = headerOf(lines[at]!);
  if (!header) return null;
  const labelled = header[0]!.start >= 4;
  const rows: Array<Record<string, string>> = [];
  let end = at + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (line.trim() === "") break;
    if (RULER.test(line)) continue;
    const row = fit(line, header, labelled);
    if (!row) break;
    rows.push(row);
  }
  if (rows.length < 2) return null;
  const columns = header.map((h) => h.text);
  if (rows.some((r) => r[NOTE_COLUMN] !== undefined) && !columns.includes(NOTE_COLUMN)) columns.push(NOTE_COLUMN);
  // A statement's label column: every row has its label, no two alike.
  const labels = rows.map((r) => r[LABEL_COLUMN]);
  const isLabelled = labelled && labels.every((l) => l !== undefined) && new Set(labels).size === labels.length;
  if (labelled && !isLabelled && labels.some((l) => l !== undefined)) return null;
  if (isLabelled) columns.unshift(LABEL_COLUMN);
  return { end, columns, rows, labelled: isLabelled };
}

/** The title that names a table: the line right above its header, short, no `key: value` line and no figure. */
function titleAbove(lines: string[], at: number): string | null {
  const line = (lines[at - 1] ?? "").trim().replace(/:$/, "");
  if (line === "" || line.length > MAX_TITLE || /:\s/.test(line) || /\s{2,}/.test(line) || RULER.test(line)) return null;
  return /^[\p{L}(]/u.test(line) ? line : null;
}

/**
 * A line around the tables, written so that the flattened JSON text reads it as the text would: a header-style
 * `Key: value` line keeps its key (its indent dropped), and any other line with a colon in it ("6 tickets
 * (open: 2, ready: 2)") is indented so that no key is read from it.
 */
function asTextLine(line: string): string {
  if (TEXT_KEY_LINE.test(line)) return line.trimStart();
  return JSON_KEY_LINE.test(line) ? ` ${line}` : line;
}

/**
 * The text of `text` with each aligned table in it read as rows of named columns, flattened as JSON is
 * (`rows[1].ENERGY_KWH: 22.7`, `Findings[0].COUNT: 57`), and every other line as it is; null when the text holds
 * no such table. A table's name is the title right above it, else `rows`. Never throws.
 */
export function textWithTables(text: string): string | null {
  if (text.length > MAX_CHARS || !/\S {2,}\S/.test(text)) return null;
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  const used = new Map<string, number>();
  let found = 0;
  for (let i = 0; i < lines.length; ) {
    const table = tableAt(lines, i);
    if (!table) {
      out.push(asTextLine(lines[i]!));
      i++;
      continue;
    }
    found++;
    const title = titleAbove(lines, i);
    let name = title ?? "rows";
    const seen = used.get(name) ?? 0;
    used.set(name, seen + 1);
    if (seen > 0) name = `${name} ${seen + 1}`;
    // Read through the Markdown reader, so that the title's scale or currency binds to the figures.
    const cell = (v: string | undefined) => (v ?? "").replace(/\|/g, "/");
    const markdown = [
      title ?? "",
      "",
      `| ${table.columns.map(cell).join(" | ")} |`,
      `|${" --- |".repeat(table.columns.length)}`,
      ...table.rows.map((r) => `| ${table.columns.map((c) => cell(r[c])).join(" | ")} |`),
    ].join("\n");
    const read = markdownTable(markdown);
    if (!read) {
      out.push(...lines.slice(i, table.end));
      i = table.end;
      continue;
    }
    for (const r of read.rows) for (const k of Object.keys(r)) if (r[k] === "") delete r[k];
    // A statement's figures by column and label (`total.Mem: 31Gi`), under its title when it has one.
    const data = table.labelled ? tableRecord({ rows: read.rows }) : read.rows;
    out.push(flattenJson(table.labelled && title === null ? data : { [name]: data }));
    i = table.end;
  }
  return found > 0 ? out.join("\n") : null;
}
