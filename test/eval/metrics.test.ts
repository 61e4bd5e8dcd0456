import { describe, expect, it } from "vitest";
import {
  auroc,
  balancedAccuracy,
  bestOverlap,
  charCounts,
  confusionMatrix,
  mergeSpans,
  percentile,
  prf,
  ratio,
  responseSupport,
  spansOverlap,
  supportScore,
} from "../../scripts/eval/metrics.js";

describe("spansOverlap", () => {
  it.each([
    [[0, 5], [5, 10], false],
    [[0, 6], [5, 10], true],
    [[5, 10], [0, 6], true],
    [[2, 3], [0, 10], true],
    [[3, 3], [0, 10], false],
    [[0, 1], [1, 1], false],
  ] as const)("should treat %j and %j as half-open spans: %s", (a, b, expected) => {
    expect(spansOverlap([a[0], a[1]], [b[0], b[1]])).toBe(expected);
  });
});

describe("prf", () => {
  it("should compute precision, recall and F1 from counts", () => {
    const m = prf(6, 2, 4);
    expect(m.precision).toBeCloseTo(0.75);
    expect(m.recall).toBeCloseTo(0.6);
    expect(m.f1).toBeCloseTo((2 * 0.75 * 0.6) / 1.35);
  });

  it("should give null, not NaN, when nothing was predicted or nothing is positive", () => {
    expect(prf(0, 0, 3)).toEqual({ precision: null, recall: 0, f1: null });
    expect(prf(0, 2, 0)).toEqual({ precision: 0, recall: null, f1: null });
    expect(prf(0, 0, 0)).toEqual({ precision: null, recall: null, f1: null });
  });

  it("should give an F1 of 0 when precision and recall are both 0", () => {
    expect(prf(0, 3, 2).f1).toBe(0);
  });
});

describe("ratio", () => {
  it("should be null on a zero denominator", () => {
    expect(ratio(0, 0)).toBeNull();
    expect(ratio(1, 4)).toBe(0.25);
  });
});

describe("balancedAccuracy", () => {
  it("should average the true-positive and true-negative rates", () => {
    // TPR 8/10, TNR 3/4
    expect(balancedAccuracy(8, 1, 3, 2)).toBeCloseTo((0.8 + 0.75) / 2);
  });

  it("should be 0.5 for a detector that flags everything", () => {
    expect(balancedAccuracy(10, 5, 0, 0)).toBe(0.5);
  });

  it("should be null when a class is absent", () => {
    expect(balancedAccuracy(3, 0, 0, 1)).toBeNull();
    expect(balancedAccuracy(0, 1, 4, 0)).toBeNull();
  });
});

describe("auroc", () => {
  it("should be 1 for a perfect ranking and 0 for a reversed one", () => {
    expect(auroc([0.9, 0.8], [0.1, 0.2, 0.3])).toBe(1);
    expect(auroc([0.1], [0.5, 0.9])).toBe(0);
  });

  it("should count ties as one half", () => {
    expect(auroc([0.5, 0.5], [0.5, 0.5])).toBe(0.5);
    // pairs: (0.8 vs 0.4) win, (0.8 vs 0.8) tie, (0.4 vs 0.4) tie, (0.4 vs 0.8) loss -> (1 + 0.5 + 0.5) / 4
    expect(auroc([0.8, 0.4], [0.4, 0.8])).toBe(0.5);
    // (0.7 vs 0.7) tie, (0.7 vs 0.2) win, (0.9 vs both) wins -> 3.5 / 4
    expect(auroc([0.7, 0.9], [0.7, 0.2])).toBe(0.875);
  });

  it("should agree with counting pairs on a larger sample", () => {
    const pos = [0.1, 0.4, 0.4, 0.7, 0.9, 1, 1];
    const neg = [0, 0.4, 0.5, 0.7, 1, 0.2];
    let wins = 0;
    for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
    expect(auroc(pos, neg)).toBeCloseTo(wins / (pos.length * neg.length), 12);
  });

  it("should be null when a class is empty", () => {
    expect(auroc([], [0.1])).toBeNull();
    expect(auroc([0.1], [])).toBeNull();
  });
});

describe("percentile", () => {
  it("should interpolate between closest ranks", () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 95)).toBeCloseTo(4.8);
    expect(percentile([7], 95)).toBe(7);
  });

  it("should be null for no values", () => {
    expect(percentile([], 50)).toBeNull();
  });
});

describe("charCounts", () => {
  it("should compare the unions of labelled and predicted characters", () => {
    // labelled 0-10 and 5-15 (union 0-15, 15 chars); predicted 10-20 (10 chars): 5 shared
    expect(
      charCounts(
        [
          [0, 10],
          [5, 15],
        ],
        [[10, 20]],
      ),
    ).toEqual({ tp: 5, fp: 5, fn: 10 });
  });

  it("should count every predicted character as a false positive when nothing is labelled", () => {
    expect(
      charCounts(
        [],
        [
          [0, 4],
          [2, 6],
        ],
      ),
    ).toEqual({ tp: 0, fp: 6, fn: 0 });
  });

  it("should merge adjacent and overlapping spans and drop empty ones", () => {
    expect(
      mergeSpans([
        [5, 8],
        [0, 2],
        [2, 4],
        [3, 3],
        [7, 9],
      ]),
    ).toEqual([
      [0, 4],
      [5, 9],
    ]);
  });
});

describe("bestOverlap", () => {
  it("should pick the candidate sharing the most characters, the first on a tie, -1 for none", () => {
    expect(
      bestOverlap(
        [10, 20],
        [
          [0, 12],
          [12, 30],
          [19, 25],
        ],
      ),
    ).toBe(1);
    expect(
      bestOverlap(
        [10, 20],
        [
          [5, 15],
          [15, 25],
        ],
      ),
    ).toBe(0);
    expect(
      bestOverlap(
        [10, 20],
        [
          [0, 10],
          [20, 30],
        ],
      ),
    ).toBe(-1);
  });
});

describe("confusionMatrix", () => {
  it("should count gold x predicted pairs with every cell present", () => {
    const m = confusionMatrix([
      { gold: "supported", predicted: "supported" },
      { gold: "supported", predicted: "unsupported" },
      { gold: "contradicted", predicted: "supported" },
      { gold: "supported", predicted: "supported" },
    ]);
    expect(m.supported).toEqual({ supported: 2, contradicted: 0, unsupported: 1, not_checkable: 0 });
    expect(m.contradicted.supported).toBe(1);
    expect(m.not_checkable).toEqual({ supported: 0, contradicted: 0, unsupported: 0, not_checkable: 0 });
  });
});

describe("supportScore", () => {
  it.each([
    ["supported", 0.9, 0.9],
    ["contradicted", 0.9, 0.1],
    ["unsupported", 0.6, 0.4],
    ["not_checkable", 1, null],
  ] as const)("should score a %s claim at confidence %s as %s", (verdict, confidence, expected) => {
    const s = supportScore(verdict, confidence);
    if (expected === null) expect(s).toBeNull();
    else expect(s).toBeCloseTo(expected);
  });

  it("should score a response by its weakest checkable claim, and 1 with none", () => {
    expect(
      responseSupport([
        { verdict: "supported", confidence: 0.8 },
        { verdict: "unsupported", confidence: 0.7 },
        { verdict: "not_checkable", confidence: 1 },
      ]),
    ).toBeCloseTo(0.3);
    expect(responseSupport([{ verdict: "not_checkable", confidence: 1 }])).toBe(1);
    expect(responseSupport([])).toBe(1);
  });
});
