/**
 * Word-level features of claims and evidence sentences for the lexical tier: content stems and polarity.
 */
import { NEGATIONS, STOP_WORDS } from "../text/stop-words.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import { weightOf } from "../text/word-weights.js";

export interface TextFeatures {
  /** Content stems (no stop words, no negation words). */
  stems: Set<string>;
  /** Number of negation cues ("not", "never", "un-" words whose base is a known word...). */
  negations: number;
}

/** A sentence of an evidence passage with its span in the passage. */
export interface EvidenceSentence extends TextFeatures {
  start: number;
  end: number;
}

/**
 * A sentence ends at . ! ? followed by a space, at CJK enders, at a line break, or where joined paragraphs
 * lost their space ("in 2013.Reggie Yates"), after a closing quote or bracket ("…this strong.' The"); never
 * inside "3,450.00" or "Node.js", nor inside a JSON key path (`Metrics.UnblendedCost.Amount: 25.96`) or a quoted
 * key (`rows[1]["Est. total"]: 17,350`), nor after an abbreviation ("since Jan. 18", "Dr. Smith", "ForwardTech
 * Inc. and", "U.S. sales", "Est. total"), nor after an initial ("approved by M. Brenner").
 */
const BOUNDARY =
  /(?<=[.!?])(?<!\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Mr|Mrs|Ms|Dr|Prof|St|Inc|Ltd|Co|Corp|No|vs|approx|est|Fig|e\.g|i\.e|U\.S)\.)(?<!\b(?:Est|Approx|Vs)\.)(?<!(?:^|[\s(])\p{Lu}\.)\s+(?![^"\n\]]*"\]: )|(?<=[。！？])|\n+|(?<=[\p{Ll}\d]{2}[.!?])(?=\p{Lu}\p{Ll})(?![\p{L}\p{N}_.[\]]*: )|(?<=[.!?]['"”’)\]])\s+(?=["“‘(]?\p{Lu})/gu;

/** A field with an empty or zero value (`dependencies: {}`, `count: 0`) says "there is none": a negative. */
const EMPTY_VALUE = /:\s*(?:\{\}|\[\]|[$€£¥]?\s?0(?:[.,]0+)?(?:\s(?:[A-Z]{3}|thousand|million|billion))*|none|null|false|n\/a)\s*$/i;

/** A leading "No," / "Nope." / "No but" that answers a question. */
const ANSWER_NO = /^\W*(?:no|nope|nah)(?:\s*[,.!;:]+|\s+(?=but\b))\s*/i;

/** Hedges on a figure or a time ("roughly 3.1k", "around 5 pm", "almost nothing"): tier 0 reads them, they assert nothing. */
const HEDGES: ReadonlySet<string> = new Set(["roughly", "around", "approximately", "approx", "nearly", "almost", "some", "circa"]);
/** The suffix of an ordinal the tokenizer parts from its digits ("the 10th" -> "10", "th"). */
const ORDINAL_SUFFIX: ReadonlySet<string> = new Set(["st", "nd", "rd", "th"]);

/** Reads content stems and negation cues of a text. */
export function featuresOf(text: string): TextFeatures {
  const stems = new Set<string>();
  let negations = EMPTY_VALUE.test(text) ? 1 : 0;
  // "No, it came out in 1998", "no. or animal trapping is ...": an answer to the user, not a negation of the clause.
  const toks = tokenize(text.replace(ANSWER_NO, ""));
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!;
    if (NEGATIONS.has(tok) || tok.endsWith("n't")) {
      // Not negations: "no 1 fave", "No. 5" (a number sign); "not sure", "not certain" (a hedge on the claim);
      // "is at zero", "fell to zero" (a value, which tier 0 compares).
      const next = toks[i + 1] ?? "";
      const value = tok === "zero" && /^(?:at|to|is|are|was|were|of|be|been|reached|hit)$/.test(toks[i - 1] ?? "");
      if (!(tok === "no" && /^\d/.test(next)) && !(tok === "not" && /^(?:sure|certain)$/.test(next)) && !value) negations++;
      continue;
    }
    if (STOP_WORDS.has(tok) || HEDGES.has(tok) || (ORDINAL_SUFFIX.has(tok) && /^\d/.test(toks[i - 1] ?? ""))) continue;
    // "Raman's order": the possessor's own word.
    const possessive = tok.length > 3 && tok.charCodeAt(tok.length - 1) === 115 && (tok[tok.length - 2] === "'" || tok[tok.length - 2] === "’");
    stems.add(stemOf(possessive ? tok.slice(0, -2) : tok));
  }
  return { stems, negations };
}

/**
 * Splits a passage into sentences (lines count as sentences: flattened JSON is one fact per line).
 * Sentences shorter than 3 characters are dropped.
 */
export function sentencesOf(text: string): EvidenceSentence[] {
  return sentenceSpans(text).map(({ start, end }) => ({ start, end, ...featuresOf(text.slice(start, end)) }));
}

/** The sentences of `sentencesOf` without their features (cheap: one regex pass). */
export function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let start = 0;
  const push = (end: number) => {
    if (text.slice(start, end).trim().length >= 3) out.push({ start, end });
  };
  for (const m of text.matchAll(BOUNDARY)) {
    if (m.index! > start) push(m.index!);
    start = m.index! + m[0].length;
  }
  if (start < text.length) push(text.length);
  return out;
}

/**
 * Share of the claim's information found in `target` (0..1): each stem weighs its bits in SUBTLEX-US (see
 * word-weights.ts), so a missing rare word costs more than a missing common one. 1 for an empty claim.
 */
export function coverage(claim: Set<string>, target: Set<string>): number {
  if (claim.size === 0) return 1;
  let hit = 0;
  let all = 0;
  for (const s of claim) {
    const w = weightOf(s);
    all += w;
    if (target.has(s)) hit += w;
  }
  return hit / all;
}
