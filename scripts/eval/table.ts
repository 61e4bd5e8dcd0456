/**
 * Renders evaluation results as a compact text table (stdout) or Markdown tables (the report).
 */
import type { EvalResults } from "./case-result.js";
import type { DatasetMetrics } from "./dataset-metrics.js";
import { reliabilityLines, VERDICTS } from "./metrics.js";

/** A number with `digits` decimals, or `-` for null (a metric with no data). */
export function fmt(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "-" : value.toFixed(digits);
}

/** Columns padded to their widest cell; numbers right-aligned, the first column left-aligned. */
export function textTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A GitHub-flavoured Markdown table (pipes in cells escaped). */
export function markdownTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const esc = (c: string) => c.replace(/\|/g, "\\|");
  const align = headers.map((_, i) => (i === 0 ? "---" : "---:"));
  return [headers, align, ...rows].map((r) => `| ${r.map(esc).join(" | ")} |`).join("\n");
}

type Group = [name: string, metrics: DatasetMetrics];

function groups(results: EvalResults): Group[] {
  // A task that is also a single dataset's only task adds nothing; list tasks shared by several datasets.
  const tasks = Object.entries(results.tasks).filter(([task]) => new Set(results.cases.filter((c) => c.task === task).map((c) => c.dataset)).size > 1);
  return [...Object.entries(results.datasets), ...tasks.map(([t, m]): Group => [`task:${t}`, m])];
}

/** Headers and rows of the main table: response, claim, span and gold-claim metrics plus latency. */
export function summaryTable(results: EvalResults): { headers: string[]; rows: string[][] } {
  const headers = [
    "dataset",
    "n",
    "err",
    "P",
    "R",
    "F1",
    "BAcc",
    "AUROC",
    "FBR",
    "clmP",
    "clmR",
    "clmF1",
    "FFR",
    "spanF1",
    "goldAcc",
    "corrAcc",
    "p50ms",
    "p95ms",
  ];
  const rows = groups(results).map(([name, m]) => [
    name,
    String(m.n),
    String(m.errors),
    fmt(m.response.precision),
    fmt(m.response.recall),
    fmt(m.response.f1),
    fmt(m.response.balancedAccuracy),
    fmt(m.response.auroc),
    fmt(m.response.falseBlockRate),
    fmt(m.claim?.precision),
    fmt(m.claim?.recall),
    fmt(m.claim?.f1),
    fmt(m.claim?.falseFlagRate),
    fmt(m.spanF1),
    fmt(m.goldClaims?.accuracy),
    fmt(m.goldClaims?.correctionAccuracy),
    fmt(m.latencyMs.p50, 1),
    fmt(m.latencyMs.p95, 1),
  ]);
  return { headers, rows };
}

/** Tier mix, decisions and LLM use per dataset. */
export function mixTable(results: EvalResults): { headers: string[]; rows: string[][] } {
  const tierKeys = [...new Set(Object.values(results.datasets).flatMap((m) => Object.keys(m.tiers)))].sort(
    (a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b),
  );
  const headers = [
    "dataset",
    "claims",
    ...tierKeys.map((k) => `tier ${k}`),
    "pass",
    "annotate",
    "rewrite",
    "block",
    "judged",
    "LLM calls/ans",
    "tokens in/ans",
    "tokens out/ans",
    "cost/ans",
  ];
  const rows = groups(results).map(([name, m]) => {
    const total = Object.values(m.tiers).reduce((s, t) => s + t.claims, 0);
    return [
      name,
      String(total),
      ...tierKeys.map((k) => (m.tiers[k] ? `${m.tiers[k].claims} (${(m.tiers[k].share * 100).toFixed(0)}%)` : "0")),
      String(m.decisions.pass),
      String(m.decisions.annotate),
      String(m.decisions.rewrite),
      String(m.decisions.block),
      m.llm.judgedShare === null ? "-" : `${(m.llm.judgedShare * 100).toFixed(0)}%`,
      fmt(m.llm.callsPerAnswer, 2),
      fmt(m.llm.inputTokensPerAnswer, 0),
      fmt(m.llm.outputTokensPerAnswer, 0),
      fmt(m.llm.costPerAnswer, 5),
    ];
  });
  return { headers, rows };
}

/** The threshold sweep: precision/recall per threshold, the operating point starred. */
export function sweepTable(results: EvalResults): { headers: string[]; rows: string[][] } {
  const first = Object.values(results.datasets)[0];
  const thresholds = first?.sweep.map((p) => p.threshold) ?? [];
  const headers = ["dataset", ...thresholds.map((t) => (first?.sweep.find((p) => p.threshold === t)?.operatingPoint ? `${t.toFixed(2)}*` : t.toFixed(2)))];
  const rows = groups(results).map(([name, m]) => [name, ...m.sweep.map((p) => `${fmt(p.precision, 2)}/${fmt(p.recall, 2)}`)]);
  return { headers, rows };
}

/** Gold x predicted confusion matrix of one dataset (rows: gold). */
export function confusionTable(m: DatasetMetrics): { headers: string[]; rows: string[][] } | null {
  if (!m.goldClaims) return null;
  const c = m.goldClaims.confusion;
  return { headers: ["gold \\ predicted", ...VERDICTS], rows: VERDICTS.map((g) => [g, ...VERDICTS.map((p) => String(c[g][p]))]) };
}

/** The legend of the column abbreviations. */
export const LEGEND =
  "P/R/F1: response-level precision/recall/F1 of flagging hallucinated answers; BAcc: balanced accuracy; AUROC: by lowest claim support; " +
  "FBR: false-block rate of faithful answers; clm*: claim-level vs labelled spans; FFR: false-flag rate of clean checkable claims; " +
  "spanF1: character-level span F1; goldAcc/corrAcc: gold claim verdict and correction accuracy; p50/p95ms: verify latency; " +
  "judged: checkable claims sent to the LLM judge (tier 2).";

function judgeNote(c: EvalResults["config"]): string {
  if (!c.judge) return "";
  return `, judge ${c.judge.model}${c.judge.dryRun ? " (dry run: tokens and cost estimated, no model called)" : ""}${c.judge.prices ? "" : " (no price table: cost 0)"}`;
}

/**
 * Calibration of the verdicts' confidences on the gold claims of each dataset that has them: the expected
 * calibration error and the reliability table. Null when no dataset has gold claims.
 */
export function goldCalibrationText(results: EvalResults): string | null {
  const rows = Object.entries(results.datasets).filter(([, m]) => m.goldClaims?.ece !== undefined);
  if (rows.length === 0) return null;
  const lines = [
    textTable(
      ["gold claims", "claims", "ECE"],
      rows.map(([name, m]) => [name, String(m.goldClaims!.n), fmt(m.goldClaims!.ece)]),
    ),
  ];
  for (const [name, m] of rows) lines.push("", ...reliabilityLines(name, m.goldClaims!.reliability ?? []));
  return lines.join("\n");
}

/** The compact stdout summary: main table, tier/decision mix, and calibration on gold claims. */
export function renderText(results: EvalResults): string {
  const s = summaryTable(results);
  const x = mixTable(results);
  const c = results.config;
  const cal = goldCalibrationText(results);
  return [
    `strictness ${c.strictness}, tiers ${c.tiers.join(",")}, limit ${c.limit ?? "none"}, ${(c.durationMs / 1000).toFixed(1)} s${judgeNote(c)}`,
    textTable(s.headers, s.rows),
    "",
    textTable(x.headers, x.rows),
    ...(cal ? ["", cal] : []),
    "",
    LEGEND,
  ].join("\n");
}

/** The Markdown report: every table, with confusion matrices for datasets with gold claims. */
export function renderMarkdown(results: EvalResults, options: { curve?: string } = {}): string {
  const c = results.config;
  const s = summaryTable(results);
  const x = mixTable(results);
  const w = sweepTable(results);
  const out = [
    "# Evaluation results",
    "",
    `Strictness \`${c.strictness}\`, tiers \`${c.tiers.join(", ")}\`, ${c.limit === null ? "all cases" : `up to ${c.limit} cases per file (stratified, seed ${c.seed})`}, ` +
      `run ${c.startedAt}${c.commit ? ` at commit \`${c.commit}\`` : ""}, ${(c.durationMs / 1000).toFixed(1)} s${judgeNote(c)}.`,
    "",
    "## Detection and localisation",
    "",
    markdownTable(s.headers, s.rows),
    "",
    LEGEND,
    "",
    "## Who decided, and what the policy did",
    "",
    markdownTable(x.headers, x.rows),
    "",
    `## Threshold sweep (response precision/recall; * = operating point ${c.operatingPoint})`,
    "",
    markdownTable(w.headers, w.rows),
  ];
  if (options.curve) out.push("", `![precision/recall curve](${options.curve})`);
  for (const [name, m] of Object.entries(results.datasets)) {
    const t = confusionTable(m);
    if (!t) continue;
    out.push(
      "",
      `## Gold claim verdicts: ${name} (${m.goldClaims!.n} claims, ${m.goldClaims!.corrections} scored corrections)`,
      "",
      markdownTable(t.headers, t.rows),
    );
  }
  return `${out.join("\n")}\n`;
}
