/**
 * Superlative claims ("The largest is openssl at 2,315 KB", "react has the longest release history, with
 * 2,963 published versions"): the value must be the extreme of its field over every record, and belong to
 * the entity the claim names.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { DateMention, Quantity } from "../quantity/types.js";
import { slotWord, withSlotSynonyms } from "./slot-synonyms.js";
import { passageFacts, type EvidenceFact } from "./evidence-facts.js";
import { compare, compatible } from "./figure-compare.js";
import type { FactValue } from "./evidence-facts.js";
import { identityLine } from "./record-names.js";

const MOST = /\b(?:largest|biggest|highest|most|longest|greatest|heaviest|newest|latest|max(?:imum)?|slowest|priciest|costliest)\b/i;
// "min" after a number is minutes ("11 min"), no minimum.
const LEAST = /\b(?:smallest|lowest|least|fewest|shortest|lightest|oldest|earliest|minimum|(?<!\d\s?)min|fastest|quickest|cheapest)\b/i;
/** Speed words: "fastest" is the least latency but the most throughput. */
const SPEED = /\b(?:fastest|quickest|slowest)\b/i;
const RATE_FIELD = /(?:per|rps|qps|throughput|speed|mbps|gbps|ops|tps)/i;

/**
 * Which extreme a claim states: "most", "least" or null. With a field key, speed words read as time
 * ("fastest" = least latency) unless the field is a rate (`requests_per_sec`: "fastest" = most).
 */
export function superlativeOf(text: string, fieldKey = ""): "most" | "least" | null {
  const which = MOST.test(text) ? "most" : LEAST.test(text) ? "least" : null;
  if (which && SPEED.test(text) && RATE_FIELD.test(fieldKey)) return which === "most" ? "least" : "most";
  return which;
}

/** A field's name across records: its key words without array indices (`installed size`). */
export function fieldName(f: EvidenceFact): string {
  return [...f.key]
    .filter((k) => !/^\d+$/.test(k))
    .sort()
    .join(" ");
}

/**
 * Whether a value is its row's first field: a table's first column, an element's leading id (`PORT: 2B`, read
 * as a figure). That field names the row; it is no measure to rank.
 */
export function namesItsRow(f: EvidenceFact): boolean {
  return f.row !== undefined && f.row.startsWith(f.quote.text);
}

const valueOf = (f: EvidenceFact) => (f.value as { q: Quantity }).q.value;

/** The extreme value of a field among `facts` (quantities under that field), or null with fewer than two. */
export function extremeOf(field: string, facts: EvidenceFact[], which: "most" | "least"): EvidenceFact | null {
  const peers = facts.filter((f) => f.value.type === "quantity" && f.key.size > 0 && fieldName(f) === field);
  if (peers.length < 2) return null;
  return peers.reduce((a, b) => ((which === "most" ? valueOf(b) > valueOf(a) : valueOf(b) < valueOf(a)) ? b : a));
}

/** Records above which the ledger is not read whole for a superlative (each record's facts cost ~0.2 ms). */
const MAX_RECORDS = 50;

/** An array element's identity line (`rows[2].name: openssl`). */
const ROW_IDENTITY = /(?:^|\n)([^\n:]*\.(?:name|package|pkg|title|symbol|ticker|id|sku)): ([^\n]{1,80})/i;

/** An array element's first line, when its value is a word or code. */
const FIRST_FIELD = /^([^\n:]*\.[^\n.:]+): (\p{L}[\p{L}\p{N}._/-]{0,79})(?=\n|$)/u;

/** Whose a value is: its array element's identity (`rows[2].name: openssl`), else its record's (`Package: openssl`). */
export interface Owner {
  /** The identity as written. */
  name: string;
  evidenceId: string;
  /** The identity value's span in the record. */
  span: [number, number];
  /** The identity line and its span in the record. */
  line: string;
  lineSpan: [number, number];
}

/** The entity a value belongs to, or null when neither its array element nor its record names one. */
export function ownerOf(fact: EvidenceFact, ledger: EvidenceLedger): Owner | null {
  const evidenceId = fact.chunk.evidenceId;
  if (fact.row !== undefined) {
    // The row's name field, else its first field when that is a word or code (`region: eu-central-1`).
    const m = ROW_IDENTITY.exec(fact.row) ?? FIRST_FIELD.exec(fact.row);
    const text = ledger.get(evidenceId)?.text;
    if (!m || !text) return null;
    const line = `${m[1]}: ${m[2]}`;
    const at = text.indexOf(line);
    if (at < 0) return null;
    const name = m[2]!.trim();
    const start = at + m[1]!.length + 2;
    return { name, evidenceId, span: [start, start + name.length], line, lineSpan: [at, at + line.length] };
  }
  const identity = identityLine(ledger, evidenceId);
  if (identity) return { name: identity.value, evidenceId, span: identity.span, line: identity.line, lineSpan: identity.lineSpan };
  // A JSON record's first field, when it is a word or code (`team: Payments`).
  const text = ledger.get(evidenceId)?.text ?? "";
  const m = /^([^\n:.[\]]+): (\p{L}[\p{L}\p{N}._/-]{0,79})(?=\n|$)/u.exec(text);
  if (!m || ledger.get(evidenceId)?.format !== "json") return null;
  const start = m[1]!.length + 2;
  return { name: m[2]!, evidenceId, span: [start, start + m[2]!.length], line: m[0], lineSpan: [0, m[0].length] };
}

/**
 * The names an array element gives itself: its short text fields (`rows[1].course: CS240`,
 * `rows[1].instructor: Prof. Tomas Okafor`), each with its key and place in the record. A claim may name a
 * row by any of them.
 */
function rowNames(fact: EvidenceFact, ledger: EvidenceLedger): Array<Owner & { key: string }> {
  if (fact.row === undefined) return [];
  const text = ledger.get(fact.chunk.evidenceId)?.text ?? "";
  const out: Array<Owner & { key: string }> = [];
  for (const m of fact.row.matchAll(/^([^\n:]*\.([^\n.:[\]]+)): (\p{L}[^\n]{0,59})$/gmu)) {
    const line = `${m[1]}: ${m[3]}`;
    const at = text.indexOf(line);
    if (at < 0) continue;
    const name = m[3]!.trim();
    const start = at + m[1]!.length + 2;
    out.push({ key: m[2]!, name, evidenceId: fact.chunk.evidenceId, span: [start, start + name.length], line, lineSpan: [at, at + line.length] });
  }
  return out;
}

/** What a superlative claim's entity check found (see {@link superlativeEntity}). */
export interface SuperlativeEntity {
  /** The extreme value of the field, and whose it is. */
  extreme: EvidenceFact;
  owner: Owner;
  /** The claim's name for an entity of the field ("nginx"), lower-case. */
  named: string;
  /** Whether the claim names the extreme's owner. */
  agrees: boolean;
  /** The named entity's own value of the field. */
  own: EvidenceFact;
}

/** The keyed quantities of a small ledger (each passage's facts are cached by the ledger). */
function ledgerFacts(ledger: EvidenceLedger): EvidenceFact[] {
  const facts: EvidenceFact[] = [];
  for (const chunk of ledger.chunks)
    for (const f of passageFacts(ledger, chunk, ledger.get(chunk.evidenceId)?.format === "json").facts)
      if (f.value.type === "quantity" && f.key.size > 0) facts.push(f);
  return facts;
}

/**
 * Checks whose extreme a superlative claim names: "The largest is nginx at 2,315 KB", "The region with the
 * highest error rate is ap-southeast-2", "The fastest service is search-api at 120 ms p95". The field is the
 * one of the claim's figure (`hint`), else the field whose key shares most words with the claim; its values
 * over every record and row are compared ("fastest" is the least latency, the most throughput). Reads every
 * record (up to {@link MAX_RECORDS}).
 * @param names the claim's names, lower-case.
 * @param claimStems content stems of the claim.
 * @param claimed the claim's figure for the field, if any: it must equal the extreme, else the figure is
 *   what is wrong and null is returned.
 * @returns null when the claim names no entity that has a value in the field.
 */
export function superlativeEntity(
  text: string,
  names: string[],
  claimStems: Set<string>,
  claimed: FactValue | null,
  hint: EvidenceFact | null,
  ledger: EvidenceLedger,
): SuperlativeEntity | null {
  // "latest", "newest", "oldest", "earliest" name a release or a date ("the `latest` dist-tag"), not an entity's rank.
  const ranked = text.replace(/\b(?:latest|newest|oldest|earliest)\b/gi, "");
  if (!superlativeOf(ranked) || names.length === 0 || ledger.records.length > MAX_RECORDS) return null;
  text = ranked;
  const facts = ledgerFacts(ledger);
  // Candidate fields: the figure's own, those holding a value equal to the figure, and (without a figure)
  // the one whose key shares most words with the claim ("error rate" for `error_rate_pct`).
  const fields: string[] = [];
  if (hint && hint.key.size > 0) fields.push(fieldName(hint));
  if (claimed) {
    for (const f of facts)
      if (compatible(claimed, f.value) && compare(claimed, f.value) === "match" && !fields.includes(fieldName(f))) fields.push(fieldName(f));
  } else {
    const synonyms = withSlotSynonyms(claimStems);
    let best = 0;
    let named: string | null = null;
    for (const f of facts) {
      // Through slot synonyms: "the cheapest dish" names `price`, "the most expensive service" names `cost`.
      const overlap = [...f.key].filter((k) => !/^\d+$/.test(k) && (claimStems.has(k) || synonyms.has(slotWord(k)))).length;
      if (overlap > best) (best = overlap), (named = fieldName(f));
    }
    if (named !== null) fields.push(named);
  }
  // One field's values form groups: the rows of one query result, or the records that each name an entity.
  const groups: EvidenceFact[][] = [];
  for (const field of fields.slice(0, 8)) {
    const all = facts.filter((f) => fieldName(f) === field);
    const byRecord = new Map<string, EvidenceFact[]>();
    for (const f of all) if (f.row !== undefined) byRecord.set(f.chunk.evidenceId, [...(byRecord.get(f.chunk.evidenceId) ?? []), f]);
    const records = all.filter((f) => f.row === undefined);
    const ordered = [...byRecord.entries()].sort(([a], [b]) => (a === hint?.chunk.evidenceId ? -1 : b === hint?.chunk.evidenceId ? 1 : 0)).map(([, g]) => g);
    groups.push(...ordered, ...(records.length > 0 ? [records] : []));
  }
  for (const peers of groups) {
    const field = fieldName(peers[0]!);
    const which = superlativeOf(text, field);
    const extreme = which && extremeOf(field, peers, which);
    if (!extreme) continue;
    if (claimed && (!compatible(claimed, extreme.value) || compare(claimed, extreme.value) !== "match")) continue;
    const owner = ownerOf(extreme, ledger);
    if (namesItsRow(extreme)) continue;
    for (const peer of peers) {
      const o = ownerOf(peer, ledger)?.name.toLowerCase();
      if (owner && o !== undefined && names.includes(o)) {
        const agrees = o === owner.name.toLowerCase() || names.includes(owner.name.toLowerCase());
        return { extreme, owner, named: o, agrees, own: agrees ? extreme : peer };
      }
      // A row the claim names by another of its fields ("CS240" for `rows[1].course`): the extreme row's
      // value of that field is the right name.
      const byField = rowNames(peer, ledger).find((r) => names.includes(r.name.toLowerCase()));
      if (byField) {
        const theirs = rowNames(extreme, ledger).find((r) => r.key === byField.key);
        if (!theirs) continue;
        const agrees = theirs.name.toLowerCase() === byField.name.toLowerCase();
        return { extreme, owner: theirs, named: byField.name.toLowerCase(), agrees, own: agrees ? extreme : peer };
      }
    }
  }
  return null;
}

/** What a superlative claim about a day found (see {@link superlativeDay}). */
export interface SuperlativeDay {
  /** The extreme value of the field the claim ranks. */
  extreme: EvidenceFact;
  /** The extreme element's day, when it has one day field (a period's start and end are two): the correction. */
  day: EvidenceFact | null;
  /**
   * Whether the elements the day names hold the extreme: all of them (true), none (false), or some (null: the
   * day names a period that starts on it and one that ends on it, and which one the claim means is not known).
   */
  agrees: boolean | null;
}

/**
 * Checks a superlative claim that names its element by a day: "The most expensive day was 12 February", "The
 * wettest day will be Thursday 9 May". The elements are those of one array whose day field (any of them: a
 * period's start and end) is the claim's day; the field ranked is the array's quantity field whose key the
 * claim's words name (through slot synonyms: "expensive" names `cost`). Reads every record (up to
 * {@link MAX_RECORDS}).
 * @returns null unless one field is named, its array has at least two elements and some of them carry the
 *   claim's day.
 */
export function superlativeDay(text: string, day: DateMention, claimStems: Set<string>, ledger: EvidenceLedger): SuperlativeDay | null {
  const ranked = text.replace(/\b(?:latest|newest|oldest|earliest)\b/gi, "");
  if (!superlativeOf(ranked) || day.granularity !== "day" || ledger.records.length > MAX_RECORDS) return null;
  const facts: EvidenceFact[] = [];
  for (const chunk of ledger.chunks)
    for (const f of passageFacts(ledger, chunk, ledger.get(chunk.evidenceId)?.format === "json").facts) if (f.rowId !== undefined) facts.push(f);
  const stems = withSlotSynonyms(claimStems);
  const named = (f: EvidenceFact) => [...f.key].filter((k) => !/^\d+$/.test(k) && stems.has(slotWord(k))).length;
  const quantities = facts.filter((f) => f.value.type === "quantity" && f.key.size > 0 && named(f) > 0);
  const fields = new Set(quantities.map(fieldName));
  if (fields.size !== 1) return null;
  const field = [...fields][0]!;
  const which = superlativeOf(ranked, field);
  const extreme = which && extremeOf(field, quantities, which);
  if (!extreme) return null;
  // The elements the day names: those whose day field is the claim's day, and the elements inside them (a
  // day's cost groups).
  const dayRows = facts
    .filter((f) => f.value.type === "date" && f.value.d.granularity === "day" && compare({ type: "date", d: day }, f.value) === "match")
    .map((f) => f.rowId!);
  const within = (rowId: string) => dayRows.some((r) => rowId === r || rowId.startsWith(`${r}.`));
  const dayValues = quantities.filter((f) => f.chunk.evidenceId === extreme.chunk.evidenceId && within(f.rowId!));
  if (dayValues.length === 0) return null;
  const top = valueOf(extreme);
  const holds = dayValues.filter((f) => valueOf(f) === top).length;
  const ofExtreme = facts.filter(
    (f) => f.value.type === "date" && f.value.d.granularity === "day" && (extreme.rowId === f.rowId || extreme.rowId!.startsWith(`${f.rowId}.`)),
  );
  return { extreme, day: ofExtreme.length === 1 ? ofExtreme[0]! : null, agrees: holds === dayValues.length ? true : holds === 0 ? false : null };
}
