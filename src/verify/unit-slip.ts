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

/** A magnitude word or suffix in a figure's text ("$96k", "1.2M", "4 million"). */
const SCALE_WORD = /\d\s*(?:[kKmMbB]|bn|mn|thousand|million|billion|trillion)\b/;

/**
 * An amount the claim reads without the scale the tool states for it: "Cloud Storage was about $96" where the
 * table's caption says "(USD, thousands)" and the row writes 96.4 ($96,400). The claim's figure agrees with
 * the numeral as written and not with the amount it stands for: a dropped scale, which a correction to the
 * amount undoes.
 * @param values the evidence values the claim may read (its own records and elements).
 * @returns null unless exactly one amount (or several equal ones) of a scale of a thousand or more writes a
 *   numeral that the figure, itself written without a scale word, agrees with.
 */
export function scaleSlip(figure: ClaimFigure, values: readonly EvidenceFact[], claimStems: ReadonlySet<string> = new Set()): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "money" || v.q.word || SCALE_WORD.test(v.q.text)) return null;
  const hits = values.filter((f) => {
    if (f.value.type !== "quantity" || f.value.q.kind !== "money") return false;
    const written = Number(digitsOf(f.value.q.text)) * Math.sign(f.value.q.value);
    if (!Number.isFinite(written) || written === 0) return false;
    const factor = f.value.q.value / written;
    if (factor < 999) return false;
    const asWritten = { ...f.value, q: { ...f.value.q, value: written, precision: f.value.q.precision / factor, alternatives: [] } };
    return compare(v, asWritten) === "match" && compare(v, f.value) === "mismatch";
  });
  // Columns of one row (`Jan 2024`, `Feb 2024`): the one whose header the claim's words name ("in February").
  const named = hits.filter((f) => [...f.key].some((k) => k.length >= 3 && /^\p{L}+$/u.test(k) && [...claimStems].some((c) => c.startsWith(k))));
  const picked = distinct(hits) === 1 ? hits : distinct(named) === 1 ? named : [];
  if (picked.length === 0) return null;
  return {
    figure,
    outcome: "mismatch",
    best: picked[0]!,
    score: 3,
    note: `the tool states ${surface(picked[0]!)}: the claim reads its numeral without the scale`,
  };
}

/** How many distinct quantity values the facts hold. */
function distinct(facts: readonly EvidenceFact[]): number {
  return new Set(facts.map((f) => (f.value.type === "quantity" ? f.value.q.value : NaN))).size;
}
