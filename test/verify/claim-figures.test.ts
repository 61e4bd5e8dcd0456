/** What a claim's figures are: an issue key is one identifier, not a code and a number. */
import { describe, expect, it } from "vitest";
import { claimFigures } from "../../src/verify/claim-figures.js";

const kinds = (text: string) =>
  claimFigures(text).map((f) =>
    f.value.type === "name" ? `name ${f.value.n.text}` : f.value.type === "quantity" ? `quantity ${f.value.q.text}` : f.value.type,
  );

describe("claimFigures", () => {
  it.each<[string, string[]]>([
    ["CP2-90 and CP2-89 are open.", ["name CP2-90", "name CP2-89"]],
    ["ENG-481 is estimated at 3 points.", ["name ENG-481", "quantity 3"]],
    // A measure glued to its unit stays a measure; a lower-case word and a number are no issue key.
    ["The 3-day trip costs $40.", ["quantity 3-day", "quantity $40"]],
    ["You used 3.5 GB of your 5GB allowance.", ["quantity 3.5 GB", "quantity 5GB"]],
    // A year-like number after an article qualifies the singular noun after it: a year, not a count.
    ["It is a 1952 ranch-style home.", ["date", "name ranch-style"]],
    ["It is a 1930 drawing.", ["date"]],
    // A plural noun is what the number counts, even after an article ("the 1850 seats").
    ["The 1850 seats sold out.", ["quantity 1850"]],
    ["We sold 1850 seats.", ["quantity 1850"]],
  ])("should read %s", (text, want) => {
    expect(kinds(text)).toEqual(want);
  });
});
