/**
 * Block structure of a markdown draft: which ranges hold claims (paragraphs, headings, list items, table
 * rows) and which never do (fenced and indented code, blockquotes, rules, link reference definitions).
 *
 * A line scanner in the spirit of CommonMark, not a full parser: agents write plain, shallow markdown, and
 * every range it returns must be exact offsets into the draft.
 */

/** A range of prose: a paragraph, a heading's text, or a list item without its marker. */
export interface TextBlock {
  type: "text";
  role: "paragraph" | "heading" | "item";
  /** First offset of the content (after `# ` or the bullet marker). */
  start: number;
  /** Offset just past the content (line endings excluded). */
  end: number;
}

/** A data row of a markdown table. */
export interface RowBlock {
  type: "row";
  /** From the first cell's content to the last cell's content, outer pipes excluded. */
  start: number;
  end: number;
  /** Trimmed content range of each cell, in column order (empty cells give an empty range). */
  cells: Array<[number, number]>;
  /** Trimmed content range of each header cell. */
  header: Array<[number, number]>;
}

/** A part of the draft that may hold claims. */
export type Block = TextBlock | RowBlock;

interface Line {
  start: number;
  end: number;
  text: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^( {0,3}#{1,6})(?:[ \t]+|$)/;
const QUOTE = /^ {0,3}>/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const REF_DEF = /^ {0,3}\[[^\]]{1,200}\]:[ \t]*\S/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const TASK_BOX = /^\[[ xX]\][ \t]+/;
const TABLE_SEP = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A line that ends without punctuation, followed by one that starts a new unit: a line-per-fact answer. */
const OPEN_END = /[\p{L}\p{N}%)\]"”'’`*_]$/u;
const NEW_UNIT_START = /^[\p{Lu}\p{N}"“`*[(]/u;
/** A line that ends a sentence (or introduces what follows): the break is a boundary, whatever comes next. */
const SENTENCE_END = /(?:[.!?。！？]["”')\]]*|:)$/u;

function splitLines(draft: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= draft.length) {
    let nl = draft.indexOf("\n", start);
    if (nl < 0) nl = draft.length;
    const end = nl > start && draft[nl - 1] === "\r" ? nl - 1 : nl;
    lines.push({ start, end, text: draft.slice(start, end) });
    start = nl + 1;
  }
  return lines;
}

function indentOf(text: string): number {
  let n = 0;
  for (const c of text) {
    if (c === " ") n++;
    else if (c === "\t") n += 4 - (n % 4);
    else break;
  }
  return n;
}

/** Trimmed `[start, end)` of `draft[start, end)`. */
function trimRange(draft: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(draft[start]!)) start++;
  while (end > start && /\s/.test(draft[end - 1]!)) end--;
  return [start, end];
}

/** Cell ranges of a table line: split on `|` outside backticks and escapes, outer pipes dropped. */
function tableCells(draft: string, line: Line): Array<[number, number]> {
  const [from, to] = trimRange(draft, line.start, line.end);
  const cuts: number[] = [];
  let inCode = false;
  for (let k = from; k < to; k++) {
    const c = draft[k];
    if (c === "\\") k++;
    else if (c === "`") inCode = !inCode;
    else if (c === "|" && !inCode) cuts.push(k);
  }
  const bounds = [from - 1, ...cuts, to];
  const cells: Array<[number, number]> = [];
  for (let k = 0; k + 1 < bounds.length; k++) cells.push(trimRange(draft, bounds[k]! + 1, bounds[k + 1]!));
  if (draft[from] === "|") cells.shift();
  if (to > from && draft[to - 1] === "|" && cuts[cuts.length - 1] === to - 1) cells.pop();
  return cells;
}

/** True when a line break inside a paragraph should end the unit rather than wrap it. */
function breaksUnit(previous: string, next: string): boolean {
  const prev = previous.trimEnd();
  const first = next.trimStart();
  if (SENTENCE_END.test(prev)) return true;
  return OPEN_END.test(prev) && NEW_UNIT_START.test(first);
}

/**
 * Splits a markdown draft into the blocks that may hold claims, in draft order.
 *
 * @param draft the whole draft.
 * @returns text blocks (paragraph, heading, list item) and table data rows; code, quotes, rules, link
 *   reference definitions and table header/separator rows are left out.
 */
export function markdownBlocks(draft: string): Block[] {
  const lines = splitLines(draft);
  const blocks: Block[] = [];
  let para: TextBlock | null = null;
  let paraLastLine = "";
  let prevBlank = true;
  let inList = false;
  let fence: { char: string; length: number } | null = null;
  let inIndentedCode = false;

  const flush = (): void => {
    if (para) {
      const [s, e] = trimRange(draft, para.start, para.end);
      if (e > s) blocks.push({ ...para, start: s, end: e });
    }
    para = null;
  };

  for (let idx = 0; idx < lines.length; idx++) {
    const line = lines[idx]!;
    const text = line.text;
    if (fence) {
      const close = FENCE.exec(text);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && text.trim() === close[1]) fence = null;
      continue;
    }
    const blank = text.trim() === "";
    if (blank) {
      flush();
      prevBlank = true;
      continue;
    }
    const indent = indentOf(text);
    if (inIndentedCode && indent >= 4) continue;
    inIndentedCode = false;
    if (QUOTE.test(text)) {
      // Quoted text is the user's or a source's words, not the agent's claims. Unlike CommonMark, a following
      // line without ">" is not swallowed as a lazy continuation: an answer written right under a quote is
      // the agent's own and must be checked.
      flush();
      prevBlank = true;
      continue;
    }
    if (indent >= 4 && !inList && (prevBlank || para === null)) {
      flush();
      inIndentedCode = true;
      continue;
    }
    const fenceOpen = FENCE.exec(text);
    if (fenceOpen) {
      flush();
      fence = { char: fenceOpen[1]![0]!, length: fenceOpen[1]!.length };
      prevBlank = false;
      continue;
    }
    const heading = HEADING.exec(text);
    if (heading) {
      flush();
      let end = line.end;
      const closing = /[ \t]+#+[ \t]*$/.exec(text);
      if (closing) end = line.start + closing.index;
      blocks.push({ type: "text", role: "heading", start: line.start + heading[0].length, end });
      const last = blocks[blocks.length - 1] as TextBlock;
      [last.start, last.end] = trimRange(draft, last.start, last.end);
      if (last.end <= last.start) blocks.pop();
      prevBlank = false;
      inList = false;
      continue;
    }
    if (SETEXT.test(text) && para !== null && !prevBlank && (para as TextBlock).role === "paragraph") {
      (para as TextBlock).role = "heading";
      flush();
      continue;
    }
    if (RULE.test(text) || REF_DEF.test(text)) {
      flush();
      prevBlank = false;
      continue;
    }
    const next = lines[idx + 1];
    if (text.includes("|") && next && TABLE_SEP.test(next.text) && next.text.includes("-")) {
      flush();
      const header = tableCells(draft, line);
      idx += 2;
      for (; idx < lines.length; idx++) {
        const row = lines[idx]!;
        if (row.text.trim() === "" || !row.text.includes("|")) break;
        const cells = tableCells(draft, row);
        const filled = cells.filter(([s, e]) => e > s);
        if (filled.length === 0) continue;
        blocks.push({ type: "row", start: filled[0]![0], end: filled[filled.length - 1]![1], cells, header });
      }
      idx--;
      prevBlank = false;
      inList = false;
      continue;
    }
    const item = LIST_ITEM.exec(text);
    if (item) {
      flush();
      let start = line.start + item[0].length;
      const box = TASK_BOX.exec(draft.slice(start, line.end));
      if (box) start += box[0].length;
      para = { type: "text", role: "item", start, end: line.end };
      paraLastLine = text;
      inList = true;
      prevBlank = false;
      continue;
    }
    if (para !== null && !prevBlank && !breaksUnit(paraLastLine, text)) {
      (para as TextBlock).end = line.end;
    } else {
      flush();
      if (prevBlank && indent < 2) inList = false;
      para = { type: "text", role: inList ? "item" : "paragraph", start: line.start, end: line.end };
    }
    paraLastLine = text;
    prevBlank = false;
  }
  flush();
  return blocks;
}
