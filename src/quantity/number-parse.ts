/**
 * Parsing of one numeric token: digit grouping in English, German and SI (space) styles, decimal marks,
 * signs, and magnitude suffixes or words ("4.2M", "$4.2m", "5.4 million", "1,5 Mio.").
 *
 * Values are built from the digit string and a power of ten ("4.2" + 6 -> Number("42e5")), so "4.2M" is
 * exactly 4200000 rather than 4.2 * 1e6 = 4200000.000000001.
 */

/** Which decimal convention to prefer for a token that is valid in both ("1,000", "1.000"). */
export type NumberLocale = "en" | "de" | "auto";

/** One way to read a numeric core: its digits without separators and how many of them are decimals. */
export interface CoreReading {
  /** Digits only, no sign, no separators ("1410.00" -> "141000"). */
  digits: string;
  /** How many of `digits` follow the decimal mark. */
  decimals: number;
}

/** The readings a numeric core allows. Both are set and equal for plain digits ("1000"). */
export interface CoreParse {
  negative: boolean;
  /** Reading with "." as decimal mark and "," as group separator, or null if the token is invalid so. */
  en: CoreReading | null;
  /** Reading with "," as decimal mark and "." as group separator, or null if the token is invalid so. */
  de: CoreReading | null;
  /** The convention this token proves on its own ("1.410,00" -> "de", "3.5" -> "en"), null if none. */
  evidence: "en" | "de" | null;
  /** The group separator written, if any ("," "." " " or a no-break space). */
  group: string | null;
}

const SIGN_RE = /^[-+\u2212]/;
const PLAIN_RE = /^\d+$/;
const ONE_MARK_RE = /^(\d*)([.,])(\d+)$/;
const GROUP_START_RE = /^[1-9]\d{0,2}$/;
const DOTS_RE = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const COMMAS_RE = /^[1-9]\d{0,2}(?:,\d{3})+$/;
/** Indian grouping (lakh, crore): "1,00,000", "12,34,567". */
const INDIAN_RE = /^[1-9]\d?(?:,\d\d)+,\d{3}$/;
const EN_FULL_RE = /^(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d?(?:,\d\d)+,\d{3})\.(\d+)$/;
const DE_FULL_RE = /^[1-9]\d{0,2}(?:\.\d{3})+,(\d+)$/;
const SPACED_RE = /^[1-9]\d{0,2}(?:([ \u00A0\u202F])\d{3})+(?:([.,])(\d+))?$/;

const reading = (intPart: string, frac: string): CoreReading => ({
  digits: (intPart.replace(/\D/g, "") || "0") + frac,
  decimals: frac.length,
});

/**
 * Parses a numeric core (sign, digits, group separators, decimal mark; nothing else) into the readings it
 * allows. A thousands group must have exactly three digits, so "17,93" is only German (17.93) while
 * "1,000" is English 1000 or German 1.0. Returns null for malformed tokens: "1.2.3" (a version), "1,00,0",
 * mixed marks in the wrong order. Never throws.
 */
export function parseNumberCore(token: string): CoreParse | null {
  const negative = /^[-\u2212]/.test(token);
  const body = SIGN_RE.test(token) ? token.slice(1) : token;
  if (PLAIN_RE.test(body)) {
    const r = reading(body, "");
    return { negative, en: r, de: r, evidence: null, group: null };
  }
  const one = ONE_MARK_RE.exec(body);
  if (one) {
    const [, intPart = "", mark, frac = ""] = one;
    // A single mark followed by exactly three digits after a 1-3 digit lead may be a group separator.
    const canGroup = GROUP_START_RE.test(intPart) && frac.length === 3;
    const asDecimal = reading(intPart, frac);
    const asGroup = canGroup ? reading(intPart + frac, "") : null;
    const en = mark === "." ? asDecimal : asGroup;
    const de = mark === "," ? asDecimal : asGroup;
    const evidence = canGroup ? null : mark === "." ? "en" : "de";
    return { negative, en, de, evidence, group: canGroup ? (mark ?? null) : null };
  }
  if (DOTS_RE.test(body)) return { negative, en: null, de: reading(body, ""), evidence: "de", group: "." };
  if (COMMAS_RE.test(body) || INDIAN_RE.test(body)) {
    return { negative, en: reading(body, ""), de: null, evidence: "en", group: "," };
  }
  const en = EN_FULL_RE.exec(body);
  if (en) {
    const frac = en[1] ?? "";
    return { negative, en: reading(body.slice(0, -frac.length - 1), frac), de: null, evidence: "en", group: "," };
  }
  const de = DE_FULL_RE.exec(body);
  if (de) {
    const frac = de[1] ?? "";
    return { negative, en: null, de: reading(body.slice(0, -frac.length - 1), frac), evidence: "de", group: "." };
  }
  const spaced = SPACED_RE.exec(body);
  if (spaced) {
    const frac = spaced[3] ?? "";
    const r = reading(frac ? body.slice(0, -frac.length - 1) : body, frac);
    const evidence = spaced[2] === "," ? "de" : spaced[2] === "." ? "en" : null;
    return { negative, en: evidence === "de" ? null : r, de: evidence === "en" ? null : r, evidence, group: spaced[1] ?? " " };
  }
  return null;
}

/** The value of a reading scaled by 10^exponent, built from its digit string to avoid binary rounding. */
export function readingValue(r: CoreReading, negative: boolean, exponent = 0): number {
  const v = Number(`${r.digits}e${exponent - r.decimals}`);
  return negative && v !== 0 ? -v : v;
}

/** Half of the last written digit's place, scaled by 10^exponent: "4.2" with exponent 6 -> 50000. */
export function readingPrecision(r: CoreReading, exponent = 0): number {
  return Number(`5e${exponent - r.decimals - 1}`);
}

/** A magnitude suffix or word found after a numeric core. */
export interface Magnitude {
  /** Power of ten: k -> 3, M / million -> 6, bn -> 9, lakh -> 5, 万 -> 4. */
  exponent: number;
  /** Index just past the suffix. */
  end: number;
  /** Written directly after the digits ("4.2M") rather than as a separate word ("4.2 million"). */
  glued: boolean;
}

const GLUED_MAG_RE = /(k|K|M|B|bn|Bn|BN|mn|Mn|MM|mm|m|T|tn|trn|万|億|亿|千)(?![\p{Script=Latin}\p{N}_]|\.\d)/uy;
const WORD_MAG_RE = /[ \u00A0\u202F]?(thousand|million|billion|trillion|bn|mn|mio\.?|mrd\.?|tsd\.?|lakhs?|crores?)(?![\p{L}\p{N}_])/iuy;
const GLUED_EXP: Record<string, number> = {
  k: 3,
  K: 3,
  M: 6,
  B: 9,
  bn: 9,
  Bn: 9,
  BN: 9,
  mn: 6,
  Mn: 6,
  MM: 6,
  mm: 6,
  m: 6,
  T: 12,
  tn: 12,
  trn: 12,
  万: 4,
  億: 8,
  亿: 8,
  千: 3,
};
/** Suffixes that mean a unit unless a currency stands before the number: "5m" is metres, "$5m" millions. */
const MONEY_ONLY = new Set(["m", "mm", "MM", "T", "tn", "trn"]);
const WORD_EXP: Record<string, number> = {
  thousand: 3,
  million: 6,
  billion: 9,
  trillion: 12,
  bn: 9,
  mn: 6,
  mio: 6,
  "mio.": 6,
  mrd: 9,
  "mrd.": 9,
  tsd: 3,
  "tsd.": 3,
  lakh: 5,
  lakhs: 5,
  crore: 7,
  crores: 7,
};

/**
 * Reads a magnitude suffix at `pos`, right after a numeric core. Glued suffixes: k/K, M, B and bn
 * (billion: "4.2B" is read as money-style billions, write "4.2 B" for bytes), mn; `m`, `mm`, `T` only when
 * `money` is true ("$4.2m"), since "5 m" and "5mm" are lengths. Words (one space allowed): thousand,
 * million, billion, trillion, bn, mn, Mio., Mrd., Tsd., lakh, crore. Returns null when there is none.
 */
export function readMagnitude(text: string, pos: number, money: boolean): Magnitude | null {
  GLUED_MAG_RE.lastIndex = pos;
  const g = GLUED_MAG_RE.exec(text);
  if (g?.[1] && (money || !MONEY_ONLY.has(g[1]))) {
    return { exponent: GLUED_EXP[g[1]] ?? 0, end: pos + g[0].length, glued: true };
  }
  WORD_MAG_RE.lastIndex = pos;
  const w = WORD_MAG_RE.exec(text);
  const exponent = w?.[1] ? WORD_EXP[w[1].toLowerCase()] : undefined;
  return w && exponent !== undefined ? { exponent, end: pos + w[0].length, glued: false } : null;
}

/** A parsed numeric token. */
export interface ParsedNumber {
  /** Preferred value, magnitude applied ("4.2M" -> 4200000). */
  value: number;
  /** Other readings of an ambiguous token ("1.000" -> [1000] when 1 is preferred). */
  alternatives: number[];
  /** Half of the last written digit's place times the magnitude ("4.2M" -> 50000, "4,213,450" -> 0.5). */
  precision: number;
  /** Decimals written in the preferred reading ("3,450.00" -> 2). */
  decimals: number;
  /** Power of ten from the magnitude suffix or word, 0 if none. */
  exponent: number;
  /** Convention the token proves on its own, see `CoreParse.evidence`. */
  evidence: "en" | "de" | null;
}

/** Options for `parseNumber`. */
export interface ParseNumberOptions {
  /** Preferred convention for ambiguous tokens; the other reading is kept in `alternatives`. Default "auto" (English first). */
  locale?: NumberLocale;
  /** A currency precedes the number, so `m`/`mm` mean million. Implied by a leading currency sign. Default false. */
  money?: boolean;
}

const TOKEN_CORE_RE = /^[-+\u2212]?(?:\d[\d.,]*(?:[ \u00A0\u202F]\d{3}(?:[.,]\d+)?)*|[.,]\d+)/;
const LEADING_SYMBOL_RE = /^[$€£¥₹]\s?/;

/**
 * Parses one numeric token such as "1,000", "1 000", "1.000,5", "-3.5", ".5", "4.2M", "$4.2m",
 * "5.4 million". Ambiguous tokens ("1,000", "1.000") take the reading of `options.locale` (English under
 * "auto") and keep the other in `alternatives`. Returns null, never throws, for anything else: "1.2.3",
 * "1,00,0", "5x", "".
 */
export function parseNumber(token: string, options: ParseNumberOptions = {}): ParsedNumber | null {
  const { locale = "auto" } = options;
  let text = token.trim();
  const symbol = LEADING_SYMBOL_RE.exec(text);
  const money = options.money === true || symbol !== null;
  if (symbol) text = text.slice(symbol[0].length);
  const core = TOKEN_CORE_RE.exec(text)?.[0];
  if (!core) return null;
  const parse = parseNumberCore(core);
  if (!parse) return null;
  let exponent = 0;
  let end = core.length;
  const magnitude = readMagnitude(text, end, money);
  if (magnitude) {
    exponent = magnitude.exponent;
    end = magnitude.end;
  }
  if (text.slice(end).trim() !== "") return null;
  return resolveReadings(parse, exponent, locale === "de" ? "de" : "en");
}

/**
 * Orders the readings of a parsed core: `prefer` first when both are valid. Alternatives equal to the value
 * are dropped. Used by `parseNumber` and by extraction once a document-level hint is known.
 */
export function resolveReadings(parse: CoreParse, exponent: number, prefer: "en" | "de"): ParsedNumber | null {
  const first = prefer === "de" ? (parse.de ?? parse.en) : (parse.en ?? parse.de);
  if (!first) return null;
  const other = first === parse.en ? parse.de : parse.en;
  const value = readingValue(first, parse.negative, exponent);
  const alternatives: number[] = [];
  if (other) {
    const alt = readingValue(other, parse.negative, exponent);
    if (alt !== value) alternatives.push(alt);
  }
  return {
    value,
    alternatives,
    precision: readingPrecision(first, exponent),
    decimals: first.decimals,
    exponent,
    evidence: parse.evidence,
  };
}
