/**
 * A tool output that is a table aligned with spaces: a CLI listing (`kubectl get pods`, `df -h`, `ps`) or a
 * statement printed in columns ("Revenue   $ 1,214   $ 986" under a "(in thousands)" caption). Read as
 * rows of named columns, as a Markdown table is (see `markdown-table.ts`), so each header is bound to its
 * column, the first column to the row's entity, and a caption's scale to the figures.
 */
import { markdownTable, type TextTable } from "./markdown-table.js";

/** Most characters read as a table; a larger output stays text. */
const MAX_TABLE_CHARS = 200_000;
/** Lines of text around the table at most (a caption above, notes below), as for a Markdown table. */
const MAX_AROUND = 3;
/** Cells of an aligned line: runs of text parted by two or more spaces (or a tab). */
const GAP = /\s{2,}|\t/;
/** Name of a first column its header leaves blank (a statement's row labels). */
const LABEL_COLUMN = "Item";

/** A line's cells, a currency sign joined to its figure ("$   986" -> "$986") and "(27)" read as -27. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/([$€£¥])\s+(?=[\d(])/g, "$1")
    .split(GAP)
    .map((c) => signedCell(c.trim()));
}

/** A statement's figure in parentheses, read as negative: "(27)" -> "-27", "$(35)" -> "-$35". */
export function signedCell(cell: string): string {
  return cell.replace(/^([$€£¥]?)\((\d[\d,.]*)\)$/, "-$1$2");
}

/** Whether a cell holds a figure: a number, an amount, a percentage or a size ("50G", "0/1", "3h"). */
export const FIGURE_CELL = /^[-+]?[$€£¥]?\d[\d,./:]*(?:%|[A-Za-z]{0,3})?$/;

/** Where the `index`th space-parted token of `line` starts, or -1 when the line has fewer tokens. */
function freeTextFrom(line: string, index: number): number {
  const tokens = /\S+/g;
  for (let i = 0, m = tokens.exec(line); m; i++, m = tokens.exec(line)) if (i === index) return m.index;
  return -1;
}

/** The whitespace-split fallback (`df -h`: "Used Avail" are one space apart): one token per column. */
function tokenRows(header: string, rows: string[]): { header: string[]; body: string[][] } | null {
  let body = rows.map((r) => r.trim().split(/\s+/));
  const names = header.trim().split(/\s+/);
  // A last column of free text (`ps`'s COMMAND, "java -jar app.jar"), left-aligned under its header: the
  // rest of the line is its cell.
  const lastAt = header.lastIndexOf(names[names.length - 1]!);
  if (names.length >= 3 && body.some((r) => r.length > names.length) && rows.every((r) => freeTextFrom(r, names.length - 1) === lastAt)) {
    body = body.map((r) => [...r.slice(0, names.length - 1), r.slice(names.length - 1).join(" ")]);
  }
  const width = body[0]!.length;
  if (width < 2 || body.some((r) => r.length !== width)) return null;
  // A last header of two words ("Mounted on") over one column.
  if (names.length === width + 1) names.splice(width - 1, 2, `${names[width - 1]} ${names[width]}`);
  return names.length === width ? { header: names, body } : null;
}

/** Where each cell of a line (runs parted by two or more spaces or a tab) starts and ends. */
function cellSpans(line: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) spans.push([m.index!, m.index! + m[0].length]);
  return spans;
}

/**
 * Whether the rows' cells sit under the header's cells of the same place: no cell lies under another
 * column's header and not under its own. `ps aux` prints "PID %CPU %MEM" one space apart over right-aligned
 * numbers, so its cells split on wide gaps pair "1.2" (under `%CPU`) with `VSZ`; such a split is refused
 * and the table is read one token per column. Lines whose cells a currency sign joins are not checked.
 */
function columnsLineUp(headerLine: string, rows: string[]): boolean {
  const head = cellSpans(headerLine);
  const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];
  for (const row of rows) {
    const cells = cellSpans(row);
    if (cells.length !== head.length) continue;
    for (let j = 0; j < cells.length; j++) {
      if (overlaps(cells[j]!, head[j]!)) continue;
      if (head.some((h, k) => k !== j && overlaps(cells[j]!, h))) return false;
    }
  }
  return true;
}

/**
 * The table of `text` when it is a space-aligned table (a header line and at least two rows of the same
 * number of cells, each row with a figure) with at most three lines of text above and below it, else null.
 * Never throws.
 */
export function alignedTable(text: string): TextTable | null {
  // Cheap refusals first: most text has no run of spaces between words, and a pipe is a Markdown table's.
  if (text.length > MAX_TABLE_CHARS || text.includes("|") || !/\S(?: {2,}|\t)\S/.test(text)) return null;
  const lines = text.split(/\r?\n/);
  const filled = lines.map((l, i) => ({ l, i })).filter((x) => x.l.trim() !== "");
  // The block: the longest run of consecutive filled lines of two or more cells.
  let best: { start: number; end: number } | null = null;
  for (let a = 0; a < filled.length; ) {
    let b = a;
    while (b < filled.length && cellsOf(filled[b]!.l).length >= 2 && (b === a || filled[b]!.i === filled[b - 1]!.i + 1)) b++;
    if (b - a >= 3 && (!best || b - a > best.end - best.start)) best = { start: a, end: b };
    a = Math.max(b, a + 1);
  }
  if (!best) return null;
  const above = filled.slice(0, best.start).map((x) => x.l.trim());
  const below = filled.slice(best.end).map((x) => x.l.trim());
  if (above.length > MAX_AROUND || below.length > MAX_AROUND) return null;
  const block = filled.slice(best.start, best.end).map((x) => x.l);
  const headerLine = block[0]!;
  let header = cellsOf(headerLine);
  let body = block.slice(1).map(cellsOf);
  const width = body[0]!.length;
  const even = body.every((r) => r.length === width);
  if (even && header.length === width - 1 && /^\s/.test(headerLine)) header = [LABEL_COLUMN, ...header];
  if (!even || header.length !== width || !columnsLineUp(headerLine, block.slice(1))) {
    const tokens = tokenRows(headerLine, block.slice(1));
    if (!tokens) return null;
    ({ header, body } = tokens);
  }
  // A header with a bare figure is a data row; a figure-like name among words is a header's ("3PT", "24H").
  const figureNames = header.filter((h) => FIGURE_CELL.test(h)).length;
  if (header.some((h) => h === "" || (FIGURE_CELL.test(h) && !/\p{L}/u.test(h))) || figureNames * 2 >= header.length) return null;
  if (new Set(header).size !== header.length) return null;
  if (!body.every((r) => r.some((c) => FIGURE_CELL.test(c)))) return null;
  const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "/")).join(" | ")} |`;
  const markdown = [...above, "", row(header), `|${" --- |".repeat(header.length)}`, ...body.map(row), "", ...below].join("\n");
  return markdownTable(markdown);
}

/**
 * The JSON a table is read as: its rows, or, for a statement whose first column is a blank-headed label
 * ("Revenue", "Net income (loss)"), each figure under its column and its label, so that the label names the
 * figure's attribute and the column its period (`["Q3 2024"].Revenue: 1,214 thousand USD`), as JSON keys would.
 */
export function tableRecord(table: TextTable): unknown {
  const labels = table.rows.map((r) => r[LABEL_COLUMN]);
  if (labels.some((l) => l === undefined || l === "") || new Set(labels).size !== labels.length) return table;
  // Column first: a statement's columns are its periods ("Q3 2024"), qualifiers of the row's attribute.
  const byColumn: Record<string, Record<string, string>> = {};
  for (const r of table.rows) {
    const { [LABEL_COLUMN]: label, ...cells } = r;
    for (const [column, value] of Object.entries(cells)) (byColumn[column] ??= {})[label!] = value;
  }
  return { ...(table.caption ? { caption: table.caption } : {}), ...byColumn, ...(table.notes ? { notes: table.notes } : {}) };
}
