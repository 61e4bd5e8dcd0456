/**
 * `npm run fit:calibration -- [--cases PATH ...] [--held-out PATH ...] [--data PATH ...] [--min-bin N] [--prior N] [--check]`:
 * fits the table that turns each tier's raw score into the probability that its verdict is right
 * (`src/verify/calibration.ts`), and writes it to `src/verify/calibration-table.ts`.
 *
 * It runs the firewall, calibration off, over the dev files the eval reads (`../shared/cases/*.jsonl` agent
 * cases and the `../shared/data/*.jsonl` files whose cases carry gold claims), collects per gold claim the
 * deciding tier, its verdict, its raw score and whether the verdict was right, fits, and prints per file the
 * expected calibration error before (raw scores), after (in sample) and 2-fold cross-validated (folds by
 * case), then checks the policy presets and the judge's review threshold against the new probabilities.
 *
 * Held-out agent cases (`--held-out`, default `test/fixtures/held-out`) join the fit with importance weights:
 * answers the rules were not written against show how often each verdict is right on unseen input, but their
 * writers' label mix (three in four claims supported) is not the dev files' (about half). Each held-out
 * claim counts its gold label's share in the dev agent cases over its share in its own file, so the table
 * serves unseen answers with the dev files' mix of labels. A cross-file check fits on half the held-out files
 * and scores the other half (reweighted the same way), the figure closest to a hidden set's.
 * Exit codes: 0 done, 1 the run failed, 2 bad usage or unreadable input.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  CALIBRATION_TABLE,
  calibrate,
  DEFAULT_FIT_OPTIONS,
  fitCalibrationTable,
  PRESETS,
  type CalibrationPoint,
  type CalibrationTable,
  type FitOptions,
} from "../src/index.js";
import { isAgentCaseFile, parseAgentCases, runAgentCases } from "./eval/agent-cases.js";
import { loadCaseFile } from "./eval/load-cases.js";
import { calibration } from "./eval/metrics.js";
import { runCases } from "./eval/run-cases.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DEFAULT_CASES_DIR = resolve(ROOT, "../shared/cases");
const DEFAULT_DATA_DIR = resolve(ROOT, "../shared/data");
const DEFAULT_HELD_OUT_DIR = join(ROOT, "test/fixtures/held-out");
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
  /** The gold verdict, for the held-out weights. */
  gold: string;
  heldOut?: boolean;
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
    return outcomes.map((o) => ({ file, caseId: o.caseId, gold: o.gold, tier: o.tierName, verdict: o.predicted, raw: o.rawConfidence, correct: o.correct }));
  }
  const withGold = (await loadCaseFile(path)).cases.filter((c) => c.claims !== undefined);
  if (withGold.length === 0) return null;
  const { results } = await runCases(withGold, { tiers, calibration: false });
  return results.flatMap((r) =>
    (r.goldClaims ?? []).map((g) => ({
      file,
      caseId: r.id,
      gold: g.verdict,
      tier: g.tierName ?? "none",
      verdict: g.predicted,
      raw: g.rawConfidence ?? 1,
      correct: g.correct,
    })),
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

/** Each gold label's share of the points. */
function labelMix(points: readonly Point[]): Map<string, number> {
  const mix = new Map<string, number>();
  for (const p of points) mix.set(p.gold, (mix.get(p.gold) ?? 0) + 1 / points.length);
  return mix;
}

/**
 * Weights a held-out file's points to the target label mix: a point counts its label's target share over its
 * share in the file (a label the target lacks counts 0).
 */
function reweighted(points: readonly Point[], target: ReadonlyMap<string, number>): Point[] {
  const own = labelMix(points);
  return points.map((p) => ({ ...p, heldOut: true, weight: (target.get(p.gold) ?? 0) / own.get(p.gold)! }));
}

/** Weighted ECE over ten equal-width bins (the eval's `calibration` without weights). */
function weightedEce(points: ReadonlyArray<{ confidence: number; correct: boolean; weight: number }>): number {
  const bins = Array.from({ length: 10 }, () => ({ w: 0, conf: 0, right: 0 }));
  let total = 0;
  for (const p of points) {
    const b = bins[Math.min(9, Math.floor(p.confidence * 10))]!;
    b.w += p.weight;
    b.conf += p.weight * p.confidence;
    b.right += p.correct ? p.weight : 0;
    total += p.weight;
  }
  return total > 0 ? bins.reduce((s, b) => s + Math.abs(b.conf - b.right), 0) / total : 0;
}

/**
 * Mean per-file weighted ECE of the held-out files, each scored by a table fitted on the dev points and the
 * other half of the held-out files (halves by file name order): the estimate for an unseen file.
 */
function crossFile(devPoints: readonly Point[], heldOut: readonly Point[], options: FitOptions): { shipped: number; devOnly: number; crossed: number } | null {
  const names = [...new Set(heldOut.map((p) => p.file))].sort();
  if (names.length < 2) return null;
  const half = (name: string) => names.indexOf(name) % 2;
  const tables = [0, 1].map((k) => tableOf([...devPoints, ...heldOut.filter((p) => half(p.file) !== k)], options));
  const devTable = tableOf(devPoints, options);
  const mean = (table: (p: Point) => CalibrationTable) =>
    names.reduce(
      (s, name) =>
        s +
        weightedEce(heldOut.filter((p) => p.file === name).map((p) => ({ confidence: confidenceOf(table(p), p), correct: p.correct, weight: p.weight ?? 1 }))),
      0,
    ) / names.length;
  return { shipped: mean(() => CALIBRATION_TABLE), devOnly: mean(() => devTable), crossed: mean((p) => tables[half(p.file)]!) };
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
      "held-out": { type: "string", multiple: true },
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
        "  --held-out PATH   agent-case files or folders weighted to the dev label mix (default test/fixtures/held-out; none to skip)\n" +
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
  const casePaths = files(values.cases ?? [DEFAULT_CASES_DIR], "cases");
  const paths = [...casePaths, ...files(values.data ?? [DEFAULT_DATA_DIR], "data")];
  const heldOutArg = values["held-out"] ?? (existsSync(DEFAULT_HELD_OUT_DIR) ? [DEFAULT_HELD_OUT_DIR] : []);
  const heldOutPaths = heldOutArg.includes("none") ? [] : files(heldOutArg, "held-out");
  const points: Point[] = [];
  const used: Array<{ name: string; claims: number }> = [];
  for (const path of paths) {
    const ps = await pointsOf(path, ["exact", "lexical"]);
    if (ps === null) continue;
    points.push(...ps);
    used.push({ name: basename(path), claims: ps.length });
    process.stderr.write(`fit:calibration: ${basename(path)}: ${ps.length} gold claims\n`);
  }
  const devPoints = [...points];
  // The label mix the table serves: the dev agent cases' (the benchmark files' gold claims are another task).
  const caseFiles = new Set(casePaths.map((path) => basename(path).replace(/\.jsonl$/i, "")));
  const target = labelMix(devPoints.filter((p) => caseFiles.has(p.file)));
  const heldOut: Point[] = [];
  for (const path of heldOutPaths) {
    const ps = await pointsOf(path, ["exact", "lexical"]);
    if (ps === null) continue;
    heldOut.push(...reweighted(ps, target));
    used.push({ name: `held-out/${basename(path)}`, claims: ps.length });
    process.stderr.write(`fit:calibration: held-out ${basename(path)}: ${ps.length} gold claims, reweighted\n`);
  }
  points.push(...heldOut);
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
  const byFile = [...new Set(devPoints.map((p) => p.file)), "(all dev)"];
  for (const file of byFile) {
    const ps = file === "(all dev)" ? devPoints : devPoints.filter((p) => p.file === file);
    const ece = (conf: (p: Point) => number) => calibration(ps.map((p) => ({ confidence: conf(p), correct: p.correct }))).ece.toFixed(3);
    lines.push(
      `${file.padEnd(22)}  ${String(ps.length).padStart(6)}  ${ece((p) => confidenceOf(null, p)).padStart(7)}  ${ece((p) => confidenceOf(table, p)).padStart(14)}  ${ece((p) => cv.get(p)!).padStart(13)}`,
    );
  }
  const crossed = crossFile(devPoints, heldOut, options);
  if (crossed)
    lines.push(
      "",
      `held-out files, weighted to the dev label mix, mean per-file ECE: shipped table ${crossed.shipped.toFixed(3)}, dev-only fit ${crossed.devOnly.toFixed(3)}, ` +
        `dev + the other half of the held-out files ${crossed.crossed.toFixed(3)}`,
    );
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
