/**
 * Categorical fields (`status: open`, `tier: gold`, `carrier: UPS`, `currency: USD`, apt's `Section: vcs`):
 * short word values that several records share. A claim that gives its subject another value seen in the
 * same field elsewhere ("Invoice INV-31 has been paid" while its record says `status: open` and other
 * invoices say `status: paid`) contradicts the subject's record; the correction is the record's value.
 *
 * The field's vocabulary is learnt from the session's own records, per tool (source) and key, so no list of
 * statuses is needed; a value counts only when at least two distinct values of the field occur.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import { AMOUNT_SUBJECT, exclusive, statusClass } from "./categorical-fields.js";
import { impliedByLaterStage, pastEvent } from "./status-lifecycle.js";

/** One categorical field of a record: its key's last segment, value and places in the record's text. */
export interface CategoryField {
  key: string;
  /** The value as written. */
  value: string;
  /** The value's span in the record's text. */
  span: [number, number];
  /** The whole line, as a quote. */
  quote: EvidenceQuote;
}

/** JSON lines (`path: value`) and "Key: value" text lines. */
const LINE = /^([^\s:][^:\n]{0,80}?): ([^\n]+)$/gm;
/** A categorical value: up to three words of letters (then digits, -, _: "SEV2", "us-east-1"), at most 24 characters. */
const CATEGORY = /^\p{L}[\p{L}\p{N}_-]*(?: [\p{L}\p{N}_-]+){0,2}$/u;
/** Free-text and identity keys: their values name or describe, they do not categorise. */
const NOT_CATEGORY =
  /(?:^|[_-])(?:name|title|desc|description|summary|message|comment|note|notes|text|body|email|url|uri|path|author|maintainer|homepage|address|street|id)$|Name$|Id$/i;

/**
 * A verb that gives its subject a status, right before the value ("is", "has been", "is still", "was marked
 * as", a contracted "'s" or "'re": "Pepper's available").
 */
const STATUS_VERB =
  /(?:\b(?:is|are|was|were|be|been|being|remains?|remained|stays?|stayed|became|becomes|got|gets|marked(?: as)?|listed as|shows? as|set to)|(?<=\p{L})['’](?:s|re))\s+(?:(?:now|still|currently|already|not|no longer|fully|just)\s+)?$/iu;

/** Status fields: their values are what claims say without naming the field ("was delivered"). */
const STATUS_KEY = /(?:^|_)(?:status|state)$/;

/** The key's last segment, without array indices, lower-case: `line_items[0].status` -> `status`. */
export function lastKey(path: string): string {
  return (
    path
      .split(/[.[\]"]+/)
      .filter((p) => p !== "" && !/^\d+$/.test(p))
      .pop() ?? path
  ).toLowerCase();
}

function readFields(record: { id: string; source: string; text: string }): CategoryField[] {
  const out: CategoryField[] = [];
  for (const m of record.text.matchAll(LINE)) {
    const key = lastKey(m[1]!);
    const value = m[2]!.trim();
    if (value.length > 24 || !CATEGORY.test(value) || NOT_CATEGORY.test(key) || /^(?:true|false|null|none|n\/a)$/i.test(value)) continue;
    const at = m.index! + m[0].length - m[2]!.length + (m[2]!.length - m[2]!.trimStart().length);
    const lineText = m[0].trim();
    const lineStart = m.index! + (m[0].length - m[0].trimStart().length);
    out.push({
      key,
      value,
      span: [at, at + value.length],
      quote: { evidenceId: record.id, source: record.source, text: lineText, span: [lineStart, lineStart + lineText.length] },
    });
  }
  return out;
}

/**
 * A field is a key of one tool's outputs: `status` of a pod list and `status` of a flight are different
 * fields ("Running" is no flight status).
 */
function fieldOf(f: CategoryField): string {
  return `${f.quote.source}\u0000${f.key}`;
}

/** Each field's distinct values over the whole ledger (lower-case), built incrementally. */
class FieldVocabulary {
  private synced = 0;
  readonly values = new Map<string, Set<string>>();

  sync(ledger: EvidenceLedger): this {
    for (; this.synced < ledger.records.length; this.synced++) {
      const record = ledger.records[this.synced]!;
      for (const f of categoryFields(ledger, record.id)) {
        let set = this.values.get(fieldOf(f));
        if (!set) this.values.set(fieldOf(f), (set = new Set()));
        // A field whose values are all different (free text, ids) is no category: stop growing it.
        if (set.size < 64) set.add(f.value.toLowerCase());
      }
    }
    return this;
  }
}

/** The categorical fields of one record (memoised on the ledger). */
export function categoryFields(ledger: EvidenceLedger, recordId: string): CategoryField[] {
  return ledger.memo("category-fields", recordId, () => {
    const record = ledger.get(recordId);
    return record ? readFields(record) : [];
  });
}

/** The ledger's field vocabulary, brought up to date. */
export function fieldVocabulary(ledger: EvidenceLedger): Map<string, Set<string>> {
  return ledger.memo("field-vocabulary", "all", () => new FieldVocabulary()).sync(ledger).values;
}

/**
 * The values a field takes: in this tool's outputs, and, for a field that is no status, under the same key
 * in other tools' outputs too (a course's `room: Hall B-12` and a rooms query's `room: Hall A-01` are one
 * vocabulary; a pod's `status: Running` is no flight status).
 */
function fieldValues(vocabulary: Map<string, Set<string>>, f: CategoryField): Set<string> | undefined {
  const own = vocabulary.get(fieldOf(f));
  if (STATUS_KEY.test(f.key)) return own;
  const suffix = `\u0000${f.key}`;
  let all: Set<string> | undefined;
  for (const [field, values] of vocabulary) {
    if (!field.endsWith(suffix) || values.size >= 64) continue;
    if (!all) all = new Set(values);
    else for (const v of values) all.add(v);
  }
  return all ?? own;
}

/** The last text `wordAt` lowered (callers test many phrases against one record's text in a row). */
let lastText = "";
let lastLower = "";
/** Whole-word patterns of recent phrases (bounded: cleared when full). */
const WORD_PATTERNS = new Map<string, RegExp>();
const MAX_PATTERNS = 4096;

/** Where `phrase` occurs in `text` as whole words (case-insensitive), or -1. */
export function wordAt(text: string, phrase: string): number {
  if (text !== lastText) {
    lastText = text;
    lastLower = text.toLowerCase();
  }
  if (!lastLower.includes(phrase.toLowerCase())) return -1;
  let pattern = WORD_PATTERNS.get(phrase);
  if (!pattern) {
    if (WORD_PATTERNS.size >= MAX_PATTERNS) WORD_PATTERNS.clear();
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_-])${escaped}(?![\\p{L}\\p{N}_-])`, "iu");
    WORD_PATTERNS.set(phrase, pattern);
  }
  return pattern.exec(text)?.index ?? -1;
}

export interface CategoryMismatch {
  field: CategoryField;
  /** The other value the claim gives, as written in the claim, and its span there. */
  wrong: string;
  span: [number, number];
}

/**
 * The claim's categorical value that contradicts its subject's records, if any: the claim states a value w
 * of a field k (seen in other records), the subject's records give k the value v, the claim does not state
 * v, and no field of the subject's records has the value w.
 * The claim must also name the field ("a silver tier customer" for `tier`), or write the value as a name or
 * code ("DHL", "EUR"), or the field be a status (`status`, `state`: "has been paid", "was delivered"): a
 * common word elsewhere in a claim ("the standard warranty") is no value of a `shipping: standard` field.
 * Of several such values, the first of the strongest kind wins in that order ("shipped with DHL": the
 * carrier, not the order's status).
 * @param subjectRecords the records of the claim's subject (see tier 0's subject rule).
 * @param claimStems content stems of the claim.
 * @param taken spans of the claim already checked as figures or names (a value there is not a category).
 * @param subjectNames the subject's names: in a record that lists entities, only the elements naming one count.
 */
export function categoryMismatch(
  text: string,
  subjectRecords: Iterable<string>,
  ledger: EvidenceLedger,
  claimStems: Set<string>,
  taken: Array<[number, number]>,
  subjectNames: string[] = [],
): CategoryMismatch | null {
  // In a list of entities (`rows[5].status`, `items[3].kind`), only the subject's own elements count, and
  // the list's own top-level fields (`kind: List`) are the container's, not the subject's.
  // A subject named only inside elements ("the M10 nuts in A-04-03-D" of a pick list's `lines[3]`), never by
  // a field outside them, is no record's top level: the record's own `status` is its container's, even where
  // the claim picks no one element.
  const rowsOf = new Map<string, { picked: Set<string>; inElements: boolean } | null>();
  const subjectRows = (recordId: string): { picked: Set<string>; inElements: boolean } | null => {
    if (!rowsOf.has(recordId)) {
      const recordText = ledger.get(recordId)?.text ?? "";
      const naming = subjectNames.length === 0 ? null : namingOrMentioningRow(recordText, subjectNames);
      rowsOf.set(
        recordId,
        naming === null
          ? null
          : {
              picked: qualifiedRows(recordText, naming, text, subjectNames),
              inElements: ledger.memo(
                "only-in-elements",
                `${recordId}\u0000${subjectNames.join("\u0000")}`,
                () => onlyInElements(recordText, subjectNames),
                256,
              ),
            },
      );
    }
    return rowsOf.get(recordId)!;
  };
  const ownRow = (f: CategoryField): boolean => {
    const rows = subjectRows(f.quote.evidenceId);
    if (rows === null) return true;
    const row = /^(.*?\[\d+\])\./.exec(f.quote.text)?.[1];
    return row === undefined ? rows.picked.size === 0 && !rows.inElements : rows.picked.has(row);
  };
  // "Every incident except the ETL one is high urgency": the claim speaks of the others, not of the one it names.
  if (EXCEPTION.test(text)) return null;
  const fields = [...subjectRecords].flatMap((id) => categoryFields(ledger, id)).filter(ownRow);
  if (fields.length === 0) return null;
  const own = new Set(fields.map((f) => f.value.toLowerCase()));
  const keysOf = new Map<string, Set<string>>();
  for (const f of fields) {
    let set = keysOf.get(f.key);
    if (!set) keysOf.set(f.key, (set = new Set()));
    set.add(f.value.toLowerCase());
  }
  const vocabulary = fieldVocabulary(ledger);
  // The strongest reading wins: a field the claim names, then a value written as a name or code, then a status.
  let best: (CategoryMismatch & { rank: number }) | null = null;
  for (const f of fields) {
    // A field with several values in the subject's records (array elements) does not say which one is meant.
    if (keysOf.get(f.key)!.size > 1) continue;
    if (wordAt(text, f.value) >= 0) continue;
    const seen = ledger.memo("field-values", `${ledger.records.length}\u0000${fieldOf(f)}`, () => fieldValues(vocabulary, f) ?? null, 256) ?? undefined;
    if (!seen || seen.size < 2 || seen.size >= 64) continue;
    for (const w of seen) {
      // The claim's subject is no value it gives itself ("CS-2110 has two sections" where another course lists
      // CS-2110 as a prerequisite).
      if (own.has(w) || subjectNames.some((n) => n.toLowerCase() === w)) continue;
      // Statuses of one class ("open" for `reopened`, "running" for `Running`) do not rule each other out.
      const claimed = statusClass(w);
      const stated = statusClass(f.value);
      if (claimed !== null && stated !== null && !exclusive(claimed, stated)) continue;
      const at = wordAt(text, w);
      if (at < 0) continue;
      // "was shipped on 3 May" of an order now `delivered`: the later stage implies the past event.
      if (claimed !== null && stated !== null && pastEvent(text.slice(at, at + w.length), text.slice(0, at)) && impliedByLaterStage(claimed, stated)) continue;
      const span: [number, number] = [at, at + w.length];
      const written = text.slice(span[0], span[1]);
      const named = tokenize(f.key).some((t) => claimStems.has(stemOf(t)));
      // A status is what the claim says its subject is ("is degraded", "has been paid", "is still open"); the
      // word used otherwise ("12 students on its waitlist", "118 students enrolled") gives no status.
      const predicated = STATUS_VERB.test(text.slice(0, at)) && !AMOUNT_SUBJECT.test(text.slice(0, at));
      // A status the claim denies ("is producing nothing", "is not charging") is not the one it gives.
      if (NEGATED_BEFORE.test(text.slice(Math.max(0, at - 24), at)) || NEGATED_AFTER.test(text.slice(span[1], span[1] + 12))) continue;
      const rank = named ? 3 : /\p{Lu}/u.test(written) ? 2 : STATUS_KEY.test(f.key) && predicated ? 1 : 0;
      if (rank === 0 || rank <= (best?.rank ?? 0)) continue;
      // A figure that reaches outside the value ("3 open" in "3 open orders") makes it no category; names
      // inside it ("Hall" and "A-01" of "Hall A-01") are its parts.
      if (taken.some(([a, b]) => a < span[1] && span[0] < b && (a < span[0] || b > span[1]))) continue;
      best = { field: f, wrong: written, span, rank };
    }
  }
  return best && { field: best.field, wrong: best.wrong, span: best.span };
}

/** Words that set the entity after them apart from what the claim says ("all but", "except", "other than"). */
const EXCEPTION = /\b(?:except|excepting|other than|apart from|aside from|besides|all but|but not|excluding|save for)\b/i;

/** A negation right before a status word ("not charging", "no longer active", "isn't running"). */
const NEGATED_BEFORE = /\b(?:not|never|no longer|\w+n['’]t)\s+(?:\p{L}+\s+)?$/iu;
/** A negative object right after it ("producing nothing", "shipping none", "running no jobs"). */
const NEGATED_AFTER = /^\s+(?:nothing|none|no|zero)\b/i;

/**
 * Whether a flattened record mentions the names only inside its array elements (`lines[3].description: Hex
 * nut M10, zinc`), in no line outside them (`order.id: A-1`).
 */
function onlyInElements(recordText: string, names: string[]): boolean {
  let inside = false;
  for (const m of recordText.matchAll(/^([^\n:]*): ([^\n]*)$/gm)) {
    if (!names.some((n) => wordAt(m[2]!, n) >= 0)) continue;
    if (!m[1]!.includes("[")) return false;
    inside = true;
  }
  return inside;
}

/**
 * Of several elements about the subject (CS101's midterm and final rows), the ones the claim picks by
 * another of their values ("the CS101 *final*"); none when it picks none: which one it means is unknown, and
 * the subject's own record speaks for it.
 */
function qualifiedRows(recordText: string, rows: Set<string>, claim: string, names: string[]): Set<string> {
  if (rows.size <= 1) return rows;
  const own = new Set(names.map((n) => n.toLowerCase()));
  const picked = new Set<string>();
  for (const row of rows) {
    const prefix = `${row}.`;
    for (const m of recordText.matchAll(/^([^\n:]+): ([^\n]{2,40})$/gm)) {
      if (!m[1]!.startsWith(prefix) || !/^\p{L}/u.test(m[2]!) || own.has(m[2]!.trim().toLowerCase())) continue;
      if (wordAt(claim, m[2]!.trim()) >= 0) {
        picked.add(row);
        break;
      }
    }
  }
  // A value every row shares picks nothing.
  return picked.size === rows.size ? new Set() : picked;
}

/**
 * The array elements of a flattened record that name one of `names` as their identity: a name-like field at
 * any depth of the element (`items[3].metadata.name: api-7d9f`), an id-like field (`trailer_id: TRL-8802`), or
 * the element's first field (`rows[2].id: INC-2044`). A `service` field that refers to an entity does not make the row its own.
 */
export function namingRows(text: string, names: string[]): Set<string> {
  const rows = new Set<string>();
  const lower = names.map((n) => n.toLowerCase());
  const firstSeen = new Set<string>();
  for (const m of text.matchAll(/^((?:[^\n:[]*\[\d+\])+)\.([^\n:]*): ([^\n]*)$/gm)) {
    const row = /^(.*?\[\d+\])/.exec(m[1]!)![1]!;
    const value = m[3]!.trim().toLowerCase();
    const first = !firstSeen.has(row);
    firstSeen.add(row);
    if (!lower.includes(value)) continue;
    // Or an identifying field: a name or title, or an id, key, code or number (`trailer_id: TRL-8802`).
    if (
      first ||
      /(?:^|\.)(?:name|title|package|pkg|id|key|code|sku)$|[a-z](?:_id|Id|_key|_code|_number|Number)$/i.test(
        `${m[1]!.slice(row.length)}.${m[2]!}`.replace(/^\./, ""),
      )
    )
      rows.add(row);
  }
  return rows;
}

/**
 * The elements that name one of `names` as their identity (see `namingRows`); when none does, the one element
 * whose values mention a name as a word of a longer value ("the quake near Anza" for `features[1].properties.place:
 * 5 km NE of Anza, CA`), if only one does.
 */
export function namingOrMentioningRow(text: string, names: string[]): Set<string> {
  const naming = namingRows(text, names);
  if (naming.size > 0) return naming;
  const mentioning = new Set<string>();
  for (const m of text.matchAll(/^((?:[^\n:[]*\[\d+\])+)[^\n:]*: ([^\n]*)$/gm)) {
    // The name inside a longer value describes the element; a value that is the name alone refers to it
    // (`service: search-api` of an incident).
    const value = m[2]!.trim().toLowerCase();
    if (names.some((n) => value !== n.toLowerCase() && wordAt(value, n) >= 0)) mentioning.add(/^(.*?\[\d+\])/.exec(m[1]!)![1]!);
    if (mentioning.size > 1) return naming;
  }
  return mentioning;
}

/** Whether some record has a field named `word` (`waitlist: 12`); cached per ledger size. */
function isFieldName(word: string, ledger: EvidenceLedger): boolean {
  if (!/^[\p{L}\p{N}_-]+$/u.test(word)) return false;
  return ledger.memo(
    "field-name",
    `${word}:${ledger.records.length}`,
    () => {
      const re = new RegExp(`(?:^|[.\\]])${word.replace(/[-]/g, "\\-")}(?:\\[\\d+\\])?: `, "im");
      return ledger.records.some((r) => r.format === "json" && re.test(r.text));
    },
    256,
  );
}

/**
 * Records about another case of the claim's entity than the one it names: the claim states a value of a
 * small categorical field ("in the afternoon" for `check: morning | afternoon`), and the record gives that
 * field only other values. Such a record's figures are not the claim's: the morning check's p99 neither
 * supports nor contradicts "a p99 of 254 ms in the afternoon". Fields with 2 to 8 values count.
 * @returns a test on record ids.
 */
export function offQualifier(text: string, ledger: EvidenceLedger): (recordId: string) => boolean {
  const stated = new Map<string, Set<string>>();
  for (const [key, values] of fieldVocabulary(ledger)) {
    if (values.size < 2 || values.size > 8) continue;
    for (const v of values) {
      // "12 students on its waitlist" names the `waitlist` field, not the status value "waitlist".
      if (wordAt(text, v) < 0 || isFieldName(v, ledger)) continue;
      let set = stated.get(key);
      if (!set) stated.set(key, (set = new Set()));
      set.add(v);
    }
  }
  if (stated.size === 0) return () => false;
  return (recordId) => {
    const own = new Map<string, Set<string>>();
    for (const f of categoryFields(ledger, recordId)) {
      if (!stated.has(fieldOf(f))) continue;
      let set = own.get(fieldOf(f));
      if (!set) own.set(fieldOf(f), (set = new Set()));
      set.add(f.value.toLowerCase());
    }
    for (const [key, values] of own) if (![...values].some((v) => stated.get(key)!.has(v))) return true;
    return false;
  };
}
