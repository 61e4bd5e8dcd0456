/**
 * Inline markdown cleaning with a position map: `**54**` -> `54`, `` `dotenv` `` -> `dotenv`,
 * `[text](url)` -> `text`, citation markers `[1]`, `[1, 3]`, `[^1]` lifted out, whitespace collapsed.
 *
 * Every character of the cleaned text remembers its draft offset (or -1 when it was synthesised, such as a
 * space standing for a newline), so a claim found in the clean text maps back to its exact span in the draft.
 * The scan is one pass with bounded look-aheads, so it stays linear on adversarial input.
 */

/** Flag on a draft offset dropped as markup (emphasis, backticks, link brackets and URL, escapes, tags). */
export const MARKUP = 1;
/** Flag on a draft offset dropped as a citation marker, or the whitespace just before one. */
export const CITATION = 2;

/** A citation marker lifted out of the text. */
export interface CitationMark {
  /** Offset in the clean text where the marker stood. */
  at: number;
  /** The label without brackets or caret: `"1"` for `[1]`, `"note"` for `[^note]`. */
  label: string;
}

/** The clean text of a draft range with its map back to the draft. */
export interface CleanText {
  /** Cleaned text: markup and citation markers removed, whitespace collapsed to single spaces, trimmed. */
  text: string;
  /** `map[i]` is the draft offset of `text[i]`, or -1 for a synthesised character. */
  map: number[];
  /** Ranges of `text` that must not be cut by sentence or clause splitting (inline code, link texts, URLs). */
  protectedRanges: Array<[number, number]>;
  /** Ranges of `text` that were inline code: names a claim can be checked on. */
  codeRanges: Array<[number, number]>;
  /** Citation markers in text order. */
  citations: CitationMark[];
}

const CITE = /\[\^([^\]\s]{1,40})\]|\[(\d{1,4}(?:[ \t]*[,;–-][ \t]*\d{1,4}){0,20})\]/y;
const AUTOLINK = /<((?:https?|mailto|ftp):[^\s<>]{1,2000})>/y;
const HTML_TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]{0,20})(?:\s[^<>\n]{0,300})?\/?>/y;
const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const WS = /\s/;
const ALNUM = /[\p{L}\p{N}]/u;
const DIGIT = /\d/;

function citationLabels(footnote: string | undefined, numbers: string | undefined): string[] {
  if (footnote !== undefined) return [footnote];
  const labels: string[] = [];
  for (const part of (numbers ?? "").split(/[ \t]*[,;][ \t]*/)) {
    const range = /^(\d+)[ \t]*[–-][ \t]*(\d+)$/.exec(part);
    const lo = range ? Number(range[1]) : NaN;
    const hi = range ? Number(range[2]) : NaN;
    if (range && hi >= lo && hi - lo <= 20) {
      for (let n = lo; n <= hi; n++) labels.push(String(n));
    } else if (part !== "") {
      labels.push(part);
    }
  }
  return labels;
}

/**
 * Matching brackets of one kind in `draft[start, end)`, found with a stack in one pass (escapes skipped):
 * `match[k - start]` is the offset of the closer for an opener at `k`, or -1. Linear where a look-ahead per
 * opener would be quadratic on "[[[[...".
 */
function matchPairs(draft: string, start: number, end: number, open: string, close: string): Int32Array {
  const match = new Int32Array(end - start).fill(-1);
  const stack: number[] = [];
  for (let k = start; k < end; k++) {
    const c = draft[k];
    if (c === "\\") k++;
    else if (c === open) stack.push(k);
    else if (c === close && stack.length > 0) match[stack.pop()! - start] = k;
  }
  return match;
}

/**
 * Cleans the inline markdown of `draft[start, end)`.
 *
 * @param draft the whole draft (offsets in the result index into it).
 * @param start first offset of the range.
 * @param end offset just past the range.
 * @param flags per draft offset; this function sets {@link MARKUP} and {@link CITATION} on what it drops,
 *   so spans can later be widened over a closing `**` or a trailing `[1]`.
 * @returns the clean text, its map, protected and code ranges, and citation markers.
 */
export function cleanInline(draft: string, start: number, end: number, flags: Uint8Array): CleanText {
  const out: string[] = [];
  const map: number[] = [];
  const protectedRanges: Array<[number, number]> = [];
  const codeRanges: Array<[number, number]> = [];
  const citations: CitationMark[] = [];
  // Open links: where their text ends (`]`), where their destination ends, and where their text began in `out`.
  const links: Array<{ close: number; after: number; from: number }> = [];
  // A code span that found no closing run of n backticks from offset p never will from any later offset.
  const noClosingFrom = new Map<number, number>();
  // Bracket and parenthesis pairs, computed on the first `[` (most blocks have none).
  let brackets: Int32Array | undefined;
  let parens: Int32Array | undefined;

  const mark = (from: number, to: number, flag: number): void => {
    for (let k = from; k < to; k++) flags[k] = (flags[k] ?? 0) | flag;
  };
  const pushChar = (ch: string, at: number): void => {
    out.push(ch);
    map.push(at);
  };
  const pushSpace = (at: number): void => {
    const last = out.length - 1;
    if (last < 0) return;
    const mapped = at >= 0 && draft[at] === " " ? at : -1;
    if (out[last] === " ") {
      if (map[last] === -1 && mapped >= 0) map[last] = mapped;
      return;
    }
    pushChar(" ", mapped);
  };
  const dropTrailingSpace = (): void => {
    while (out[out.length - 1] === " ") {
      out.pop();
      map.pop();
    }
  };

  let i = start;
  while (i < end) {
    const ch = draft[i]!;
    // A code span may run past a link's `]`: that link was not one after all.
    while (links.length > 0 && i > links[links.length - 1]!.close) links.pop();
    const link = links[links.length - 1];
    if (link && i === link.close) {
      mark(link.close, link.after, MARKUP);
      protectedRanges.push([link.from, out.length]);
      links.pop();
      i = link.after;
      continue;
    }
    if (ch === "\\" && i + 1 < end && ASCII_PUNCT.test(draft[i + 1]!)) {
      mark(i, i + 1, MARKUP);
      pushChar(draft[i + 1]!, i + 1);
      i += 2;
      continue;
    }
    if (ch === "`") {
      let j = i;
      while (j < end && draft[j] === "`") j++;
      const n = j - i;
      const close = findClosingRun(draft, j, end, n, noClosingFrom);
      if (close < 0) {
        for (let k = i; k < j; k++) pushChar("`", k);
        i = j;
        continue;
      }
      mark(i, j, MARKUP);
      mark(close, close + n, MARKUP);
      const from = out.length;
      for (let k = j; k < close; k++) {
        const c = draft[k]!;
        if (WS.test(c)) {
          if (out.length > from) pushSpace(k);
        } else {
          pushChar(c, k);
        }
      }
      if (out.length > from && out[out.length - 1] === " ") {
        out.pop();
        map.pop();
      }
      protectedRanges.push([from, out.length]);
      codeRanges.push([from, out.length]);
      i = close + n;
      continue;
    }
    if (ch === "[" || (ch === "!" && draft[i + 1] === "[")) {
      const open = ch === "!" ? i + 1 : i;
      CITE.lastIndex = open;
      const cite = ch === "[" ? CITE.exec(draft) : null;
      const after = cite ? open + cite[0].length : -1;
      // `[2](url)` is a link and `[1]: url` a reference definition; `[1][2]` is two citations.
      if (cite && after <= end && !/[(:]/.test(draft[after] ?? "")) {
        let k = i;
        while (k > start && WS.test(draft[k - 1]!)) k--;
        mark(k, after, CITATION);
        dropTrailingSpace();
        for (const label of citationLabels(cite[1], cite[2])) citations.push({ at: out.length, label });
        i = after;
        continue;
      }
      brackets ??= matchPairs(draft, start, end, "[", "]");
      const close = brackets[open - start]!;
      let destEnd = -1;
      if (close > open && draft[close + 1] === "(") {
        parens ??= matchPairs(draft, start, end, "(", ")");
        destEnd = parens[close + 1 - start]!;
        // A link destination never spans a line break.
        if (destEnd > 0 && draft.slice(close + 1, destEnd).includes("\n")) destEnd = -1;
      } else if (close > open && draft[close + 1] === "[") {
        destEnd = brackets[close + 1 - start]!;
      }
      if (destEnd > close) {
        mark(i, open + 1, MARKUP);
        links.push({ close, after: destEnd + 1, from: out.length });
        i = open + 1;
        continue;
      }
    }
    if (ch === "<") {
      AUTOLINK.lastIndex = i;
      const auto = AUTOLINK.exec(draft);
      if (auto && i + auto[0].length <= end) {
        mark(i, i + 1, MARKUP);
        const from = out.length;
        for (let k = i + 1; k < i + auto[0].length - 1; k++) pushChar(draft[k]!, k);
        mark(i + auto[0].length - 1, i + auto[0].length, MARKUP);
        protectedRanges.push([from, out.length]);
        i += auto[0].length;
        continue;
      }
      HTML_TAG.lastIndex = i;
      const tag = HTML_TAG.exec(draft);
      if (tag && i + tag[0].length <= end) {
        mark(i, i + tag[0].length, MARKUP);
        if (tag[2]!.toLowerCase() === "br") pushSpace(-1);
        i += tag[0].length;
        continue;
      }
    }
    if (ch === "*" || ch === "_" || ch === "~") {
      let j = i;
      while (j < end && draft[j] === ch) j++;
      const prev = i > start ? draft[i - 1]! : " ";
      const next = j < end ? draft[j]! : " ";
      let strip = !(WS.test(prev) && WS.test(next));
      // snake_case and __dunder__ inside words are names, not emphasis.
      if (ch === "_") strip &&= !(ALNUM.test(prev) && ALNUM.test(next));
      // 2*3 is arithmetic.
      if (ch === "*" && j - i === 1) strip &&= !(DIGIT.test(prev) && DIGIT.test(next));
      // A single ~ means "approximately" (~5%); only ~~ is strikethrough.
      if (ch === "~") strip &&= j - i >= 2;
      if (strip) {
        mark(i, j, MARKUP);
      } else {
        for (let k = i; k < j; k++) pushChar(ch, k);
      }
      i = j;
      continue;
    }
    if (WS.test(ch)) pushSpace(i);
    else pushChar(ch, i);
    i++;
  }
  dropTrailingSpace();
  const text = out.join("");
  const clamp = (r: [number, number]): [number, number] => [Math.min(r[0], text.length), Math.min(r[1], text.length)];
  return {
    text,
    map,
    protectedRanges: protectedRanges.map(clamp),
    codeRanges: codeRanges.map(clamp),
    citations: citations.map((c) => ({ at: Math.min(c.at, text.length), label: c.label })),
  };
}

/** Offset of a run of exactly `n` backticks at or after `from`, or -1; memoises failures per `n`. */
function findClosingRun(draft: string, from: number, end: number, n: number, noClosingFrom: Map<number, number>): number {
  const failed = noClosingFrom.get(n);
  if (failed !== undefined && from >= failed) return -1;
  const ticks = "`".repeat(n);
  let p = from;
  while (p < end) {
    const f = draft.indexOf(ticks, p);
    if (f < 0 || f + n > end) break;
    let r = f;
    while (r < end && draft[r] === "`") r++;
    if (r - f === n) return f;
    p = r;
  }
  noClosingFrom.set(n, Math.min(failed ?? from, from));
  return -1;
}
