/**
 * Antonym pairs that flip a claim while keeping its words, the edits SummEdits (Laban et al., 2023) and
 * FaithBench annotate as intrinsic errors. Stems (Porter2), both directions. Kept small: each pair must be
 * opposite in nearly every context.
 */
import { stemOf } from "../text/tokenize.js";

const PAIRS: Array<[string, string]> = [
  ["increase", "decrease"],
  ["increased", "decreased"],
  ["rise", "fall"],
  ["rose", "fell"],
  ["risen", "fallen"],
  ["grow", "shrink"],
  ["grew", "shrank"],
  ["gain", "loss"],
  ["gained", "lost"],
  ["up", "down"],
  ["high", "low"],
  ["higher", "lower"],
  ["highest", "lowest"],
  ["active", "inactive"],
  ["valid", "invalid"],
  ["pass", "fail"],
  ["passed", "failed"],
  ["passing", "failing"],
  ["more", "less"],
  ["most", "least"],
  ["larger", "smaller"],
  ["largest", "smallest"],
  ["bigger", "smaller"],
  ["biggest", "smallest"],
  ["before", "after"],
  ["earlier", "later"],
  ["first", "last"],
  ["win", "lose"],
  ["won", "lost"],
  ["accept", "reject"],
  ["accepted", "rejected"],
  ["approve", "deny"],
  ["approved", "denied"],
  ["allow", "forbid"],
  ["allowed", "prohibited"],
  ["success", "failure"],
  ["succeeded", "failed"],
  ["open", "closed"],
  ["enable", "disable"],
  ["enabled", "disabled"],
  ["include", "exclude"],
  ["included", "excluded"],
  ["positive", "negative"],
  ["agree", "disagree"],
  ["agreed", "refused"],
  ["support", "oppose"],
  ["supported", "opposed"],
  ["strong", "weak"],
  ["stronger", "weaker"],
  ["cheap", "expensive"],
  ["cheaper", "pricier"],
  ["fast", "slow"],
  ["faster", "slower"],
  ["easy", "difficult"],
  ["easier", "harder"],
  ["like", "dislike"],
  ["love", "hate"],
  ["always", "never"],
  ["true", "false"],
  ["male", "female"],
  ["minimum", "maximum"],
  ["buy", "sell"],
  ["bought", "sold"],
  ["add", "remove"],
  ["added", "removed"],
  ["start", "end"],
  ["started", "ended"],
  ["begin", "finish"],
  ["arrive", "depart"],
  ["import", "export"],
  ["inside", "outside"],
  ["above", "below"],
  ["over", "under"],
  ["north", "south"],
  ["east", "west"],
  ["old", "new"],
  ["older", "newer"],
  ["oldest", "newest"],
  ["hot", "cold"],
  ["profit", "loss"],
  ["surplus", "deficit"],
  ["majority", "minority"],
  ["full", "empty"],
  // "granted in full" against "GRANTED IN PART", "full-time" against "part-time".
  ["full", "part"],
  ["fully", "partially"],
  ["required", "optional"],
  ["public", "private"],
  ["internal", "external"],
  ["online", "offline"],
  ["present", "absent"],
  ["alive", "dead"],
];

const MAP = new Map<string, Set<string>>();
for (const [a, b] of PAIRS) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const sx = stemOf(x);
    const sy = stemOf(y);
    if (!MAP.has(sx)) MAP.set(sx, new Set());
    MAP.get(sx)!.add(sy);
  }
}

/** Stems opposite to `stem`, or undefined. */
export function antonymsOf(stem: string): ReadonlySet<string> | undefined {
  return MAP.get(stem);
}
