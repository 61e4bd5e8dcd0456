/**
 * The difference of two figures the sentence gives ("from 12.8 °C to 17.2 °C, a spread of about 4.4
 * degrees", "between 30 and 45 ms, a gap of 15 ms"): |a - b|, announced by "spread", "difference", "gap",
 * "range" or "apart", or a final score's margin ("117–112, a 5-point win"). It contradicts only when the sentence holds exactly two such figures; the correction
 * keeps the evidence's decimals (17.22 - 12.78 = 4.44).
 */
import { agreesWith, atCorners, computedFact } from "./arithmetic.js";
import { statedOperands } from "./operands.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

const SPREAD_BEFORE =
  /\b(?:spread|difference|gap|range|swing|margin)\s+(?:of\s+)?(?:about|around|roughly|approximately|some|nearly|almost|just(?:\s+(?:over|under))?)?\s*$/i;
const SPREAD_AFTER = /^\s*(?:[°º]?\s*\w+\s+)?(?:apart|difference|spread|gap)\b/i;
/** A final score's margin: "a 5-point win", "a 2-goal lead", "a 3-run loss". */
const MARGIN_AFTER = /^[-\s]?(?:points?|goals?|runs?|strokes?|shots?|games?|votes?|seats?)\s+(?:win|victory|lead|margin|loss|defeat|deficit)\b/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind === "percent") return null;
  const at = sentence.span;
  const after = sentence.text.slice(at[1]);
  if (!SPREAD_BEFORE.test(sentence.text.slice(0, at[0])) && !SPREAD_AFTER.test(after) && !MARGIN_AFTER.test(after)) return null;
  const like = (q: { kind: string }) => q.kind === figure.kind;
  const differenceOf = ([a, b]: ReturnType<typeof statedOperands>["stated"]) => [
    Math.abs(a!.exact - b!.exact),
    ...atCorners([a!.q, b!.q], ([x, y]) => Math.abs(x! - y!)),
  ];
  // A match may read its operands from any value the claim reads (the runner-up's score beside the winner's,
  // "just ahead of Byte Harvest at 8.11 — a margin of 0.065"); a difference only from its subject's.
  if (input.readable) {
    const wide = statedOperands({ ...input, values: input.readable() }, like);
    if (wide.stated.length >= 2 && agreesWith(figure, differenceOf(wide.stated)) === "match")
      return { outcome: "match", fact: wide.stated[0]!.fact, note: `equals the difference of ${wide.stated[0]!.q.text} and ${wide.stated[1]!.q.text}` };
  }
  const { stated, all } = statedOperands(input, like);
  if (stated.length < 2) return null;
  const [a, b] = stated;
  const values = differenceOf(stated);
  const note = `equals the difference of ${a!.q.text} and ${b!.q.text}`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact: a!.fact, note };
  if (all.length !== 2 || stated.length !== 2) return null;
  const decimals = figure.kind === "measure" ? undefined : Math.max(a!.decimals, b!.decimals);
  const computed = computedFact(figure, values[0]!, a!.fact, decimals);
  return computed
    ? { outcome: "mismatch", fact: computed, note: `the difference of ${a!.q.text} and ${b!.q.text} is ${(computed.value as { q: { text: string } }).q.text}` }
    : null;
}

export const spread: DerivedShape = { name: "spread", check };
