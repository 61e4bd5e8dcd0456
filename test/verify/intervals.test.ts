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
