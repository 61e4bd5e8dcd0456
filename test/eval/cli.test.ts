import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { EvalResults } from "../../scripts/eval/case-result.js";

// The scripts run as built (`npm test` builds first); without a build these tests are skipped.
const EVAL = resolve("dist/scripts/eval.js");
const REPORT = resolve("dist/scripts/eval-report.js");
const built = existsSync(EVAL) && existsSync(REPORT);

/** The environment without HFW_LLM_* (tier 2 must not find a model configured on this machine). */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("HFW_LLM_")));

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", env: ENV });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cases = [
  {
    id: "toy-1",
    dataset: "toy",
    task: "agent",
    evidence: ['{"name":"dotenv","version":"18.0.10","license":"BSD-2-Clause"}'],
    sources: ["npm_view"],
    question: null,
    answer: "dotenv is licensed under BSD-2-Clause.",
    label: "faithful",
    spans: [],
    claims: [{ start: 0, end: 38, verdict: "supported", correction: null }],
  },
  {
    id: "toy-2",
    dataset: "toy",
    task: "agent",
    evidence: ['{"name":"dotenv","version":"18.0.10","license":"BSD-2-Clause"}'],
    sources: ["npm_view"],
    question: null,
    answer: "dotenv is licensed under BSD-2-Clause. Its license is Apache-2.0.",
    label: "hallucinated",
    spans: [{ start: 39, end: 65, type: "entity_swapped" }],
    claims: [
      { start: 0, end: 38, verdict: "supported", correction: null },
      { start: 39, end: 65, verdict: "contradicted", correction: "BSD-2-Clause" },
    ],
  },
];

describe.skipIf(!built)("eval command line", () => {
  it.each([
    [["--tiers", "0,1,2"], /--tiers 2 needs a model: set HFW_LLM_PROVIDER and HFW_LLM_MODEL/],
    [["--judge-dry-run", " "], /--judge-dry-run needs a model id/],
    [["--judge-dry-run", "m", "--prices", "/no/such/prices.json"], /--prices \/no\/such\/prices\.json: ENOENT/],
    [["--tiers", "0,7"], /Unknown tier '7'/],
    [["--limit", "0"], /--limit must be a positive whole number/],
    [["--strictness", "mild"], /--strictness must be lenient, balanced or strict/],
    [["--frobnicate"], /Unknown option '--frobnicate'/],
    [["--data", "/no/such/file.jsonl"], /no such file or folder/],
  ])("should exit 2 with a clear message for %j", (args, message) => {
    const r = run(EVAL, args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("should name file and line of a bad case", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cli-"));
    const data = join(dir, "bad.jsonl");
    writeFileSync(data, `${JSON.stringify(cases[0])}\n{"id": "x"}\n`);
    const r = run(EVAL, ["--data", data, "--out", join(dir, "out.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${data}:2: not a valid case`);
  });

  it("should write results with the stable top level, and render them", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cli-"));
    const data = join(dir, "toy.jsonl");
    writeFileSync(data, cases.map((c) => JSON.stringify(c)).join("\n"));
    const out = join(dir, "toy.json");
    const r = run(EVAL, ["--data", data, "--out", out, "--tiers", "0,1"]);
    expect(r.stderr).not.toContain("failed");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^toy\s+2\s+0/m);
    const results = JSON.parse(readFileSync(out, "utf8")) as EvalResults;
    expect(Object.keys(results)).toEqual(["config", "datasets", "tasks", "cases"]);
    expect(results.config).toMatchObject({ tiers: ["exact", "lexical"], strictness: "balanced", limit: null });
    const toy = results.datasets.toy!;
    expect(toy.n).toBe(2);
    expect(Object.keys(toy.response)).toEqual(["precision", "recall", "f1", "balancedAccuracy", "auroc", "falseBlockRate"]);
    expect(toy.claim).not.toBeNull();
    expect(toy.goldClaims?.n).toBe(3);
    expect(results.cases.map((c) => [c.id, c.label])).toEqual([
      ["toy-1", "faithful"],
      ["toy-2", "hallucinated"],
    ]);

    const rep = run(REPORT, ["--in", out, "--out-dir", dir]);
    expect(rep.code).toBe(0);
    expect(rep.stdout).toContain("| toy | 2 | 0 |");
    expect(readFileSync(join(dir, "pr-curve.svg"), "utf8")).toContain("<svg");
    expect(readFileSync(join(dir, "latest.md"), "utf8")).toContain("## Gold claim verdicts: toy");
  });

  it("should measure a user's own agent cases alone, with no benchmark data", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cli-"));
    const file = join(dir, "my-cases.jsonl");
    const agentCase = {
      id: "inv-1",
      evidence: [{ source: "get_invoice", content: { id: "INV-7", total: 980, currency: "EUR" } }],
      draft: "Invoice INV-7 totals EUR 890.",
      expected: [{ claim: "Invoice INV-7 totals EUR 890", verdict: "contradicted", correction: "EUR 980" }],
    };
    writeFileSync(file, `${JSON.stringify(agentCase)}\n`);
    const out = join(dir, "mine.json");
    const r = run(EVAL, ["--cases", file, "--out", out]);
    expect(r.stderr).not.toContain("failed");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^my-cases\s+1\s+1\s+1\.000\s+1\/1/m);
    const results = JSON.parse(readFileSync(out, "utf8")) as EvalResults & { agentCases: { files: Array<{ name: string; harmful: number }> } };
    expect(results.cases).toEqual([]);
    expect(results.agentCases.files).toEqual([expect.objectContaining({ name: "my-cases", harmful: 0 })]);
  });

  it("should count the claims a judge would see and estimate tokens and cost in a dry run", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cli-"));
    const data = join(dir, "toy.jsonl");
    const paraphrase = {
      ...cases[0]!,
      id: "toy-3",
      evidence: ["The cors package lets Express servers answer cross-origin requests."],
      sources: ["docs"],
      answer: "Express apps can use cors to reply to requests from other origins.",
      claims: [],
    };
    writeFileSync(data, [...cases, paraphrase].map((c) => JSON.stringify(c)).join("\n"));
    const prices = join(dir, "prices.json");
    writeFileSync(prices, JSON.stringify({ "gpt-4o-mini": { input: 0.15, output: 0.6 } }));
    const out = join(dir, "toy.json");
    const r = run(EVAL, ["--data", data, "--out", out, "--judge-dry-run", "gpt-4o-mini", "--prices", prices]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/judge gpt-4o-mini \(dry run/);
    expect(r.stdout).toMatch(/tokens in\/ans/);
    const results = JSON.parse(readFileSync(out, "utf8")) as EvalResults;
    expect(results.config).toMatchObject({ tiers: ["exact", "lexical", "judge"], judge: { model: "gpt-4o-mini", dryRun: true, prices: true } });
    const judged = results.cases.find((c) => c.id === "toy-3")!;
    expect(judged.llmCalls).toBe(1);
    expect(judged.llmInputTokens).toBeGreaterThan(100);
    expect(judged.costUsd).toBeCloseTo((judged.llmInputTokens! * 0.15 + judged.llmOutputTokens! * 0.6) / 1e6, 12);
    expect(results.datasets.toy!.llm.costPerAnswer).toBeGreaterThan(0);
    expect(judged.judgedClaims).toBe(1);
    // The judge re-reads what is less than 90% likely right once calibrated and was not settled by tier 0: of
    // the four claims, the paraphrase and the lexical tier's supported verdicts on matched figures (about 0.82
    // likely right on answers the rules were not written against, the fit's top lexical step).
    expect(results.datasets.toy!.llm.judgedShare).toBeCloseTo(3 / 4, 6);
  });
});
