/**
 * `npm run docs:results [-- --in FILE]`: the README's accuracy and speed table, generated from an `npm run eval`
 * results file (default `results/latest.json`). It keeps the figures the table shows in `docs/results.json`
 * (so the table can be checked against them without a new eval run) and rewrites the README between the
 * `results:begin` and `results:end` markers. Exit codes: 0 done, 2 bad usage or an unreadable results file.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AgentFileMetrics } from "../eval/agent-cases.js";
import type { EvalResults } from "../eval/case-result.js";

/** One row of the table: a case file of hand-made agent cases, or a public benchmark set. */
export interface ResultsRow {
  set: string;
  /** Answers scored. */
  answers: number;
  /** Share of gold claims given the gold verdict (0..1); null where the set labels whole answers only. */
  claimAccuracy: number | null;
  /** Corrections with the right value, of the gold corrections; null where the set has none. */
  corrections: { right: number; of: number } | null;
  /** Right claims reported contradicted, plus corrections with a wrong value; null where not scored. */
  harmful: number | null;
  /** Expected calibration error of the verdicts' confidences (0..1, lower is better). */
  ece: number | null;
  /** Balanced accuracy of the answer-level flag (hallucinated or not), 0..1; null for the agent case files. */
  balancedAccuracy: number | null;
  /** Verify wall time per answer, median (ms); null where the run did not time answers. */
  p50Ms: number | null;
}

/** What `docs/results.json` holds: the rows and where they came from. */
export interface ResultsSummary {
  commit: string | null;
  date: string;
  node: string;
  tiers: string[];
  strictness: string;
  rows: ResultsRow[];
}

type Results = EvalResults & { agentCases?: { files: AgentFileMetrics[] } };

const SET_NAMES: Record<string, string> = {
  "agent-cases-dev": "agent cases from real API fixtures",
  cases: "hand-made agent cases",
  agent_traces: "agent traces (npm, Debian)",
  begin: "BEGIN (dialogue)",
  faithbench: "FaithBench (summaries)",
  halueval_qa: "HaluEval (QA)",
  summedits: "SummEdits (summaries)",
  wice: "WiCE (Wikipedia claims)",
};

/** The figures the README shows, from a results file: agent case files first, then each dataset by name. */
export function summariseResults(results: Results): ResultsSummary {
  const rows: ResultsRow[] = [];
  for (const f of results.agentCases?.files ?? []) {
    rows.push({
      set: SET_NAMES[f.name] ?? f.name,
      answers: f.cases,
      claimAccuracy: f.goldAccuracy,
      corrections: { right: f.correctionsRight, of: f.corrections },
      harmful: f.harmful,
      ece: f.ece,
      balancedAccuracy: null,
      p50Ms: null,
    });
  }
  for (const [name, d] of Object.entries(results.datasets).sort(([a], [b]) => a.localeCompare(b))) {
    const gold = d.goldClaims;
    rows.push({
      set: SET_NAMES[name] ?? name,
      answers: d.n,
      claimAccuracy: gold?.accuracy ?? null,
      corrections: gold && gold.correctionAccuracy !== null ? { right: Math.round(gold.correctionAccuracy * gold.corrections), of: gold.corrections } : null,
      harmful: null,
      ece: gold?.ece ?? null,
      balancedAccuracy: d.response.balancedAccuracy,
      p50Ms: d.latencyMs.p50,
    });
  }
  return {
    commit: results.config.commit,
    date: results.config.startedAt.slice(0, 10),
    node: results.config.node,
    tiers: results.config.tiers,
    strictness: results.config.strictness,
    rows,
  };
}

const fixed = (x: number | null, digits = 3): string => (x === null ? "" : x.toFixed(digits));
const ms = (x: number | null): string => (x === null ? "" : x < 10 ? x.toFixed(1) : x.toFixed(0));

/** The Markdown table (with a one-line provenance note) that goes between the README's markers. */
export function renderResultsTable(s: ResultsSummary): string {
  const lines = [
    "| set | answers | claim accuracy | corrections right | harmful | calibration error | balanced accuracy | verify p50 ms |",
    "|---|---|---|---|---|---|---|---|",
    ...s.rows.map((r) =>
      [
        r.set,
        r.answers.toLocaleString("en-US"),
        fixed(r.claimAccuracy),
        r.corrections ? `${r.corrections.right}/${r.corrections.of}` : "",
        r.harmful === null ? "" : String(r.harmful),
        fixed(r.ece),
        fixed(r.balancedAccuracy),
        ms(r.p50Ms),
      ]
        .join(" | ")
        .replace(/^/, "| ")
        .replace(/$/, " |"),
    ),
    "",
    `Tiers ${s.tiers.join(" + ")}, ${s.strictness} policy, offline; measured on ${s.date} at commit ${s.commit ?? "unknown"} (Node ${s.node}).`,
  ];
  return lines.join("\n");
}

export const BEGIN_MARKER = "<!-- results:begin";
export const END_MARKER = "<!-- results:end -->";

/**
 * The README with `table` between its markers (the begin marker's line is kept as it is).
 * @throws Error when either marker is missing.
 */
export function replaceResultsBlock(readme: string, table: string): string {
  const begin = readme.indexOf(BEGIN_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (begin < 0 || end < begin) throw new Error(`README has no '${BEGIN_MARKER} ... -->' / '${END_MARKER}' pair`);
  const afterBegin = readme.indexOf("\n", begin) + 1;
  return `${readme.slice(0, afterBegin)}${table}\n${readme.slice(end)}`;
}

/** The text between the README's markers, without the marker lines. */
export function readResultsBlock(readme: string): string {
  const begin = readme.indexOf(BEGIN_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (begin < 0 || end < begin) return "";
  return readme.slice(readme.indexOf("\n", begin) + 1, end).replace(/\n$/, "");
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

function main(): number {
  const { values } = parseArgs({ options: { in: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    process.stdout.write(
      "docs:results: regenerate the README's accuracy and speed table\n\nUsage:\n  npm run docs:results [-- --in FILE]   (default results/latest.json, written by 'npm run eval')\n",
    );
    return 0;
  }
  const input = resolve(values.in ?? join(ROOT, "results", "latest.json"));
  if (!existsSync(input)) {
    process.stderr.write(`docs:results: no results file at ${input}: run 'npm run eval' first, or pass --in FILE\n`);
    return 2;
  }
  const summary = summariseResults(JSON.parse(readFileSync(input, "utf8")) as Results);
  writeFileSync(join(ROOT, "docs", "results.json"), `${JSON.stringify(summary, null, 2)}\n`);
  const readmePath = join(ROOT, "README.md");
  writeFileSync(readmePath, replaceResultsBlock(readFileSync(readmePath, "utf8"), renderResultsTable(summary)));
  process.stdout.write(`docs:results: README.md and docs/results.json updated from ${input}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
