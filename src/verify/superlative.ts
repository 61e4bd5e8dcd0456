/**
 * Superlative claims ("The largest is openssl at 2,315 KB", "react has the longest release history, with
 * 2,963 published versions"): the value must be the extreme of its field over every record, and belong to
 * the entity the claim names.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { Quantity } from "../quantity/types.js";
import { passageFacts, type EvidenceFact } from "./evidence-facts.js";
import { compare, compatible } from "./figure-compare.js";
import type { FactValue } from "./evidence-facts.js";
import { identityLine } from "./record-names.js";

const MOST = /\b(?:largest|biggest|highest|most|longest|greatest|heaviest|newest|latest|max(?:imum)?)\b/i;
const LEAST = /\b(?:smallest|lowest|least|fewest|shortest|lightest|oldest|earliest|min(?:imum)?)\b/i;

/** Which extreme a claim states: "most", "least" or null. */
export function superlativeOf(text: string): "most" | "least" | null {
  return MOST.test(text) ? "most" : LEAST.test(text) ? "least" : null;
}

/** A field's name across records: its key words without array indices (`installed size`). */
export function fieldName(f: EvidenceFact): string {
  return [...f.key].filter((k) => !/^\d+$/.test(k)).sort().join(" ");
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
    const m = ROW_IDENTITY.exec(fact.row);
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
  return identity && { name: identity.value, evidenceId, span: identity.span, line: identity.line, lineSpan: identity.lineSpan };
}

/**
 * The owner of a field's extreme when the claim's value is that extreme but its subject's own value differs:
 * the claim swapped the entity ("The largest is nginx at 2,315 KB" when 2,315 is openssl's installed size,
 * the largest, and nginx's is 1,336). Every record of the ledger is read (up to {@link MAX_RECORDS}): the
 * entity whose value makes a superlative true is rarely the one retrieved for the claim.
 * @param claimed the claim's figure value.
 * @param own the subject's value in the same field (the one tier 0 found differing).
 * @returns the extreme value and its owner, or null.
 */
export function swappedExtreme(text: string, claimed: FactValue, own: EvidenceFact, ledger: EvidenceLedger): { owner: Owner; extreme: EvidenceFact } | null {
  const which = superlativeOf(text);
  if (!which || own.value.type !== "quantity" || own.key.size === 0 || ledger.records.length > MAX_RECORDS) return null;
  const field = fieldName(own);
  const facts: EvidenceFact[] = [];
  for (const chunk of ledger.chunks) facts.push(...passageFacts(ledger, chunk, ledger.get(chunk.evidenceId)?.format === "json").facts);
  const extreme = extremeOf(field, facts, which);
  if (!extreme || !compatible(claimed, extreme.value) || compare(claimed, extreme.value) !== "match") return null;
  const owner = ownerOf(extreme, ledger);
  const ownOwner = ownerOf(own, ledger);
  if (!owner || !ownOwner || owner.name.toLowerCase() === ownOwner.name.toLowerCase()) return null;
  return { owner, extreme };
}
