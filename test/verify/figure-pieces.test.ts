import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { type FigureOutcome, figurePieces } from "../../src/verify/figure-pieces.js";

/** Outcomes placed by the first occurrence of each figure's text in the clause. */
function outcomes(text: string, figures: Array<[string, FigureOutcome["outcome"]]>): FigureOutcome[] {
  return figures.map(([figure, outcome]) => {
    const at = text.indexOf(figure);
    if (at < 0) throw new Error(`no '${figure}' in '${text}'`);
    return { span: [at, at + figure.length], outcome };
  });
}

function pieces(text: string, figures: Array<[string, FigureOutcome["outcome"]]>): string[] | null {
  return figurePieces(text, outcomes(text, figures))?.map(([s, e]) => text.slice(s, e)) ?? null;
}

describe("figurePieces", () => {
  it.each<[string, string, Array<[string, FigureOutcome["outcome"]]>, string[] | null]>([
    // Cuts at a comma, a conjunction or a relative word between figures read differently.
    [
      "an appositive after a comma",
      "The best ask is $3,412.55, a one-cent spread",
      [
        ["$3,412.55", "mismatch"],
        ["one-cent", "match"],
      ],
      ["The best ask is $3,412.55", "a one-cent spread"],
    ],
    [
      "a conjunction, dropped from the piece",
      "The keyboard costs 129.99 USD and 24 units are in stock",
      [
        ["129.99 USD", "match"],
        ["24", "mismatch"],
      ],
      ["The keyboard costs 129.99 USD", "24 units are in stock"],
    ],
    [
      "a comma before a conjunction",
      "Sales rose 4%, and returns fell to 212",
      [
        ["4%", "absent"],
        ["212", "match"],
      ],
      ["Sales rose 4%", "returns fell to 212"],
    ],
    [
      "a relative clause keeps its word",
      "Her filling is at 2:15 pm, which is confirmed",
      [
        ["2:15 pm", "match"],
        ["confirmed", "mismatch"],
      ],
      ["Her filling is at 2:15 pm", "which is confirmed"],
    ],
    [
      "three pieces",
      "Rent was $900, gas was $52 and water was $31",
      [
        ["$900", "match"],
        ["$52", "mismatch"],
        ["$31", "match"],
      ],
      ["Rent was $900", "gas was $52", "water was $31"],
    ],
    [
      "a spaced dash",
      "Uptime was 99.2% — 14 incidents in all",
      [
        ["99.2%", "match"],
        ["14", "absent"],
      ],
      ["Uptime was 99.2%", "14 incidents in all"],
    ],
    // The clause stays whole.
    [
      "figures read alike",
      "Rent was $900, gas was $52",
      [
        ["$900", "match"],
        ["$52", "match"],
      ],
      null,
    ],
    [
      "no boundary but a preposition",
      "FI 593 leaves at 14:15 for €278.40",
      [
        ["14:15", "match"],
        ["€278.40", "mismatch"],
      ],
      null,
    ],
    [
      "a range's dash",
      "Orders arrive within 2–3 days",
      [
        ["2", "match"],
        ["3", "absent"],
      ],
      null,
    ],
    [
      "a comma inside brackets",
      "The fee (about $5, or 2%) is due",
      [
        ["$5", "match"],
        ["2%", "mismatch"],
      ],
      null,
    ],
    [
      "a mismatch about the whole clause",
      "The v2 rewrite shipped in 2025, with 40 fixes",
      [
        ["2025", "whole"],
        ["40", "absent"],
      ],
      null,
    ],
    [
      "a subject's appositive before its verb",
      "The previous react release, 19.3.0, came out on May 6",
      [
        ["19.3.0", "absent"],
        ["May 6", "mismatch"],
      ],
      null,
    ],
    [
      "a second predicate of one subject",
      "The store opened at 9:00, closed at 17:00",
      [
        ["9:00", "match"],
        ["17:00", "mismatch"],
      ],
      ["The store opened at 9:00", "closed at 17:00"],
    ],
    ["a predicate after a relative clause", "JUZT-12, which is ready for test, is assigned to Ericka Prieto", [["Ericka Prieto", "mismatch"]], null],
    [
      "words set off after a wrong last figure",
      "The best ask is $3,412.55, a one-cent spread",
      [["$3,412.55", "mismatch"]],
      ["The best ask is $3,412.55", "a one-cent spread"],
    ],
    [
      "words set off before a wrong first figure",
      "Priya drives twice on Monday, in her eight-seat car",
      [["eight", "mismatch"]],
      ["Priya drives twice on Monday", "in her eight-seat car"],
    ],
    ["a name's details after a dash", "The Overstory by Richard Powers — due 23 October", [["23 October", "mismatch"]], null],
    [
      "a wrong qualifier",
      "On Thursday, March 8, 2024, the keyboard had 42 units",
      [
        ["Thursday, March 8, 2024", "mismatch"],
        ["42", "match"],
      ],
      ["On Thursday, March 8, 2024", "the keyboard had 42 units"],
    ],
    [
      "a spaced hyphen as a dash",
      "Uptime was 99.2% - 14 incidents in all",
      [
        ["99.2%", "match"],
        ["14", "mismatch"],
      ],
      ["Uptime was 99.2%", "14 incidents in all"],
    ],
    ["one word set off is no piece", "Stock is 24, overall", [["24", "mismatch"]], null],
    [
      "a matched name is context",
      "Acme, the vendor, billed $40",
      [
        ["Acme", "context"],
        ["$40", "mismatch"],
      ],
      null,
    ],
  ])("%s", (_, text, figures, expected) => {
    expect(pieces(text, figures)).toEqual(expected);
  });

  it("gives ordered, disjoint pieces that each hold one settled figure or more", () => {
    const text = "Cash was $412.6 million, debt was $90 million; equity rose 3%, which beat plan, and margin hit 21%";
    const figures: Array<[string, FigureOutcome["outcome"]]> = [
      ["$412.6 million", "match"],
      ["$90 million", "mismatch"],
      ["3%", "absent"],
      ["21%", "match"],
    ];
    const spans = figurePieces(text, outcomes(text, figures))!;
    expect(spans.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    for (const [s, e] of spans) expect(outcomes(text, figures).some((o) => o.span[0] >= s && o.span[1] <= e)).toBe(true);
  });
});

describe("figure pieces in a report", () => {
  const stock = { sku: "KB-101", name: "Aurora Mechanical Keyboard", counted_at: "2024-03-08", stock: 42, warehouse: "Denver", reserved: 5 };

  async function verify(draft: string) {
    const fw = new Firewall();
    fw.record({ source: "inventory", content: stock });
    return fw.verify(draft, { action: "rewrite" });
  }

  it("reports a wrong figure and a right one of one clause as two claims, the wrong one corrected", async () => {
    const draft = "On Thursday, March 8, 2024, the Aurora Mechanical Keyboard had 42 units in stock. Thanks!";
    const report = await verify(draft);
    const rows = report.claims.map((c, i) => [c.id, draft.slice(c.span[0], c.span[1]), report.verdicts[i]!.verdict]);
    expect(rows.slice(0, 2)).toEqual([
      ["r1.c1", "On Thursday, March 8, 2024", "contradicted"],
      ["r1.c2", "the Aurora Mechanical Keyboard had 42 units in stock", "supported"],
    ]);
    expect(report.verdicts.map((v) => v.claimId)).toEqual(report.claims.map((c) => c.id));
    expect(report.verdicts[0]!.corrections.map((c) => [c.wrong, c.value])).toEqual([["Thursday", "Friday"]]);
    expect(report.counts).toMatchObject({ supported: 1, contradicted: 1 });
    expect(report.output).toMatch(/^On Friday, March 8, 2024, the Aurora Mechanical Keyboard had 42 units in stock \[1\]\./);
  });

  it("keeps a clause whole when every figure agrees", async () => {
    const report = await verify("On Friday, March 8, 2024, the Aurora Mechanical Keyboard had 42 units in stock.");
    expect(report.claims).toHaveLength(1);
    expect(report.verdicts[0]!.verdict).toBe("supported");
  });

  it("reads a relative clause with its antecedent", async () => {
    const report = await verify("The Aurora Mechanical Keyboard has 42 units in stock, which are held in the Austin warehouse.");
    expect(report.claims.map((c, i) => [c.text, report.verdicts[i]!.verdict])).toEqual([
      ["The Aurora Mechanical Keyboard has 42 units in stock", "supported"],
      ["The Aurora Mechanical Keyboard has 42 units in stock, which are held in the Austin warehouse", "contradicted"],
    ]);
    // The second claim's span is its own words: the policy edits them alone.
    const [, second] = report.claims;
    expect(report.draft.slice(second!.span[0], second!.span[1])).toBe("which are held in the Austin warehouse");
    expect(report.output).toContain("which are held in the Denver warehouse");
  });
});
