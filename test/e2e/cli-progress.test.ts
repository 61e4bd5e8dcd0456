/**
 * The progress line of `hfw verify` on stderr. A run shows it only past 2 s; the hidden setting
 * `HFW_PROGRESS_AFTER_MS` moves that threshold, so these tests see it on a short run (0) or never (a day).
 * Run `npm run build` first (`npm test` does).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { progressLine } from "../../src/cli/progress.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

/** 250 package records and a draft of 1,000 distinct claims about them (four per package). */
function longCase(): { evidence: string; draft: string } {
  const dir = mkdtempSync(join(tmpdir(), "hfw-progress-"));
  const evidence = join(dir, "npm_view.jsonl");
  const records: string[] = [];
  const paragraphs: string[] = [];
  for (let k = 0; k < 250; k++) {
    records.push(
      JSON.stringify({ source: "npm_view", content: { name: `pkg-${k}`, version: `1.${k}.0`, license: "MIT", dependencyCount: k % 7, versionCount: 10 + k } }),
    );
    paragraphs.push(
      `The registry lists ${11 + k} published versions of pkg-${k}. pkg-${k} is released under the MIT license. pkg-${k} has ${k % 7} runtime dependencies. The latest version of pkg-${k} is 1.${k}.0.`,
    );
  }
  writeFileSync(evidence, records.join("\n"));
  const draft = join(dir, "draft.md");
  writeFileSync(draft, paragraphs.join("\n\n"));
  return { evidence, draft };
}

function verify(afterMs: string): { code: number; stdout: string; stderr: string } {
  const { evidence, draft } = longCase();
  const r = spawnSync(process.execPath, [cli, "verify", "-e", evidence, "-d", draft], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, HFW_PROGRESS_AFTER_MS: afterMs },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe.runIf(existsSync(cli))("hfw verify's progress line", () => {
  it("should print a line per 10% on stderr when stderr is not a terminal, ending at every claim", () => {
    const r = verify("0");
    expect([0, 1]).toContain(r.code);
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("verify: "));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line).toMatch(/^verify: \d+\/1000 claims \(\d+%\), \d+ s elapsed$/);
    const done = lines.map((l) => Number(/^verify: (\d+)/.exec(l)![1]));
    for (let k = 1; k < done.length; k++) expect(done[k]).toBeGreaterThan(done[k - 1]!);
    expect(lines.at(-1)).toMatch(/^verify: 1000\/1000 claims \(100%\)/);
    expect(r.stdout).not.toContain("verify: ");
  });

  it("should print nothing for a run shorter than the threshold", () => {
    const r = verify(String(24 * 3600 * 1000));
    expect([0, 1]).toContain(r.code);
    expect(r.stderr).not.toContain("verify: ");
  });
});

describe("progressLine", () => {
  it("should rewrite one line in place on a terminal and end it with a newline", () => {
    let written = "";
    const onProgress = progressLine({ stream: { isTTY: true, write: (s: string) => ((written += s), true) }, afterMs: 0 });
    for (const done of [0, 120, 2500, 5000]) onProgress(done, 5000);
    expect(written).toMatch(
      /^\rverify: 0\/5000 claims \(0%\), \d+ s elapsed\rverify: 120\/5000 claims \(2%\), \d+ s elapsed\rverify: 2500\/5000 claims \(50%\), \d+ s elapsed\rverify: 5000\/5000 claims \(100%\), \d+ s elapsed\n$/,
    );
  });

  it("should write a line only when a new tenth is reached, and the last one, elsewhere", () => {
    const lines: string[] = [];
    const onProgress = progressLine({ stream: { write: (s: string) => (lines.push(s), true) }, afterMs: 0 });
    for (let done = 0; done <= 1000; done += 25) onProgress(done, 1000);
    expect(lines.map((l) => /\((\d+)%\)/.exec(l)![1])).toEqual(["0", "10", "20", "30", "40", "50", "60", "70", "80", "90", "100"]);
  });
});
