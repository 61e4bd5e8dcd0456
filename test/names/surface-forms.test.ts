import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { sentencesOf } from "../../src/verify/lexical-features.js";

const EVIDENCE =
  "Agent: This is Sam from BestInsuranceXYZ. We sell the TikTok app and NovoIntel tools to ForwardTech Inc. since Jan. 18. The BOJ's 0.5% cap held.";

describe("names written as they appear in the evidence", () => {
  it.each([
    ["camelCase company", "Sam calls from BestInsuranceXYZ."],
    ["two camelCase names", "ForwardTech Inc uses NovoIntel tools."],
    ["camelCase brand", "The TikTok app is sold."],
    ["possessive in the evidence", "The BOJ cap is 0.5%."],
    ["possessive in both", "The BOJ's cap is 0.5%."],
    ["abbreviated month", "The cap held since Jan. 18."],
  ])("should find a %s", async (_, draft) => {
    const fw = new Firewall();
    fw.record({ source: "call_transcript", content: EVIDENCE });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect(v.trace[0]!.note).not.toMatch(/not found in any evidence/);
  });

  it("should still report a name the evidence lacks", async () => {
    const fw = new Firewall();
    fw.record({ source: "call_transcript", content: EVIDENCE });
    const v = (await fw.verify("Sam calls from BestInsuranceABC.")).verdicts[0]!;
    expect(v.verdict).toBe("unsupported");
    expect(v.trace[0]!.note).toMatch(/not found in any evidence: BestInsuranceABC/);
  });
});

describe("evidence sentences", () => {
  it("should not end a sentence at an abbreviation", () => {
    const text = "It rose since Jan. 18. Dr. Smith said so! Is it? ForwardTech Inc. grew. U.S. sales fell.";
    expect(sentencesOf(text).map((s) => text.slice(s.start, s.end))).toEqual([
      "It rose since Jan. 18.",
      "Dr. Smith said so!",
      "Is it?",
      "ForwardTech Inc. grew.",
      "U.S. sales fell.",
    ]);
  });
});

describe("a name's last word written as a contraction", () => {
  it.each([
    ["Intl", "International"],
    ["Blvd", "Boulevard"],
    ["Dept", "Department"],
    ["Mgmt", "Management"],
  ])("should find %s as %s, both ways", async (short, long) => {
    for (const [evidence, claim] of [
      [`pickup.name: Harwick ${short} Terminal`, `Pick-up is at Harwick ${long}.`],
      [`pickup.name: Harwick ${long} Terminal`, `Pick-up is at Harwick ${short}.`],
    ]) {
      const fw = new Firewall();
      fw.record({ source: "booking", content: evidence! });
      const v = (await fw.verify(claim!)).verdicts[0]!;
      expect(v.trace[0]!.note).not.toMatch(/not found in any evidence/);
    }
  });

  it.each([
    ["Harwick Bank", "Harwick Blank Terminal"],
    ["Harwick Continental", "Harwick Cont Terminal"],
  ])("should not read %s in %s", async (name, evidence) => {
    const fw = new Firewall();
    fw.record({ source: "booking", content: `pickup.name: ${evidence}` });
    const v = (await fw.verify(`Pick-up is at ${name}.`)).verdicts[0]!;
    expect(v.trace[0]!.note).toMatch(/not found in any evidence/);
  });
});
