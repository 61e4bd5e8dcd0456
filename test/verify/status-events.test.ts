/**
 * Statuses as events and states: a past event of an earlier stage is implied by a later stage the record
 * states ("was shipped" of a delivered order); a present state is not ("is in transit"). A status given to an
 * amount ("$150 has been paid") or done by a person ("which she's declined") is no status of the record's
 * entity; a contracted "'s" gives one ("Pepper's available"). Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { impliedByLaterStage, pastEvent } from "../../src/verify/status-lifecycle.js";
import { verdictOf } from "./helpers.js";

describe("pastEvent", () => {
  it.each<[string, string, boolean]>([
    ["shipped", "The order was ", true],
    ["shipped", "The order has been ", true],
    ["opened", "T-1 ", true],
    ["paid", "The invoice was ", true],
    ["shipped", "The order is ", false],
    ["shipped", "The orders are still ", false],
    ["open", "The ticket was ", false],
    ["running", "The job was ", false],
  ])("%s after %j → %s", (word, before, event) => {
    expect(pastEvent(word, before)).toBe(event);
  });
});

describe("impliedByLaterStage", () => {
  it.each<[string, string, boolean]>([
    ["in transit", "delivered", true],
    ["open", "closed", true],
    ["in progress", "success", true],
    ["paid", "refunded", true],
    ["pending", "approved", true],
    ["in transit", "pending", false],
    ["delivered", "in transit", false],
    ["in progress", "cancelled", false],
    ["closed", "open", false],
  ])("a %s event under a record now %s → %s", (claimed, stated, implied) => {
    expect(impliedByLaterStage(claimed, stated)).toBe(implied);
  });
});

describe("statuses as events and states, end to end", () => {
  const orders = {
    orders: [
      { id: "A-1", status: "delivered", shipped_date: "2024-05-03" },
      { id: "A-2", status: "shipped", shipped_date: "2024-05-04" },
      { id: "A-3", status: "pending", shipped_date: null },
    ],
  };
  const tickets = {
    tickets: [
      { key: "T-1", status: "closed", opened_at: "2024-05-03" },
      { key: "T-2", status: "open", opened_at: "2024-05-04" },
    ],
  };
  it.each<[string, unknown, string, string[]]>([
    // A later stage implies the earlier event: never contradicted.
    ["A-1 was shipped on May 3.", orders, "supported", []],
    ["A-1 has been shipped.", orders, "supported", []],
    ["T-1 was opened on May 3.", tickets, "supported", []],
    // An earlier stage rules the event out; a present state of another stage is wrong.
    ["A-3 has shipped.", orders, "contradicted", ["is pending"]],
    ["A-2 has been delivered.", orders, "contradicted", ["shipped"]],
    ["A-1 is in transit.", orders, "contradicted", ["delivered"]],
    ["T-1 is open.", tickets, "contradicted", ["closed"]],
  ])("%s → %s %j", async (draft, evidence, verdict, corrections) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, corrections]);
  });

  const appointments = {
    appointments: [
      { id: "apt_1", patient: { name: "Miso" }, status: "scheduled", estimate_cents: 62000, deposit_paid_cents: 15000 },
      { id: "apt_2", patient: { name: "Pepper" }, status: "no_show", estimate_cents: 12000, deposit_paid_cents: 0 },
    ],
  };
  const animals = [
    { name: "Biscuit", status: "available", adoption_fee: 150 },
    { name: "Pepper", status: "hold", adoption_fee: 250 },
  ];
  it.each<[string, unknown, "contradicted" | "not contradicted" | "supported"]>([
    // A status an amount has is a payment fact, not the appointment's status.
    ["Miso's estimate is $620, of which $150 has already been paid.", appointments, "not contradicted"],
    // A contracted "is" gives the subject its status; a possessive picks the owner's record.
    ["Pepper's available to adopt today.", animals, "contradicted"],
    ["Pepper's adoption fee is $150.", animals, "contradicted"],
    ["Pepper's adoption fee is $250.", animals, "supported"],
  ])("%s → %s", async (draft, evidence, expected) => {
    const [got] = await verdictOf(evidence, draft);
    if (expected === "not contradicted") expect(got).not.toBe("contradicted");
    else expect(got).toBe(expected);
  });

  it("should read no status in what a person did to the entity", async () => {
    const events = {
      items: [
        { id: "e1", status: "confirmed", summary: "Design crit", attendees: [{ email: "dana@example.com", self: true, responseStatus: "declined" }] },
        { id: "e2", status: "confirmed", summary: "Standup" },
      ],
    };
    const [verdict] = await verdictOf(events, "There's a Design crit on Thursday, which she's declined.");
    expect(verdict).not.toBe("contradicted");
  });
});
