import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import type { Quantity } from "../../src/quantity/types.js";

const brief = (q: Quantity) => [q.text, q.kind, q.value];

describe("extractQuantities", () => {
  it.each([
    ["The Birchwood Supply Co invoice totals 3450.0 USD", [["3450.0 USD", "money", 3450]]],
    [
      "Housing $2,850.00 67.2%",
      [
        ["$2,850.00", "money", 2850],
        ["67.2%", "percent", 67.2],
      ],
    ],
    [
      "1.410,00 CNY | 17,93 % | 1.000 Lots",
      [
        ["1.410,00 CNY", "money", 1410],
        ["17,93 %", "percent", 17.93],
        ["1.000", "number", 1000],
      ],
    ],
    ["Its population is **54** million", [["**54** million", "number", 54e6]]],
    ["invoices[0].total: 4213450", [["4213450", "number", 4213450]]],
    ['{"total": 4213450, "currency": "EUR"}', [["4213450", "number", 4213450]]],
    ["revenue was $4.2M", [["$4.2M", "money", 4.2e6]]],
    ["revenue was $4.2m", [["$4.2m", "money", 4.2e6]]],
    ["raised $1.25M", [["$1.25M", "money", 1.25e6]]],
    ["EUR 2.4k budget", [["EUR 2.4k", "money", 2400]]],
    ["costs 2400 EUR", [["2400 EUR", "money", 2400]]],
    ["priced at ¥5,000", [["¥5,000", "money", 5000]]],
    ["a loss of -$5", [["-$5", "money", -5]]],
    ["paid 5 dollars", [["5 dollars", "money", 5]]],
    ["5.4 million people", [["5.4 million", "number", 5.4e6]]],
    ["About 1.5k users", [["1.5k", "number", 1500]]],
    ["growth of 12%", [["12%", "percent", 12]]],
    ["growth of 12 percent", [["12 percent", "percent", 12]]],
    ["growth of 12 per cent", [["12 per cent", "percent", 12]]],
    ["growth of 12 pct", [["12 pct", "percent", 12]]],
    ["up 25 bps", [["25 bps", "percent", 0.25]]],
    ["margin 17,93 %", [["17,93 %", "percent", 17.93]]],
    ["a 3998 GB volume", [["3998 GB", "measure", 3998e9]]],
    ["about 4 TB", [["4 TB", "measure", 4e12]]],
    ["a 512 MiB cache", [["512 MiB", "measure", 512 * 1024 ** 2]]],
    ["took 35 minutes", [["35 minutes", "measure", 2.1e6]]],
    ["6 hours ago", [["6 hours", "measure", 21.6e6]]],
    ["p99 of 250ms", [["250ms", "measure", 250]]],
    ["a 5-day trip", [["5-day", "measure", 432e6]]],
    ["ran 5 km", [["5 km", "measure", 5000]]],
    ["weighs 3 kg", [["3 kg", "measure", 3000]]],
    ["58 people attended", [["58", "number", 58]]],
    ["1,250 lots", [["1,250", "number", 1250]]],
    ["one thousand new signups", [["one thousand", "number", 1000]]],
    ["two million downloads", [["two million", "number", 2e6]]],
    ["twelve hundred churned", [["twelve hundred", "number", 1200]]],
    ["a dozen refunds", [["a dozen", "number", 12]]],
    ["a quarter of users", [["a quarter", "number", 0.25]]],
    ["three quarters of teams", [["three quarters", "number", 0.75]]],
    ["in 2024 sales rose", [["2024", "number", 2024]]],
    ["since 1998", [["1998", "number", 1998]]],
    ["restarts: 14", [["14", "number", 14]]],
    ["temperature -3.5", [["-3.5", "number", -3.5]]],
    [
      "between 10-20 items",
      [
        ["10", "number", 10],
        ["20", "number", 20],
      ],
    ],
    ["3x faster", [["3", "number", 3]]],
    ["50+ users", [["50+", "number", 50]]],
    ["二十五人", [["二十五", "number", 25]]],
    ["３万人", [["３万", "number", 30000]]],
    ["count ２", [["２", "number", 2]]],
    ["`4213450` rows", [["4213450", "number", 4213450]]],
    ["1 000 EUR", [["1 000 EUR", "money", 1000]]],
    ["1\u202F000 units", [["1\u202F000", "number", 1000]]],
    [
      "cells 100 200",
      [
        ["100", "number", 100],
        ["200", "number", 200],
      ],
    ],
    ["lots of 1 000 000 people", [["1 000 000", "number", 1e6]]],
    ["In March 58 people came", [["58", "number", 58]]],
    [
      "Price: USD 1,234.56; VAT 19 %; total €1.469,13",
      [
        ["USD 1,234.56", "money", 1234.56],
        ["19 %", "percent", 19],
        ["€1.469,13", "money", 1469.13],
      ],
    ],
    ["zahlten 1,5 Mio. Euro", [["1,5 Mio. Euro", "money", 1.5e6]]],
    [
      "Q1 $1.2M, Q2 $1.5M (+25%)",
      [
        ["$1.2M", "money", 1.2e6],
        ["$1.5M", "money", 1.5e6],
        ["+25%", "percent", 25],
      ],
    ],
    [
      "timeout 30s, retries=3",
      [
        ["30s", "measure", 30000],
        ["3", "number", 3],
      ],
    ],
    [
      "It was 42. Next was .5 and 0,5",
      [
        ["42", "number", 42],
        [".5", "number", 0.5],
        ["0,5", "number", 0.5],
      ],
    ],
  ] as [string, unknown[][]][])("should read %j", (text, expected) => {
    expect(extractQuantities(text).map(brief)).toEqual(expected);
  });

  it.each([
    "See [1] and [2].",
    "Sources [1, 2] and [3-5]",
    "Requires Node 18.0.10",
    "Use v1.2.3 or ^3.2.0",
    "engines: `>=12`",
    "pin `~1.2.3`",
    "ticket A-5521",
    "invoice INV-2024-0117",
    "invoice_id: INV-2024-0117",
    "ticket PROJ-2024-17",
    "pod ledger-api-7d9f",
    "see bug-18",
    "ISO-8601 format",
    "commit 3f9a1c2 landed",
    "docs at https://example.com/v2/items/42?page=3",
    "mail ops+5@example.com",
    "on 2024-03-01",
    "at 2026-05-28T09:25:00Z",
    "on 03/01/2024",
    "on 01.03.2024",
    "on March 1st, 2024",
    "on 9 October 2026",
    "on Oct 9, 2026",
    "from March 3",
    "on 3 March",
    "at 10:00",
    "at 9am",
    "at 5 pm",
    "in the 1990s",
    "the version 1.2.3",
    "in Q3",
    "id 550e8400-e29b-41d4-a716-446655440000",
    "the 3rd row",
    "COVID-19",
    "no one came",
    "one of them",
    "the dry one at noon",
    "the cheapest one is here",
    "the only one left",
    "the first half",
    "ratio 3/4",
    "month 2024-03",
  ])("should find no quantity in %j", (text) => {
    expect(extractQuantities(text)).toEqual([]);
  });

  it.each([
    ["about 5 GB", true, "eq"],
    ["around 5", true, "eq"],
    ["roughly 5", true, "eq"],
    ["approximately 5", true, "eq"],
    ["nearly 5", true, "eq"],
    ["almost 5", true, "eq"],
    ["close to 5", true, "eq"],
    ["some 5 people", true, "eq"],
    ["~5 GB", true, "eq"],
    ["≈5", true, "eq"],
    ["5 or so", true, "eq"],
    ["at least 50", false, "ge"],
    ["no fewer than 50", false, "ge"],
    ["a minimum of 50", false, "ge"],
    ["50 or more", false, "ge"],
    ["more than 50", false, "gt"],
    ["over 50", false, "gt"],
    ["above 50", false, "gt"],
    ["exceeds 50", false, "gt"],
    ["up to 5 GB", false, "le"],
    ["at most 3", false, "le"],
    ["no more than 3", false, "le"],
    ["maximum of 3", false, "le"],
    ["max 3", false, "le"],
    ["less than 3", false, "lt"],
    ["under 3", false, "lt"],
    ["below 3", false, "lt"],
    ["fewer than 3", false, "lt"],
    ["latency >= 12 ms", false, "ge"],
    ["up to about 5", true, "le"],
    ["about **$4.2M**", true, "eq"],
    ["<td>5</td>", false, "eq"],
  ] as const)("should read the hedge and bound of %j", (text, approx, bound) => {
    const [q] = extractQuantities(text);
    expect(q).toMatchObject({ approx, bound });
  });

  it.each([
    ["4.2M", 50_000],
    ["4,213,450", 0.5],
    ["1.5k", 50],
    ["4.2 million", 50_000],
    ["3.4%", 0.05],
    ["$3,450.00", 0.005],
    ["3998 GB", 5e8],
    ["35 minutes", 30_000],
    ["one hundred and five", 0.5],
  ])("should give %j the precision %d", (text, precision) => {
    expect(extractQuantities(text)[0]?.precision).toBeCloseTo(precision, 9);
  });

  it("should report units, currencies, spans and the word flag", () => {
    const text = "We had 58 people, 3998 GB and 3450.0 USD, plus one thousand signups.";
    const qs = extractQuantities(text);
    expect(qs.map((q) => [q.unit, q.currency, q.dimension, q.word])).toEqual([
      ["people", null, null, false],
      ["GB", null, "data", false],
      ["USD", "USD", null, false],
      ["signups", null, null, true],
    ]);
    for (const q of qs) expect(text.slice(q.span[0], q.span[1])).toBe(q.text);
  });

  it.each([
    [
      "made around 1400–1300 BC",
      [
        ["1400", "number", -1400],
        ["1300 BC", "number", -1300],
      ],
    ],
    ["founded in 500 B.C.", [["500 B.C.", "number", -500]]],
    ["died 44 BCE", [["44 BCE", "number", -44]]],
    ["a fee of 30¢", [["30¢", "money", 0.3]]],
    ["612 kWh", [["612 kWh", "measure", 612_000]]],
    ["yield of 503 MPa", [["503 MPa", "measure", 503e6]]],
    [
      "a 2.4 GHz radio and 20 kW",
      [
        ["2.4 GHz", "measure", 2.4e9],
        ["20 kW", "measure", 20_000],
      ],
    ],
  ] as [string, unknown[][]][])("should read the era, cent sign or energy/pressure/frequency unit of %j", (text, expected) => {
    expect(extractQuantities(text).map(brief)).toEqual(expected);
  });

  it("should order an ambiguous number by the text's unambiguous ones and keep the other reading", () => {
    const german = extractQuantities("1.410,00 CNY | 1.000 Lots");
    expect(german[1]).toMatchObject({ value: 1000, alternatives: [1], unit: "lots" });
    const alone = extractQuantities("1.000 Lots");
    expect(alone[0]).toMatchObject({ value: 1, alternatives: [1000] });
    expect(extractQuantities("1.000 Lots", { locale: "de" })[0]).toMatchObject({ value: 1000, alternatives: [1] });
    expect(extractQuantities("1,000 lots")[0]).toMatchObject({ value: 1000, alternatives: [1] });
  });

  it("should read the end of a season's years ('2018–19') as part of the years, not a count", () => {
    expect(extractQuantities("the 2018–19 season and the 1999-00 year").map((q) => q.value)).toEqual([2018, 1999]);
    expect(extractQuantities("a 10-7 lead").map((q) => q.value)).toEqual([10, 7]);
  });

  it("should give a year no count noun from a name or a hedge after it, and read a clause-opening 'one is' as a pronoun", () => {
    expect(extractQuantities("a 2014 Indian Tamil film").map((q) => q.unit)).toEqual([null]);
    expect(extractQuantities("In 2009 almost 300 people died").map((q) => [q.value, q.unit])).toEqual([
      [2009, null],
      [300, "people"],
    ]);
    expect(extractQuantities("1.000 Lots and 3 CVEs").map((q) => q.unit)).toEqual(["lots", "cves"]);
    expect(extractQuantities("Two films: one is a drama, the other a comedy.").map((q) => q.value)).toEqual([2]);
    expect(extractQuantities("Only one is left.").map((q) => q.value)).toEqual([1]);
  });

  it("should leave an hour after opening or closing to the clock ('opens at 9'), and keep a price ('closed at 12')", () => {
    expect(extractQuantities("Yes, it opens at 9 on weekdays and is open until 8 every day.")).toEqual([]);
    expect(extractQuantities("The stock closed at 12.").map((q) => q.value)).toEqual([12]);
    expect(extractQuantities("The count starts at 3 items.").map((q) => q.value)).toEqual([3]);
  });

  it("should keep the yen sign's currency as JPY", () => {
    expect(extractQuantities("¥5000")[0]?.currency).toBe("JPY");
  });

  it("should extract a 200-character sentence in well under 0.1 ms", () => {
    const sentence =
      "In Q3 2024 revenue rose to about $4.2M (up 17.93% from 3,450 units), [1] while p99 latency fell below 250 ms " +
      "on 2024-03-01 and roughly 1.5k users, twelve hundred churned, stored 3998 GB.";
    for (let i = 0; i < 3000; i++) extractQuantities(sentence);
    const runs = 3000;
    let best = Infinity;
    for (let batch = 0; batch < 3; batch++) {
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) extractQuantities(sentence);
      best = Math.min(best, (performance.now() - t0) / runs);
    }
    expect(best).toBeLessThan(0.1);
  });
});

describe("extractQuantities round trip", () => {
  /** Writes `n` with `d` decimals in one style: [text, locale, kind, precision]. */
  const styles: Record<string, (n: number, d: number) => [string, "en" | "de", string, number]> = {
    plain: (n, d) => [n.toFixed(d), "en", "number", 0.5 * 10 ** -d],
    english: (n, d) => [n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }), "en", "number", 0.5 * 10 ** -d],
    space: (n, d) => [n.toLocaleString("fr-FR", { minimumFractionDigits: d, maximumFractionDigits: d }), "de", "number", 0.5 * 10 ** -d],
    german: (n, d) => [n.toLocaleString("de-DE", { minimumFractionDigits: d, maximumFractionDigits: d }), "de", "number", 0.5 * 10 ** -d],
    dollars: (n, d) => [`$${n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d })}`, "en", "money", 0.5 * 10 ** -d],
    euros: (n, d) => [`${n.toLocaleString("de-DE", { minimumFractionDigits: d, maximumFractionDigits: d })} EUR`, "de", "money", 0.5 * 10 ** -d],
    thousands: (n) => [`$${(n / 1e3).toFixed(1)}k`, "en", "money", 50],
    millions: (n) => [`$${(n / 1e6).toFixed(1)}M`, "en", "money", 50_000],
    billions: (n) => [`$${(n / 1e9).toFixed(2)}bn`, "en", "money", 5e6],
    words: (n) => [`${(n / 1e6).toFixed(1)} million`, "en", "number", 50_000],
    percent: (n, d) => [`${(n / 1e10).toFixed(d)}%`, "en", "percent", 0.5 * 10 ** -d],
    "german percent": (n, d) => [`${(n / 1e10).toFixed(d).replace(".", ",")} %`, "de", "percent", 0.5 * 10 ** -d],
  };

  it.each(Object.keys(styles))("should read back a %s figure inside a sentence within its precision", (name) => {
    const format = styles[name]!;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.integer({ min: 0, max: 3 }), (n, d) => {
        const [figure, locale, kind, precision] = format(n, d);
        const expected = kind === "percent" ? n / 1e10 : n;
        const found = extractQuantities(`The total was ${figure} in that period.`, { locale });
        expect(found, figure).toHaveLength(1);
        expect(found[0]!.kind).toBe(kind);
        expect(found[0]!.text.replace(/\s/g, " ")).toBe(figure.replace(/\s/g, " "));
        expect(Math.abs(found[0]!.value - expected), figure).toBeLessThanOrEqual(precision * (1 + 1e-9) + expected * 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});

describe("a duration written in parts", () => {
  it.each<[string, Array<[string, string, number]>]>([
    ["deep sleep was 1 h 13 min", [["1 h 13 min", "measure", 4_380_000]]],
    ["moving time about 2h 04m", [["2h 04m", "measure", 7_440_000]]],
    ["it took 2 hours 15 minutes", [["2 hours 15 minutes", "measure", 8_100_000]]],
    ["uptime of 3 days, 4 hours", [["3 days, 4 hours", "measure", 273_600_000]]],
    ["a lap of 1 min 30 s", [["1 min 30 s", "measure", 90_000]]],
    // Parts must fall in size, and a length after a time is a figure of its own.
    [
      "ran 5 km in 25 min",
      [
        ["5 km", "measure", 5000],
        ["25 min", "measure", 1_500_000],
      ],
    ],
    [
      "2h 10 km",
      [
        ["2h", "measure", 7_200_000],
        ["10 km", "measure", 10_000],
      ],
    ],
    [
      "30 min 2 h",
      [
        ["30 min", "measure", 1_800_000],
        ["2 h", "measure", 7_200_000],
      ],
    ],
  ])("%s", (text, expected) => {
    expect(extractQuantities(text).map(brief)).toEqual(expected);
  });

  it("should keep the duration's hedge and take the last part's precision", () => {
    const [q] = extractQuantities("about 1 h 41 min");
    expect(q!.approx).toBe(true);
    expect(q!.precision).toBe(30_000);
  });
});

describe("compound rate units", () => {
  // A unit over a unit of another dimension is a rate's: a number of the compound unit, of no dimension.
  it.each<[string, Array<[string, string, number, string | null]>]>([
    ["best at 35.0 L/100 km, roughly", [["35.0 L/100 km", "number", 35, "L/100 km"]]],
    ["8.1 L per 100 km", [["8.1 L per 100 km", "number", 8.1, "L/100 km"]]],
    ["uses 0.18 kWh/km", [["0.18 kWh/km", "number", 0.18, "kWh/km"]]],
    // A speed is a unit of its own (metres per second), not a distance over a period.
    ["at 60 km/h", [["60 km/h", "measure", 60 / 3.6, "km/h"]]],
    // A like unit is a usage and its limit; a noun or a path is no unit.
    [
      "612MiB / 2GiB",
      [
        ["612MiB", "measure", 641728512, "MiB"],
        ["2GiB", "measure", 2147483648, "GiB"],
      ],
    ],
    ["1.1G\t/var/lib/snapd", [["1.1G", "measure", 1.1e9, "GB"]]],
    ["26 min/room", [["26 min", "measure", 1560000, "min"]]],
    // A mass over a volume is a concentration: a number of the compound unit, never a mass.
    ["LDL was 131 mg/dL", [["131 mg/dL", "number", 131, "mg/dL"]]],
    ["dust at 48 mg/m³", [["48 mg/m³", "number", 48, "mg/m³"]]],
    ["a 2 g/L solution", [["2 g/L", "number", 2, "g/L"]]],
    ["5 mg / L", [["5 mg / L", "number", 5, "mg/L"]]],
    // A path after a mass is no volume.
    ["4 kg/dls/archive", [["4 kg", "measure", 4000, "kg"]]],
  ])("%j", (text, want) => {
    expect(extractQuantities(text).map((q) => [q.text, q.kind, q.value, q.unit])).toEqual(want);
  });
});

describe("a unit of time qualified by a noun", () => {
  it.each<[string, Array<[string, string, number, string | null]>]>([
    // The noun says which hours or days; the figure is the duration, its text the whole phrase.
    ["logged 38 engine hours", [["38 engine hours", "measure", 38 * 3_600_000, "h"]]],
    ["within 5 business days", [["5 business days", "measure", 5 * 86_400_000, "day"]]],
    // A unit before the noun is the unit ("3 hour sessions"); a count of a noun stays a count.
    ["3 hour sessions", [["3 hour", "measure", 3 * 3_600_000, "h"]]],
    ["12 open tickets", [["12", "number", 12, "open"]]],
    ["2 km hikes", [["2 km", "measure", 2000, "km"]]],
  ])("%j", (text, want) => {
    expect(extractQuantities(text).map((q) => [q.text, q.kind, q.value, q.unit])).toEqual(want);
  });
});
