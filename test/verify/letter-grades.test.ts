import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const transcript = {
  "Autumn 2017-2018": {
    list: [
      { Code: "MAT1011", Name: "Mathematics I", Letters: "B", Scores: "80" },
      { Code: "PHY1111", Name: "Physics I", Letters: "D+", Scores: "59.2" },
      { Code: "PHY1112", Name: "Physics II", Letters: "A-", Scores: "91" },
    ],
  },
};

describe("a letter grade against the grade field of the element the claim names", () => {
  it.each<[string, string, string[]]>([
    ["You got a D in Physics I.", "contradicted", ["D+"]],
    ["You got a D+ in Physics I.", "supported", []],
    ["You earned an A- in Physics II.", "supported", []],
    ["You got a B+ in Mathematics I.", "contradicted", ["B"]],
  ])("should read %j", async (claim, verdict, values) => {
    const fw = new Firewall();
    fw.record({ source: "sis.get_transcript", content: transcript });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, values]);
  });

  it("should decide nothing when the claim names no element", async () => {
    const fw = new Firewall();
    fw.record({ source: "sis.get_transcript", content: transcript });
    expect((await fw.verify("You got a C.")).verdicts[0]!.verdict).not.toBe("contradicted");
  });
});
