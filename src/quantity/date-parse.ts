/**
 * Date mentions: finds calendar dates, months, years and quarters in text with exact spans, compares a
 * claim's date with an evidence date at the claim's granularity, and writes an evidence date in the
 * claim's style for corrections.
 *
 * Numeric formats (ISO dates and timestamps, slash dates, quarters, bare years) are read with anchored
 * regexes here because their rules (locale order, year context) are ours to set; dates written with month
 * names go through chrono-node, restricted to its month-name parsers so that relative words ("yesterday",
 * "6 hours ago", "now") and the modal verb "may" never become dates.
 */
import * as chrono from "chrono-node";
import type { DateMention, MatchResult } from "./types.js";
import { attachWeekdays, weekdayOf, weekdayPrefix, weekdayWord } from "./weekdays.js";

/** Options of {@link extractDates}. */
export interface ExtractDatesOptions {
  /**
   * How to read an ambiguous numeric date such as `03/01/2024`: `"us"` (default) reads month/day/year,
   * `"gb"` reads day/month/year. When one of the first two parts is greater than 12 the reading is
   * unambiguous and the locale is ignored (`25/12/2024` is 25 December under either locale).
   */
  locale?: "us" | "gb";
  /** Reference instant for chrono-node; only used to resolve implied parts we then discard. Default: now. */
  reference?: Date;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ORDINAL_WORDS = ["first", "second", "third", "fourth"];
/** Cheap gate before chrono: a capitalised month name (3+ letters). Lower-case "may"/"march" are verbs. */
const MONTH_GATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)/;
const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?/i;

const ISO_RE = /(?<![\w.\-/])(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?(?![\w\-/]|\.\d)/g;
/** Day and month parts; the dot form needs two digits each so that versions like 1.2.2024 stay versions. */
const SLASH_RE = /(?<![\w.\-/])(?:(\d{1,2})([/-])(\d{1,2})\2|(\d{2})(\.)(\d{2})\.)(\d{4})(?![\w\-/]|\.\d)/g;
const QUARTER_RE =
  /\b(?:Q([1-4])(?:(?:\s+of\s+|[\s\-/]?)(\d{4})\b|\s?['’](\d{2})\b)?|(\d{4})[\s\-/]?Q([1-4])\b|([1-4])Q\s?(\d{4}|\d{2})\b|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+(?:of\s+)?|,\s*)?(\d{4})?)(?!\w)/gi;
const YEAR_RE = /(?<![\w.,\-/$#:])(19\d\d|20\d\d|2100)(?![\w%]|[.,]\d)/g;
/** Words after which a 4-digit number reads as a year whatever follows ("in 2024 revenue grew"). */
const YEAR_PREP = /(?:\b(?:in|since|from|by|of|until|till|before|after|during|through|throughout|circa|year|fiscal|early|late|mid|between)\s+|\bmid-)$/i;
/** A range "2019 to 2024" / "2019-2024": the second year is a year when the first one was. */
const YEAR_RANGE = /(19\d\d|20\d\d)\s*(?:-|–|to|and|or|through|thru)\s*$/i;

/**
 * A {@link DateMention} with the part order of a numeric date (`03/01/2024`) as read: `"mdy"` or `"dmy"`.
 * Absent for other formats. Lets {@link formatDateLike} write a correction in the same order.
 */
export interface ParsedDate extends DateMention {
  order?: "mdy" | "dmy";
}

let cachedChrono: chrono.Chrono | null = null;

/** A chrono instance with only the month-name parsers: no relative, weekday, time or casual parsers. */
function monthNameChrono(): chrono.Chrono {
  if (cachedChrono) return cachedChrono;
  const config = chrono.en.configuration.createCasualConfiguration(false);
  const keep = new Set(["ENMonthNameLittleEndianParser", "ENMonthNameMiddleEndianParser", "ENMonthNameParser"]);
  const parsers = config.parsers.filter((p) => keep.has(p.constructor.name));
  // Range and relative refiners would merge "March 1 - 5" or "2 days after March 1" into one result.
  const refiners = config.refiners.filter((r) => !/Range|Relative|EndOfPeriod/.test(r.constructor.name));
  // If a chrono release renames its classes, fall back to strict mode; the result filter still applies.
  cachedChrono = parsers.length === keep.size ? new chrono.Chrono({ parsers, refiners }) : chrono.en.strict;
  return cachedChrono;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDay(year: number | null, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year ?? 2000, month); // no year: allow 29 February
}

function mention(text: string, start: number, parts: Partial<ParsedDate> & Pick<DateMention, "granularity">): ParsedDate {
  return {
    text,
    span: [start, start + text.length],
    year: null,
    month: null,
    day: null,
    quarter: null,
    instant: null,
    ...parts,
  };
}

function isoDates(text: string, out: ParsedDate[]): void {
  for (const m of text.matchAll(ISO_RE)) {
    const [all, y, mo, d, hh, mi, ss, frac, tz] = m;
    let year = Number(y);
    let month = Number(mo);
    let day = Number(d);
    if (!validDay(year, month, day)) continue;
    let instant: string | null = null;
    if (hh !== undefined && mi !== undefined) {
      if (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 60) continue;
      // A timestamp without an offset is read as UTC: tool outputs overwhelmingly log in UTC.
      let offsetMin = 0;
      if (tz && tz !== "Z") {
        const sign = tz[0] === "-" ? -1 : 1;
        const digits = tz.slice(1).replace(":", "");
        offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
      }
      const ms = Math.floor(Number(`0.${frac ?? "0"}`) * 1000);
      const sec = Number(ss ?? 0);
      if (offsetMin === 0 && sec < 60 && year >= 1000) {
        // Already UTC and in range (the common case in tool output): the instant is the text, normalised.
        instant = `${y}-${mo}-${d}T${hh}:${mi}:${String(sec).padStart(2, "0")}.${String(ms).padStart(3, "0")}Z`;
        out.push(mention(all, m.index, { year, month, day, granularity: "day", instant }));
        continue;
      }
      const t = Date.UTC(year, month - 1, day, Number(hh), Number(mi), Number(ss ?? 0), ms) - offsetMin * 60_000;
      const utc = new Date(t);
      instant = utc.toISOString();
      // A timestamp written with its own offset ("2024-06-13T19:30:00-07:00") keeps the calendar day it
      // names: that is the day a person there (and the answer) calls it. Only an offset-less time is read
      // as UTC; the instant stays in UTC for time-of-day comparisons.
      if (!tz) {
        year = utc.getUTCFullYear();
        month = utc.getUTCMonth() + 1;
        day = utc.getUTCDate();
      }
    }
    out.push(mention(all, m.index, { year, month, day, granularity: "day", instant }));
  }
}

function slashDates(text: string, out: ParsedDate[], locale: "us" | "gb"): void {
  for (const m of text.matchAll(SLASH_RE)) {
    const all = m[0];
    const first = Number(m[1] ?? m[4]);
    const second = Number(m[3] ?? m[6]);
    const year = Number(m[7]);
    let order: "mdy" | "dmy" = locale === "gb" ? "dmy" : "mdy";
    if (first > 12 && second <= 12) order = "dmy";
    else if (second > 12 && first <= 12) order = "mdy";
    const month = order === "mdy" ? first : second;
    const day = order === "mdy" ? second : first;
    if (!validDay(year, month, day)) continue;
    out.push(mention(all, m.index, { year, month, day, granularity: "day", order }));
  }
}

function twoDigitYear(yy: string): number {
  return yy.length === 2 ? 2000 + Number(yy) : Number(yy);
}

function quarters(text: string, out: ParsedDate[]): void {
  for (const m of text.matchAll(QUARTER_RE)) {
    let all = m[0];
    let q: number;
    let year: number | null = null;
    if (m[1]) {
      q = Number(m[1]);
      if (m[2]) year = Number(m[2]);
      else if (m[3]) year = twoDigitYear(m[3]);
      if (m[0][0] !== "Q") continue; // "q3" in lower case is too often a variable or a question number
    } else if (m[5]) {
      q = Number(m[5]);
      year = Number(m[4]);
    } else if (m[6]) {
      q = Number(m[6]);
      year = twoDigitYear(m[7] ?? "");
    } else {
      const w = (m[8] ?? "").toLowerCase();
      q = ORDINAL_WORDS.indexOf(w) + 1 || Number(w[0]);
      if (m[9]) year = Number(m[9]);
      else all = all.replace(/[\s,]+$/, "").replace(/\s+of$/i, "");
    }
    out.push(mention(all, m.index, { year, quarter: q, granularity: "quarter" }));
  }
}

function years(text: string, out: ParsedDate[]): void {
  const accepted: number[] = [];
  for (const m of text.matchAll(YEAR_RE)) {
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    const after = text.slice(m.index + 4, m.index + 24);
    const range = YEAR_RANGE.exec(before);
    const fromRange = range !== null && accepted.includes(m.index - range[0].length);
    if (!fromRange && !YEAR_PREP.test(before)) continue;
    // "since 1998 users" / "in 2024 cases": a plural noun right after the number makes it a count.
    if (/^\s+[a-z]+s\b/.test(after) && !/^\s+(?:was|is|has|as|plus|thus|this|its|his)\b/.test(after)) continue;
    accepted.push(m.index);
    out.push(mention(m[0], m.index, { year: Number(m[0]), granularity: "year" }));
  }
}

function monthNameDates(text: string, out: ParsedDate[], reference: Date): void {
  for (const r of monthNameChrono().parse(text, reference)) {
    const s = r.start;
    if (!s.isCertain("month")) continue;
    // chrono keeps a leading "on"/"the"/"in"/"of" in some patterns; the span starts at the date itself.
    const lead = /^(?:(?:on|the|in|of|by)\s+)+/i.exec(r.text)?.[0].length ?? 0;
    const dateText = r.text.slice(lead).replace(/[\s,]+$/, "");
    const monthWord = MONTH_WORD.exec(dateText)?.[0] ?? "";
    if (!/^[A-Z]/.test(monthWord)) continue; // "may"/"march" in lower case are verbs
    const month = s.get("month") ?? 0;
    const year = s.isCertain("year") ? (s.get("year") ?? null) : null;
    const e = r.end;
    const sep = e ? /\s*(?:-|–|—|\bto\b|\buntil\b|\bthrough\b)\s*/i.exec(dateText.slice(monthWord.length)) : null;
    if (e && sep && s.isCertain("day") && e.isCertain("day")) {
      // A range "March 1 - 5, 2024" becomes its two ends, each with its own span.
      const cut = monthWord.length + sep.index;
      const endText = dateText.slice(cut + sep[0].length);
      const endYear = e.isCertain("year") ? (e.get("year") ?? null) : year;
      const startDay = s.get("day") ?? 0;
      const endMonth = e.get("month") ?? month;
      const endDay = e.get("day") ?? 0;
      const base = r.index + lead;
      if (validDay(year ?? endYear, month, startDay)) {
        out.push(mention(dateText.slice(0, cut), base, { year: year ?? endYear, month, day: startDay, granularity: "day" }));
      }
      if (validDay(endYear, endMonth, endDay)) {
        out.push(mention(endText, base + cut + sep[0].length, { year: endYear, month: endMonth, day: endDay, granularity: "day" }));
      }
      continue;
    }
    if (s.isCertain("day")) {
      const day = s.get("day") ?? 0;
      if (!validDay(year, month, day)) continue;
      out.push(mention(dateText, r.index + lead, { year, month, day, granularity: "day" }));
    } else if (year !== null) {
      out.push(mention(dateText, r.index + lead, { year, month, granularity: "month" }));
    }
  }
}

/**
 * Finds the dates in `text`. Each mention carries its exact UTF-16 span, the parts stated (year/month/day or
 * quarter; unstated parts are null) and its finest granularity.
 *
 * Handled: ISO dates and timestamps (`2024-03-01`, `2026-05-28T09:25:00Z`, `...+00:00`, fractional
 * seconds; a timestamp sets `instant` to the UTC ISO string and its date parts are the calendar date it was written in (its own offset's);
 * one without an offset is read as UTC), month-name dates through chrono-node (`1 March 2024`,
 * `March 1st, 2024`, `Oct 9, 2026`, `March 3` with year null, `October 2024` at month granularity),
 * numeric dates `03/01/2024` (also `.` or `-` separators; order per `options.locale`, see
 * {@link ExtractDatesOptions}), quarters (`Q3 2024`, `Q3`, `2024-Q3`, `3Q24`, `third quarter of 2024`) and
 * bare years 1900..2100 only after a year word (`in`, `since`, `from`, `by`, `of`, `until`, `before`,
 * `after`, `during`...) or as the second end of a year range, and not when a plural noun follows
 * ("in 2024 cases" is a count).
 *
 * A weekday written right before a day ("Thursday, March 1") is part of its mention (see `weekdays.ts`).
 * Not dates here: relative expressions ("yesterday", "6 hours ago", "now"), weekdays alone, times of day, lower-case
 * month words ("you may", "march on"). Invalid calendar dates (`31/02/2024`, `2024-02-30`) are skipped.
 * Never throws; mentions are returned in text order without overlaps (the longer, earlier one wins).
 */
export function extractDates(text: string, options: ExtractDatesOptions = {}): ParsedDate[] {
  const { locale = "us", reference } = options;
  const found: ParsedDate[] = [];
  try {
    if (/\d/.test(text)) {
      isoDates(text, found);
      slashDates(text, found, locale);
      // Every quarter form has a "Q" ("Q3", "3Q 2024", "third quarter").
      if (/q/i.test(text)) quarters(text, found);
    }
    if (MONTH_GATE.test(text)) monthNameDates(text, found, reference ?? new Date());
    if (/\d/.test(text)) years(text, found);
    if (/quarter/i.test(text) && !/\d/.test(text)) quarters(text, found);
  } catch {
    // A parser failure on odd input must not break verification; keep what was found.
  }
  // Earlier collectors have priority on equal spans; then keep the longest non-overlapping spans.
  const ranked = found.map((d, i) => ({ d, i })).sort((a, b) => b.d.text.length - a.d.text.length || a.i - b.i);
  const kept: ParsedDate[] = [];
  for (const { d } of ranked) {
    if (kept.every((k) => d.span[1] <= k.span[0] || d.span[0] >= k.span[1])) kept.push(d);
  }
  kept.sort((a, b) => a.span[0] - b.span[0]);
  attachWeekdays(text, kept);
  return kept;
}

/**
 * A stable string for a date at its own granularity: `2024-03-01`, `2024-03`, `2024`, `2024-Q3`, and with no
 * year `--03-01` (ISO 8601 style), `--03`, `Q3`. Useful as a map key; two mentions with the same key state
 * the same date at the same granularity.
 */
export function dateKey(d: DateMention): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const y = d.year === null ? "-" : String(d.year);
  switch (d.granularity) {
    case "day":
      return `${y}-${pad(d.month ?? 0)}-${pad(d.day ?? 0)}`;
    case "month":
      return `${y}-${pad(d.month ?? 0)}`;
    case "quarter":
      return d.year === null ? `Q${d.quarter}` : `${d.year}-Q${d.quarter}`;
    case "year":
      return y;
  }
}

function quarterOf(d: DateMention): number | null {
  if (d.quarter !== null) return d.quarter;
  return d.month === null ? null : Math.ceil(d.month / 3);
}

/**
 * Compares a claim date with an evidence date at the claim's granularity: every part the claim states is
 * checked against the same part of the evidence. Claim "March 2024" matches evidence 2024-03-15; claim
 * 2024-03-01 vs evidence 2024-03-02 is a mismatch; a claim without a year is compared on month and day only;
 * a claim quarter matches evidence months of that quarter.
 *
 * Returns `"mismatch"` as soon as a part both state differs, `"incomparable"` when the evidence lacks a
 * part the claim states (claim 2024-03-05 vs evidence "March 2024"), else `"match"`.
 */
export function matchDate(claim: DateMention, evidence: DateMention): MatchResult {
  let missing = false;
  const check = (c: number | null, e: number | null): boolean => {
    if (c === null) return true;
    if (e === null) {
      missing = true;
      return true;
    }
    return c === e;
  };
  // A moment a timestamp gives in UTC falls on the day before or after in other zones: a day (or weekday)
  // of the claim that is its local day somewhere is no sure difference.
  const elsewhere = () => (localDayOf(claim, evidence) ? "incomparable" : "mismatch");
  if (!check(claim.year, evidence.year)) return claim.day !== null ? elsewhere() : "mismatch";
  if (claim.granularity === "quarter" || evidence.granularity === "quarter") {
    const cq = quarterOf(claim);
    const eq = quarterOf(evidence);
    if (cq !== null && eq !== null && cq !== eq) return "mismatch";
    if (claim.granularity === "quarter") return missing || eq === null ? "incomparable" : "match";
    return "incomparable"; // the claim names a month or day, the evidence only its quarter
  }
  if (!check(claim.month, evidence.month)) return claim.day !== null ? elsewhere() : "mismatch";
  if (!check(claim.day, evidence.day)) return elsewhere();
  // A weekday the claim writes is checked against the evidence date's own (its year is the evidence's).
  const weekday = claim.weekday === undefined ? null : weekdayOf(evidence);
  if (weekday !== null && weekday !== claim.weekday) return localWeekday(claim.weekday!, evidence) ? "incomparable" : "mismatch";
  return missing ? "incomparable" : "match";
}

/** The zones' offsets from UTC reach from UTC-12 to UTC+14 (ms). */
const EARLIEST_OFFSET_MS = -12 * 3_600_000;
const LATEST_OFFSET_MS = 14 * 3_600_000;

/**
 * The moment of a timestamp written in UTC (with "Z", "+00:00" or no offset), in ms; null for a date, another
 * offset, or a day's own bound ("T00:00:00Z", "T23:59:00Z": a due date or a day's start, whose day is the one
 * written).
 */
function utcMoment(evidence: DateMention): number | null {
  if (evidence.instant === null || /[+-](?!00:?00)\d{2}:?\d{2}\s*$/.test(evidence.text.trim())) return null;
  const t = Date.parse(evidence.instant);
  if (!Number.isFinite(t)) return null;
  const minute = Math.floor((t % 86_400_000) / 60_000);
  return minute === 0 || minute >= 23 * 60 + 59 ? null : t;
}

/** Whether the moment falls within a calendar day (UTC midnight `day`, ms) in some zone. */
function withinDaySomewhere(moment: number, day: number): boolean {
  return moment >= day - LATEST_OFFSET_MS && moment < day + 86_400_000 - EARLIEST_OFFSET_MS;
}

/** Whether the claim's day is the local calendar day, in some zone, of a moment the evidence gives in UTC. */
function localDayOf(claim: DateMention, evidence: DateMention): boolean {
  const moment = utcMoment(evidence);
  const year = claim.year ?? evidence.year;
  if (moment === null || year === null || claim.month === null || claim.day === null) return false;
  return withinDaySomewhere(moment, Date.UTC(year, claim.month - 1, claim.day));
}

/** Whether the claim's weekday is the local weekday, in some zone, of a moment the evidence gives in UTC. */
function localWeekday(weekday: number, evidence: DateMention): boolean {
  const moment = utcMoment(evidence);
  if (moment === null) return false;
  const utcDay = Math.floor(moment / 86_400_000) * 86_400_000;
  return [utcDay - 86_400_000, utcDay + 86_400_000].some((day) => new Date(day).getUTCDay() === weekday && withinDaySomewhere(moment, day));
}

const ORDINAL_SUFFIX = (n: number) => (n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th");

/**
 * Writes the evidence date in the style of the claim's date, for corrections: ISO stays ISO (a timestamp
 * claim gets the evidence instant when there is one), `Oct 9, 2026` stays abbreviated month-first,
 * `9 October 2026` stays day-first, `March 1st, 2024` keeps its ordinal, `May 25` stays month-day and gains
 * the evidence's year (`May 28, 2026`), `03/01/2024` keeps its part order, separator and zero padding, quarters and years keep their form.
 * When the evidence lacks a part the style needs (evidence "March 2024" in a day style), returns the
 * evidence's own text.
 */
export function formatDateLike(evidence: DateMention, like: DateMention): string {
  // A weekday before the day is written as the evidence date's own, in the claim's form.
  const prefix = weekdayPrefix(like.text);
  if (prefix) {
    const rest = formatDateLike(evidence, { ...like, text: like.text.slice(prefix.word.length + prefix.separator.length), weekday: undefined });
    const weekday = weekdayOf(evidence);
    return weekday === null ? rest : `${weekdayWord(weekday, prefix.word)}${prefix.separator}${rest}`;
  }
  const e = evidence;
  const pad = (n: number) => String(n).padStart(2, "0");
  const t = like.text;
  if (like.granularity === "year") return e.year === null ? e.text : String(e.year);
  if (like.granularity === "quarter") {
    const q = quarterOf(e);
    if (q === null || (like.year !== null && e.year === null)) return e.text;
    const yy = String(e.year ?? "").slice(-2);
    if (/^[1-4]Q/.test(t)) return `${q}Q${/Q\s?\d{2}$/.test(t) ? yy : e.year}`;
    if (/quarter/i.test(t)) {
      const word = /^\d/.test(t) ? `${q}${ORDINAL_SUFFIX(q)}` : (ORDINAL_WORDS[q - 1] ?? "");
      const cased = /^[A-Z]/.test(t) ? word[0]?.toUpperCase() + word.slice(1) : word;
      return like.year === null ? `${cased} quarter` : `${cased} quarter${/,/.test(t) ? ", " : /of/i.test(t) ? " of " : " "}${e.year}`;
    }
    if (/^\d{4}/.test(t)) return `${e.year}${t.slice(4, -2)}Q${q}`;
    const tail = /^Q[1-4](.*?)(\d{4}|\d{2})$/.exec(t);
    if (like.year === null || !tail) return `Q${q}`;
    return `Q${q}${tail[1]}${tail[2]?.length === 2 ? yy : e.year}`;
  }
  if (e.month === null || (like.day !== null && e.day === null) || (like.year !== null && e.year === null)) return e.text;
  const month = e.month;
  const day = e.day ?? 1;
  if (/^\d{4}-\d{2}/.test(t)) {
    if (like.instant !== null && e.instant !== null) return /\.\d/.test(t) ? e.instant : e.instant.replace(".000Z", "Z");
    return `${e.year}-${pad(month)}-${pad(day)}`;
  }
  const numeric = /^(\d{1,2})([/.-])(\d{1,2})\2\d{4}$/.exec(t);
  if (numeric) {
    const [, a = "", sep = "/"] = numeric;
    const order = (like as ParsedDate).order ?? (Number(a) === like.month ? "mdy" : "dmy");
    const p = (n: number) => (a.length === 2 ? pad(n) : String(n));
    return order === "mdy" ? `${p(month)}${sep}${p(day)}${sep}${e.year}` : `${p(day)}${sep}${p(month)}${sep}${e.year}`;
  }
  const word = MONTH_WORD.exec(t)?.[0] ?? "";
  const full = MONTHS[month - 1] ?? "";
  // "June" and "July" are whole names of four letters: only a word that is no whole month name is abbreviated.
  const abbreviated = word !== "" && !MONTHS.includes(word.toLowerCase());
  let name = abbreviated ? (MONTH_ABBR[month - 1] ?? "") + (word.endsWith(".") ? "." : "") : full[0]?.toUpperCase() + full.slice(1);
  if (word === word.toUpperCase()) name = name.toUpperCase();
  if (like.granularity === "month") return `${name}${/,/.test(t) ? ", " : " "}${e.year}`;
  const ord = /\d(?:st|nd|rd|th)\b/i.test(t);
  const dayText = `${day}${ord ? ORDINAL_SUFFIX(day) : ""}`;
  const dayFirst = /^\d/.test(t) || /^the\s/i.test(t);
  // The evidence's year is written even where the claim left it out ("May 25" -> "May 28, 2026"): a day
  // without its year is ambiguous once corrected, and the tool stated it.
  const yearPart = e.year === null ? "" : String(e.year);
  if (dayFirst) {
    const of = /\bof\s/i.test(t) ? "of " : "";
    return `${dayText} ${of}${name}${yearPart ? ` ${yearPart}` : ""}`;
  }
  return `${name} ${dayText}${yearPart ? `${/,/.test(t) || like.year === null ? "," : ""} ${yearPart}` : ""}`;
}
