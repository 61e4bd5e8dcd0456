/**
 * Values a claim may state that no single evidence value holds but a few do together (DESIGN.md: a claim
 * is supported by several passages when it is a sum, difference, ratio, percentage or date arithmetic
 * over recorded values). Used only to support a figure, never to contradict one.
 */
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";

/** At most this many evidence values are combined (pairs: n^2 / 2). */
const MAX_VALUES = 12;
const DAY_MS = 86_400_000;

function dayNumber(f: EvidenceFact): number | null {
  if (f.value.type !== "date") return null;
  const d = f.value.d;
  if (d.year === null || d.month === null || d.day === null) return null;
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
}

function synthetic(like: Quantity, value: number): Quantity {
  return { ...like, text: String(value), value, alternatives: [], precision: 0, approx: false, bound: "eq", word: false, currency: null, unit: null, kind: like.kind === "percent" ? "number" : like.kind };
}

/**
 * @param claim a figure of the claim.
 * @param facts evidence values ranked for the claim's slot (best first), same kind or dates.
 * @param dateFacts evidence dates of the same records, for "N days between releases".
 * @returns the first evidence value of a combination that agrees, with a note, or null.
 */
export function derivedMatch(claim: FactValue, facts: EvidenceFact[], dateFacts: EvidenceFact[] = []): { fact: EvidenceFact; note: string } | null {
  if (claim.type !== "quantity") return null;
  const q = claim.q;
  if (q.kind === "measure" && q.dimension === "time") {
    const days = dateFacts.map((f) => [f, dayNumber(f)] as const).filter((x): x is readonly [EvidenceFact, number] => x[1] !== null).slice(0, MAX_VALUES * 2);
    for (let i = 0; i < days.length; i++) {
      for (let j = i + 1; j < days.length; j++) {
        const diff = Math.abs(days[i]![1] - days[j]![1]) * DAY_MS;
        if (diff > 0 && matchQuantity(q, { ...synthetic(q, diff), kind: "measure", dimension: "time", unit: "ms" }) === "match") {
          return { fact: days[i]![0], note: `equals the time between ${days[j]![0].quote.text} and ${days[i]![0].quote.text}` };
        }
      }
    }
    return null;
  }
  const values = facts.filter((f) => f.value.type === "quantity").slice(0, MAX_VALUES);
  const num = (f: EvidenceFact) => (f.value as { q: Quantity }).q.value;
  const test = (value: number) => Number.isFinite(value) && matchQuantity(q, synthetic(q, value)) === "match";
  if (values.length >= 2) {
    const total = values.reduce((s, f) => s + num(f), 0);
    if (q.kind !== "percent" && test(total)) return { fact: values[0]!, note: `equals the sum of ${values.length} evidence values` };
  }
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < values.length; j++) {
      if (i === j) continue;
      const a = num(values[i]!);
      const b = num(values[j]!);
      if (q.kind === "percent") {
        if (b !== 0 && test((a / b) * 100)) return { fact: values[i]!, note: "equals the ratio of two evidence values, as a percentage" };
        if (b !== 0 && test(((a - b) / b) * 100)) return { fact: values[i]!, note: "equals the change between two evidence values, as a percentage" };
        continue;
      }
      if (j > i && test(a + b)) return { fact: values[i]!, note: "equals the sum of two evidence values" };
      if (a > b && test(a - b)) return { fact: values[i]!, note: "equals the difference of two evidence values" };
      if (b !== 0 && a > b && q.kind === "number" && !Number.isInteger(q.value) && test(a / b)) return { fact: values[i]!, note: "equals the ratio of two evidence values" };
    }
  }
  return null;
}
