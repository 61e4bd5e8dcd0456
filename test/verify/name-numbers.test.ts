import { describe, expect, it } from "vitest";
import { claimFigures } from "../../src/verify/claim-figures.js";
import { isNameNumber } from "../../src/verify/name-numbers.js";
import { verdictOf } from "./helpers.js";

/** Whether the figure written `figure` in `text` reads as part of the name before it. */
function nameNumber(text: string, figure: string): boolean {
  const at = text.indexOf(figure);
  const f = claimFigures(text).find((x) => x.span[0] === at && x.value.type === "quantity");
  if (!f) throw new Error(`no figure ${figure} in ${text}`);
  return isNameNumber(text, f);
}

describe("numbers that are part of a name", () => {
  it.each([
    ["PostgreSQL 16 is active.", "16", true],
    ["Truck 22 is parked at the depot.", "22", true],
    ["Section 002 is full.", "002", true],
    // A house number before a street's name and type.
    ["The permit for 1142 Alder Crest Ave is issued.", "1142", true],
    ["We moved to 9 Harbour Road.", "9", true],
    ["It sold 40 Apple Pie units.", "40", false],
    // A counted noun, a unit, a hedge or a verb between: a figure.
    ["Brand 12 clicks came in.", "12", false],
    ["Sodium is 139.", "139", false],
    ["Aspirin 500 mg daily.", "500", false],
    ["It has about 40 seats.", "40", false],
    // A stop word is no name.
    ["The 12 orders shipped.", "12", false],
    ["Top 10 results.", "10", false],
  ])("%s (%s): %s", (text, figure, want) => {
    expect(nameNumber(text, figure)).toBe(want);
  });

  it("should not correct a product's version to a neighbouring field (the PID of its service)", async () => {
    const status = [
      "● postgresql@16-main.service - PostgreSQL Cluster 16-main",
      "     Active: active (running) since Mon 2024-11-04 03:12:47 UTC; 9 days ago",
      "   Main PID: 845 (postgres)",
      "      Tasks: 14 (limit: 38353)",
    ].join("\n");
    const [verdict, corrections] = await verdictOf(status, "PostgreSQL 16 (16-main) is active (running).");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should read a code that opens on a number, written so by the tool, as one identifier", () => {
    const figures = claimFigures("Cluster 16-main is active.", [{ text: "16-main", span: [8, 15], key: "16-main", type: "code" }]);
    expect(figures.some((f) => f.value.type === "quantity")).toBe(false);
    expect(figures.some((f) => f.value.type === "name" && f.value.n.text === "16-main")).toBe(true);
  });
});

describe("a label and number the claim gives an element, against the label its lines write", () => {
  const trials = {
    studies: [
      { id: "TR-1042", phases: ["PHASE2"], status: "RECRUITING" },
      { id: "TR-2210", phases: ["PHASE3"], status: "COMPLETED", enrolled: 2 },
    ],
  };
  it.each<[unknown, string, string, string[]]>([
    [trials, "TR-1042 is a Phase 3 study.", "contradicted", ["2"]],
    [trials, "TR-2210 is a Phase 3 study.", "supported", []],
    // The single record that holds the name is its element.
    [{ id: "TR-77", design: { phase: "phase_1" } }, "TR-77 is a Phase 2 trial.", "contradicted", ["1"]],
    // A count of the noun is no label ("3 studies").
    [trials, "TR-2210 enrolled 2 patients.", "supported", []],
  ])("%#: %s -> %s", async (content, draft, verdict, corrections) => {
    expect(await verdictOf(content, draft)).toEqual([verdict, corrections]);
  });
});
