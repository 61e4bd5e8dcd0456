/**
 * `npm run fit:calibration -- [--cases PATH ...] [--data PATH ...] [--min-bin N] [--prior N] [--check]`:
 * fits the table that turns each tier's raw score into the probability that its verdict is right
 * (`src/verify/calibration.ts`), and writes it to `src/verify/calibration-table.ts`.
 *
 * It runs the firewall, calibration off, over the dev files the eval reads (`../shared/cases/*.jsonl` agent
 * cases and the `../shared/data/*.jsonl` files whose cases carry gold claims), collects per gold claim the
 * deciding tier, its verdict, its raw score and whether the verdict was right, fits, and prints per file the
 * expected calibration error before (raw scores), after (in sample) and 2-fold cross-validated (folds by
 * case), then checks the policy presets and the judge's review threshold against the new probabilities.
 * Exit codes: 0 done, 1 the run failed, 2 bad usage or unreadable input.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { calibrate, DEFAULT_FIT_OPTIONS, fitCalibrationTable, PRESETS, type CalibrationPoint, type CalibrationTable, type FitOptions } from "../src/index.js";
import { isAgentCaseFile, parseAgentCases, runAgentCases } from "./eval/agent-cases.js";
import { loadCaseFile } from "./eval/load-cases.js";
import { calibration } from "./eval/metrics.js";
import { runCases } from "./eval/run-cases.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DEFAULT_CASES_DIR = resolve(ROOT, "../shared/cases");
const DEFAULT_DATA_DIR = resolve(ROOT, "../shared/data");
const TABLE_PATH = join(ROOT, "src/verify/calibration-table.ts");

/**
 * The presets' flag thresholds on the raw scores, before confidences were calibrated: what each preset
 * flagged then is what it must still flag.
 */
const RAW_FLAG_THRESHOLDS = {
  lenient: { contradicted: 0.8, unsupported: 1.01 },
  balanced: { contradicted: 0.6, unsupported: 0.6 },
  strict: { contradicted: 0, unsupported: 0 },
} as const;
/** The LLM judge's default review threshold on raw scores, before calibration. */
const RAW_REVIEW_BELOW = 0.9;

/** One gold claim's outcome, as the fit and the scores need it. */
interface Point extends CalibrationPoint {
  file: string;
  caseId: string;
}

function files(paths: string[], what: string): string[] {
  return paths.flatMap((p) => {
    if (!existsSync(p)) throw new Error(`--${what} ${p}: no such file or folder.`);
    if (!statSync(p).isDirectory()) return [p];
    return readdirSync(p)
      .filter((f) => f.endsWith(".jsonl"))
      .sort()
      .map((f) => join(p, f));
  });
}

/** Runs one file (an agent-case file or a benchmark file with gold claims) with calibration off; null when it has no gold claims. */
async function pointsOf(path: string, tiers: Array<"exact" | "lexical">): Promise<Point[] | null> {
  const file = basename(path).replace(/\.jsonl$/i, "");
  if (await isAgentCaseFile(path)) {
    const cases = parseAgentCases(readFileSync(path, "utf8"), path);
    const { outcomes } = await runAgentCases(cases, { tiers, calibration: false });
    return outcomes.map((o) => ({ file, caseId: o.caseId, tier: o.tierName, verdict: o.predicted, raw: o.rawConfidence, correct: o.correct }));
  }
  const withGold = (await loadCaseFile(path)).cases.filter((c) => c.claims !== undefined);
  if (withGold.length === 0) return null;
  const { results } = await runCases(withGold, { tiers, calibration: false });
  return results.flatMap((r) =>
    (r.goldClaims ?? []).map((g) => ({ file, caseId: r.id, tier: g.tierName ?? "none", verdict: g.predicted, raw: g.rawConfidence ?? 1, correct: g.correct })),
  );
}

/** A gold claim no firewall claim matched keeps confidence 1 in the eval; it is scored but not fitted. */
const fitted = (p: Point) => p.tier !== "none";

function confidenceOf(table: CalibrationTable | null, p: Point): number {
  return p.tier === "none" ? 1 : calibrate(table, p.tier, p.verdict, p.raw);
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function tableOf(points: readonly Point[], options: FitOptions, meta: CalibrationTable["fitted"] | null = null): CalibrationTable {
  const { options: o, ...fit } = fitCalibrationTable(points.filter(fitted), options);
  return { ...fit, fitted: meta ?? { at: "", commit: null, files: [], options: o } };
}

/** ECE with each case's claims predicted by a table fitted on the other fold (folds by a hash of the file and case id). */
function crossValidated(points: readonly Point[], options: FitOptions): Map<Point, number> {
  const fold = (p: Point) => fnv1a(`${p.file}/${p.caseId}`) % 2;
  const out = new Map<Point, number>();
  for (const k of [0, 1]) {
    const table = tableOf(
      points.filter((p) => fold(p) !== k),
      options,
    );
    for (const p of points) if (fold(p) === k) out.set(p, confidenceOf(table, p));
  }
  return out;
}

function gitCommit(): string | null {
  try {
    return (
      execFileSync("git", ["describe", "--always", "--dirty", "--abbrev=7"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() ||
      null
    );
  } catch {
    return null;
  }
}

function renderTable(table: CalibrationTable): string {
  return `// Generated by \`npm run fit:calibration\` (scripts/fit-calibration.ts) from the dev files it names: do not edit by hand, re-fit.
import type { CalibrationTable } from "./calibration.js";

/**
 * The calibration table fitted on the dev data: per (deciding tier, verdict), isotonic steps from the tier's
 * raw score to the probability that the verdict is right (see \`calibration.ts\`).
 */
export const CALIBRATION_TABLE: CalibrationTable = ${JSON.stringify(table, null, 2)};
`;
}

/** What each preset flags on the dev claims with raw scores and old thresholds vs calibrated ones and today's thresholds. */
function policyCheck(points: readonly Point[], table: CalibrationTable): string[] {
  const lines = ["policy check (dev claims; 'lost' = flagged on raw scores before, not flagged now):"];
  for (const [name, raw] of Object.entries(RAW_FLAG_THRESHOLDS) as Array<[keyof typeof RAW_FLAG_THRESHOLDS, { contradicted: number; unsupported: number }]>) {
    const preset = PRESETS[name];
    for (const verdict of ["contradicted", "unsupported"] as const) {
      const now = verdict === "contradicted" ? preset.flagContradicted : preset.flagUnsupported;
      const ps = points.filter((p) => fitted(p) && p.verdict === verdict);
      const before = ps.filter((p) => p.raw >= raw[verdict]);
      const after = ps.filter((p) => confidenceOf(table, p) >= now);
      const lost = before.filter((p) => !after.includes(p));
      const gained = after.filter((p) => !before.includes(p));
      const needed = before.length ? Math.min(...before.map((p) => confidenceOf(table, p))) : null;
      lines.push(
        `  ${name.padEnd(8)} ${verdict.padEnd(12)} threshold ${raw[verdict].toFixed(2)} raw -> ${now.toFixed(2)}: flagged ${before.length} -> ${after.length}, lost ${lost.length}, new ${gained.length}` +
          (lost.length ? `  (keep all: threshold <= ${needed!.toFixed(4)})` : ""),
      );
    }
  }
  return lines;
}

/** How many non-exact verdicts the judge would review: raw scores below 0.9 before, calibrated below its default now. */
function reviewCheck(points: readonly Point[], table: CalibrationTable, reviewBelow: number): string {
  const ps = points.filter((p) => fitted(p) && p.tier !== "exact" && p.tier !== "extractor");
  const before = ps.filter((p) => p.raw < RAW_REVIEW_BELOW).length;
  const after = ps.filter((p) => confidenceOf(table, p) < reviewBelow).length;
  return `judge review (default, tier-0 verdicts excluded): ${before}/${ps.length} claims below ${RAW_REVIEW_BELOW} raw -> ${after}/${ps.length} below ${reviewBelow} calibrated`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      cases: { type: "string", multiple: true },
      data: { type: "string", multiple: true },
      "min-bin": { type: "string" },
      prior: { type: "string" },
      "unseen-shrink": { type: "string" },
      "review-below": { type: "string" },
      check: { type: "boolean" },
      points: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(
      "fit:calibration: fit src/verify/calibration-table.ts on the dev files.\n\n" +
        "Options:\n  --cases PATH      agent-case files or folders (default ../shared/cases)\n" +
        "  --data PATH       benchmark files or folders; those with gold claims are used (default ../shared/data)\n" +
        `  --min-bin N       smallest step, in claims (default ${DEFAULT_FIT_OPTIONS.minBin})\n` +
        `  --prior N         prior weight of a step's group mean, in claims (default ${DEFAULT_FIT_OPTIONS.prior})\n` +
        `  --unseen-shrink W weight of the verdict's mean for an unseen tier (default ${DEFAULT_FIT_OPTIONS.unseenShrink})\n` +
        "  --review-below P  the judge's review threshold to check (default 0.9)\n" +
        "  --check           fit and report, do not write the table\n" +
        "  --points FILE     also write the fitted points (tier, verdict, raw, correct) as JSON, e.g. for a test fixture\n",
    );
    return 0;
  }
  const num = (v: string | undefined, d: number, name: string) => {
    if (v === undefined) return d;
    const x = Number(v);
    if (!Number.isFinite(x) || x < 0) throw new Error(`--${name} must be a number of at least 0, got '${v}'.`);
    return x;
  };
  const options: FitOptions = {
    minBin: num(values["min-bin"], DEFAULT_FIT_OPTIONS.minBin, "min-bin"),
    prior: num(values.prior, DEFAULT_FIT_OPTIONS.prior, "prior"),
    unseenShrink: Math.min(1, num(values["unseen-shrink"], DEFAULT_FIT_OPTIONS.unseenShrink, "unseen-shrink")),
  };
  const paths = [...files(values.cases ?? [DEFAULT_CASES_DIR], "cases"), ...files(values.data ?? [DEFAULT_DATA_DIR], "data")];
  const points: Point[] = [];
  const used: Array<{ name: string; claims: number }> = [];
  for (const path of paths) {
    const ps = await pointsOf(path, ["exact", "lexical"]);
    if (ps === null) continue;
    points.push(...ps);
    used.push({ name: basename(path), claims: ps.length });
    process.stderr.write(`fit:calibration: ${basename(path)}: ${ps.length} gold claims\n`);
  }
  if (points.filter(fitted).length === 0) {
    process.stderr.write("fit:calibration: no gold claims to fit on.\n");
    return 2;
  }
  const table = tableOf(points, options, { at: new Date().toISOString(), commit: gitCommit(), files: used, options });
  const cv = crossValidated(points, options);
  const lines = [
    "file                    claims  ECE raw  ECE calibrated  ECE 2-fold CV",
    "----------------------  ------  -------  --------------  -------------",
  ];
  const byFile = [...new Set(points.map((p) => p.file)), "(all)"];
  for (const file of byFile) {
    const ps = file === "(all)" ? points : points.filter((p) => p.file === file);
    const ece = (conf: (p: Point) => number) => calibration(ps.map((p) => ({ confidence: conf(p), correct: p.correct }))).ece.toFixed(3);
    lines.push(
      `${file.padEnd(22)}  ${String(ps.length).padStart(6)}  ${ece((p) => confidenceOf(null, p)).padStart(7)}  ${ece((p) => confidenceOf(table, p)).padStart(14)}  ${ece((p) => cv.get(p)!).padStart(13)}`,
    );
  }
  lines.push("", "groups (tier verdict: claims, mean; steps as raw <= upTo -> p (claims)):");
  for (const g of table.groups)
    lines.push(
      `  ${g.tier} ${g.verdict}: ${g.n}, ${g.mean.toFixed(3)}; ${g.steps.map((s) => `<=${s.upTo.toFixed(3)} -> ${s.p.toFixed(3)} (${s.n})`).join(", ")}`,
    );
  lines.push("", ...policyCheck(points, table), reviewCheck(points, table, num(values["review-below"], 0.9, "review-below")));
  process.stdout.write(`${lines.join("\n")}\n`);
  if (values.points !== undefined) {
    writeFileSync(values.points, `${JSON.stringify(points.filter(fitted).map(({ tier, verdict, raw, correct }) => ({ tier, verdict, raw, correct })))}\n`);
  }
  if (!values.check) {
    writeFileSync(TABLE_PATH, renderTable(table));
    process.stderr.write(
      `fit:calibration: wrote src/verify/calibration-table.ts (${table.groups.length} groups, ${points.filter(fitted).length} claims); run 'npm run build' to use it\n`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`fit:calibration: failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
