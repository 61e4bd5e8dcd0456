import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { quantifierOf } from "../../src/verify/aggregates.js";

/** A query result of four packages and a distractor record of a fifth. */
function registry(fw: Firewall): void {
  fw.record({
    source: "sql_query",
    content: {
      query: "SELECT name, license, dependencies, section FROM npm_packages WHERE name IN ('ws', 'dotenv', 'jest', 'lodash')",
      rows: [
        { name: "ws", license: "MIT", dependencies: 0, section: "web" },
        { name: "dotenv", license: "BSD-2-Clause", dependencies: 0, section: "utils" },
        { name: "jest", license: "MIT", dependencies: 4, section: "devel" },
        { name: "lodash", license: "MIT", dependencies: 0, section: "utils" },
      ],
    },
  });
  fw.record({ source: "npm_view", content: { name: "uuid", license: "MIT", dependencies: {}, dependencyCount: 0 } });
}

describe("quantified claims over a tool's entities", () => {
  it("should read the claim's quantifier", () => {
    expect(quantifierOf("Two of the 3 packages are in the utils section.")).toMatchObject({ kind: "count", value: 2, of: 3 });
    expect(quantifierOf("Every one of the 4 packages has at least one dependency.")).toMatchObject({ kind: "all", value: 4, of: 4 });
    expect(quantifierOf("None of them has an advisory.")).toMatchObject({ kind: "none", value: 0, of: null });
    expect(quantifierOf("Only 1.00% of them are MIT-licensed")).toMatchObject({ kind: "percent", value: 1, of: null });
    expect(quantifierOf("The package has 3 dependencies.")).toBeNull();
  });

  it("should support a right count and contradict a wrong one with the counted value", async () => {
    const fw = new Firewall();
    registry(fw);
    const right = [
      "Three of the 4 packages (`ws`, `dotenv`, `lodash`) have no runtime dependencies.",
      "Two of the 4 packages are in the `utils` section.",
      "75% of them are MIT-licensed.",
    ];
    for (const claim of right) expect((await fw.verify(claim)).verdicts[0]!.verdict, claim).toBe("supported");
    const wrong: Array<[string, string, string | null]> = [
      ["One of the 4 packages is in the `utils` section.", "One", "2"],
      ["Only 1.00% of them are MIT-licensed.", "1.00%", "75%"],
      ["Every one of the 4 packages has at least one runtime dependency.", "", null],
    ];
    for (const [claim, was, value] of wrong) {
      const v = (await fw.verify(claim)).verdicts[0]!;
      expect(v.verdict, claim).toBe("contradicted");
      expect(
        v.corrections.map((c) => [c.wrong, c.value]),
        claim,
      ).toEqual(value === null ? [] : [[was, value]]);
      expect(v.quotes.length, claim).toBeGreaterThan(0);
    }
  });

  it("should not count when a listed entity fails the predicate or the group's size differs", async () => {
    const fw = new Firewall();
    registry(fw);
    // jest has 4 dependencies: the list is wrong, so the count is not confirmed.
    const listed = (await fw.verify("Three of the 4 packages (`ws`, `jest`, `lodash`) have no runtime dependencies.")).verdicts[0]!;
    expect(listed.verdict).not.toBe("supported");
    // No group of 7 entities: nothing counted, the claim goes to the other checks.
    const v = (await fw.verify("Two of the 7 packages are in the `utils` section.")).verdicts[0]!;
    expect(v.trace[0]!.note).not.toContain("entities of the tool output");
  });
});

describe("a tool's echo of its input", () => {
  it("should not set a claim's polarity from the query line that lists the names", async () => {
    const fw = new Firewall();
    registry(fw);
    const v = (await fw.verify("Across the 4 packages there are 4 direct dependencies in total.")).verdicts[0]!;
    expect(v.verdict).toBe("supported");
    expect(v.quotes.map((q) => q.text).join("\n")).not.toContain("SELECT");
  });
});
