/**
 * Times of day as typed figures: "accepted at 09:14 UTC", "delivered at 7:58 pm", "the 10:55 sailing", "from
 * 7 PM". A claim's clock time is supported where its records state that time: a bare clock ("09:14",
 * "9:14 AM") or the clock of a timestamp ("2024-08-21T09:14:02Z"), read as written and in UTC.
 *
 * Precision first: a time only supports (or is absent); it is never contradicted here, since which event of a
 * record the claim times, and in which zone, is open. A claim in a named zone other than UTC ("8:43 AM
 * Central") is read only against times written in that zone's words, so it is never absent for want of a
 * conversion.
 */

/** A clock time of a claim or of evidence. */
export interface ClockTime {
  text: string;
  span: [number, number];
  /** Minutes after midnight it may mean: one with "am"/"pm" or an hour past 12, else the morning and evening readings. */
  minutes: number[];
  /** Hedged ("about 10:40", "around 7 pm", "just after 3"): a few minutes either way agree. */
  approx: boolean;
  /** The zone written after it: UTC (UTC, GMT, Z), another one ("PT", "Central", "local"), or none. */
  zone: "utc" | "other" | null;
  /** For another zone that names one place's clock ("Pacific", "PT", "CET"): its IANA time zone. */
  tz?: string;
}

/**
 * Zone words that name one region's clock, and its IANA zone (daylight saving follows the date): "Pacific",
 * "PT", "PDT" and "PST" all read America/Los_Angeles. Words of several regions ("IST", "CST" in Asia) and
 * "local" name none.
 */
const ZONE_TZ: ReadonlyArray<[RegExp, string]> = [
  [/^(?:Pacific|P[SD]?T)$/, "America/Los_Angeles"],
  [/^(?:Mountain|M[SD]?T)$/, "America/Denver"],
  [/^(?:Central|C[SD]?T)$/, "America/Chicago"],
  [/^(?:Eastern|E[SD]?T)$/, "America/New_York"],
  [/^AK[SD]?T$/, "America/Anchorage"],
  [/^HST$/, "Pacific/Honolulu"],
  [/^CES?T$/, "Europe/Paris"],
  [/^EES?T$/, "Europe/Athens"],
  [/^WES?T$/, "Europe/Lisbon"],
  [/^BST$/, "Europe/London"],
  [/^JST$/, "Asia/Tokyo"],
  [/^KST$/, "Asia/Seoul"],
  [/^AE[SD]T$/, "Australia/Sydney"],
  [/^NZ[SD]T$/, "Pacific/Auckland"],
];

/** The IANA zone a zone word names, or undefined. */
function zoneOf(word: string): string | undefined {
  return ZONE_TZ.find(([re]) => re.test(word))?.[1];
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The clock (minutes after midnight) of an instant (ms since the epoch) in an IANA zone. */
export function clockIn(instant: number, tz: string): number {
  let format = clockFormats.get(tz);
  if (!format) clockFormats.set(tz, (format = new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/** "09:14", "9:14:02", "7:58 pm", "7:58p.m.", "7 PM", "11am"; not a ratio ("3:1"), a duration ("1:05:33" of a race is read too, as a clock). */
const CLOCK = /(?<![\d:.,/])(\d{1,2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:\s?([AaPp])(?:\.[Mm]\.|[Mm])(?![\p{L}]))?(?![\d:]|\.\d|,\d)/gu;
const HEDGE_BEFORE =
  /\b(?:about|around|roughly|approximately|approx\.?|circa|ca\.|nearly|almost|just (?:after|before|past|under|over)|shortly (?:after|before)|~)\s*$/i;
const UTC_AFTER = /^\s*\(?\s*(?:UTC|GMT|Z\b|Zulu)/;
const OTHER_ZONE_AFTER =
  /^\s*\(?\s*(?:[ECMP][SD]?T|AK[SD]?T|HST|BST|IST|CES?T|EES?T|WES?T|JST|KST|AE[SD]T|NZ[SD]T|ET|PT|CT|MT|Eastern|Central|Mountain|Pacific|(?!Local\b)[A-Z][a-z]+ time)\b/;
/** "local time", "local": the clock as the record writes it, in its own zone. */
const LOCAL_AFTER = /^\s*\(?\s*local(?: time)?\b/i;
/** How far from the claim's time a hedged time may be (minutes). */
const HEDGE_MINUTES = 5;

function minutesOf(hourText: string, minute: number, half: string | undefined): number[] {
  const hour = Number(hourText);
  if (minute > 59 || hour > 24) return [];
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return [];
    const h = (hour % 12) + (half.toLowerCase() === "p" ? 12 : 0);
    return [h * 60 + minute];
  }
  if (hour === 24) return minute === 0 ? [0] : [];
  // "09:14" is a 24-hour clock; "9:14" may be morning or evening.
  return hour >= 1 && hour <= 11 && !hourText.startsWith("0") ? [hour * 60 + minute, (hour + 12) * 60 + minute] : [hour * 60 + minute];
}

/** Whether two clocks are the same minute of the hour, or half an hour apart (a zone's offset away). */
export function sameMinuteOfHour(a: number, b: number): boolean {
  const d = (((a - b) % 60) + 60) % 60;
  return d === 0 || d === 30;
}

/**
 * The clock times a claim states: "H:MM" (seconds optional) with or without "am"/"pm", and "H am"/"H pm".
 * A bare number ("at 7") is no time; spans inside `taken` (dates, other figures) are skipped.
 */
export function claimClockTimes(text: string, taken: ReadonlyArray<[number, number]> = []): ClockTime[] {
  if (!/\d/.test(text)) return [];
  const out: ClockTime[] = [];
  for (const m of text.matchAll(CLOCK)) {
    const [all, h, mm, , half] = m;
    if (mm === undefined && half === undefined) continue;
    const span: [number, number] = [m.index!, m.index! + all!.trimEnd().length];
    if (taken.some(([a, b]) => a < span[1] && span[0] < b)) continue;
    const minutes = minutesOf(h!, mm === undefined ? 0 : Number(mm), half);
    if (minutes.length === 0) continue;
    const after = text.slice(span[1], span[1] + 24);
    const utc = UTC_AFTER.exec(after);
    const other = utc ? null : OTHER_ZONE_AFTER.exec(after);
    const local = utc || other ? null : LOCAL_AFTER.exec(after);
    // The zone is part of the time's span: "09:14 UTC" states one value.
    const zoned = utc ?? other ?? local;
    const tz = other ? zoneOf(other[0].replace(/^\s*\(?\s*/, "")) : undefined;
    out.push({
      text: all!.trimEnd(),
      span: zoned ? [span[0], span[1] + zoned[0].length] : span,
      minutes,
      approx: HEDGE_BEFORE.test(text.slice(Math.max(0, span[0] - 24), span[0])),
      zone: utc ? "utc" : other ? "other" : null,
      ...(tz ? { tz } : {}),
    });
  }
  return out;
}

/** A timestamp's date, clock and offset: "2024-08-21T09:14:02.118Z", "2024-06-20 06:00:00", "...-04:00". */
const TIMESTAMP = /(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s?(Z|[+-]\d{2}:?\d{2})?/g;

/** `…time: 143207` or `…Time: "0915"`: a key whose last word is "time", and four or six digits. */
const KEYED_DIGITS = /(?<=^|\n)[^\n:]*(?:^|[._"\s])[Tt]ime"?: "?((\d{2})(\d{2})(?:\d{2})?)"?$/gm;

/** A clock time stated in evidence, in minutes after midnight: as written, and in UTC when its offset is known. */
export interface EvidenceClock {
  /** Its span in the text. */
  span: [number, number];
  local: number;
  utc: number | null;
  /** Written with its zone or offset ("Z", "-04:00"): a claim may state it in another zone's clock. */
  zoned: boolean;
  /** For a timestamp with its date and offset: the instant (ms since the epoch), to read in a claim's zone. */
  instant?: number;
}

/** The clock times evidence text states: timestamps' clocks and bare clock times (with or without am/pm). */
export function evidenceClockTimes(text: string): EvidenceClock[] {
  const out: EvidenceClock[] = [];
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(TIMESTAMP)) {
    const local = Number(m[2]) * 60 + Number(m[3]);
    const zone = m[4];
    let utc: number | null = null;
    if (zone === "Z") utc = local;
    else if (zone !== undefined) {
      const sign = zone.startsWith("-") ? -1 : 1;
      const digits = zone.replace(/[^\d]/g, "");
      utc = (((local - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)))) % 1440) + 1440) % 1440;
    }
    const span: [number, number] = [m.index!, m.index! + m[0].length];
    spans.push(span);
    const instant =
      zone === undefined
        ? Number.NaN
        : Date.parse(`${m[1]}T${m[2]}:${m[3]}:00${zone === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
    out.push({ span, local, utc, zoned: zone !== undefined, ...(Number.isFinite(instant) ? { instant } : {}) });
  }
  // A clock as digits under a time key (`"time": "143207"`, as carriers' tracking APIs write it): HHMM or HHMMSS.
  for (const m of text.matchAll(KEYED_DIGITS)) {
    const hours = Number(m[2]);
    const minutes = Number(m[3]);
    if (hours > 23 || minutes > 59) continue;
    const at = m.index! + m[0].length - m[1]!.length;
    const span: [number, number] = [at, at + m[1]!.length];
    spans.push(span);
    out.push({ span, local: hours * 60 + minutes, utc: null, zoned: false });
  }
  for (const c of claimClockTimes(text, spans)) {
    // A bare clock in a log is read as written; with no "am"/"pm", both readings stand.
    for (const local of c.minutes) out.push({ span: c.span, local, utc: c.zone === "utc" ? local : null, zoned: c.zone !== null });
  }
  return out;
}

/** Whether a claim's time is written to the minute ("9:14", "09:00"), not as a round hour ("3 PM"). */
export function toTheMinute(t: ClockTime): boolean {
  return /\d:\d{2}/.test(t.text);
}

/** Whether a claim's time is a round hour: "3 PM", "08:00". */
export function roundHour(t: ClockTime): boolean {
  return !toTheMinute(t) || /:00(?!\d)/.test(t.text);
}

/**
 * Whether a claim's time is a time of day beyond doubt: with "am"/"pm" or a zone, or on a 24-hour clock
 * with a leading zero ("08:45"). "3:34" may be a track's length, and "10:12" or "23:05" a game clock.
 */
export function timeOfDay(t: ClockTime): boolean {
  return /[AaPp]\.?[Mm]/.test(t.text) || t.zone !== null || /^0\d:/.test(t.text);
}

/** Whether an evidence clock states the claim's time (within a few minutes when the claim hedges, to the minute otherwise; a hedged round hour within half an hour). */
export function clockAgrees(claim: ClockTime, evidence: EvidenceClock): boolean {
  const slack = claim.approx ? (roundHour(claim) ? 30 : HEDGE_MINUTES) : 0;
  const near = (a: number, b: number) => {
    const d = Math.abs(a - b);
    return Math.min(d, 1440 - d) <= slack;
  };
  // A UTC claim reads a timestamp's UTC clock (a clock with no zone as written); any other claim reads the
  // clock as written, or in UTC.
  // A claim in a region's zone ("4:00 pm Pacific") reads a dated, zoned timestamp in that zone's clock.
  const readings =
    claim.zone === "utc"
      ? [evidence.utc ?? evidence.local]
      : claim.zone === "other"
        ? [claim.tz !== undefined && evidence.instant !== undefined ? clockIn(evidence.instant, claim.tz) : evidence.local]
        : [evidence.local, evidence.utc];
  return claim.minutes.some((m) => readings.some((r) => r !== null && near(m, r)));
}
