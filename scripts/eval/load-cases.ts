/**
 * Reads benchmark cases from JSONL files in the shared evaluation format (one case a line; see the data
 * folder's README): `id`, `dataset`, `task`, `evidence`, `answer`, `label`, `spans`, and optionally
 * `sources` (tool name per evidence item) and `claims` (gold per-sentence verdicts).
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";

/** A labelled character span of the answer, `[start, end)` in UTF-16 code units. */
export const LabelledSpanSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string().optional(),
  type: z.string().optional(),
});
export type LabelledSpan = z.infer<typeof LabelledSpanSchema>;

/** A gold claim: a sentence or bullet of the answer with its expected verdict and correction. */
export const GoldClaimSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  verdict: z.enum(["supported", "contradicted", "unsupported", "not_checkable"]),
  /** The evidence value for a contradicted claim that states a value; null otherwise. */
  correction: z.string().nullable(),
});
export type GoldClaim = z.infer<typeof GoldClaimSchema>;

/** One benchmark case. Unknown fields (e.g. `meta`) are dropped. */
export const EvalCaseSchema = z
  .object({
    id: z.string().min(1),
    dataset: z.string().min(1),
    task: z.string().min(1),
    evidence: z.array(z.string()),
    sources: z.array(z.string()).optional(),
    question: z.string().nullable().optional(),
    answer: z.string(),
    label: z.enum(["hallucinated", "faithful"]),
    spans: z.array(LabelledSpanSchema),
    claims: z.array(GoldClaimSchema).optional(),
  })
  .superRefine((c, ctx) => {
    const check = (s: { start: number; end: number }, path: Array<string | number>) => {
      if (s.start > s.end || s.end > c.answer.length) {
        ctx.addIssue({ code: "custom", path, message: `span [${s.start}, ${s.end}) does not fit an answer of ${c.answer.length} characters` });
      }
    };
    c.spans.forEach((s, i) => check(s, ["spans", i]));
    c.claims?.forEach((s, i) => check(s, ["claims", i]));
    if (c.sources && c.sources.length !== c.evidence.length) {
      ctx.addIssue({ code: "custom", path: ["sources"], message: `${c.sources.length} sources for ${c.evidence.length} evidence items` });
    }
  });
export type EvalCase = z.infer<typeof EvalCaseSchema>;

/** A file's cases, with the dataset name taken from the file name (`faithbench.jsonl` -> `faithbench`). */
export interface CaseFile {
  path: string;
  name: string;
  cases: EvalCase[];
}

/** A line of a case file that is not valid JSON or not a valid case; the message names `file:line`. */
export class CaseFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = "CaseFileError";
  }
}

/**
 * Parses the text of a JSONL case file. Blank lines are skipped.
 * @param file the name used in error messages.
 * @throws CaseFileError for the first line that is not JSON or does not match {@link EvalCaseSchema}.
 */
export function parseCases(text: string, file: string): EvalCase[] {
  const cases: EvalCase[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new CaseFileError(file, i + 1, `not valid JSON (${(error as Error).message}): each line must be one JSON case`);
    }
    const parsed = EvalCaseSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((x) => `${x.path.join(".") || "(case)"}: ${x.message}`).join("; ");
      throw new CaseFileError(file, i + 1, `not a valid case: ${issues}`);
    }
    cases.push(parsed.data);
  }
  return cases;
}

/**
 * Reads and validates a JSONL case file.
 * @throws CaseFileError for a bad line; the file system's error when the file cannot be read.
 */
export async function loadCaseFile(path: string): Promise<CaseFile> {
  const text = await readFile(path, "utf8");
  return { path, name: basename(path).replace(/\.jsonl$/i, ""), cases: parseCases(text, path) };
}
