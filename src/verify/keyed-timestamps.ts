/**
 * Timestamps written as bare digits under a key that names a time: Unix time in seconds or milliseconds
 * (`created: 1432412561`, as Stripe and many APIs return it; POSIX.1-2017, "Seconds Since the Epoch") and
 * ISO 8601 basic format (`expireDate: 20240517235959`, `date: 20240331`). Without such a key, digits are
 * a count or an id: only the key makes them a date.
 */
import type { DateMention } from "../quantity/types.js";

/**
 * A key whose last segment names a point in time: `created`, `created_at`, `shipped_at`, `updatedAt`,
 * `expireDate`, `start_time`, `timestamp`, `ts`, `paid_on`, `lastModified`, a period's bound (`trial_start`,
 * `current_term_end`, `periodEnd`, `due`), or the last, first or next event of a kind (`last_set`,
 * `next_payment_attempt`, `firstSeen`). Not `format`, `runtime`, `timeout`, `last_four` or `next_page`.
 */
const TIME_KEY =
  /(?:^|[_\-.[\]"])(?:created|updated|modified|deleted|expires?|expired|expiry|expiration|issued|since|until|date|time|timestamp|ts|start|end|due|deadline)["\]]*$|[a-z][_-](?:at|on|date|time|ts)["\]]*$|[a-z](?:At|On|Date|Time|Timestamp|Created|Updated|Modified|Deleted|Expires|Expired|Issued|Start|End|Due|Deadline)["\]]*$|(?:^|[_\-.[\]"])(?:last|first|next)[_-]?(?:[a-z]+[_-])*(?:set|seen|login|attempt|run|used|active|activity|payment|billing|charge|sync|check|update|sent|read|reset|renewal)["\]]*$|(?:^|[_\-.[\]"])(?:last|first|next)(?:[A-Z][a-z]+)*(?:Set|Seen|Login|Attempt|Run|Used|Active|Activity|Payment|Billing|Charge|Sync|Check|Update|Sent|Read|Reset|Renewal)["\]]*$/;

/** Unix time of 2000-01-01 and 2100-01-01 (s): a value outside is no timestamp of an agent's data. */
const FROM = 946_684_800;
const TO = 4_102_444_800;

/** Digits only, optionally quoted. */
const DIGITS = /^\s*"?(\d{8}|\d{10}|\d{12,14})"?\s*$/;

/**
 * The date a key's digits state, or null when the key names no time or the digits are no valid timestamp.
 * @param key the field's key (its last segment decides).
 * @param value the field's value text.
 * @returns a day-granular date in UTC, with its instant, spanning the digits in `value`.
 */
export function keyedTimestamp(key: string, value: string): DateMention | null {
  const m = DIGITS.exec(value);
  if (!m || !TIME_KEY.test(key)) return null;
  const digits = m[1]!;
  const at = value.indexOf(digits);
  const span: [number, number] = [at, at + digits.length];
  let instant: Date | null = null;
  if (digits.length === 10 || digits.length === 13) {
    const seconds = digits.length === 10 ? Number(digits) : Number(digits) / 1000;
    if (seconds >= FROM && seconds < TO) instant = new Date(seconds * 1000);
  } else if (digits.length !== 13) instant = basicFormat(digits);
  if (instant === null) return null;
  const iso = instant.toISOString().replace(/\.000Z$/, "Z");
  return {
    text: digits,
    span,
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
    quarter: null,
    granularity: "day",
    instant: digits.length > 8 ? iso : null,
  };
}

/** `YYYYMMDD`, `YYYYMMDDhhmm` or `YYYYMMDDhhmmss` (ISO 8601 basic format, UTC), or null when not a valid one. */
function basicFormat(digits: string): Date | null {
  if (digits.length !== 8 && digits.length !== 12 && digits.length !== 14) return null;
  const n = (from: number, len: number) => Number(digits.slice(from, from + len));
  const [year, month, day] = [n(0, 4), n(4, 2), n(6, 2)];
  const [hour, minute, second] = digits.length > 8 ? [n(8, 2), n(10, 2), digits.length === 14 ? n(12, 2) : 0] : [0, 0, 0];
  if (year < 2000 || year >= 2100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCDate() === day ? date : null;
}
