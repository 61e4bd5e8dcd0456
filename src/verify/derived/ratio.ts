/**
 * How many times one figure is another ("469 hours logged, over 150 times the 3-hour estimate", "2.1 times
 * the size of"): the larger of the sentence's two figures of one family over the smaller, announced by
 * "N times" or "Nx" before a comparison ("the", "as", "faster"). It contradicts only when the sentence holds exactly two such figures.
 */
import { agreesWith, atCorners, computedFact } from "./arithmetic.js";
import { statedOperands } from "./operands.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/**
 * Words after "N times" that make it a multiple of another figure ("150 times the estimate", "3x faster",
 * "twice as long"); without them "N times" counts occurrences ("has Maths five times").
 */
const MULTIPLE_WORD =
  /^\s*(?:the|as|more|less|fewer|larger|bigger|higher|lower|greater|smaller|faster|slower|longer|shorter|heavier|lighter|cheaper|what|that|this|its|their|our|his|her|your|over|above|below|last|previous|normal|usual|average)\b/i;
const TIMES_AFTER = /^\s*(?:times|x)\b/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind !== "number") return null;
  const after = sentence.text.slice(sentence.span[1]);
  const times = TIMES_AFTER.test(after) ? after.replace(TIMES_AFTER, "") : figure.unit === "times" ? after : null;
  if (times === null || !MULTIPLE_WORD.test(times)) return null;
  const { stated, all } = statedOperands(input, (q) => q.span[0] !== sentence.span[0]);
  if (stated.length < 2) return null;
  const [a, b] = stated;
  const ratio = ([x, y]: number[]) => Math.max(x!, y!) / Math.min(x!, y!);
  if (Math.min(a!.exact, b!.exact) <= 0) return null;
  const values = [ratio([a!.exact, b!.exact]), ...atCorners([a!.q, b!.q], ratio)];
  const note = `equals the ratio of ${a!.q.text} to ${b!.q.text}`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact: a!.fact, note };
  if (all.length !== 2 || stated.length !== 2) return null;
  const computed = computedFact(figure, values[0]!, a!.fact);
  return computed
    ? { outcome: "mismatch", fact: computed, note: `the ratio of ${a!.q.text} to ${b!.q.text} is ${(computed.value as { q: { text: string } }).q.text}` }
    : null;
}

export const ratio: DerivedShape = { name: "ratio", check };
