import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// A record's own fields speak for the record, not for the elements of its arrays: a line of a pick list
// named only inside `lines[]` is not in the pick list's `status`. And a flag's "off" is no negation where
// it is a verb's particle ("drop off") or a discount ("20% off").
const pickList = {
  pick_list: {
    id: "PL-0142",
    status: "in_progress",
    lines: [
      { line_no: 1, sku: "HX-10", description: "Hex bolt M8, box/50", location: "A-03-02-B", status: "picked" },
      { line_no: 4, sku: "NT-33", description: "Hex nut M10, zinc, box/100", location: "A-04-03-D", status: "pending" },
    ],
  },
};

describe("a container's fields are not its elements'", () => {
  it("should not contradict a line's status with the pick list's own status", async () => {
    const [verdict, corrections] = await verdictOf(pickList, "The M10 nuts haven't been picked yet.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should still read the container's status for a claim about the container", async () => {
    const [verdict] = await verdictOf(pickList, "Pick list PL-0142 is completed.");
    expect(verdict).not.toBe("supported");
  });
});

describe("particles and discounts are no off-words", () => {
  const rental = { rental: { id: "R-9", one_way: true, status: "confirmed", drop_off: "2024-09-09T12:00:00" } };
  it.each([
    ["Your one-way rental is confirmed: drop off Monday at noon.", "supported"],
    ["Your one-way rental is confirmed.", "supported"],
  ])("%s", async (claim, want) => {
    expect((await verdictOf(rental, claim))[0]).toBe(want);
  });

  it("should still read a switched-off flag as off", async () => {
    expect((await verdictOf({ settings: { sync: { enabled: true } } }, "Sync is turned off."))[0]).toBe("contradicted");
  });
});
