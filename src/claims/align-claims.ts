/**
 * Aligns claims a model wrote back to their spans in the draft. A model returns each claim's text (often a
 * paraphrase: pronouns resolved, clauses reordered) and the draft sentence it came from; the firewall needs
 * the span in the draft (rewrite, annotation, highlighting) and a character map (in-place corrections).
 *
 * Per claim: (1) the sentence: where the model's `source` occurs in the draft (whitespace-insensitive), else
 * the draft sentence sharing most content words with the claim; (2) inside it, the claim text itself when it
 * occurs verbatim, else the clauses that hold most of its content words (at least half, and all its figures),
 * else the whole sentence. A sentence that occurs several times
 * goes to the first occurrence at or after the previous claim that does not already hold the same claim, so
 * repeated sentences get one claim each.
 */
import type { ClaimKind, Span } from "../schema.js";
import { STOP_WORDS } from "../text/stop-words.js";
import { stemOf } from "../text/tokenize.js";
import type { ExtractedClaim } from "./types.js";

/** A claim as the model gave it. */
export interface ClaimToAlign {
  text: string;
  kind: ClaimKind;
  /** The draft excerpt the model says the claim comes from (may be inexact or empty). */
  source: string;
}

/** How a claim's span was found. */
export type Alignment = "exact" | "words" | "sentence" | "none";

export interface AlignedClaim extends ExtractedClaim {
  alignment: Alignment;
}

interface Token {
  start: number;
  end: number;
  lower: string;
  stem: string;
  content: boolean;
  number: boolean;
}

const WORD = /\p{N}+(?:[.,:/-]\p{N}+)*%?|[\p{L}\p{M}]+(?:['’][\p{L}]+)*|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const NUMBER = /^\p{N}/u;
const CITATION = /\[(\d+)\]/g;

function tokens(text: string, offset = 0): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const lower = m[0].toLowerCase();
    const number = NUMBER.test(lower);
    out.push({
      start: offset + m.index!,
      end: offset + m.index! + m[0].length,
      lower,
      stem: number ? lower : stemOf(lower),
      content: number || !STOP_WORDS.has(lower),
      number,
    });
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Occurrences of `needle` in `draft[range)`, any whitespace run matching any other. */
function occurrences(draft: string, needle: string, range: Span, ignoreCase: boolean): Span[] {
  const words = needle.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const re = new RegExp(words.map(escapeRegExp).join("\\s+"), ignoreCase ? "giu" : "gu");
  const hay = draft.slice(range[0], range[1]);
  return [...hay.matchAll(re)].map((m): Span => [range[0] + m.index!, range[0] + m.index! + m[0].length]);
}

/** Maps `text` onto `draft[span)` character by character, whitespace runs matching whitespace runs. */
function mapVerbatim(text: string, draft: string, span: Span): number[] {
  const map: number[] = new Array(text.length).fill(-1);
  let j = span[0];
  for (let i = 0; i < text.length && j < span[1]; i++) {
    if (/\s/.test(text[i]!)) {
      while (j < span[1] && /\s/.test(draft[j]!)) j++;
      continue;
    }
    map[i] = j++;
  }
  return map;
}

/** Maps each claim word that occurs in the region (same letters, any case) onto the nearest unused one. */
function mapWords(text: string, regionTokens: Token[]): number[] {
  const map: number[] = new Array(text.length).fill(-1);
  const used = new Set<Token>();
  for (const t of tokens(text)) {
    const hit = regionTokens.find((r) => !used.has(r) && r.lower === t.lower && r.end - r.start === t.end - t.start);
    if (!hit) continue;
    used.add(hit);
    for (let k = 0; k < t.end - t.start; k++) map[t.start + k] = hit.start + k;
  }
  return map;
}

function trimSpan(draft: string, span: Span): Span {
  let [s, e] = span;
  while (s < e && /\s/.test(draft[s]!)) s++;
  while (e > s && /\s/.test(draft[e - 1]!)) e--;
  return [s, e];
}

/** Citation markers inside the span or right after it (`... 35 versions [1].`). */
function citationsOf(draft: string, span: Span): string[] {
  const after = /^(?:\s*\[\d+\])+/.exec(draft.slice(span[1]));
  const text = draft.slice(span[0], span[1]) + (after ? after[0] : "");
  return [...text.matchAll(CITATION)].map((m) => m[1]!);
}

const CLAUSE_MARK = /[,;:()\u2013\u2014]/g;
const LEADING_CONJUNCTION = /^(?:and|but|or|while|whereas|although|though|yet|so)\s+/i;

/** The clauses of a region (cut at `, ; : ( ) – —`), as spans. */
function clauses(draft: string, region: Span): Span[] {
  const out: Span[] = [];
  let start = region[0];
  for (const m of draft.slice(region[0], region[1]).matchAll(CLAUSE_MARK)) {
    const at = region[0] + m.index!;
    if (at > start) out.push([start, at]);
    start = at + 1;
  }
  if (region[1] > start) out.push([start, region[1]]);
  return out;
}

/**
 * The clauses of the region that hold the claim: the run of clauses that best matches the claim's content
 * words (at least half of them, and every figure, must be there). Whole clauses, so that a rewrite that
 * hedges or removes the claim acts on a grammatical unit; null when no run holds enough of the claim.
 */
function clauseSpan(draft: string, claim: Token[], region: Span, regionTokens: Token[]): Span | null {
  const content = claim.filter((t) => t.content);
  if (content.length === 0) return null;
  const parts = clauses(draft, region);
  const same = (r: Token, t: Token) => r.lower === t.lower || (!t.number && r.stem === t.stem);
  let best: { span: Span; score: number } | null = null;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i; j < parts.length; j++) {
      const span: Span = [parts[i]![0], parts[j]![1]];
      const inside = regionTokens.filter((r) => r.content && r.start >= span[0] && r.end <= span[1]);
      let hits = 0;
      let numbers = true;
      for (const t of content) {
        if (inside.some((r) => same(r, t))) hits++;
        else if (t.number) numbers = false;
      }
      if (!numbers || hits * 2 < content.length) continue;
      // F1 of the claim's words found (recall) and the run's words that are the claim's (precision): a
      // clause that adds only the subject joins the run; one that adds a different fact does not.
      const recall = hits / content.length;
      const precision = inside.filter((r) => content.some((t) => same(r, t))).length / inside.length;
      const score = (2 * recall * precision) / (recall + precision);
      if (!best || score > best.score + 1e-9) best = { span, score };
    }
  }
  if (!best) return null;
  const [s, e] = trimSpan(draft, best.span);
  const lead = LEADING_CONJUNCTION.exec(draft.slice(s, e));
  return [s + (lead ? lead[0].length : 0), e];
}

/**
 * Aligns model claims to the draft.
 * @param draft the whole draft.
 * @param claims the model's claims, in its order.
 * @param units spans of the draft's sentences (the rule extractor's, unsplit) inside `range`, in order.
 * @param range the part of the draft the model read (default: all of it).
 * @returns one claim per input claim, with its span, character map, citations and how it was aligned.
 */
export function alignClaims(draft: string, claims: ClaimToAlign[], units: Span[], range: Span = [0, draft.length]): AlignedClaim[] {
  const unitTokens = units.map((u) => tokens(draft.slice(u[0], u[1]), u[0]));
  /** Claim texts already placed at each region start: a repeated sentence gets the next copy. */
  const placed = new Map<number, Set<string>>();
  let cursor = range[0];

  const pick = (candidates: Span[], key: string): Span => {
    const free = candidates.filter((c) => !placed.get(c[0])?.has(key));
    return free.find((c) => c[0] >= cursor) ?? free[0] ?? candidates.find((c) => c[0] >= cursor) ?? candidates[0]!;
  };

  return claims.map((c) => {
    const text = c.text.replace(/\s+/g, " ").trim();
    const key = text.toLowerCase();
    const claimTokens = tokens(text);
    let region: Span | null = null;
    let alignment: Alignment = "sentence";
    const src = c.source.trim();
    if (src) {
      let found = occurrences(draft, src, range, false);
      if (found.length === 0) found = occurrences(draft, src, range, true);
      if (found.length > 0) region = pick(found, key);
    }
    if (!region && units.length > 0) {
      const want = new Set([...claimTokens, ...tokens(src)].filter((t) => t.content).map((t) => t.stem));
      const scores = unitTokens.map((ts) => new Set(ts.filter((t) => t.content && want.has(t.stem)).map((t) => t.stem)).size);
      const best = Math.max(...scores);
      if (best > 0) {
        region = pick(
          units.filter((_, i) => scores[i] === best),
          key,
        );
      } else {
        alignment = "none";
        region = units.find((u) => u[1] > cursor) ?? units[units.length - 1]!;
      }
    }
    region ??= trimSpan(draft, range);
    const regionTokens = tokens(draft.slice(region[0], region[1]), region[0]);
    let span: Span = region;
    let map: number[];
    const verbatim = alignment === "none" ? [] : occurrences(draft, text, region, true);
    if (verbatim.length > 0) {
      span = verbatim[0]!;
      alignment = "exact";
      map = mapVerbatim(text, draft, span);
    } else {
      const tight = alignment === "none" ? null : clauseSpan(draft, claimTokens, region, regionTokens);
      if (tight) {
        span = tight;
        alignment = "words";
      }
      map = mapWords(
        text,
        regionTokens.filter((t) => t.start >= span[0] && t.end <= span[1]),
      );
    }
    span = trimSpan(draft, span);
    const set = placed.get(region[0]) ?? new Set<string>();
    set.add(key);
    placed.set(region[0], set);
    cursor = region[0];
    return { text, kind: c.kind, span, citations: citationsOf(draft, span), map, alignment };
  });
}
