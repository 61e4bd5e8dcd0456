import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

describe("an amount or a percentage against numbers that count", () => {
  it("should not take a term's '1 year' for a price", async () => {
    const fw = new Firewall();
    fw.record({ source: "membership_api", content: { membership_levels: [{ level: "Individual", price_usd: 45, term: "1 year" }, { level: "Family", price_usd: 80, term: "1 year" }] } });
    expect(await check(fw, "An Individual membership is $45.")).toEqual(["supported", []]);
    expect(await check(fw, "An Individual membership is $50.")).toEqual(["contradicted", ["$45"]]);
  });

  it("should not correct a percentage or a price to a bare number in prose", async () => {
    const fw = new Firewall();
    fw.record({ source: "web_page", content: "Children under 12 and museum members get in free. The talk is free, but places are limited to 80." });
    fw.record({ source: "membership_api", content: { benefits: ["10% off in the shop"] } });
    expect(await check(fw, "Members get 15% off in the shop.")).toEqual(["contradicted", ["10%"]]);
    const [, corrections] = await check(fw, "The talk costs $5 per person.");
    expect(corrections).toEqual([]);
  });
});
