/**
 * Numbers that are part of a name: "PostgreSQL 16", "Truck 22", "Route 14", "Section 002", a house number
 * ("1142 Alder Crest Ave"). A whole number
 * written right after a capitalised word, with no unit and no counted noun of its own, names a model, a
 * vehicle, a line or a room; read in a slot, it would be "corrected" to a field that happens to be its
 * neighbour (PostgreSQL 16's "16" to its PID). It may agree with the evidence, never differ from it: a
 * difference leaves the figure unsettled.
 */
import { nameOccursIn } from "../quantity/names.js";
import { STOP_WORDS } from "../text/stop-words.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import type { EvidenceFact } from "./evidence-facts.js";

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
  // A singular noun after a number other than one is no counted noun but the head the name modifies ("a
  // Phase 3 study", "the Tier 2 plan").
  const head = q.unit !== null && q.value !== 1 && /^\p{Ll}+$/u.test(q.unit) && !/s$/.test(q.unit);
  if ((q.unit !== null && !head) || !/^\d{1,4}$/.test(q.text)) return false;
  const word = WORD_BEFORE.exec(text.slice(0, figure.span[0]))?.[1];
  if (!word || STOP_WORDS.has(word.toLowerCase()) || NOT_NAMES.test(word)) return false;
  return !COUNTED_AFTER.test(text.slice(figure.span[1])) && !/^[.,]\d|^\s*%/.test(text.slice(figure.span[1]));
}

/**
 * The evidence line that writes a name number ("District 1") whole, as the tool abbreviates it, the name's
 * initial and the number ("D1", "D-1"), or split over two fields of one element: in the row of the claim's other names when it has some, else
 * anywhere the claim's passages reach. Null when none does.
 */
function writtenNameNumber(text: string, figure: ClaimFigure, scope: ClaimScope): EvidenceFact | null {
  const word = WORD_BEFORE.exec(text.slice(0, figure.span[0]))?.[1];
  if (!word || figure.value.type !== "quantity") return null;
  const n = figure.value.q.text;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const whole = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}\\s*#?\\s*0*${n}(?![\\p{L}\\p{N}])`, "iu");
  const initial = new RegExp(`(?<![\\p{L}\\p{N}])${word[0]!.toUpperCase()}-?0*${n}(?![\\p{L}\\p{N}])`, "u");
  // Or split over two fields of one element, as course catalogues and registries write a code (`subject:
  // CHEM`, `course_number: "2310"` for "CHEM 2310").
  const wordField = new RegExp(`(?:^|\\n)[^\\n]*: ${escaped}(?:\\n|$)`, "iu");
  const numberField = new RegExp(`(?:^|\\n)[^\\n]*: 0*${n}(?:\\n|$)`, "u");
  const names = scope.figures.flatMap((f) => (f.value.type === "name" && f.value.n.text !== word ? [f.value.n] : []));
  for (const fact of scope.facts) {
    const where = fact.row ?? fact.quote.text;
    if (names.length > 0 && (fact.row === undefined || !names.some((name) => nameOccursIn(name, fact.row!)))) continue;
    if (whole.test(where) || initial.test(where)) return fact;
  }
  // The split form, in an element or a record that holds the claim's other names too: the fact that states
  // the number is the quote.
  for (const fact of scope.facts) {
    if (!fact.structured || !numberField.test(`\n${fact.quote.text}`)) continue;
    const where = fact.row ?? scope.context.ledger.get(fact.chunk.evidenceId)?.text ?? "";
    if (wordField.test(where) && numberField.test(where) && names.every((name) => nameOccursIn(name, where))) return fact;
  }
  return null;
}

/**
 * The results with each name number's difference turned into an unsettled figure, and a name number that
 * no value settles but the evidence writes (whole, or as its initial and number: "District 1" as `D1`) found
 * there, as a name is.
 */
export function withNameNumbers(results: FigureResult[], text: string, scope?: ClaimScope): FigureResult[] {
  return results.map((r) => {
    if (r.derived || !isNameNumber(text, r.figure)) return r;
    if (r.outcome === "mismatch") return { ...r, outcome: "unsettled", best: undefined, note: `a number that is part of the name before it: ${r.note}` };
    if (scope === undefined) return r;
    if (r.outcome === "match") {
      // The label its element writes with another number outranks an equal number elsewhere.
      const label = labelOfElement(text, r.figure, scope);
      return label?.outcome === "mismatch" ? label : r;
    }
    const written = writtenNameNumber(text, r.figure, scope);
    if (written) return { figure: r.figure, outcome: "match", best: written, score: 0, note: "a number that is part of a name the evidence writes" };
    return labelOfElement(text, r.figure, scope) ?? r;
  });
}

/**
 * A label and number the claim gives an element ("NCT05819432 is a Phase 3 study") against the label the
 * element's own lines write, in any case and spacing (`phases[0]: PHASE2`, `stage: "stage_2"`): the same
 * number agrees; one other number, the only one the element writes after the label, is the correction. The
 * element is the one whose lines hold the claim's other names (nested lists included); without names, or
 * with no such element, nothing is read.
 */
function labelOfElement(text: string, figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const word = WORD_BEFORE.exec(text.slice(0, figure.span[0]))?.[1];
  if (!word || figure.value.type !== "quantity" || word.length < 3) return null;
  const names = scope.figures.flatMap((f) => (f.value.type === "name" && f.value.n.text !== word ? [f.value.n] : []));
  if (names.length === 0) return null;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const label = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}[\\s_#-]*0*(\\d{1,3})(?![\\p{L}\\p{N}])`, "giu");
  const found = new Map<number, string>();
  let element: { evidenceId: string; prefix: string } | null = null;
  for (const record of scope.context.ledger.records) {
    if (record.format !== "json" || scope.foreign(record.id)) continue;
    const lines = record.text.split("\n");
    // Elements whose own line holds a claim name: `studies[0].nctId: NCT05819432` -> `studies[0]`.
    for (const line of lines) {
      const m = /^(.*?\[\d+\])[^\n:]*: (.*)$/.exec(line);
      if (!m || !names.some((n) => nameOccursIn(n, m[2]!))) continue;
      if (element && (element.evidenceId !== record.id || element.prefix !== m[1])) return null;
      element = { evidenceId: record.id, prefix: m[1]! };
    }
  }
  // Or the one record that holds a claim name, when no array element does (a single study's record).
  if (!element) {
    const holding = scope.context.ledger.records.filter((r) => r.format === "json" && !scope.foreign(r.id) && names.some((n) => nameOccursIn(n, r.text)));
    if (holding.length !== 1) return null;
    element = { evidenceId: holding[0]!.id, prefix: "" };
  }
  const own = scope.context.ledger
    .get(element.evidenceId)!
    .text.split("\n")
    .filter((l) => l.startsWith(element!.prefix));
  for (const line of own) for (const m of line.slice(line.indexOf(": ") + 2).matchAll(label)) found.set(Number(m[1]), line);
  if (found.size !== 1) return null;
  const [n, line] = [...found][0]!;
  const quoteFact = scope.facts.find((f) => f.chunk.evidenceId === element!.evidenceId && f.quote.text === line);
  if (n === figure.value.q.value) return quoteFact ? { figure, outcome: "match", best: quoteFact, score: 1, note: `the element writes ${word} ${n}` } : null;
  if (!quoteFact) return null;
  const q = { ...figure.value.q, text: String(n), value: n, alternatives: [], precision: 0.5 };
  return {
    figure,
    outcome: "mismatch",
    best: { ...quoteFact, value: { type: "quantity", q } },
    score: 3,
    note: `the element writes ${line.slice(line.indexOf(": ") + 2)}`,
  };
}
