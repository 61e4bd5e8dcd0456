/**
 * A measure whose numeral the tool writes in another unit of the same dimension: "It takes up 6.4 GB on disk"
 * where the tool printed "6.4MB", "505 GB free" beside "505M". The claim read the right number with the wrong
 * unit, a slip a wrong-unit correction undoes ("6.4 MB").
 */
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { digitsOf, surface } from "./corrections.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { compare } from "./figure-compare.js";

/** Significant digits a numeral needs before its recurrence in another unit is no coincidence. */
const MIN_DIGITS = 2;

/**
 * The evidence measure that writes the claim's numeral in another unit of its dimension, as a mismatch.
 * @param values the evidence values the claim may read (its own records and elements).
 * @returns null unless exactly one value (or several equal ones) writes the numeral so, and the figure is a
 *   measure written with at least two significant digits ("6.4", "505"; not "1" or "2").
 */
export function unitSlip(figure: ClaimFigure, values: readonly EvidenceFact[]): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "measure" || v.q.word || v.q.dimension === null) return null;
  const digits = digitsOf(v.q.text);
  if (digits.replace(/^[0.]+|\D/g, "").length < MIN_DIGITS) return null;
  const hits = values.filter(
    (f) =>
      f.value.type === "quantity" &&
      f.value.q.kind === "measure" &&
      f.value.q.dimension === v.q.dimension &&
      digitsOf(f.value.q.text) === digits &&
      compare(v, f.value) === "mismatch",
  );
  if (hits.length === 0 || new Set(hits.map((f) => (f.value.type === "quantity" ? f.value.q.value : NaN))).size !== 1) return null;
  return { figure, outcome: "mismatch", best: hits[0]!, score: 3, note: `the tool writes ${surface(hits[0]!)}: the claim's numeral in another unit` };
}
