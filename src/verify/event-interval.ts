/**
 * How long passed between two moments a tool recorded, when the claim states that span: "opened roughly 17
 * minutes after delivery" (a log's `delivered` and `opened` lines), "the door stayed open for about 31 minutes"
 * (`door_open` at 02:47:13, `door_closed` at 03:18:02), "the alarm lasted about 22 minutes" (DESIGN.md,
 * derived values: date arithmetic only where the claim states a duration).
 *
 * Precision first: both moments must be stated in one passage, each on a line (or in a table row or array
 * element) that shares a word with the claim, and only an agreeing span is returned, as a match. A span that
 * agrees with no pair settles nothing here: which two moments the claim measures is open.
 */
import { extractDates } from "../quantity/date-parse.js";
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { elementOf } from "./element-scope.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { LINE_KEY, momentReader } from "./moment-words.js";

/** Words that say a duration spans two moments ("took", "lasted", "after", "later", "for", "within"). */
const INTERVAL_CUE =
  /\b(?:took|takes?|taking|lasted|lasts?|for|after|later|earlier|before|within|in|spent|ran|runs?|stayed|stays?|waited|waits?|waiting|apart|long|since|until|between)\b/i;
/** A clock time alone: "09:14", "09:14:02" (24-hour, as logs write it). */
const CLOCK = /(?<![\d:.-])(\d{2}):(\d{2})(?::(\d{2}))?(?![\d:])/g;
/** Most moments read in one passage (pairs grow as n^2 / 2). */
const MAX_MOMENTS = 60;
/** Longest span read: a week. */
const MAX_SPAN_MS = 7 * 86_400_000;

/** A moment of a passage: its time (ms; of the epoch, or of the day for a bare clock), and the words that say what happened. */
interface Moment {
  ms: number;
  dated: boolean;
  words: Set<string>;
  /** The moment's line, as a quote. */
  line: [number, number];
  /** The array element or table row it belongs to (`runs[2]`), or "". */
  element: string;
}

/** The passage's lines, each with the line index where it starts. */
function lines(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const l of text.split("\n")) {
    out.push({ text: l, start });
    start += l.length + 1;
  }
  return out;
}

/** The moments a passage states, with the words of their line, or of their table row or array element. */
export function momentsOf(text: string): Moment[] {
  const read = momentReader(text);
  const out: Moment[] = [];
  for (const l of lines(text)) {
    const element = elementOf(LINE_KEY.exec(l.text)?.[1]?.trim() ?? "");
    const found: Array<{ ms: number; dated: boolean; span: [number, number] }> = [];
    // Date-times as the project's date parser reads them (an offset-less one as UTC).
    for (const d of extractDates(l.text)) {
      const ms = d.instant === null ? Number.NaN : Date.parse(d.instant);
      if (!Number.isNaN(ms)) found.push({ ms, dated: true, span: d.span });
    }
    for (const m of l.text.matchAll(CLOCK)) {
      if (found.some((f) => f.span[0] <= m.index! && m.index! < f.span[1])) continue;
      const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
      if (h > 23 || mi > 59 || s > 59) continue;
      found.push({ ms: ((h * 60 + mi) * 60 + s) * 1000, dated: false, span: [m.index!, m.index! + m[0].length] });
    }
    for (const f of found) {
      const words = read([l.start + f.span[0], l.start + f.span[1]]);
      out.push({ ms: f.ms, dated: f.dated, words, line: [l.start, l.start + l.text.length], element });
      if (out.length >= MAX_MOMENTS) return out;
    }
  }
  return out;
}

/** Whether a line's words name something of the claim: a shared stem, or a shared start of five letters ("delivery", "delivered"). */
function names(words: Set<string>, claim: Set<string>): boolean {
  for (const c of claim) {
    if (/^\d/.test(c)) continue;
    if (words.has(c)) return true;
    if (c.length >= 5) for (const w of words) if (w.length >= 5 && w.slice(0, 5) === c.slice(0, 5)) return true;
  }
  return false;
}

function duration(ms: number): Quantity {
  return {
    text: `${ms / 1000} s`,
    span: [0, 0],
    kind: "measure",
    value: ms,
    alternatives: [],
    currency: null,
    dimension: "time",
    unit: "s",
    precision: 0,
    approx: false,
    bound: "eq",
    word: false,
  };
}

/**
 * The agreeing span between two moments of one passage that the claim's words name, as a match; null otherwise.
 * @param figure a claim figure; only durations (a time measure) are read.
 */
export function eventInterval(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "measure" || v.q.dimension !== "time" || v.q.value <= 0 || v.q.value > MAX_SPAN_MS) return null;
  if (!INTERVAL_CUE.test(scope.text)) return null;
  const chunks = new Map<string, EvidenceFact>();
  for (const f of scope.facts) if (!chunks.has(f.chunk.id) && !scope.foreign(f.chunk.evidenceId)) chunks.set(f.chunk.id, f);
  for (const fact of chunks.values()) {
    // A claim word every moment's line shares ("parcel" of each scan) names none of them.
    const moments = momentsOf(fact.chunk.text);
    const telling = new Set([...scope.claimStems].filter((c) => !moments.every((m) => names(m.words, new Set([c])))));
    // Each moment names a word of the claim; one at least names a word that tells it from the others, or
    // both are of one array element (one entity's timeline: `created_at`, `updated_at`).
    const named = moments.filter((m) => names(m.words, scope.claimStems));
    const tells = (m: Moment) => names(m.words, telling);
    for (let i = 0; i < named.length; i++)
      for (let j = i + 1; j < named.length; j++) {
        const [a, b] = [named[i]!, named[j]!];
        if (a.dated !== b.dated || a.line[0] === b.line[0]) continue;
        if (!(tells(a) || tells(b)) && (a.element === "" || a.element !== b.element)) continue;
        const span = Math.abs(b.ms - a.ms);
        if (span === 0 || matchQuantity(v.q, duration(span)) !== "match") continue;
        const later = b.ms >= a.ms ? b : a;
        const quote = fact.chunk.text.slice(later.line[0], later.line[1]).trim();
        return {
          figure,
          outcome: "match",
          best: { ...fact, quote: { ...fact.quote, text: quote, span: [fact.chunk.span[0] + later.line[0], fact.chunk.span[0] + later.line[1]] } },
          score: 1,
          note: `two moments the claim names are ${Math.round(span / 1000)} s apart`,
          anchored: true,
          derived: true,
        };
      }
  }
  return null;
}
