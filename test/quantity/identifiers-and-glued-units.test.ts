import { describe, expect, it } from "vitest";
import { extractNames } from "../../src/quantity/names.js";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import { claimFigures } from "../../src/verify/claim-figures.js";

// Phone numbers and IP addresses are identifiers, never figures; sizes and ages that CLIs glue to their
// numbers ("2.3G", "512Mi", "12d") are measures.
const texts = (s: string) => extractQuantities(s).map((q) => q.text);

describe("identifiers that are no quantities", () => {
  it.each([
    ["sent to +1 415-555-0137 on March 5", []],
    ["call +1 (415) 555-0188 now", []],
    ["call (415) 555-0188 now", []],
    ["ring +44 20 7946 0958", []],
    ["on 10.4.2.18 port 5432", ["5432"]],
    ["at 34.117.59.81 with a TTL", []],
    // A German billion is grouped in threes: a number, not an address.
    ["1.000.000.000 EUR", ["1.000.000.000 EUR"]],
    // A range and a signed score keep their figures.
    ["from 10-20 users", ["10", "20"]],
    ["won +5 10 15", ["+5", "10", "15"]],
    // Status codes counted as things are plurals of codes, no durations; a timeout keeps its seconds.
    ["There were four 502s, all on POST", ["four"]],
    ["the 404s tripled", []],
    ["a timeout of 300s", ["300s"]],
    ["took 120s to boot", ["120s"]],
    // A field's whole value is a duration; a plural at a sentence's start is a code's.
    ["158s", ["158s"]],
    ["404s made up 88k requests", ["88k"]],
  ])("%j", (text, want) => {
    expect(texts(text)).toEqual(want);
  });
});

describe("addresses that are no versions", () => {
  it.each([
    ["all of them came from 198.51.100.42.", null],
    ["the build is 10.0.19045.3803.", "10.0.19045.3803"],
    ["upgrade to v1.2.3.", "1.2.3"],
  ])("%j", (text, version) => {
    const versions = claimFigures(text).flatMap((f) => (f.value.type === "version" ? [f.value.v] : []));
    expect(versions).toEqual(version === null ? [] : [version]);
  });
});

describe("units glued to their number", () => {
  it.each([
    ["Memory: 2.3G (peak: 3.1G)", "data", 2.3e9],
    ["limits: memory 512Mi", "data", 512 * 1024 ** 2],
    ["1.8T volume", "data", 1.8e12],
    ["redis-0   Running   12d", "time", 12 * 86_400_000],
  ])("%j", (text, dimension, value) => {
    const q = extractQuantities(text).find((x) => x.kind === "measure")!;
    expect(q.dimension).toBe(dimension);
    expect(q.value).toBeCloseTo(value, -3);
  });

  it("should not read a spaced letter as a unit", () => {
    expect(extractQuantities("grade 5 G band").every((q) => q.kind === "number")).toBe(true);
    expect(extractQuantities("plan 3 d").every((q) => q.kind === "number")).toBe(true);
  });
});

describe("earthquake magnitudes", () => {
  // A catalogue writes "M 4.9"; an answer writes "M4.9": the figure is the magnitude, and "M4" is no name.
  it.each([
    ["There was a M4.9 south of the islands.", ["4.9"], []],
    ["4 quakes of M4.5+ in the past day", ["4", "4.5+"], []],
    ["The largest was an M6.1 near the coast.", ["6.1"], []],
    // A code, a dotted code and a longer word keep their reading.
    ["The BMW M4 costs 80000", ["80000"], ["BMW M4"]],
    ["firmware M4.9.1 is out", [], ["M4"]],
    ["AM4.5 socket", [], ["AM4.5"]],
  ])("%j", (text, figures, names) => {
    expect(texts(text)).toEqual(figures);
    expect(
      extractNames(text)
        .map((n) => n.text)
        .filter((n) => /\d/.test(n)),
    ).toEqual(names);
  });
});
