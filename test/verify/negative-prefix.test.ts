/**
 * A negative prefix on the flag's word ("non-refundable", "unpaid") denies the flag: the claim agrees with a
 * false flag and is contradicted by a true one, corrected by dropping the prefix. A flag named with the prefix
 * (`non_refundable`) is read by its whole name; a copula's edit never denies another predicate of the phrase.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const booking = (refundable: boolean) => ({ booking_id: "BK-7731", hotel: "Hotel Miramar", status: "confirmed", refundable });

describe("a negative prefix on a flag's word", () => {
  it.each([
    [booking(false), "Booking BK-7731 is non-refundable.", "supported", []],
    [booking(false), "Your booking BK-7731 is confirmed and non-refundable.", "supported", []],
    [booking(false), "The stay is non refundable.", "supported", []],
    [booking(true), "Booking BK-7731 is non-refundable.", "contradicted", ["refundable"]],
    [booking(true), "Booking BK-7731 is refundable.", "supported", []],
    [booking(false), "Booking BK-7731 is refundable.", "contradicted", ["is not refundable"]],
    [{ invoice: "INV-9", paid: true }, "Invoice INV-9 is un-paid.", "contradicted", ["paid"]],
    // "unpaid" is one word the flag's name does not write: left to the status vocabulary, or unsupported.
    [{ invoice: "INV-9", paid: true }, "Invoice INV-9 is unpaid.", "unsupported", []],
    [{ plan: "Pro", unlimited: true }, "The Pro plan is unlimited.", "supported", []],
    [{ fare: "Saver", non_refundable: true }, "The Saver fare is non-refundable.", "supported", []],
  ])("%j: %s -> %s %j", async (evidence, claim, verdict, corrections) => {
    expect(await verdictOf(evidence, claim)).toEqual([verdict, corrections]);
  });

  it("should not deny a predicate the flag's word is not, beside it in one phrase", async () => {
    const [verdict, corrections] = await verdictOf(booking(true), "Your booking BK-7731 is confirmed and non-refundable.");
    expect(verdict).toBe("contradicted");
    expect(corrections).not.toContain("is not confirmed");
  });
});
