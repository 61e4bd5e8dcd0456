import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/trial2/${name}.json`, import.meta.url), "utf8")) as unknown;

async function check(source: string, draft: string) {
  const fw = new Firewall();
  fw.record({ source, content: load(source) });
  const report = await fw.verify(draft);
  return { v: report.verdicts[0]!, output: report.output ?? "" };
}

describe("values inside arrays belong to their element (a forecast day, a transaction)", () => {
  it("should support a value of the element the claim's date names, not of the record's top level", async () => {
    expect((await check("weather_api", "Tomorrow (June 15) should peak at 27°C with no rain expected.")).v.verdict).toBe("supported");
  });

  it.each([["the rain of the day the claim names", "June 15 will see 12.4 mm of rain.", "12.4 mm", "0 mm"]])(
    "should correct from %s",
    async (_, draft, wrong, value) => {
      const { v } = await check("weather_api", draft);
      expect(v.verdict).toBe("contradicted");
      expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([[wrong, value]]);
    },
  );

  // Known gap: a temperature matched to the record's current reading (24.5 °C) outside every forecast day
  // is kept as a match.
  it.fails.each([
    ["the high of the day the claim names", "The forecast high for June 16 is 25°C.", "25", "22"],
    ["the low of the day the claim names", "The low on June 16 is 18°C.", "18", "16"],
  ])("does not yet correct from %s", async (_, draft, wrong, value) => {
    const { v } = await check("weather_api", draft);
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([[wrong, value]]);
  });

  // The element the claim's merchant name picks fills the amount's slot: its money fields agree on one value.
  it("should correct an amount from the transaction the claim names", async () => {
    const { v } = await check("bank_transactions", "Your payroll deposit from ACME Corp was $2,540.00.");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["$2,540.00", "$2,450.00"]]);
  });

  it.each([
    ["a date from another field of the record", "weather_api", "On June 16 Lisbon tops out at 22°C, 5 degrees cooler than on the 15th.", /Jun 14|24\.5/],
    ["an estimated delivery date for a scan event", "shipment_tracker", "It arrived in Wichita, KS on June 15.", /Jun 18/],
    [
      "another transaction's values in a claim about two",
      "bank_transactions",
      "Shell charged $52.10 on June 11, 2024, and Netflix $15.94 the next day.",
      /-\$15\.49|Jun 12/,
    ],
  ])("should never insert %s", async (_, source, draft, wrong) => {
    const { v, output } = await check(source, draft);
    expect(output).not.toMatch(wrong);
    expect(v.corrections.every((c) => !wrong.test(c.value))).toBe(true);
  });

  it("should read a debit written as a negative amount as the amount a claim states", async () => {
    expect((await check("bank_transactions", "Netflix charged you $15.49.")).v.verdict).toBe("supported");
    expect((await check("bank_transactions", "Netflix charged you $15.94.")).v.verdict).not.toBe("supported");
  });

  it("should tie a claim to the element its first word names ('Shell charged ...', merchant: Shell)", async () => {
    const { v } = await check("bank_transactions", "Shell charged $52.10 on June 12.");
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["June 12", "June 11, 2024"]]);
    expect((await check("bank_transactions", "Shell charged $52.10 on June 11.")).v.verdict).toBe("supported");
  });
});

describe("an element picked by a name and a month", () => {
  // Cost Explorer's periods: `End` is exclusive, so {Start: 2023-05-01, End: 2023-06-01} is May.
  const month = (start: string, end: string, groups: Array<[string, string]>) => ({
    TimePeriod: { Start: start, End: end },
    Groups: groups.map(([service, amount]) => ({ Keys: [service], Metrics: { UnblendedCost: { Amount: amount, Unit: "USD" } } })),
  });
  const fw = new Firewall();
  fw.record({
    source: "costExplorer.getCostAndUsage(granularity=MONTHLY)",
    content: {
      ResultsByTime: [
        month("2023-05-01", "2023-06-01", [
          ["AmazonCloudWatch", "15.698096107"],
          ["AWS Lambda", "11.25"],
        ]),
        month("2023-06-01", "2023-07-01", [
          ["AmazonCloudWatch", "15.7011837041"],
          ["AWS Lambda", "10.89"],
        ]),
        month("2023-07-01", "2023-08-01", [
          ["AmazonCloudWatch", "25.963648086"],
          ["AWS Lambda", "12.02"],
        ]),
      ],
    },
  });

  it.each<[string, string, string[]]>([
    // "CloudWatch" is the tail of the camel-case "AmazonCloudWatch".
    ["CloudWatch jumped to $25.96 in June.", "contradicted", ["$15.70"]],
    ["CloudWatch cost $15.70 in June.", "supported", []],
    ["CloudWatch cost $25.96 in July.", "supported", []],
    ["AWS Lambda cost $12.02 in May.", "contradicted", ["$11.25"]],
  ])("should read %j in that month's element of that service", async (claim, verdict, values) => {
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, values]);
  });
});

describe("a count of the subjects the tools returned", () => {
  const records = ["Oslo", "Bergen", "Tromsø", "Bodø"].map((name, i) => ({ name, stock: i * 10 }));

  it.each([
    // "4 at the depot" counts no subjects: the figure is not the number of records.
    ["Oslo has 4 at the depot.", "unsupported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    for (const r of records) fw.record({ source: "cities.get()", content: r });
    const report = await fw.verify(draft);
    expect(report.verdicts[0]!.verdict).toBe(want);
  });
});

describe("a date of the element the claim's names pick", () => {
  const fixtures = {
    parameters: { league: "7", from: "2031-03-01", to: "2031-03-07" },
    response: [
      { fixture: { date: "2031-03-06T15:00:00Z" }, teams: { home: { name: "Harbor Town" }, away: { name: "Mill Lane" } } },
      { fixture: { date: "2031-03-02T15:00:00Z" }, teams: { home: { name: "Ferry Park" }, away: { name: "Old Quay" } } },
    ],
  };

  it.each([
    ["Harbor Town played Mill Lane on 6 March.", "supported"],
    // The request's echoed end date is no date of the fixture.
    ["Harbor Town played Mill Lane on 7 March.", "unsupported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "league.fixtures(from=2031-03-01, to=2031-03-07)", content: fixtures });
    const report = await fw.verify(draft);
    expect(report.verdicts[0]!.verdict).toBe(want);
  });
});

describe("an element the claim names by an id of letters and digits", () => {
  const units = [
    { unit_id: "4B", rent: 1850, balance_due: 420, late_payments: 1 },
    { unit_id: "7A", rent: 2100, balance_due: 0, late_payments: 0 },
  ];
  it.each<[string, string, string[]]>([
    ["Unit 4B has a balance due of $520.", "contradicted", ["$420"]],
    ["Unit 4B has 3 late payments on record.", "contradicted", ["1"]],
    ["Unit 4B has a balance due of $420.", "supported", []],
    // 7A's balance is no other unit's: 4B's $420 supports nothing for 7A.
    ["Unit 7A has a balance due of $420.", "unsupported", []],
  ])("should read %s as %s", async (draft, want, fixes) => {
    const fw = new Firewall();
    fw.record({ source: "get_units", content: units });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([want, fixes]);
  });
});

describe("an element's own lists are its values", () => {
  // Invented pay run: each employee's bonus line sits in a list under that employee's element.
  const run = {
    employees: [
      { first_name: "Ines", last_name: "Okafor", gross_pay: "5120.00", extras: [{ name: "Bonus", amount: "400.00" }] },
      { first_name: "Tomas", last_name: "Reyes", gross_pay: "3980.00", extras: [{ name: "Bonus", amount: "250.00" }] },
    ],
  };
  it.each<[string, string]>([
    ["Ines Okafor's gross of $5,120.00 includes a $400 bonus.", "supported"],
    ["Tomas Reyes's gross of $3,980.00 includes a $250 bonus.", "supported"],
  ])("should read %j as %s", async (draft, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "payroll", content: run });
    const report = await fw.verify(draft);
    expect(report.verdicts.map((v) => v.verdict)).toEqual([verdict]);
  });

  it("should not take another employee's bonus for the named one's", async () => {
    const fw = new Firewall();
    fw.record({ source: "payroll", content: run });
    const report = await fw.verify("Ines Okafor's gross of $5,120.00 includes a $250 bonus.");
    expect(report.verdicts[0]!.verdict).not.toBe("supported");
  });
});

describe("elements nested in the named entity's own record", () => {
  it("should read a parcel's events as the parcel's, and still deny a name of another entity's element", async () => {
    const fw = new Firewall();
    fw.record({
      source: "track_parcel",
      content: {
        tracking_number: "RX-7730",
        status: "delivered",
        events: [
          { ts: "2025-04-02T08:10:00+01:00", event: "out_for_delivery", location: "Brandholm Hub" },
          { ts: "2025-04-02T13:05:00+01:00", event: "delivered", location: "Selwick", signed_by: "T. Ivers" },
        ],
      },
    });
    fw.record({
      source: "orders",
      content: {
        orders: [
          { id: "OPS-4", assignee: "Lee Park" },
          { id: "OPS-5", assignee: "Ana Ruiz" },
        ],
      },
    });
    expect((await fw.verify("Parcel RX-7730 was signed for by T. Ivers in Selwick.")).verdicts[0]!.verdict).toBe("supported");
    expect((await fw.verify("OPS-4 is assigned to Ana Ruiz.")).verdicts[0]!.verdict).not.toBe("supported");
  });
});

describe("a date in the one element the claim's names pick together", () => {
  const fixtures = {
    matches: [
      { date: "2023-10-07", season: 2023, home: { name: "Harbor City" }, away: { name: "Millbrook" }, goals: { home: 2, away: 1 } },
      { date: "2023-10-01", season: 2023, home: { name: "Lakeside" }, away: { name: "Harbor City" }, goals: { home: 0, away: 0 } },
    ],
  };
  it.each<[string, string, string[]]>([
    // The score's two numbers do not stop the date being read; the season (a year) is no day.
    ["Harbor City beat Millbrook 2–1 on 8 October.", "contradicted", ["7 October 2023"]],
    ["Harbor City beat Millbrook 2–1 on 1 October.", "contradicted", ["7 October 2023"]],
    ["Harbor City beat Millbrook 2–1 on 7 October.", "supported", []],
  ])("%s -> %s", async (draft, verdict, corrections) => {
    const fw = new Firewall();
    fw.record({ source: "fixtures", content: fixtures as never });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, corrections]);
  });
});
