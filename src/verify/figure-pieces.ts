/**
 * Figure pieces: a clause whose figures tier 0 read differently ("the best ask is $3,412.55, a one-cent
 * spread" with the ask wrong and the spread right) states several facts. Reported as one claim, its verdict
 * is the worst of them, so the right fact is flagged with the wrong one, and a reader (or a rewrite) cannot
 * tell which words are at fault. Cut at the phrase boundary between the figures, it gives one claim per fact
 * ("the best ask is $3,412.55" and "a one-cent spread"), each verified with the whole clause as its context.
 *
 * The rules are about phrase boundaries and tier 0's outcomes, never about what the figures measure:
 * - Only figures tier 0 settled count: a value that matched, a value or name that differs in a shared slot,
 *   and a value no evidence holds. A name that matched (the subject) and a figure tier 0 could not read are
 *   context, in whichever piece they fall.
 * - A mismatch tier 0 counts only for want of an absent figure (a weak one) keeps the clause whole: cut away
 *   from the absent figure, it would be contradicted on less than tier 0 asks.
 * - A cut falls between two settled figures of different outcomes, at the strongest boundary between them
 *   outside brackets and quotes: a comma, semicolon, colon or spaced dash; then a conjunction or a word that
 *   opens a relative clause. Of equal boundaries the one nearest the second figure wins. No boundary, no cut:
 *   a preposition is none ("leaves at 14:15 for €278.40" is one departure).
 */
import { readWithWink, type Token } from "../claims/wink.js";

/** How tier 0 read one figure, with its span in the claim text. */
export interface FigureOutcome {
  /** `[start, end)` in the claim text tier 0 read. */
  span: [number, number];
  /**
   * `match`: an evidence value agrees; `mismatch`: a value in the same slot differs; `absent`: no value settles
   * it; `context`: a name that matched or a figure tier 0 could not read (it says whose, or nothing);
   * `weak`: a mismatch without a shared slot word (keeps the clause whole).
   */
  outcome: "match" | "mismatch" | "absent" | "context" | "weak";
}

/** A piece of a clause: the range of the claim text it asserts. */
export type Piece = [number, number];

/**
 * Boundary strength of cutting before token `t` (0: no cut here): a comma, semicolon, colon or spaced dash 2;
 * a conjunction or a word that opens a relative or subordinate clause 1. A preposition, a verb or a
 * determiner is no cut: "leaves at 14:15 for €278.40" states one departure, and the case files' writers
 * check it as one claim.
 */
function strength(text: string, t: Token): number {
  if (/^[,;:]$/.test(t.value) || (/^(?:—|–|--)$/.test(t.value) && /\s/.test(text[t.start - 1] ?? "") && /\s/.test(text[t.end] ?? ""))) return 2;
  if (t.pos === "CCONJ" || t.pos === "SCONJ" || /^(?:which|who|whom|whose|where|while|whereas)$/i.test(t.value)) return 1;
  return 0;
}

/** Words the piece may not end on: a cut that leaves one dangling is no phrase boundary. */
const DANGLING = /^(?:a|an|the|of|to|and|or|but|with|at|on|in|for|by|from|is|are|was|were|be)$/i;

/**
 * Cuts a claim into pieces where tier 0 read its figures differently.
 *
 * @param text the claim text tier 0 read.
 * @param outcomes tier 0's reading of each figure (any order).
 * @returns the pieces in order, covering the text without its boundary punctuation; null when the clause
 *   stays whole (one outcome, a weak mismatch, or no boundary between differing figures).
 */
export function figurePieces(text: string, outcomes: readonly FigureOutcome[]): Piece[] | null {
  if (outcomes.some((o) => o.outcome === "weak")) return null;
  const settled = outcomes.filter((o) => o.outcome !== "context").sort((a, b) => a.span[0] - b.span[0]);
  if (new Set(settled.map((o) => o.outcome)).size < 2) return null;
  const blocked = outcomes.map((o) => o.span);
  const inside = (at: number) => blocked.some(([s, e]) => at > s && at < e);
  const tokens = readWithWink(text).tokens;
  const cuts: Array<{ leftEnd: number; rightStart: number }> = [];
  for (let i = 1; i < settled.length; i++) {
    const a = settled[i - 1]!;
    const b = settled[i]!;
    if (a.outcome === b.outcome || b.span[0] < a.span[1]) continue;
    let best: { k: number; s: number } | null = null;
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.start < a.span[1] || t.start >= b.span[0] || inside(t.start)) continue;
      // Never cut inside brackets or quotes opened before the token.
      if (open(text, 0, t.start)) continue;
      const s = strength(text, t);
      if (s > 0 && (!best || s >= best.s)) best = { k, s };
    }
    if (!best) return null;
    const t = tokens[best.k]!;
    const punct = best.s === 2;
    const leftEnd = trimEnd(text, t.start);
    // The right piece opens after its comma and any conjunction ("and 24 units are in stock" reads as "24
    // units are in stock"); a relative word stays (its piece reads with its antecedent).
    let rightStart = punct ? skipSpace(text, t.end) : t.start;
    const next = tokens.find((x) => x.start >= rightStart);
    if (next && next.pos === "CCONJ" && next.end < b.span[0]) rightStart = skipSpace(text, next.end);
    const left = text.slice(0, leftEnd).trim().split(/\s+/).pop() ?? "";
    if (leftEnd <= (cuts.at(-1)?.rightStart ?? 0) || rightStart >= b.span[0] + 1 || DANGLING.test(left)) return null;
    // A piece that opens with a verb is a predicate: with no verb before the cut, its subject is on the left
    // ("The previous release, 19.3.0, came out on September 6"), and the two are one fact.
    const opener = tokens.find((x) => x.start >= rightStart);
    const verb = (x: Token) => x.pos === "VERB" || x.pos === "AUX";
    // A "verb" between a determiner or adjective and a noun is a noun phrase's word the tagger misread
    // ("the previous react release").
    const inPhrase = (k: number) => /^(?:DET|ADJ)$/.test(tokens[k - 1]?.pos ?? "") && /^(?:NOUN|PROPN)$/.test(tokens[k + 1]?.pos ?? "");
    if (opener && verb(opener) && !tokens.some((x, k) => x.end <= leftEnd && verb(x) && !inPhrase(k))) return null;
    cuts.push({ leftEnd, rightStart });
  }
  if (cuts.length === 0) return null;
  const pieces: Piece[] = [];
  let from = skipSpace(text, 0);
  for (const c of cuts) {
    pieces.push([from, c.leftEnd]);
    from = c.rightStart;
  }
  pieces.push([from, trimEnd(text, text.length)]);
  return pieces.every(([s, e]) => e > s) ? pieces : null;
}

/** Whether a bracket or quote opened between `from` and `to` is still open at `to`. */
function open(text: string, from: number, to: number): boolean {
  let depth = 0;
  let quotes = 0;
  for (let i = from; i < to; i++) {
    const ch = text[i]!;
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
    else if (ch === '"' || ch === "“" || ch === "”") quotes++;
  }
  return depth > 0 || quotes % 2 === 1;
}

function trimEnd(text: string, end: number): number {
  let e = end;
  while (e > 0 && /[\s,;:.!?—–-]/.test(text[e - 1]!)) e--;
  return e;
}

function skipSpace(text: string, at: number): number {
  let s = at;
  while (s < text.length && /\s/.test(text[s]!)) s++;
  return s;
}
