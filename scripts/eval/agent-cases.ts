/**
 * The agent-case format of the hand-made case files (`cases/*.jsonl`, see that folder's README): evidence as
 * `{source, content}` (content a string or any JSON value), a draft, and expected claims, each a normalised
 * rewording of a clause of the draft with its verdict and, for a contradicted figure, the evidence value.
 *
 * Scores, per file: gold claim accuracy, correction accuracy, harmful outcomes and the expected calibration
 * error of the deciding confidences.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import { Firewall, type CalibrationTable, type Report, type Strictness, type Tier, type VerdictLabel } from "../../src/index.js";
import { decidingTierName, rawConfidence } from "./case-result.js";
import { calibration, reliabilityLines, type ReliabilityBin } from "./metrics.js";
import { parseNumber, samePolarity, sameValue } from "./normalise-value.js";

const VerdictSchema = z.enum(["supported", "contradicted", "unsupported", "not_checkable"]);

/** One hand-made agent case. Unknown fields (`kind`, `note`, `source`) are kept for reading results. */
export const AgentCaseSchema = z.object({
  id: z.string().min(1),
  kind: z.string().optional(),
  evidence: z.array(z.object({ source: z.string(), content: z.unknown() })),
  draft: z.string(),
  expected: z.array(z.object({ claim: z.string(), verdict: VerdictSchema, correction: z.string().nullable() })),
});
export type AgentCase = z.infer<typeof AgentCaseSchema>;

/** Whether a JSON line is in the agent-case format rather than the benchmark format (`answer`, `label`). */
export function isAgentCaseLine(json: unknown): boolean {
  return typeof json === "object" && json !== null && "draft" in json && "expected" in json;
}

/** Parses an agent-case JSONL text. @throws Error naming `file:line` for a bad line. */
export function parseAgentCases(text: string, file: string): AgentCase[] {
  const out: AgentCase[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${i + 1}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = AgentCaseSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`${file}:${i + 1}: not an agent case: ${parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
    out.push(parsed.data);
  });
  return out;
}

/** Whether a file's first non-blank line is an agent case. */
export async function isAgentCaseFile(path: string): Promise<boolean> {
  const text = await readFile(path, "utf8");
  const first = text.split("\n").find((l) => l.trim() !== "");
  if (first === undefined) return false;
  try {
    return isAgentCaseLine(JSON.parse(first));
  } catch {
    return false;
  }
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );
}

/** Shared words over the smaller word set (CJK: shared characters), as the case files' README asks. */
export function wordOverlap(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  let n = 0;
  for (const w of wa) if (wb.has(w)) n++;
  if (n === 0) for (const ch of new Set(a)) if (/\p{Script=Han}|\p{Script=Katakana}|\p{Script=Hiragana}/u.test(ch) && b.includes(ch)) n += 0.1;
  return n / Math.max(1, Math.min(wa.size, wb.size));
}

/** The shares of the gold claim's words and of the claim's own words that the two have in common (0..1 each). */
export function overlapTieBreak(gold: string, claim: string): [number, number] {
  const wa = words(gold);
  const wb = words(claim);
  let n = 0;
  for (const w of wa) if (wb.has(w)) n++;
  return [n / Math.max(1, wa.size), n / Math.max(1, wb.size)];
}

/**
 * The value part of a gold correction: `"37 minutes (departure.delay: 37)"` -> `37 minutes`,
 * `"environments.production.on: true"` -> `true`.
 */
export function goldValue(correction: string): string {
  return goldValues(correction)[0]!;
}

/**
 * Every form a gold correction gives its value in: the value part, and a parenthesised restatement
 * (`"0.05 (= 5%)"` -> `0.05`, `5%`; `"EUR 2,400 (€2,400)"` -> `EUR 2,400`, `€2,400`).
 */
export function goldValues(correction: string): string[] {
  let v = correction.split(/\s+\(/)[0]!.trim();
  const key = /^[\w.[\]-]+:\s+(.+)$/.exec(v);
  if (key) v = key[1]!;
  const out = [v.trim()];
  // "$15.70 in June; $25.96 was July", "3.32 after Spring 2018-2019": the figure the gold opens with, before
  // the words that place it.
  const lead = /^((?:about\s+)?[$€£]?\d[\d.,]*%?)\s+(?:in|on|at|after|before|for|from|by|during)\b/.exec(v.split(";")[0]!.trim());
  if (lead) out.push(lead[1]!);
  // "94 °F = about 34 °C": the value is what the equation ends on.
  const eq = /=\s*(?:about|around|roughly|~)?\s*([^=()]+)$/.exec(v);
  if (eq) out.push(eq[1]!.trim());
  const paren = /\(\s*(?:=\s*)?([^()]+?)\s*\)\s*$/.exec(correction);
  if (paren && /\d/.test(paren[1]!) && paren[1]!.split(/\s+/).length <= 3) out.push(paren[1]!.trim());
  // "open (paid: false)": a field restated in parentheses as `key: true|false` gives the boolean value too.
  const flag = /\(\s*[\w.[\]-]+:\s*(true|false)\s*[;)]/i.exec(correction);
  if (flag) out.push(flag[1]!.toLowerCase());
  // A currency code before or after the figure says the same ("EUR 2,400" and "2,400 EUR").
  for (const x of [...out]) {
    const m = /^([A-Z]{3})\s+(.+)$/.exec(x);
    if (m) out.push(`${m[2]} ${m[1]}`);
  }
  return out;
}

/**
 * Whether a correction rounds to a gold value that says it is rounded ("about 34 °C" for 34.4), or states
 * the gold value at the correction's own precision (the claim's style: "4.4" for 4.44).
 */
export function roundsTo(predicted: string, gold: string): boolean {
  // A correction with a scale word ("$25.0k", "$4.21 million") states the gold 24,960 or 4,213,450 at its
  // own precision.
  const scaled = /(\d[\d,]*(?:\.(\d+))?)\s?([kKMB]|thousand|million|billion)\b/.exec(predicted);
  const goldNumber = parseNumber(gold.replace(/[^\d.,-]/g, ""));
  if (scaled && goldNumber) {
    const scale = { k: 1e3, K: 1e3, thousand: 1e3, M: 1e6, million: 1e6, B: 1e9, billion: 1e9 }[scaled[3]!]!;
    const value = Number(scaled[1]!.replace(/,/g, "")) * scale;
    if (Math.abs(value - goldNumber.value) <= 0.5 * 10 ** -(scaled[2]?.length ?? 0) * scale * 1.0001) return true;
  }
  // A correction written in the claim's precision ("4.4" for a claim "6.4") states the gold 4.44 rounded.
  const pn = parseNumber(predicted.replace(/[^\d.,-]/g, ""));
  const gn = parseNumber(gold.replace(/[^\d.,-]/g, ""));
  if (pn && gn && pn.value !== 0) {
    const places = /\.(\d+)/.exec(predicted)?.[1]?.length ?? 0;
    if (Math.round(gn.value * 10 ** places) === Math.round(pn.value * 10 ** places) && Math.abs(gn.value - pn.value) < 0.5 * 10 ** -places * 1.0001)
      return true;
  }
  if (!/\b(?:about|around|roughly|approximately)\b|~/.test(gold)) return false;
  const p = parseNumber(predicted.replace(/[^\d.,-]/g, ""));
  const g = parseNumber(gold.replace(/^.*?(?:about|around|roughly|approximately|~)\s*/, "").replace(/[^\d.,-]/g, ""));
  if (!p || !g) return false;
  const decimals = /\.(\d+)/.exec(String(g.value))?.[1]?.length ?? 0;
  return Math.abs(p.value - g.value) <= 0.5 * 10 ** -decimals;
}

/** A gold claim's outcome. */
export interface AgentClaimOutcome {
  caseId: string;
  claim: string;
  gold: VerdictLabel;
  goldCorrection: string | null;
  matched: string | null;
  predicted: VerdictLabel;
  /** The verdict's (calibrated) confidence; 1 when no claim matched. */
  confidence: number;
  /** The deciding tier's raw score, from its trace entry; 1 when no claim matched. */
  rawConfidence: number;
  /** The deciding tier's name (`exact`, `lexical`, `extractor`, `pipeline`); `none` when no claim matched. */
  tierName: string;
  corrections: string[];
  /** The deciding tier's name and note. */
  note: string;
  /** Every tier's name and note, in the order they ran. */
  trace: string[];
  correct: boolean;
  /** null: no gold correction to score. */
  correctionCorrect: boolean | null;
  /** A right claim reported contradicted, or a correction with a wrong value. */
  harmful: boolean;
}

/** A file's scores. */
export interface AgentFileMetrics {
  name: string;
  cases: number;
  claims: number;
  goldAccuracy: number;
  corrections: number;
  correctionsRight: number;
  correctionAccuracy: number | null;
  harmful: number;
  ece: number;
  /** Reliability table: per confidence bin, claims, mean confidence and accuracy. */
  reliability: ReliabilityBin[];
  errors: number;
}

function matchExpected(c: AgentCase, report: Report): AgentClaimOutcome[] {
  return c.expected.map((exp) => {
    // The claim that overlaps the gold claim most; of claims that overlap it alike (one inside the other), the
    // one that covers more of the gold claim's words, then the one with fewer words of its own.
    let best = -1;
    let tie: [number, number] = [-1, -1];
    let at = -1;
    report.claims.forEach((cl, i) => {
      const o = wordOverlap(exp.claim, cl.text);
      const t = overlapTieBreak(exp.claim, cl.text);
      if (o > best || (o === best && (t[0] > tie[0] || (t[0] === tie[0] && t[1] > tie[1])))) {
        best = o;
        tie = t;
        at = i;
      }
    });
    const v = at >= 0 && best > 0 ? report.verdicts[at] : undefined;
    const predicted: VerdictLabel = v?.verdict ?? "not_checkable";
    const corrections = v?.corrections.map((x) => x.value) ?? [];
    const want = exp.correction === null ? null : goldValues(exp.correction);
    const scored = exp.verdict === "contradicted" && want !== null;
    const correctionCorrect = scored ? corrections.some((x) => want!.some((w) => sameValue(x, w) || roundsTo(x, w) || samePolarity(x, w))) : null;
    const wrongCorrection = corrections.length > 0 && (exp.verdict !== "contradicted" || (want !== null && !correctionCorrect));
    return {
      caseId: c.id,
      claim: exp.claim,
      gold: exp.verdict,
      goldCorrection: exp.correction,
      matched: at >= 0 && best > 0 ? report.claims[at]!.text : null,
      predicted,
      confidence: v?.confidence ?? 1,
      rawConfidence: v ? rawConfidence(v) : 1,
      tierName: v ? decidingTierName(v) : "none",
      corrections,
      note: v
        ? (v.trace
            .filter((t) => t.outcome !== "pass")
            .map((t) => `${t.name}: ${t.note}`)
            .pop() ?? v.trace.map((t) => `${t.name}: ${t.note}`).join(" | "))
        : "",
      trace: v ? v.trace.map((t) => `${t.name}: ${t.note}`) : [],
      correct: predicted === exp.verdict,
      correctionCorrect,
      harmful: (exp.verdict !== "contradicted" && predicted === "contradicted") || wrongCorrection,
    };
  });
}

export { calibration };

/** Scores a file's outcomes. */
export function agentMetrics(name: string, cases: number, outcomes: readonly AgentClaimOutcome[], errors: number): AgentFileMetrics {
  const scored = outcomes.filter((o) => o.correctionCorrect !== null);
  const right = scored.filter((o) => o.correctionCorrect).length;
  const cal = calibration(outcomes);
  return {
    name,
    cases,
    claims: outcomes.length,
    goldAccuracy: outcomes.length ? outcomes.filter((o) => o.correct).length / outcomes.length : 0,
    corrections: scored.length,
    correctionsRight: right,
    correctionAccuracy: scored.length ? right / scored.length : null,
    harmful: outcomes.filter((o) => o.harmful).length,
    ece: cal.ece,
    reliability: cal.reliability,
    errors,
  };
}

/** Runs each case in its own session and matches its expected claims to the report's claims. */
export async function runAgentCases(
  cases: readonly AgentCase[],
  options: { strictness?: Strictness; tiers?: Array<Tier | "exact" | "lexical" | "nli" | "judge">; calibration?: CalibrationTable | false } = {},
): Promise<{ outcomes: AgentClaimOutcome[]; errors: number }> {
  const fw = new Firewall({ strictness: options.strictness ?? "balanced", tiers: options.tiers ?? ["exact", "lexical"], calibration: options.calibration });
  const outcomes: AgentClaimOutcome[] = [];
  let errors = 0;
  for (const c of cases) {
    const session = fw.session(`agent/${c.id}`);
    try {
      for (const ev of c.evidence) session.record({ source: ev.source, content: ev.content as never });
      outcomes.push(...matchExpected(c, await session.verify(c.draft)));
    } catch (error) {
      errors++;
      process.stderr.write(`eval: ${c.id} threw: ${(error as Error).message}\n`);
    } finally {
      fw.reset(`agent/${c.id}`);
    }
  }
  await fw.close();
  return { outcomes, errors };
}

/** Reads, runs and scores one agent-case file. */
export async function evalAgentCaseFile(
  path: string,
  options: { strictness?: Strictness; tiers?: Array<"exact" | "lexical" | "nli" | "judge">; calibration?: CalibrationTable | false } = {},
) {
  const cases = parseAgentCases(await readFile(path, "utf8"), path);
  const { outcomes, errors } = await runAgentCases(cases, options);
  return { metrics: agentMetrics(basename(path).replace(/\.jsonl$/i, ""), cases.length, outcomes, errors), outcomes };
}

/** A text table of agent-case metrics and each file's reliability table. */
export function renderAgentTable(rows: readonly AgentFileMetrics[]): string {
  const f = (x: number | null) => (x === null ? "    -" : x.toFixed(3));
  const lines = [
    "agent cases       cases  claims  goldAcc  corrections  corrAcc  harmful    ECE",
    "----------------  -----  ------  -------  -----------  -------  -------  -----",
  ];
  for (const r of rows) {
    lines.push(
      `${r.name.slice(0, 16).padEnd(16)}  ${String(r.cases).padStart(5)}  ${String(r.claims).padStart(6)}    ${f(r.goldAccuracy)}  ${`${r.correctionsRight}/${r.corrections}`.padStart(11)}    ${f(r.correctionAccuracy)}  ${String(r.harmful).padStart(7)}  ${f(r.ece)}`,
    );
  }
  for (const r of rows) lines.push("", ...reliabilityLines(r.name, r.reliability));
  return lines.join("\n");
}
