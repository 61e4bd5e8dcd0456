/**
 * The figures, dates, versions and names a claim states, read from its text, each with its span in the
 * claim: what tier 0 checks.
 */
import { claimClockTimes } from "./clock-times.js";
import { extractDates } from "../quantity/date-parse.js";
import { MONTH_DAY_TAIL } from "./date-ranges.js";
import { extractNames, numberWordInName } from "../quantity/names.js";
import { extractQuantities } from "../quantity/quantity-extract.js";
import type { NameMention, Quantity } from "../quantity/types.js";
import { asYear, overlaps, VERSION, type FactValue } from "./evidence-facts.js";
import { STOP_WORDS } from "../text/stop-words.js";
import { recordTerms } from "./record-terms.js";
import type { TierContext, TierItem } from "./tier.js";

/** A figure of the claim, with its span in the claim text. */
export type ClaimFigure = { value: FactValue; span: [number, number] };

/** "no X" / "zero X" before a plural noun; not "no more than", "no longer", "no other". */
const NO_COUNT = /\b(no|zero)\s+(?!more\b|less\b|fewer\b|longer\b|later\b|earlier\b|other\b|one\b)(?:[a-z-]+\s+){0,2}?([a-z-]{3,}s)\b/gi;

export const KEY_PREFIX = /^[A-Za-z_][\w.[\]"-]*:\s/;

/**
 * Names the claim text lost with its markup (`` `dotenv` `` becomes "dotenv", no longer an identifier by
 * its shape) and lower-case subjects that some record names as its identity (`name: uuid`).
 */
export function extraNames(item: TierItem, context: TierContext): NameMention[] {
  const { text, map } = item.extracted;
  const out: NameMention[] = [];
  const inClean = new Map<number, number>();
  map.forEach((d, i) => d >= 0 && inClean.set(d, i));
  const [s, e] = item.claim.span;
  for (const n of extractNames(context.draft.slice(s, e))) {
    const a = inClean.get(s + n.span[0]);
    const b = inClean.get(s + n.span[1] - 1);
    if (a !== undefined && b !== undefined && b >= a) out.push({ ...n, text: text.slice(a, b + 1), span: [a, b + 1] });
  }
  const terms = recordTerms(context.ledger);
  // The claim's first word, capitalised only by its place ("Shell charged $52.10"), is a name when a tool
  // output gives it, so capitalised, as a field's value (`merchant: Shell`), or as the surname of a person's
  // name that is a field's value (`player: D. Mercer`, `name: Dana Mercer`).
  const first = /^\s*(\p{Lu}[\p{Ll}]+)\b/u.exec(text);
  // A stop word ("The", "It") is no name.
  if (first && !STOP_WORDS.has(first[1]!.toLowerCase()) && !out.some((n) => n.span[0] === first.index + first[0].length - first[1]!.length)) {
    const word = first[1]!;
    const asValue = new RegExp(`(?:^|\\n)[^\\n:]*: (?:\\p{Lu}(?:\\.|\\p{Ll}+) )?${word}(?:\\n|$)`, "u");
    const ids = [...terms.withToken(word.toLowerCase())].slice(0, 20);
    const isValue = (text: string) => text.includes(` ${word}`) && asValue.test(text);
    if (ids.some((id) => isValue(context.ledger.get(id)?.text ?? ""))) {
      const at = first.index + first[0].length - word.length;
      const possessive = /^['’]s\b/.test(text.slice(at + word.length));
      out.push({ text: word, span: [at, at + word.length], key: word.toLowerCase(), type: "name", ...(possessive ? { possessive } : {}) });
    }
  }
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}._@/-]*[\p{L}\p{N}]|\p{L}/gu)) {
    const key = m[0].toLowerCase();
    if (terms.hasIdentity(key)) out.push({ text: m[0], span: [m.index!, m.index! + m[0].length], key, type: "code" });
  }
  out.push(...numberedNames(text, context));
  return out;
}

/** A number joined by hyphens to words: "16-main", "3-az" (and "30-minute", which no tool writes as a code). */
const DIGIT_LED_CODE = /(?<![\p{L}\p{N}_.-])\d+(?:-\p{L}[\p{L}\p{N}]*)+(?![\p{L}\p{N}_-])/gu;
/** Words that make "N-word" a measure or a count ("5-point", "3-business-day", "2-bed"), never a code. */
const MEASURE_WORD =
  /^(?:points?|days?|business|hours?|hrs?|minutes?|mins?|seconds?|secs?|weeks?|months?|years?|nights?|beds?|bedrooms?|baths?|stars?|seats?|doors?|person|people|games?|runs?|times?|miles?|inch(?:es)?|foot|feet|ft|pages?|items?|steps?|ways?|stops?|laps?|sets?|pieces?|rooms?|stor(?:y|ies)|cars?|holes?|overs?|yards?|goals?|old|long|wide|high|deep|tier|level|lane|hop|core|cores|thread|threads|node|nodes)$/i;
/**
 * Codes that open on a number ("16-main", "3-az"), where a tool output writes the same code: the number is
 * the code's, no figure of its own to read in a slot ("PostgreSQL 16 (16-main)" states no PID of 16).
 */
/** Whether a name is a code that opens on a number ("16-main"), not a measure ("5-point"). */
function isDigitLedCode(text: string): boolean {
  return /^\d+(?:-\p{L}[\p{L}\p{N}]*)+$/u.test(text) && !text.split("-").some((w) => MEASURE_WORD.test(w));
}

function numberedNames(text: string, context: TierContext): NameMention[] {
  const terms = recordTerms(context.ledger);
  const out: NameMention[] = [];
  // A code that opens on its number ("16-main", "3-az"), written so in a tool output: one identifier.
  for (const m of text.matchAll(DIGIT_LED_CODE))
    if (isDigitLedCode(m[0]) && terms.withCode(m[0]).size > 0)
      out.push({ text: m[0], span: [m.index!, m.index! + m[0].length], key: m[0].toLowerCase(), type: "code" });
  return out;
}

/** Zone words written after a clock time ("8:43 AM Central", "11:30 Pacific", "14:00 UTC"). */
const ZONE_WORD =
  /^(?:Central|Eastern|Pacific|Mountain|Atlantic|Alaska|Hawaii|Arizona|local|UTC|GMT|Z|BST|CET|CEST|EET|EEST|WET|EST|EDT|PST|PDT|CST|CDT|MST|MDT|AKST|AKDT|HST|IST|JST|KST|AEST|AEDT|ACST|AWST|NZST|NZDT|SGT|HKT)(?:\s+(?:Time|Standard Time|Daylight Time))?$/;

/** Whether a name is the time zone of the clock time before it: the time's qualifier, no entity. */
function timeZoneOfClock(text: string, n: NameMention): boolean {
  return ZONE_WORD.test(n.text) && /\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*$/i.test(text.slice(0, n.span[0]));
}

/** An identifier of letters (with a digit or not) joined by a hyphen to a number: "CP2-90", "JUZT-32". */
const ISSUE_KEY = /(?<![\p{L}\p{N}_.-])\p{Lu}[\p{Lu}\p{N}]*\p{Lu}?[\p{Lu}\p{N}]*-\d+(?![\p{L}\p{N}_.]|-\d)/gu;

export function claimFigures(text: string, extra: NameMention[] = []): ClaimFigure[] {
  const figures: ClaimFigure[] = [];
  const taken = (span: [number, number]) => figures.some((f) => overlaps(f.span, span));
  // The last day of "Jan 8–10" belongs to the range (see `date-ranges.ts`), not a figure of its own.
  const rangeTails: Array<[number, number]> = [];
  for (const d of extractDates(text)) {
    figures.push({ value: { type: "date", d }, span: d.span });
    const tail = d.day !== null && /^\p{L}/u.test(d.text) ? MONTH_DAY_TAIL.exec(text.slice(d.span[1])) : null;
    if (tail) rangeTails.push([d.span[1], d.span[1] + tail[0].length]);
  }
  for (const m of text.matchAll(VERSION)) {
    const span: [number, number] = [m.index!, m.index! + m[0].length];
    if (!taken(span)) figures.push({ value: { type: "version", v: m[0].replace(/^v/, "") }, span });
  }
  // Times of day ("at 09:14 UTC", "7:58 pm"), before counts: their digits are no figures of their own.
  for (const t of claimClockTimes(
    text,
    figures.map((f) => f.span),
  ))
    figures.push({ value: { type: "time", t }, span: t.span });
  // An issue key such as "CP2-90" or "ENG-481" is one identifier, not a code and a number.
  const keys = [...text.matchAll(ISSUE_KEY)].map((m) => [m.index!, m.index! + m[0].length] as [number, number]);
  // A capitalised number word inside a name ("the Half Dozen Oysters", "Ocean's Eleven") is part of the name;
  // one that opens the run is a count ("Two Uber rides").
  const names = extractNames(text);
  for (const q of extractQuantities(text))
    if (
      !taken(q.span) &&
      !rangeTails.some((t) => overlaps(t, q.span)) &&
      !numberWordInName(q, names, text) &&
      !keys.some(([a, b]) => a < q.span[0] && q.span[1] <= b) &&
      !extra.some((n) => n.span[0] <= q.span[0] && q.span[1] <= n.span[1] && isDigitLedCode(n.text))
    )
      figures.push({ value: asYear(q, text.slice(Math.max(0, q.span[0] - 8), q.span[0])) ?? { type: "quantity", q: claimReading(q) }, span: q.span });
  // "no orders", "zero open issues": a count of 0 of that noun, to meet `orders: []` or `openIssues: 0`.
  for (const m of text.matchAll(NO_COUNT)) {
    const span: [number, number] = [m.index!, m.index! + m[1]!.length];
    if (taken(span)) continue;
    const q: Quantity = {
      text: m[1]!,
      span,
      kind: "number",
      value: 0,
      alternatives: [],
      currency: null,
      dimension: null,
      unit: m[2]!,
      precision: 0,
      approx: false,
      bound: "eq",
      word: true,
    };
    figures.push({ value: { type: "quantity", q }, span });
  }
  // In a "key.path: value" claim the key names the slot; it asserts nothing. A name as the label ("Mercer: 11
  // rebounds", "PLAT-412: due Nov 15") names the claim's subject instead, which picks its record.
  const key = KEY_PREFIX.exec(text)?.[0] ?? "";
  const label = key.replace(/:\s*$/, "");
  const nameLabel = /^\p{Lu}/u.test(label) && !/[_.[]/.test(label) && [...names, ...extra].some((n) => n.span[0] === 0 && n.span[1] === label.length);
  const keyEnd = nameLabel ? 0 : key.length;
  for (const n of [...names, ...extra])
    if (!taken(n.span) && n.span[0] >= keyEnd && !timeZoneOfClock(text, n)) figures.push({ value: { type: "name", n }, span: n.span });
  return figures.sort((a, b) => a.span[0] - b.span[0]);
}

/**
 * A claim written with English grouping ("1,336 MB") means 1,336, not the German 1.336: keeping that reading
 * would let a factor-1000 slip match. German-style claims ("1.410,00") keep their readings.
 */
function claimReading(q: Quantity): Quantity {
  if (q.alternatives.length === 0 || /\d\.\d{3}(?:,|\b)/.test(q.text) || !/\d,\d{3}(?!\d)/.test(q.text)) return q;
  return { ...q, alternatives: [] };
}
