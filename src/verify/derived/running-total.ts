/**
 * A running total the sentence computes from its own figures: "$34.75 for the food, the $5.99 fee and a $7 tip,
 * so your total is $47.74" (the sum of the amounts before it), "an estimate of $620, of which $150 is paid,
 * leaving $470" (the first amount less the others). Announced by a total word ("total", "in all", "comes to")
 * or a remainder word ("leaving", "left", "outstanding") right before or after the figure, over at least two
 * earlier figures of the figure's family, each stated by the evidence.
 *
 * It only supports: an answer's "total" may add a figure the sentence leaves out (tax, a fee stated elsewhere),
 * so a total that differs from the sentence's sum is left to the slot reading.
 */
import { agreesWith, atCorners } from "./arithmetic.js";
import { before, type Operand, statedOperands } from "./operands.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** Words right before the figure that say it adds up what the sentence listed. */
const SUM_BEFORE =
  /\b(?:total(?:ling|ing)?|totals?|combined|altogether|in all|all in|adds? up to|added up to|comes? to|came to|sums? to|brings? (?:it|that|the total) to)\s+(?:(?:is|was|of|at|comes to|came to)\s+)?(?:about|around|roughly|approximately|nearly|just (?:over|under))?\s*$/i;
/** Words right after the figure that say so ("$17.2k in total", "$47.74 all in"). */
const SUM_AFTER = /^\s*(?:in total|total|in all|all in|altogether|combined|overall)\b/i;
/** Words right before the figure that say it is what is left ("leaving $470", "so $2,713.50 is still open"). */
const REST_BEFORE =
  /\b(?:leaving|leaves|left with|remaining|remainder of|balance of|net of|still owed?|still due|outstanding balance of)\s+(?:(?:is|was|of|at)\s+)?(?:about|around|roughly|approximately)?\s*$/i;
const REST_AFTER = /^\s*(?:left|remaining|outstanding|still (?:due|owed|open|to pay)|to go|unpaid)\b/i;

/** At most this many operands are added: a longer list is a table, not a sum. */
const MAX_OPERANDS = 8;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind === "percent") return null;
  const head = sentence.text.slice(0, sentence.span[0]);
  const tail = sentence.text.slice(sentence.span[1]);
  const sum = SUM_BEFORE.test(head) || SUM_AFTER.test(tail);
  const rest = !sum && (REST_BEFORE.test(head) || REST_AFTER.test(tail));
  if (!sum && !rest) return null;
  const { stated, all } = statedOperands({ ...input, values: input.readable?.() ?? input.values }, (q) => before(q, sentence.span) && q.kind === figure.kind);
  // Every earlier figure of the family must be stated: a sum over figures the evidence does not hold is no check.
  if (stated.length < 2 || stated.length !== all.length || stated.length > MAX_OPERANDS) return null;
  const ordered: Operand[] = [...stated].sort((a, b) => a.q.span[0] - b.q.span[0]);
  const compute = (xs: number[]) => (sum ? xs.reduce((a, b) => a + b, 0) : xs[0]! - xs.slice(1).reduce((a, b) => a + b, 0));
  const values = [
    compute(ordered.map((o) => o.exact)),
    ...(ordered.length <= 4
      ? atCorners(
          ordered.map((o) => o.q),
          compute,
        )
      : []),
  ];
  if (agreesWith(figure, values) !== "match") return null;
  const terms = ordered.map((o) => o.q.text).join(sum ? " + " : " − ");
  return { outcome: "match", fact: ordered[0]!.fact, note: `equals ${terms}, as the sentence ${sum ? "adds up" : "takes away"}` };
}

export const runningTotal: DerivedShape = { name: "running total", check };
