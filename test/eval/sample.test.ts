import { describe, expect, it } from "vitest";
import { allocate, DEFAULT_SEED, mulberry32, stratifiedSample } from "../../scripts/eval/sample.js";

const items = Array.from({ length: 300 }, (_, i) => ({ id: i, label: i % 3 === 0 ? "faithful" : "hallucinated" }));
const byLabel = (x: { label: string }) => x.label;

describe("mulberry32", () => {
  it("should give the same stream for the same seed and floats in [0, 1)", () => {
    const a = mulberry32(DEFAULT_SEED);
    const b = mulberry32(DEFAULT_SEED);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });
});

describe("allocate", () => {
  it("should split proportionally by largest remainder", () => {
    const q = allocate(
      new Map([
        ["a", 10],
        ["b", 20],
        ["c", 70],
      ]),
      7,
    );
    // exact shares 0.7, 1.4, 4.9 -> floors 0, 1, 4 (5), remainders .9 (c), .7 (a) get the 2 left
    expect(Object.fromEntries(q)).toEqual({ a: 1, b: 1, c: 5 });
  });

  it("should give a tiny stratum at least one item when n allows", () => {
    const q = allocate(
      new Map([
        ["rare", 1],
        ["common", 999],
      ]),
      3,
    );
    expect(Object.fromEntries(q)).toEqual({ common: 2, rare: 1 });
  });

  it("should never exceed the total", () => {
    const q = allocate(new Map([["a", 2]]), 10);
    expect(q.get("a")).toBe(2);
  });
});

describe("stratifiedSample", () => {
  it("should be reproducible for a seed and differ across seeds", () => {
    const a = stratifiedSample(items, 30, byLabel).map((x) => x.id);
    expect(stratifiedSample(items, 30, byLabel).map((x) => x.id)).toEqual(a);
    expect(stratifiedSample(items, 30, byLabel, 7).map((x) => x.id)).not.toEqual(a);
  });

  it("should keep the label ratio and the original order", () => {
    const s = stratifiedSample(items, 30, byLabel);
    expect(s).toHaveLength(30);
    expect(s.filter((x) => x.label === "faithful")).toHaveLength(10);
    expect(s.map((x) => x.id)).toEqual([...s.map((x) => x.id)].sort((p, q) => p - q));
    expect(new Set(s.map((x) => x.id)).size).toBe(30);
  });

  it("should not depend on the order of the other strata's items being shuffled in", () => {
    // The same faithful items, with extra hallucinated ones, give the same faithful picks when quotas match.
    const more = [...items, ...Array.from({ length: 3 }, (_, i) => ({ id: 1000 + i, label: "zzz" }))];
    const a = stratifiedSample(items, 30, byLabel).filter((x) => x.label === "faithful");
    const b = stratifiedSample(more, 31, byLabel).filter((x) => x.label === "faithful");
    expect(b.map((x) => x.id)).toEqual(a.map((x) => x.id));
  });

  it("should return everything when n covers all items", () => {
    expect(stratifiedSample(items, 1000, byLabel)).toHaveLength(300);
    expect(stratifiedSample([], 5, byLabel)).toEqual([]);
  });
});
