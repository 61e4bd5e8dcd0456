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
import { STOP_WORDS } from "../text/stop-words.js";

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

/** A one-word value of a field inside an array element: `artifacts[1].workflow_run.head_branch: main`. */
const ELEMENT_WORD_LINE = /^([^\n:]*\[\d+\][^\n:]*): ([\p{L}][\p{L}\d._/-]*)$/gmu;
/** Most lines of a record read for a qualifier: a larger record is left as it is. */
const MAX_QUALIFIER_LINES = 5_000;

/**
 * A word of the claim that is a field's value in some but not all elements of one array of the record the
 * count was read from ("The latest run on main produced two artifacts" when 2 of 3 artifacts have
 * `head_branch: main`): the claim counts the elements that word picks, so the list's length or total is no
 * value of the figure. Returns "<field>: <word>", or null.
 */
export function countQualifier(figure: ClaimFigure, scope: ClaimScope, evidenceId: string): string | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || !Number.isInteger(v.q.value)) return null;
  const text = scope.context.ledger.get(evidenceId)?.text;
  if (text === undefined) return null;
  const words = new Set(
    (scope.text.slice(0, figure.span[0]) + " " + scope.text.slice(figure.span[1]))
      .toLowerCase()
      .split(/[^\p{L}\d._/-]+/u)
      .map((w) => w.replace(/[._/-]+$/, ""))
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w)),
  );
  if (words.size === 0) return null;
  // Per field (its path without indexes): the elements that hold the field, and those whose value is a claim word.
  const fields = new Map<string, { all: Set<string>; picked: Set<string>; word: string }>();
  let lines = 0;
  for (const m of text.matchAll(ELEMENT_WORD_LINE)) {
    if (++lines > MAX_QUALIFIER_LINES) return null;
    const path = m[1]!;
    const element = /^(.*\[\d+\])/.exec(path)![1]!;
    const field = path.replace(/\[\d+\]/g, "[]");
    const entry = fields.get(field) ?? { all: new Set<string>(), picked: new Set<string>(), word: "" };
    entry.all.add(element);
    const value = m[2]!.toLowerCase();
    if (words.has(value)) {
      entry.picked.add(element);
      entry.word = value;
    }
    fields.set(field, entry);
  }
  for (const [field, { all, picked, word }] of fields) if (picked.size > 0 && picked.size < all.size) return `${field}: ${word}`;
  return null;
}
