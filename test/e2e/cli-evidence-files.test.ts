/**
 * End to end: how the built `hfw verify` reads each kind of evidence file. A `.csv` or `.tsv` file is a table
 * whose cells tier 0 checks under their column's name; a file of unknown type is read as plain text with a
 * note on standard error. Run `npm run build` first (`npm test` does).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/index.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

/** Writes the files into a new folder and runs `hfw verify` there. */
function verifyIn(files: Record<string, string | Buffer>, args: string[]): { code: number; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "hfw-evidence-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const r = spawnSync(process.execPath, [cli, "verify", ...args], { cwd: dir, encoding: "utf8" });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const verdictOf = (report: Report, text: string) => report.verdicts[report.claims.findIndex((c) => c.text.includes(text))]!;

const LAB = "sample,alloy,yield_mpa,elongation_pct\nB1,2024,250,12.0\nB2,5083,215,16.5\n";
const LAB_DRAFT = "Sample B2 has a yield strength of 215 MPa. Sample B1 has an elongation of 16.5%.\n";

describe.runIf(existsSync(cli))("hfw verify --evidence by file type", () => {
  it.each([
    ["labdb.csv", LAB],
    ["labdb.tsv", LAB.replaceAll(",", "\t")],
  ])("should check a claim about a row of %s against that row's column", (name, table) => {
    const r = verifyIn({ [name]: table, "draft.md": LAB_DRAFT }, ["--json", "-e", name, "-d", "draft.md"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout) as Report;
    expect(verdictOf(report, "yield strength of 215 MPa").verdict).toBe("supported");
    const elongation = verdictOf(report, "elongation of 16.5%");
    expect(elongation.verdict).toBe("contradicted");
    expect(elongation.corrections.map((c) => [c.value, c.quote.text])).toEqual([["12.0%", "[0].elongation_pct: 12.0"]]);
    expect(report.output).toContain("Sample B1 has an elongation of 12.0%");
  });

  it("should read a .csv file as a table even where the same text in a .txt file is not taken for one", () => {
    const table = "city,population\nOslo,709000\n";
    const draft = "Oslo has a population of 650,000.\n";
    const asCsv = JSON.parse(verifyIn({ "cities.csv": table, "draft.md": draft }, ["--json", "-e", "cities.csv", "-d", "draft.md"]).stdout) as Report;
    expect(asCsv.verdicts[0]!.verdict).toBe("contradicted");
    expect(asCsv.verdicts[0]!.corrections[0]?.value).toBe("709,000");
    const asText = JSON.parse(verifyIn({ "cities.txt": table, "draft.md": draft }, ["--json", "-e", "cities.txt", "-d", "draft.md"]).stdout) as Report;
    expect(asText.verdicts[0]!.verdict).toBe("unsupported");
  });

  it("should exit 2 for a .csv file whose rows do not match its header", () => {
    const r = verifyIn({ "bad.csv": "name,qty\nbolt,4,extra\n", "draft.md": "There are 4 bolts.\n" }, ["-e", "bad.csv", "-d", "draft.md"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.csv: Evidence from 'bad' was declared a CSV table but is not one \(.*\): fix the table, or record it as text/);
  });

  it.each([
    ["notes.xyz", /^hfw: note: notes\.xyz: unknown file type '\.xyz', read as plain text; name it \.json, \.jsonl or \.csv to read it as data\n$/],
    ["NOTES", /^hfw: note: NOTES: no file extension, read as plain text; name it \.json, \.jsonl or \.csv to read it as data\n$/],
  ])("should read %s as plain text with a note on standard error only", (name, note) => {
    const r = verifyIn({ [name]: '{"city": "Oslo", "population": 709000}', "draft.md": "Oslo has a population of 709,000.\n" }, [
      "--json",
      "-e",
      name,
      "-d",
      "draft.md",
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(note);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.evidenceCount).toBe(1);
  });

  it.each(["notes.txt", "notes.md", "page.html", "run.log"])("should read %s quietly", (name) => {
    const r = verifyIn({ [name]: "The build took 42 seconds.\n", "draft.md": "The build took 42 seconds.\n" }, ["-e", name, "-d", "draft.md"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/✅ r1\.c1 +supported/);
  });

  it("should still refuse binary content in a file of unknown type", () => {
    const r = verifyIn({ "blob.bin": Buffer.from([0x50, 0x4b, 0x00, 0x00, 0x41, 0x42]), "draft.md": "Fine.\n" }, ["-e", "blob.bin", "-d", "draft.md"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/looks binary/);
  });

  it("should not read the draft as evidence when it sits in the evidence folder, and say so", () => {
    const dir = mkdtempSync(join(tmpdir(), "hfw-evidence-"));
    mkdirSync(join(dir, "case"));
    writeFileSync(join(dir, "case", "lab.csv"), LAB);
    writeFileSync(join(dir, "case", "draft.md"), LAB_DRAFT);
    const r = spawnSync(process.execPath, [cli, "verify", "--json", "-e", "case", "-d", "case/draft.md"], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).toContain("hfw: note: case/draft.md: this is the draft; it is not read as evidence");
    const report = JSON.parse(r.stdout) as Report;
    expect(verdictOf(report, "elongation of 16.5%").verdict).toBe("contradicted");
  });
});
