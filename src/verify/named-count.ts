/**
 * A count of the elements a name picks: "two Lyft rides" counts the transactions whose element names Lyft,
 * "3 Esso charges" the charges at Esso. The tool returned one element per ride, so the count is a fact the
 * evidence states by its rows. Only a match: a page of rows may hold fewer than the account has, so a
 * different count settles nothing.
 */
import { nameOccursIn } from "../quantity/names.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { recordElementFacts } from "./slot-reading.js";

/** Largest count read this way: beyond it, an answer counts by a total field, not by its rows. */
const MAX_COUNT = 50;

/**
 * Whether a whole number right before a name ("two Lyft rides") equals the number of elements of one array
 * whose text names it.
 * @returns a match on one of those elements, or null.
 */
export function namedElementCount(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || v.q.approx || !Number.isInteger(v.q.value) || v.q.value < 1 || v.q.value > MAX_COUNT) return null;
  const name = scope.figures.find((f) => f.value.type === "name" && f.span[0] >= figure.span[1] && scope.text.slice(figure.span[1], f.span[0]).trim() === "");
  if (!name || name.value.type !== "name") return null;
  const n = name.value.n;
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
    if (rows.size !== v.q.value) continue;
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
