/**
 * The head of a ranked list: "the top bid", "the best ask", "the first result". An order book, a search
 * result or a leaderboard lists its best element first (`bids[0]`, `results[0]`); a figure the claim gives the
 * head but the tool gives a later element is that element's ("The top bid is €60,118.50" where 60118.50 is
 * `bids[1][0]` and `bids[0][0]` is 60120.00), and the head's value in the same place is the correction.
 */
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { surface } from "./corrections.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { compare, compatible } from "./figure-compare.js";
import { stemOf } from "../text/tokenize.js";
import { nameOccursIn } from "../quantity/names.js";

/** "top bid", "best ask", "first result", "leading bidder": the word and the noun it heads. */
const HEAD_WORD = /\b(?:top|best|first|leading)\s+(\p{L}[\p{L}-]*)/giu;
/** Words that take the claim past the head ("the second-best bid", "the next ask", "below the top bid"). */
const PAST_HEAD = /\b(?:second|third|next|another|other|2nd|3rd|below|under|after|behind|than)\b/i;
/** A flattened array element's path: `bids[1][0]: ...`, `data.results[2].price: ...`. */
const ELEMENT_PATH = /^((?:[^\n:[\]]*\.)?([A-Za-z_][\w-]*))\[(\d+)\]([^\n:]*): /;

/**
 * A figure the claim gives the head of a list, against a later element of it.
 * @returns a mismatch with the head's value in the figure's place, or null when the figure agrees with the
 *   head, with no element of a list the claim's words name, or with a list element beside a word that goes
 *   past the head.
 */
export function listHead(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  if (figure.value.type !== "quantity" || PAST_HEAD.test(scope.text)) return null;
  const nouns = [...scope.text.matchAll(HEAD_WORD)].map((m) => stemOf(m[1]!.toLowerCase()));
  // "The leader" is the head of a list of leaders (`leaders[0]`).
  if (/\bthe (?:current |overall )?leader\b/i.test(scope.text)) nouns.push(stemOf("leader"));
  if (nouns.length === 0) return null;
  const placed = (f: EvidenceFact) => {
    const m = ELEMENT_PATH.exec(f.quote.text);
    return m && nouns.includes(stemOf(m[2]!.toLowerCase())) ? { list: m[1]!, index: Number(m[3]), rest: m[4]! } : null;
  };
  const agreeing = scope.facts.filter(
    (f) => !scope.foreign(f.chunk.evidenceId) && compatible(figure.value, f.value) && compare(figure.value, f.value) === "match" && placed(f) !== null,
  );
  if (agreeing.length === 0 || agreeing.some((f) => placed(f)!.index === 0)) return null;
  // A claim that names the element it means ("Ep 42 was the top episode") ranks it by a field: a superlative,
  // not the list's head.
  const names = scope.figures.flatMap((f) => (f.value.type === "name" ? [f.value.n] : []));
  if (agreeing.some((f) => f.row !== undefined && names.some((n) => nameOccursIn(n, f.row!)))) return null;
  const heads = new Set<EvidenceFact>();
  for (const f of agreeing) {
    const at = placed(f)!;
    const head = scope.facts.find((h) => {
      const p = h.chunk.evidenceId === f.chunk.evidenceId ? placed(h) : null;
      return p !== null && p.list === at.list && p.index === 0 && p.rest === at.rest;
    });
    if (head) heads.add(head);
  }
  if (heads.size !== 1) return null;
  const head = [...heads][0]!;
  if (!ranked(head, scope.facts, placed)) return null;
  if (!compatible(figure.value, head.value) || compare(figure.value, head.value) !== "mismatch") return null;
  return { figure, outcome: "mismatch", best: head, score: 3, note: `a later element's value; the head of the list states ${surface(head)}` };
}

/**
 * Whether the head's list is ranked: some numeric field of its elements runs in one direction from the head
 * down (an order book's prices, a leaderboard's scores). A list in another order (episodes by date) has no
 * "top" element by position.
 */
function ranked(
  head: EvidenceFact,
  facts: readonly EvidenceFact[],
  placed: (f: EvidenceFact) => { list: string; index: number; rest: string } | null,
): boolean {
  const list = placed(head)!.list;
  const columns = new Map<string, number[]>();
  for (const f of facts) {
    const p = f.chunk.evidenceId === head.chunk.evidenceId && f.value.type === "quantity" ? placed(f) : null;
    if (!p || p.list !== list) continue;
    const column = columns.get(p.rest) ?? [];
    column[p.index] = (f.value as { q: { value: number } }).q.value;
    columns.set(p.rest, column);
  }
  for (const column of columns.values()) {
    const values = column.filter((x) => x !== undefined);
    if (values.length < 2 || values.length !== column.length) continue;
    const down = values.every((x, i) => i === 0 || x <= values[i - 1]!);
    const up = values.every((x, i) => i === 0 || x >= values[i - 1]!);
    if ((down || up) && values[0] !== values.at(-1)) return true;
  }
  return false;
}
