/**
 * The entity a trailing dash aside describes. In "The cheapest of the three is 88 Pine Road in Riverton —
 * 2 bed, 1 bath, built in 1971" the aside's items are facts of 88 Pine Road, so each item's claim names it
 * ("88 Pine Road: 2 bed"): checked alone, "2 bed" would be any listing's.
 *
 * The entity is a proper name (or a numbered one: "88 Pine Road", "Unit 4C"), never a common noun phrase:
 * - after a form of "be", the complement's leading noun phrase (up to its first preposition or comma);
 * - otherwise, or when the complement names nothing, the subject's leading noun phrase ("Benu is the
 *   splurge — 4.5 stars", "Unit 3B at 418 Alder St is available — 880 sq ft").
 */
import { stemOf } from "../text/tokenize.js";
import { weightOf } from "../text/word-weights.js";
import { isVerb } from "./clause-split.js";
import type { Token } from "./wink.js";

/** Forms of "be" whose complement may be the entity itself ("is 88 Pine Road"). */
const COPULA = /^(?:is|are|was|were|'s|’s|be)$/i;
/** Tags that end a noun phrase: a preposition, punctuation, a conjunction, a verb. */
const PHRASE_END = /^(?:ADP|PUNCT|CCONJ|SCONJ|VERB|AUX|PRON)$/;
/** Longest subject read as the entity, in tokens: a longer one is no simple name. */
const SUBJECT_MAX = 6;

/**
 * @param text the text the tokens index into.
 * @param tokens the sentence's tokens.
 * @param from the token the clause starts at.
 * @param dash the token index of the aside's opening dash.
 * @returns the entity's words as written, or null when neither the complement nor the subject is a name.
 */
export function asideEntity(text: string, tokens: Token[], from: number, dash: number): string | null {
  let verb = -1;
  for (let k = from; k < dash && verb < 0; k++) if (isVerb(tokens, k)) verb = k;
  if (verb < 0) return null;
  const slice = (a: number, b: number) => text.slice(tokens[a]!.start, tokens[b - 1]!.end);
  if (COPULA.test(tokens[verb]!.value)) {
    let start = verb + 1;
    while (start < dash && tokens[start]!.pos === "DET") start++;
    let end = start;
    while (end < dash && !PHRASE_END.test(tokens[end]!.pos)) end++;
    if (end > start && names(tokens, start, end, from)) return slice(start, end);
  }
  let start = from;
  while (start < verb && tokens[start]!.pos === "DET") start++;
  // The subject's leading noun phrase: "Unit 4C" of "Unit 4C at 12 Elm St", "Nova" of "Nova ($$)".
  let end = beforeParens(tokens, start, verb);
  for (let k = start; k < end; k++)
    if (PHRASE_END.test(tokens[k]!.pos)) {
      end = k;
      break;
    }
  if (end - start > 0 && end - start <= SUBJECT_MAX && names(tokens, start, end, from)) return slice(start, end);
  return null;
}

/**
 * Whether tokens `[a, b)` hold a capitalised proper name. A capitalised word that opens the clause is a name
 * only beside another name or when it is no English word (SUBTLEX-US): wink tags "Revenue rose ..." PROPN.
 */
function names(tokens: Token[], a: number, b: number, clauseStart: number): boolean {
  for (let k = a; k < b; k++) {
    const t = tokens[k]!;
    if (t.pos !== "PROPN" || !/^\p{Lu}/u.test(t.value)) continue;
    if (k !== clauseStart) return true;
    const next = tokens[k + 1];
    if ((k + 1 < b && next?.pos === "PROPN") || weightOf(stemOf(t.value.toLowerCase())) >= UNKNOWN_WORD) return true;
  }
  return false;
}

/** The weight (bits) of a word SUBTLEX-US does not list: see `weightOf`. */
const UNKNOWN_WORD = 22;

/** Tokens `[a, b)` without a parenthesised group ("Nova ($$)" is "Nova"): the end of the words before it. */
function beforeParens(tokens: Token[], a: number, b: number): number {
  for (let k = a; k < b; k++) if (tokens[k]!.value === "(") return k;
  return b;
}
