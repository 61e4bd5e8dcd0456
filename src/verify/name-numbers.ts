/**
 * Numbers that are part of a name: "PostgreSQL 16", "Truck 22", "Route 14", "Section 002", a house number
 * ("1142 Alder Crest Ave"). A whole number
 * written right after a capitalised word, with no unit and no counted noun of its own, names a model, a
 * vehicle, a line or a room; read in a slot, it would be "corrected" to a field that happens to be its
 * neighbour (PostgreSQL 16's "16" to its PID). It may agree with the evidence, never differ from it: a
 * difference leaves the figure unsettled.
 */
import type { ClaimFigure } from "./claim-figures.js";
import type { FigureResult } from "./claim-scope.js";
import { STOP_WORDS } from "../text/stop-words.js";

/** The capitalised word right before the figure ("Truck " of "Truck 22"). */
const WORD_BEFORE = /(?<![\p{L}\p{N}_'’-])(\p{Lu}[\p{L}\p{N}]*)\s$/u;
/** Words that say the number is a quantity of the word before it, or a date: "Q3", "Week 29" stays a name. */
const NOT_NAMES =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|top|over|under|about|around|only|just|all|total|page|step)$/i;
/** Capitalised words and a street type after a house number: " Alder Crest Ave", " Harbour Road". */
const STREET_AFTER =
  /^\s+(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Ln|Lane|Dr|Drive|Way|Ct|Court|Pl|Place|Ter|Terrace|Pkwy|Parkway|Hwy|Highway|Cir|Circle|Sq|Square|Row|Crescent|Close)\b/u;
/** A counted noun after the number ("Aspirin 500 tablets", "Brand 12 clicks"): the number counts it. */
const COUNTED_AFTER = /^\s+(?!(?:is|was|has|does|its|as|this|us|plus|minus|versus|less)\b)\p{Ll}{2,}s\b/u;

/** Whether the figure is a number that is part of the name before it (see the module's TSDoc). */
export function isNameNumber(text: string, figure: ClaimFigure): boolean {
  const v = figure.value;
  if (v.type !== "quantity") return false;
  const q = v.q;
  if (q.kind !== "number" || q.word || q.approx || q.bound !== "eq") return false;
  if (/^\d{1,5}$/.test(q.text) && STREET_AFTER.test(text.slice(figure.span[1]))) return true;
  if (q.unit !== null || !/^\d{1,4}$/.test(q.text)) return false;
  const word = WORD_BEFORE.exec(text.slice(0, figure.span[0]))?.[1];
  if (!word || STOP_WORDS.has(word.toLowerCase()) || NOT_NAMES.test(word)) return false;
  return !COUNTED_AFTER.test(text.slice(figure.span[1])) && !/^[.,]\d|^\s*%/.test(text.slice(figure.span[1]));
}

/** The results with each name number's difference turned into an unsettled figure. */
export function withNameNumbers(results: FigureResult[], text: string): FigureResult[] {
  return results.map((r) =>
    r.outcome === "mismatch" && !r.derived && isNameNumber(text, r.figure)
      ? { ...r, outcome: "unsettled", best: undefined, note: `a number that is part of the name before it: ${r.note}` }
      : r,
  );
}
