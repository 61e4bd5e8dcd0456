/**
 * A percent change between two figures of the claim's sentence ("grew from $56.03 to $90.68, up about 62%",
 * "fell 40% from 50 to 30 ms"): |new - old| / old. The sentence must say it changes (up, rose, drop...),
 * and an increase must go up. The old value is the one after "from", "on", "over", "than" or "versus", else
 * the earlier one.
 */
import { agreesWith, atCorners, computedFact } from "./arithmetic.js";
import { statedOperands } from "./operands.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

export const INCREASE = /\b(?:up|rose|risen|rises?|grew|grown|grows?|increased?|increases|jump(?:ed|s)?|gain(?:ed|s)?|climb(?:ed|s)?|surged?|higher|more)\b/i;
export const DECREASE =
  /\b(?:down|fell|fallen|falls?|drop(?:ped|s)?|decreased?|decreases|declin(?:e|ed|es)|cut|lower|less|shr[iu]nk|plunged?|slump(?:ed|s)?)\b/i;
const BASE_BEFORE = /\b(?:from|on|over|than|versus|vs\.?|compared (?:with|to))\s+(?:[\w']+\s+){0,3}$/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind !== "percent") return null;
  const up = INCREASE.test(sentence.text);
  const down = DECREASE.test(sentence.text);
  if (up === down) return null;
  const { stated, all } = statedOperands(input, () => true);
  if (stated.length < 2) return null;
  const pair = stated.slice(0, 2).sort((a, b) => a.q.span[0] - b.q.span[0]);
  const baseFirst = !BASE_BEFORE.test(sentence.text.slice(0, pair[1]!.q.span[0])) || BASE_BEFORE.test(sentence.text.slice(0, pair[0]!.q.span[0]));
  const [old, now] = baseFirst ? [pair[0]!, pair[1]!] : [pair[1]!, pair[0]!];
  if (old.exact === 0 || (up ? now.exact < old.exact : now.exact > old.exact)) return null;
  const change = ([a, b]: number[]) => (Math.abs(b! - a!) / Math.abs(a!)) * 100;
  const values = [change([old.exact, now.exact]), ...atCorners([old.q, now.q], change)];
  const note = `equals the change from ${old.q.text} to ${now.q.text}, as a percentage`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact: now.fact, note };
  // A contradiction needs the only two operands of the sentence.
  if (all.length !== 2 || stated.length !== 2) return null;
  const computed = computedFact(figure, values[0]!, now.fact);
  return computed
    ? { outcome: "mismatch", fact: computed, note: `the change from ${old.q.text} to ${now.q.text} is ${(computed.value as { q: { text: string } }).q.text}` }
    : null;
}

export const percentChange: DerivedShape = { name: "percent change", check };
