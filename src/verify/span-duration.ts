/**
 * A duration the claim states for an element that records when it starts (departs) and ends (arrives): "the Design
 * Review runs about 45 minutes" against `start: 14:00` and `end: 14:45`, "Ruth's talk is 30 minutes" against
 * a session's `start: "10:30"` and `end: "11:00"`. The claim says the element lasts that long, so the interval
 * between its own start and end is the value it computes (DESIGN.md, derived values: date arithmetic only
 * where the claim states a duration).
 *
 * Precision first: the element must be the one array element the claim's names pick (or the only element
 * with a start and an end), its start and end must be clock times or date-times of one day, and only an
 * agreeing duration is returned, as a match. A different duration settles nothing here: which interval
 * the claim measures (with breaks, travel, the slot or the session) is open.
 */
import { nameOccursIn } from "../quantity/names.js";
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import type { EvidenceFact } from "./evidence-facts.js";

/** A start and an end field of one element: `start`, `starts_at`, `start.dateTime`, `startTime`, `begin`, `depart`; `end`, `arrive`, ... */
const START_KEY =
  /(?:^|[._\]])(?:start|starts|begin|begins|depart|departs|departure)(?:[_-]?(?:at|time|date|datetime))?(?:\.dateTime)?$|(?:^|[._\]])(?:start|depart|departure)(?:Time|Date|DateTime|At)(?:\.dateTime)?$/i;
const END_KEY =
  /(?:^|[._\]])(?:end|ends|finish|finishes|arrive|arrives|arrival)(?:[_-]?(?:at|time|date|datetime))?(?:\.dateTime)?$|(?:^|[._\]])(?:end|arrive|arrival)(?:Time|Date|DateTime|At)(?:\.dateTime)?$/i;
/** A clock time ("09:30", "9:30 PM") or an ISO date-time ("2024-06-10T14:45:00+02:00"); its day, if any. */
const CLOCK = /^(?:(\d{4}-\d{2}-\d{2})[T ])?(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Minutes after midnight and the day of a clock or date-time value, or null. */
function clockOf(value: string): { minutes: number; day: string | null } | null {
  const m = CLOCK.exec(value.trim().replace(/^"|"$/g, ""));
  if (!m) return null;
  let hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) return null;
  const half = m[4]?.toLowerCase();
  if (half === "pm" && hours < 12) hours += 12;
  if (half === "am" && hours === 12) hours = 0;
  return { minutes: hours * 60 + minutes, day: m[1] ?? null };
}

/** A start-to-end interval: its minutes, and the start line that identifies the element holding it. */
interface Span {
  minutes: number;
  source: string;
}

/** The interval between the first start and end fields of some lines, or null. */
function intervalIn(lines: string): Span | null {
  let start: { clock: ReturnType<typeof clockOf>; line: string } | null = null;
  let end: ReturnType<typeof clockOf> = null;
  for (const line of lines.split("\n")) {
    const colon = line.indexOf(": ");
    if (colon < 0) continue;
    const path = line.slice(0, colon);
    if (start === null && START_KEY.test(path)) {
      const clock = clockOf(line.slice(colon + 2));
      if (clock) start = { clock, line };
    } else if (end === null && END_KEY.test(path)) end = clockOf(line.slice(colon + 2));
  }
  if (!start?.clock || !end) return null;
  // One day's times: a date-time pair on two days, or an end before the start, is no span this reads.
  if (start.clock.day !== null && end.day !== null && start.clock.day !== end.day) return null;
  return end.minutes > start.clock.minutes ? { minutes: end.minutes - start.clock.minutes, source: start.line } : null;
}

/** The interval of an element: from its own lines, else from the element holding it (a session of a speaker). */
function intervalOf(row: string, ownEnd: number | undefined): Span | null {
  return intervalIn(ownEnd === undefined ? row : row.slice(0, ownEnd)) ?? (ownEnd === undefined ? null : intervalIn(row.slice(ownEnd)));
}

/** A duration of whole minutes as a quantity (values of the time dimension are in ms). */
function minutesQuantity(minutes: number): Quantity {
  return {
    text: `${minutes} min`,
    span: [0, 0],
    kind: "measure",
    value: minutes * 60_000,
    alternatives: [],
    currency: null,
    dimension: "time",
    unit: "min",
    precision: 0,
    approx: false,
    bound: "eq",
    word: false,
  };
}

/**
 * The agreeing start-to-end interval of the element the claim names, as a match; null otherwise.
 *
 * @param figure a claim figure; only durations (a time measure) are read.
 * @param scope the claim's scope: its names pick the element among the facts' array elements.
 */
export function spanDuration(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "measure" || v.q.dimension !== "time") return null;
  const rows = new Map<string, EvidenceFact>();
  for (const f of scope.facts) if (f.rowId !== undefined && f.row !== undefined && !rows.has(f.rowId)) rows.set(f.rowId, f);
  const spans: Array<{ fact: EvidenceFact; span: Span }> = [];
  for (const fact of rows.values()) {
    const span = intervalOf(fact.row!, fact.rowOwnEnd);
    if (span !== null) spans.push({ fact, span });
  }
  if (spans.length === 0) return null;
  // The claim's names, a possessive dropped ("Ruth Mensah's talk" names Ruth Mensah).
  const names = scope.figures.flatMap((f) =>
    f !== figure && f.value.type === "name" ? [{ ...f.value.n, text: f.value.n.text.replace(/['’]s$/, ""), key: f.value.n.key.replace(/['’]s$/, "") }] : [],
  );
  // Rows of one element (a session and its speaker) share its start line: one element, one interval, named by
  // every name its rows hold. The element the claim names most is its subject ("Inês Carvalho" and "Backend"
  // pick her session among the Backend track's), and only a single such element is read.
  const elements = new Map<string, { fact: EvidenceFact; span: Span; named: number }>();
  for (const s of spans) {
    const id = `${s.fact.chunk.evidenceId}\u0000${s.span.source}`;
    const named = names.filter((n) => nameOccursIn(n, s.fact.row!)).length;
    const seen = elements.get(id);
    if (!seen || named > seen.named) elements.set(id, { ...s, named });
  }
  const most = Math.max(...[...elements.values()].map((e) => e.named));
  const picked = [...elements.values()].filter((e) => e.named === most);
  if (picked.length !== 1 || (names.length > 0 && most === 0)) return null;
  const { fact, span } = picked[0]!;
  const minutes = span.minutes;
  if (matchQuantity(v.q, minutesQuantity(minutes)) !== "match") return null;
  return {
    figure,
    outcome: "match",
    best: fact,
    score: 1,
    note: `the element's start and end are ${minutes} minutes apart`,
    anchored: true,
    derived: true,
  };
}
