/**
 * A letter grade the claim gives its subject ("you got a C in Biology I", "an A- in French") against the
 * grade field of the element its names pick (`Letters: D+`, `grade: A-`): one of A to F with an optional
 * plus or minus. Grades are categorical values, so "D" and "D+" differ. Decided only where the claim's names
 * pick elements that hold one grade between them.
 */
import { nameOccursIn } from "../quantity/names.js";
import type { EvidenceQuote } from "../schema.js";
import type { ClaimScope } from "./claim-scope.js";

/** A grade after the words that give one: "got a D", "earned an A-", "with a B+", "a grade of C". */
const CLAIM_GRADE = /\b(?:got|get|gets|earned|earn|received|receive|with|scored|grade of|grade)\s+(?:an?\s+)?([A-F][+\-−]?)(?=[\s.,;:!?)]|$)/g;
/** A grade field's line: `list[5].Letters: D+`, `grade: A-`, `letter_grade: B`. */
const GRADE_LINE = /(?:^|\n)([^\n:]*(?:grade|letter|letters|mark)s?(?:\[\d+\])?): ([A-F][+-]?)(?=\n|$)/gi;

export interface GradeCheck {
  agrees: boolean;
  /** The claim's grade as written and its span in the claim text. */
  wrong: string;
  span: [number, number];
  /** The element's grade and its field line. */
  value: string;
  quote: EvidenceQuote;
}

/** The claim's grade against its subject's; null when the claim states none or its names pick no one grade. */
export function checkGrade(scope: ClaimScope): GradeCheck | null {
  const names = scope.figures.flatMap((f) => (f.value.type === "name" ? [f.value.n] : []));
  if (names.length === 0) return null;
  const m = CLAIM_GRADE.exec(scope.text);
  CLAIM_GRADE.lastIndex = 0;
  if (!m) return null;
  const wrong = m[1]!;
  const at = m.index + m[0].length - wrong.length;
  const found = new Map<string, EvidenceQuote>();
  const seen = new Set<string>();
  for (const f of scope.facts) {
    if (f.row === undefined || f.rowId === undefined || seen.has(f.rowId)) continue;
    seen.add(f.rowId);
    if (!names.some((n) => nameOccursIn(n, f.row!))) continue;
    const record = scope.context.ledger.get(f.chunk.evidenceId);
    for (const g of f.row.matchAll(GRADE_LINE)) {
      const line = `${g[1]!.trimStart()}: ${g[2]}`;
      const start = record?.text.indexOf(line) ?? -1;
      if (start < 0) continue;
      found.set(g[2]!, { evidenceId: f.chunk.evidenceId, source: f.chunk.source, text: line, span: [start, start + line.length] });
    }
  }
  if (found.size !== 1) return null;
  const [value, quote] = [...found][0]!;
  return { agrees: value === wrong.replace("−", "-"), wrong, span: [at, at + wrong.length], value, quote };
}
