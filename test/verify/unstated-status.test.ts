/**
 * A status word that carries a claim must be the evidence's, in some word of its class: word overlap alone
 * never supports "is pending" beside `status: confirmed`. Invented records.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const booking = { confirmation: "HX-40112", hotel: "Harbor View Inn", status: "confirmed", check_in: "2025-04-02", nights: 2 };
const parcel = "Tracking 1Z77 — label created Apr 1, in transit Apr 2, out for delivery Apr 3";

describe("a status word the evidence does not state", () => {
  it.each<[string, unknown, string, string, string[]]>([
    ["a status of another class", booking, "Booking HX-40112 is pending.", "contradicted", ["confirmed"]],
    ["the status as the tool gives it", booking, "Booking HX-40112 is confirmed.", "supported", []],
    // "booked" is of the class of `confirmed`.
    ["a word of the same class", booking, "The Harbor View Inn stay is booked for 2 nights.", "supported", []],
    // In prose, no status field decides; the words around "delivered" are all the tool's, the status is not.
    ["a status prose does not state", parcel, "The 1Z77 label was delivered.", "unsupported", []],
    ["a status prose states", parcel, "The 1Z77 label was created.", "supported", []],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });
});
