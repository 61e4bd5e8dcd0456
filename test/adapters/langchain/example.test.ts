import { describe, expect, it } from "vitest";
import { chooseModel, runExample, SCRIPTED_ANSWER } from "../../../examples/langchain/agent.js";

describe("examples/langchain", () => {
  it("should catch the wrong invoice total and print the verdicts and the corrected answer", async () => {
    const lines: string[] = [];
    const { report, answer } = await runExample({ log: (l) => lines.push(l), ...(await chooseModel(() => {}, {})) });
    const out = lines.join("\n");

    expect(report!.draft).toBe(SCRIPTED_ANSWER);
    expect(out).toContain('❌ r1.c1  contradicted  "Invoice INV-2024-0117 for Northwind Traders totals 4,739.20 EUR"');
    expect(out).toContain('correction: 4,739.20 EUR → 4,379.20 EUR   (invoice_lookup: "total: 4379.2")');
    expect(out).toMatch(/✅ r1\.c\d+ +supported +"Overdue invoices accrue a late fee of 1\.5%/);
    expect(out).toContain("e1 invoice_lookup");
    expect(out).toContain("e2 doc_search");
    expect(answer.text).toContain("totals 4,379.20 EUR");
    expect(answer.text).not.toContain("4,739.20");
  });

  it("should say why it falls back to the scripted model when a key is set without its provider package", async () => {
    const notes: string[] = [];
    const chosen = await chooseModel((l) => notes.push(l), { OPENAI_API_KEY: "sk-test" });
    expect(chosen.label).toContain("scripted");
    expect(notes[0]).toBe(
      "OPENAI_API_KEY is set, but @langchain/openai is not installed: run `npm install @langchain/openai` to use it. Using the scripted model.",
    );
  });
});
