/**
 * `npm run eval -- [--data PATH ...] [--limit N] [--tiers 0,1] [--strictness S] [--out FILE] [--cache]`:
 * runs the firewall over benchmark case files and writes every metric per dataset and per task.
 * Exit codes: 0 done, 1 the run failed, 2 bad usage or unreadable input.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ConfigError, PRESETS, readLlmEnv, StrictnessSchema, type JudgeOptions, type PriceTable, type Strictness } from "../src/index.js";
import type { EvalConfig, EvalResults } from "./eval/case-result.js";
import { metricsBy } from "./eval/dataset-metrics.js";
import { CaseFileError, loadCaseFile, type EvalCase } from "./eval/load-cases.js";
import { runCases, TIER_NAMES, type TierName } from "./eval/run-cases.js";
import { DEFAULT_SEED, stratifiedSample } from "./eval/sample.js";
import { renderText } from "./eval/table.js";
import { DEFAULT_CACHE_DIR } from "./eval/tier-cache.js";
import { evalAgentCaseFile, renderAgentTable, type AgentClaimOutcome, type AgentFileMetrics } from "./eval/agent-cases.js";

/** The project root: `dist/scripts/eval.js` sits two folders below it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DEFAULT_DATA_DIR = resolve(ROOT, "../shared/data");
const DEFAULT_CASES_DIR = resolve(ROOT, "../shared/cases");
const DEFAULT_OUT = join(ROOT, "results", "latest.json");

const HELP = `eval: measure how well the firewall catches hallucinated answers in benchmark cases.

Usage:
  npm run eval -- [--data PATH ...] [options]

Options:
  --data PATH        a JSONL case file, or a folder of them; repeat for several
                     (default: every *.jsonl in ../shared/data next to the project,
                     unless --cases is given)
  --cases PATH       an agent-case JSONL file ({evidence, draft, expected}), or a folder of them;
                     repeat for several (default: every *.jsonl in ../shared/cases next to the
                     project, when --data is not given); --cases none skips them
  --limit N          at most N cases per file: a stratified (by label), seeded sample
  --tiers LIST       tiers to run, by number or name: 0 = exact, 1 = lexical, 2 = LLM judge, nli
                     (a local NLI model, see HFW_NLI_MODEL); default 0,1; tier 2 uses the model
                     named by HFW_LLM_PROVIDER and HFW_LLM_MODEL
  --prices FILE      JSON price table for tier 2: {"<model id>": {"input": USD, "output": USD}}
                     per million tokens; without it the cost column stays 0
  --judge-dry-run MODEL
                     run tier 2 without calling a model: count the claims it would judge and
                     estimate tokens and cost for MODEL (implies tier 2)
  --strictness S     lenient | balanced | strict (default balanced)
  --out FILE         results JSON (default results/latest.json)
  --cache            cache tier outcomes and the judge's answers under .hfw/cache
  --seed N           sampling seed (default ${DEFAULT_SEED})
  -h, --help         this help

Writes the results JSON, a progress line on stderr, and a summary table on stdout.
Run 'npm run eval:report' afterwards for Markdown tables and a precision/recall curve.`;

class UsageError extends Error {}

interface Args {
  data: string[];
  cases: string[];
  limit: number | null;
  tiers: TierName[];
  strictness: Strictness;
  out: string;
  cache: boolean;
  seed: number;
  judge: (JudgeOptions & { label: string }) | null;
}

function positiveInt(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new UsageError(`--${name} must be a positive whole number, got '${value}'.`);
  return Number(value);
}

function parseTiers(value: string): TierName[] {
  const out: TierName[] = [];
  for (const part of value.split(",").map((p) => p.trim())) {
    const name: TierName | undefined =
      part === "0" || part === "1" || part === "2"
        ? TIER_NAMES[Number(part) as 0 | 1 | 2]
        : part === "exact" || part === "lexical" || part === "nli" || part === "judge"
          ? part
          : undefined;
    if (name === undefined)
      throw new UsageError(`Unknown tier '${part}' in --tiers: use 0 (exact), 1 (lexical), 2 (LLM judge) or nli, e.g. --tiers 0,1 or --tiers exact,nli.`);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

function readPrices(path: string): PriceTable {
  let table: unknown;
  try {
    table = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`--prices ${path}: ${(error as Error).message}`);
  }
  const ok =
    typeof table === "object" &&
    table !== null &&
    Object.values(table).every(
      (p) => typeof p === "object" && p !== null && Number.isFinite((p as { input: unknown }).input) && Number.isFinite((p as { output: unknown }).output),
    );
  if (!ok) throw new UsageError(`--prices ${path}: expected {"<model id>": {"input": USD per million tokens, "output": USD per million tokens}}.`);
  return table as PriceTable;
}

/** The judge's options for tier 2: a dry run for a model id, or the model named by HFW_LLM_*. */
function judgeOptions(dryRunModel: string | undefined, prices: PriceTable | undefined): JudgeOptions & { label: string } {
  if (dryRunModel !== undefined) return { model: dryRunModel, dryRun: true, prices, label: dryRunModel };
  let env;
  try {
    env = readLlmEnv();
  } catch (error) {
    if (ConfigError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  }
  if (!env) {
    throw new UsageError("--tiers 2 needs a model: set HFW_LLM_PROVIDER and HFW_LLM_MODEL (see docs/tiers.md), or estimate with --judge-dry-run MODEL.");
  }
  return { prices, label: env.model };
}

/** Files named by `--data`: a file as is, a folder as its `*.jsonl` files in name order. */
function dataFiles(paths: string[]): string[] {
  return paths.flatMap((p) => {
    if (!existsSync(p)) throw new UsageError(`--data ${p}: no such file or folder.`);
    if (!statSync(p).isDirectory()) return [p];
    const files = readdirSync(p)
      .filter((f) => f.endsWith(".jsonl"))
      .sort()
      .map((f) => join(p, f));
    if (files.length === 0) throw new UsageError(`--data ${p}: the folder holds no *.jsonl files.`);
    return files;
  });
}

function parse(argv: string[]): Args | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: "string", multiple: true },
        cases: { type: "string", multiple: true },
        limit: { type: "string" },
        tiers: { type: "string" },
        strictness: { type: "string" },
        out: { type: "string" },
        cache: { type: "boolean" },
        seed: { type: "string" },
        prices: { type: "string" },
        "judge-dry-run": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return "help";
  const strictness = values.strictness ?? "balanced";
  if (!StrictnessSchema.safeParse(strictness).success) throw new UsageError(`--strictness must be lenient, balanced or strict, got '${strictness}'.`);
  // Flags are checked before the data folder, so a bad flag is reported as such wherever the data is.
  const limit = values.limit === undefined ? null : positiveInt("limit", values.limit);
  let tiers: TierName[] = values.tiers === undefined ? ["exact", "lexical"] : parseTiers(values.tiers);
  const dryRun = values["judge-dry-run"];
  if (dryRun !== undefined && dryRun.trim() === "") throw new UsageError("--judge-dry-run needs a model id, e.g. --judge-dry-run gpt-4o-mini.");
  if (dryRun !== undefined && !tiers.includes("judge")) tiers = [...tiers, "judge"];
  const prices = values.prices === undefined ? undefined : readPrices(values.prices);
  const judge = tiers.includes("judge") ? judgeOptions(dryRun?.trim(), prices) : null;
  let data = values.data ?? [];
  // `--cases FILE` alone measures those agent cases only: a user's own cases need no benchmark data.
  if (data.length === 0 && values.cases === undefined) {
    if (!existsSync(DEFAULT_DATA_DIR)) throw new UsageError("--data is required: no default data folder (../shared/data next to the project) exists.");
    data = [DEFAULT_DATA_DIR];
  }
  // The hand-made agent cases run by default only with the default data: `--data FILE` measures that file.
  let casePaths = values.cases ?? [];
  if (casePaths.length === 0 && values.data === undefined && existsSync(DEFAULT_CASES_DIR)) casePaths = [DEFAULT_CASES_DIR];
  return {
    data: dataFiles(data),
    cases: casePaths.includes("none") ? [] : dataFiles(casePaths),
    limit,
    tiers,
    strictness: strictness as Strictness,
    out: values.out ?? DEFAULT_OUT,
    cache: values.cache ?? false,
    seed: values.seed === undefined ? DEFAULT_SEED : positiveInt("seed", values.seed),
    judge,
  };
}

function gitCommit(): string | null {
  try {
    // "-dirty" marks uncommitted changes: the numbers then belong to the working tree, not to the commit.
    return (
      execFileSync("git", ["describe", "--always", "--dirty", "--abbrev=7"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() ||
      null
    );
  } catch {
    return null;
  }
}

/** A progress line on stderr: rewritten in place on a terminal, a line per 10% otherwise. */
function progress(started: number): (done: number, total: number) => void {
  const tty = process.stderr.isTTY === true;
  let lastPct = -1;
  return (done, total) => {
    const pct = Math.floor((100 * done) / total);
    const secs = (performance.now() - started) / 1000;
    const eta = done > 0 ? (secs / done) * (total - done) : 0;
    const text = `eval: ${done}/${total} cases (${pct}%), ${secs.toFixed(0)} s elapsed, ~${eta.toFixed(0)} s left`;
    if (tty) process.stderr.write(`\r${text}${done === total ? "\n" : ""}`);
    else if (pct >= lastPct + 10 || done === total) {
      lastPct = pct;
      process.stderr.write(`${text}\n`);
    }
  };
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`eval: ${error.message}\nRun 'npm run eval -- --help' for usage.\n`);
      return 2;
    }
    throw error;
  }
  if (args === "help") {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const startedAt = new Date();
  const t0 = performance.now();
  const cases: EvalCase[] = [];
  for (const path of args.data) {
    try {
      const file = await loadCaseFile(path);
      cases.push(...(args.limit === null ? file.cases : stratifiedSample(file.cases, args.limit, (c) => c.label, args.seed)));
    } catch (error) {
      process.stderr.write(`eval: ${error instanceof CaseFileError ? error.message : `cannot read ${path}: ${(error as Error).message}`}\n`);
      return 2;
    }
  }
  if (cases.length === 0 && args.cases.length === 0) {
    process.stderr.write("eval: the case files hold no cases.\n");
    return 2;
  }
  const policy = PRESETS[args.strictness];
  const operatingPoint = Math.min(policy.flagContradicted, policy.flagUnsupported);
  const run = await runCases(cases, {
    strictness: args.strictness,
    tiers: args.tiers,
    cacheDir: args.cache ? join(ROOT, DEFAULT_CACHE_DIR) : undefined,
    judge: args.judge ? { model: args.judge.model, dryRun: args.judge.dryRun, prices: args.judge.prices } : undefined,
    onProgress: progress(t0),
  });
  const config: EvalConfig = {
    data: args.data.map((p) => relative(ROOT, resolve(p)) || "."),
    limit: args.limit,
    seed: args.seed,
    tiers: args.tiers,
    strictness: args.strictness,
    operatingPoint,
    cache: args.cache,
    ...(args.judge ? { judge: { model: args.judge.label, dryRun: args.judge.dryRun === true, prices: args.judge.prices !== undefined } } : {}),
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - t0,
    node: process.version,
    commit: gitCommit(),
  };
  const agentRows: AgentFileMetrics[] = [];
  const agentOutcomes: AgentClaimOutcome[] = [];
  const offline = args.tiers.filter((t): t is "exact" | "lexical" | "nli" | "judge" => t !== undefined);
  for (const path of args.cases) {
    const { metrics, outcomes } = await evalAgentCaseFile(path, { strictness: args.strictness, tiers: offline });
    agentRows.push(metrics);
    agentOutcomes.push(...outcomes.map((o) => ({ ...o, caseId: `${metrics.name}/${o.caseId}` })));
  }
  const results: EvalResults & { agentCases?: { files: AgentFileMetrics[]; outcomes: AgentClaimOutcome[] } } = {
    config,
    datasets: metricsBy(run.results, (r) => r.dataset, operatingPoint),
    tasks: metricsBy(run.results, (r) => r.task, operatingPoint),
    cases: run.results,
    ...(agentRows.length ? { agentCases: { files: agentRows, outcomes: agentOutcomes } } : {}),
  };
  mkdirSync(dirname(resolve(args.out)), { recursive: true });
  writeFileSync(args.out, `${JSON.stringify(results)}\n`);
  if (cases.length > 0) process.stdout.write(`${renderText(results)}\n\n`);
  if (agentRows.length) process.stdout.write(`${renderAgentTable(agentRows)}\n`);
  const errors = run.results.filter((r) => r.error !== null);
  if (errors.length > 0) {
    process.stderr.write(`eval: ${errors.length} case(s) threw and were left out of the metrics, e.g. ${errors[0]!.id}: ${errors[0]!.error}\n`);
  }
  if (run.cache) {
    process.stderr.write(
      `eval: cache ${Object.entries(run.cache)
        .map(([n, s]) => `${n} ${s.hits} hits / ${s.misses} misses`)
        .join(", ")}\n`,
    );
  }
  process.stderr.write(`eval: wrote ${relative(process.cwd(), resolve(args.out)) || args.out}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`eval: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
