/**
 * `npm run eval:report [-- --in FILE]`: renders an evaluation results file (default: the newest `results/*.json`)
 * as Markdown tables (`results/latest.md`, also printed) and a precision/recall curve (`results/pr-curve.svg`).
 * Exit codes: 0 done, 2 bad usage or no readable results file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { EvalResults } from "./eval/case-result.js";
import { prCurveSvg } from "./eval/pr-curve.js";
import { renderMarkdown } from "./eval/table.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RESULTS = join(ROOT, "results");

const HELP = `eval:report: render evaluation results as Markdown and a precision/recall curve.

Usage:
  npm run eval:report [-- --in FILE] [--out-dir DIR]

Options:
  --in FILE       results JSON written by 'npm run eval' (default: the newest
                  results/*.json, normally results/latest.json)
  --out-dir DIR   where latest.md and pr-curve.svg go (default results/)
  -h, --help      this help`;

/** The most recently written results file, so a run with `--out results/NAME.json` is the one rendered. */
function newestResults(): string | null {
  if (!existsSync(RESULTS)) return null;
  const files = readdirSync(RESULTS)
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(RESULTS, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ?? null;
}

function fail(message: string): number {
  process.stderr.write(`eval:report: ${message}\n`);
  return 2;
}

function main(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { in: { type: "string" }, "out-dir": { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    return fail(`${(error as Error).message}\nRun 'npm run eval:report -- --help' for usage.`);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const input = values.in ?? newestResults();
  if (input === null) return fail(`no results in ${RESULTS}: run 'npm run eval' first, or pass --in FILE.`);
  if (!existsSync(input)) return fail(`no results at ${input}: run 'npm run eval' first, or pass --in FILE.`);
  let results: EvalResults;
  try {
    results = JSON.parse(readFileSync(input, "utf8")) as EvalResults;
  } catch (error) {
    return fail(`${input} is not a results file (${(error as Error).message}).`);
  }
  if (!results || typeof results !== "object" || !results.config || !results.datasets) {
    return fail(`${input} is not a results file: it has no "config" and "datasets".`);
  }
  const outDir = values["out-dir"] ?? RESULTS;
  mkdirSync(outDir, { recursive: true });
  const svgPath = join(outDir, "pr-curve.svg");
  const series = Object.entries(results.datasets).map(([name, m]) => ({ name, points: m.sweep }));
  writeFileSync(svgPath, prCurveSvg(series));
  const markdown = renderMarkdown(results, { curve: "pr-curve.svg" });
  const mdPath = join(outDir, "latest.md");
  writeFileSync(mdPath, markdown);
  process.stdout.write(markdown);
  process.stderr.write(`eval:report: rendered ${relative(process.cwd(), input)}\n`);
  process.stderr.write(`eval:report: wrote ${relative(process.cwd(), mdPath)} and ${relative(process.cwd(), svgPath)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
