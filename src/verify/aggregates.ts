/**
 * Quantified claims over the entities a tool returned: "Two of the 3 packages are in the `utils` section",
 * "Every one of the 4 packages has at least one runtime dependency", "Only 1% of them are MIT-licensed",
 * "Three of the 4 packages (`ws`, `dotenv`, `lodash`) have no runtime dependencies". No single evidence line
 * states such a count: it is counted here over the entities' fields (one row of a query result, or one
 * record naming its entity, is one entity).
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import { lastKey, wordAt } from "./category-values.js";
import { recordIdentity } from "./record-names.js";

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUM = `(\\d{1,3}|${WORDS.join("|")})`;
const numberOf = (s: string): number => (/^\d+$/.test(s) ? Number(s) : WORDS.indexOf(s.toLowerCase()));

/** How a claim quantifies over a group of entities. */
export interface Quantifier {
  kind: "count" | "all" | "none" | "percent";
  /** The count (or percentage) the claim states; the group's size for "all", 0 for "none". */
  value: number;
  /** The group's size, when the claim states it ("of the 3 packages"). */
  of: number | null;
  /** Span of the stated count or percentage in the claim (the part a correction replaces). */
  span: [number, number];
  /** Where the quantifier ends: the predicate follows. */
  end: number;
}

const COUNT = new RegExp(`\\b${NUM} of (?:the|these|those) ${NUM}\\b`, "i");
const ALL = new RegExp(`\\b(?:all|each|every one|every single one) of the ${NUM}\\b|\\ball ${NUM}\\b`, "i");
const NONE = new RegExp(`\\bnone of (?:them|the ${NUM})\\b`, "i");
const PERCENT = new RegExp(`(\\d+(?:\\.\\d+)?)\\s?% of (?:them|the ${NUM})\\b`, "i");

/** The claim's quantifier over a group, or null. */
export function quantifierOf(text: string): Quantifier | null {
  // "Every one of the 4" before "one of the 4".
  let m = ALL.exec(text);
  if (m) {
    const of = numberOf((m[1] ?? m[2])!);
    return { kind: "all", value: of, of, span: [m.index, m.index + m[0].length], end: m.index + m[0].length };
  }
  m = COUNT.exec(text);
  if (m) return { kind: "count", value: numberOf(m[1]!), of: numberOf(m[2]!), span: [m.index, m.index + m[1]!.length], end: m.index + m[0].length };
  m = PERCENT.exec(text);
  if (m)
    return {
      kind: "percent",
      value: Number(m[1]),
      of: m[2] ? numberOf(m[2]) : null,
      span: [m.index, m.index + m[0].indexOf("%") + 1],
      end: m.index + m[0].length,
    };
  m = NONE.exec(text);
  if (m) return { kind: "none", value: 0, of: m[1] ? numberOf(m[1]) : null, span: [m.index, m.index + 4], end: m.index + m[0].length };
  return null;
}

/** One entity: its name and its fields (last key segment, lower-case) with their values and lines. */
interface Entity {
  name: string;
  fields: Map<string, Array<{ value: string; quote: EvidenceQuote }>>;
}

const LINE = /^([^\n:]{1,120}?): ([^\n]*)$/gm;
const ROW = /^(.*?\[\d+\])\.(.+)$/;
const ROW_NAME = /^(?:name|package|pkg|title|symbol|ticker)$/i;

/** Records above which no groups are read (a quantified claim counts what a few tool calls returned). */
const MAX_RECORDS = 200;

/** The entity groups of the ledger: each array of named rows (a query result), then the named records. */
function groupsOf(ledger: EvidenceLedger): Entity[][] {
  if (ledger.records.length > MAX_RECORDS) return [];
  return ledger.memo("aggregate-groups", String(ledger.records.length), () => {
    const groups: Entity[][] = [];
    const named: Entity[] = [];
    for (const record of ledger.records) {
      const rows = new Map<string, Entity>();
      const top: Entity = { name: recordIdentity(ledger, record.id) ?? "", fields: new Map() };
      for (const m of record.text.matchAll(LINE)) {
        const path = m[1]!;
        const value = m[2]!.trim();
        const quote: EvidenceQuote = { evidenceId: record.id, source: record.source, text: m[0], span: [m.index!, m.index! + m[0].length] };
        const row = ROW.exec(path);
        if (row && !row[2]!.includes("[")) {
          let e = rows.get(row[1]!);
          if (!e) {
            rows.set(row[1]!, (e = { name: "", fields: new Map() }));
            // A row's first field names it when it is a word or code (`region: us-east-1`, `id: INC-2041`).
            if (/^\p{L}[\p{L}\p{N}._:/-]*$/u.test(value)) e.name = value.toLowerCase();
          }
          if (ROW_NAME.test(row[2]!)) e.name = value.toLowerCase();
          add(e, lastKey(row[2]!), value, quote);
        } else if (!path.includes("[")) {
          // A nested object's members count for it: `dependencies.chalk: ^5` is one dependency.
          const parts = path.split(".");
          if (parts.length > 1) add(top, `${parts[0]!.toLowerCase()}#members`, parts.slice(1).join("."), quote);
          add(top, lastKey(path), value, quote);
        }
      }
      const rowEntities = [...rows.values()].filter((e) => e.name !== "");
      if (rowEntities.length >= 2) groups.push(rowEntities);
      else if (top.name) named.push(top);
    }
    if (named.length >= 2) groups.push(named);
    return groups;
  });
}

function add(e: Entity, key: string, value: string, quote: EvidenceQuote): void {
  let list = e.fields.get(key);
  if (!list) e.fields.set(key, (list = []));
  list.push({ value, quote });
}

/** What the claim says of each entity: a predicate that is true, false or unknown (null) for it. */
type Predicate = (e: Entity) => { holds: boolean; quote: EvidenceQuote } | null;

/** "no runtime dependencies", "without dependencies", "at least one runtime dependency": up to three words. */
const ZERO = /\b(?:no|zero|without)\s+((?:[\w-]+\s+){0,2}[\w-]+)/i;
const SOME = /\bat least one\s+((?:[\w-]+\s+){0,2}[\w-]+)/i;

/**
 * A count field's value for a noun ("dependencies" -> `dependencies: 4`, `dependencyCount: 0`, or the
 * members of `dependencies.*`; `dependencies: {}` is none).
 */
function countFor(e: Entity, noun: string): { n: number; quote: EvidenceQuote } | null {
  for (const [key, values] of e.fields) {
    if (key.endsWith("#members")) continue;
    if (!tokenize(key).some((t) => stemOf(t) === noun)) continue;
    const v = values[0]!;
    if (/^\d+$/.test(v.value)) return { n: Number(v.value), quote: v.quote };
    if (/^(?:\{\}|\[\])$/.test(v.value)) return { n: 0, quote: v.quote };
  }
  for (const [key, values] of e.fields) if (key.endsWith("#members") && stemOf(key.slice(0, -8)) === noun) return { n: values.length, quote: values[0]!.quote };
  return null;
}

/** The predicate after the quantifier: a count of zero or at least one, else a categorical value. */
function predicateOf(text: string, group: Entity[]): Predicate | null {
  const zero = ZERO.exec(text);
  const some = SOME.exec(text);
  const count = zero ?? some;
  if (count) {
    // The counted noun is the first of those words that names a count field of the group ("runtime" does not).
    const noun = count[1]!
      .split(/\s+/)
      .map((w) => stemOf(w.toLowerCase()))
      .find((n) => group.some((e) => countFor(e, n) !== null));
    if (noun === undefined) return null;
    return (e) => {
      const c = countFor(e, noun);
      return c && { holds: zero ? c.n === 0 : c.n >= 1, quote: c.quote };
    };
  }
  // A field value of the group's entities that the claim states as a word ("utils", "MIT" in "MIT-licensed").
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}.+-]+|-(?=\p{L})/u)
      .map((w) => w.replace(/^\.+|\.+$/g, ""))
      .filter(Boolean),
  );
  let best: { key: string; value: string; n: number } | null = null;
  for (const e of group) {
    for (const [key, values] of e.fields) {
      if (key.endsWith("#members") || ROW_NAME.test(key)) continue;
      for (const { value } of values) {
        const v = value.toLowerCase();
        if (!/^\p{L}[\p{L}\p{N}._+ -]{1,30}$/u.test(v) || !(words.has(v) || (/[- ]/.test(v) && wordAt(text, v) >= 0))) continue;
        const n = group.filter((x) => x.fields.get(key)?.some((y) => y.value.toLowerCase() === v)).length;
        if (!best || n > best.n) best = { key, value: v, n };
      }
    }
  }
  if (!best) return null;
  const { key, value } = best;
  return (e) => {
    const values = e.fields.get(key);
    return values ? { holds: values.some((x) => x.value.toLowerCase() === value), quote: values[0]!.quote } : null;
  };
}

/** The count a quantified claim states, checked over a group of entities. */
export interface AggregateCheck {
  quantifier: Quantifier;
  /** How many of the group's entities satisfy the claim's predicate. */
  count: number;
  size: number;
  /** Whether the claim's count (or percentage, or "all"/"none") agrees. */
  agrees: boolean;
  /** The right count, as the claim would write it ("1", "100%"); null for "all"/"none". */
  correction: string | null;
  /** The field lines counted, one per entity. */
  quotes: EvidenceQuote[];
}

/**
 * Checks a quantified claim over the first group of entities of the stated size (the rows of a query
 * result, else the records that name their entity), when the claim's predicate can be read for every one
 * of them and every entity the claim lists in parentheses satisfies it.
 * @returns null when the claim has no quantifier, no group fits, or the predicate is unknown for some entity.
 */
export function checkAggregate(text: string, ledger: EvidenceLedger): AggregateCheck | null {
  const quantifier = quantifierOf(text);
  if (!quantifier) return null;
  const rest = text.slice(quantifier.end);
  for (const group of groupsOf(ledger)) {
    if (quantifier.of !== null && group.length !== quantifier.of) continue;
    const predicate = predicateOf(rest, group);
    if (!predicate) continue;
    const read = group.map((e) => predicate(e));
    if (read.some((r) => r === null)) continue;
    const holds = read.filter((r) => r!.holds);
    const count = holds.length;
    const size = group.length;
    // Entities named in the claim ("(`ws`, `dotenv`, `lodash`)") must be among those that satisfy it.
    const listed = /\(([^)]*)\)/.exec(rest)?.[1];
    if (listed) {
      const names = listed
        .split(/[,\s`]+|\band\b/)
        .map((s) => s.toLowerCase())
        .filter(Boolean);
      const ok = names.every((n) => group.some((e, i) => e.name === n && read[i]!.holds));
      if (!ok) continue;
    }
    const quotes = read.map((r) => r!.quote);
    switch (quantifier.kind) {
      case "count":
        return { quantifier, count, size, agrees: count === quantifier.value, correction: String(count), quotes };
      case "all":
        return { quantifier, count, size, agrees: count === size, correction: null, quotes };
      case "none":
        return { quantifier, count, size, agrees: count === 0, correction: null, quotes };
      case "percent": {
        const pct = (100 * count) / size;
        return { quantifier, count, size, agrees: Math.abs(pct - quantifier.value) < 0.5, correction: `${Math.round(pct * 10) / 10}%`, quotes };
      }
    }
  }
  return null;
}
