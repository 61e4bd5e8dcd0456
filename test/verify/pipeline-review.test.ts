import { describe, expect, it } from "vitest";
import { CALIBRATION_TABLE, calibrate, Firewall, type PriorVerdict, type Tier, type TierItem, type TierOutcome } from "../../src/index.js";
import { failedAfterVerdict } from "../../src/verify/pipeline.js";

const DRAFT = "cors has no known security issues. cors has 40 versions.";

function firewall(reviewer: Tier): Firewall {
  const fw = new Firewall({ tiers: ["exact", "lexical", reviewer] });
  fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35, license: "MIT" } });
  return fw;
}

/** A reviewing tier that records what it saw and answers with `answer`. */
function reviewer(answer: (item: TierItem) => TierOutcome | Error, below = 0.9): Tier & { seen: Array<PriorVerdict | undefined> } {
  const seen: Array<PriorVerdict | undefined> = [];
  return {
    tier: 2,
    name: "reviewer",
    seen,
    review: (prior) => prior.tier !== 0 && prior.confidence < below,
    run(items) {
      const out = items.map((it) => {
        seen.push(it.prior && { ...it.prior });
        return answer(it);
      });
      const error = out.find((o) => o instanceof Error);
      if (error) throw error;
      return out as TierOutcome[];
    },
  };
}

describe("runTiers with a reviewing tier", () => {
  it("should show the reviewer only low-confidence verdicts of tiers above 0, with the prior verdict", async () => {
    const r = reviewer(() => ({ pass: true, note: "no opinion" }));
    const report = await firewall(r).verify(DRAFT);
    expect(r.seen).toEqual([{ verdict: "unsupported", confidence: expect.any(Number), tier: 1, name: "lexical" }]);
    // The tier-0 contradiction (40 -> 35) was not reviewed.
    expect(report.verdicts[1]!.trace.map((t) => t.name)).toEqual(["exact"]);
  });

  it("should keep the prior verdict when the reviewer passes, and say so", async () => {
    const report = await firewall(reviewer(() => ({ pass: true, note: "no opinion" }))).verify(DRAFT);
    const v = report.verdicts[0]!;
    expect(v).toMatchObject({ verdict: "unsupported", tier: 1 });
    expect(v.trace.at(-1)).toMatchObject({ tier: 2, outcome: "pass", note: "no opinion; keeps tier 1 (lexical) verdict unsupported" });
    expect(failedAfterVerdict(v)).toBe(false);
  });

  it("should replace the prior verdict when the reviewer decides", async () => {
    const report = await firewall(reviewer(() => ({ verdict: "supported", confidence: 0.9, quotes: [], corrections: [], note: "read it" }))).verify(DRAFT);
    // The reviewer's raw 0.9 stays in its trace entry; the verdict carries it calibrated.
    expect(report.verdicts[0]).toMatchObject({ verdict: "supported", tier: 2, confidence: calibrate(CALIBRATION_TABLE, "reviewer", "supported", 0.9) });
    expect(report.verdicts[0]!.trace.at(-1)).toMatchObject({ name: "reviewer", confidence: 0.9 });
  });

  it("should keep the prior verdict and mark the failure when the reviewer fails on a claim or throws", async () => {
    for (const answer of [() => ({ pass: true as const, failed: true, note: "timed out" }), () => new Error("model unreachable")]) {
      const report = await firewall(reviewer(answer)).verify(DRAFT);
      const v = report.verdicts[0]!;
      expect(v).toMatchObject({ verdict: "unsupported", tier: 1 });
      expect(v.trace.at(-1)!.outcome).toBe("error");
      expect(v.trace.at(-1)!.note).toMatch(/keeps tier 1 \(lexical\) verdict unsupported$/);
      expect(failedAfterVerdict(v)).toBe(true);
    }
  });

  it("should not review when no verdict is below the threshold", async () => {
    const r = reviewer(() => ({ pass: true, note: "x" }), 0.1);
    await firewall(r).verify(DRAFT);
    expect(r.seen).toEqual([]);
  });
});
