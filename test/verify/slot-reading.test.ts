/**
 * The typed-slot reading of a figure, end to end: which field governs a figure, and which entity's value
 * fills its slot. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

async function check(records: Array<[string, unknown]>, draft: string) {
  const fw = new Firewall();
  for (const [source, content] of records) fw.record({ source, content: content as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)]);
}

const pkg: [string, unknown] = [
  "registry_view",
  {
    name: "left-pad",
    version: "2.1.0",
    "dist-tags": { latest: "2.1.0" },
    time: { "2.0.0": "2025-03-02T10:00:00Z", "2.0.1": "2025-06-11T10:00:00Z", "2.1.0": "2025-09-20T10:00:00Z" },
  },
];
const deb: [string, unknown] = ["apt_show", { Package: "jq", "Installed-Size": 480, Size: 64432 }];

describe("a release's date keyed by its version", () => {
  it.each([
    ["left-pad 2.0.1 came out on June 11, 2025.", [["supported", []]]],
    ["left-pad 2.0.1 came out on June 14, 2025.", [["contradicted", ["June 11, 2025"]]]],
    ["The current release of left-pad landed on September 20, 2025.", [["supported", []]]],
    ["The current release of left-pad landed on September 2, 2025.", [["contradicted", ["September 20, 2025"]]]],
  ])("should read %s", async (draft, want) => {
    expect(await check([pkg], draft)).toEqual(want);
  });
});

describe("a short opening before the first figure governs it", () => {
  it("should read 'Installed, jq takes ...' against Installed-Size, not the download's Size", async () => {
    const [verdict, corrections] = (await check([deb], "Installed, jq takes about 4.8 MB."))[0]!;
    expect(verdict).toBe("contradicted");
    expect(corrections).toEqual(["480 KB"]);
  });

  it("should not correct a version the claim calls the previous release", async () => {
    const [verdict, corrections] = (await check([pkg], "The previous left-pad release, 2.0.1, is the one before 2.1.0."))[0]!;
    expect(corrections).toEqual([]);
    expect(verdict).not.toBe("contradicted");
  });
});

describe("a measure against a bare number of its field", () => {
  const meter: [string, unknown] = ["utility.get_bill", { account: "77-1", avgMonthlyUsage: 240, billedUsage: 231, amountDue: 88.1 }];
  const cpu: [string, unknown] = ["hw.inventory", { host: "web-3", clockSpeed: 3.2, cores: 8, ram_gb: 32 }];
  const walk: [string, unknown] = ["maps.route", { from: "A", to: "B", distance: 4.1 }];
  it.each([
    // Energy, power, pressure and frequency units lie 1000x apart: a bare number of the claim's magnitude is in its unit.
    [meter, "Your average monthly usage is 240 kWh.", [["supported", []]]],
    [meter, "Your average monthly usage is 260 kWh.", [["contradicted", ["240 kWh"]]]],
    [cpu, "web-3 has a clock speed of 3.6 GHz.", [["contradicted", ["3.2 GHz"]]]],
    // Miles or kilometres, both fit a bare 4.1: a difference settles nothing.
    [walk, "The route's distance is 2.9 miles.", [["unsupported", []]]],
    // A bare number of another magnitude is in another unit.
    [meter, "Your average monthly usage is 2.4 MWh.", [["unsupported", []]]],
  ] as Array<[[string, unknown], string, unknown[]]>)("should read %j: %s", async (record, draft, want) => {
    expect(await check([record], draft)).toEqual(want);
  });
});

describe("a measure against a bare number in another unit", () => {
  const place: [string, unknown] = ["places.search", { name: "Cafe Nord", distance: 1057.3, rating: 4.5 }];
  const ticket: [string, unknown] = ["tracker.issue", { key: "OPS-7", timeestimate: 10800, status: "Open" }];
  it.each([
    // In the dimension's base unit (metres) or, for a duration, in seconds: a match only.
    [place, "Cafe Nord is about 1 km away.", [["supported", []]]],
    [place, "Cafe Nord is about 1,060 m away.", [["supported", []]]],
    [ticket, "OPS-7 has a time estimate of 3 hours.", [["supported", []]]],
    // Another value is no contradiction: which unit the bare number is in is not known.
    [place, "Cafe Nord is about 3 km away.", [["unsupported", []]]],
    [ticket, "OPS-7 has a time estimate of 5 hours.", [["unsupported", []]]],
  ] as Array<[[string, unknown], string, unknown[]]>)("should read %j: %s", async (record, draft, want) => {
    expect(await check([record], draft)).toEqual(want);
  });
});

describe("an amount in minor units", () => {
  const charge: [string, unknown] = ["stripe.charges.retrieve", { id: "ch_1", amount: 4599, amount_refunded: 0, currency: "usd", status: "succeeded" }];
  it.each([
    // Written to the cent, the amount agrees with the field's cents.
    ["The charge ch_1 was $45.99.", [["supported", []]]],
    // Without cents a coincidence is likelier: nothing settles it.
    ["The charge ch_1 was $46.", [["unsupported", []]]],
    // And a whole number in major units is never corrected from the cents.
    ["The charge ch_1 was $45.00.", [["unsupported", []]]],
  ] as Array<[string, unknown[]]>)("should read %s", async (draft, want) => {
    expect(await check([charge], draft)).toEqual(want);
  });
});

describe("the elements a claim's names and period pick, nested two arrays deep", () => {
  const costs: [string, unknown] = [
    "costs.by_month",
    {
      ResultsByTime: [
        {
          TimePeriod: { Start: "2023-05-01", End: "2023-05-31" },
          Groups: [
            { Keys: ["Storage"], Metrics: { Cost: { Amount: 12.5 } } },
            { Keys: ["Compute"], Metrics: { Cost: { Amount: 40.1 } } },
          ],
        },
        {
          TimePeriod: { Start: "2023-06-01", End: "2023-06-30" },
          Groups: [
            { Keys: ["Storage"], Metrics: { Cost: { Amount: 13.75 } } },
            { Keys: ["Compute"], Metrics: { Cost: { Amount: 38.2 } } },
          ],
        },
      ],
    },
  ];
  it.each([
    // Another month's or another group's value is no support for the claim's month.
    ["Storage cost $13.75 in June.", [["supported", []]]],
    // The claim's group in the claim's month states the value: May's Storage or June's Compute do not.
    ["Storage cost $12.50 in June.", [["contradicted", ["$13.75"]]]],
    ["Storage cost $40.10 in June.", [["contradicted", ["$13.75"]]]],
    // Without the group, June's two values differ: which is the claim's is not known.
    ["The cost was $12.50 in June.", [["unsupported", []]]],
  ] as Array<[string, unknown[]]>)("should read %s", async (draft, want) => {
    expect(await check([costs], draft)).toEqual(want);
  });

  it.each([
    ["You made 312 minutes of calls in May.", [["contradicted", ["280 minutes"]]]],
    ["In April you used 19.4 GB of data.", [["contradicted", ["18.4 GB"]]]],
    ["In May you used 22.7 GB of data.", [["supported", []]]],
  ] as Array<[string, unknown[]]>)("should pick the element a month qualifier names when the month is written as a month: %s", async (draft, want) => {
    const usage: [string, unknown] = [
      "get_usage",
      {
        plan: "Basic",
        periods: [
          { month: "April 2024", data_gb: 18.4, call_minutes: 312 },
          { month: "May 2024", data_gb: 22.7, call_minutes: 280 },
        ],
      },
    ];
    expect(await check([usage], draft)).toEqual(want);
  });

  it.each([
    ["You made 312 minutes of calls in May.", [["contradicted", ["280 minutes"]]]],
    ["In May you used 22.7 GB of data.", [["supported", []]]],
  ] as Array<[string, unknown[]]>)("should read a field's ISO year-month value as that month: %s", async (draft, want) => {
    const usage: [string, unknown] = [
      "get_usage",
      {
        plan: "Basic",
        periods: [
          { month: "2024-04", data_gb: 18.4, call_minutes: 312 },
          { month: "2024-05", data_gb: 22.7, call_minutes: 280 },
        ],
      },
    ];
    expect(await check([usage], draft)).toEqual(want);
  });

  it("should read a year written only in a key of the output as the period's", async () => {
    const transcript: [string, unknown] = ["sis.transcript", { "Autumn 2021-2022": { courses: [{ Code: "MAT101", Credits: 4 }], GPA: 3.1 } }];
    expect(await check([transcript], "In Autumn 2021–22 your GPA was 3.1.")).toEqual([["supported", []]]);
  });
});

describe("a name the claim gives its identifier's element", () => {
  const board: [string, unknown] = [
    "tracker.search",
    {
      issues: [
        { key: "OPS-1", fields: { summary: "Fix login", assignee: { displayName: "Dana Reyes" } } },
        { key: "OPS-2", fields: { summary: "Fix logout", assignee: { displayName: "Lee Park" } } },
        { key: "OPS-3", fields: { summary: "Fix signup", assignee: { displayName: "user7" } } },
        { key: "OPS-4", fields: { summary: "Fix reset", assignee: null } },
      ],
    },
  ];
  it.each([
    ["OPS-1 is assigned to Dana Reyes.", [["supported", []]]],
    // Another element's assignee is no support for this one's: this one's own assignee corrects it.
    ["OPS-1 is assigned to Lee Park.", [["contradicted", ["Dana Reyes"]]]],
    // A login or a code in the element's own slot is its assignee too.
    ["OPS-3 is assigned to Lee Park.", [["contradicted", ["user7"]]]],
    // An element with nobody in the slot gives no correction.
    ["OPS-4 is assigned to Lee Park.", [["unsupported", []]]],
    // Names of several elements with no identifier stay as they were.
    ["Lee Park and Dana Reyes both have issues.", [["supported", []]]],
  ] as Array<[string, unknown[]]>)("should read %s", async (draft, want) => {
    expect(await check([board], draft)).toEqual(want);
  });
});

describe("a claim that introduces another entity", () => {
  const search: [string, unknown] = ["flights.search", { flights: [{ id: "XY 12", date: "2024-07-05", stops: 0, price: 287.4 }] }];
  it.each([
    // "There's also ...", "There is another ...": not the entity the tool returned, so its values settle nothing.
    ["There is also a cheaper evening departure with one stop.", [["unsupported", []]]],
    ["There is another flight with 2 stops.", [["unsupported", []]]],
    // The returned entity's own slot still decides.
    ["The flight has one stop.", [["contradicted", ["0"]]]],
  ] as Array<[string, unknown[]]>)("should read %s", async (draft, want) => {
    expect(await check([search], draft)).toEqual(want);
  });
});

describe("an amount whose words name no field", () => {
  const listing: [string, unknown] = ["rentals.get", { listing: { id: "U-7", rent: { amount: 1900, currency: "USD" }, deposit: 1900, beds: 2 } }];
  const shop: [string, unknown] = ["shop.items", { items: [{ name: "Widget", price: 10, shipping_fee: 4 }] }];
  it.each([
    // The money fields of the entity state it, and they agree: a match.
    [listing, "Unit U-7 is a 2-bed flat for $1,900 a month.", [["supported", []]]],
    // Money fields that differ pick none, so a difference settles nothing.
    [shop, "The Widget goes for $12.", [["unsupported", []]]],
    // A field the claim's own words name still ranks first ("totals" names `total`, not `subtotal`).
    [
      ["billing.invoice", { invoice_id: "B-9", subtotal: 100, vat: 19, total: 119, currency: "EUR" }],
      "Invoice B-9 totals 191.00 EUR.",
      [["contradicted", ["119.00 EUR"]]],
    ],
  ] as Array<[[string, unknown], string, unknown[]]>)("should read %j: %s", async (record, draft, want) => {
    expect(await check([record], draft)).toEqual(want);
  });
});

describe("a term the figure's own phrase names", () => {
  const transcript: [string, unknown] = [
    "school.transcript",
    {
      "Autumn 2030-2031": { list: [{ Name: "Biology", Scores: "71" }], stat: { GPA: 2.9 } },
      "Spring 2030-2031": { list: [{ Name: "Biology", Scores: "88" }], stat: { GPA: 3.4 } },
      "Autumn 2031-2032": { list: [{ Name: "Biology", Scores: "93" }], stat: { GPA: 3.7 } },
    },
  ];
  it.each([
    ["In Biology you scored 93 in Autumn 2031–32.", "supported", []],
    // Another term's score (the season or the academic year differs) supports nothing: the term's own corrects.
    ["In Biology you scored 88 in Autumn 2031–32.", "contradicted", ["93"]],
    ["In Biology you scored 71 in Autumn 2031–32.", "contradicted", ["93"]],
    // "to 3.4" has no term of its own: the period after 2.9 is 2.9's.
    ["Your GPA rose from 2.9 in Autumn 2030–31 to 3.4.", "supported", []],
  ] as Array<[string, string, string[]]>)("should read %s as %s", async (draft, want, fixes = []) => {
    expect((await check([transcript], draft))[0]).toEqual([want, fixes]);
  });
});
