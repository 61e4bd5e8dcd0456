/**
 * Operands written in the claim's sentence, each stated by an evidence value: what the sentence shapes
 * (percent change, share, per-unit, spread, ratio) compute with.
 */
import type { Quantity } from "../../quantity/types.js";
import type { EvidenceFact } from "../evidence-facts.js";
import { featuresOf } from "../lexical-features.js";
import { stating } from "./arithmetic.js";
import { operandsOf, sameFamily } from "./sentence.js";
import type { DerivedInput } from "./types.js";

export interface Operand {
  q: Quantity;
  fact: EvidenceFact;
  /** The evidence value itself (more digits than the claim's rounding). */
  exact: number;
  /** Decimals the evidence writes it with. */
  decimals: number;
}

/**
 * The sentence's operand figures of one family (see `sameFamily`), nearest the figure first, with the
 * evidence values that state them; `all` counts every candidate (stated or not), so that a shape can tell
 * whether the operands are unambiguous.
 */
export function statedOperands(input: DerivedInput, like: (q: Quantity) => boolean): { stated: Operand[]; all: Quantity[] } {
  const all = operandsOf(input.sentence, like);
  const family = all[0];
  const same = family ? all.filter((q) => sameFamily(q, family)) : [];
  const stated: Operand[] = [];
  const words = featuresOf(input.sentence.text).stems;
  for (const q of same) {
    const fact = stating(q, input.values, words);
    if (!fact || fact.value.type !== "quantity") continue;
    const ev = fact.value.q;
    // The evidence value in the claim's units (a measure compares in base units, a bare number as written).
    const exact = ev.kind === q.kind || q.kind !== "measure" ? ev.value : q.value;
    stated.push({ q, fact, exact, decimals: decimalsOf(ev.text) });
  }
  return { stated, all: same };
}

function decimalsOf(text: string): number {
  return /\d\.(\d+)/.exec(text)?.[1]?.length ?? 0;
}

/** Whether the figure is written before, between or after two operands' spans. */
export function before(a: Quantity, span: [number, number]): boolean {
  return a.span[1] <= span[0];
}
