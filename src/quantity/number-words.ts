/**
 * Numbers written in words: English cardinals ("one hundred and five", "twelve hundred", "two million"),
 * "a dozen", "a couple of", simple fractions ("a half", "a quarter", "three quarters", "a third"),
 * CJK numerals ("二十五") and full-width digits ("２").
 */

/** A number written in words, found in a text. Offsets are UTF-16 indexes, half-open. */
export interface WordNumber {
  start: number;
  end: number;
  value: number;
  /** Half of the last stated unit: "one hundred and five" -> 0.5, "twelve hundred" -> 50, "two million" -> 500000; 0.005 for fractions. */
  precision: number;
  /** A fraction word ("a quarter", "half", "two thirds"): `value` is a fraction of one, not a count. */
  fraction: boolean;
}

const SMALL: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
/** Fraction words and their denominators; singular forms need a numerator of one ("a quarter"). */
const DENOMINATORS: Record<string, [denominator: number, plural: boolean]> = {
  half: [2, false],
  quarter: [4, false],
  quarters: [4, true],
  third: [3, false],
  thirds: [3, true],
  fifth: [5, false],
  fifths: [5, true],
};
const FRACTION_PRECISION = 0.005;
/** Fraction words that are also ordinals ("third", "fifth"); "half" and "quarter" before a noun stay fractions ("a quarter mile"). */
const ORDINAL_ONLY = new Set(["third", "fifth"]);

/** Whether a word other than "of" follows (a noun the ordinal ranks): "a third cousin", not "a third of". */
function ordinalBeforeNoun(text: string, pos: number): boolean {
  const next = /^[ \t\u00A0]+([A-Za-z]+)/.exec(text.slice(pos, pos + 40));
  // A verb after it makes it the subject: "a third voted no", "a fifth are unpaid".
  return (
    next !== null &&
    !/^(?:of|or|and|more|less|fewer|as|than|to|in|on|at|by|for|from|the|a|an|is|are|was|were|has|have|had|said|say|says|will|would|can|could)$|ed$/i.test(
      next[1]!,
    )
  );
}

/** One word, with an optional separator (spaces or a single hyphen) before it. */
const WORD_RE = /([ \t\u00A0]+|-)?([A-Za-z]+)/y;

/** Where a spelled number can start. "a"/"an" only count before a scale, dozen, fraction or "couple". */
const START_RE = new RegExp(
  `\\b(?:${Object.keys(SMALL).join("|")}|${Object.keys(TENS).join("|")}|half|` +
    `an?(?=[ \\t]+(?:hundred|thousand|million|billion|trillion|dozen|half|quarter|third|fifth|couple)\\b))\\b`,
  "gi",
);

type State = "start" | "a" | "ones" | "teen" | "tens" | "hundred" | "scale" | "and";

/** A spelled number read by `readNumberWords`: its value, precision, fraction flag and end index. */
export interface WordReading {
  value: number;
  precision: number;
  fraction: boolean;
  end: number;
}

/** Reads one word at `pos`: [lower-cased word, end index], or null when none follows (or not separated). */
function wordAt(text: string, pos: number, first: boolean): [string, number] | null {
  WORD_RE.lastIndex = pos;
  const m = WORD_RE.exec(text);
  if (!m?.[2] || (!first && !m[1]) || (first && m[1])) return null;
  return [m[2].toLowerCase(), WORD_RE.lastIndex];
}

/**
 * Reads the longest spelled number starting exactly at `start`. Word order is checked ("one two" reads
 * only "one"; "twenty thirty" only "twenty"), scales must descend ("two million five hundred thousand"),
 * and a trailing "and" is left out. Returns null when no number starts there.
 */
export function readNumberWords(text: string, start: number): WordReading | null {
  let state: State = "start";
  let total = 0;
  let group = 0;
  let hasHundred = false;
  let lastScale = Infinity;
  let lastUnit = 1;
  let end = start;
  let pos = start;
  for (;;) {
    const next = wordAt(text, pos, pos === start);
    if (!next) break;
    const [w, wEnd] = next;
    const small = SMALL[w] ?? TENS[w];
    if (small !== undefined) {
      const isTens = TENS[w] !== undefined;
      const fits =
        state === "start" || state === "hundred" || state === "scale" || state === "and" || (state === "tens" && !isTens && small >= 1 && small <= 9);
      if (!fits) break;
      group += small;
      state = isTens ? "tens" : small < 10 ? "ones" : "teen";
      lastUnit = 1;
    } else if (w === "hundred") {
      if (hasHundred || !(state === "a" || state === "ones" || state === "teen" || state === "tens")) break;
      group = (state === "a" ? 1 : group) * 100;
      hasHundred = true;
      state = "hundred";
      lastUnit = 100;
    } else if (SCALES[w] !== undefined) {
      const scale = SCALES[w] ?? 1;
      if (scale >= lastScale || state === "start" || state === "scale" || state === "and") break;
      total += (state === "a" ? 1 : group) * scale;
      group = 0;
      hasHundred = false;
      lastScale = scale;
      state = "scale";
      lastUnit = scale;
    } else if (w === "dozen") {
      // "a dozen", "three dozen"; a bare "dozen" counts nothing: it names the unit (`unit: dozen`, "per dozen").
      if (!(state === "a" || state === "ones" || state === "teen" || state === "tens")) break;
      const dozens = state === "a" ? 1 : group;
      return { value: total + dozens * 12, precision: 0.5, fraction: false, end: wEnd };
    } else if (w === "and" && (state === "hundred" || state === "scale")) {
      state = "and";
      pos = wEnd;
      continue;
    } else if (w === "and" && (state === "ones" || state === "teen" || state === "tens")) {
      // "one and a half"
      const a = wordAt(text, wEnd, false);
      const half = a?.[0] === "a" ? wordAt(text, a[1], false) : null;
      if (half?.[0] !== "half") break;
      return { value: total + group + 0.5, precision: FRACTION_PRECISION, fraction: false, end: half[1] };
    } else if ((w === "a" || w === "an") && state === "start") {
      state = "a";
      pos = wEnd;
      continue;
    } else if (DENOMINATORS[w]) {
      const [denominator, plural] = DENOMINATORS[w] ?? [1, false];
      const numerator = state === "start" || state === "a" ? 1 : state === "ones" && total === 0 ? group : 0;
      if (numerator === 0 || (state === "start" && w !== "half") || plural !== numerator > 1) break;
      // "a third cousin", "a fifth season": an ordinal before its noun, not a fraction ("a third of them").
      if (ORDINAL_ONLY.has(w) && ordinalBeforeNoun(text, wEnd)) break;
      return { value: numerator / denominator, precision: FRACTION_PRECISION, fraction: true, end: wEnd };
    } else if (w === "couple" && state === "a") {
      const of = wordAt(text, wEnd, false);
      return { value: 2, precision: 0.5, fraction: false, end: of?.[0] === "of" ? of[1] : wEnd };
    } else {
      break;
    }
    pos = end = wEnd;
  }
  if (end === start) return null;
  return { value: total + group, precision: 0.5 * lastUnit, fraction: false, end };
}

/**
 * Parses a whole phrase as a spelled number: "one hundred and five" -> 105, "a dozen" -> 12,
 * "three quarters" -> 0.75. Returns null unless the entire phrase (trimmed) is one number; "twice" is
 * not a number.
 */
export function parseNumberWords(phrase: string): Omit<WordNumber, "start" | "end"> | null {
  const text = phrase.trim();
  const r = readNumberWords(text, 0);
  if (!r || r.end !== text.length) return null;
  return { value: r.value, precision: r.precision, fraction: r.fraction };
}

/**
 * Finds every spelled number in `text`, longest first from left to right. Context rules (skipping "no one",
 * "the first half") belong to the caller, which sees the sentence.
 */
export function findNumberWords(text: string): WordNumber[] {
  const found: WordNumber[] = [];
  START_RE.lastIndex = 0;
  for (let m = START_RE.exec(text); m; m = START_RE.exec(text)) {
    // The end of a hyphenated noun ("a plus-one", "an all-in-one printer") counts nothing.
    if (m.index >= 2 && text[m.index - 1] === "-" && /\p{L}/u.test(text[m.index - 2]!)) continue;
    const r = readNumberWords(text, m.index);
    if (!r) continue;
    found.push({ start: m.index, end: r.end, value: r.value, precision: r.precision, fraction: r.fraction });
    START_RE.lastIndex = r.end;
  }
  return found;
}

const CJK_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CJK_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const CJK_BIG: Record<string, number> = { 万: 1e4, 萬: 1e4, 億: 1e8, 亿: 1e8 };

/** A run of CJK numeral characters; the caller decides which runs to read. */
export const CJK_NUMERAL_RE = /[〇零一二两兩三四五六七八九十百千万萬億亿]+/gu;

/**
 * Parses a CJK numeral: "二" -> 2, "二十五" -> 25, "三百" -> 300, "一百零五" -> 105, "一万" -> 10000, and
 * positional digit strings "二〇二四" -> 2024. Precision is half the last stated unit ("三百" -> 50).
 * Returns null for malformed runs (units out of order, digits back to back between units).
 */
export function parseCjkNumber(run: string): { value: number; precision: number } | null {
  const chars = [...run];
  if (chars.length === 0) return null;
  if (chars.length > 1 && chars.every((c) => CJK_DIGITS[c] !== undefined)) {
    return { value: Number(chars.map((c) => CJK_DIGITS[c]).join("")), precision: 0.5 };
  }
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  let smallUnit = Infinity;
  let bigUnit = Infinity;
  let lastUnit = 1;
  for (const c of chars) {
    const d = CJK_DIGITS[c];
    const u = CJK_UNITS[c];
    const b = CJK_BIG[c];
    if (d !== undefined) {
      if (digit !== null) return null;
      digit = d === 0 ? null : d;
      lastUnit = 1;
    } else if (u !== undefined) {
      if (u >= smallUnit) return null;
      section += (digit ?? 1) * u;
      digit = null;
      smallUnit = lastUnit = u;
    } else if (b !== undefined) {
      if (b >= bigUnit) return null;
      section += digit ?? 0;
      total += (section || 1) * b;
      section = 0;
      digit = null;
      smallUnit = Infinity;
      bigUnit = lastUnit = b;
    } else {
      return null;
    }
  }
  return { value: total + section + (digit ?? 0), precision: 0.5 * lastUnit };
}

const FULL_WIDTH_RE = /[\uFF01-\uFF5E\u3000]/g;

/**
 * Maps full-width ASCII forms ("２", "，", "％") and the ideographic space to their ASCII counterparts.
 * Each character maps to one UTF-16 unit, so offsets into the result are offsets into the input.
 */
export function toHalfWidth(text: string): string {
  FULL_WIDTH_RE.lastIndex = 0;
  if (!FULL_WIDTH_RE.test(text)) return text;
  return text.replace(FULL_WIDTH_RE, (c) => (c === "\u3000" ? " " : String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
}
