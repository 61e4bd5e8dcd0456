import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALIBRATION_TABLE,
  calibrate,
  Firewall,
  fitCalibrationTable,
  fitIsotonic,
  PRESETS,
  type CalibrationPoint,
  type CalibrationTable,
} from "../../src/index.js";

/** Labelled points of a past dev run (tier, verdict, raw score, right), copied so no test reads the shared data. */
const POINTS: CalibrationPoint[] = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/calibration-points.json", import.meta.url)), "utf8"));

function tableOf(points: readonly CalibrationPoint[], unseenShrink = 0.5): CalibrationTable {
  const { options, ...fit } = fitCalibrationTable(points, { unseenShrink });
  return { ...fit, fitted: { at: "", commit: null, files: [], options } };
}

const point = fc.record({ raw: fc.double({ min: 0, max: 1, noNaN: true }), correct: fc.boolean() });

describe("fitIsotonic", () => {
  it("should give non-decreasing steps with increasing edges ending at 1, for any points", () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        (points, minBin, prior) => {
          const steps = fitIsotonic(points, { minBin, prior });
          expect(steps.at(-1)!.upTo).toBe(1);
          for (let i = 1; i < steps.length; i++) {
            expect(steps[i]!.p).toBeGreaterThan(steps[i - 1]!.p);
            expect(steps[i]!.upTo).toBeGreaterThan(steps[i - 1]!.upTo);
          }
          for (const s of steps) expect(s.p >= 0 && s.p <= 1).toBe(true);
          expect(steps.reduce((n, s) => n + s.n, 0)).toBe(points.length);
        },
      ),
    );
  });

  it("should fit a point of integer weight w as w copies of it, for any points", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ raw: fc.double({ min: 0, max: 1, noNaN: true }), correct: fc.boolean(), weight: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 6 }),
        (points, prior) => {
          const copies = points.flatMap((p) => Array.from({ length: p.weight }, () => ({ raw: p.raw, correct: p.correct })));
          const weighted = fitIsotonic(points, { minBin: 1, prior });
          const copied = fitIsotonic(copies, { minBin: 1, prior });
          expect(weighted.map((s) => [s.upTo, s.p])).toEqual(copied.map((s) => [s.upTo, s.p]));
        },
      ),
    );
  });

  it("should weight a table's groups and means by the points' weights", () => {
    const points: CalibrationPoint[] = [
      { tier: "lexical", verdict: "unsupported", raw: 0.7, correct: true, weight: 3 },
      { tier: "lexical", verdict: "unsupported", raw: 0.7, correct: false, weight: 1 },
    ];
    const fit = fitCalibrationTable(points, { prior: 0, laplace: 0 });
    expect(fit.globalMean).toBe(0.75);
    expect(fit.groups[0]).toMatchObject({ n: 2, mean: 0.75, steps: [{ upTo: 1, p: 0.75, n: 2 }] });
  });

  it("should pool a violating pair into one step at their mean", () => {
    // Right at 0.6, wrong at 0.7: no increasing order exists, so both take 1/2.
    const points = [
      { raw: 0.6, correct: true },
      { raw: 0.7, correct: false },
    ];
    expect(fitIsotonic(points, { minBin: 1, prior: 0 })).toEqual([{ upTo: 1, p: 0.5, n: 2 }]);
  });

  it("should keep steps that already increase, each ending halfway to the next", () => {
    const points = [...Array(4).fill({ raw: 0.2, correct: false }), ...Array(4).fill({ raw: 0.8, correct: true })];
    expect(fitIsotonic(points, { minBin: 4, prior: 0 })).toEqual([
      { upTo: 0.5, p: 0, n: 4 },
      { upTo: 1, p: 1, n: 4 },
    ]);
  });

  it("should merge a block smaller than minBin into its closest neighbour", () => {
    const points = [...Array(10).fill({ raw: 0.3, correct: false }), { raw: 0.5, correct: true }, ...Array(10).fill({ raw: 0.9, correct: true })];
    const steps = fitIsotonic(points, { minBin: 5, prior: 0 });
    expect(steps.map((s) => s.n)).toEqual([10, 11]);
  });

  it("should shrink a step toward the group mean by the prior weight", () => {
    const points = Array(4).fill({ raw: 0.9, correct: true });
    expect(fitIsotonic(points, { minBin: 1, prior: 4, toward: 0.5 })).toEqual([{ upTo: 1, p: 0.75, n: 4 }]);
  });

  it("should fit one point as one step, and no points as none", () => {
    expect(fitIsotonic([{ raw: 0.4, correct: true }], { prior: 0 })).toEqual([{ upTo: 1, p: 1, n: 1 }]);
    expect(fitIsotonic([{ raw: 0.4, correct: true }], { prior: 1, toward: 0 })).toEqual([{ upTo: 1, p: 0.5, n: 1 }]);
    expect(fitIsotonic([])).toEqual([]);
  });
});

describe("calibrate", () => {
  const table = tableOf(POINTS);

  it("should be monotone in the raw score within every fitted group", () => {
    for (const g of table.groups) {
      let last = -1;
      for (let raw = 0; raw <= 1.0001; raw += 0.01) {
        const p = calibrate(table, g.tier, g.verdict, raw);
        expect(p).toBeGreaterThanOrEqual(last);
        last = p;
      }
    }
  });

  it("should map a group's raw score to the share right on the fitted points, within a few points", () => {
    // Tier 0's contradictions: one step, near their share right (shrunk a little toward the verdict's mean).
    const ps = POINTS.filter((p) => p.tier === "exact" && p.verdict === "contradicted");
    const share = ps.filter((p) => p.correct).length / ps.length;
    expect(Math.abs(calibrate(table, "exact", "contradicted", 0.92) - share)).toBeLessThan(0.05);
  });

  it("should blend an unseen group's raw score with its verdict's mean, or the global mean", () => {
    const m = table.verdictMeans.supported!;
    expect(calibrate(table, "my-tier", "supported", 0.9)).toBeCloseTo(0.5 * 0.9 + 0.5 * m, 4);
    const noVerdict = { ...table, verdictMeans: {} };
    expect(calibrate(noVerdict, "my-tier", "supported", 0.9)).toBeCloseTo(0.5 * 0.9 + 0.5 * table.globalMean, 4);
    expect(calibrate(tableOf(POINTS, 0), "my-tier", "contradicted", 0.42)).toBe(0.42);
  });

  it("should pass raw scores through, clamped to 0..1, with no table", () => {
    expect(calibrate(null, "exact", "contradicted", 0.92)).toBe(0.92);
    expect(calibrate(null, "exact", "contradicted", 1.2)).toBe(1);
  });
});

describe("the shipped table and the policy presets", () => {
  /** Before calibration, a preset flagged a verdict whose raw score reached these. */
  const RAW = {
    lenient: { contradicted: 0.8, unsupported: 1.01 },
    balanced: { contradicted: 0.6, unsupported: 0.6 },
    strict: { contradicted: 0, unsupported: 0 },
  } as const;
  const tiers = [...new Set([...CALIBRATION_TABLE.groups.map((g) => g.tier), "nli", "judge", "pipeline"])];

  it.each(["lenient", "balanced", "strict"] as const)("should let %s flag every verdict it flagged on raw scores, for every tier", (name) => {
    for (const verdict of ["contradicted", "unsupported"] as const) {
      const threshold = verdict === "contradicted" ? PRESETS[name].flagContradicted : PRESETS[name].flagUnsupported;
      for (const tier of tiers) {
        for (let raw = RAW[name][verdict]; raw <= 1; raw += 0.01) {
          expect({ tier, verdict, raw, p: calibrate(CALIBRATION_TABLE, tier, verdict, raw) >= threshold }).toMatchObject({ p: true });
        }
      }
    }
  });

  it("should report the calibrated confidence on the verdict and the raw score in its trace", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
    const v = (await fw.verify("cors has 40 versions.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    const decided = v.trace.find((t) => t.outcome === "contradicted")!;
    expect(v.confidence).toBe(calibrate(CALIBRATION_TABLE, decided.name, "contradicted", decided.confidence!));
    const off = new Firewall({ calibration: false });
    off.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
    expect((await off.verify("cors has 40 versions.")).verdicts[0]!.confidence).toBe(decided.confidence);
  });
});
