/**
 * The typed-slot reading of a figure, end to end: which field governs a figure, and which entity's value
 * fills its slot. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

async function check(records: Array<[string, unknown]>, draft: string) {
  const fw = new Firewall();
  for (const [source, content] of records) fw.record({ source, content: content as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)]);
}

const pkg: [string, unknown] = [
  "registry_view",
  {
    name: "left-pad",
    version: "2.1.0",
    "dist-tags": { latest: "2.1.0" },
    time: { "2.0.0": "2025-03-02T10:00:00Z", "2.0.1": "2025-06-11T10:00:00Z", "2.1.0": "2025-09-20T10:00:00Z" },
  },
];
const deb: [string, unknown] = ["apt_show", { Package: "jq", "Installed-Size": 480, Size: 64432 }];

describe("a release's date keyed by its version", () => {
  it.each([
    ["left-pad 2.0.1 came out on June 11, 2025.", [["supported", []]]],
    ["left-pad 2.0.1 came out on June 14, 2025.", [["contradicted", ["June 11, 2025"]]]],
    ["The current release of left-pad landed on September 20, 2025.", [["supported", []]]],
    ["The current release of left-pad landed on September 2, 2025.", [["contradicted", ["September 20, 2025"]]]],
  ])("should read %s", async (draft, want) => {
    expect(await check([pkg], draft)).toEqual(want);
  });
});

describe("a short opening before the first figure governs it", () => {
  it("should read 'Installed, jq takes ...' against Installed-Size, not the download's Size", async () => {
    const [verdict, corrections] = (await check([deb], "Installed, jq takes about 4.8 MB."))[0]!;
    expect(verdict).toBe("contradicted");
    expect(corrections).toEqual(["480 KB"]);
  });

  it("should not correct a version the claim calls the previous release", async () => {
    const [verdict, corrections] = (await check([pkg], "The previous left-pad release, 2.0.1, is the one before 2.1.0."))[0]!;
    expect(corrections).toEqual([]);
    expect(verdict).not.toBe("contradicted");
  });
});
