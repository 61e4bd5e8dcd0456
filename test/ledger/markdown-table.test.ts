/**
 * Markdown pipe tables as rows of named columns, with the caption's or a header's scale and currency bound to
 * the figures of the columns they cover: table tests over invented tables, and end to end through the firewall.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { markdownTable } from "../../src/ledger/markdown-table.js";

const report = `Quarterly revenue by region (EUR, millions)

| Region | Q1 | Q2 | Share |
|---|---:|---:|---:|
| North | 12.5 | 14.0 | 61% |
| **South** | **8.0** | **9.0** | **39%** |`;

describe("markdownTable", () => {
  it("should bind the caption's scale and currency to the figures, and leave percentages alone", () => {
    expect(markdownTable(report)).toEqual({
      caption: "Quarterly revenue by region (EUR, millions)",
      rows: [
        { Region: "North", Q1: "12.5 million EUR", Q2: "14.0 million EUR", Share: "61%" },
        { Region: "South", Q1: "8.0 million EUR", Q2: "9.0 million EUR", Share: "39%" },
      ],
    });
  });

  it.each<[string, string, Record<string, string> | null]>([
    ["a header's own scale", "| Item | Cost ($k) |\n|---|---|\n| A | 1.5 |", { Item: "A", "Cost ($k)": "1.5 thousand USD" }],
    ["metres, not millions", "| Peak | Height (m) |\n|---|---|\n| K2 | 8611 |", { Peak: "K2", "Height (m)": "8611" }],
    [
      "a count column under a scaled caption",
      "Sales (USD, thousands)\n\n| Store | Revenue | Units |\n|---|---|---|\n| A | 4.2 | 310 |",
      { Store: "A", Revenue: "4.2 thousand USD", Units: "310" },
    ],
    ["no units at all", "| Host | CPU |\n|---|---|\n| web-1 | 71 |", { Host: "web-1", CPU: "71" }],
  ])("should read %s", (_why, text, first) => {
    expect(markdownTable(text)?.rows[0] ?? null).toEqual(first);
  });

  it.each([
    ["prose with a table in the middle of a long document", `${"A paragraph.\n".repeat(5)}| a | b |\n|---|---|\n| 1 | 2 |`],
    ["rows of different widths", "| a | b |\n|---|---|\n| 1 | 2 | 3 |"],
    ["a header without a separator", "| a | b |\n| 1 | 2 |"],
    ["duplicate headers", "| a | a |\n|---|---|\n| 1 | 2 |"],
  ])("should leave %s as text", (_why, text) => {
    expect(markdownTable(text)).toBeNull();
  });
});

describe("a scaled table as evidence", () => {
  it.each([
    ["North made €14 million in Q2.", "supported"],
    ["North made about €12.5M in Q1.", "supported"],
    // Q1's value is no value for Q2: another column's figure neither supports nor corrects the claim.
    ["North made €12.5 million in Q2.", "unsupported"],
    ["North made €14,000 in Q2.", "unsupported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "finance.report(region=all)", content: report });
    const r = await fw.verify(draft);
    expect(r.verdicts[0]!.verdict).toBe(want);
    expect(r.verdicts[0]!.corrections).toEqual([]);
  });
});

describe("a table whose columns are months", () => {
  const bills = `Utility spend by site (USD, thousands)

| Site | Jan 2025 | Feb 2025 |
|---|---:|---:|
| Depot | 41.0 | 44.5 |
| Office | 12.2 | 13.9 |`;

  it.each([
    ["The Depot spent $44,500 in February.", "supported"],
    ["The Depot spent about $41k in January.", "supported"],
    // January's value is no value for February.
    ["The Depot spent $41,000 in February.", "unsupported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "facilities.spend()", content: bills });
    const r = await fw.verify(draft);
    expect(r.verdicts[0]!.verdict).toBe(want);
  });
});
