/**
 * The judge cannot invent its own evidence: a `supported` or `contradicted` verdict counts only with a quote
 * that occurs in the evidence ledger (after whitespace normalisation), that shares a content word or figure
 * with the claim, and that does not read as an instruction to the judge. Anything else is downgraded.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote, Passage } from "../schema.js";
import { featuresOf } from "../verify/lexical-features.js";

/** Why a quote was refused, or where it was found. */
export type QuoteCheck = { ok: true; quote: EvidenceQuote } | { ok: false; why: string };

/** Quotation marks a model may wrap a quote in. */
const WRAP = /^["'“”‘’«»`]+|["'“”‘’«»`]+$/g;

/**
 * Text in evidence that addresses a model rather than stating a fact: the usual prompt-injection shapes.
 * A quote like this is never evidence, whatever the judge says.
 */
const INSTRUCTION = [
  /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,60}\b(?:instructions?|prompts?|rules?|guidelines?|directions?|above|previous|prior)\b/i,
  /(?:^|[.!:;]\s*|\b(?:please|must|should|always|just|now|and|then|to)\s+)(?:answer|respond|reply|output|say|mark|label|classify|rate|judge|treat)\b[^.\n]{0,40}\b(?:supported|contradicted|unsupported|verified|entailed)\b/i,
  /\b(?:system prompt|you are now|new instructions?)\b/i,
];

/** True when a text reads as an instruction to a model (a prompt-injection attempt). */
export function isInstructionLike(text: string): boolean {
  return INSTRUCTION.some((re) => re.test(text));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The quote as a pattern matching any run of whitespace between its words; null for an empty quote. */
function quotePattern(quote: string): RegExp | null {
  const words = quote.trim().replace(WRAP, "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return new RegExp(words.map(escapeRegExp).join("\\s+"), "u");
}

/**
 * Finds a quote in the passages shown to the judge first, then anywhere in the ledger (a quote may run over
 * a passage boundary).
 * @returns the quote with its evidence id and span in the record's text, or null when it occurs nowhere.
 */
export function locateQuote(quote: string, passages: Passage[], ledger: EvidenceLedger): EvidenceQuote | null {
  const re = quotePattern(quote);
  if (!re) return null;
  for (const p of passages) {
    const m = re.exec(p.text);
    if (m) return { evidenceId: p.evidenceId, source: p.source, text: m[0], span: [p.span[0] + m.index, p.span[0] + m.index + m[0].length] };
  }
  for (const r of ledger.records) {
    const m = re.exec(r.text);
    if (m) return { evidenceId: r.id, source: r.source, text: m[0], span: [m.index, m.index + m[0].length] };
  }
  return null;
}

/** True when the quote shares a content word (stemmed) or a figure with the claim. */
export function sharesContent(quote: string, claim: string): boolean {
  const q = featuresOf(quote).stems;
  for (const s of featuresOf(claim).stems) if (q.has(s)) return true;
  return false;
}

/**
 * Checks the quote behind a `supported` or `contradicted` verdict.
 * @returns the located quote, or why it does not count.
 */
export function checkQuote(quote: string, claim: string, passages: Passage[], ledger: EvidenceLedger): QuoteCheck {
  if (quote.trim().replace(WRAP, "").trim() === "") return { ok: false, why: "it gave no quote" };
  const found = locateQuote(quote, passages, ledger);
  if (!found) return { ok: false, why: "its quote occurs nowhere in the evidence" };
  if (isInstructionLike(found.text)) return { ok: false, why: "its quote is an instruction to a model, not a fact" };
  if (!sharesContent(found.text, claim)) return { ok: false, why: "its quote shares no word or figure with the claim" };
  return { ok: true, quote: found };
}
