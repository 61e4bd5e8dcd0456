/**
 * A share of a column's total that the rows a claim's word picks make up: "EC2 was about 57% of May's bill"
 * (the `service: EC2` rows of a cost breakdown), "62% of sales came through online" (`channel: online`). The
 * picked rows' sum over the whole column's, as a percentage, when only some rows hold the value.
 *
 * Support only: which whole the claim divides by (the column's total, a total field, another period's) is
 * read from no field name here, so a share no subset gives settles nothing.
 */
import type { EvidenceFact } from "../evidence-facts.js";
import { agreesWith } from "./arithmetic.js";
import { claimWords, columnOf, filteredRows } from "./column-aggregate.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** Words that make a percentage a part of a whole: "57% of", "a 62% share", "made up", "accounted for". */
const SHARE_WORDS = /%\s*of\b|\bshare\b|\bmade up\b|\bmakes? up\b|\baccount(?:s|ed)? for\b/i;
/** A column this long at most is read. */
const MAX_ROWS = 400;

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind !== "percent" || !SHARE_WORDS.test(sentence.text)) return null;
  const words = claimWords(input.text);
  const columns = new Map<string, Map<string, { fact: EvidenceFact; value: number }>>();
  for (const f of input.readable?.() ?? input.values) {
    if (f.value.type !== "quantity" || f.value.q.count || f.value.q.kind === "percent") continue;
    const column = columnOf(f);
    if (column === null) continue;
    const rows = columns.get(column) ?? new Map();
    // Two values of one column in one row: the column is not one value per element.
    rows.set(f.rowId!, rows.has(f.rowId!) ? { fact: f, value: Number.NaN } : { fact: f, value: f.value.q.value });
    columns.set(column, rows);
  }
  for (const rows of columns.values()) {
    if (rows.size < 2 || rows.size > MAX_ROWS) continue;
    const values = [...rows.values()];
    if (values.some((v) => !Number.isFinite(v.value) || v.value < 0)) continue;
    const total = values.reduce((s, v) => s + v.value, 0);
    if (total <= 0) continue;
    for (const [condition, picked] of filteredRows(values, words, 1)) {
      const part = picked.reduce((s, v) => s + v.value, 0);
      if (agreesWith(figure, [(part / total) * 100]) === "match")
        return {
          outcome: "match",
          fact: picked[0]!.fact,
          note: `equals the ${picked.length} rows with ${condition} over the column's ${rows.size}, as a percentage`,
        };
    }
  }
  return null;
}

export const columnShare: DerivedShape = { name: "column share", check };
