/**
 * A filtered count: "Only one track is explicit", "2 of the pods are Running", "3 orders were refunded"
 * count the elements that meet a condition (a boolean field, a status), not the list. A total or an array's
 * length is then no value of the figure: it differs without contradicting it. Tier 0 leaves such a count
 * to the count plugins (or the next tier); it never corrects it to the total.
 */
import { flagName, statusClass } from "./categorical-fields.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope } from "./claim-scope.js";
import { featuresOf } from "./lexical-features.js";

/** A boolean line of a flattened record: `items[2].explicit: true`. */
const BOOLEAN_LINE = /^([^\n:]+): (?:true|false)$/gm;

/** The clause after a figure: up to a clause break. */
const CLAUSE_END = /[,;:.!?()\u2013\u2014]|\s(?:and|but|while|whereas|so)\s/;

/**
 * The condition word of a count figure's clause ("explicit", "Running"), or null when the figure counts
 * no noun or its clause states no condition the evidence types as a boolean field or a status.
 */
export function countCondition(figure: ClaimFigure, scope: ClaimScope): string | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || v.q.unit === null || !Number.isInteger(v.q.value)) return null;
  const rest = scope.text.slice(figure.span[1]);
  const end = CLAUSE_END.exec(rest);
  // A name in quotes right after the noun ("one track, 'North of Nowhere', is explicit") is an aside: the
  // condition comes after it.
  const clause = rest.slice(0, end ? end.index : rest.length);
  const aside = /^[^,]*,\s*["'\u201c\u2018][^"'\u201d\u2019]+["'\u201d\u2019],\s*([^,;.!?]*)/.exec(rest);
  // The condition is predicated: after a form of "be" ("are Running", "is explicit", "were refunded"); the
  // words of the counted noun phrase ("3 late payments") are no condition.
  const predicate = /\b(?:is|are|was|were|been|be)\s+(?:not\s+|still\s+|now\s+|already\s+)*(.*)$/i.exec(`${clause} ${aside?.[1] ?? ""}`);
  if (!predicate) return null;
  const words = predicate[1]!.split(/[^\p{L}-]+/u).filter((w) => w.length > 2);
  for (const w of words) if (statusClass(w) !== null) return w;
  const stems = featuresOf(words.join(" ")).stems;
  const records = new Set(scope.facts.map((f) => f.chunk));
  for (const chunk of records) {
    for (const m of chunk.text.matchAll(BOOLEAN_LINE)) {
      const name = flagName(m[1]!);
      if (name.size > 0 && [...name].every((s) => stems.has(s))) return [...name].join(" ");
    }
  }
  return null;
}
