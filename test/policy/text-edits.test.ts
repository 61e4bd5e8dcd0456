import { describe, expect, it } from "vitest";
import { applyEdits, insertionPoint, removalSpan } from "../../src/policy/text-edits.js";

function span(draft: string, part: string): [number, number] {
  const i = draft.indexOf(part);
  return [i, i + part.length];
}

describe("removalSpan", () => {
  it.each([
    ["A is 1. B is 2. C is 3.", "B is 2", "A is 1. C is 3."],
    ["A is 1. B is 2.", "B is 2.", "A is 1. "],
    ["Intro.\n- first fact\n- second fact\n", "second fact", "Intro.\n- first fact\n"],
    ["The stock closed at 5, is up 3%, and traded 1,250 lots.", "traded 1,250 lots", "The stock closed at 5, is up 3%."],
    ["Food comes to $612.45 and transport is 16.4% of the total.", "transport is 16.4% of the total", "Food comes to $612.45."],
    // A claim that opens a sentence takes the sentence with it: the rest alone would be a fragment.
    ["The best ask is $3,412.55, a one-cent spread. Volume is thin.", "The best ask is $3,412.55", "Volume is thin."],
    ["We have 312 seats, MRR of $48k [1], and churn of 2%.\nNext.", "We have 312 seats", "\nNext."],
    ["Ver. 2.1 is out, with 3 fixes. Done.", "Ver. 2.1 is out", "Done."],
    ["Bellecour started 1,843 trips, which averaged 14.2 minutes.", "Bellecour started 1,843 trips", ""],
    // A claim that ends its sentence takes only its sentence, never the next one.
    [
      "Rent is $2,125. Daniel is the primary tenant. The deposit is $3,187.50. Done.",
      "Daniel is the primary tenant.",
      "Rent is $2,125. The deposit is $3,187.50. Done.",
    ],
    [
      "Rent is $2,125. Daniel is the primary tenant [1]. The deposit is $3,187.50.",
      "Daniel is the primary tenant [1].",
      "Rent is $2,125. The deposit is $3,187.50.",
    ],
    // A clause that ends its sentence leaves the sentence's full stop.
    ["Gare is shut, and it was serviced on June 8. Next.", "it was serviced on June 8.", "Gare is shut. Next."],
    ["It costs $4.50, or 2.5% more. Next.", "It costs $4.50", "Next."],
    ["Revenue rose [1]. Growth came from APAC [1]. Done.", "Growth came from APAC", "Revenue rose [1]. Done."],
  ])("should remove a claim with its grammar from %j", (draft, part, expected) => {
    const [s, e] = removalSpan(draft, span(draft, part));
    expect(applyEdits(draft, [{ start: s, end: e, text: "" }])).toBe(expected);
  });
});

describe("insertionPoint", () => {
  it("should insert before terminal punctuation and citation markers", () => {
    const draft = "Revenue rose 12% [1].";
    expect(insertionPoint(draft, [0, draft.length])).toBe("Revenue rose 12%".length);
  });
});

describe("applyEdits", () => {
  it("should apply edits from the end so offsets stay valid, skipping overlaps", () => {
    const out = applyEdits("abc def ghi", [
      { start: 0, end: 3, text: "ABC" },
      { start: 8, end: 11, text: "G" },
      { start: 1, end: 2, text: "zzz" },
    ]);
    expect(out).toBe("ABC def G");
  });

  it("should keep an insertion at the start of a deletion, before it", () => {
    const draft = "Gare is shut, and it was serviced on June 8.";
    const [s, e] = removalSpan(draft, span(draft, "it was serviced on June 8."));
    expect(
      applyEdits(draft, [
        { start: s, end: e, text: "" },
        { start: s, end: s, text: " [1]" },
      ]),
    ).toBe("Gare is shut [1].");
  });
});
