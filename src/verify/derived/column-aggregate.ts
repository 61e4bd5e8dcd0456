/**
 * A total or an average over one field of a tool's list ("Last week you used 69.2 kWh" over seven daily
 * `consumption` values; "about 9.9 kWh a day"): the sum, or the mean, of every value of one column (one key
 * of an array's elements, one header of a table) that the claim's subject holds.
 *
 * A figure that is no column's total may be a total of something else, so nothing is contradicted, except
 * a total the claim announces ("in total", "across all", "together") over every row of the one column its
 * figure's noun names, where its other words name no other column (see `announcedTotal`). A mean needs words
 * that say so ("average", "a day", "per month"); a sum is read without them only for a figure a coincidence is
 * unlikely to hit (not a small whole count).
 */
import type { Quantity } from "../../quantity/types.js";
import type { EvidenceFact } from "../evidence-facts.js";
import { fieldStemsOf, moneyField, unitFactor } from "../typed-slot.js";
import { featuresOf } from "../lexical-features.js";
import { agreesWith, computedFact } from "./arithmetic.js";
import { claimQuantities } from "./sentence.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** Words that announce a mean: "on average", "a day", "per month", "averaged". */
const MEAN_WORDS =
  /\b(?:averag(?:e|ed|es|ing)|avg|mean|(?:a|per|each)\s+(?:day|week|month|year|hour|night|shift|visit|order|run)|daily|weekly|monthly|hourly|nightly)\b/i;
/** Words that announce a sum. */
const SUM_WORDS = /\b(?:total(?:led|ed|ing)?|combined|together|altogether|in all|all told|overall|sum|cumulative(?:ly)?)\b/i;
/** A column this long at most is read (a longer list is summed by no agent from memory). */
const MAX_ROWS = 400;

/** Which column a value belongs to: its record, its array path without indexes, and its field. */
export function columnOf(f: EvidenceFact): string | null {
  if (!f.structured || f.rowId === undefined) return null;
  const field = [...fieldStemsOf(f)].sort().join(" ");
  if (field === "") return null;
  return `${f.rowId.replace(/\[\d+\]/g, "[]")}|${field}`;
}

/** The value of an evidence quantity in the figure's base units, or null when it is of another kind. */
function inFigureUnits(figure: Quantity, f: EvidenceFact): number | null {
  if (f.value.type !== "quantity" || f.value.q.count) return null;
  const q = f.value.q;
  switch (figure.kind) {
    case "money":
      if (q.kind === "money") return q.currency === null || figure.currency === null || q.currency === figure.currency ? q.value : null;
      return q.kind === "number" && q.unit === null && moneyField(fieldStemsOf(f)) ? q.value : null;
    case "measure":
      if (q.kind === "measure") return q.dimension === figure.dimension ? q.value : null;
      return q.kind === "number" && q.unit === null ? q.value * unitFactor(figure) : null;
    case "percent":
      return q.kind === "percent" ? q.value : null;
    default:
      return q.kind === "number" && (figure.unit === null || q.unit === null || q.unit.toLowerCase() === figure.unit.toLowerCase()) ? q.value : null;
  }
}

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  const mean = MEAN_WORDS.test(sentence.text);
  const smallCount = figure.kind === "number" && Number.isInteger(figure.value) && Math.abs(figure.value) <= 12;
  // A percentage adds up to nothing; a small whole count is a sum of some column by chance.
  const sum = figure.kind !== "percent" && (SUM_WORDS.test(sentence.text) || !smallCount);
  if (!mean && !sum) return null;
  const columns = new Map<string, Map<string, { fact: EvidenceFact; value: number }>>();
  const seen = new Set<string>();
  for (const f of input.values) {
    const at = `${f.chunk.evidenceId}:${f.span[0]}`;
    if (seen.has(at)) continue;
    seen.add(at);
    const column = columnOf(f);
    const value = column === null ? null : inFigureUnits(figure, f);
    if (column === null || value === null) continue;
    const rows = columns.get(column) ?? new Map();
    // Two values of one column in one row: the column is not one value per element.
    rows.set(f.rowId!, rows.has(f.rowId!) ? { fact: f, value: Number.NaN } : { fact: f, value });
    columns.set(column, rows);
  }
  // A plain count summed over a subset meets too many scales and subsets by chance: amounts and measures only.
  const words = (sum || mean) && (figure.kind === "money" || figure.kind === "measure") ? claimWords(input.text) : new Set<string>();
  // The figure's own noun names the column it totals ("200 followers"), not its currency (`price_eur` is not
  // what "€3,770" totals).
  const after = /^\s*(?:(?:in|of|new|total)\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)/u.exec(input.text.slice(input.span[1]))?.[1] ?? "";
  const noun = featuresOf(`${figure.kind === "money" ? "" : (figure.unit ?? "")} ${after}`).stems;
  const claimStems = featuresOf(input.text).stems;
  /** Columns the figure's noun names, with their totals; and whether the claim's other words name another. */
  const named: NamedColumn[] = [];
  let otherNamed = false;
  for (const rows of columns.values()) {
    if (rows.size < 2 || rows.size > MAX_ROWS) continue;
    const values = [...rows.values()];
    if (values.some((v) => !Number.isFinite(v.value))) continue;
    const total = values.reduce((s, v) => s + v.value, 0);
    const first = values[0]!.fact;
    // The rows' own label column ("Episode: Ep 47", the first of each row) names the rows, not a quantity.
    if (!labelColumn(first)) {
      const columnWords = [...fieldStemsOf(first)].filter((w) => !GENERIC_COLUMN.has(w) && !/^\d+$/.test(w));
      if (columnWords.some((w) => noun.has(w))) named.push({ rows, total });
      else if (columnWords.some((w) => claimStems.has(w))) otherNamed = true;
    }
    const field = first.quote.text.slice(0, Math.max(0, first.quote.text.indexOf(": "))).replace(/\[\d+\]/g, "[]") || "one field";
    if (sum && agreesWith(figure, [total]) === "match") return { outcome: "match", fact: first, note: `equals the sum of the ${rows.size} values of ${field}` };
    if (mean && agreesWith(figure, [total / rows.size]) === "match")
      return { outcome: "match", fact: first, note: `equals the mean of the ${rows.size} values of ${field}` };
    // "Successful charges total £169.99", "the open deals are worth €85,700 in total": the rows whose field
    // holds a value the claim names (`status: succeeded`, `stage: open`), when only some rows hold it.
    for (const [condition, picked] of filteredRows(values, words)) {
      const part = picked.reduce((s, v) => s + v.value, 0);
      if (sum && agreesWith(figure, [part]) === "match")
        return { outcome: "match", fact: picked[0]!.fact, note: `equals the sum of ${field} over the ${picked.length} rows with ${condition}` };
      if (mean && agreesWith(figure, [part / picked.length]) === "match")
        return { outcome: "match", fact: picked[0]!.fact, note: `equals the mean of ${field} over the ${picked.length} rows with ${condition}` };
    }
  }
  if (otherNamed || named.length !== 1) return null;
  // Every column the claim may read, not only the best-ranked values: another one its words name
  // (`expiring_72h` for "expire within 72 hours") picks a part of the rows, or is the figure's own.
  const total = named[0]!;
  // A claim that names one of the rows ("The integration stage passed 140 tests, with 17 skipped in total")
  // may total that row's part: no total of every row.
  const lower = input.sentence.text.toLowerCase();
  for (const { fact } of total.rows.values()) {
    const label = /: (.+)$/
      .exec(fact.row?.split("\n")[0] ?? "")?.[1]
      ?.trim()
      .toLowerCase();
    if (label && label.length > 1 && new RegExp(`(?<![\\p{L}\\p{N}])${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u").test(lower))
      return null;
  }
  const totalled = columnOf([...total.rows.values()][0]!.fact);
  for (const f of input.readable?.() ?? []) {
    const column = columnOf(f);
    if (column === null || column === totalled || labelColumn(f)) continue;
    if ([...fieldStemsOf(f)].some((w) => !GENERIC_COLUMN.has(w) && !/^\d+$/.test(w) && claimStems.has(w))) return null;
  }
  return announcedTotal(input, total);
}

/** A column the figure's noun names: its rows and their total. */
type NamedColumn = { rows: Map<string, { fact: EvidenceFact; value: number }>; total: number };

/** Whether a value is in its row's first field: the label the row is known by. */
function labelColumn(f: EvidenceFact): boolean {
  const key = f.quote.text.slice(0, Math.max(0, f.quote.text.indexOf(": ")));
  return key !== "" && f.row !== undefined && (f.row.split("\n")[0] ?? "").startsWith(`${key}: `);
}

/** Field words that name no column of their own ("total", "value", "amount"). */
const GENERIC_COLUMN = new Set(["total", "valu", "amount", "count", "number", "sum"]);
/** Words that announce a total over every row: "in total", "altogether", "across all docks", "combined". */
const ALL_ROWS = /\b(?:in total|in all|all told|altogether|combined|together|across (?:all|every|both|the)\b)/i;
/** Words that pick a part of the rows ("only", "top five", "except"): no total of all of them. */
const PART_WORDS = /\b(?:except|excluding|other than|only|top|first|last|bottom|remaining|rest)\b/i;

/**
 * A total the claim announces over every row of the one column its figure's noun names ("Across the three
 * episodes that's 30,475 streams in total" over a `streams` column of three rows), that the column's sum does
 * not give: contradicted, with the sum. Only where the sentence announces a total of all rows, its other words
 * name no other column (`expiring_72h` for "expire within 72 hours" would pick a part), it picks no part of
 * the rows, and any count of the rows it states ("three episodes") is the table's.
 */
function announcedTotal(input: DerivedInput, column: NamedColumn): DerivedFinding | null {
  const { figure, sentence } = input;
  // A small whole count ("the three episodes") counts the rows; it totals no column.
  const smallCount = figure.kind === "number" && Number.isInteger(figure.value) && Math.abs(figure.value) <= 12;
  if (smallCount || figure.approx || !ALL_ROWS.test(sentence.text) || PART_WORDS.test(sentence.text)) return null;
  const { rows, total } = column;
  const counts = claimQuantities(sentence.text).filter(
    (q) => q.kind === "number" && Number.isInteger(q.value) && q.span[0] !== sentence.span[0] && q.value > 1 && q.value < 100,
  );
  if (counts.some((q) => q.value !== rows.size)) return null;
  const computed = computedFact(figure, total, [...rows.values()][0]!.fact);
  if (!computed) return null;
  return {
    outcome: "mismatch",
    fact: computed,
    note: `the ${rows.size} values of the column the claim names sum to ${(computed.value as { q: { text: string } }).q.text}`,
  };
}

/** A one-word value of a row's own field: `charges[1].status: succeeded`, `lines[0].service: EC2`. */
const WORD_FIELD = /^\s*[^\n:]*?([\w-]+): "?([\p{L}][\p{L}\p{N}_-]*)"?$/u;

/** The claim's words, and their five-letter starts ("successful" and "succeeded" share "succe"). */
export function claimWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const written of text.match(/\p{L}[\p{L}\p{N}]*/gu) ?? []) {
    const w = written.toLowerCase();
    // A code or an acronym ("EC2", "RDS") counts from two characters; another word from four.
    if (w.length < (/\d/.test(w) || /^\p{Lu}{2,}$/u.test(written) ? 2 : 4)) continue;
    out.add(w);
    if (w.length >= 5) out.add(w.slice(0, 5));
  }
  return out;
}

/**
 * The subsets of rows that one categorical value picks, for each value the claim names that some but not
 * all rows hold (at least `least` of them), as "field: value".
 */
export function filteredRows<T extends { fact: EvidenceFact }>(rows: T[], words: Set<string>, least = 2): Map<string, T[]> {
  const byValue = new Map<string, T[]>();
  for (const row of rows) {
    const text = row.fact.row === undefined ? "" : row.fact.rowOwnEnd === undefined ? row.fact.row : row.fact.row.slice(0, row.fact.rowOwnEnd);
    const seen = new Set<string>();
    for (const line of text.split("\n")) {
      const m = WORD_FIELD.exec(line);
      if (!m) continue;
      const value = m[2]!.toLowerCase();
      const named = value.split(/[_-]/).some((part) => words.has(part) || (part.length >= 5 && words.has(part.slice(0, 5))));
      const condition = `${m[1]}: ${value}`;
      if (!named || seen.has(condition)) continue;
      seen.add(condition);
      byValue.set(condition, [...(byValue.get(condition) ?? []), row]);
    }
  }
  for (const [condition, picked] of byValue) if (picked.length < least || picked.length >= rows.length) byValue.delete(condition);
  return byValue;
}

export const columnAggregate: DerivedShape = { name: "column aggregate", check };
