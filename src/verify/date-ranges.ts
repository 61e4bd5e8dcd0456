/**
 * Date ranges a claim states ("from 11 to 17 March", "11–17 March", "between 2 March and 5 April",
 * "2024-03-11 through 2024-03-17"): the period a figure of the claim covers, so that the elements of a list
 * dated inside it (seven daily readings) are the claim's, not just the element dated at its first day.
 */
import type { DateMention } from "../quantity/types.js";

/** A stated range: the date figures that write it, and its first and last day as sortable keys. */
export interface DateRange {
  /** Spans of the date figures that write the range (one for "11–17 March", two for "2 March to 5 April"). */
  spans: Array<[number, number]>;
  from: number;
  to: number;
  /** Whether the keys hold a year (else they are month and day only, and evidence dates compare so). */
  withYear: boolean;
}

/** A date's sortable key: yyyymmdd, or mmdd without a year; null without a month and a day. */
export function dayKey(d: { year: number | null; month: number | null; day: number | null }, withYear: boolean): number | null {
  if (d.month === null || d.day === null || (withYear && d.year === null)) return null;
  return (withYear ? d.year! * 10_000 : 0) + d.month * 100 + d.day;
}

/** "11 to 17 March", "11–17 March": a day range inside one date mention. */
const DAY_SPAN = /^(\d{1,2})\s*(?:[–—-]|to|through|thru|until|till)\s*(\d{1,2})\b/i;
/** The rest of "Jan 8–10" after "Jan 8": a dash and a last day, not a time or another figure (no figure of its own). */
export const MONTH_DAY_TAIL = /^\s*(?:[–—-]|to|through|thru)\s*(\d{1,2})(?!\d|[:.,]\d|\s*(?:%|(?:am|pm|h|hrs?|min|km|kg|kwh|mb|gb)\b))/i;
/** What joins two dates of one range ("2 March to 5 April"; "between 2 and 5 April" reads "and"). */
const JOINER = /^\s*(?:[–—-]|to|through|thru|until|till|and)\s*$/i;
/** "and" joins a range only after "between" ("on 2 March and 5 April" names two days). */
const BETWEEN = /\bbetween\s*$/i;

/** The date ranges of a claim, from its date mentions (in text order). */
export function dateRanges(text: string, dates: readonly DateMention[]): DateRange[] {
  const out: DateRange[] = [];
  const sorted = [...dates].sort((a, b) => a.span[0] - b.span[0]);
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i]!;
    const withYear = d.year !== null;
    const own = DAY_SPAN.exec(d.text);
    if (own && d.day === Number(own[1])) {
      const to = dayKey({ ...d, day: Number(own[2]) }, withYear);
      const from = dayKey(d, withYear);
      if (from !== null && to !== null && to > from) out.push({ spans: [d.span], from, to, withYear });
      continue;
    }
    // "Jan 8–10": a month and day, then the range's last day (read as its own mention or not at all).
    const tail = MONTH_DAY_TAIL.exec(text.slice(d.span[1]));
    if (tail && d.day !== null && /^\p{L}/u.test(d.text)) {
      const to = dayKey({ ...d, day: Number(tail[1]) }, withYear);
      const from = dayKey(d, withYear);
      if (from !== null && to !== null && to > from) {
        const end = d.span[1] + tail[0].length;
        out.push({ spans: [[d.span[0], end]], from, to, withYear });
        if (sorted[i + 1] && sorted[i + 1]!.span[0] < end) i++;
        continue;
      }
    }
    const next = sorted[i + 1];
    if (!next) continue;
    const between = text.slice(d.span[1], next.span[0]);
    if (!JOINER.test(between) || (/and/i.test(between) && !BETWEEN.test(text.slice(0, d.span[0])))) continue;
    const both = withYear && next.year !== null;
    // "2 March to 5 April": the first date takes the second's year when it has none.
    const from = dayKey(both ? d : { ...d, year: null }, both);
    const to = dayKey(both ? next : { ...next, year: null }, both);
    if (from !== null && to !== null && to > from) {
      out.push({ spans: [d.span, next.span], from, to, withYear: both });
      i++;
    }
  }
  return out;
}

/** Whether an evidence date falls inside a range (its first and last day included). */
export function inRange(range: DateRange, d: { year: number | null; month: number | null; day: number | null }): boolean {
  const key = dayKey(d, range.withYear);
  return key !== null && key >= range.from && key <= range.to;
}
