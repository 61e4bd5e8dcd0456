import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

/** Over 64 chunks, tier 0 reads retrieved passages plus the value index instead of the whole ledger. */
function bigLedger(): Firewall {
  const fw = new Firewall();
  for (let i = 0; i < 120; i++) {
    fw.record({
      source: "npm_view",
      content: { name: `pkg-${i}`, version: `1.${i}.0`, versionCount: 100 + i, unpackedSizeKb: 2000 + 7 * i, license: i % 2 ? "MIT" : "ISC" },
    });
    fw.record({ source: "doc_search", content: `Release notes ${i}: the team shipped fixes for parsing and caching in sprint ${i}.` });
  }
  return fw;
}

describe("verify on a large ledger", () => {
  it("should still contradict a wrong figure of a named package and correct it", async () => {
    const report = await bigLedger().verify("The registry lists 180 published versions of pkg-37.");
    expect(report.verdicts[0]?.verdict).toBe("contradicted");
    expect(report.verdicts[0]?.corrections[0]?.value).toBe("137");
  });

  it("should support a right figure and a right version", async () => {
    const report = await bigLedger().verify("The registry lists 137 published versions of pkg-37. The latest version of pkg-37 is 1.37.0.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "supported"]);
  });

  it("should find a size stated in KB under a unit-named key for a claim in MB", async () => {
    const report = await bigLedger().verify("pkg-37 needs about 2.3 MB unpacked.");
    expect(report.verdicts[0]?.verdict).toBe("supported");
  });

  it("should call a figure the evidence never states unsupported", async () => {
    const report = await bigLedger().verify("pkg-37 was downloaded 98,765,432 times last week.");
    expect(report.verdicts[0]?.verdict).toBe("unsupported");
  });
});
