/**
 * Values a claim may state that no single evidence value holds but a few do together (DESIGN.md: a claim
 * is supported by several passages when it is a sum, difference, ratio, percentage or date arithmetic
 * over recorded values). The shapes under `derived/` (see their index for the order) run first and may
 * contradict a figure whose operands are unambiguous; the sums, differences and date spans below only support.
 */
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";
import { derivedShape } from "./derived/index.js";
import { sentenceOf } from "./derived/sentence.js";

/** Words that say a figure adds values up: "in total", "combined", "together", "across". */
export const TOTAL_WORDS = /\b(?:total|combined|together|altogether|in all|across|sum|overall)\b/i;
import { featuresOf } from "./lexical-features.js";
import { GENERIC_COUNTER } from "./slot-reading.js";

/** Comparatives after "N times" that make it a ratio ("3 times larger", "2.5x faster"). */
const COMPARATIVES =
  "larger|bigger|greater|higher|lower|smaller|faster|slower|longer|shorter|heavier|lighter|cheaper|costlier|pricier|wider|deeper|taller|busier|louder|stronger|weaker|older|newer|hotter|colder|warmer|cooler";

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
  return {
    ...like,
    text: String(value),
    value,
    alternatives: [],
    precision: 0,
    approx: false,
    bound: "eq",
    word: false,
    currency: null,
    unit: null,
    kind: like.kind === "percent" ? "number" : like.kind,
  };
}

/**
 * @param claim a figure of the claim.
 * @param facts evidence values ranked for the claim's slot (best first), same kind or dates.
 * @param dateFacts evidence dates of the same records, for "N days between releases".
 * @param span the figure's span in `claimText`; with it the shapes under `derived/` run first.
 * @param draft the whole draft, where the claim's sentence (and so operands in sibling claims) is read.
 * @param readable every evidence quantity the claim may read (see `DerivedInput.readable`).
 * @returns the first evidence value of a combination that agrees, with a note, or null; `outcome:
 *   "mismatch"` when a shape's unambiguous operands give another value, held by `fact`.
 */
export function derivedMatch(
  claim: FactValue,
  facts: EvidenceFact[],
  dateFacts: EvidenceFact[] = [],
  subjectFacts: EvidenceFact[] = [],
  subjects = 0,
  claimText = "",
  span?: [number, number],
  draft?: string,
  readable?: () => EvidenceFact[],
): { fact: EvidenceFact; note: string; outcome?: "match" | "mismatch" } | null {
  if (span && claim.type === "quantity") {
    const shaped = derivedShape({
      figure: claim.q,
      span,
      text: claimText,
      sentence: sentenceOf(claimText, span, draft),
      values: [...facts, ...subjectFacts],
      dates: dateFacts,
      ...(readable ? { readable } : {}),
    });
    if (shaped) return shaped;
  }
  // "in total", "combined", "together", "across": a count may be a sum over the claim's subjects.
  const totalWords = TOTAL_WORDS.test(claimText);
  // "so 2,713.50 EUR is still open", "2 MB larger than": a difference needs words that say so; "DVDs for 2
  // weeks" is no difference of "3 weeks" and "1 week".
  const differenceWords =
    /\b(?:left|remaining|remains?|still|open|outstanding|due|balance|more|less|fewer|larger|smaller|bigger|longer|shorter|higher|lower|greater|than|difference|differ|gap|increase|decrease|grew|grown|rose|fell|dropped|saved?|after|minus|net change|up|down|over)\b/i.test(
      claimText,
    );
  if (claim.type !== "quantity") return null;
  const q = claim.q;
  // "The search found 4 packages": a count of the subjects, only where the claim counts a plural noun ("has 4
  // at the Toronto Store" counts no subjects).
  const counted = /^\s+(?:[\p{L}-]+\s+)?[\p{L}-]{2,}s\b/u.test(claimText.slice(q.span[1])) || q.unit !== null;
  // Nor where the counted noun names a field ("4 restarts" against `restartCount: 7`): that field is its slot.
  const noun = /^\s+([\p{L}-]{2,})/u.exec(claimText.slice(q.span[1]))?.[1];
  const nounStems = noun ? featuresOf(noun).stems : new Set<string>();
  const namesField = [...facts, ...subjectFacts].some((f) => [...nounStems].some((n) => f.key.has(n)));
  // Nor a generic counter ("4 units", "3 items"): it counts stock or pieces, no subjects.
  const generic = [...nounStems].some((n) => GENERIC_COUNTER.has(n)) || (q.unit !== null && [...featuresOf(q.unit).stems].some((n) => GENERIC_COUNTER.has(n)));
  if (q.kind === "number" && q.value === subjects && subjects > 1 && facts[0] && counted && !namesField && !generic)
    return { fact: facts[0], note: `equals the number of subjects the tools returned (${subjects})` };
  // Sums and ratios over the claim's subjects: "together they need about 5 MB", "2.1 times the size of".
  // A ratio is a fraction ("2.1 times") or a count of times ("roughly 404 times the size of").
  // "Attempted 3 times", "restarted 5 times a day" count occurrences: only "N times the/as/more/larger ..."
  // compares two values.
  const times = new RegExp(`${q.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*(?:times|x)\\s+(?:the|as|more|less|that|what|${COMPARATIVES})\\b`, "i").test(
    claimText,
  );
  const ratio = q.kind === "number" && (!Number.isInteger(q.value) || times);
  const sameKind = subjectFacts.filter((f) => f.value.type === "quantity" && (f.value.q.kind === q.kind || ratio));
  if (sameKind.length >= 2) {
    const vals = sameKind.slice(0, MAX_VALUES).map((f) => (f.value as { q: Quantity }).q.value);
    // Array indexes are not part of a field: rows[0].size and rows[1].size are one field.
    const field = (f: EvidenceFact) =>
      [...f.key]
        .filter((k) => !/^\d+$/.test(k))
        .sort()
        .join(" ");
    // Only where the claim says it adds up ("in total", "together"): "Revenue was $1.3 million" is no sum of
    // two other rows that happen to come to it.
    if (totalWords && (q.kind === "measure" || q.kind === "money" || q.kind === "number")) {
      // Sum per field ("Installed-Size" of each subject), never across fields.
      const byField = new Map<string, number[]>();
      sameKind.slice(0, MAX_VALUES).forEach((f, i) => {
        const k = field(f);
        if (k) byField.set(k, [...(byField.get(k) ?? []), vals[i]!]);
      });
      for (const [k, group] of byField) {
        if (group.length < 2) continue;
        const total = group.reduce((a, b) => a + b, 0);
        const like = { ...synthetic(q, total), kind: q.kind, dimension: q.dimension, unit: q.unit, currency: q.currency };
        if (matchQuantity(q, like) === "match")
          return { fact: sameKind[0]!, note: `equals the sum of ${group.length} values of '${k}' over the claim's subjects` };
      }
    }
    if ((q.kind === "money" || q.kind === "measure") && differenceWords) {
      // What is left after a payment or a deletion ("so 2,713.50 EUR is still open"): the difference of two
      // amounts of the claim's subjects in the same currency or dimension.
      const unitOf = (f: EvidenceFact) => (f.value as { q: Quantity }).q.currency ?? (f.value as { q: Quantity }).q.dimension;
      const mine = q.currency ?? q.dimension;
      for (let i = 0; i < vals.length; i++)
        for (let j = 0; j < vals.length; j++) {
          if (vals[i]! <= vals[j]! || (mine !== null && (unitOf(sameKind[i]!) !== mine || unitOf(sameKind[j]!) !== mine))) continue;
          const like = { ...synthetic(q, vals[i]! - vals[j]!), kind: q.kind, dimension: q.dimension, unit: q.unit, currency: q.currency };
          if (matchQuantity(q, like) === "match")
            return {
              fact: sameKind[i]!,
              note: `equals the difference of two values of the claim's subjects (${sameKind[i]!.quote.text} minus ${sameKind[j]!.quote.text})`,
            };
        }
    }
    if (ratio) {
      // Only values of the same field are compared ("Installed-Size" of two packages), else ratios abound.
      for (let i = 0; i < vals.length; i++)
        for (let j = 0; j < vals.length; j++) {
          if (
            i !== j &&
            vals[j] !== 0 &&
            field(sameKind[i]!) !== "" &&
            field(sameKind[i]!) === field(sameKind[j]!) &&
            matchQuantity(q, synthetic(q, vals[i]! / vals[j]!)) === "match"
          )
            return { fact: sameKind[i]!, note: "equals the ratio of two values of the claim's subjects" };
        }
    }
  }
  if (q.kind === "measure" && q.dimension === "time") {
    const days = dateFacts
      .map((f) => [f, dayNumber(f)] as const)
      .filter((x): x is readonly [EvidenceFact, number] => x[1] !== null)
      .slice(0, MAX_VALUES * 2);
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
  // A small count ("has 3 dependencies") is the sum or difference of some two nearby values by chance:
  // only a claim that says it adds up ("in total", "combined") is read that way.
  if (q.kind === "number" && Number.isInteger(q.value) && Math.abs(q.value) <= 12 && !totalWords) return null;
  const values = facts.filter((f) => f.value.type === "quantity").slice(0, MAX_VALUES);
  const num = (f: EvidenceFact) => (f.value as { q: Quantity }).q.value;
  const test = (value: number) => Number.isFinite(value) && matchQuantity(q, synthetic(q, value)) === "match";
  if (values.length >= 2 && totalWords) {
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
      if (j > i && totalWords && test(a + b)) return { fact: values[i]!, note: "equals the sum of two evidence values" };
      if (a > b && differenceWords && test(a - b)) return { fact: values[i]!, note: "equals the difference of two evidence values" };
      if (b !== 0 && a > b && q.kind === "number" && !Number.isInteger(q.value) && test(a / b))
        return { fact: values[i]!, note: "equals the ratio of two evidence values" };
    }
  }
  return null;
}
