/**
 * A difference read from a field that no word beside the figure names is no correction when another field
 * of the claim's entity holds the figure's very value. Invented fleet.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

describe("a value another field of the entity holds", () => {
  const fleet = [
    { unit: "TR-7", status: "in_service", odometer_km: 412880, next_service_km: 420000 },
    { unit: "TR-8", status: "maintenance", odometer_km: 398410, next_service_km: 400000 },
  ];
  it.each<[string, string, string[]]>([
    // "service" names `next_service_km` from another phrase; the figure is the odometer's: not corrected.
    ["TR-7 is in service, at 412,880 km.", "supported", []],
    // A word beside the figure names the field: the difference stands.
    ["TR-7 is due for service at 412,880 km.", "contradicted", ["420,000 km"]],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    const fw = new Firewall();
    fw.record({ source: "fleet", content: fleet });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});

/**
 * The other side: the words beside the figure name the slot's field outright, and no word of the claim names
 * the field that holds its value. That is another field's value put in this one (a field swap), and the slot's
 * own value corrects it. Invented payroll and wallet.
 */
describe("another field's value put in the named field", () => {
  const payroll = { run: "P-14", totals: { gross_pay: "20410.00", employer_taxes: "2210.40", benefits: "940.00" } };
  const wallet = { account: "Everyday", balances: { available: 812.1, current: 905.6 }, iso_currency_code: "USD" };
  it.each<[string, unknown, string, string, string[]]>([
    ["a swapped amount", payroll, "Employer taxes came to $940.00.", "contradicted", ["$2,210.40"]],
    ["the field's own amount", payroll, "Benefits came to $940.00.", "supported", []],
    // Both fields named: which one the figure gives is not known.
    ["an amount of two named fields", payroll, "Employer taxes and benefits came to $940.00.", "unsupported", []],
    ["a swapped balance under a money parent key", wallet, "Everyday has $905.60 available.", "contradicted", ["$812.10"]],
    ["the balance's own value", wallet, "Everyday has $812.10 available.", "supported", []],
  ])("should read %s", async (_name, record, draft, verdict, fixes) => {
    const fw = new Firewall();
    fw.record({ source: "api", content: record });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});

/**
 * A field the claim's words name by the same words as another and less ("wait" of `longest_wait_min`, beside
 * "average wait" of `avg_wait_min`) is no reading of its figure: the longest wait never supports an average.
 * Invented queue.
 */
describe("a field named by fewer of the claim's words", () => {
  const queue = { queue: { waiting: 6, avg_wait_min: 16, longest_wait_min: 37 } };
  it.each<[string, string]>([
    ["The average wait is about 37 minutes.", "not supported"],
    ["The average wait is about 16 minutes.", "supported"],
    ["The longest wait is about 37 minutes.", "supported"],
  ])("should read %j as %s", async (draft, expected) => {
    const fw = new Firewall();
    fw.record({ source: "queue", content: queue });
    const v = (await fw.verify(draft)).verdicts[0]!;
    if (expected === "not supported") expect(v.verdict).not.toBe("supported");
    else expect(v.verdict).toBe(expected);
  });
});

/**
 * A swap read on the words that set the two fields apart: "net" names `Net Expense Ratio` outright, and the
 * words the fields share ("expense ratio") name the holder no more than the slot. Invented fund page.
 */
describe("a swap between fields that share words", () => {
  const fund = `Fund: Alder Growth Fund - Class A (ALGAX)
As of: 2025-03-31
Gross Expense Ratio: 1.12% | Net Expense Ratio: 0.98% | Max Sales Charge (Load): 4.50%

Date,NAV,Change
2025-03-31,18.20,0.04
2025-03-28,18.16,-0.02
2025-03-27,18.18,0.10`;
  it.each<[string, string, string[]]>([
    ["Note that the net expense ratio is 1.12% and there is a front load of up to 4.50%.", "contradicted", ["0.98%"]],
    ["Note that the net expense ratio is 0.98% and there is a front load of up to 4.50%.", "supported", []],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    const fw = new Firewall({ tiers: ["exact", "lexical"] });
    fw.record({ source: "fund", content: fund });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});
