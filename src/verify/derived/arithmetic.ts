/**
 * Shared steps of the derived-values shapes: comparing a figure with a computed value, writing the computed
 * value as a correction in the figure's style, and finding the evidence value that states an operand.
 */
import { extractQuantities } from "../../quantity/quantity-extract.js";
import { formatLike, matchQuantity } from "../../quantity/quantity-match.js";
import type { Quantity } from "../../quantity/types.js";
import type { EvidenceFact } from "../evidence-facts.js";
import { fieldStemsOf, moneyField, recordsWithDecimalAmounts } from "../typed-slot.js";

/** The figure's own kind and unit holding `value` exactly (no rounding interval, no hedge). */
export function exactly(like: Quantity, value: number): Quantity {
  return { ...like, text: String(value), value, alternatives: [], precision: 0, approx: false, bound: "eq", word: false };
}

/**
 * Whether the figure agrees with a computed value. `values` are the computation at its operands as written
 * and at the ends of their rounding intervals: a figure that agrees with any of them agrees.
 */
export function agreesWith(figure: Quantity, values: readonly number[]): "match" | "mismatch" {
  for (const v of values) if (Number.isFinite(v) && matchQuantity(figure, exactly(figure, v)) === "match") return "match";
  return "mismatch";
}

/** `f` at the operands as written and at the corners of their rounding intervals. */
export function atCorners(operands: readonly Quantity[], f: (xs: number[]) => number): number[] {
  const out = [f(operands.map((q) => q.value))];
  const n = operands.length;
  for (let mask = 0; mask < 1 << n; mask++) out.push(f(operands.map((q, i) => q.value + (mask & (1 << i) ? q.precision : -q.precision))));
  return out;
}

/**
 * The evidence value that states an operand written in the claim, or undefined.
 * @param words stems of the claim's sentence: a whole amount ("a $7 tip") is stated by minor units only under
 *   a field they name (`tip: 700`).
 */
export function stating(operand: Quantity, values: readonly EvidenceFact[], words?: ReadonlySet<string>): EvidenceFact | undefined {
  // Of the operand's own kind (a bare 12.8 is not stated by a measure in other units), the nearest value.
  let best: EvidenceFact | undefined;
  for (const raw of values) {
    const f = asMoney(operand, raw);
    if (f.value.type !== "quantity" || f.value.q.kind !== operand.kind || matchQuantity(operand, f.value.q) !== "match") continue;
    if (!best || Math.abs(f.value.q.value - operand.value) < Math.abs((best.value as { q: Quantity }).q.value - operand.value)) best = f;
  }
  return best ?? inMinorUnits(operand, values, words);
}

/**
 * A bare number under a money field (`Amount: "217.77"` beside `Unit: USD`) read as the amount an operand in
 * money is; any other value as it is.
 */
function asMoney(operand: Quantity, f: EvidenceFact): EvidenceFact {
  if (operand.kind !== "money" || f.value.type !== "quantity" || f.value.q.kind !== "number" || !f.structured || !moneyField(fieldStemsOf(f))) return f;
  return { ...f, value: { type: "quantity", q: { ...f.value.q, kind: "money", currency: operand.currency, unit: operand.unit } } };
}

/**
 * An amount written with cents ("$1,400.00") that a tool states in minor units under a money field
 * (`amount: 140000`), as an evidence value in major units, so that computations with it keep their scale. A
 * whole amount ("a $7 tip") only under a field the sentence's words name (`tip: 700`), in a record that writes
 * no amount with decimals (one that does is in major units).
 */
function inMinorUnits(operand: Quantity, values: readonly EvidenceFact[], words?: ReadonlySet<string>): EvidenceFact | undefined {
  if (operand.kind !== "money" || operand.value === 0) return undefined;
  const cents2 = /\d[.,]\d{2}(?!\d)/.test(operand.text);
  const whole = !cents2 && !operand.approx && Number.isInteger(operand.value) && words !== undefined;
  if (!cents2 && !whole) return undefined;
  const cents = Math.round(Math.abs(operand.value) * 100);
  let decimal: Set<string> | null = null;
  const decimalRecords = (): Set<string> => (decimal ??= recordsWithDecimalAmounts(values));
  for (const f of values) {
    if (!f.structured || f.value.type !== "quantity" || f.value.q.kind !== "money" || !/^-?\d+$/.test(f.value.q.text)) continue;
    const q = f.value.q;
    if (Math.abs(q.value) !== cents || (operand.currency !== null && q.currency !== null && operand.currency !== q.currency) || !moneyField(fieldStemsOf(f)))
      continue;
    if (whole && (![...fieldStemsOf(f)].some((w) => words!.has(w)) || decimalRecords().has(f.chunk.evidenceId))) continue;
    return { ...f, value: { type: "quantity", q: { ...q, value: q.value / 100, text: (q.value / 100).toFixed(2) } } };
  }
  return undefined;
}

/**
 * A computed value as an evidence value of the figure's kind: its text is the value written like the figure
 * ("about 6.4 degrees" by 4.44 reads "4.4 degrees"), and it must read back as that value within 1% (else
 * null: no correction that misstates it). The quote is the operand's.
 */
export function computedFact(figure: Quantity, value: number, from: EvidenceFact, decimals?: number): EvidenceFact | null {
  if (!Number.isFinite(value)) return null;
  // A sum or difference of evidence values is written with their decimals, not rounded to the claim's:
  // "about 6.4 degrees" against 17.22 and 12.78 reads "4.44 degrees" (see `honest` in corrections.ts).
  const text = decimals === undefined ? formatLike(value, { ...figure, approx: false }) : figure.text.replace(/\d[\d,]*(?:\.\d+)?/, value.toFixed(decimals));
  const back = extractQuantities(text)[0];
  if (!back || Math.abs(back.value - value) > Math.abs(value) * 0.01 + 1e-9) return null;
  const q: Quantity = {
    ...back,
    kind: figure.kind,
    unit: figure.unit,
    currency: figure.currency,
    dimension: figure.dimension,
    text,
    value,
    precision: back.precision,
    approx: false,
    bound: "eq",
    word: false,
    alternatives: [],
  };
  return { ...from, value: { type: "quantity", q } };
}
