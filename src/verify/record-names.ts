/**
 * Where a name occurs in the session's evidence: alias-aware through the names module, and by word stems
 * for identifiers whose parts a record spells apart.
 */
import { isoCodesFor } from "../quantity/iso-codes.js";
import { acronymOf, demonymForms, prepareNameIndex } from "../quantity/names.js";
import type { NameMention } from "../quantity/types.js";
import { tokenize } from "../text/tokenize.js";
import { recordTerms } from "./record-terms.js";
import type { TierContext } from "./tier.js";

/**
 * Records where a name occurs: alias-aware (accents, surnames, company suffixes), or, for identifiers like
 * "Node.js", when each of its words of 3+ letters is a token of the record ("engines.node").
 */
export function recordsWithName(name: NameMention, context: TierContext): Set<string> {
  const out = new Set<string>();
  const terms = recordTerms(context.ledger);
  const words = name.key.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const head = /^([A-Z]{2,})-[a-z]+$/.exec(name.text)?.[1]?.toLowerCase();
  // Candidate records share a word of the name; the alias-aware index then decides.
  // A possessive is no part of the name ("Machine's" is "Machine").
  // Words as the index holds them: from the surface, so camelCase splits the same way ("BestInsuranceXYZ" is
  // best, insurance, xyz), keeping only those of the key (a title such as "Dr." is no part of it).
  const keyWords = [...new Set(tokenize(name.text.replace(/['’]s\b/g, "")).filter((w) => name.key.includes(w)))];
  // Records holding every word of the name; accents and case are already folded.
  let candidates = terms.withAllTokens(keyWords);
  // Or its other forms: an acronym spelled out ("HTMM": "Harbor Town Maritime Museum"), a name abbreviated
  // ("United Nations": "UN"), a country for its demonym ("Libyan": "Libya").
  if (candidates.size === 0 && name.type === "name") candidates = otherForms(name, terms);
  // An identifier with words of 3+ letters is found by the stem check below, which every record the alias
  // index would accept also passes: building that index (the costly part) is only needed for proper names
  // and for short codes ("^1", "v2").
  const stemsSuffice = name.type === "code" && words.length > 0 && words.every((w) => /^\p{L}+$/u.test(w));
  // Other identifiers match as whole tokens, which the record-term index holds.
  const exact = name.type === "code" ? terms.withCode(name.text.replace(/^`|`$/g, "")) : null;
  if (exact && exact.size > 0) for (const id of exact) out.add(id);
  for (const id of stemsSuffice || (exact && exact.size > 0) ? [] : candidates) {
    const record = context.ledger.get(id)!;
    const index = context.ledger.memo("name-index", id, () => prepareNameIndex(record.text));
    if (index.has(name)) out.add(id);
  }
  if (words.length > 0 && !(exact && exact.size > 0)) {
    // Identifiers like "Node.js" against "engines.node", "dist-tag" against "dist-tags": every token of the
    // name (digits too: "pkg-37" must not match every "pkg-N") by its stem.
    const significant = keyWords.filter((w) => w.length >= 3 || /\d/.test(w));
    for (const id of terms.withAllStems(significant.length > 0 ? significant : words)) out.add(id);
  }
  // "MIT-licensed": an upper-case code with an English suffix stands for the code.
  if (head) for (const id of terms.withToken(head)) out.add(id);
  return out;
}

/** Top-level identity of a JSON record (`name: lodash`) or text output (`Package: nginx`), lower-case, or null. */
export function recordIdentity(ledger: TierContext["ledger"], id: string): string | null {
  return ledger.memo("record-identity", id, () => {
    const record = ledger.get(id);
    if (!record) return null;
    // "key: value" text output (apt's `Package: nginx`) names its entity the same way.
    if (record.format !== "json") return TEXT_IDENTITY.exec(record.text)?.[1]?.trim().toLowerCase() ?? null;
    return (FIRST_CODE.exec(record.text) ?? TOP_IDENTITY.exec(record.text) ?? FIRST_ID.exec(record.text))?.[1]?.trim().toLowerCase() ?? null;
  });
}

/**
 * A flattened JSON record's top-level identity line: `name: ...`, `package: ...`, `pkg: ...`, `title: ...`,
 * or an id as the record's first field (`order_id: A-1081`, `id: INV-7`, `sku: ...`): later `*_id` fields
 * (`customer_id` of an order) refer to other entities.
 */
const TOP_IDENTITY = /^(?:name|package|pkg|title|symbol|ticker): ([^\n]{1,80})$/m;
/** A line of a "key: value" text output naming its entity: `Package: nginx`, `Name: payments-api`. */
const TEXT_IDENTITY = /^(?:Package|Name|Title): ([^\n]{1,80})$/m;
const FIRST_ID = /^(?:(?:[a-z]+[_-]?)?id|[a-z]+Id|sku): ([^\n]{1,80})(?:\n|$)/i;
/** A code as the record's first field names it before any title (`code: CS101`, then `title: Intro to ...`). */
const FIRST_CODE = /^(?:code|slug|sku|symbol|ticker): ([^\n]{1,80})(?:\n|$)/i;

/** The identity line of a record as written (`Package: openssl`): its value, the value's span and the line's. */
export function identityLine(
  ledger: TierContext["ledger"],
  id: string,
): { value: string; span: [number, number]; line: string; lineSpan: [number, number] } | null {
  const record = ledger.get(id);
  if (!record) return null;
  const m =
    record.format !== "json" ? TEXT_IDENTITY.exec(record.text) : (FIRST_CODE.exec(record.text) ?? TOP_IDENTITY.exec(record.text) ?? FIRST_ID.exec(record.text));
  if (!m) return null;
  const value = m[1]!.trim();
  const start = m.index + m[0].indexOf(m[1]!) + (m[1]!.length - m[1]!.trimStart().length);
  const line = m[0].trim();
  return { value, span: [start, start + value.length], line, lineSpan: [m.index, m.index + line.length] };
}

function otherForms(name: NameMention, terms: ReturnType<typeof recordTerms>): ReadonlySet<string> {
  const out = new Set<string>();
  const bare = name.text.replace(/\./g, "");
  if (/^\p{Lu}{2,6}$/u.test(bare)) for (const id of terms.withAcronym(bare)) out.add(id);
  // "S3", "EC2": the last initial counted by the digit ("Simple Storage Service").
  const counted = /^(\p{Lu}*)(\p{Lu})([2-4])$/u.exec(bare);
  if (counted) for (const id of terms.withAcronym(counted[1]! + counted[2]!.repeat(Number(counted[3])))) out.add(id);
  const initials = acronymOf(name.text);
  if (initials) for (const id of terms.withToken(initials.toLowerCase())) out.add(id);
  if (/^\p{L}{5,}$/u.test(name.key)) for (const form of demonymForms(name.key)) for (const id of terms.withToken(form)) out.add(id);
  // A country or currency the tool writes as its ISO code ("Germany": `DE`, "Mexican": `MXN`).
  const forms = /^\p{L}{5,}$/u.test(name.key) ? [name.key, ...demonymForms(name.key)] : [name.key];
  for (const form of forms) for (const code of isoCodesFor(form)) for (const id of terms.withToken(code.toLowerCase())) out.add(id);
  // A name whose earlier words are clipped ("Univ Library" for "University Library"): the records with its last word,
  // which the alias-aware index then checks word by word.
  const words = name.key.split(" ");
  if (words.length >= 2 && words.every((w) => /^\p{L}{3,}$/u.test(w)) && words[words.length - 1]!.length >= 4)
    for (const id of terms.withToken(words[words.length - 1]!)) out.add(id);
  // A name whose last word the tool contracts, or spells out ("Denver International" for "Denver Intl Airport",
  // and the other way round): the records with its other words, which the alias-aware index then checks.
  if (words.length >= 2 && words[words.length - 1]!.length >= 3 && words.slice(0, -1).every((w) => /^\p{L}{3,}$/u.test(w)))
    for (const id of terms.withAllTokens(words.slice(0, -1))) out.add(id);
  return out;
}
