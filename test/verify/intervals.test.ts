import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

describe("the time between two named releases", () => {
  const registry = (fw: Firewall) =>
    fw.record({ source: "npm_view", content: { name: "jest", time: { "30.5.1": "2026-09-01T09:08:16.320Z", "30.5.2": "2026-09-18T16:02:55.216Z" } } });

  it("should contradict a wrong interval with the days between the two recorded dates", async () => {
    const fw = new Firewall();
    registry(fw);
    const v = (await fw.verify("jest 30.5.2 followed 30.5.1 after 29 days.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["29 days", "17 days"]]);
    expect(v.quotes.map((q) => q.text).join(" ")).toContain('time["30.5.2"]');
  });

  it("should support the right interval, in days or weeks", async () => {
    const fw = new Firewall();
    registry(fw);
    expect((await fw.verify("jest 30.5.2 followed 30.5.1 after 17 days.")).verdicts[0]!.verdict).toBe("supported");
    expect((await fw.verify("jest 30.5.2 came about 2.4 weeks after 30.5.1.")).verdicts[0]!.verdict).toBe("supported");
  });
});

describe("the time between two deploys in a query's rows", () => {
  it("should date each version by its row", async () => {
    const fw = new Firewall();
    fw.record({
      source: "sql_query",
      content: {
        rows: [
          { service: "checkout-api", version: "v3.8.1", deployed_at: "2024-11-03" },
          { service: "search-api", version: "v2.4.1", deployed_at: "2024-11-11" },
          { service: "checkout-api", version: "v3.9.0", deployed_at: "2024-11-15" },
        ],
      },
    });
    const wrong = (await fw.verify("checkout-api v3.9.0 came 10 days after v3.8.1.")).verdicts[0]!;
    expect(wrong.verdict).toBe("contradicted");
    expect(wrong.corrections.map((c) => c.value)).toEqual(["12 days"]);
    expect((await fw.verify("checkout-api v3.9.0 came 12 days after v3.8.1.")).verdicts[0]!.verdict).toBe("supported");
  });
});

describe("two-part versions and superlative compounds", () => {
  it("should date 'v3.1' and 'v3.2' by their rows, though two-part versions read as codes", async () => {
    const fw = new Firewall();
    fw.record({
      source: "syllabus_versions",
      content: {
        course: "CS240",
        versions: [
          { version: "v3.0", published: "2025-06-01" },
          { version: "v3.1", published: "2025-08-25" },
          { version: "v3.2", published: "2025-09-30" },
        ],
      },
    });
    const v = (await fw.verify("CS240 syllabus v3.2 came 30 days after v3.1.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => c.value)).toEqual(["36 days"]);
  });
});

describe("an interval written in an aside", () => {
  it("should not measure a duration between two versions an aside separates", async () => {
    const fw = new Firewall();
    fw.record({
      source: "registry",
      content: { name: "kestrel", time: { "3.4.1": "2024-11-07T12:00:00Z", "3.4.0": "2024-10-15T09:05:12Z", "3.4.0-RC2": "2024-09-30T16:44:03Z" } },
    });
    const draft = "Before that came 3.4.0 on October 15 — about three weeks earlier — and a 3.4.0-RC2 pre-release at the end of September.";
    const v = (await fw.verify(draft)).verdicts;
    expect(v.some((x) => x.corrections.some((c) => /days/.test(c.value)))).toBe(false);
  });
});
