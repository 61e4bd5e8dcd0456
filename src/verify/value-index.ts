/**
 * A session-wide index of where values are stated in the evidence: numbers by magnitude, dates by year,
 * versions by text. Each entry is a chunk position only, so the index stays small; tier 0 reads the full
 * facts of the few chunks it points at. Lets tier 0 tell that a figure appears nowhere in the evidence
 * without reading every passage for every claim. Built incrementally (each call reads only new chunks).
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { extractDates } from "../quantity/date-parse.js";
import { extractQuantities } from "../quantity/quantity-extract.js";
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { FactValue } from "./evidence-facts.js";
import { VERSION } from "./evidence-facts.js";

/** What the index keeps of a number: enough to test a match, not the whole fact. */
interface Entry {
  ord: number;
  q: Pick<Quantity, "kind" | "value" | "alternatives" | "currency" | "dimension" | "unit" | "precision">;
}

/** Magnitude bucket of a number: floor(log10 |v|), with 0 in its own bucket. */
function bucketOf(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return -99;
  return Math.floor(Math.log10(Math.abs(v)));
}

class ValueIndex {
  private synced = 0;
  private readonly numbers = new Map<number, Entry[]>();
  private readonly years = new Map<number, Set<number>>();
  private readonly versions = new Map<string, Set<number>>();

  sync(ledger: EvidenceLedger): this {
    for (; this.synced < ledger.chunks.length; this.synced++) {
      const ord = this.synced;
      const text = ledger.chunks[ord]!.text;
      for (const q of extractQuantities(text)) {
        const entry: Entry = { ord, q: { kind: q.kind, value: q.value, alternatives: q.alternatives, currency: q.currency, dimension: q.dimension, unit: q.unit, precision: q.precision } };
        for (const b of new Set([q.value, ...q.alternatives].map(bucketOf))) push(this.numbers, b, entry);
        if (q.value >= 1800 && q.value <= 2100) add(this.years, q.value, ord);
      }
      for (const d of extractDates(text)) add(this.years, d.year ?? 0, ord);
      for (const m of text.matchAll(VERSION)) add(this.versions, m[0].replace(/^v/, ""), ord);
    }
    return this;
  }

  /**
   * Positions of chunks that state a value that could equal `value`: numbers that match it (rounding-aware;
   * a measure's evidence may be a bare number under a unit-named key, so any close magnitude counts), dates
   * of the same year, the same version. Names are looked up through the record-term index instead.
   */
  chunksNear(value: FactValue): Set<number> {
    const out = new Set<number>();
    const take = (set: Set<number> | undefined) => set?.forEach((o) => out.add(o));
    if (value.type === "version") take(this.versions.get(value.v));
    else if (value.type === "date") {
      if (value.d.year === null) this.years.forEach(take);
      else take(this.years.get(value.d.year));
    } else if (value.type === "quantity") {
      const claim = value.q;
      for (const x of [claim.value, ...claim.alternatives]) {
        const b = bucketOf(x);
        const lo = claim.kind === "percent" ? b - 3 : claim.kind === "measure" ? b - 13 : b - 1;
        for (let k = lo; k <= b + 1; k++) {
          for (const e of this.numbers.get(k) ?? []) {
            if (out.has(e.ord)) continue;
            const ev = { ...claim, ...e.q, text: "", span: [0, 0] as [number, number], approx: false, bound: "eq" as const, word: false };
            if (claim.kind === "measure" && e.q.kind === "number") out.add(e.ord);
            else if (matchQuantity(claim, ev) === "match") out.add(e.ord);
          }
        }
      }
    }
    return out;
  }
}

function push<K>(map: Map<K, Entry[]>, key: K, entry: Entry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

function add<K>(map: Map<K, Set<number>>, key: K, ord: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(ord);
}

/** The ledger's value index, brought up to date. */
export function valueIndex(ledger: EvidenceLedger): ValueIndex {
  return ledger.memo("value-index", "all", () => new ValueIndex()).sync(ledger);
}
