import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

// Words govern the figure of their own phrase: a superlative the figure right after it, a rate's two counts
// neither field, a slot word before a comma not a figure that has words of its own.
describe("the phrase a word governs", () => {
  it("should apply a superlative to the figure right after it, not to one further on", async () => {
    const fills = {
      fills: [
        { trade_id: "t1", size: "0.02", price: "61234.50" },
        { trade_id: "t2", size: "0.015", price: "61270.25" },
      ],
    };
    const [verdict] = await verdictOf(fills, "The largest fill was 0.02 BTC at $61,234.50.");
    expect(verdict).not.toBe("contradicted");
  });

  it("should not read a rate's counts (1 in 10) as field values", async () => {
    const ratings = { app: { name: "Pocketbudget", average_rating: 4.2, ratings_count: 12400, one_star_share: 0.1 } };
    const [verdict, corrections] = await verdictOf(ratings, "About 1 in 10 of Pocketbudget's ratings are 1-star.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it.each([
    ["The 1-minute load average of 7.84 is under its 8 cores.", " 09:12:40 up 41 days,  3:08,  2 users,  load average: 7.84, 6.92, 5.10\n8"],
    ["Its 30-day average is 412 requests.", { service: "edge", uptime_days: 12, avg_30d_requests: 412 }],
  ])("should not check a metric's window as a value: %j", async (draft, record: unknown) => {
    const [verdict, corrections] = await verdictOf(record, draft);
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  // An inventory sorted by value: four wines, each with its vintage and its drinking window's two bounds.
  const cellar = JSON.parse(readFileSync(new URL("../fixtures/cellar-inventory.json", import.meta.url), "utf8"));

  it("should not correct a year written after a name (a vintage) to a window's bound", async () => {
    const [verdict, corrections] = await verdictOf(cellar, "The dozen López de Heredia Tondonia Reserva 2011 are in their window now.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it.each([
    ["The Monte Verro isn't in its drinking window until 2025.", "supported"],
    // A start that no start bound states is left open, never corrected to the end bound.
    ["The Monte Verro isn't in its drinking window until 2027.", "unsupported"],
  ])("should read 'not until' as the start of a window: %j", async (draft, want) => {
    const [verdict, corrections] = await verdictOf(cellar, draft);
    expect([verdict, corrections]).toEqual([want, []]);
  });

  it("should not check a figure of a table's column header as the row's value", async () => {
    const loan = {
      scenarios: [
        { name: "baseline", extra_principal_monthly: 0, remaining_payments: 312, total_interest_remaining: 233781.84 },
        { name: "extra_200", extra_principal_monthly: 200, remaining_payments: 242, total_interest_remaining: 173166.68 },
      ],
      next_payment: { total_due: 1947.7 },
    };
    const fw = new Firewall();
    fw.record({ source: "loan", content: loan });
    const report = await fw.verify(
      "| | Baseline | +$200/mo |\n|---|---|---|\n| Remaining payments | 312 | 242 |\n| Interest remaining | $233,781.84 | $173,166.68 |",
    );
    expect(report.verdicts.map((v) => v.verdict)).not.toContain("contradicted");
    expect(report.verdicts.flatMap((v) => v.corrections)).toEqual([]);
  });

  it.each<[string, unknown, string, string, string[]]>([
    // An ordinal states its number: the other figure is corrected to its own field, never to the place.
    [
      "an ordinal",
      { event: { finishers: 2900 }, runner: { name: "Ana Ruiz", place_overall: 142 } },
      "Ana placed 142nd out of 2,990 finishers.",
      "contradicted",
      ["2,900"],
    ],
    // A value with decimals under a key that usually counts ("limit") is an amount.
    [
      "a decimal value under a counting key",
      { usage: { total_reimbursed: 812.4, limit_remaining: 2187.6 }, coverage: { annual_limit: 3000 } },
      "About $2.2k of the $3,000 limit is still available.",
      "supported",
      [],
    ],
    // The names after a comparison are the other side's: the figure before it is not North Mill's.
    [
      "a figure before a comparison",
      "customer,product,unit_price_usd\nNorth Mill,Rye loaf,3.85\nNorth Mill,Seed roll,1.10\nHarbor Deli,Rye loaf,4.40",
      "They pay $4.40 a loaf, more than the $3.85 North Mill pays.",
      "unsupported",
      [],
    ],
    [
      "a total beside a page of rows",
      {
        total_listings: 120,
        listings: [
          { id: "a", price: 10 },
          { id: "b", price: 12 },
        ],
      },
      "There are 210 listings in total.",
      "contradicted",
      ["120"],
    ],
    // The page's row count is no reading of the total (`total_listings` beside 3 rows); the total, a count
    // though the record states a currency, is.
    [
      "a total whose slot reads the page's rows",
      {
        event: { id: 77, name: "The Lanterns", venue: "Harbor Hall" },
        total_listings: 214,
        listings: [
          { listing_id: "L-1", section: "GA", quantity_available: 2, price_per_ticket: { amount: 142, currency: "USD" } },
          { listing_id: "L-2", section: "R3", quantity_available: 2, price_per_ticket: { amount: 155, currency: "USD" } },
          { listing_id: "L-3", section: "R1", quantity_available: 4, price_per_ticket: { amount: 248, currency: "USD" } },
        ],
      },
      "There are 241 listings in total.",
      "contradicted",
      ["214"],
    ],
  ])("should read %s", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });

  it("should read a figure's own words after it before a slot word across a comma", async () => {
    const bill = {
      Invoices: [
        { InvoiceNumber: "SCC-10772", Contact: { Name: "Southern Cross Couriers" }, Total: 632.5, AmountPaid: 300.0, AmountDue: 332.5, CurrencyCode: "NZD" },
      ],
    };
    const [verdict, corrections] = await verdictOf(bill, "Southern Cross Couriers — part-paid, $332.50 left of $632.50.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should keep a slot word before a figure followed by filler ('$5 as well')", async () => {
    const rides = { trips: [{ driver: "Amara", fare: { total: 32.59, tip: 0.0, currency: "USD" } }] };
    expect(await verdictOf(rides, "You tipped Amara $5 as well.")).toEqual(["contradicted", ["$0"]]);
  });
});

describe("lexical polarity reads one entity's field", () => {
  it("should not deny a pronoun claim with the field of one of several elements", async () => {
    const fw = new Firewall();
    fw.record({
      source: "quickbooks",
      content: {
        Invoice: [
          { DocNumber: "1043", EmailStatus: "EmailSent" },
          { DocNumber: "1057", EmailStatus: "NotSet" },
        ],
      },
    });
    const v = (await fw.verify("#1057 isn't due yet, but it was never emailed.")).verdicts;
    expect(v.every((x) => x.verdict !== "contradicted")).toBe(true);
  });

  it("should not deny an affirmative claim with a table caption's negation", async () => {
    const table = [
      "Consumer group 'payments-sink' has no active members on some partitions.",
      "",
      "GROUP          TOPIC        PARTITION  LAG    CONSUMER-ID",
      "payments-sink  payments.v1  0          188    consumer-1",
      "payments-sink  payments.v1  1          11525  consumer-2",
      "payments-sink  payments.v1  4          48110  -",
    ].join("\n");
    const [verdict] = await verdictOf(table, "Two consumers are active in the group.");
    expect(verdict).not.toBe("contradicted");
  });
});
