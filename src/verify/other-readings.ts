/**
 * Readings of a figure that explain it otherwise than the slot value it was ranked against, so that a
 * difference from that value is no contradiction ("Contradicted only when ... nothing in the evidence
 * agrees", DESIGN.md): a period's number ("in week 41"), a difference of two values of the element the
 * claim's words name ("10 empty beds"), a count of the elements that meet a condition ("only one track is
 * explicit") or that a word of the claim picks ("two artifacts on main", see `filtered-count.ts`); and a share
 * of a record's whole that the record never names ("each serving" of a recipe's total fat), which no agreeing
 * number supports; a figure of a hypothetical ("would bring her to 12 credits"); a count of units against a
 * list of line items that hold more ("six items" in 3 lines); a rate written as two counts ("1 in 10 ratings").
 */
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { surface } from "./corrections.js";
import { type EvidenceFact, fieldPath } from "./evidence-facts.js";
import { TOTAL_WORDS } from "./derived-values.js";
import { compare } from "./figure-compare.js";
import { countCondition, countQualifier } from "./filtered-count.js";
import { featuresOf } from "./lexical-features.js";
import { fieldStemsOf, kindAgrees } from "./typed-slot.js";
import { stemOf } from "../text/tokenize.js";

/** A period noun right before a number: "week 41", "sprint 12", "round 6", "day 3", "game 2". */
const PERIOD_ORDINAL =
  /\b(?:week|wk|day|month|quarter|sprint|cycle|round|season|period|phase|term|semester|trimester|stage|game|match|matchday|gameweek|episode|iteration)\s+#?$/i;

/** Most values of one element compared pairwise: a record with more is read no further. */
const MAX_PAIR_VALUES = 24;

/** Two words joined as one noun's modifiers ("service and card fees", "tax plus tip"). */
const COORDINATED = /(\p{L}[\p{L}-]*)\s+(?:and|plus|&|\+)\s+(\p{L}[\p{L}-]*)/gu;

/** Whether the claim joins a word of `a`'s field and a word of `b`'s ("service and card fees" for two fee fields). */
function coordinated(a: EvidenceFact, b: EvidenceFact, text: string): boolean {
  const fa = fieldStemsOf(a);
  const fb = fieldStemsOf(b);
  const only = (w: string, own: Set<string>, other: Set<string>) => own.has(w) && !other.has(w);
  for (const m of text.matchAll(COORDINATED)) {
    const x = stemOf(m[1]!.toLowerCase());
    const y = stemOf(m[2]!.toLowerCase());
    if ((only(x, fa, fb) && only(y, fb, fa)) || (only(x, fb, fa) && only(y, fa, fb))) return true;
  }
  return false;
}

/**
 * "a - b" or "a + b" when two values of `best`'s element, of the figure's kind, give the figure's value;
 * `named` when the claim joins the two fields' own words, so that it says it adds them up.
 */
function derivablePair(figure: ClaimFigure, best: EvidenceFact, scope: ClaimScope): { pair: string; named: boolean } | null {
  const v = figure.value;
  if (v.type !== "quantity") return null;
  // Both operands are fields the claim's words name ("empty beds": `beds_total`, `beds_occupied`): a chance
  // sum of unrelated fields (`versionCount + dependencyCount`) is no reading.
  const named = (f: EvidenceFact) => [...fieldStemsOf(f)].some((w) => scope.claimStems.has(w));
  const values = scope.facts.filter(
    (f) =>
      f.value.type === "quantity" && f.rowId === best.rowId && f.chunk.evidenceId === best.chunk.evidenceId && f.structured && kindAgrees(v, f) && named(f),
  );
  if (values.length < 2 || values.length > MAX_PAIR_VALUES) return null;
  for (const a of values)
    for (const b of values) {
      if (a === b || a.value.type !== "quantity" || b.value.type !== "quantity") continue;
      const x = a.value.q;
      const y = b.value.q;
      for (const [value, op] of [
        [x.value - y.value, "-"],
        [x.value + y.value, "+"],
      ] as const) {
        // A sum only where the claim says it adds up: in so many words, or by naming both fields together.
        const joined = op === "+" && coordinated(a, b, scope.text);
        if (value <= 0 || (op === "+" && (a.span[0] > b.span[0] || (!TOTAL_WORDS.test(scope.text) && !joined)))) continue;
        const q = { ...x, value, alternatives: [], precision: Math.max(x.precision, y.precision), approx: false, bound: "eq" as const };
        if (compare(v, { type: "quantity", q }) === "match") return { pair: `${surface(a)} ${op} ${surface(b)}`, named: joined };
      }
    }
  return null;
}

/** The words before a rate's second count: "1 in ", "one out of every " (not "23 out of 25 seats", two values). */
const RATE_PHRASE = /(?:^|[^\d.,])(?:\d+|one|two|three|four|five)\s+(?:in(?:\s+every)?|out of every)\s+$/i;
/** The words after a rate's first count: " in 10", " out of every 4"; a year after "in" ("12 in 2024") is the figure's period. */
const RATE_START = /^\s+(?:in(?:\s+every)?|out of every)\s+(?!(?:19|20)\d\d\b)\d/i;

/** A modal of what would or could be, in the clause before a figure. */
const HYPOTHETICAL = /\b(?:would|could|might|wouldn['’]t|couldn['’]t)\b[^.;:!?]*$/i;

/** A quantity field of a list's elements: `items[2].qty`, `lines[0].quantity`. */
const QUANTITY_LINE = /^(.*?)\[(\d+)\]\.(?:qty|quantity|count|units)(?=: )/i;

/**
 * The sum of the quantity fields of the elements a list count counts, when it differs from the list's
 * length (3 line items holding 6 units); else null.
 */
function unitsOfList(count: EvidenceFact, scope: ClaimScope): number | null {
  const text = scope.context.ledger.get(count.chunk.evidenceId)?.text;
  if (text === undefined || count.value.type !== "quantity") return null;
  const sums = new Map<string, { sum: number; elements: Set<string> }>();
  for (const line of text.split("\n")) {
    const m = QUANTITY_LINE.exec(line);
    if (!m) continue;
    const n = Number(line.slice(line.indexOf(": ") + 2));
    if (!Number.isFinite(n)) continue;
    const entry = sums.get(m[1]!) ?? { sum: 0, elements: new Set<string>() };
    if (!entry.elements.has(m[2]!)) entry.sum += n;
    entry.elements.add(m[2]!);
    sums.set(m[1]!, entry);
  }
  for (const { sum, elements } of sums.values()) if (elements.size === count.value.q.value && sum !== elements.size) return sum;
  return null;
}

/** "each serving", "per person", "every guest" right before or after a figure: the share the figure is of. */
const SHARE = /\b(?:each|per|every)\s+(\p{L}{3,})/giu;

/**
 * The noun of a share the figure's clause gives ("Each serving has 96 g of fat") when the record that states the
 * figure's value never names it: a value of the whole record (the recipe's fat, in no array element), which
 * the claim divides; an agreeing number is then no support. Null when there is no such share, or the record
 * names it (`price_per_night`, a `tickets` list).
 */
function unnamedShare(figure: ClaimFigure, best: EvidenceFact, scope: ClaimScope): string | null {
  // A value of an array element is each element's already ("Each crossing takes 35 minutes" of a sailing).
  if (figure.value.type !== "quantity" || best.rowId !== undefined) return null;
  const text = scope.context.ledger.get(best.chunk.evidenceId)?.text.toLowerCase();
  if (text === undefined) return null;
  for (const m of scope.text.matchAll(SHARE)) {
    const noun = m[1]!.toLowerCase();
    const stem = stemOf(noun).slice(0, Math.max(3, Math.min(5, stemOf(noun).length)));
    if (!text.includes(stem)) return noun;
  }
  return null;
}

/** Capitalised words that open a phrase before a year rather than name anything: "In 2011", "Since 2019". */
const NOT_A_NAME = new Set(
  "in since from until till by of for before after during through to and or circa as at on early late mid around about the fy spring summer fall autumn winter".split(
    " ",
  ),
);

/** Whether the text before a year ends with a name's word ("Tondonia Reserva ", "Monte Bello "). */
function nameBefore(before: string): boolean {
  const m = /(?:^|[\s(])(\p{Lu}[\p{L}'’.-]+)\s+$/u.exec(before);
  return m !== null && !NOT_A_NAME.has(m[1]!.toLowerCase());
}

/** A negation in the clause, then "until" right before the date: "isn't in its window until", "won't open until". */
const NOT_UNTIL = /(?:\b(?:not|never|no)\b|n['’]t\b)[^,;.:]*\buntil\s+$/i;
/** The last key segment of an end bound and of a start bound. */
const END_FIELD = /(?:^|[._[\]"])(?:to|end|ends|until|through|thru|last|latest|end_?date|ends_?at)["\]]*$|[a-z](?:End|To|Until)["\]]*$/;
const START_FIELD = /(?:^|[._[\]"])(?:from|start|starts|begin|begins|since|first|earliest|start_?date|starts_?at)["\]]*$|[a-z](?:Start|From|Since)["\]]*$/;

/** The start bound beside an end bound (same record, same parent key) that agrees with the figure. */
function startBeside(figure: ClaimFigure, end: EvidenceFact, scope: ClaimScope): EvidenceFact | undefined {
  const parentOf = (key: string) => key.replace(/[._]?[^._[\]"]+["\]]*$/, "");
  const parent = parentOf(fieldPath(end));
  return scope.facts.find((f) => {
    if (f.chunk.evidenceId !== end.chunk.evidenceId || f.rowId !== end.rowId) return false;
    const key = fieldPath(f);
    if (!START_FIELD.test(key) || parentOf(key) !== parent) return false;
    // A start key's bare year may read as a bound ("from: 2025"), not a date: its number is the year.
    const v = figure.value;
    if (v.type === "date" && v.d.granularity === "year" && f.value.type === "quantity") return f.value.q.value === v.d.year;
    return compare(v, f.value) === "match";
  });
}

/** Words that compare the figure before them with another side: "less than", "vs", "compared with". */
const COMPARISON = /\b(?:than|vs\.?|versus|compared (?:to|with)|against)\s/i;

/** A duration written as an adjective: "1-minute", "30-day", "24-hour", "7-day". */
const WINDOW_ADJECTIVE = /^\d+(?:\.\d+)?-(?:second|sec|minute|min|hour|hr|day|week|month|year|quarter)$/i;
/** The noun a compound modifier qualifies: " limit" of "45-minute limit". */
const NOUN_AFTER = /^\s+(\p{L}{3,})\b/u;
/** The metric's own value within four words after it: " load average of 7.84", " rolling mean is 3.1". */
const VALUE_AFTER = /^\s+(?:[\p{L}-]+\s+){0,3}(?:of|at|is|was|were|stands at|sits at|came to|reached|hit|=|:)\s*(?:about|around|roughly|~)?\s*[$€£]?\d/iu;

/** A label right before a number that names it by that number: "port 22", "line 14", "room 5", "step 3", "#12". */
const LABEL_BEFORE =
  /\b(port|line|room|gate|step|page|row|column|build|run|pid|attempt|ticket|seat|level|floor|platform|lane|bay|dock|pier|terminal|track|suite|apt|exit|route|stop|hole|chapter|section|episode|issue|pr)\s+(?:no\.\s*|#\s*)?$/i;

/** The label an evidence number stands after in its text ("port" of "port 22"), or null. */
function labelOf(f: EvidenceFact): string | null {
  if (f.value.type !== "quantity" || f.value.q.kind !== "number") return null;
  const at = f.span[0] - f.chunk.span[0];
  if (at < 0 || at > f.chunk.text.length) return null;
  return LABEL_BEFORE.exec(f.chunk.text.slice(Math.max(0, at - 16), at))?.[1]?.toLowerCase() ?? null;
}

/** "net" before the figure in its phrase: "a net gain of", "net of", "netting". */
const NET_BEFORE = /\bnet(?:ting|ted)?\b(?:\s+[\p{L}-]+){0,3}\s+(?:of\s+|at\s+|to\s+|was\s+|is\s+)?(?:about\s+|around\s+|roughly\s+)?[$€£¥]?$/iu;

/** Total words within the figure's phrase: "17 skipped in total", "41 combined", "across all stages". */
const TOTAL_AFTER = /^\s*(?:[\p{L}-]+\s+){0,2}?(?:in total|in all|total|combined|altogether|overall|across)\b/iu;

/** A comparison after a figure and its noun: "above the county average", "short of the record", "ahead of X", "$3,480 more". */
const DIFFERENCE_AFTER =
  /^\s*(?:[\p{L}/%.-]+\s+){0,3}?(?:above|below|(?:more|less|fewer|higher|lower|cheaper|pricier|dearer|longer|shorter|bigger|smaller|larger|faster|slower)(?: than)?|extra|ahead(?: of)?|behind|back(?: of| from)?|short of|shy of|up from|down from|better than|worse than|(?:over|under)\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:budget|par|target|limit|goal|average|plan|quota|estimate|forecast|baseline|threshold|median|mean|norm))(?!\p{L})/iu;

/** "£50 under Larkspur Hall", "3 points over Leeds": over or under another named entity, a difference (case matters). */
const OVER_NAMED = /^\s*(?:[\p{L}/%.-]+\s+){0,2}?(?:[Oo]ver|[Uu]nder)\s+(?:the\s+)?\p{Lu}/u;

/**
 * The figure's other reading, as its result, or null when the slot reading stands.
 * - "in week 41", "during sprint 12": the number names the period the claim is about, a qualifier that picks
 *   the record, not a value the claim asserts: it agrees where the evidence writes it, and is never corrected.
 * - "14 bushels above the county average": a difference from what the figure is compared with.
 * - "10 empty beds" against `beds_total: 24` and `beds_occupied: 14`: the difference of two values of the
 *   element, which the claim may have computed; the slot's value does not settle it.
 * - A count of the elements that meet a condition, or of those a word of the claim picks (a field's value in
 *   some but not all elements of the list), against the list's length or a total.
 */
export function otherReading(figure: ClaimFigure, result: FigureResult, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (
    result.outcome !== "match" &&
    v.type === "quantity" &&
    v.q.kind === "number" &&
    v.q.unit === null &&
    PERIOD_ORDINAL.test(scope.text.slice(0, figure.span[0]))
  ) {
    const written = scope.facts.find((f) => f.value.type === "quantity" && f.value.q.kind === "number" && compare(v, f.value) === "match");
    if (written) return { figure, outcome: "match", best: written, score: 0, note: "a period's number, as the evidence writes it" };
    return { figure, outcome: "unknown", best: result.best, score: result.score, note: "a period's number, a qualifier of the claim: not checked as a value" };
  }
  const share = result.outcome === "match" && result.best ? unnamedShare(figure, result.best, scope) : null;
  if (share !== null)
    return { figure, outcome: "unknown", best: result.best, score: result.score, note: `a figure per ${share}, which the tool's record never names` };
  if (result.outcome !== "mismatch" || result.derived) return null;
  // "4 hosts" against "connect to host 10.0.4.14 port 22": the evidence number is what its label names (a port,
  // a line, a room), no value of the claim's noun.
  const label = result.best ? labelOf(result.best) : null;
  if (label !== null && !(v.type === "quantity" && v.q.unit !== null && stemOf(v.q.unit.toLowerCase()) === stemOf(label)))
    return { figure, outcome: "unknown", best: result.best, score: 0, note: `the evidence number is a ${label} number, no value of the claim's figure` };
  // "a net gain of 525" against `followers_gained: 640`: a net figure (what is left once the opposite is taken
  // off) of a field that states the gross.
  if (NET_BEFORE.test(scope.text.slice(Math.max(0, figure.span[0] - 40), figure.span[0])) && result.best && !fieldStemsOf(result.best).has("net"))
    return { figure, outcome: "unknown", best: result.best, score: 0, note: "a net figure, which the field does not state" };
  // "with 17 skipped in total": a sum over the list's elements (see `derived/column-aggregate.ts`), which one
  // element's value does not settle, unless that value is the element's own total (`beds_total`).
  if (result.best?.rowId !== undefined && !fieldStemsOf(result.best).has("total") && TOTAL_AFTER.test(scope.text.slice(figure.span[1], figure.span[1] + 40)))
    return { figure, outcome: "unknown", best: result.best, score: 0, note: "a total, which one element's value does not settle" };
  // "14 bushels above the county average", "58 days short of the record": a difference from what the claim
  // compares the figure with, whose value is no value of the figure.
  const after = scope.text.slice(figure.span[1], figure.span[1] + 60);
  if (DIFFERENCE_AFTER.test(after) || OVER_NAMED.test(after))
    return {
      figure,
      outcome: "unknown",
      best: result.best,
      score: result.score,
      note: "a difference from what the claim compares it with: not checked as a value",
    };
  // "the Tondonia Reserva 2011 are ready", "the Platform renewal 2025 deal": a year written after a name is
  // the name's (a vintage, a model year, an edition), no value of the slot it was ranked against.
  if (v.type === "date" && v.d.granularity === "year" && nameBefore(scope.text.slice(0, figure.span[0])))
    return {
      figure,
      outcome: "unknown",
      best: result.best,
      score: result.score,
      note: "a year that is part of a name (a vintage, a model year, an edition): not checked as a value",
    };
  // "isn't in its window until 2025": what does not happen until a time starts then; an end bound does not settle it.
  if (v.type === "date" && NOT_UNTIL.test(scope.text.slice(0, figure.span[0])) && result.best && END_FIELD.test(fieldPath(result.best))) {
    const start = startBeside(figure, result.best, scope);
    if (start)
      return {
        figure,
        outcome: "match",
        best: start,
        score: result.score,
        note: "what does not happen until then starts then, as the start bound beside it states",
      };
    return { figure, outcome: "unknown", best: result.best, score: result.score, note: 'a start ("not until") against an end bound: not settled' };
  }
  // "went past the 45-minute limit": a compound modifier's figure fills the slot of the noun after it; a field
  // that names another thing (`duration_sec`) states no value of it.
  const noun = WINDOW_ADJECTIVE.test(scope.text.slice(figure.span[0], figure.span[1])) ? NOUN_AFTER.exec(scope.text.slice(figure.span[1]))?.[1] : undefined;
  if (noun !== undefined && result.best && result.best.structured) {
    const field = fieldStemsOf(result.best);
    if (![...featuresOf(noun).stems].some((w) => field.has(w)))
      return {
        figure,
        outcome: "unknown",
        best: result.best,
        score: result.score,
        note: `the figure names a ${noun}, which the field does not: not a value of it`,
      };
  }
  // "The 1-minute load average of 7.84", "its 30-day average is 412": the window a metric is taken over
  // names the metric, a qualifier; the figure after it is the value the claim asserts.
  if (WINDOW_ADJECTIVE.test(scope.text.slice(figure.span[0], figure.span[1])) && VALUE_AFTER.test(scope.text.slice(figure.span[1])))
    return {
      figure,
      outcome: "unknown",
      best: result.best,
      score: result.score,
      note: "the window a metric is taken over, a qualifier: not a value the claim asserts",
    };
  // "$4.95 a loaf, less than the $5.25 Corner Grind pays": the names after a comparison are the other side's;
  // a figure before it belongs to an entity the claim does not name here.
  const comparison = COMPARISON.exec(scope.text.slice(figure.span[1]));
  if (comparison) {
    const at = figure.span[1] + comparison.index;
    const names = scope.figures.filter((f) => f.value.type === "name");
    if (names.length > 0 && names.every((f) => f.span[0] >= at))
      return {
        figure,
        outcome: "unknown",
        best: result.best,
        score: result.score,
        note: "a figure before a comparison whose names are the other side's: its entity is not named",
      };
  }
  // "would bring her to 12 credits if she gets in": a figure of what would be, not of what the tool states.
  if (HYPOTHETICAL.test(scope.text.slice(0, figure.span[0])))
    return { figure, outcome: "unknown", best: result.best, score: result.score, note: "a figure of a hypothetical: not a value the tool states" };
  // "About 1 in 10 ratings", "one out of every 4 runs": a rate written as two counts, neither a field's value.
  // Counts only: "1,198 GB in 39 minutes" is an amount and a time, no rate of two counts.
  const count = v.type === "quantity" && v.q.kind === "number" && v.q.dimension === null;
  if (
    count &&
    (RATE_PHRASE.test(scope.text.slice(Math.max(0, figure.span[0] - 24), figure.span[0])) ||
      RATE_START.test(scope.text.slice(figure.span[1], figure.span[1] + 24)))
  )
    return { figure, outcome: "unknown", best: result.best, score: result.score, note: "a rate written as two counts (N in M): not a value the tool states" };
  // "six items" against 3 line items whose quantities add up to 6: the count may be of units, not lines.
  const units = result.best?.value.type === "quantity" && result.best.value.q.count ? unitsOfList(result.best, scope) : null;
  if (units !== null)
    return {
      figure,
      outcome: "unknown",
      best: result.best,
      score: result.score,
      note: `the list's elements hold ${units} units in all: which count the claim gives is not known`,
    };
  const pair = result.best ? derivablePair(figure, result.best, scope) : null;
  if (pair?.named)
    return {
      figure,
      outcome: "match",
      best: result.best,
      score: result.score,
      note: `equals ${pair.pair}, the two fields the claim names together`,
      anchored: true,
    };
  if (pair) return { figure, outcome: "unknown", best: result.best, score: result.score, note: `equals ${pair.pair} in the same element: may be derived` };
  // Only a count read against the whole list (its length, a total beside it): an element's own field is that
  // element's value, whatever other elements hold.
  const qualifier = result.best && result.best.rowId === undefined ? countQualifier(figure, scope, result.best.chunk.evidenceId) : null;
  if (qualifier !== null)
    return {
      figure,
      outcome: "unknown",
      best: result.best,
      score: result.score,
      note: `a count of the elements the claim's word picks (${qualifier}): the list's values do not settle it`,
    };
  const condition = countCondition(figure, scope);
  if (condition === null) return null;
  return {
    figure,
    outcome: "unknown",
    best: result.best,
    score: result.score,
    note: `a count of the elements that are ${condition}: the list's values do not settle it`,
  };
}
