import { describe, expect, it } from "vitest";
import { findNumberWords, parseCjkNumber, parseNumberWords, toHalfWidth } from "../../src/quantity/number-words.js";

describe("parseNumberWords", () => {
  it.each([
    ["zero", 0, 0.5],
    ["one", 1, 0.5],
    ["seven", 7, 0.5],
    ["Eleven", 11, 0.5],
    ["nineteen", 19, 0.5],
    ["twenty", 20, 0.5],
    ["twenty-five", 25, 0.5],
    ["forty two", 42, 0.5],
    ["ninety-nine", 99, 0.5],
    ["one hundred", 100, 50],
    ["a hundred", 100, 50],
    ["one hundred and five", 105, 0.5],
    ["three hundred twenty-one", 321, 0.5],
    ["twelve hundred", 1200, 50],
    ["twenty five hundred", 2500, 50],
    ["one thousand", 1000, 500],
    ["a thousand", 1000, 500],
    ["one thousand and one", 1001, 0.5],
    ["two million", 2_000_000, 500_000],
    ["a million", 1_000_000, 500_000],
    ["two million five hundred thousand", 2_500_000, 500],
    ["three billion", 3e9, 5e8],
    ["a dozen", 12, 0.5],
    ["two dozen", 24, 0.5],
    ["a couple of", 2, 0.5],
    ["a couple", 2, 0.5],
    ["half", 0.5, 0.005],
    ["a half", 0.5, 0.005],
    ["one half", 0.5, 0.005],
    ["a quarter", 0.25, 0.005],
    ["one quarter", 0.25, 0.005],
    ["three quarters", 0.75, 0.005],
    ["a third", 1 / 3, 0.005],
    ["two thirds", 2 / 3, 0.005],
    ["one and a half", 1.5, 0.005],
  ])("should read %j as %d", (phrase, value, precision) => {
    const r = parseNumberWords(phrase);
    expect(r?.value).toBeCloseTo(value, 12);
    expect(r?.precision).toBe(precision);
  });

  // A bare "dozen", like a bare "hundred", counts nothing: it names a unit (`unit: dozen`, "sold by the dozen").
  it.each(["twice", "one two", "twenty thirty", "quarter", "a", "hundred", "dozen", "the", "a quarters", "thousand million"])(
    "should not read %j as one number",
    (phrase) => {
      expect(parseNumberWords(phrase)).toBeNull();
    },
  );

  it("should flag fractions", () => {
    expect(parseNumberWords("a quarter")?.fraction).toBe(true);
    expect(parseNumberWords("a dozen")?.fraction).toBe(false);
  });
});

describe("findNumberWords", () => {
  it("should find every spelled number with its span", () => {
    const text = "We saw twelve hundred churned, a dozen refunds and one hundred and five tickets.";
    const found = findNumberWords(text).map((w) => [text.slice(w.start, w.end), w.value]);
    expect(found).toEqual([
      ["twelve hundred", 1200],
      ["a dozen", 12],
      ["one hundred and five", 105],
    ]);
  });

  it("should not start inside a word or at a lone article", () => {
    expect(findNumberWords("someone took a nap, then another")).toEqual([]);
  });

  it("should read no number at the end of a hyphenated noun, and the whole of a hyphenated number", () => {
    const read = (text: string) => findNumberWords(text).map((w) => [text.slice(w.start, w.end), w.value]);
    expect(read("She is coming with a plus-one and an all-in-one printer.")).toEqual([]);
    expect(read("twenty-one guests")).toEqual([["twenty-one", 21]]);
  });

  it("should read an ordinal before its noun as no fraction, and a fraction before 'of' or a verb as one", () => {
    const read = (text: string) => findNumberWords(text).map((w) => [text.slice(w.start, w.end), w.value]);
    expect(read("She is a third cousin of the prince; the show got a fifth season.")).toEqual([]);
    expect(read("About a third of users left, a third voted no, and a fifth.")).toEqual([
      ["a third", 1 / 3],
      ["a third", 1 / 3],
      ["a fifth", 1 / 5],
    ]);
    expect(read("a quarter mile")).toEqual([["a quarter", 1 / 4]]);
  });

  it("should stop before a trailing and", () => {
    const text = "one hundred and then some";
    const [w] = findNumberWords(text);
    expect(text.slice(w!.start, w!.end)).toBe("one hundred");
  });
});

describe("parseCjkNumber", () => {
  it.each([
    ["二", 2],
    ["十", 10],
    ["十二", 12],
    ["二十五", 25],
    ["三百", 300],
    ["一百零五", 105],
    ["两千", 2000],
    ["一万", 10000],
    ["三万五千", 35000],
    ["二〇二四", 2024],
  ])("should read %s as %d", (run, value) => {
    expect(parseCjkNumber(run)?.value).toBe(value);
  });

  it.each(["", "十百", "二三十", "万万"])("should reject %j", (run) => {
    expect(parseCjkNumber(run)).toBeNull();
  });
});

describe("toHalfWidth", () => {
  it("should map full-width digits and marks without moving offsets", () => {
    expect(toHalfWidth("２，５００％")).toBe("2,500%");
    expect(toHalfWidth("plain")).toBe("plain");
  });
});
