/**
 * Membership in a list attribute: "Issue #1 is labelled `bug`", "The post is tagged travel" against the
 * entity's own list (`labels: []`, `labels[0].name: enhancement`, `tags[1]: travel`). A tool's list is the
 * whole list: a value that is not in it, or an empty list, denies the claim; a value in it supports it.
 *
 * Precision first: the list must be the claim's entity's (the array element its number or name picks, or the
 * only list of that attribute in the session); otherwise nothing is decided. No in-place fix: what the claim
 * should say instead is the whole list, which the quote gives.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { wordAt } from "./category-values.js";
import { ID_KEY } from "./id-keys.js";

/** What the claim says the list holds. */
interface Membership {
  /** The list's attribute: `label`, `tag`. */
  attribute: "label" | "tag";
  value: string;
}

const VALUE_END = String.raw`[\x60'"”’]?(?=\s*(?:[.,;!?)]|$)|\s+(?:and|but|so|which|too|as well)\b)`;
const VALUE = String.raw`[\x60'"“‘]?([\p{L}\p{N}][\p{L}\p{N} _:/.-]{0,30}?)`;
/** "is labelled bug", "is tagged as travel", "has the label bug", "carries the tag travel". */
const LABELLED = new RegExp(
  String.raw`\b(?:(?:is|are|was|were|has been|have been)\s+(?:also\s+)?(labell?ed|tagged)\s+(?:as\s+|with\s+)?|(?:has|have|had|carries|carry|bears)\s+(?:the|a)\s+(label|tag)\s+)${VALUE}${VALUE_END}`,
  "iu",
);
/** "has the bug label", "carries a travel tag". */
const LABEL_AFTER = new RegExp(String.raw`\b(?:has|have|had|carries|carry|bears)\s+(?:the|a|an)\s+${VALUE}[\x60'"”’]?\s+(label|tag)\b`, "iu");

/** The membership a claim states, or null. Negated claims ("is not labelled bug") state none here. */
export function membershipOf(text: string): Membership | null {
  // A negation inside a quoted title ("The doors don't open") is the title's, not the claim's.
  const own = text.replace(/"[^"]*"|“[^”]*”|‘[^’]*’/g, " ");
  if (/\b(?:not|never|no longer)\b|n['’]t\b/i.test(own)) return null;
  const m = LABELLED.exec(text);
  if (m) return { attribute: /^tag/i.test(m[1] ?? m[2]!) ? "tag" : "label", value: m[3]!.trim().toLowerCase() };
  const after = LABEL_AFTER.exec(text);
  if (after) return { attribute: /^tag/i.test(after[2]!) ? "tag" : "label", value: after[1]!.trim().toLowerCase() };
  return null;
}

/** A membership check's outcome. */
export interface MembershipCheck {
  agrees: boolean;
  quote: EvidenceQuote;
  note: string;
}

interface ListReading {
  evidenceId: string;
  source: string;
  /** The array element that holds the list (`items[1]`), or "" at the top level. */
  row: string;
  values: string[];
  quote: EvidenceQuote;
}

/** The label and tag lists of a JSON record: `labels: []`, `labels[0].name: bug`, `tags[0]: travel`. */
function listsOf(record: { id: string; source: string; text: string }): ListReading[] {
  const lists = new Map<string, ListReading>();
  // A label and a tag name the same kind of list: "is tagged refrigerated" reads `labels`, and the other way.
  const key = /^(.*?)(?:^|\.)(labels|tags)(?:\[(\d+)\](?:\.(?:name|label|title|value))?)?: (.*)$/i;
  let at = 0;
  for (const line of record.text.split("\n")) {
    const m = key.exec(line);
    const span: [number, number] = [at, at + line.length];
    at += line.length + 1;
    if (!m) continue;
    const row = m[1]!.replace(/\.$/, "");
    const path = `${row}|${m[2]}`;
    let list = lists.get(path);
    if (!list) {
      list = { evidenceId: record.id, source: record.source, row, values: [], quote: { evidenceId: record.id, source: record.source, text: line, span } };
      lists.set(path, list);
    }
    const value = m[4]!.trim();
    if (m[3] !== undefined) list.values.push(value.toLowerCase());
    else if (value !== "[]") lists.delete(path);
  }
  return [...lists.values()];
}

/** Lines of the array element `row` of a record (`items[1].number: 1`). */
function elementLines(text: string, row: string): string[] {
  return row === "" ? [] : text.split("\n").filter((l) => l.startsWith(`${row}.`));
}

/**
 * Checks what a claim says a list attribute of its entity holds.
 * @param names the claim's names and identifiers, as written (its entity).
 * @returns null when the claim states no membership or its entity's list is not known.
 */
export function checkMembership(text: string, names: readonly string[], ledger: EvidenceLedger): MembershipCheck | null {
  const claim = membershipOf(text);
  if (!claim) return null;
  const numbers = [...text.matchAll(/(?<![\w&])#(\d{1,9})\b/g)].map((m) => m[1]!);
  const lower = names.map((n) => n.toLowerCase()).filter((n) => n !== claim.value);
  const all: ListReading[] = [];
  for (const record of ledger.records) if (record.format === "json") all.push(...listsOf(record));
  if (all.length === 0) return null;
  // The entity's list: the element its number or a name picks, else the only list of the attribute.
  const picked = all.filter((list) => {
    const lines = elementLines(ledger.get(list.evidenceId)?.text ?? "", list.row);
    const byNumber = numbers.some((n) => lines.some((l) => new RegExp(`^${list.row.replace(/[[\].]/g, "\\$&")}\\.(?:number|iid|id|key): ${n}$`).test(l)));
    const byName = lower.some((n) => lines.some((l) => l.slice(l.indexOf(": ") + 2).toLowerCase() === n));
    // An id the claim writes as a word ("unit 7A" for `unit_id: 7A`).
    const byId = lines.some((l) => {
      const m = /^[^:]*?\.([A-Za-z][\w]*): (.+)$/.exec(l);
      return m !== null && ID_KEY.test(m[1]!) && /\d/.test(m[2]!) && wordAt(text, m[2]!.trim()) >= 0;
    });
    return byNumber || byName || byId;
  });
  const lists = picked.length > 0 ? picked : numbers.length === 0 && lower.length === 0 && all.length === 1 ? all : [];
  if (lists.length !== 1) return null;
  const list = lists[0]!;
  const agrees = list.values.includes(claim.value);
  const held = list.values.length === 0 ? "none" : list.values.join(", ");
  return { agrees, quote: list.quote, note: `the entity's ${claim.attribute}s are ${held}: ${agrees ? "" : "not "}${claim.value}` };
}
