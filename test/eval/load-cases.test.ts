import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CaseFileError, loadCaseFile, parseCases } from "../../scripts/eval/load-cases.js";

const good = {
  id: "x-1",
  dataset: "toy",
  task: "qa",
  evidence: ["Paris is the capital of France."],
  question: "What is the capital of France?",
  answer: "Lyon is the capital.",
  label: "hallucinated",
  spans: [{ start: 0, end: 4, text: "Lyon", type: "entity" }],
  meta: { anything: true },
};

describe("parseCases", () => {
  it("should read valid lines, skip blank ones and drop unknown fields", () => {
    const cases = parseCases(`${JSON.stringify(good)}\n\n${JSON.stringify({ ...good, id: "x-2", label: "faithful", spans: [] })}\n`, "toy.jsonl");
    expect(cases.map((c) => c.id)).toEqual(["x-1", "x-2"]);
    expect(cases[0]).not.toHaveProperty("meta");
  });

  it.each([
    ["not JSON", "{oops", /toy\.jsonl:2: not valid JSON/],
    ["a bad label", JSON.stringify({ ...good, label: "maybe" }), /toy\.jsonl:2: not a valid case: label/],
    ["a span past the answer", JSON.stringify({ ...good, spans: [{ start: 0, end: 99 }] }), /toy\.jsonl:2: .*spans\.0: span \[0, 99\) does not fit/],
    ["a missing answer", JSON.stringify({ ...good, answer: undefined }), /toy\.jsonl:2: not a valid case: answer/],
    ["sources that do not match evidence", JSON.stringify({ ...good, sources: ["a", "b"] }), /2 sources for 1 evidence items/],
  ])("should name file and line for %s", (_what, line, message) => {
    const text = `${JSON.stringify(good)}\n${line}\n`;
    expect(() => parseCases(text, "toy.jsonl")).toThrow(message);
    try {
      parseCases(text, "toy.jsonl");
    } catch (error) {
      expect(error).toBeInstanceOf(CaseFileError);
      expect((error as CaseFileError).line).toBe(2);
    }
  });
});

describe("loadCaseFile", () => {
  it("should name the dataset after the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cases-"));
    const path = join(dir, "toy_set.jsonl");
    writeFileSync(path, `${JSON.stringify(good)}\n`);
    const file = await loadCaseFile(path);
    expect(file.name).toBe("toy_set");
    expect(file.cases).toHaveLength(1);
  });
});
