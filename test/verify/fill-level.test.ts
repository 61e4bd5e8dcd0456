import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

const FLEET = {
  printers: [
    { host: "prn-2f-north", supplies: [{ desc: "Black Toner", level: 1820, max_capacity: 11000 }] },
    { host: "prn-2f-south", supplies: [{ desc: "Black Toner", level: 550, max_capacity: 11000 }] },
  ],
};

describe("a percentage of a level over the capacity beside it", () => {
  it.each<[string, string]>([
    ["prn-2f-south's black toner is at 5%.", "supported"],
    ["prn-2f-north's black toner is around 17%.", "supported"],
    // The other printer's ratio is no reading of the named one's, and a ratio no pair gives is left open.
    ["prn-2f-south's black toner is at 17%.", "unsupported"],
    ["prn-2f-north's black toner is around 40%.", "unsupported"],
  ])("should read %j as %s", async (claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "snmp_poller", content: FLEET });
    const [got, corrections] = await check(fw, claim);
    expect(got).toBe(verdict);
    expect(corrections).toEqual([]);
  });

  it("should read a usage against its limit", async () => {
    const fw = new Firewall();
    fw.record({ source: "billing_api", content: { plan: "Team", api_calls: { used: 812400, limit: 1000000 } } });
    expect(await check(fw, "API usage on the Team plan is at about 81% of the limit.")).toEqual(["supported", []]);
  });
});
