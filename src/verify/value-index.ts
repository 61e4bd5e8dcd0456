/**
 * A session-wide index of where values are stated in the evidence: numbers by magnitude, dates by year,
 * versions by text. Each entry is a chunk position (and a number's offset) only, so the index stays small;
 * tier 0 reads the facts of the few sentences it points at. Lets tier 0 tell that a figure appears nowhere in the evidence
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
  /** Where the number starts in the chunk's text. */
  at: number;
  q: Pick<Quantity, "kind" | "value" | "alternatives" | "currency" | "dimension" | "unit" | "precision">;
}

/** Scales under which a bare evidence number may state a claim's measure (KB, KiB, MB, MiB, GB, GiB, TB, ms->s). */
const MEASURE_SCALES = [1, 1e3, 1024, 1e6, 1048576, 1e9, 1073741824, 1e12];

class ValueIndex {
  private synced = 0;
  /** Every reading of every number, sorted by value on demand: a claim's figure finds its neighbours by binary search. */
  private readings: Array<{ v: number; entry: Entry }> = [];
  private sorted = true;
  private readonly years = new Map<number, Set<number>>();
  private readonly versions = new Map<string, Set<number>>();
  private chunks: ReadonlyArray<{ text: string }> = [];

  sync(ledger: EvidenceLedger): this {
    this.chunks = ledger.chunks;
    for (; this.synced < ledger.chunks.length; this.synced++) {
      const ord = this.synced;
      const text = ledger.chunks[ord]!.text;
      for (const q of extractQuantities(text)) {
        const entry: Entry = {
          ord,
          at: q.span[0],
          q: { kind: q.kind, value: q.value, alternatives: q.alternatives, currency: q.currency, dimension: q.dimension, unit: q.unit, precision: q.precision },
        };
        for (const v of new Set([q.value, ...q.alternatives])) if (Number.isFinite(v)) this.readings.push({ v, entry });
        this.sorted = false;
        if (q.value >= 1800 && q.value <= 2100) add(this.years, q.value, ord);
      }
      for (const d of extractDates(text)) add(this.years, d.year ?? 0, ord);
      for (const m of text.matchAll(VERSION)) add(this.versions, m[0].replace(/^v/, ""), ord);
    }
    return this;
  }

  /** Calls `fn` for each reading in [lo, hi], until it returns true. */
  private window(lo: number, hi: number, fn: (e: Entry) => boolean): void {
    let a = 0;
    let b = this.readings.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (this.readings[m]!.v < lo) a = m + 1;
      else b = m;
    }
    for (let i = a; i < this.readings.length && this.readings[i]!.v <= hi; i++) if (fn(this.readings[i]!.entry)) return;
  }

  /**
   * Chunks that state a value that could equal `value`: numbers that match it (rounding-aware; a measure's
   * evidence may be a bare number under a unit-named key, so any close magnitude counts), dates of the same
   * year, the same version. Names are looked up through the record-term index instead.
   * @param limit at most this many chunks (the first found; a common value is stated in many).
   * @param skip chunks not wanted (already read), not counted in `limit`.
   * @returns chunk position -> offsets of those values in the chunk's text (empty: somewhere in it).
   */
  chunksNear(value: FactValue, limit = Infinity, skip: (ord: number) => boolean = () => false): Map<number, number[]> {
    const out = new Map<number, number[]>();
    /** Adds a value's place; true once `limit` chunks are found. */
    const put = (ord: number, at: number): boolean => {
      const seen = out.get(ord);
      if (seen) seen.push(at);
      else if (!skip(ord)) out.set(ord, [at]);
      return out.size >= limit;
    };
    // Dates and versions are found again in the chunk's text (where a year or version is written out;
    // an empty list, as for "March '24", means "read the whole chunk").
    const take = (ords: Set<number> | undefined, written: string | null) => {
      for (const ord of ords ?? []) {
        if (out.size >= limit) return;
        if (skip(ord)) continue;
        const ats: number[] = [];
        const text = this.chunks[ord]!.text;
        if (written) for (let at = text.indexOf(written); at >= 0; at = text.indexOf(written, at + 1)) ats.push(at);
        out.set(ord, ats);
      }
    };
    if (value.type === "version") take(this.versions.get(value.v), value.v);
    else if (value.type === "date") {
      if (value.d.year === null) this.years.forEach((ords, year) => take(ords, String(year)));
      else take(this.years.get(value.d.year), String(value.d.year));
    } else if (value.type === "quantity") {
      const claim = value.q;
      if (!this.sorted) {
        this.readings.sort((a, b) => a.v - b.v);
        this.sorted = true;
      }
      const consider = (e: Entry): boolean => {
        if (claim.kind === "measure" && e.q.kind === "number") return put(e.ord, e.at);
        const ev = { ...claim, ...e.q, text: "", span: [0, 0] as [number, number], approx: false, bound: "eq" as const, word: false };
        return matchQuantity(claim, ev) === "match" && put(e.ord, e.at);
      };
      for (const x of [claim.value, ...claim.alternatives]) {
        // Wide enough for the claim's rounding and a hedge's tolerance; matchQuantity then decides.
        const width = (c: number) => Math.max(claim.precision * 2, Math.abs(c) * 0.06, 1e-9);
        const centres = claim.kind === "percent" ? [x, x / 100] : claim.kind === "measure" ? MEASURE_SCALES.map((f) => x / f) : [x];
        for (const c of centres) {
          this.window(c - width(c), c + width(c), consider);
          if (out.size >= limit) return out;
        }
      }
    }
    return out;
  }
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
