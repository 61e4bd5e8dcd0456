/** Status classes of qualified values: one status word keeps its class; a degree or a negation makes another status. */
import { describe, expect, it } from "vitest";
import { exclusive, statusClass } from "../../src/verify/categorical-fields.js";
import { verdictOf } from "./helpers.js";

describe("statusClass", () => {
  it.each<[string, string | null]>([
    ["delivered", "delivered"],
    ["rider_canceled", "cancelled"],
    ["payment_failed", "failure"],
    ["healthy", "healthy"],
    ["partially_refunded", null],
    ["not_started", null],
    ["inbound", null],
    ["PAUSED", "paused"],
    ["No Data", "no data"],
  ])("%s is %s", (value, cls) => {
    expect(statusClass(value)).toBe(cls);
  });

  it("should rule out a running campaign by a paused one, and a healthy monitor by one with no data", () => {
    expect(exclusive("in progress", "paused")).toBe(true);
    expect(exclusive("healthy", "no data")).toBe(true);
    expect(exclusive("paused", "suspended")).toBe(false);
  });

  it("should correct a campaign said to be running when its status is PAUSED", async () => {
    const campaigns = {
      results: [{ campaign: { name: "Competitor - Conquest", status: "PAUSED" } }, { campaign: { name: "Brand - Exact", status: "ENABLED" } }],
    };
    expect(await verdictOf(campaigns, "Competitor - Conquest is still running.")).toEqual(["contradicted", ["PAUSED"]]);
  });
});
