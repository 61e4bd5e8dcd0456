/**
 * Where a derived figure's operands are written: the claim's sentence in the draft. Claim extraction gives
 * "about 16%" of "the $1,400.00 charge carried $225.00 in fees — about 16%" its own claim, but the
 * percentage is still a share of the figures before it in the sentence.
 */
import { extractDates } from "../../quantity/date-parse.js";
import { extractQuantities } from "../../quantity/quantity-extract.js";
import type { Quantity } from "../../quantity/types.js";

/** Markdown emphasis, blanked so that offsets stay those of the text. */
const EMPHASIS = /[*_`]/g;

/** The quantities of a text, emphasis marks ignored. */
export function claimQuantities(text: string): Quantity[] {
  return extractQuantities(text.replace(EMPHASIS, " "));
}

/** The text between two figures, in either order. */
export function gapBetween(text: string, a: { span: [number, number] }, b: [number, number]): string {
  return a.span[1] <= b[0] ? text.slice(a.span[1], b[0]) : text.slice(b[1], a.span[0]);
}

const SENTENCE_END = /[.!?](?=\s|$)(?<!\d\.(?=\d))|\n/g;

/**
 * The sentence of `draft` that holds the claim's figure, and the figure's span in it: found by the figure's
 * text with the claim's words right around it, which must occur once in the draft. Else the claim itself.
 */
export function sentenceOf(claim: string, span: [number, number], draft: string | undefined): { text: string; span: [number, number] } {
  const own = { text: claim, span };
  if (!draft) return own;
  // Offsets are taken in the draft without its emphasis marks, as the claim text has it.
  const clean = draft.replace(EMPHASIS, "");
  const surface = claim.slice(span[0], span[1]);
  for (const [before, after] of [
    [0, 12],
    [12, 0],
    [0, 0],
  ] as const) {
    const needle = claim.slice(Math.max(0, span[0] - before), Math.min(claim.length, span[1] + after));
    const at = uniqueIndex(clean, needle);
    if (at < 0) continue;
    const start = at + (span[0] - Math.max(0, span[0] - before));
    let from = 0;
    let to = clean.length;
    for (const m of clean.matchAll(SENTENCE_END)) {
      const end = m.index! + m[0].length;
      if (end <= start) from = end;
      else if (m.index! >= start + surface.length) {
        to = end;
        break;
      }
    }
    const text = clean.slice(from, to);
    const referent = ANAPHOR.test(text.trimStart()) ? referentOf(clean.slice(0, from), /[$€£]\s?\d/.test(text)) : "";
    if (referent) return { text: `${referent} ${text}`, span: [start - from + referent.length + 1, start - from + referent.length + 1 + surface.length] };
    return { text, span: [start - from, start - from + surface.length] };
  }
  return own;
}

/** A sentence that opens on what the sentence before it stated: "That's up about 18% on ...". */
const ANAPHOR = /^(?:that|this|it)(?:['’]s|\s+(?:is|was|represents|marks|means))\s/i;
/** The value a sentence asserts: its first figure, right after its verb ("Your statement is $159.85"). */
const ASSERTED =
  /^[^.!?\d]{1,80}?\b(?:is|was|are|were|came to|comes to|totals?|totalled|cost|costs)\s+(?:about\s+|roughly\s+|around\s+)?[$€£]?\d[\d,]*(?:\.\d+)?(?:\s?(?:[kKmMbB]n?|million|billion|thousand|%))?/;

/**
 * What "That" stands for: the value the nearest earlier sentence (at most three back) asserts after its verb,
 * of the kind the sentence compares (an amount, or a figure that is none), as the clause that asserts it
 * ("Your May statement is $159.85"); "" when none does.
 */
function referentOf(before: string, money: boolean): string {
  const sentences = before.split(/(?<=[.!?])\s+|\n+/).filter((x) => x.trim() !== "");
  for (const sentence of sentences.slice(-3).reverse()) {
    const asserted = ASSERTED.exec(sentence.trim())?.[0];
    // An amount for a sentence that compares amounts ("... on last month's $139.20"), else a figure that is none.
    if (asserted && /[$€£]\s?\d/.test(asserted) === money) return asserted;
  }
  return "";
}

function uniqueIndex(text: string, needle: string): number {
  if (needle.trim() === "") return -1;
  const first = text.indexOf(needle);
  if (first < 0 || text.indexOf(needle, first + 1) >= 0) return -1;
  return first;
}

/**
 * The figures of a sentence that may be operands of a computed figure: of one kind (money in one currency,
 * measures of one dimension, bare numbers), not the figure itself, not percentages, not part of a date
 * ("September 2023"). Nearest to the figure first.
 */
export function operandsOf(sentence: { text: string; span: [number, number] }, like: (q: Quantity) => boolean): Quantity[] {
  const dates = extractDates(sentence.text).map((d) => d.span);
  const [s, e] = sentence.span;
  return claimQuantities(sentence.text)
    .filter((q) => q.span[0] !== s && q.kind !== "percent" && !dates.some(([a, b]) => q.span[0] < b && a < q.span[1]) && like(q))
    .sort((a, b) => distance(a.span, s, e) - distance(b.span, s, e));
}

function distance(span: [number, number], s: number, e: number): number {
  return span[1] <= s ? s - span[1] : span[0] - e;
}

/** Whether two quantities are of one kind and unit family (so that their sum, difference or ratio means something). */
export function sameFamily(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "money") return a.currency === b.currency;
  if (a.kind === "measure") return a.dimension === b.dimension;
  const noun = (q: Quantity) => (q.unit !== null && PARTICIPLE.test(q.unit) ? null : q.unit);
  return (noun(a) ?? "") === (noun(b) ?? "") || noun(a) === null || noun(b) === null;
}

/** A participle after a count ("51,077 delivered", "312 opened") counts the noun before it, not a noun of its own. */
const PARTICIPLE = /^\p{L}{3,}ed$/u;
