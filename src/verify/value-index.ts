/**
 * A session-wide index of the values stated in evidence, bucketed by magnitude (numbers), year (dates) and
 * text (versions), so tier 0 can tell that a figure appears nowhere in the evidence without reading every
 * passage for every claim. Built incrementally: each call reads only the chunks recorded since the last.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";
import { passageFacts } from "./evidence-facts.js";

/** Magnitude bucket of a number: floor(log10 |v|), with 0 in its own bucket. */
function bucketOf(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return -99;
  return Math.floor(Math.log10(Math.abs(v)));
}

class ValueIndex {
  private synced = 0;
  private readonly numbers = new Map<number, EvidenceFact[]>();
  private readonly years = new Map<number, EvidenceFact[]>();
  private readonly versions = new Map<string, EvidenceFact[]>();
  private readonly names = new Map<string, EvidenceFact[]>();

  sync(ledger: EvidenceLedger): void {
    for (; this.synced < ledger.chunks.length; this.synced++) {
      const chunk = ledger.chunks[this.synced]!;
      const json = ledger.get(chunk.evidenceId)?.format === "json";
      for (const fact of passageFacts(ledger, chunk, json).facts) this.add(fact);
    }
  }

  private add(fact: EvidenceFact): void {
    const v = fact.value;
    if (v.type === "quantity") for (const x of [v.q.value, ...v.q.alternatives]) push(this.numbers, bucketOf(x), fact);
    else if (v.type === "date") push(this.years, v.d.year ?? 0, fact);
    else if (v.type === "version") push(this.versions, v.v, fact);
    else for (const word of v.n.key.split(" ")) push(this.names, word, fact);
  }

  /**
   * Evidence values that could equal `value`: numbers of the same magnitude give or take one (or a fraction
   * for a percent), dates of the same year, the same version, names sharing a word.
   */
  near(value: FactValue): EvidenceFact[] {
    if (value.type === "version") return this.versions.get(value.v) ?? [];
    if (value.type === "name") return value.n.key.split(" ").flatMap((w) => this.names.get(w) ?? []);
    if (value.type === "date") return value.d.year === null ? [...this.years.values()].flat() : [...(this.years.get(value.d.year) ?? [])];
    const out = new Set<EvidenceFact>();
    for (const x of [value.q.value, ...value.q.alternatives]) {
      const b = bucketOf(x);
      const buckets = value.q.kind === "percent" ? [b - 3, b - 2, b - 1, b, b + 1] : [b - 1, b, b + 1];
      for (const k of buckets) for (const f of this.numbers.get(k) ?? []) out.add(f);
    }
    return [...out];
  }
}

function push<K>(map: Map<K, EvidenceFact[]>, key: K, fact: EvidenceFact): void {
  const list = map.get(key);
  if (list) list.push(fact);
  else map.set(key, [fact]);
}

/** The ledger's value index, brought up to date. */
export function valueIndex(ledger: EvidenceLedger): ValueIndex {
  const index = ledger.memo("value-index", "all", () => new ValueIndex());
  index.sync(ledger);
  return index;
}
