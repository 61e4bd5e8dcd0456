/**
 * Finds every figure in a sentence or an evidence passage: plain numbers, counts, percentages, money and
 * measures, with hedges ("about") and bounds ("at least"). Dates, clock times, versions, identifiers,
 * citation markers and URLs are skipped; a separate module reads dates.
 *
 * All regexes are compiled once at module load; a call allocates only small slices around each figure.
 */
import type { Bound, Dimension, Quantity, QuantityKind } from "./types.js";
import { parseNumberCore, readMagnitude, resolveReadings, type CoreParse } from "./number-parse.js";
import { CJK_NUMERAL_RE, findNumberWords, parseCjkNumber, toHalfWidth } from "./number-words.js";
import { lookupCurrency, readCurrencyAfter, readCurrencyBefore, readUnitAt, type CurrencyInfo } from "./units.js";

/** Options for `extractQuantities`. */
export interface ExtractOptions {
  /**
   * Decimal convention of the text. "auto" (default) reads each number on its own; an ambiguous one
   * ("1.000", "1,000") takes the convention that the text's unambiguous numbers show ("1.410,00" -> German),
   * else English. The other reading always stays in `alternatives`.
   */
  locale?: "en" | "de" | "auto";
}

/** Digit runs; never starts inside a number. Space-grouped forms are checked again below. */
const NUMBER_RE = /(?<![\d.,])(?:\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)*|[.,]\d+)/g;

/** Dates, ISO timestamps, clock times, citation or index brackets, UUIDs: never quantities. */
const SKIP_RE = new RegExp(
  "(?<![\\d.])(?:" +
    [
      "\\d{4}-\\d{1,2}-\\d{1,2}(?:[T ]\\d{1,2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?",
      "\\d{4}-(?:0[1-9]|1[0-2])(?![\\d-])",
      "\\d{1,4}[/.]\\d{1,2}[/.]\\d{2,4}(?!\\d)",
      "\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:\\s?[aApP]\\.?[mM]\\.?(?!\\p{L}))?",
      "\\[\\d{1,3}(?:(?:,\\s*|\\s*[-–]\\s*)\\d{1,3})*\\]",
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    ].join("|") +
    ")",
  "gu",
);
/** IPv4 addresses ("10.4.2.18") and phone numbers ("+1 415-555-0137", "(415) 555-0137"): identifiers, no quantities. */
const IDENT_RE = new RegExp(
  "(?<![\\d.])(?:" +
    [
      "(?!\\d{1,3}(?:\\.\\d{3}){3}(?!\\d))(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![\\d]|\\.\\d)",
      "\\+\\d{1,3}[ .-]?(?:\\(\\d{1,4}\\)[ .-]?\\d{2,4}(?:[ .-]\\d{2,4}){1,4}|\\d{1,4}(?:[ .-]\\d{2,4}){2,5})(?!\\d)",
      "\\(\\d{3}\\)[ .-]?\\d{3}[ .-]\\d{4}(?!\\d)",
      "\\d{3}[.-]\\d{3}[.-]\\d{4}(?![\\d.-])",
    ].join("|") +
    ")",
  "gu",
);
/** A cheap test for text that may hold an address or a phone number. */
const IDENT_HINT = /\d\.\d{1,3}\.\d{1,3}\.\d|\+\d|\(\d{3}\)|\d{3}[.-]\d{3}[.-]\d{4}/;
const URL_RE = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"'`)\]]+/gi;
const EMAIL_RE = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/g;

const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|" +
  "Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)";
/** "March 3", "March 1st, 2024", "9 October 2026": the figure follows a month name (and maybe a day). */
const MONTH_BEFORE_RE = new RegExp(`(?<!\\p{L})${MONTH}\\.?,?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?$`, "u");
/** "3 March", "3rd of March", "9. Oktober". */
const MONTH_AFTER_RE = new RegExp(`\\.?(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?!\\p{L})`, "uy");

const HEDGE_RE = /(?:^|[^\p{L}])(about|around|roughly|approximately|approx\.?|nearly|almost|close to|some|circa|ca\.|est\.|an estimated|~|≈|∼)\s*$/diu;
const BOUND_RE = new RegExp(
  "(?:^|[^\\p{L}])(at least|no fewer than|no less than|not less than|a minimum of|minimum of|min\\.|more than|over|above|" +
    "exceeds|exceeded|exceeding|greater than|upwards of|in excess of|up to|at most|no more than|not more than|" +
    "a maximum of|maximum of|max\\.?|less than|under|below|fewer than|>=|=>|≥|<=|=<|≤|>|<)\\s*$",
  "diu",
);
const BOUNDS: Record<string, Bound> = { ">=": "ge", "=>": "ge", "≥": "ge", "<=": "le", "=<": "le", "≤": "le", ">": "gt", "<": "lt" };
const GE = /^(?:at least|no fewer|no less|not less|a minimum|minimum|min)/;
const GT = /^(?:more|over|above|exceed|greater|upwards|in excess)/;
const LT = /^(?:less|under|below|fewer)/;
const TRAIL_RE = /[\s*_`(]+$/;
const TAG_END_RE = /<[^<>]*>$/;

const EMPH_RE = /[*_`]+/y;
const PERCENT_RE = /[ \u00A0\u202F]?(?:(%|‰)|(percentage points?|percent|per[ ]?cent|pct|pp|bps|basis points?|prozent)(?![\p{L}\p{N}]))/iuy;
const AMPM_RE = /[ ]?[ap]\.?m\b\.?/iy;
const ORDINAL_RE = /(?:st|nd|rd|th)(?![\p{L}\p{N}])/uy;
const TIMES_RE = /[x×](?![\p{L}\p{N}])/uy;
const GLUED_WORD_RE = /[\p{Script=Latin}\p{N}_]/u;
/** A count or determiner right before a plural ("four 502s", "the 404s", "3 500s"), or a plural at the start. */
const PLURAL_CODE_BEFORE =
  /(?:^|\b(?:the|all|any|no|some|many|several|few|more|fewer|those|these|two|three|four|five|six|seven|eight|nine|ten|a dozen|\d+)\s+)$/i;
const LETTER_RE = /[\p{L}\p{M}_]/u;
/** The text before a digit group ends in an identifier that starts with a letter: "INV-2024-", "PROJ_7_". */
const LEADING_LETTER_ID_RE = /(?<![\p{L}\p{N}_-])\p{L}[\p{L}\p{N}]*(?:[-_]\p{N}+)+[-_]$/u;
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const NOUN_RE = /[ \u00A0](\p{L}[\p{L}'’-]*)/uy;
const OR_SO_RE = /(?:[ \t]+or so\b|-?ish\b)/iy;
const OR_MORE_RE = /(?:\+(?!\d)|[ \t]+or (?:more|above|greater|higher)\b)/iy;
const OR_LESS_RE = /[ \t]+or (?:less|fewer|below|lower)\b/iy;
const SEMVER_AFTER_RE = /^(?:\.x|\s+<|\s*\|\||,\s*<|\s+-\s+\d)/;
/** Words before an hour of the day: "opens at", "closes at", "open until", "starts at". */
const CLOCK_BEFORE_RE = /\b(?:opens?|closes?|starts?|begins?|until|till)\s+(?:(?:at|until|till|from)\s+)?(?:about\s+|around\s+)?$/i;
const ONE_BEFORE_RE = /\b(?:no|any|every|each|the|this|that|which)\s+$/i;
const ONE_AFTER_RE = /^(?:\s+(?:of|another|can|could|would|should|must|might|may|will|who|that)\b|-\p{L})/iu;
/** "the dry one at 18%", "the cheapest one.": a determiner and a modifier or two before a pronoun "one" ... */
const ONE_MODIFIED_BEFORE_RE = /\b(?:the|this|that|which|each|every)\s+(?:\p{L}[\p{L}-]*\s+){1,2}$/iu;
/** ... that no noun follows. */
const ONE_PRONOUN_AFTER_RE = /^(?:\s+(?:at|in|on|with|is|was|are|were|for|to|left|here|there|from|by|and|or|but|has|had)\b|\s*[,.;:!?)]|\s*$)/i;
const HALF_BEFORE_RE = /\b(?:first|second|other|the|latter|former|back|front|1st|2nd)\s+$/i;
const STOP_NOUNS = new Set(
  (
    "a an the and or of to in on at by for from with than as is was were are be been being has have had per vs " +
    "versus which that this these those it its if but so not no more less over under up down into out after " +
    "before since until while during when where between among each every all both also only about around " +
    "more most percent almost nearly roughly approximately some exactly will would can could should may might must " +
    "did does do"
  ).split(" "),
);
const PERCENT_UNITS: Record<string, [unit: string, exponent: number]> = {
  "%": ["%", 0],
  "‰": ["‰", -1],
  pp: ["pp", 0],
  bps: ["bps", -2],
  "basis point": ["bps", -2],
  "basis points": ["bps", -2],
  "percentage point": ["pp", 0],
  "percentage points": ["pp", 0],
};

/** What follows a number: magnitude, unit, percent sign or currency, trailing hedges, a counted noun. */
interface Tail {
  end: number;
  exponent: number;
  kind: QuantityKind;
  unit: string | null;
  dimension: Dimension | null;
  factor: number;
  currency: CurrencyInfo | null;
  approx: boolean;
  bound: Bound;
  /** Emphasis run ("**") skipped between the number and its magnitude or unit. */
  emphasis: string;
}

/** An era marker after a year: BC, BCE, B.C., B.C.E. */
const ERA_BC_RE = /^[ \u00a0]?(?:BCE?|B\.C\.(?:E\.)?)(?![\p{L}\p{N}])/u;
/** The first year of a range before the common era ("1400–1300 BC"). */
const ERA_RANGE_BC_RE = /^[ \u00a0]?[-–—][ \u00a0]?\d{1,4}[ \u00a0]?(?:BCE?|B\.C\.(?:E\.)?)(?![\p{L}\p{N}])/u;

function readTail(src: string, pos: number, money: boolean, magnitudes: boolean): Tail | null {
  const tail: Tail = {
    end: pos,
    exponent: 0,
    kind: money ? "money" : "number",
    unit: null,
    dimension: null,
    factor: 1,
    currency: null,
    approx: false,
    bound: "eq",
    emphasis: "",
  };
  EMPH_RE.lastIndex = pos;
  const emph = EMPH_RE.exec(src)?.[0] ?? "";
  // After "**54**" only a spaced word may continue the figure: "**54** million".
  const afterEmph = pos + emph.length;
  const starts = emph ? [pos, afterEmph] : [pos];
  const take = (end: number, at: number): void => {
    if (emph && at === afterEmph) tail.emphasis = emph;
    tail.end = end;
  };
  let p = pos;
  for (const at of starts) {
    const mag = magnitudes ? readMagnitude(src, at, money) : null;
    if (mag && (at === pos || !mag.glued)) {
      tail.exponent = mag.exponent;
      take((p = mag.end), at);
      break;
    }
  }
  const from = p === pos ? starts : [p];
  for (const at of from) {
    PERCENT_RE.lastIndex = at;
    const pct = PERCENT_RE.exec(src);
    const surface = pct?.[1] ?? pct?.[2];
    if (pct && surface) {
      const key = surface.toLowerCase().replace(/^per ?cent$|^percent$|^pct$|^prozent$/, "%");
      const [unit, exponent] = PERCENT_UNITS[key] ?? ["%", 0];
      Object.assign(tail, { kind: "percent", unit, exponent: tail.exponent + exponent });
      take((p = at + pct[0].length), at);
      break;
    }
    const cur = money ? null : readCurrencyAfter(src, at);
    if (cur) {
      Object.assign(tail, { kind: "money", currency: cur.currency, unit: cur.currency.code });
      take((p = cur.end), at);
      break;
    }
    const unit = money ? null : readUnitAt(src, src[at] === "-" && at === pos ? at + 1 : at);
    if (unit) {
      const { symbol, dimension, factor } = unit.info;
      Object.assign(tail, { kind: "measure", unit: symbol, dimension, factor });
      take((p = unit.end), at);
      // A unit over a unit of another dimension ("35.0 L/100 km", "8.1 L per 100 km", "0.18 kWh/km") is a
      // rate's, no amount of the first: a number of that compound unit, of no dimension tier 0 converts. Not
      // over a period ("60 km/h": read with its period, as "per hour" is), a like unit ("612 MiB / 2 GiB", a
      // usage and its limit), a noun ("26 min/room") or a path ("1.1G /var/lib").
      const denominator = rateDenominator(src, p, dimension);
      if (denominator) {
        Object.assign(tail, { kind: "number", unit: `${symbol}/${denominator.text}`, dimension: null, factor: 1 });
        take((p = denominator.end), at);
      }
      break;
    }
  }
  if (GLUED_WORD_RE.test(src[p] ?? "")) {
    // Letters or digits glued to the figure: an ordinal, a multiplier, or part of an identifier ("7d9f").
    if (p !== pos) return null;
    ORDINAL_RE.lastIndex = TIMES_RE.lastIndex = p;
    if (ORDINAL_RE.test(src) || !TIMES_RE.test(src)) return null;
    tail.unit = "x";
    return tail;
  }
  OR_SO_RE.lastIndex = OR_MORE_RE.lastIndex = OR_LESS_RE.lastIndex = p;
  if (OR_SO_RE.test(src)) tail.approx = true;
  else if (OR_MORE_RE.test(src)) {
    tail.bound = "ge";
    if (src[p] === "+") tail.end = p + 1;
  } else if (OR_LESS_RE.test(src)) tail.bound = "le";
  if (tail.kind === "number" && tail.unit === null) {
    NOUN_RE.lastIndex = p === pos ? afterEmph : p;
    const word = NOUN_RE.exec(src)?.[1];
    const noun = word?.toLowerCase();
    // After a year, a capitalised word ("a 2014 Indian film") is a name, not what the figure counts.
    const afterYear = /^\p{Lu}\p{Ll}/u.test(word ?? "") && /(?:^|[^\d.,])(?:1[89]|20)\d\d$/.test(src.slice(Math.max(0, pos - 5), pos));
    if (noun && !STOP_NOUNS.has(noun) && !noun.endsWith("ly") && !afterYear) {
      // "38 engine hours", "5 business days": a noun between the figure and a unit of time says which hours
      // or days; the figure is that duration, its text the whole phrase.
      const gap = /^[ \t]+/.exec(src.slice(NOUN_RE.lastIndex))?.[0];
      const unit = gap ? readUnitAt(src, NOUN_RE.lastIndex + gap.length) : null;
      if (unit && unit.info.dimension === "time" && !readUnitAt(src, NOUN_RE.lastIndex - word!.length) && !/^[\p{L}\p{N}]/u.test(src[unit.end] ?? "")) {
        const { symbol, dimension, factor } = unit.info;
        Object.assign(tail, { kind: "measure", unit: symbol, dimension, factor });
        tail.end = unit.end;
        return tail;
      }
      tail.unit = noun;
    }
  }
  return tail;
}

/** The compound unit's denominator after a unit ending at `at`, as written ("100 km"), and where it ends; or null. */
function rateDenominator(src: string, at: number, dimension: Dimension | null): { text: string; end: number } | null {
  RATE_OVER_RE.lastIndex = at;
  const over = RATE_OVER_RE.exec(src);
  if (!over) return null;
  const from = at + over[0].length;
  // A concentration ("131 mg/dL", "5.4 mmol/L", "35 µg/m³"): a unit over a volume no unit table holds.
  if (over[0] === "/") {
    VOLUME_RE.lastIndex = from;
    const volume = VOLUME_RE.exec(src);
    if (volume) return { text: volume[0], end: from + volume[0].length };
  }
  const unit = readUnitAt(src, from);
  if (!unit || unit.info.dimension === dimension || unit.info.dimension === "time") return null;
  if (/^[/\p{L}\p{N}]/u.test(src.slice(unit.end, unit.end + 1))) return null;
  return {
    text: src
      .slice(at, unit.end)
      .replace(/^(?:\s*\/\s*|\s+per\s+)/, "")
      .replace(/\s+/g, " "),
    end: unit.end,
  };
}

/** A volume a concentration is over, right after its slash: "dL", "L", "mL", "m³". */
const VOLUME_RE = /(?:[dmcµu]?L|m³|m3|cm³|cm3|dl|ml)(?![\p{L}\p{N}_])/uy;

/** A slash set tight or spaced on both sides, or "per", then an optional count: "/", " / ", " per ", "/100 ". */
const RATE_OVER_RE = /(?:\/|\s\/\s|\s+per\s+)(?:\d[\d,.]*\s?)?/y;

/** Hedge and bound words just before `start` ("up to about", "at least", "~"). */
function readPrefix(src: string, start: number): { approx: boolean; bound: Bound } {
  let before = src.slice(Math.max(0, start - 32), start).replace(TRAIL_RE, "");
  let approx = false;
  let bound: Bound = "eq";
  for (let i = 0; i < 2; i++) {
    const h: RegExpExecArray | null = approx ? null : HEDGE_RE.exec(before);
    const b: RegExpExecArray | null = h || bound !== "eq" ? null : BOUND_RE.exec(before);
    const m: RegExpExecArray | null = h ?? b;
    const at = m?.indices?.[1]?.[0];
    const word: string | undefined = m?.[1];
    if (!word || at === undefined) break;
    if (h) approx = true;
    else if (!(word === ">" && TAG_END_RE.test(before))) {
      const w: string = word.toLowerCase();
      bound = BOUNDS[w] ?? (GE.test(w) ? "ge" : GT.test(w) ? "gt" : LT.test(w) ? "lt" : "le");
    }
    before = before.slice(0, at).replace(TRAIL_RE, "");
  }
  return { approx, bound };
}

/** Sorted, non-overlapping [start, end) pairs of text that holds no quantity. */
function skipSpans(src: string): number[] {
  const spans: number[] = [];
  const collect = (re: RegExp): void => {
    re.lastIndex = 0;
    for (let m = re.exec(src); m; m = re.exec(src)) spans.push(m.index, m.index + m[0].length);
  };
  collect(SKIP_RE);
  const ident = IDENT_HINT.test(src);
  if (ident) collect(IDENT_RE);
  const more = src.includes("://") || src.includes("www.") || src.includes("@");
  if (!more && !ident) return spans;
  if (!more) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < spans.length; i += 2) pairs.push([spans[i] ?? 0, spans[i + 1] ?? 0]);
    return pairs.sort((x, y) => x[0] - y[0]).flat();
  }
  if (src.includes("@")) collect(EMAIL_RE);
  collect(URL_RE);
  const pairs: [number, number][] = [];
  for (let i = 0; i < spans.length; i += 2) pairs.push([spans[i] ?? 0, spans[i + 1] ?? 0]);
  return pairs.sort((a, b) => a[0] - b[0]).flat();
}

function inBackticks(src: string, pos: number): boolean {
  let n = 0;
  for (let i = src.indexOf("`", src.lastIndexOf("\n", pos) + 1); i !== -1 && i < pos; i = src.indexOf("`", i + 1)) n++;
  return n % 2 === 1;
}

interface Found {
  start: number;
  tail: Tail;
  prefix: { approx: boolean; bound: Bound };
  parse?: CoreParse;
  word?: { value: number; precision: number };
}

/** An earthquake magnitude as catalogues write it: "M4.9", "M6.1" (USGS titles: "M 4.9"); no "M4" (a code) nor "M4.9.1". */
const QUAKE_MAGNITUDE = /M\d\.\d+(?![\d.]*\.\d|[\p{L}_])/uy;

/** Whether a quake magnitude ("M4.9") starts at `at` of `text`, its "M" no letter's last. */
export function quakeMagnitudeAt(text: string, at: number): boolean {
  if (/[\p{L}\p{N}_]/u.test(text[at - 1] ?? "")) return false;
  QUAKE_MAGNITUDE.lastIndex = at;
  return QUAKE_MAGNITUDE.test(text);
}

/** Reads the digit figure at [s, e), or null when context says it is no quantity. */
function readDigits(src: string, s: number, core: string): Found | null {
  const c1 = src[s - 1] ?? "";
  const c2 = src[s - 2] ?? "";
  const magnitude = c1 === "M" && quakeMagnitudeAt(src, s - 1);
  if ((LETTER_RE.test(c1) && !CJK_RE.test(c1) && !magnitude) || /[#@/\\^&]/.test(c1)) return null;
  let e = s + core.length;
  // Decades: "1990s", "the '90s".
  if (src[e] === "s" && !GLUED_WORD_RE.test(src[e + 1] ?? "") && (/^(?:1\d\d0|20\d0)$/.test(core) || /['’]/.test(c1))) return null;
  // Status codes counted as things ("four 502s", "the 404s"): a plural of a code, no duration in seconds.
  // At the start, only as a sentence's subject ("404s made up 88k requests"): a field's whole value
  // (`duration=158s`) is a duration.
  if (
    src[e] === "s" &&
    !GLUED_WORD_RE.test(src[e + 1] ?? "") &&
    /^[1-5]\d\d$/.test(core) &&
    PLURAL_CODE_BEFORE.test(src.slice(Math.max(0, s - 16), s)) &&
    (src.slice(0, s).trim() !== "" || /^\s+\p{L}/u.test(src.slice(e + 1)))
  )
    return null;
  const next = src[e] ?? "";
  if ((next === "/" || next === ":") && /\d/.test(src[e + 1] ?? "")) return null;
  if (next === "." && /[xX*]/.test(src[e + 1] ?? "")) return null;
  // Later digit groups of a letter-led identifier ("INV-2024-0117", "PROJ-2024-17") are not figures either.
  if ((c1 === "-" || c1 === "_") && /\d/.test(c2) && LEADING_LETTER_ID_RE.test(src.slice(Math.max(0, s - 40), s))) return null;
  // An hour after opening or closing ("opens at 9", "closes at 5 on Fridays", "open until 8"): a time of
  // day, which this module does not read, not a count ("The stock closed at 12" is still a price).
  if (
    /^\d{1,2}$/.test(core) &&
    Number(core) <= 24 &&
    CLOCK_BEFORE_RE.test(src.slice(Math.max(0, s - 24), s)) &&
    !/^\s*(?:[.:,]\d|%|\s*[A-Za-z]{2,}\b(?<!\b(?:on|in|and|or|to|every|each|daily|sharp|today|tomorrow|tonight)\b))/i.test(
      src.slice(s + core.length, s + core.length + 12),
    )
  )
    return null;
  // The end of a season or academic year ("2018–19", "1999-00"): part of the years, not a count.
  if (core.length === 2 && /[-–—/]/.test(c1) && /(?:^|[^\d.,])(?:1[5-9]|20)\d\d$/.test(src.slice(Math.max(0, s - 6), s - 1))) return null;
  let negative = false;
  let start = s;
  if (c1 === "-" || c1 === "\u2212" || c1 === "+") {
    if (LETTER_RE.test(c2) || (c1 === "+" && /[\d+]/.test(c2))) return null;
    if (!/\d/.test(c2)) {
      negative = c1 !== "+";
      start = s - 1;
    }
  }
  if (/[<>=~≥≤]/.test(c1) && (core.includes(".") || inBackticks(src, s) || SEMVER_AFTER_RE.test(src.slice(e, e + 8)))) {
    return null;
  }
  let parse = parseNumberCore(core);
  const spaced = core.indexOf(" ");
  if (!parse && spaced === -1) return null;
  const cur = readCurrencyBefore(src, start);
  if (cur) {
    start = cur.start;
    if (!negative && /[-\u2212]/.test(src[start - 1] ?? "") && !/[\p{L}\p{N}]/u.test(src[start - 2] ?? "")) {
      negative = true;
      start--;
    }
  }
  let tail = readTail(src, e, cur !== null, true);
  const context = cur !== null || (tail !== null && (tail.kind !== "number" || tail.exponent !== 0));
  if (spaced !== -1 && (!parse || spaced > 2 || (!context && core.length < 9))) {
    // ASCII-space groups need a short lead and either two groups ("1 000 000") or a currency, unit or
    // magnitude around them; "100 200" in table text is two cells.
    core = core.slice(0, spaced);
    e = s + spaced;
    parse = parseNumberCore(core);
    tail = readTail(src, e, cur !== null, true);
  }
  if (!parse || !tail) return null;
  if (!cur && src[e] === "\u00a2" && tail.kind === "number" && tail.exponent === 0) {
    // "30¢": cents of a dollar, an amount of $0.30.
    Object.assign(tail, { end: e + 1, kind: "money", exponent: -2, unit: "USD", dimension: null, factor: 1, currency: lookupCurrency("$") });
  }
  if (!cur && /^\d{1,4}$/.test(core)) {
    // A year before the common era ("500 BC", "1400–1300 B.C."): a negative year, as museum and history APIs
    // store it (`objectBeginDate: -1400`), not 500 bytes or a count of "BC".
    const after = src.slice(e, e + 16);
    const era = ERA_BC_RE.exec(after);
    if (era || ERA_RANGE_BC_RE.test(after)) {
      negative = true;
      Object.assign(tail, { end: era ? e + era[0].length : e, kind: "number", unit: null, dimension: null, factor: 1, exponent: 0 });
    }
  }
  if (/^\d{1,4}$/.test(core) && tail.kind === "number" && tail.exponent === 0) {
    // Day numbers (1-31) and years (4 digits) next to a month name belong to a date; "March 58 people" does not.
    const n = Number(core);
    MONTH_AFTER_RE.lastIndex = AMPM_RE.lastIndex = e;
    const dateLike = (n >= 1 && n <= 31) || core.length === 4;
    if (dateLike && (MONTH_BEFORE_RE.test(src.slice(Math.max(0, start - 24), start)) || MONTH_AFTER_RE.test(src))) return null;
    if (core.length <= 2 && AMPM_RE.test(src)) return null;
  }
  if (tail.emphasis && src.slice(start - tail.emphasis.length, start) === tail.emphasis) start -= tail.emphasis.length;
  if (cur) Object.assign(tail, { kind: "money", currency: cur.currency, unit: cur.currency.code });
  return { start, tail, prefix: readPrefix(src, start), parse: { ...parse, negative } };
}

/** Whether a spelled number at [start, end) is a figure in this context ("no one" and "the first half" are not). */
function wordIsFigure(src: string, start: number, end: number): boolean {
  const text = src.slice(start, end).toLowerCase();
  const before = src.slice(Math.max(0, start - 12), start);
  if (text === "one") {
    // "two films: one is a 2014 drama, the other ...": a pronoun opening its clause, not a count.
    const pronoun = /(?:^|[:;,.]\s*|\b(?:and|but|while|whereas)\s+)$/i.test(before) && /^\s+(?:is|was|has|had)\b/i.test(src.slice(end, end + 6));
    const modified = ONE_MODIFIED_BEFORE_RE.test(src.slice(Math.max(0, start - 40), start)) && ONE_PRONOUN_AFTER_RE.test(src.slice(end, end + 8));
    return !pronoun && !modified && !ONE_BEFORE_RE.test(before) && !ONE_AFTER_RE.test(src.slice(end, end + 12));
  }
  if (text === "half") return !HALF_BEFORE_RE.test(before) && src[end] !== "-";
  return true;
}

/**
 * Finds every figure in `text`: numbers ("4,213,450", "1.000", "two million"), percentages ("12%",
 * "17,93 %", "12 per cent"), money ("$4.2M", "EUR 2.4k", "3450.0 USD") and measures ("3998 GB",
 * "35 minutes"), each with its exact span, value in base units (see `Quantity`), precision, hedge and bound.
 * A number followed by a noun is a count: "58 people" -> unit "people".
 *
 * Skipped, since they are not quantities: citation and index brackets ("[1]", "[0]"), versions ("18.0.10",
 * "v1.2.3", "^3.2.0", a backticked ">=12"), digits inside identifiers ("A-5521", "bug-18", hashes, URLs,
 * emails), ISO dates and timestamps, slash dates, clock times, and day numbers or years next to a month
 * name ("March 1st, 2024"). A bare year ("in 2024") is returned as a number. Never throws.
 */
export function extractQuantities(text: string, options: ExtractOptions = {}): Quantity[] {
  const src = toHalfWidth(text);
  const skips = skipSpans(src);
  const found: Found[] = [];
  let k = 0;
  NUMBER_RE.lastIndex = 0;
  for (let m = NUMBER_RE.exec(src); m; m = NUMBER_RE.exec(src)) {
    const s = m.index;
    while (k < skips.length && (skips[k + 1] ?? 0) <= s) k += 2;
    if (k < skips.length && (skips[k] ?? 0) < s + m[0].length) continue;
    const f = readDigits(src, s, m[0]);
    if (!f) continue;
    found.push(f);
    // Resume after the figure; a space-grouped run that was split ("100 200") is scanned again.
    NUMBER_RE.lastIndex = f.tail.end;
  }
  const taken = (a: number, b: number): boolean =>
    found.some((f) => f.start < b && a < f.tail.end) || skips.some((x, i) => i % 2 === 0 && x < b && a < (skips[i + 1] ?? 0));
  const words = findNumberWords(src);
  for (const w of words) {
    if (!wordIsFigure(src, w.start, w.end) || taken(w.start, w.end)) continue;
    const tail = readTail(src, w.end, false, false);
    if (tail) found.push({ start: w.start, tail, prefix: readPrefix(src, w.start), word: w });
  }
  if (CJK_RE.test(src)) {
    CJK_NUMERAL_RE.lastIndex = 0;
    for (let m = CJK_NUMERAL_RE.exec(src); m; m = CJK_NUMERAL_RE.exec(src)) {
      const run = m[0];
      if ((run.length === 1 && "一十百千万萬億亿".includes(run)) || /^[百千万萬億亿]/.test(run)) continue;
      const r = parseCjkNumber(run);
      const tail = r && !taken(m.index, m.index + run.length) ? readTail(src, m.index + run.length, false, false) : null;
      if (r && tail) found.push({ start: m.index, tail, prefix: readPrefix(src, m.index), word: r });
    }
  }
  let prefer: "en" | "de" = options.locale === "de" ? "de" : "en";
  if (options.locale !== "en" && options.locale !== "de") {
    let votes = 0;
    for (const f of found) votes += f.parse?.evidence === "de" ? 1 : f.parse?.evidence === "en" ? -1 : 0;
    if (votes > 0) prefer = "de";
  }
  const out: Quantity[] = [];
  for (const f of found.sort((a, b) => a.start - b.start)) {
    const q = toQuantity(text, f, prefer);
    if (q) out.push(withTemperatureScale(text, q));
  }
  return joinDurations(text, out);
}

/** A temperature scale written after a number: "49 °F", "9.4°C", "12 degrees Celsius", "70 deg F", "21 ℃". */
const TEMPERATURE_AFTER = /^\s?(?:°\s?|º\s?|degrees?\s+|deg\s?)(C|F|Celsius|Fahrenheit)\b|^\s?(℃|℉)/i;

/**
 * A plain number followed by a temperature scale, marked with it (`scale` "°C" or "°F"; value, unit, text and
 * span unchanged): a temperature is no bare number, and one scale's figure is no other's.
 */
function withTemperatureScale(text: string, q: Quantity): Quantity {
  if (q.kind !== "number" || (q.unit !== null && !/^deg(?:ree)?s?$/i.test(q.unit))) return q;
  const m = TEMPERATURE_AFTER.exec(text.slice(q.span[1], q.span[1] + 24));
  if (!m) return q;
  const scale = (m[1] ?? m[2]!).toUpperCase();
  return { ...q, scale: scale.startsWith("C") || scale === "℃" ? "°C" : "°F" };
}

/** The temperature scale of a quantity: its written scale, or the one its unit names (a key's `temp_c`), or null. */
export function temperatureScale(q: Quantity): "°C" | "°F" | null {
  return q.scale ?? (q.unit === "°C" || q.unit === "°F" ? q.unit : null);
}

/** Milliseconds per unit of a duration's parts, largest first ("m" after hours is minutes: "2h 04m"). */
const DURATION_PART: Record<string, number> = { day: 86_400_000, d: 86_400_000, h: 3_600_000, min: 60_000, s: 1_000, ms: 1 };
/** What may stand between two parts of one duration: a space, a comma, "and". */
const DURATION_GAP = /^(?:\s*,\s*|\s+and\s+|\s*)$/;

/** The milliseconds per unit of a part of a duration that follows a part of `after` ms per unit, or null. */
function partUnit(q: Quantity, after: number): number | null {
  if (q.kind !== "measure" || q.unit === null) return null;
  if (q.dimension === "time") return DURATION_PART[q.unit] ?? null;
  // "2h 04m": after hours, a bare "m" counts minutes, not metres.
  if (q.dimension === "length" && q.unit === "m" && after === DURATION_PART.h) return DURATION_PART.min!;
  return null;
}

/**
 * Joins the parts of one duration ("1 h 13 min", "2h 04m", "3 days, 4 hours") into one time measure: its
 * value the sum, its precision the last part's, its text and span both parts'. Parts must fall in size.
 */
function joinDurations(text: string, quantities: Quantity[]): Quantity[] {
  if (quantities.length < 2) return quantities;
  const out: Quantity[] = [];
  for (const q of quantities) {
    const last = out[out.length - 1];
    const lastUnit = last && last.dimension === "time" && last.bound === "eq" ? (DURATION_PART[last.unit ?? ""] ?? null) : null;
    const unit = lastUnit !== null && /^\d/.test(q.text) ? partUnit(q, lastUnit) : null;
    if (last && lastUnit !== null && unit !== null && unit < lastUnit && DURATION_GAP.test(text.slice(last.span[1], q.span[0]))) {
      const count = q.dimension === "time" ? q.value / unit : q.value;
      const precision = q.dimension === "time" ? q.precision : q.precision * unit;
      out[out.length - 1] = {
        ...last,
        text: text.slice(last.span[0], q.span[1]),
        span: [last.span[0], q.span[1]],
        value: last.value + count * unit,
        alternatives: [],
        unit: q.dimension === "time" ? q.unit : "min",
        precision,
        approx: last.approx || q.approx,
      };
      continue;
    }
    out.push(q);
  }
  return out;
}

/** Words of time before a figure: "took", "after", "lasted", "timeout at", "every", "in", "for", "within". */
const TIME_BEFORE_M =
  /\b(?:took|takes|taking|after|lasted|lasts|ran|runs|running|elapsed|duration|timeout|timed out|time|every|within|in|for)\s+(?:at\s+|of\s+|about\s+|around\s+|~)?$/i;

function toQuantity(text: string, f: Found, prefer: "en" | "de"): Quantity | null {
  const { tail, prefix } = f;
  let value: number;
  let alternatives: number[] = [];
  let precision: number;
  if (f.parse) {
    const r = resolveReadings(f.parse, tail.exponent, prefer);
    if (!r) return null;
    ({ value, alternatives, precision } = r);
  } else {
    const scale = 10 ** tail.exponent;
    value = (f.word?.value ?? 0) * scale;
    precision = (f.word?.precision ?? 0.5) * scale;
  }
  let factor = tail.factor;
  // "took 42m", "timed out after 12m": a bare "m" glued to the figure after a word of time counts minutes.
  if (
    tail.dimension === "length" &&
    tail.unit === "m" &&
    /^\d/.test(text.slice(tail.end - 2, tail.end - 1)) &&
    TIME_BEFORE_M.test(text.slice(Math.max(0, f.start - 24), f.start))
  ) {
    Object.assign(tail, { dimension: "time", unit: "min" });
    factor = 60_000;
  }
  return {
    text: text.slice(f.start, tail.end),
    span: [f.start, tail.end],
    kind: tail.kind,
    value: value * factor,
    alternatives: alternatives.map((a) => a * factor),
    currency: tail.currency?.code ?? null,
    dimension: tail.dimension,
    unit: tail.unit,
    precision: precision * factor,
    approx: prefix.approx || tail.approx,
    bound: prefix.bound !== "eq" ? prefix.bound : tail.bound,
    word: f.word !== undefined,
  };
}
