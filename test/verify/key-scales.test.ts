import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

// A key that names its currency and scale (`incurred_gbp_k`, `price_eur`, `cost_micros`) types its numbers
// as amounts of that size, in JSON and in CSV headers alike; a key in minor units holds a whole amount a
// hundredfold (`fee: 1500` for "$15"), but only where the claim names the field and the record writes no amount
// with decimals. Each row: evidence, claim, verdict, corrections.
type Row = [string, unknown, string, string, string[]];

const claimK = { claim: { id: "LI-30007", incurred_gbp_k: 310.0, paid_gbp_k: 0 } };
const csvK = "claim_id,incurred_gbp_k,paid_gbp_k\nMC-10221,18.4,6.2\nLI-30007,310.0,0.0\n";
const ads = { campaign: { name: "Brand", cost_micros: 23_500_000_000, clicks: 5120 }, currency_code: "USD" };
const product = { product: { sku: "A1", price_eur: 129, stock: 4 } };
const dispute = { dispute: { amount: 12999, fee: 1500, currency: "usd" } };

// Invented speed tests: the plan's rate is in Mbps, each test's in kbps.
const line = {
  plan: { name: "Fibre 300", down_mbps: 300 },
  tests: [
    { id: "s-1", down_kbps: 281400, connection: "ethernet" },
    { id: "s-2", down_kbps: 96200, connection: "wifi" },
  ],
};

// Invented irrigation log and water meter: litres in text; a meter's register is no usage.
const irrigation = "Jul 01 05:20:04 ctl[811]: zone=1 stop volume=412L\nJul 03 05:20:02 ctl[811]: zone=1 stop volume=405L";
const meter = { meter: "WM-7", readings: [{ read_at: "2025-09-22", register_l: 1871640 }], period_usage_l: 35792 };

// Invented DNS zone.
const zone = {
  records: [
    { name: "api", type: "A", ttl: 60, data: "203.0.113.7" },
    { name: "www", type: "CNAME", ttl: 300, data: "example.test." },
  ],
};

const ROWS: Row[] = [
  // A record's `ttl` counts seconds (RFC 1035); the initialism before the figure names its slot.
  ["ttl key: seconds", zone, "The www CNAME has a 5-minute TTL.", "supported", []],
  ["ttl key: a wrong lifetime", zone, "The www CNAME has a TTL of 30 minutes.", "contradicted", ["5 minutes"]],
  ["ttl key: seconds as written", zone, "The api A record has a 60-second TTL.", "supported", []],
  // Redis's `avg_ttl` counts milliseconds: no record TTL.
  ["qualified ttl key: milliseconds", { keyspace: { db0: { keys: 812, avg_ttl: 3421337 } } }, "The average TTL is about 57 minutes.", "supported", []],
  // A key ending in "ms" in lower case is a plural or a word (`total_rooms`, `items`), not milliseconds.
  ["plural key ending in -ms: a count", { summary: { total_rooms: 7, latencyMs: 420 } }, "There are 7 rooms in total.", "supported", []],
  ["camel-case Ms key: milliseconds", { summary: { total_rooms: 7, latencyMs: 420 } }, "Latency was 0.42 seconds.", "supported", []],
  ["litres in text: a run's volume", irrigation, "Zone 1 used about 412 L on the first run.", "supported", []],
  ["litres under a key: a register is no week's usage", meter, "Usage was about 13,300 L in the week to September 22.", "unsupported", []],
  ["rate keys: a test's rate read in kbps", line, "Test s-1 came in at about 281 Mbps down.", "supported", []],
  ["rate keys: a wrong test rate corrected from the test", line, "Test s-2 came in at 112 Mbps down.", "contradicted", ["96.2 Mbps"]],
  ["rate keys: a test's rate never corrected to the plan's", line, "The wired test came in at about 281 Mbps.", "supported", []],
  ["thousands key: the scaled amount", claimK, "LI-30007 has £310k incurred.", "supported", []],
  ["thousands key: the key's numeral is no amount", claimK, "LI-30007 has £310 incurred.", "unsupported", []],
  ["thousands key: a correction in the claim's scale", claimK, "LI-30007 has £290k incurred.", "contradicted", ["£310k"]],
  ["thousands key: a correction in full", claimK, "LI-30007 has £290,000 incurred.", "contradicted", ["£310,000"]],
  ["thousands header of a CSV", csvK, "MC-10221 has £18.4k incurred.", "supported", []],
  ["micros key: the amount in dollars", ads, "Brand spent $23.5k.", "supported", []],
  ["micros key: its numeral is no amount", ads, "Brand spent $23,500,000,000.", "unsupported", []],
  ["currency key: the amount", product, "A1 costs €129.", "supported", []],
  ["currency key: a correction", product, "A1 costs €139.", "contradicted", ["€129"]],
  ["camel-case currency key", { product: { sku: "A1", revenueUsd: 5120.5 } }, "A1 brought in $5,120.50.", "supported", []],
  ["minor units: a whole amount under the field the claim names", dispute, "There is a $15 dispute fee.", "supported", []],
  [
    "minor units: the same digits with cents",
    { charge: { id: "ch_1", amount_cents: 4210, currency: "USD" } },
    "The charge was $45.10.",
    "contradicted",
    ["$42.10"],
  ],
  // The key's number read as major units: the field's value misread a hundredfold.
  [
    "minor units: the key's number read as dollars",
    { driver: { id: "d-9", quest_bonus_cents: 7500 } },
    "d-9 earned a $7,500 quest bonus.",
    "contradicted",
    ["$75"],
  ],
  ["minor units: the amount in dollars", { driver: { id: "d-9", quest_bonus_cents: 7500 } }, "d-9 earned a $75 quest bonus.", "supported", []],
  // The field's amount with its decimal point moved, under words that name every word of the field: the
  // field's value misread ("a $30.00 idle fee" for `idle_fee_cents: 300`).
  ["minor units: a tenfold amount", { driver: { id: "d-9", quest_bonus_cents: 7500 } }, "d-9 earned a $750 quest bonus.", "contradicted", ["$75"]],
  ["minor units: a decimal place slipped", { session: { id: "s-4", kwh: 12.4, idle_fee_cents: 300 } }, "s-4 had a $30.00 idle fee.", "contradicted", ["$3.00"]],
  [
    "minor units: a balance a decimal place off",
    { invoice: { id: "i-7", balance_due_cents: 30676 } },
    "The balance due on i-7 is $3,067.60.",
    "contradicted",
    ["$306.76"],
  ],
  // Another magnitude that is no such slip may be a total of many ("301 add-ons for $2,408 in surcharges"):
  // it settles nothing. Nor does a rate, nor words that name only part of the field.
  ["minor units: a total of many", { addon: { id: "a-1", surcharge_cents: 800, sold: 301 } }, "a-1 was sold for $2,408 in surcharges.", "unsupported", []],
  ["minor units: a rate", { berth: { id: "b-2", total_cents: 44100, nights: 3 } }, "b-2 is $4,410 per night.", "unsupported", []],
  ["minor units: a field named in part", { session: { id: "s-4", idle_fee_cents: 300, energy_fee_cents: 744 } }, "s-4 had a $30.00 fee.", "unsupported", []],
];

describe("keys that name a currency and a scale", () => {
  it.each(ROWS)("%s", async (_what, evidence, claim, verdict, corrections) => {
    expect(await verdictOf(evidence, claim)).toEqual([verdict, corrections]);
  });

  it("should not read a whole amount a hundredfold in a record that writes amounts with decimals", async () => {
    const [verdict] = await verdictOf({ dispute: { amount: 129.99, fee: 1500, currency: "usd" } }, "There is a $15 dispute fee.");
    expect(verdict).not.toBe("supported");
  });

  it("should keep a rate under a currency-coded key a rate", async () => {
    expect(await verdictOf({ pair: "EURUSD", fx_rate_usd: 1.0834 }, "The rate is 1.08.")).toEqual(["supported", []]);
  });
});

describe("keys that name no unit after all", () => {
  it("should read a loyalty programme's miles as a balance, not a distance", async () => {
    const statement = { member: { tier: "Gold", awardMiles: 84210, tierQualifyingMiles: 41250, expiringMiles: { amount: 5000, on: "2024-12-31" } } };
    expect(await verdictOf(statement, "She has 84,210 award miles.")).toEqual(["supported", []]);
    expect((await verdictOf(statement, "She has 41,250 tier-qualifying miles."))[0]).toBe("supported");
  });

  it("should read a unit after 'per' as a rate's denominator, no duration", async () => {
    const job = { job: { id: "pj_1", paths_purged: 248, status: "completed" }, rate_limit: { purges_per_hour: 1000, remaining: 997 } };
    expect((await verdictOf(job, "Purge pj_1 finished in about 39 seconds."))[0]).not.toBe("contradicted");
    expect((await verdictOf(job, "You can run 1,000 purges per hour."))[0]).toBe("supported");
  });

  it("should still read a distance key in miles", async () => {
    expect((await verdictOf({ trip: { id: "T-1", distance_miles: 12.4 } }, "Trip T-1 covered 12.4 miles."))[0]).toBe("supported");
  });

  it("should read `key:value` lines of an INFO dump as fields", async () => {
    const info = "# Server\nredis_version:7.2.4\nuptime_in_seconds:1296450\nuptime_in_days:15\n# Clients\nconnected_clients:412\n";
    expect((await verdictOf(info, "412 clients are connected."))[0]).toBe("supported");
    expect((await verdictOf(info, "Redis has been up for 15 days."))[0]).toBe("supported");
  });
});

/** A record's own field that states the size and currency of its amounts (`amounts_in: thousands_usd`). Invented budget. */
describe("a record's scale field", () => {
  const budget = {
    town: "Elm Bend",
    amounts_in: "thousands_usd",
    line_items: [
      { code: "4100", item: "Road resurfacing", adopted: 2350, proposed: 2810, change_pct: 19.6 },
      { code: "4220", item: "Pool maintenance", adopted: 415, proposed: 388, change_pct: -6.5 },
    ],
  };
  it.each<[string, string]>([
    ["Road resurfacing is proposed at $2.81 million.", "supported"],
    ["Road resurfacing goes up 19.6%.", "supported"],
    ["Pool maintenance is proposed at $388,000.", "supported"],
    // The same digits read as dollars are a thousandth of the amount.
    ["Pool maintenance is proposed at $388.", "not supported"],
  ])("should read %j as %s", async (draft, expected) => {
    const [verdict] = await verdictOf(budget, draft);
    if (expected === "not supported") expect(verdict).not.toBe("supported");
    else expect(verdict).toBe(expected);
  });

  it("should scale nothing without a scale word", async () => {
    expect((await verdictOf({ ...budget, amounts_in: "usd" }, "Road resurfacing is proposed at $2.81 million."))[0]).not.toBe("supported");
  });
});

describe("notes on amounts in minor units", () => {
  it("should show the key's number with its value in major units", async () => {
    const fw = new Firewall();
    fw.record({ source: "billing", content: { account: { id: "A-3", late_fee_cents: 675, currency: "USD" } } });
    const v = (await fw.verify("A-3's late fee is $67.50.")).verdicts[0]!;
    expect(v.corrections.map((c) => c.value)).toEqual(["$6.75"]);
    expect(v.trace[0]!.note).toContain("675 (6.75 USD)");
  });
});
