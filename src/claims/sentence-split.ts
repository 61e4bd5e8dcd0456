/**
 * Sentence splitting of a block's clean text: wink-nlp's boundaries, repaired where they are known to be wrong,
 * plus CJK sentence enders, which wink does not know.
 */
import type { CleanText } from "./markdown-inline.js";
import { readWithWink, type Token } from "./wink.js";

/** A sentence of a clean text, with the wink tokens inside it. */
export interface Sentence {
  /** Offset in the clean text of the first character (never whitespace). */
  start: number;
  /** Offset just past the last character (never whitespace). */
  end: number;
  /** Tokens that start inside the sentence, with clean-text offsets. */
  tokens: Token[];
}

/**
 * Longest text handed to wink at once. wink is linear, but one huge paragraph would hold all its tokens in
 * memory at once; cutting at a sentence end near this size changes nothing else.
 */
const WINK_CHUNK = 20_000;

/** Abbreviations that never end a sentence: wink sometimes cuts after them ("Dr." | "Smith ..."). */
const TITLE_ABBREV = /(?:^|[\s(])(?:Dr|Mr|Mrs|Ms|Prof|Sr|Jr|St|Mt|[Vv]s|[Cc]f|[Aa]pprox|[Ee]\.g|[Ii]\.e|a\.k\.a)\.$/;
/** Abbreviations that take a number: "See Fig." | "3." is one sentence. */
const NUMBER_ABBREV = /(?:^|[\s(])(?:Fig|Figs|No|Nos|Vol|Vols|pp|p|Eq|Eqs|Sec|Ch|Ref|Refs|Art|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|ca)\.$/i;
/** A fragment that is only a number ("3." after "See Fig."). */
const ONLY_NUMBER = /^\(?\d+[.)]?$/;
const STARTS_LOWER = /^[\p{Ll}]/u;
/**
 * Lower-case abbreviations after which wink may cut before a lower-case word ("costs approx." | "5 USD").
 * A lower-case start alone does not merge: answers often start sentences with package names ("axios is ...").
 */
const LOWER_ABBREV =
  /(?:^|[\s(])(?:etc|incl|approx|est|esp|resp|min|max|avg|no|cf|al|ca|fig|ed|eds|vol|pp|dept|misc|ft|lb|lbs|oz|hr|hrs|mo|yr|yrs|wk|wks|mins|sec|secs|approx|e\.g|i\.e|[a-z])\.$/i;
/**
 * A figure with a short unit ending a sentence ("to $4.2M. The team", "120 ms. If", "19.2 m/s. Visibility"): wink reads "M." as an
 * initial and "ms." as a title. Cuts it adds after a real title ("2024 Dr. Smith") are undone by the repair.
 * The next sentence may start with a lower-case identifier ("196 ms. payment-gateway in eu-central-1 ...") or
 * with a figure that names its noun ("about 230k. 404s accounted for ...").
 */
const FIGURE_END = /\d ?°?[\p{L}%µ]{0,3}(?:\/[\p{L}]{1,3})?\.\s(?=["“(]?\p{Lu}|\p{Ll}[\p{Ll}\d]*[-_][\p{L}\d]|\d[\d,.]*\p{L})/gu;
/** A URL ending a sentence ("is https://git-scm.com/. Debian ..."): wink keeps the period in the URL's token. */
const URL_END = /\bhttps?:\/\/[^\s<>()]*[\w/]\.\s(?=["“(]?\p{Lu})/gu;
/**
 * A letter after an article ending a sentence ("and got a D. Want some tips?", "earned a B+. Next"): a grade
 * or a class, not an initial, which never follows "a" or "an".
 */
const LETTER_END = /(?<![\p{L}\p{N}])(?:a|an)\s+\p{Lu}[+-]?\.\s(?=["“(]?\p{Lu})/gu;
/**
 * A particle "in" ending a sentence ("€599.01 all in. Mileage is unlimited", "We checked in. The room"): wink
 * reads "in." as inches, which it is only after a number.
 */
const IN_END = /(?<=\p{L}\s+)in\.\s(?=["“(]?\p{Lu})/gu;
/** A place's region code ending a sentence ("came through Louisville, KY. UPS picked it up"). */
const REGION_END = /(?<=,\s)\p{Lu}{2}\.\s(?=["“(]?\p{Lu})/gu;
const STARTS_DIGIT = /^\d/;
/** CJK sentence enders and the closing brackets or quotes that stay with the sentence they end. */
const CJK_END = /[。！？]+[」』）】〕"”’]*/g;
const HAS_CJK_END = /[。！？]/;

function isSpace(c: string | undefined): boolean {
  return c !== undefined && /\s/.test(c);
}

/** wink's sentence starts (after the first) in `text`, reading it in chunks cut at sentence ends. */
function winkCuts(text: string, tokens: Token[]): number[] {
  const cuts: number[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(text.length, from + WINK_CHUNK);
    if (to < text.length) {
      const window = text.slice(Math.max(from, to - 2_000), to);
      const lastEnd = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "));
      const lastSpace = window.lastIndexOf(" ");
      const cut = lastEnd >= 0 ? lastEnd + 2 : lastSpace >= 0 ? lastSpace + 1 : window.length;
      to = Math.max(from, to - 2_000) + cut;
      if (to <= from) to = Math.min(text.length, from + WINK_CHUNK);
    }
    const reading = readWithWink(text.slice(from, to));
    for (const t of reading.tokens) tokens.push({ ...t, start: t.start + from, end: t.end + from });
    if (from > 0) cuts.push(from);
    for (let k = 1; k < reading.sentences.length; k++) cuts.push(reading.sentences[k]![0] + from);
    from = to;
  }
  return cuts;
}

const INSIDE_PROTECTED = 1;
const IN_CODE = 2;

/** Per clean-text offset: inside a protected range (no cut), inside inline code. Linear to build and query. */
function rangeFlags(clean: CleanText): Uint8Array {
  const flags = new Uint8Array(clean.text.length + 1);
  for (const [a, b] of clean.protectedRanges) for (let k = a + 1; k < b; k++) flags[k]! |= INSIDE_PROTECTED;
  for (const [a, b] of clean.codeRanges) for (let k = a; k < b; k++) flags[k]! |= IN_CODE;
  return flags;
}

/** Whether the boundary at `cut` is one of wink's known mistakes (see {@link splitSentences}). */
function isFalseBoundary(text: string, flags: Uint8Array, prev: string, cur: string, cut: number, prevEnd: number): boolean {
  // "Node.js", ".env": a period with no space after it is inside a word.
  let spaced = false;
  for (let k = prevEnd; k < cut; k++) if (isSpace(text[k])) spaced = true;
  if (!spaced) return true;
  // Never cut inside inline code or a link text.
  if ((flags[cut]! | flags[prevEnd]!) & INSIDE_PROTECTED) return true;
  if (ONLY_NUMBER.test(cur)) return true;
  if (TITLE_ABBREV.test(prev)) return true;
  if (NUMBER_ABBREV.test(prev) && STARTS_DIGIT.test(cur)) return true;
  // A sentence does not start in lower case, unless with a code name (`dotenv` ...).
  return STARTS_LOWER.test(cur) && LOWER_ABBREV.test(prev) && (flags[cut]! & IN_CODE) === 0;
}

/**
 * Splits a clean text into sentences.
 *
 * wink-nlp gives the boundaries; a boundary is dropped when there is no space at it ("Node.js"), when it cuts
 * inline code or a link, when the next fragment is only a number, or when the previous one ends with an
 * abbreviation ("See Fig. 3.", "approx. 5"). A cut wink misses after a figure with a suffix ("$4.2M. The"), after
 * a letter grade ("got a D. Want"), after a particle "in" ("all in. Mileage"), after a region code ("Louisville,
 * KY. UPS") or after a URL ("https://git-scm.com/. Debian") is added. CJK enders 。！？ always cut.
 *
 * @param clean the block's clean text (see `cleanInline`).
 * @returns sentences in order, trimmed, covering every non-space character of the text once.
 */
export function splitSentences(clean: CleanText): Sentence[] {
  const text = clean.text;
  if (text.trim() === "") return [];
  const tokens: Token[] = [];
  const raw = winkCuts(text, tokens);
  let added = false;
  for (const m of text.matchAll(FIGURE_END)) {
    raw.push(m.index + m[0].length);
    added = true;
  }
  for (const re of [LETTER_END, IN_END, REGION_END]) {
    for (const m of text.matchAll(re)) {
      raw.push(m.index + m[0].length);
      added = true;
    }
  }
  if (text.includes("://")) {
    for (const m of text.matchAll(URL_END)) {
      raw.push(m.index + m[0].length);
      added = true;
    }
  }
  if (added) raw.sort((a, b) => a - b);
  const flags = rangeFlags(clean);
  const kept: number[] = [0];
  for (let k = 0; k < raw.length; k++) {
    const cut = raw[k]!;
    const last = kept[kept.length - 1]!;
    if (cut <= last) continue;
    // Only the tail of the previous sentence matters (abbreviations); a bounded window keeps merging linear.
    const window = text.slice(Math.max(last, cut - 40), cut);
    const prev = window.trimEnd();
    const cur = text.slice(cut, raw[k + 1] ?? text.length).trim();
    if (!isFalseBoundary(text, flags, prev, cur, cut, cut - (window.length - prev.length))) kept.push(cut);
  }
  if (HAS_CJK_END.test(text)) {
    for (const m of text.matchAll(CJK_END)) {
      const cut = m.index + m[0].length;
      if (cut < text.length) kept.push(cut);
    }
    kept.sort((a, b) => a - b);
  }
  kept.push(text.length);
  const sentences: Sentence[] = [];
  let t = 0;
  for (let k = 0; k + 1 < kept.length; k++) {
    let start = kept[k]!;
    let end = kept[k + 1]!;
    while (start < end && isSpace(text[start])) start++;
    while (end > start && isSpace(text[end - 1])) end--;
    if (end <= start) continue;
    while (t < tokens.length && tokens[t]!.start < start) t++;
    const inside: Token[] = [];
    while (t < tokens.length && tokens[t]!.start < end) inside.push(tokens[t++]!);
    sentences.push({ start, end, tokens: inside });
  }
  return sentences;
}
