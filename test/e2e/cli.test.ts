/**
 * End to end: the built `hfw` CLI on the examples and on cases taken from the public dev data
 * (test/fixtures/dataset-cases.jsonl: 12 agent traces with gold claim verdicts, and 15 cases drawn with a
 * fixed seed from FaithBench, SummEdits, BEGIN, WiCE and HaluEval-QA). Run `npm run build` first
 * (`npm test` does).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/index.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

function hfw(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, input, encoding: "utf8" });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs `hfw verify --json`; exit code 0 (may ship) and 1 (blocked) both print the report. */
function verifyJson(args: string[]): Report {
  const r = hfw(["verify", "--json", ...args]);
  if (r.code !== 0 && r.code !== 1) throw new Error(`hfw exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Report;
}

interface DataCase {
  id: string;
  dataset: string;
  evidence: string[];
  sources?: string[];
  answer: string;
  label: "hallucinated" | "faithful";
  claims?: Array<{ start: number; end: number; verdict: string; correction: string | null }>;
}

const dataCases: DataCase[] = readFileSync(join(root, "test/fixtures/dataset-cases.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as DataCase);

function runCase(c: DataCase): Report {
  const dir = mkdtempSync(join(tmpdir(), "hfw-e2e-"));
  const evidence = join(dir, "evidence.jsonl");
  writeFileSync(evidence, c.evidence.map((e, i) => JSON.stringify({ source: c.sources?.[i] ?? "evidence", content: e })).join("\n"));
  const draft = join(dir, "draft.md");
  writeFileSync(draft, c.answer);
  return verifyJson(["--evidence", evidence, "--draft", draft]);
}

const built = existsSync(cli);

describe.runIf(built)("hfw verify on the examples", () => {
  it("should correct the wrong figure and the swapped author of the npm example", () => {
    const report = verifyJson(["--evidence", "examples/npm-audit/evidence.jsonl", "--draft", "examples/npm-audit/draft.md"]);
    const byText = (t: string) => report.verdicts[report.claims.findIndex((c) => c.text.includes(t))]!;
    expect(byText("40 published versions").verdict).toBe("contradicted");
    expect(byText("40 published versions").corrections[0]?.value).toBe("35");
    expect(byText("TJ Holowaychuk").corrections[0]?.value).toBe("Troy Goode");
    expect(byText("2 runtime dependencies").verdict).toBe("supported");
    expect(report.decision).toBe("rewrite");
    expect(report.output).toContain("The registry lists 35 published versions of cors");
  });

  it("should flag the labelled sentence of the FaithBench example and only that one", () => {
    const draft = readFileSync(join(root, "examples/faithbench-rage-against-the-machine/draft.md"), "utf8");
    const report = verifyJson([
      "--evidence",
      "examples/faithbench-rage-against-the-machine/evidence.txt",
      "--draft",
      "examples/faithbench-rage-against-the-machine/draft.md",
    ]);
    const flagged = report.claims.filter((_, i) => ["contradicted", "unsupported"].includes(report.verdicts[i]!.verdict));
    expect(flagged.map((c) => draft.slice(c.span[0], c.span[1]))).toEqual([
      "The band broke up in 2000 after lead singer Zack de la Rocha left due to creative differences.",
    ]);
  });

  it("should print one line per claim with its mark, then the score and decision", () => {
    const r = hfw(["verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", "examples/npm-audit/draft.md"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/❌ r1\.c4 +contradicted/);
    expect(r.stdout).toContain("correction: 40 → 35");
    expect(r.stdout).toMatch(/grounding score: 0\.50/);
    expect(r.stdout).toContain("decision: rewrite");
  });

  it("should exit 1 when the policy blocks, and read the draft from stdin", () => {
    const draft = readFileSync(join(root, "examples/npm-audit/draft.md"), "utf8");
    const r = hfw(["verify", "-e", "examples/npm-audit/evidence.jsonl", "--draft", "-", "--strictness", "strict"], draft);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("decision: block");
  });

  it.each([
    ["strict", 1, "decision: block"],
    ["  ", 0, "decision: rewrite"],
    ["lenient", 0, "decision: annotate"],
  ])("should take the preset from HFW_STRICTNESS=%j when no --strictness is given", (value, code, decision) => {
    const args = [cli, "verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", "examples/npm-audit/draft.md"];
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", env: { ...process.env, HFW_STRICTNESS: value } });
    expect(r.status).toBe(code);
    expect(r.stdout).toContain(decision);
    const flag = spawnSync(process.execPath, [...args, "--strictness", "balanced"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, HFW_STRICTNESS: value },
    });
    expect(flag.stdout).toContain("decision: rewrite");
  });

  it("should name HFW_STRICTNESS when its value is not a preset", () => {
    const args = [cli, "verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", "examples/npm-audit/draft.md"];
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", env: { ...process.env, HFW_STRICTNESS: "paranoid" } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/HFW_STRICTNESS\) must be lenient, balanced or strict, not 'paranoid'/);
  });

  it.each([
    [["verify", "--draft", "examples/npm-audit/draft.md", "--bogus"], /Unknown option '--bogus'/],
    [["verify", "--evidence", "nope.json", "--draft", "examples/npm-audit/draft.md"], /does not exist/],
    [["verify", "--evidence", "examples/npm-audit/evidence.jsonl"], /Missing --draft/],
    [["verify", "--draft", "examples/npm-audit/draft.md"], /Missing --evidence/],
    [["verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", "examples/npm-audit/draft.md", "--strictness", "paranoid"], /lenient, balanced or strict/],
    [["frobnicate"], /Unknown command/],
  ])("should exit 2 with a clear message for bad usage %j", (args, message) => {
    const r = hfw(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("should exit 2 for malformed JSON evidence and for binary drafts", () => {
    const dir = mkdtempSync(join(tmpdir(), "hfw-bad-"));
    writeFileSync(join(dir, "tool.json"), "{ not json");
    writeFileSync(join(dir, "draft.bin"), Buffer.from([0x66, 0xff, 0x00, 0x41]));
    const bad = hfw(["verify", "-e", join(dir, "tool.json"), "-d", "examples/npm-audit/draft.md"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/declared JSON but does not parse/);
    const bin = hfw(["verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", join(dir, "draft.bin")]);
    expect(bin.code).toBe(2);
    expect(bin.stderr).toMatch(/not valid UTF-8/);
  });

  it("should print help for every command, and the version", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(hfw(["--version"]).stdout).toBe(`${version}\n`);
    const report = verifyJson(["--evidence", "examples/npm-audit/evidence.jsonl", "--draft", "examples/npm-audit/draft.md"]);
    expect(report.firewallVersion).toBe(version);
    expect(hfw(["verify", "-e", "examples/npm-audit/evidence.jsonl", "-d", "examples/npm-audit/draft.md"]).stdout).toContain(
      `hallucination-firewall ${version}`,
    );
    expect(hfw(["--help"]).stdout).toContain("hfw verify --evidence PATH");
    expect(hfw(["verify", "--help"]).stdout).toContain("Exit codes");
  });
});

describe.runIf(built)("hfw verify on public dev cases", { timeout: 180_000 }, () => {
  const agent = dataCases.filter((c) => c.claims);
  const others = dataCases.filter((c) => !c.claims);

  it("should agree with the gold verdict of most agent-trace clauses and catch contradicted values", () => {
    let right = 0;
    let total = 0;
    const missed: string[] = [];
    for (const c of agent) {
      const report = runCase(c);
      for (const g of c.claims!) {
        let best = -1;
        let overlap = 0;
        report.claims.forEach((cl, i) => {
          const o = Math.min(cl.span[1], g.end) - Math.max(cl.span[0], g.start);
          if (o > overlap) (overlap = o), (best = i);
        });
        const got = best >= 0 ? report.verdicts[best]!.verdict : "none";
        total++;
        if (got === g.verdict) right++;
        if (g.verdict === "contradicted" && got !== "contradicted" && got !== "unsupported") missed.push(`${c.id}: ${c.answer.slice(g.start, g.end)}`);
      }
    }
    expect(agent.length).toBe(12);
    // Known gap: claims over the whole set of results ("Every one of the 4 packages...", "Only 1.00% of them
    // are MIT-licensed", "yargs has the longest release history") need aggregate reasoning tier 0 lacks
    // (3 clauses here). Every contradicted clause about one subject's value is caught.
    expect(missed.length, missed.join("\n")).toBeLessThanOrEqual(3);
    // Also a known gap since tier 0 decides on typed slots: a version the claim ties to another package's
    // `latest` dist-tag ("uuid is currently at version 6.0.1 (the latest dist-tag)") reads as agreeing.
    expect(
      missed.every((m) => /every|only|longest|largest|most|all of|latest/i.test(m)),
      missed.join("\n"),
    ).toBe(true);
    // Measured 0.86 on the whole agent-trace dev file (see README, Accuracy); a floor, not a target.
    expect(right / total).toBeGreaterThanOrEqual(0.8);
  });

  it("should flag hallucinated answers and pass most faithful ones across datasets", () => {
    let correct = 0;
    for (const c of others) {
      const report = runCase(c);
      const flagged = report.verdicts.some((v) => v.verdict === "contradicted" || v.verdict === "unsupported");
      if (flagged === (c.label === "hallucinated")) correct++;
    }
    expect(others.length).toBe(15);
    expect(correct / others.length).toBeGreaterThanOrEqual(0.6);
  });
});
