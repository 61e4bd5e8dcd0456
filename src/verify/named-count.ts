/**
 * A count of the elements a name picks: "two Lyft rides" counts the transactions whose element names Lyft,
 * "3 Esso charges" the charges at Esso. The tool returned one element per ride, so the count is a fact the
 * evidence states by its rows. Only a match: a page of rows may hold fewer than the account has, so a
 * different count settles nothing.
 */
import { nameOccursIn } from "../quantity/names.js";
import type { NameMention } from "../quantity/types.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { surface } from "./corrections.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { recordElementFacts } from "./slot-reading.js";

/** Largest count read this way: beyond it, an answer counts by a total field, not by its rows. */
const MAX_COUNT = 50;

/** A whole count from 1 to {@link MAX_COUNT} written right before a name ("two Lyft rides"), and that name. */
function countBeforeName(figure: ClaimFigure, scope: ClaimScope): { count: number; name: ClaimFigure } | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || v.q.approx || !Number.isInteger(v.q.value) || v.q.value < 1 || v.q.value > MAX_COUNT) return null;
  const name = scope.figures.find((f) => f.value.type === "name" && f.span[0] >= figure.span[1] && scope.text.slice(figure.span[1], f.span[0]).trim() === "");
  return name ? { count: v.q.value, name } : null;
}

/**
 * Whether a whole number right before a name ("two Lyft rides") equals the number of elements of one array
 * whose text names it.
 * @returns a match on one of those elements, or null.
 */
export function namedElementCount(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const counted = countBeforeName(figure, scope);
  if (!counted) return null;
  const { count, name } = counted;
  const n = (name.value as { n: NameMention }).n;
  // Per array (its elements' paths with the indexes left out), the elements that name it.
  const naming = new Map<string, Map<string, EvidenceFact>>();
  for (const f of recordElementFacts(scope)) {
    if (f.row === undefined || f.rowId === undefined) continue;
    const array = f.rowId.replace(/\[\d+\]/g, "[]");
    let rows = naming.get(array);
    if (!rows) naming.set(array, (rows = new Map()));
    if (!rows.has(f.rowId) && nameOccursIn(n, f.row)) rows.set(f.rowId, f);
  }
  for (const rows of naming.values()) {
    if (rows.size !== count) continue;
    const first = rows.values().next().value!;
    return {
      figure,
      outcome: "match",
      best: first,
      score: 2,
      note: `counts the ${rows.size} elements of the tool's output that name ${n.text}`,
      anchored: true,
      derived: true,
    };
  }
  return null;
}

/** A partitive before a count with no noun of its own: "the cheapest of the four", "among the 3", "out of all 12". */
const PARTITIVE_BEFORE = /\b(?:of|among|out of)\s+(?:the|all|these|those|your|all the)\s+$/i;

/** Whether a figure is the count of a partitive ("of the four"): the group a claim ranks or divides. */
export function partitiveAt(text: string, figure: ClaimFigure): boolean {
  return PARTITIVE_BEFORE.test(text.slice(Math.max(0, figure.span[0] - 20), figure.span[0]));
}

/** Whether a number opens a name right after it ("7 Heron Way", "1774 Kapow Drive"): a house number, part of the name. */
export function opensName(figure: ClaimFigure, figures: readonly ClaimFigure[]): boolean {
  return (
    figure.value.type === "quantity" && figure.value.q.kind === "number" && figures.some((g) => g.value.type === "name" && g.span[0] - figure.span[1] === 1)
  );
}

/**
 * A count that stands for the elements the tool returned, in a partitive with no noun ("The cheapest of the
 * four is 3121 5th Street"): it matches one array of the claim's records of that many elements, where one
 * holds the claim's names (every array of the records read, without names). Only a match: a differing count
 * settles nothing (a page of rows may be part of the list the claim counts).
 */
export function partitiveCount(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || v.q.approx || !Number.isInteger(v.q.value) || v.q.value < 2 || v.q.value > MAX_COUNT) return null;
  if (!partitiveAt(scope.text, figure)) return null;
  // No noun of its own after it: "of the four is", "of the 3,".
  const after = scope.text.slice(figure.span[1]);
  if (/^\s*(?:\p{Ll}[\p{L}-]*)/u.test(after) && !/^\s*(?:is|are|was|were|has|had|costs?|comes?|came|at|in|on|by|with)\b/i.test(after)) return null;
  // The group a claim ranks or divides is no fact it states: another figure must carry it ("of the four is
  // X at $280,000", "authored two of the three"); alone, it would pass "the cheapest per square foot of the three".
  // Nor a number that opens a name ("7 Heron Way").
  if (!scope.figures.some((f) => f !== figure && f.value.type !== "name" && !opensName(f, scope.figures))) return null;
  const names = scope.figures.flatMap((f) => (f.value.type === "name" ? [f.value.n] : []));
  const rows = new Map<string, { ids: Set<string>; named: boolean; first: EvidenceFact }>();
  for (const f of recordElementFacts(scope)) {
    if (f.row === undefined || f.rowId === undefined) continue;
    const array = f.rowId.replace(/\[\d+\]$/, "[]");
    const entry = rows.get(array) ?? { ids: new Set<string>(), named: false, first: f };
    entry.ids.add(f.rowId);
    entry.named ||= names.some((n) => nameOccursIn(n, f.row!));
    rows.set(array, entry);
  }
  for (const { ids, named, first } of rows.values()) {
    if (ids.size !== v.q.value || (names.length > 0 && !named)) continue;
    return { figure, outcome: "match", best: first, score: 2, note: `counts the ${ids.size} elements the tool returned`, anchored: true, derived: true };
  }
  return null;
}

/** A key that counts the units of a line item: `quantity`, `qty`, `units`, `count`. */
const QUANTITY_KEY = /^(?:quantiti|qty|quantity|unit|count)$/;

/**
 * A count of units right before a name ("three Speckled Sage mugs") against the quantity field of the one
 * element that names it (an order line: `title: ... Speckled Sage`, `quantity: 2`): the element counts what the
 * claim counts, so its quantity agrees or is the correction.
 * @returns null unless exactly one element of the claim's records names the name and holds a quantity field.
 */
export function elementQuantity(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const counted = countBeforeName(figure, scope);
  if (!counted) return null;
  const { count, name } = counted;
  const n = (name.value as { n: NameMention }).n;
  // Within the outer element that holds the claim's other names ("Priya Raman": her receipt, not another
  // buyer's).
  const others = scope.figures.flatMap((f) => (f.value.type === "name" && f !== name ? [f.value.n] : []));
  const outerHolds = (f: EvidenceFact): boolean => {
    const path = f.rowId!.slice(f.rowId!.indexOf(":") + 1);
    const outer = path.slice(0, path.indexOf("]") + 1);
    const text = scope.context.ledger.get(f.chunk.evidenceId)?.text ?? "";
    const lines = text
      .split("\n")
      .filter((l) => l.startsWith(outer))
      .join("\n");
    return others.every((o) => nameOccursIn(o, lines));
  };
  const quantities = new Map<string, EvidenceFact>();
  for (const f of recordElementFacts(scope)) {
    if (f.row === undefined || f.rowId === undefined || f.value.type !== "quantity" || f.value.q.kind !== "number") continue;
    if (![...f.key].some((k) => QUANTITY_KEY.test(k)) || !nameOccursIn(n, f.row) || !outerHolds(f)) continue;
    if (!quantities.has(f.rowId)) quantities.set(f.rowId, f);
  }
  if (quantities.size !== 1) return null;
  const fact = [...quantities.values()][0]!;
  const agrees = (fact.value as { q: { value: number } }).q.value === count;
  return agrees
    ? { figure, outcome: "match", best: fact, score: 3, note: `the quantity of the element that names ${n.text}`, anchored: true }
    : { figure, outcome: "mismatch", best: fact, score: 3, note: `the element that names ${n.text} states ${surface(fact)} for its quantity` };
}
