/**
 * A claim about an entity its identifier names, when no evidence holds that identifier, is about another
 * entity than the evidence's: its figures are unsupported, never "corrected" to the other entity's values.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const other = { booking_id: "BK-7732", traveler: "Jonas Berg", nights: 2, total_price: 498, currency: "EUR", status: "cancelled" };

describe("an identifier no evidence holds", () => {
  it.each([
    ["BK-7731 costs 1,284.60 EUR.", "unsupported"],
    ["BK-7731 lasts 4 nights.", "unsupported"],
    ["Booking BK-7731 is confirmed.", "unsupported"],
    ["Order ORD-77812 totals 498 EUR.", "unsupported"],
    ["BK-7732 costs 1,284.60 EUR.", "contradicted"],
    ["BK-7732 lasts 4 nights.", "contradicted"],
    ["BK-7732 costs 498 EUR.", "supported"],
  ])("%s -> %s", async (claim, verdict) => {
    const [got, corrections] = await verdictOf(other, claim);
    expect(got).toBe(verdict);
    if (verdict !== "contradicted") expect(corrections).toEqual([]);
  });
});
