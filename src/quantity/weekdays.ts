/**
 * Weekdays written with a calendar day ("Thursday, March 1", "Fri 2024-03-01"): the weekday is part of the
 * date mention, so a wrong one is a wrong date. The weekday of a date is the proleptic Gregorian one
 * (ISO 8601), computed in UTC from the date's own calendar parts.
 */
import type { DateMention } from "./types.js";

const FULL = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * A capitalised weekday, full or abbreviated (with an optional dot), and what separates it from the day
 * after it: a comma and/or spaces. Anchored at the end of the text before a date.
 */
const WEEKDAY_BEFORE = /(?:^|[^\p{L}])((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)(\.?,?\s+)$/u;

/** The weekday number (0 = Sunday) of a word from `WEEKDAY_BEFORE`. */
function weekdayNumber(word: string): number {
  return SHORT.findIndex((s) => word.startsWith(s));
}

/** The weekday of a date whose year, month and day are all stated; null otherwise. */
export function weekdayOf(d: DateMention): number | null {
  if (d.year === null || d.month === null || d.day === null) return null;
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/**
 * Extends each day-granular mention over the weekday written right before it, in place: its span and text
 * start at the weekday, and `weekday` is set. A weekday never joins a month or a year alone.
 */
export function attachWeekdays<T extends DateMention>(text: string, dates: T[]): void {
  for (const d of dates) {
    if (d.granularity !== "day" || d.day === null) continue;
    const m = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, d.span[0] - 14), d.span[0]));
    if (!m) continue;
    const length = m[1]!.length + m[2]!.length;
    d.span = [d.span[0] - length, d.span[1]];
    d.text = text.slice(d.span[0], d.span[1]);
    d.weekday = weekdayNumber(m[1]!);
  }
}

/** The weekday prefix of a mention's text ("Thursday, "), split into its word and separator; null without one. */
export function weekdayPrefix(text: string): { word: string; separator: string } | null {
  const m = /^((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)(\.?,?\s+)/u.exec(text);
  return m ? { word: m[1]!, separator: m[2]! } : null;
}

/** Weekday `n` written in the form of `like` (full "Thursday", or abbreviated "Thu"). */
export function weekdayWord(n: number, like: string): string {
  return like.endsWith("day") ? FULL[n]! : SHORT[n]!;
}
