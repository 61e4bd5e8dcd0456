/**
 * How many elements each array of a JSON tool output holds, as evidence facts: agents count what tools
 * return ("One payment arrived", "you have 3 open orders"), and a flattened record states each element but
 * never the count. An empty array is already a fact (`orders: []`, count 0, in evidence-facts.ts).
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { Quantity } from "../quantity/types.js";
import type { Chunk } from "../schema.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";

interface ArrayCount {
  /** Key path of the array (`orders`, `orders[0].items`; `` for a top-level array). */
  path: string;
  count: number;
  /** The last element's first line in the record text, and the span of its index digits. */
  line: [number, number];
  index: [number, number];
}

/** Arrays of one flattened JSON record (`orders[2].id: 7` lines), with their element counts. */
export function arrayCounts(text: string): ArrayCount[] {
  const byPath = new Map<string, ArrayCount>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const colon = text.indexOf(": ", start);
    const keyEnd = colon >= 0 && colon < end ? colon : end;
    const key = text.slice(start, keyEnd);
    for (const m of key.matchAll(/\[(\d+)\]/g)) {
      const path = key.slice(0, m.index);
      const n = Number(m[1]) + 1;
      const seen = byPath.get(path);
      if (!seen || n > seen.count) {
        const at = start + m.index! + 1;
        byPath.set(path, { path, count: n, line: [start, end], index: [at, at + m[1]!.length] });
      }
    }
    start = end + 1;
  }
  return [...byPath.values()];
}

/** Keys that wrap a list without naming what it lists: a GraphQL connection's `edges` and `nodes`. */
const WRAPPER_KEY = /^(?:edges|nodes)$/;

/**
 * The noun an array's elements are counted by: its key's last segment, or, for a wrapper key under a named
 * one (`orders.edges`, `issues.nodes`), that name (`orders`). The elements of an
 * element's array (`orders[0].edges`) are not the parent's.
 */
export function arrayNoun(path: string): string {
  const m = /(?:^|\.)([^.[\]"]+)\.([^.[\]"]+)$/.exec(path);
  if (m && WRAPPER_KEY.test(m[2]!)) return m[1]!;
  return (
    path
      .split(/[.[\]"]+/)
      .filter(Boolean)
      .pop() ?? ""
  );
}

/**
 * Count facts of the arrays whose last element starts inside `chunk`: value = element count, slot = the
 * array's key (or the tool's name for a top-level array: `list_payments`), quote = that element's line.
 */
export function countFacts(ledger: EvidenceLedger, chunk: Chunk): EvidenceFact[] {
  const record = ledger.get(chunk.evidenceId);
  if (!record || record.format !== "json") return [];
  const counts = ledger.memo("array-counts", record.id, () => arrayCounts(record.text));
  const out: EvidenceFact[] = [];
  for (const c of counts) {
    if (c.line[0] < chunk.span[0] || c.line[0] >= chunk.span[1]) continue;
    const noun = c.path === "" ? record.source : arrayNoun(c.path);
    const key = featuresOf(noun).stems;
    const text = String(c.count);
    const q: Quantity = {
      text,
      span: [0, text.length],
      kind: "number",
      value: c.count,
      alternatives: [],
      currency: null,
      dimension: null,
      unit: noun || null,
      precision: 0,
      approx: false,
      bound: "eq",
      word: false,
      count: true,
    };
    const lineText = record.text.slice(c.line[0], c.line[1]);
    out.push({
      value: { type: "quantity", q },
      slot: key,
      context: featuresOf(lineText).stems,
      key,
      structured: true,
      span: c.index,
      quote: { evidenceId: record.id, source: record.source, text: lineText, span: c.line },
      chunk,
    });
  }
  return out;
}
