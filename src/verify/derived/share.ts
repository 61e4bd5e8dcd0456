/**
 * A share of a whole ("$225.00 in fees, about 16%" of a $1,400.00 charge; "4,459.5 of 5,000 left, about
 * 11% used"): part / whole, or its complement when the part is what is left and the percentage what is
 * used (or the reverse). Read only when the sentence does not say it changes (see `percent-change.ts`), and
 * only from the two operands before the percentage, or the explicit "A of B" right after it ("71% full (664
 * of 930 spaces)", which only supports). It contradicts only an explicit "A of B" before it.
 */
import { agreesWith, atCorners, computedFact } from "./arithmetic.js";
import { DECREASE, INCREASE } from "./percent-change.js";
import { before, statedOperands } from "./operands.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** "A of B" right after the percentage, in parentheses or not: " full (664 of 930 spaces", " used, 6,140 of 8,191 MB". */
const AFTER_OF = /^\s*(?:\p{L}+\s+){0,3}[(,—–-]?\s*[$€£]?\d[\d,.]*\s*(?:\p{L}+\s+)?(?:of|out of|\/)\s*[$€£]?\d[\d,.]*(?:\s*[\p{L}%]+)?/u;
const LEFT = /^\s*(?:\w+\s+)?(?:left|remaining|remain|unused|free|available|spare)\b/i;
const USED = /^\s*(?:used|spent|consumed|gone|taken|full|in use)\b/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind !== "percent" || INCREASE.test(sentence.text) || DECREASE.test(sentence.text)) return null;
  let { stated, all } = statedOperands(input, (q) => before(q, sentence.span));
  // "about 71% full (664 of 930 spaces)", "75% used (6,140 of 8,191 MB)": the explicit "A of B" right after.
  if (stated.length < 2) {
    const after = AFTER_OF.exec(sentence.text.slice(sentence.span[1]));
    if (!after) return null;
    const from = sentence.span[1];
    const to = from + after[0].length;
    // Only supports: its operands may be any value the claim reads, not only its subject's.
    const readable = input.readable ? { ...input, values: input.readable() } : input;
    ({ stated, all } = statedOperands(readable, (q) => q.span[0] >= from && q.span[1] <= to));
    if (stated.length !== 2 || all.length !== 2) return null;
    const [x, y] = stated;
    const [part, whole] = x!.q.span[0] < y!.q.span[0] ? [x!, y!] : [y!, x!];
    if (whole.exact === 0) return null;
    const share = ([p, w]: number[]) => (p! / w!) * 100;
    const values = [share([part.exact, whole.exact]), ...atCorners([part.q, whole.q], share)];
    return agreesWith(figure, values) === "match"
      ? { outcome: "match", fact: part.fact, note: `equals ${part.q.text} of ${whole.q.text}, as a percentage` }
      : null;
  }
  const [x, y] = stated;
  const [part, whole] = x!.exact <= y!.exact ? [x!, y!] : [y!, x!];
  if (whole.exact === 0) return null;
  const first = x!.q.span[0] < y!.q.span[0] ? x! : y!;
  const second = first === x ? y! : x!;
  const explicitOf = /^\s*of\s*$/i.test(sentence.text.slice(first.q.span[1], second.q.span[0]));
  const partLeft = LEFT.test(sentence.text.slice(Math.max(part.q.span[1], second.q.span[1])));
  const percentUsed = USED.test(sentence.text.slice(sentence.span[1]));
  const complement = partLeft && percentUsed;
  const share = ([p, w]: number[]) => (complement ? 1 - p! / w! : p! / w!) * 100;
  const values = [share([part.exact, whole.exact]), ...atCorners([part.q, whole.q], share)];
  const note = `equals ${complement ? "what is not " : ""}${part.q.text} of ${whole.q.text}, as a percentage`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact: part.fact, note };
  if (!explicitOf || all.length !== 2 || stated.length !== 2) return null;
  const computed = computedFact(figure, values[0]!, part.fact);
  return computed
    ? { outcome: "mismatch", fact: computed, note: `${note.replace("equals ", "")} is ${(computed.value as { q: { text: string } }).q.text}` }
    : null;
}

export const share: DerivedShape = { name: "share", check };
