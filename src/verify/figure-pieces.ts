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
 * - A mismatch about the whole clause keeps it whole: one tier 0 counts only for want of an absent figure (cut
 *   away from it, it would be contradicted on less than tier 0 asks), and one about the words around a figure
 *   ("lowest on the Salt Lake server, at 18 ms", where another server has the lowest).
 * - A cut falls between two settled figures of different outcomes, at the strongest boundary between them
 *   outside brackets and quotes: a comma, semicolon, colon or spaced dash; then a conjunction or a word that
 *   opens a relative clause. Of equal boundaries the one nearest the second figure wins. No boundary, no cut:
 *   a preposition is none ("leaves at 14:15 for €278.40" is one departure).
 * - Words a comma, semicolon or spaced dash sets off before a wrong first figure or after a wrong last one are
 *   a piece of their own too ("best ask is $3,412.55, a one-cent spread"): the next tiers read them.
 * - Never a cut that leaves a predicate without its subject (a piece opening with a verb, with no verb
 *   before it), a piece ending on a function word, or a piece with neither a figure nor two words.
 */
import { parenDepth, quotedSpans } from "../claims/clause-split.js";
import { readWithWink, type Token } from "../claims/wink.js";

/** How tier 0 read one figure, with its span in the claim text. */
export interface FigureOutcome {
  /** `[start, end)` in the claim text tier 0 read. */
  span: [number, number];
  /**
   * `match`: an evidence value agrees; `mismatch`: a value in the same slot differs; `absent`: no value settles
   * it; `context`: a name that matched or a figure tier 0 could not read (it says whose, or nothing);
   * `whole`: a mismatch about the whole clause, which keeps it whole: one without a shared slot word (it
   *   yields to an absent figure), or one about the words around the figure (a superlative that names another
   *   element, a fall where the change is a rise).
   */
  outcome: "match" | "mismatch" | "absent" | "context" | "whole";
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
  if (/^[,;:]$/.test(t.value) || (/^(?:—|–|--?)$/.test(t.value) && /\s/.test(text[t.start - 1] ?? "") && /\s/.test(text[t.end] ?? ""))) return 2;
  if (t.pos === "CCONJ" || t.pos === "SCONJ" || RELATIVE_WORD.test(t.value) || /^(?:while|whereas)$/i.test(t.value)) return 1;
  return 0;
}

/** Words that open a relative clause. */
export const RELATIVE_WORD = /^(?:which|who|whom|whose|where)$/i;

/** Words the piece may not end on: a cut that leaves one dangling is no phrase boundary. */
const DANGLING = /^(?:a|an|the|of|to|and|or|but|with|at|on|in|for|by|from|is|are|was|were|be)$/i;

/**
 * Cuts a claim into pieces where tier 0 read its figures differently.
 *
 * @param text the claim text tier 0 read.
 * @param outcomes tier 0's reading of each figure (any order).
 * @returns the pieces in order, covering the text without its boundary punctuation; null when the clause
 *   stays whole (one outcome and no words set off from a wrong figure, a mismatch about the whole clause, or no boundary
 *   between differing figures).
 */
export function figurePieces(text: string, outcomes: readonly FigureOutcome[]): Piece[] | null {
  if (outcomes.some((o) => o.outcome === "whole")) return null;
  const settled = outcomes.filter((o) => o.outcome !== "context").sort((a, b) => a.span[0] - b.span[0]);
  if (settled.length === 0) return null;
  const blocked = outcomes.map((o) => o.span);
  const tokens = readWithWink(text).tokens;
  // No cut inside a figure, inside brackets, or inside a quotation.
  const bracketed = parenDepth(tokens);
  const quoted = quotedSpans(text, 0, text.length);
  const reading: Reading = {
    text,
    tokens,
    closed: (k) => {
      const at = tokens[k]!.start;
      return bracketed[k] === 1 || blocked.some(([s, e]) => at > s && at < e) || quoted.some(([s, e]) => at > s && at < e);
    },
  };
  const cuts: Cut[] = [];
  const add = (cut: Cut | null) => {
    if (!cut || cut.leftEnd <= (cuts.at(-1)?.rightStart ?? 0)) return false;
    cuts.push(cut);
    return true;
  };
  // Words before a wrong first figure, set off by punctuation, are a fact of their own ("Priya drives twice,
  // on Monday and Thursday, in her eight-seat Odyssey").
  const first = settled[0]!;
  if (first.outcome === "mismatch") {
    // At a comma or semicolon: a dash after a name opens its details ("The Overstory by Richard Powers — due
    // 23 October"), whose figure they are.
    const cut = cutBetween(reading, 0, first.span[0], 2, "last");
    const at = cut ? text.slice(cut.leftEnd, cut.rightStart).trim() : "";
    if (cut && /^[,;]$/.test(at)) add(cut);
  }
  for (let i = 1; i < settled.length; i++) {
    const a = settled[i - 1]!;
    const b = settled[i]!;
    if (a.outcome === b.outcome || b.span[0] < a.span[1]) continue;
    if (!add(cutBetween(reading, a.span[1], b.span[0], 1, "last"))) return null;
  }
  // ...and so are words after a wrong last figure ("best ask is $3,412.55, a one-cent spread").
  const last = settled.at(-1)!;
  if (last.outcome === "mismatch") add(cutBetween(reading, last.span[1], text.length, 2, "first"));
  if (cuts.length === 0) return null;
  const pieces: Piece[] = [];
  let from = skipSpace(text, 0);
  for (const c of cuts) {
    pieces.push([from, c.leftEnd]);
    from = c.rightStart;
  }
  pieces.push([from, trimEnd(text, text.length)]);
  // A piece holds a figure or a few words of its own.
  const words = (s: number, e: number) => text.slice(s, e).match(/\p{L}{2,}/gu)?.length ?? 0;
  const holds = ([s, e]: Piece) => settled.some((o) => o.span[0] >= s && o.span[1] <= e) || words(s, e) >= 2;
  return pieces.every(([s, e]) => e > s) && pieces.every(holds) ? pieces : null;
}

interface Reading {
  text: string;
  tokens: Token[];
  /** Whether token `k` lies inside a figure, brackets or a quotation, where no cut may fall. */
  closed: (k: number) => boolean;
}

/** Where one piece ends and the next begins (claim-text offsets). */
interface Cut {
  leftEnd: number;
  rightStart: number;
}

/**
 * The cut at the strongest boundary between `from` and `to` (at least `min`), the last or the first of equal
 * ones; null when there is none, or when it would part a subject from its verb or leave a word dangling.
 */
function cutBetween(r: Reading, from: number, to: number, min: number, pick: "first" | "last"): Cut | null {
  const { text, tokens } = r;
  let best: { k: number; s: number } | null = null;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.start < from || t.start >= to || r.closed(k)) continue;
    const s = strength(text, t);
    if (s >= min && (!best || s > best.s || (s === best.s && pick === "last"))) best = { k, s };
  }
  if (!best) return null;
  const t = tokens[best.k]!;
  const leftEnd = trimEnd(text, t.start);
  // The right piece opens after its comma and any conjunction ("and 24 units are in stock" reads as "24
  // units are in stock"); a relative word stays (its piece reads with its antecedent).
  let rightStart = best.s === 2 ? skipSpace(text, t.end) : t.start;
  const next = tokens.find((x) => x.start >= rightStart);
  if (next && next.pos === "CCONJ" && next.end < to) rightStart = skipSpace(text, next.end);
  const left = text.slice(0, leftEnd).trim().split(/\s+/).pop() ?? "";
  if (rightStart > to || DANGLING.test(left)) return null;
  // A piece that opens with a verb is a predicate: with no verb before the cut, its subject is on the left
  // ("The previous release, 19.3.0, came out on September 6"), and the two are one fact.
  const opener = tokens.find((x) => x.start >= rightStart);
  if (opener && isVerb(opener) && !mainVerbBefore(tokens, leftEnd, (k) => isVerbAt(tokens, k))) return null;
  return { leftEnd, rightStart };
}

const isVerb = (t: Token) => t.pos === "VERB" || t.pos === "AUX";

/**
 * Whether token `k` is a verb: a "verb" between a determiner or adjective and a noun is a noun phrase's word
 * the tagger misread ("the previous react release").
 */
function isVerbAt(tokens: Token[], k: number): boolean {
  return isVerb(tokens[k]!) && !(/^(?:DET|ADJ)$/.test(tokens[k - 1]?.pos ?? "") && /^(?:NOUN|PROPN)$/.test(tokens[k + 1]?.pos ?? ""));
}

/**
 * Whether a verb of the clause itself, not of a relative clause set off by commas ("JUZT-12, which is ready
 * for test, is assigned to ..."), comes before `end`.
 */
function mainVerbBefore(tokens: Token[], end: number, verbAt: (k: number) => boolean): boolean {
  let relative = false;
  for (let k = 0; k < tokens.length && tokens[k]!.end <= end; k++) {
    const v = tokens[k]!.value;
    if (RELATIVE_WORD.test(v)) relative = true;
    else if (v === "," || v === ";") relative = false;
    else if (!relative && verbAt(k)) return true;
  }
  return false;
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
