/**
 * Comparison of a correction the firewall proposes with the gold correction of the benchmark. The firewall
 * formats a value in the claim's style ("Feb 27, 2024", "1,336 KB"); gold values are written as the evidence
 * has them ("2024-02-27", "1336 KB"), so equality is tested after normalisation, as a number, or as a date.
 */

/**
 * Lowercases and strips what does not change a value: whitespace, thousands commas, currency symbols,
 * markdown code/emphasis marks and surrounding quotes, and trailing zeros of a decimal fraction
 * (`1.50` -> `1.5`, `2.0` -> `2`; `100` and version strings such as `30.5.0` are kept as they are).
 */
export function normaliseValue(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s,]+/g, "")
    .replace(/\p{Sc}/gu, "")
    .replace(/[`*_"'“”‘’]/g, "")
    .replace(/(?<![\d.])(\d+)\.(\d*?)0+(?!\.?\d)/g, (_m, int: string, frac: string) => (frac ? `${int}.${frac}` : int));
}

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };

/** A number with an optional unit, e.g. `{ value: 1336, unit: "kb" }`. */
export interface ParsedNumber {
  value: number;
  unit: string;
}

/**
 * Reads a whole value as a number with an optional unit word or `%` after it (`1,336 KB`, `-3.5%`,
 * `267 thousand` = 267000, `17 days`).
 * @returns null when the value is not a single number.
 */
export function parseNumber(value: string): ParsedNumber | null {
  const m = /^([-+]?\d+(?:\.\d+)?)(%|[a-z]+)?$/.exec(normaliseValue(value));
  if (!m) return null;
  let n = Number(m[1]);
  let unit = m[2] ?? "";
  const scale = SCALE[unit];
  if (scale !== undefined) {
    n *= scale;
    unit = "";
  }
  return Number.isFinite(n) ? { value: n, unit } : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function monthOf(word: string): number | null {
  const i = MONTHS.indexOf(word.slice(0, 3));
  if (i < 0) return null;
  // "sept" and full names are fine; reject words that only start like a month ("marathon").
  const full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][i]!;
  return full.startsWith(word) || word === "sept" ? i + 1 : null;
}

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** A weekday's name at the start of a value ("tuesday" of "Tuesday, February 24"). */
const WEEKDAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day/;

/** A date's text, normalised, lower-cased and without a leading weekday ("Friday, March 1, 2024" reads "march 1, 2024"). */
function dateText(value: string): string {
  const s = value.normalize("NFKC").trim().toLowerCase().replace(/[`*_]/g, "").replace(/\s+/g, " ");
  return s.replace(/^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,? (?=\d|[a-z]+\.? \d)/, "");
}

/**
 * Reads a calendar date written as ISO (`2024-02-27`, or an ISO timestamp: its date part), day-month-year
 * (`27 February 2024`, `27th Feb 2024`) or month-day-year (`Feb 27, 2024`, `February 27 2024`).
 * @returns `YYYY-MM-DD`, or null when the value is not one date.
 */
export function parseDate(value: string): string | null {
  const s = dateText(value);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?,? (\d{4})$/.exec(s);
  if (m) {
    const month = monthOf(m[2]!);
    return month === null ? null : isoDate(Number(m[3]), month, Number(m[1]));
  }
  m = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(s);
  if (m) {
    const month = monthOf(m[1]!);
    return month === null ? null : isoDate(Number(m[3]), month, Number(m[2]));
  }
  return null;
}

/** A month and day written without a year (`Oct 2`, `2 October`, `July 23rd`) as `MM-DD`, else null. */
export function parseMonthDay(value: string): string | null {
  const s = dateText(value);
  let m = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/.exec(s);
  let month = m ? monthOf(m[1]!) : null;
  let day = m ? Number(m[2]) : 0;
  if (!m) {
    m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?$/.exec(s);
    month = m ? monthOf(m[2]!) : null;
    day = m ? Number(m[1]) : 0;
  }
  if (month === null || day < 1 || day > 31) return null;
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Whether a predicted correction states the gold value: equal after {@link normaliseValue}, or both the same
 * number (units equal, or one side without a unit, since a correction may replace only the figure of
 * "29 days"), or both the same date (a gold day without its year: the same month and day).
 */
export function sameValue(predicted: string, gold: string): boolean {
  if (normaliseValue(predicted) === normaliseValue(gold)) return true;
  // A weekday corrected alone ("Tuesday") states the gold date's weekday ("Tuesday, February 24").
  const weekday = WEEKDAY.exec(predicted.trim().toLowerCase());
  if (weekday && predicted.trim().length === weekday[0].length && WEEKDAY.exec(gold.trim().toLowerCase())?.[0] === weekday[0]) return true;
  const a = parseNumber(predicted);
  const b = parseNumber(gold);
  if (a && b) {
    const close = Math.abs(a.value - b.value) <= 1e-9 * Math.max(1, Math.abs(a.value), Math.abs(b.value));
    if (close && (a.unit === b.unit || a.unit === "" || b.unit === "")) return true;
  }
  const da = parseDate(predicted);
  const db = parseDate(gold);
  if (da !== null && da === db) return true;
  // A gold date without its year ("July 23") is the same day as a correction that writes the year.
  const monthDay = parseMonthDay(gold) ?? parseMonthDay(predicted);
  const full = parseMonthDay(gold) ? da : db;
  return monthDay !== null && full !== null && full.slice(5) === monthDay;
}

const GOLD_TRUE = /^(?:true|yes|on|enabled|active|itis|itdoes|theyare)$/;
const GOLD_FALSE = /^(?:false|no|off|disabled|inactive|itisnot|itisnt|itdoesnot|itdoesnt)$/;

/**
 * Whether a correction states a boolean gold value (`false`, `OFF`, `true`) in the claim's words, as the
 * firewall writes a boolean correction in place: "is not included" or "off" state `false`; "is included"
 * (the claim's negation undone) or "on" state `true`.
 */
export function samePolarity(predicted: string, gold: string): boolean {
  const g = normaliseValue(gold);
  // A gold value that denies in words ("no night skiing", "not refundable") states `false` too.
  const denies = /^(?:no|not|never)\s/i.test(gold.normalize("NFKC").trim());
  const want = GOLD_TRUE.test(g) ? true : GOLD_FALSE.test(g) || denies ? false : null;
  if (want === null) return false;
  const p = predicted.normalize("NFKC").toLowerCase().trim();
  const negative = /\b(?:not|never|off|disabled|inactive|false|cannot)\b|n['’]t\b/.test(p);
  if (!want) return negative;
  return !negative && (GOLD_TRUE.test(p) || /^(?:is|are|was|were) [\p{L}-]+$/u.test(p));
}
