/**
 * An amount per person ("the Hot Pot for 2 ($58) works out to $29 a head", "$120 split between 4 people,
 * $30 each"): the sentence's nearest other amount of the figure's kind, divided by the count the sentence
 * gives people ("for 2", "serves 4", "4 people"). It contradicts only when the sentence holds one such
 * amount and one such count.
 */
import { agreesWith, atCorners, computedFact } from "./arithmetic.js";
import { statedOperands } from "./operands.js";
import { claimQuantities } from "./sentence.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

const PER_PERSON = /^\s*(?:(?:a|per|each|\/)\s*(?:head|person|guest|diner|pax)\b|each\b|apiece\b|per\s+(?:person|head)\b)/i;
const COUNT_BEFORE = /\b(?:for|serves|feeds|between|among|split\s+(?:between|among|by))\s*$/i;
const COUNT_AFTER = /^\s*(?:people|persons|guests|diners|of you)\b/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind === "percent" || !PER_PERSON.test(sentence.text.slice(sentence.span[1]))) return null;
  const counts = claimQuantities(sentence.text).filter(
    (q) =>
      q.kind === "number" &&
      Number.isInteger(q.value) &&
      q.value > 1 &&
      (COUNT_BEFORE.test(sentence.text.slice(0, q.span[0])) || COUNT_AFTER.test(sentence.text.slice(q.span[1]))),
  );
  if (counts.length !== 1) return null;
  const n = counts[0]!.value;
  const { stated, all } = statedOperands(input, (q) => q.kind === figure.kind && q !== counts[0] && q.span[0] !== counts[0]!.span[0]);
  const total = stated[0];
  if (!total) return null;
  const values = [total.exact / n, ...atCorners([total.q], ([t]) => t! / n)];
  const note = `equals ${total.q.text} for ${n}, per person`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact: total.fact, note };
  if (all.length !== 1) return null;
  const computed = computedFact(figure, values[0]!, total.fact);
  return computed
    ? { outcome: "mismatch", fact: computed, note: `${total.q.text} for ${n} is ${(computed.value as { q: { text: string } }).q.text} per person` }
    : null;
}

export const perUnit: DerivedShape = { name: "per person", check };
