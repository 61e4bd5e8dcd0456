import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { featuresOf } from "../../src/verify/lexical-features.js";

// Content words are what a claim asserts: a possessor is its own word, an ordinal's suffix and a hedge on a
// figure assert nothing of their own.
describe("content stems", () => {
  it.each([
    ["Priya Raman's order", ["priya", "raman", "order"]],
    ["Priya Raman’s order", ["priya", "raman", "order"]],
    ["It reached the post office on the 10th.", ["reach", "post", "offic", "10"]],
    ["She was 31st overall.", ["31", "overal"]],
    ["Chloe dropped off around 10:41.", ["chloe", "drop", "10", "41"]],
    ["roughly 3.1k messages", ["3.1", "k", "messag"]],
    // Short words keep their form, and a suffix without digits before it is a word.
    ["it's the th key", ["th", "key"]],
  ])("%j", (text, stems) => {
    expect([...featuresOf(text).stems].sort()).toEqual([...stems].sort());
  });
});

describe("possessives in claims", () => {
  it("should cover a possessor's name by the record's name field", async () => {
    const fw = new Firewall();
    fw.record({ source: "vet", content: { appointments: [{ pet: "Oscar", service: "dental follow-up", status: "cancelled", reason: "owner request" }] } });
    const v = (await fw.verify("Oscar's dental follow-up was cancelled at the owner's request.")).verdicts[0]!;
    expect(v.verdict).toBe("supported");
  });
});
