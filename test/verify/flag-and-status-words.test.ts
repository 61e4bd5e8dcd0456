import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// Which flag or status a claim's word names: a degree of the flag's word names none ("closest" is no
// `is_closed`), a flag named for the negative (`isHeatOff`) is not read as its word, a history of events
// holds past states, and a completed payment is a paid one.
describe("flag and status words", () => {
  const orders = {
    work_orders: [
      { id: "WO-1", summary: "Kitchen sink leaking", vendor: { name: "BlueLine Plumbing" }, tenant_chargeable: false },
      { id: "WO-2", summary: "Dishwasher not draining", vendor: { name: "Coastal Appliance Repair" }, tenant_chargeable: true },
      { id: "WO-3", summary: "Hallway light flickering", vendor: { name: "Brightwire" }, tenant_chargeable: false },
    ],
  };
  it.each([
    ["The dishwasher repair is chargeable to the tenant.", "supported"],
    ["The dishwasher repair is not chargeable to the tenant.", "contradicted"],
    // "repair" is only the vendor's word (an object inside the element): "sink" picks the element.
    ["The sink repair is chargeable to the tenant.", "contradicted"],
    ["The hallway light repair is not chargeable to the tenant.", "supported"],
  ])("should pick the element a flag belongs to by the claim's own words: %s", async (draft, expected) => {
    const [verdict] = await verdictOf(orders, draft);
    expect(verdict).toBe(expected);
  });

  it("should not read a flag's word followed by when as the flag", async () => {
    const artifacts = {
      artifacts: [
        { name: "coverage-report", expired: false, expires_at: "2025-05-27T00:00:00Z" },
        { name: "build-logs", expired: true },
      ],
    };
    const [verdict] = await verdictOf(artifacts, "The coverage report expires on May 27.");
    expect(verdict).not.toBe("contradicted");
  });

  it.each([
    ["The status of account ACC-9 is suspended.", "contradicted"],
    ["Account ACC-9 is suspended.", "contradicted"],
    ["The status of account ACC-9 is active.", "supported"],
  ])("should read `status: active` as a status, not a yes: %s", async (draft, expected) => {
    const [verdict] = await verdictOf({ account: "ACC-9", status: "active" }, draft);
    expect(verdict).toBe(expected);
  });

  it("should not read a superlative as the flag of its stem", async () => {
    const search = {
      businesses: [
        { name: "Trattoria Lucia", is_closed: false, distance: 420 },
        { name: "Nonna's Table", is_closed: false, distance: 910 },
      ],
    };
    const [verdict, corrections] = await verdictOf(search, "Trattoria Lucia is the closest option.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should not read a device made from the claim's word as its flag", async () => {
    const thermostat = { thermostatList: [{ name: "Hallway", runtime: { actualTemperature: 684, actualHumidity: 38 }, settings: { hasHumidifier: false } }] };
    const [verdict] = await verdictOf(thermostat, "Hallway humidity is 38%.");
    expect(verdict).not.toBe("contradicted");
  });

  it("should not read a flag named for the negative as its word", async () => {
    const thermostat = { thermostat: { name: "Main Floor", hvacMode: "heat", events: [{ isHeatOff: false, isCoolOff: true }] } };
    const [verdict] = await verdictOf(thermostat, "The Main Floor thermostat is in heat mode.");
    expect(verdict).not.toBe("contradicted");
  });

  it("should not read a past event's status as the entity's present one", async () => {
    const parcel = {
      parcel: { id: "PX-1", status: "ready_to_pickup", locker: "KRA12M" },
      tracking_details: [
        { status: "ready_to_pickup", at: "2024-06-03T09:12:00Z" },
        { status: "out_for_delivery", at: "2024-06-03T07:40:00Z" },
      ],
    };
    const [verdict, corrections] = await verdictOf(parcel, "Parcel PX-1 is waiting in locker KRA12M.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should not deny a paid payment with a completed status", async () => {
    const payments = { payments: [{ id: "p1", amount_money: { amount: 7200, currency: "USD" }, status: "COMPLETED", card_brand: "AMERICAN_EXPRESS" }] };
    const [verdict, corrections] = await verdictOf(payments, "Payment p1 was paid.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});

describe("names that are no entity", () => {
  it("should read a time zone after a clock time as the time's qualifier", async () => {
    const flight = { flights: [{ ident: "UAL1742", gate_origin: "C18", gate_destination: "E9", actual_off: "2024-02-07T14:43:00Z" }] };
    const [verdict, corrections] = await verdictOf(flight, "UAL1742 left at 8:43 AM Central.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should read coordinated names as the claim's subjects, each in its own element", async () => {
    const recap = {
      hosts: [
        { host: "web-01", changed: 2, failed: 0 },
        { host: "web-02", changed: 2, failed: 0 },
        { host: "web-03", changed: 5, failed: 1 },
      ],
    };
    const [verdict, corrections] = await verdictOf(recap, "web-01 and web-02 had 2 changes each.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});

// A flag of several words is named by the claim spelling them ("park outside", "wellness add-on"); one that a
// longer flag of its words sits beside, with the other value, is not settled. Invented recalls and policies.
describe("flags of several words", () => {
  const recalls = {
    results: [
      { campaign: "R-7710", parkIt: false, parkOutSide: true },
      { campaign: "R-7711", parkIt: false, parkOutSide: false },
    ],
  };
  it.each<[string, unknown, string, string]>([
    [
      "a flag the claim spells in full",
      { coverage: { accident: true, wellness_addon: false } },
      "Checkups are covered under your wellness add-on.",
      "contradicted",
    ],
    ["a flag named in part beside a longer one that differs", recalls, "Owners of R-7710 should park it outside.", "not contradicted"],
    ["a flag the claim spells, beside no longer one", recalls, "Owners of R-7710 are told to park outside.", "not contradicted"],
  ])("should read %s", async (_name, evidence, claim, expected) => {
    const [verdict] = await verdictOf(evidence, claim);
    if (expected === "not contradicted") expect(verdict).not.toBe("contradicted");
    else expect(verdict).toBe(expected);
  });
});

// "off" after a discount's unit ("0.25 percentage points off the rate") is no off-word. Invented loan.
describe("a discount's off", () => {
  const loan = { loan: "LN-3", autopay: { enabled: true, rate_discount_pct: 0.25 } };
  it.each<[string, string]>([
    ["Autopay knocks 0.25 percentage points off the rate.", "not contradicted"],
    ["Autopay is off.", "contradicted"],
  ])("should read %j as %s", async (claim, expected) => {
    const [verdict] = await verdictOf(loan, claim);
    if (expected === "not contradicted") expect(verdict).not.toBe("contradicted");
    else expect(verdict).toBe(expected);
  });
});
