/**
 * The derived-values shapes of tier 0, in the order they are tried (the first that applies decides):
 *
 * 1. unit conversion: a figure beside its conversion ("14.9 °C (about 59 °F)");
 * 2. schedule offset: early/late against a scheduled and an actual timestamp of one element;
 * 3. percent change between two figures of the sentence ("from $56.03 to $90.68, up about 62%");
 * 4. share of a whole ("$225.00 in fees, about 16%");
 * 5. per person ("$58 for 2 ... $29 a head");
 * 6. spread: the difference of two figures ("a spread of about 4.4 degrees");
 * 7. ratio: "N times" another figure;
 * 8. column aggregate: the total or mean of one field over a list ("69.2 kWh" over seven daily values); an
 *    announced total of every row ("218 followers in total") that the column does not give contradicts;
 * 9. column share: the rows a claim's word picks over the column's total ("EC2 was about 57% of the bill");
 * 10. running total: the sum of the sentence's earlier figures, or the first less the others ("leaving $470").
 *
 * The fill level (`fill-level.ts`: a level over the capacity beside it, "toner at 5%") is a shape of the same
 * seam that only supports; the value check runs it before reading a typed slot, since the slot cannot hold a ratio.
 *
 * Each applies only when the claim's words announce its computation and its operands are values the evidence
 * states; each contradicts only when its operands are unambiguous (the running total never does). After them, `derived-values.ts` tries its
 * sums, differences and date spans over the claim's subjects, which only support.
 */
import { columnAggregate } from "./column-aggregate.js";
import { columnShare } from "./column-share.js";
import { percentChange } from "./percent-change.js";
import { perUnit } from "./per-unit.js";
import { ratio } from "./ratio.js";
import { runningTotal } from "./running-total.js";
import { scheduleOffset } from "./schedule-offset.js";
import { share } from "./share.js";
import { spread } from "./spread.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";
import { unitConversion } from "./unit-conversion.js";

export type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** The shapes, in the order above. */
export const DERIVED_SHAPES: readonly DerivedShape[] = [
  unitConversion,
  scheduleOffset,
  percentChange,
  share,
  perUnit,
  spread,
  ratio,
  columnAggregate,
  columnShare,
  runningTotal,
];

/** The first shape's finding for a figure, with the shape's name in its note, or null. */
export function derivedShape(input: DerivedInput, shapes: readonly DerivedShape[] = DERIVED_SHAPES): DerivedFinding | null {
  for (const shape of shapes) {
    const found = shape.check(input);
    if (found) return { ...found, note: `${shape.name}: ${found.note}` };
  }
  return null;
}
