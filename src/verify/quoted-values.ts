/**
 * Quoted text a claim attributes to its subject: "`moment` describes itself as “yargs the modern,
 * pirate-themed, successor to optimist”" quotes another package's description. A quote found only in a
 * field of another entity (a search result titled "yargs - npm", a record named yargs), while the subject
 * has its own value for that field, is a swapped attribution; the correction is the subject's own value.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { lastKey, wordAt } from "./category-values.js";
import { recordIdentity } from "./record-names.js";

const QUOTED = /[“"«]([^“”"«»\n]{12,300})[”"»]/g;
const LINE = /^([^\n:]{1,120}?): ([^\n]+)$/gm;
/** Keys that describe an entity in words: what "describes itself as", "is described as" quote. */
const DESCRIBING = /^(?:description|desc|summary|snippet|tagline|about|bio|subtitle)$/i;

/** Records above which quotes are not looked up (a whole-ledger scan per quoted claim). */
const MAX_RECORDS = 200;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!,;:]+$/, "")
    .trim();

interface Line {
  path: string;
  value: string;
  quote: EvidenceQuote;
  /** The array element the line belongs to (`results[1]`), or "" at the top level. */
  row: string;
}

function linesOf(ledger: EvidenceLedger, recordId: string): Line[] {
  return ledger.memo("quoted-lines", recordId, () => {
    const record = ledger.get(recordId);
    if (!record) return [];
    const out: Line[] = [];
    for (const m of record.text.matchAll(LINE)) {
      const path = m[1]!;
      const value = m[2]!.trim();
      out.push({
        path,
        value,
        row: /^(.*?\[\d+\])\./.exec(path)?.[1] ?? "",
        quote: { evidenceId: record.id, source: record.source, text: m[0], span: [m.index!, m.index! + m[0].length] },
      });
    }
    return out;
  });
}

/** Whether a text names the subject as a whole word. */
const names = (text: string, subject: string): boolean => wordAt(text, subject) >= 0;

/** Keys whose value identifies an array element (`key: CP2-89`, `identifier: ENG-9`). */
const ID_KEY = /^(?:key|identifier|id|number|code|slug|sku)$/i;

/**
 * Quoted text the claim gives array elements it names by their ids ("CP2-90 and CP2-89 are both titled
 * “...”"): each named element must hold it; one whose same field holds other text denies the claim, and is
 * the correction when it is the only element named.
 */
function elementQuote(phrase: string, hits: Line[], subjects: string[], ledger: EvidenceLedger): Omit<QuotedMismatch, "span" | "wrong"> | null {
  const key = lastKey(hits[0]!.path);
  const records = new Set(hits.map((h) => h.quote.evidenceId));
  const rows: Array<{ lines: Line[] }> = [];
  for (const subject of subjects) {
    const lower = subject.toLowerCase();
    let found: Line[] | null = null;
    for (const id of records) {
      const lines = linesOf(ledger, id);
      const idLine = lines.find((l) => l.row !== "" && ID_KEY.test(lastKey(l.path)) && l.value.toLowerCase() === lower);
      if (idLine) found = lines.filter((l) => l.row === idLine.row);
    }
    if (found) rows.push({ lines: found });
  }
  if (rows.length === 0) return null;
  for (const { lines } of rows) {
    if (lines.some((l) => norm(l.value).includes(phrase))) continue;
    const own = lines.find((l) => lastKey(l.path) === key);
    if (!own) return null;
    return { value: own.value.replace(/^"|"$/g, ""), quote: own.quote, foreign: hits[0]!.quote, shared: rows.length > 1 };
  }
  return null;
}

export interface QuotedMismatch {
  /** The claim gives the quote to several entities, of which this one's differs: no in-place fix. */
  shared?: boolean;
  /** The quoted text's span in the claim (inside the quote marks). */
  span: [number, number];
  wrong: string;
  /** The subject's own value for the field, with its line. */
  value: string;
  quote: EvidenceQuote;
  /** The line that holds the quoted text, in another entity's record or row. */
  foreign: EvidenceQuote;
}

/**
 * @param subjects the claim's names with their spans; the first one outside the quote whose record names it (`name: moment`) is the subject.
 * @returns the swapped attribution, or null when the quote is the subject's, is found nowhere, or the
 * subject has no value of its own for the field.
 */
export function quotedMismatch(text: string, subjects: Array<{ text: string; span: [number, number] }>, ledger: EvidenceLedger): QuotedMismatch | null {
  if (ledger.records.length > MAX_RECORDS || !/[“"«]/.test(text)) return null;
  for (const m of text.matchAll(QUOTED)) {
    const phrase = norm(m[1]!);
    const hits: Line[] = [];
    for (const record of ledger.records) for (const line of linesOf(ledger, record.id)) if (norm(line.value).includes(phrase)) hits.push(line);
    if (hits.length === 0) continue;
    // The entity a line belongs to: its row's lines, else its record's identity.
    const ownerText = (line: Line) =>
      line.row
        ? linesOf(ledger, line.quote.evidenceId)
            .filter((l) => l.row === line.row && !DESCRIBING.test(lastKey(l.path)))
            .map((l) => l.value)
            .join("\n")
        : (recordIdentity(ledger, line.quote.evidenceId) ?? "");
    const inQuote = (s: { span: [number, number] }) => s.span[0] >= m.index! && s.span[1] <= m.index! + m[0].length;
    const subject = subjects
      .filter((s) => !inQuote(s))
      .map((s) => s.text)
      .find((s) => ledger.records.some((r) => recordIdentity(ledger, r.id) === s.toLowerCase()));
    if (!subject) {
      const shown = elementQuote(
        phrase,
        hits,
        subjects.filter((x) => !inQuote(x)).map((x) => x.text),
        ledger,
      );
      if (shown) return { span: [m.index! + 1, m.index! + 1 + m[1]!.length], wrong: m[1]!, ...shown };
      return null;
    }
    if (hits.some((h) => names(ownerText(h), subject))) return null;
    const hit = hits[0]!;
    const key = lastKey(hit.path);
    // The subject's own value: the same field of its row or record, or its describing field.
    let own: Line | undefined;
    for (const record of ledger.records) {
      for (const line of linesOf(ledger, record.id)) {
        const k = lastKey(line.path);
        if ((k === key || (DESCRIBING.test(k) && DESCRIBING.test(key))) && names(ownerText(line), subject) && norm(line.value) !== phrase) {
          own = line;
          break;
        }
      }
      if (own) break;
    }
    if (!own) return null;
    const start = m.index! + 1;
    return { span: [start, start + m[1]!.length], wrong: m[1]!, value: own.value.replace(/^"|"$/g, ""), quote: own.quote, foreign: hit.quote };
  }
  return null;
}
