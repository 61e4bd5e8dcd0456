/**
 * A field whose name qualifies its value as a statistic of the attribute (`summary.avg`, `station.max_power_kw`,
 * `feels_like`, `latency_p95`) states another attribute than the plain one: "PM10 is 268.4 µg/m³" is not
 * supported by `summary.avg: 268.4` when the reading is 163.0, nor "the session peaked at 118 kW" contradicted
 * by the station's `max_power_kw`. An agreement with such a field counts only when the claim says the
 * qualifier, in one of its words ("average", "mean", "up to", "peak", "feels like").
 */
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { compatible } from "./figure-compare.js";
import { stemOf } from "../text/tokenize.js";

/** A qualifier: the key stems that carry it, and the claim's words that state it. */
interface Qualifier {
  name: string;
  keys: ReadonlySet<string>;
  claim: RegExp;
}

const QUALIFIERS: readonly Qualifier[] = [
  {
    name: "a maximum",
    keys: new Set(["max", "maximum", "peak", "highest"]),
    claim:
      /\b(?:max(?:imum|imal)?|peak(?:s|ed|ing)?|highs?|highest|top(?:s|ped)?|up to|at most|no more than|as (?:high|much|many) as|reach(?:es|ed|ing)?|hit(?:s|ting)?|(?:climb(?:s|ed|ing)?|ris(?:es|ing)|rose|risen|go(?:es|ing)?|went|gone) to|most|largest|biggest|greatest|fastest|longest|ceiling|cap(?:ped)?)\b/i,
  },
  {
    name: "a minimum",
    // Not `min`: as often minutes (`duration_min`, `wait_min`) as a minimum.
    keys: new Set(["minimum", "lowest"]),
    claim:
      /\b(?:min(?:imum|imal)?|lows?|lowest|bottom(?:s|ed)? out|at least|no (?:less|fewer) than|as (?:low|little|few) as|least|smallest|fewest|shortest|floor|dip(?:s|ped)?)\b/i,
  },
  {
    name: "an average",
    keys: new Set(["avg", "averag", "mean", "median"]),
    claim: /\b(?:av(?:g|erage[sd]?|eraging)|mean|median|typical(?:ly)?|per (?:day|week|month|hour|person|user|item))\b/i,
  },
  { name: "a felt value", keys: new Set(["feel", "feelslik", "apparent"]), claim: /\b(?:feels?(?:-| )like|felt like|apparent|wind ?chill|heat index)\b/i },
  { name: "a percentile", keys: new Set(["p50", "p75", "p90", "p95", "p99", "percentil"]), claim: /\b(?:p\d{2}|percentile|median|tail)\b/i },
];

/** A range in the claim ("$49.50–$125", "between 3 and 5", "from 2 to 4") states both its bounds. */
const RANGE = /\d\s?[–—-]\s?[$€£]?\d|\bbetween\b[^,;]*\band\b|\bfrom\b[^,;]*\bto\b/i;

const qualifierOf = (fact: EvidenceFact): Qualifier | undefined => QUALIFIERS.find((q) => [...fact.key].some((s) => q.keys.has(s)));

/** Words of a qualified field's name that name no attribute: `feels_like`, `7_day_avg`. */
const FILLER = new Set(["like", "day", "week", "hour", "month", "rolling"]);

/** The stems of a structured value's own field name (the last segment of its key path). */
function fieldWords(f: EvidenceFact): Set<string> {
  const path = f.quote.text.split(": ")[0] ?? "";
  const last =
    path
      .split(/[.[\]"]+/)
      .filter((p) => p !== "" && !/^\d+$/.test(p))
      .pop() ?? "";
  return new Set(
    last
      .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== "" && !/^\d+$/.test(w))
      .map(stemOf),
  );
}

/** Two quantities that differ, of one sign and within a factor of three of each other. */
function sameOrder(a: EvidenceFact, b: EvidenceFact): boolean {
  if (a.value.type !== "quantity" || b.value.type !== "quantity") return false;
  const x = a.value.q.value;
  const y = b.value.q.value;
  if (x === y || x === 0 || y === 0 || Math.sign(x) !== Math.sign(y)) return false;
  const r = Math.abs(x / y);
  return r >= 1 / 3 && r <= 3;
}

/**
 * The qualifier a structured fact's key states and the claim does not, or null: `summary.avg: 268.4` for "PM10
 * is 268.4" gives "an average"; for "PM10 averaged 268.4" it gives null.
 *
 * Only where the field has a plain sibling: a value of the same element, compatible with the claim's figure,
 * whose key states no qualifier, that differs and is of the same order (within a factor of three, same sign):
 * `value: 163.0` beside `summary.avg: 268.4`, `temp: -17.2` beside `feels_like: -28.9`. A tool that reports
 * only averages (`beds_used_7_day_avg`) states no other value the claim could mean, and an id or a bearing
 * beside an elevation is no plain reading of it.
 *
 * @param fact an evidence value that agrees with one of the claim's figures.
 * @param claimText the claim's text.
 * @param siblings the values of the claim's scope compatible with the figure (the plain sibling is sought
 *   among them, in `fact`'s element), read only for a fact whose key states a qualifier.
 * @returns the qualifier's name ("a maximum", "an average", ...) for a trace note, or null.
 */
export function unstatedQualifier(fact: EvidenceFact, claimText: string, siblings: () => readonly EvidenceFact[]): string | null {
  if (!fact.structured || fact.key.size === 0) return null;
  const q = qualifierOf(fact);
  // A field name in the claim states its qualifier too ("within the maxUnavailable of 1").
  const words = claimText.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2").replace(/_/g, " ");
  if (!q || q.claim.test(words) || ((q.name === "a maximum" || q.name === "a minimum") && RANGE.test(words))) return null;
  // The field's own attribute besides the qualifier (`avg_rating`: rating); a sibling must name it too. A
  // field that is the qualifier alone (`summary.avg`, `feels_like`) is a statistic of its element's reading.
  const own = new Set([...fieldWords(fact)].filter((w) => !q.keys.has(w) && !FILLER.has(w)));
  const plain = siblings().some(
    (f) =>
      f !== fact &&
      f.structured &&
      f.chunk.evidenceId === fact.chunk.evidenceId &&
      f.rowId === fact.rowId &&
      qualifierOf(f) === undefined &&
      f.quote.text !== fact.quote.text &&
      sameOrder(f, fact) &&
      (own.size === 0 || [...fieldWords(f)].some((w) => own.has(w))),
  );
  return plain ? q.name : null;
}

/** The values a figure could be read from (its kind and unit), among which a qualified field's plain sibling is sought. */
export function compatibleFacts(figure: ClaimFigure, facts: readonly EvidenceFact[]): EvidenceFact[] {
  return facts.filter((f) => f.value.type === figure.value.type && compatible(figure.value, f.value));
}

/**
 * A match read from a field qualified as a statistic the claim does not state, with a plain sibling: unsettled
 * (unsupported, never contradicted, never corrected); null when the match stands.
 */
export function qualifiedAgreement(r: FigureResult, scope: ClaimScope): FigureResult | null {
  if (r.outcome !== "match" || !r.best || r.derived) return null;
  const q = unstatedQualifier(r.best, scope.text, () => compatibleFacts(r.figure, scope.facts));
  if (q === null) return null;
  const field = r.best.quote.text.split(": ")[0] ?? "";
  return { figure: r.figure, outcome: "unsettled", best: r.best, score: r.score, note: `agrees only with ${field}, ${q} the claim does not state` };
}

/** The last pass over a claim's figure results: no match stands on a qualified field (see {@link qualifiedAgreement}). */
export function withoutQualifiedAgreement(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  return results.map((r) => qualifiedAgreement(r, scope) ?? r);
}
