import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractDates } from "../../src/quantity/date-parse.js";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import type { Dimension } from "../../src/quantity/types.js";
import type { Chunk } from "../../src/schema.js";
import { asYear, type EvidenceFact, type FactValue } from "../../src/verify/evidence-facts.js";
import { featuresOf } from "../../src/verify/lexical-features.js";
import { attributeAgrees, attributeStrength, dimensionStems, evidenceReading, fieldStemsOf, kindAgrees, readSlot } from "../../src/verify/typed-slot.js";

// Hand-built evidence facts, shaped as `evidence-facts.ts` reads a flattened JSON line (`path: value`) or a
// prose sentence. Values come from the real quantity parser so their kind, precision and unit are realistic.

const stems = (text: string) => featuresOf(text).stems;

function chunkOf(evidenceId: string, text: string): Chunk {
  return { id: `${evidenceId}#0`, evidenceId, source: "api", text, span: [0, text.length] };
}

/** The first quantity in `text`, as a claim or evidence value. */
function qty(text: string): FactValue {
  const q = extractQuantities(text)[0];
  if (!q) throw new Error(`no quantity in ${JSON.stringify(text)}`);
  return { type: "quantity", q };
}

/** A bare number a record's `currency` field makes an amount (what `readFacts` does beside `currency: USD`). */
function recordMoney(text: string, currency = "USD"): FactValue {
  const v = qty(text);
  if (v.type !== "quantity") throw new Error("not a quantity");
  return { type: "quantity", q: { ...v.q, kind: "money", currency, unit: currency } };
}

/** A bare number read with the unit its key names (`size_mb: 1536` is 1,536 MB), as `withKeyUnit` does. */
function keyMeasure(text: string, dimension: Dimension, unit: string, factor: number): FactValue {
  const v = qty(text);
  if (v.type !== "quantity") throw new Error("not a quantity");
  const q = v.q;
  return {
    type: "quantity",
    q: {
      ...q,
      kind: "measure",
      dimension,
      unit,
      value: q.value * factor,
      alternatives: q.alternatives.map((a) => a * factor),
      precision: q.precision * factor,
    },
  };
}

/** A number under a percent key (`error_rate_pct: 2`). */
function keyPercent(text: string): FactValue {
  const v = qty(text);
  if (v.type !== "quantity") throw new Error("not a quantity");
  return { type: "quantity", q: { ...v.q, kind: "percent", unit: "%" } };
}

/** A four-digit year as the ledger reads it (`year: 2023`, also `amount: 1980`). */
function year(text: string): FactValue {
  const v = qty(text);
  if (v.type !== "quantity") throw new Error("not a quantity");
  const d = asYear(v.q);
  if (!d) throw new Error(`${text} is no year`);
  return d;
}

function dateValue(text: string): FactValue {
  const d = extractDates(text)[0];
  if (!d) throw new Error(`no date in ${JSON.stringify(text)}`);
  return { type: "date", d };
}

interface FactOptions {
  value?: FactValue;
  evidenceId?: string;
  /** Array element path (`orders[1]`): the value belongs to that element. */
  row?: string;
}

/** A flattened JSON line `path: valueText`. */
function jsonFact(path: string, valueText: string, options: FactOptions = {}): EvidenceFact {
  const evidenceId = options.evidenceId ?? "e1";
  const text = `${path}: ${valueText}`;
  const key = stems(path);
  const fact: EvidenceFact = {
    value: options.value ?? qty(valueText),
    slot: key,
    context: stems(text),
    key,
    structured: true,
    span: [path.length + 2, text.length],
    quote: { evidenceId, source: "api", text, span: [0, text.length] },
    chunk: chunkOf(evidenceId, text),
  };
  if (options.row !== undefined) {
    fact.row = text;
    fact.rowId = `${evidenceId}:${options.row}`;
  }
  return fact;
}

/** A value in a prose sentence: its slot is the words around it. */
function proseFact(sentence: string, valueText: string, options: FactOptions = {}): EvidenceFact {
  const evidenceId = options.evidenceId ?? "e1";
  const at = sentence.indexOf(valueText);
  return {
    value: options.value ?? qty(valueText),
    // The value's own digits are not slot words; its unit noun is ("30 seconds" keeps "seconds").
    slot: stems(sentence.replace(valueText, valueText.replace(/[\d.,]+/g, " "))),
    context: stems(sentence),
    key: new Set(),
    structured: false,
    span: [at, at + valueText.length],
    quote: { evidenceId, source: "api", text: sentence, span: [0, sentence.length] },
    chunk: chunkOf(evidenceId, sentence),
  };
}

/** A count of the elements a tool returned (`orders: []` or an array's length). */
function countFact(path: string, n: number): EvidenceFact {
  const f = jsonFact(path, String(n));
  if (f.value.type === "quantity") f.value = { type: "quantity", q: { ...f.value.q, count: true } };
  return f;
}

describe("fieldStemsOf", () => {
  it.each([
    ["a JSON key names its value", jsonFact("timeout", "30"), ["timeout"]],
    ["the retry count beside it is named by its own key", jsonFact("retries", "5"), ["retri"]],
    ["only the last segment of a key path names the field", jsonFact("orders[0].subtotal", "42.1"), [...stems("subtotal")]],
    ["a generic last segment (`total`) is named by its array's key too", jsonFact("orders[0].total", "42.1"), ["order", "total"]],
    ["a generic last segment is named by its parent too", jsonFact("fees.processing.amount", "2.5"), ["amount", "process"]],
    ["a `_cents` key keeps both of its words", jsonFact("amount_cents", "4210"), ["amount", "cent"]],
    ["a prose value is named by its neighbours", proseFact("The timeout is 30 seconds.", "30 seconds"), [...stems("The timeout is seconds.")]],
  ])("should read %s", (_name, fact, expected) => {
    expect([...fieldStemsOf(fact)].sort()).toEqual([...expected].sort());
  });

  it("should name a count of returned elements by its key", () => {
    expect(fieldStemsOf(countFact("orders", 3)).has("order")).toBe(true);
  });
});

describe("attributeAgrees (attribute dimension)", () => {
  it.each([
    ["'timeout' names `timeout`", "the timeout is", jsonFact("timeout", "30"), true],
    ["'timeout' does not name the retry count beside it", "the timeout is", jsonFact("retries", "5"), false],
    ["'retries' names `retries`", "retries times", jsonFact("retries", "5"), true],
    ["'total' names `orders[0].total`", "totals", jsonFact("orders[0].total", "42.1"), true],
    ["'latency' does not name `timeout`", "latency of", jsonFact("timeout", "30"), false],
    ["no governing word names nothing", "", jsonFact("timeout", "30"), false],
  ])("should decide %s", (_name, governing, fact, expected) => {
    expect(attributeAgrees(stems(governing), fact)).toBe(expected);
  });
});

describe("attributeStrength", () => {
  it("should fit a field that says no more than the claim better than one that says more", () => {
    const governing = stems("download size");
    expect(attributeStrength(governing, stems("Size"))).toBeGreaterThan(attributeStrength(governing, stems("Installed-Size")));
  });

  it("should fit a field the claim names in full better than one it names in part", () => {
    const governing = stems("installed size");
    expect(attributeStrength(governing, stems("Installed-Size"))).toBeGreaterThan(attributeStrength(governing, stems("Size")));
  });

  it("should score a field the claim never names below one it names", () => {
    expect(attributeStrength(stems("timeout"), stems("retries"))).toBeLessThan(attributeStrength(stems("timeout"), stems("timeout")));
  });

  it.each([
    ["shots", "Total Shots", "Shots on Goal"],
    ["revenue", "revenue amount", "revenue forecast"],
    ["downloads", "download count", "download errors"],
  ])("should fit %j to %j (a word that says how the value is given) over %j (one that says which)", (claim, neutral, narrower) => {
    expect(attributeStrength(stems(claim), stems(neutral))).toBeGreaterThan(attributeStrength(stems(claim), stems(narrower)));
  });

  it("should still fit a plain field over its maximum", () => {
    expect(attributeStrength(stems("temperature"), stems("temperature"))).toBeGreaterThan(attributeStrength(stems("temperature"), stems("max temperature")));
  });
});

describe("kindAgrees (kind, unit and scale dimensions)", () => {
  it.each([
    ["a percentage and a count", "14%", jsonFact("errors", "14"), false],
    ["a percentage and a percent key", "14%", jsonFact("error_rate_pct", "2", { value: keyPercent("2") }), true],
    ["a percentage and a bare number under a rate field", "2.5%", jsonFact("error_rate", "2"), true],
    ["a percentage and a bare number under a rate field at another magnitude", "14%", jsonFact("error_rate", "2"), false],
    ["an amount and a retry count", "$30", jsonFact("retries", "30"), false],
    ["an amount and a price", "$30", jsonFact("price", "30"), true],
    ["an amount and a stock count beside a currency field", "$310", jsonFact("stock", "310", { value: recordMoney("310") }), false],
    ["a count and a stock count beside a currency field", "310 units", jsonFact("stock", "310", { value: recordMoney("310") }), true],
    ["a small count and an identifier a thousand times larger", "4 retries", jsonFact("service_id", "48211"), false],
    ["an amount and a year", "$2,023", jsonFact("year", "2023", { value: year("2023") }), false],
    ["a measure in GB and a `_mb` key", "1.5 GB", jsonFact("size_mb", "1536", { value: keyMeasure("1536", "data", "MB", 1e6) }), true],
    ["a data size and a duration", "1.5 GB", jsonFact("duration_ms", "1500", { value: keyMeasure("1500", "time", "ms", 1) }), false],
    ["an amount with a currency and another currency's amount", "129.50 USD", jsonFact("total", "129.50 EUR"), true],
    ["an amount and a bare number under a money parent key", "$1,203.42", jsonFact("balances.available", "1203.42"), true],
    ["a whole count of things and a fraction", "37 versions", jsonFact("params.version", "2.2"), false],
    ["a whole count of things and a whole number", "37 versions", jsonFact("version_count", "37"), true],
    ["an amount and a bare number under a parent key that names no money", "$1,203.42", jsonFact("sensors.available", "1203.42"), false],
  ])("should decide %s", (_name, claim, fact, expected) => {
    expect(kindAgrees(qty(claim), fact)).toBe(expected);
  });

  // Fails: the doc says a bare number at a measure's magnitude is of its kind, but `compatible` rejects every measure/bare-number pair before that branch.
  it.fails("should take a bare number at a duration's magnitude for a duration (`timeout: 30`, '30 seconds')", () => {
    expect(kindAgrees(qty("30 seconds"), jsonFact("timeout", "30"))).toBe(true);
  });

  it("should not read a date as an amount", () => {
    expect(kindAgrees(dateValue("March 5, 2024"), jsonFact("total", "42.1"))).toBe(false);
  });

  // Fails: the `_cents` rule is not implemented; 4210 is read as whole dollars, so $42.10 is another magnitude.
  it.fails("should read a `_cents` key as hundredths of the currency: $42.10 is of its kind", () => {
    expect(kindAgrees(qty("$42.10"), jsonFact("amount_cents", "4210"))).toBe(true);
  });

  it("should read a `_cents` key as hundredths of the currency: $4,210 is not its scale", () => {
    expect(kindAgrees(qty("$4,210"), jsonFact("amount_cents", "4210"))).toBe(false);
  });
});

describe("evidenceReading", () => {
  it.each([
    ["a stock count beside a currency field is a count", recordMoney("310"), "stock", "number"],
    ["a price beside a currency field is an amount", recordMoney("310"), "price", "money"],
    ["a figure written with its currency stays an amount", qty("€12.50"), "stock", "money"],
  ])("should read %s", (_name, value, field, kind) => {
    if (value.type !== "quantity") throw new Error("not a quantity");
    expect(evidenceReading(value.q, stems(field)).kind).toBe(kind);
  });
});

describe("dimensionStems", () => {
  it.each([
    ["time", ["second", "minut", "hour", "durat"]],
    ["data", ["mb", "gb", "size"]],
    ["length", ["distanc", "km"]],
    ["energy", ["consumpt", "usag", "kwh"]],
    ["pressure", ["pressur", "strength"]],
  ])("should name the %s dimension's slot words", (dimension, expected) => {
    const got = dimensionStems(dimension);
    for (const s of expected)
      expect(
        [...got].some((x) => x === s || x.startsWith(s)),
        `${s} in ${[...got].join(" ")}`,
      ).toBe(true);
  });

  it("should name nothing for no dimension", () => {
    expect(dimensionStems(null).size).toBe(0);
  });
});

describe("readSlot", () => {
  const timeout = jsonFact("timeout", "30");
  const retries = jsonFact("retries", "5");

  it.each([
    // attribute: the retry count beside the timeout neither agrees with nor corrects a timeout.
    ["attribute: a timeout claim of 5 beside `retries: 5`", "5", "the timeout is", [timeout, retries], true, { outcome: "mismatch", quote: "timeout: 30" }],
    ["attribute: a timeout claim of 45", "45", "the timeout is", [timeout, retries], true, { outcome: "mismatch", quote: "timeout: 30" }],
    ["attribute: a retry claim of 4", "4", "retries times", [timeout, retries], true, { outcome: "mismatch", quote: "retries: 5" }],
    ["attribute: no field named", "45", "latency of", [timeout, retries], true, { outcome: "unsettled" }],
    // kind: a count fills no percentage's slot.
    ["kind: 14% against `errors: 14`", "14%", "errors", [jsonFact("errors", "14")], true, { outcome: "unsettled" }],
    // entity: two records fill the slot and the claim names neither.
    [
      "entity: two records, none named",
      "$50",
      "total",
      [jsonFact("total", "42.1", { evidenceId: "e1" }), jsonFact("total", "57.3", { evidenceId: "e2" })],
      false,
      { outcome: "unsettled" },
    ],
    [
      "entity: two records agreeing, none named",
      "$50",
      "total",
      [jsonFact("total", "42.1", { evidenceId: "e1" }), jsonFact("total", "42.1", { evidenceId: "e2" })],
      false,
      { outcome: "unsettled" },
    ],
    // period: two array elements (months) fill the slot and the claim picked none of them.
    [
      "period: two months' rows",
      "$1,200",
      "revenue",
      [jsonFact("monthly[0].revenue", "1500", { row: "monthly[0]" }), jsonFact("monthly[1].revenue", "1700", { row: "monthly[1]" })],
      true,
      { outcome: "unsettled" },
    ],
    // one value: two values of the slot differ.
    ["one value: two values of one field differ", "$50", "total", [jsonFact("total", "42.1"), jsonFact("total", "45")], true, { outcome: "unsettled" }],
    [
      "one value: two values of one field agree",
      "$50",
      "total",
      [jsonFact("total", "42.1"), jsonFact("total", "42.1")],
      true,
      { outcome: "mismatch", quote: "total: 42.1" },
    ],
    [
      "one value: an agreeing value among several",
      "$42.10",
      "total",
      [jsonFact("total", "45"), jsonFact("total", "42.1")],
      true,
      { outcome: "match", quote: "total: 42.1" },
    ],
    // A field that says more than the claim ("summary total") yields to the one that says no more.
    [
      "one value: the field the claim names best decides",
      "$50",
      "total",
      [jsonFact("summary.total", "45"), jsonFact("total", "42.1")],
      true,
      { outcome: "mismatch", quote: "total: 42.1" },
    ],
    // scale: a `_mb` key against a GB claim.
    [
      "scale: 3 GB against `size_mb: 1536`",
      "3 GB",
      "size",
      [jsonFact("size_mb", "1536", { value: keyMeasure("1536", "data", "MB", 1e6) })],
      true,
      { outcome: "mismatch", quote: "size_mb: 1536" },
    ],
  ] as const)("should read %s", (_name, claim, governing, candidates, picked, expected) => {
    const reading = readSlot(qty(claim), stems(governing), candidates, picked);
    expect(reading.outcome).toBe(expected.outcome);
    if ("quote" in expected && reading.outcome !== "unsettled") expect(reading.fact.quote.text).toBe(expected.quote);
  });

  // Fails: without the `_cents` rule $42.10 fills no slot of `amount_cents: 4210`, so the right amount is unsettled.
  it.fails("should match $42.10 with `amount_cents: 4210`", () => {
    expect(readSlot(qty("$42.10"), stems("charged"), [jsonFact("amount_cents", "4210")]).outcome).toBe("match");
  });
});

/** The verdict on the draft's first claim and its corrections' values, against fresh evidence. */
async function verdictOn(evidence: unknown[], draft: string): Promise<[string, string[]]> {
  const fw = new Firewall();
  for (const content of evidence) fw.record({ source: "api", content: content as never });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

/** A correction's value read back as a quantity, in base units. */
function valueOf(text: string): number {
  return extractQuantities(text)[0]?.value ?? NaN;
}

describe("typed slots end to end", () => {
  const service = { service: "billing-api", timeout: 30, retries: 5 };

  describe("attribute", () => {
    it.each([
      ["a wrong timeout is corrected to the timeout", [service], "The billing-api timeout is 45.", ["contradicted", ["30"]]],
      ["a timeout equal to the retry count is not supported by it", [service], "The billing-api timeout is 5.", ["contradicted", ["30"]]],
      ["a wrong retry count is corrected to the retries", [service], "billing-api retries 4 times.", ["contradicted", ["5"]]],
    ])("should see that %s", async (_name, evidence, draft, expected) => {
      expect(await verdictOn(evidence, draft)).toEqual(expected);
    });

    it("should not correct a timeout to the retry count beside it in a `key=value` line", async () => {
      const [verdict, corrections] = await verdictOn(["timeout=30 retries=5"], "The timeout is 45 seconds.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => valueOf(c) !== 5)).toBe(true);
    });

    // Fails: in the text line `timeout=30 retries=5`, the retry count 5 supports "The timeout is 5" (found on retries's value, no typed slot needed to agree).
    it.fails("should not support a timeout by the retry count beside it in a `key=value` line", async () => {
      const [verdict, corrections] = await verdictOn(["timeout=30 retries=5"], "The timeout is 5.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => valueOf(c) !== 5)).toBe(true);
    });
  });

  describe("entity", () => {
    const orders = [
      { order_id: "A-1021", total: 42.1 },
      { order_id: "A-2044", total: 57.3 },
    ];
    it.each([
      ["another record's value", orders],
      ["another array element's value", [{ orders }]],
    ])("should correct a claim that takes %s to the named entity's own", async (_name, evidence) => {
      expect(await verdictOn(evidence, "Order A-1021 totals $57.30.")).toEqual(["contradicted", ["$42.10"]]);
    });
  });

  describe("period", () => {
    it("should correct another month's value to the named month's, in an array of months", async () => {
      const evidence = [
        {
          monthly: [
            { month: "January 2024", revenue: 1200 },
            { month: "February 2024", revenue: 1500 },
          ],
        },
      ];
      expect(await verdictOn(evidence, "Revenue in February 2024 was $1,200.")).toEqual(["contradicted", ["$1,500"]]);
    });

    it("should not support another month's value when the months are ISO keys", async () => {
      const evidence = [
        {
          monthly: [
            { month: "2024-01", revenue: 1200 },
            { month: "2024-02", revenue: 1500 },
          ],
        },
      ];
      const [verdict, corrections] = await verdictOn(evidence, "Revenue in February 2024 was $1,200.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => valueOf(c) === 1500)).toBe(true);
    });

    // Fails: in a text table, January's $1,200 row supports a claim about February (the row's month is not read as the value's period).
    it.fails("should not support another month's row of a text table", async () => {
      const evidence = ["Month | Revenue\nJanuary 2024 | $1,200\nFebruary 2024 | $1,500"];
      const [verdict, corrections] = await verdictOn(evidence, "Revenue in February 2024 was $1,200.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => valueOf(c) === 1500)).toBe(true);
    });
  });

  describe("kind", () => {
    const checkout = { service: "checkout", error_rate_pct: 2, errors: 14 };
    const product = { sku: "KB-200", price: 30, stock: 12 };
    it.each([
      ["a wrong percentage is corrected to the percent field", [checkout], "checkout had an error rate of 14%.", ["contradicted", ["2%"]]],
      ["a wrong count is corrected to the count field", [checkout], "checkout logged 2 errors.", ["contradicted", ["14"]]],
      ["an amount equal to the stock count is corrected to the price", [product], "KB-200 costs $12.", ["contradicted", ["$30"]]],
      ["a stock count equal to the price is corrected to the stock", [product], "KB-200 has 30 units in stock.", ["contradicted", ["12"]]],
    ])("should see that %s", async (_name, evidence, draft, expected) => {
      expect(await verdictOn(evidence, draft)).toEqual(expected);
    });

    // Fails: `errors: 14` (a count) supports "14% errors": the percent claim is matched by a bare count.
    it.fails("should not support a percentage by a count of the same number", async () => {
      const [verdict, corrections] = await verdictOn([checkout], "checkout had 14% errors.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => c === "2%")).toBe(true);
    });

    it("should not correct a year to an amount", async () => {
      const [verdict, corrections] = await verdictOn([{ invoice: "INV-7", year: 2023, amount: 1980 }], "Invoice INV-7 is from 2024.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => c === "2023")).toBe(true);
    });

    it("should not support an amount by a year", async () => {
      const [verdict] = await verdictOn([{ invoice: "INV-7", year: 2023, amount: 1980 }], "Invoice INV-7's amount is $2,023.");
      expect(verdict).not.toBe("supported");
    });

    // Fails: `amount: 1980` is read as the year 1980 (any bare 1800-2100 number is a year), so the amount's slot holds no amount: unsupported.
    it.fails("should read a four-digit amount under an amount key as an amount", async () => {
      expect(await verdictOn([{ invoice: "INV-7", year: 2023, amount: 1980 }], "Invoice INV-7's amount is $2,500.")).toEqual(["contradicted", ["$1,980"]]);
    });
  });

  describe("unit and scale", () => {
    const charge = { order_id: "A-1021", amount_cents: 4210 };
    const backup = { file: "backup.tar", size_mb: 1536 };

    // Fails: a `($ thousands)` header does not scale its value: "$4.21 million" is unsupported against 4,210 thousand.
    it.fails("should read a thousands header as the scale of its value", async () => {
      expect(await verdictOn(["Revenue ($ thousands): 4,210"], "Revenue was $4.21 million.")).toEqual(["supported", []]);
    });

    it("should correct a unit slip with the evidence's own numeral and unit", async () => {
      expect(await verdictOn([{ household: "HH-7", data_used_gb: 418.2 }], "HH-7 used about 418.2 MB of data.")).toEqual(["contradicted", ["418.2 GB"]]);
    });

    it("should read no difference from a field the figure's own noun does not name", async () => {
      // "kcal" names `energy_kcal`; the words around the figure ("batch", "serving") named `servings`.
      const recipe = { title: "Bean Chili", servings: 4, per_serving: { energy_kcal: 380 } };
      const [verdict, corrections] = await verdictOn([recipe], "The whole Bean Chili batch of servings comes to about 2,300 kcal.");
      expect(verdict).not.toBe("supported");
      expect(corrections.every((c) => valueOf(c) !== 4)).toBe(true);
    });

    it("should not support the unscaled figure under a thousands header", async () => {
      const [verdict] = await verdictOn(["Revenue ($ thousands): 4,210"], "Revenue was $4,210.");
      expect(verdict).not.toBe("supported");
    });

    it("should support dollars against a `_cents` key", async () => {
      expect(await verdictOn([charge], "Order A-1021 was charged $42.10.")).toEqual(["supported", []]);
    });

    it("should not support a hundred times the amount of a `_cents` key", async () => {
      const [verdict] = await verdictOn([charge], "Order A-1021 was charged $4,210.");
      expect(verdict).not.toBe("supported");
    });

    // Fails: a wrong amount against a `_cents` key is unsupported (no slot of its magnitude), not corrected to $42.10.
    it.fails("should correct a wrong amount against a `_cents` key in dollars", async () => {
      expect(await verdictOn([charge], "Order A-1021 was charged $45.00.")).toEqual(["contradicted", ["$42.10"]]);
    });

    it("should write an amount's correction with the claim's cents", async () => {
      expect(await verdictOn([{ order_id: "A-1000", amount: 10, currency: "USD" }], "The amount of order A-1000 is $9.00.")).toEqual([
        "contradicted",
        ["$10.00"],
      ]);
    });

    it("should support GB against a `_mb` key", async () => {
      expect(await verdictOn([backup], "backup.tar is 1.5 GB.")).toEqual(["supported", []]);
    });

    it("should correct a wrong size to a figure that re-parses to the field's value", async () => {
      const [verdict, corrections] = await verdictOn([backup], "backup.tar is 3 GB.");
      expect(verdict).toBe("contradicted");
      expect(corrections).toHaveLength(1);
      const q = extractQuantities(corrections[0]!)[0]!;
      expect(Math.abs(q.value - 1536e6)).toBeLessThanOrEqual(q.precision);
    });

    it("should not support a figure a thousand times the field (GB for MB)", async () => {
      const [verdict] = await verdictOn([backup], "backup.tar is 1,536 GB.");
      expect(verdict).not.toBe("supported");
    });

    // Fails: the correction is written in the evidence's unit ("1536 MB"), not the claim's (DESIGN: "written in the claim's unit").
    it.fails("should write a size correction in the claim's unit", async () => {
      const [, corrections] = await verdictOn([backup], "backup.tar is 3 GB.");
      expect(corrections).toHaveLength(1);
      expect(extractQuantities(corrections[0]!)[0]?.unit).toBe("GB");
    });
  });

  describe("one value", () => {
    it.each([
      [
        "two records of the entity differ",
        [
          { order_id: "A-1021", total: 42.1 },
          { order_id: "A-1021", total: 45 },
        ],
        "Order A-1021 totals $50.",
      ],
      [
        "two array elements differ and the claim names none",
        [
          {
            orders: [
              { region: "eu", total: 42.1 },
              { region: "us", total: 45 },
            ],
          },
        ],
        "The total is $50.",
      ],
      ["two text records of the entity differ", ["Order A-1021 total: $42.10", "Order A-1021 total: $45.00"], "Order A-1021 totals $50."],
    ])("should leave a figure unsupported when %s", async (_name, evidence, draft) => {
      expect(await verdictOn(evidence, draft)).toEqual(["unsupported", []]);
    });

    it("should correct a figure when two records of the entity agree", async () => {
      const [verdict, corrections] = await verdictOn(
        [
          { order_id: "A-1021", total: 42.1 },
          { order_id: "A-1021", total: 42.1 },
        ],
        "Order A-1021 totals $50.",
      );
      expect(verdict).toBe("contradicted");
      expect(corrections.map(valueOf).every((v) => Math.abs(v - 42.1) <= 0.5)).toBe(true);
    });
  });
});

describe("a name/value statistic whose label says 'total'", () => {
  const stats = (team: string, onGoal: number, total: number) => ({
    team: { name: team },
    statistics: [
      { type: "Shots on Goal", value: onGoal },
      { type: "Total Shots", value: total },
      { type: "Ball Possession", value: "60%" },
    ],
  });

  it.each<[string, string, string[]]>([
    ["Arsenal had 19 shots.", "contradicted", ["16"]],
    ["Arsenal had 16 shots.", "supported", []],
    ["Arsenal had 3 shots on goal.", "supported", []],
  ])("should read %j against the unqualified statistic", async (claim, verdict, values) => {
    const fw = new Firewall();
    fw.record({ source: "football.fixtures", content: { response: [{ statistics: [stats("Manchester United", 7, 10), stats("Arsenal", 3, 16)] }] } });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, values]);
  });
});

describe("a slot synonym names a field outright", () => {
  const fw = new Firewall();
  fw.record({
    source: "reservations.create",
    content: { reservation: { confirmation_number: "RSV-2K7Q9", party_size: 4, seating: "patio", deposit: { amount_cents: 4000, currency: "USD" } } },
  });

  it.each<[string, string, string[]]>([
    ["A table for 6 on the patio (confirmation RSV-2K7Q9).", "contradicted", ["4"]],
    ["A table for 4 on the patio (confirmation RSV-2K7Q9).", "supported", []],
  ])("should read %j against party_size", async (claim, verdict, values) => {
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, values]);
  });
});

describe("a measure against a bare number its dimension's word names", () => {
  const fw = new Firewall();
  fw.record({
    source: "utility.get_bill",
    content: {
      billedKwhrCons: 164,
      consumptionHistory: [
        { readingDate: "2023-01-10", consumption: 164 },
        { readingDate: "2022-12-09", consumption: 171 },
      ],
    },
  });

  it.each<[string, string]>([
    ["It was 171 kWh the month before.", "supported"],
    // Only a match: a bare number's unit is not known, so another number settles nothing.
    ["It was 180 kWh the month before.", "unsupported"],
  ])("should read %j against `consumption`", async (claim, verdict) => {
    expect((await fw.verify(claim)).verdicts[0]!.verdict).toBe(verdict);
  });
});

/** The first claim's verdict and its corrections' values, against one tool output. */
async function verdictAndFixes(evidence: unknown, draft: string): Promise<[string, string[]]> {
  const fw = new Firewall();
  fw.record({ source: "tool", content: evidence as never });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

describe("a count differs only from a field it names whole", () => {
  const booking = { reservation: { arrival: "2024-10-14", departure: "2024-10-18", penaltyNights: 1, adultCount: 2 } };
  const stats = { stats: [{ date: "2024-05-01", bounces: 612, blocks: 529, bounce_drops: 88 }] };
  it.each<[string, unknown, string, [string, string[]]]>([
    // `penaltyNights` says more than "nights": the penalty, not the stay.
    ["a field with a qualifier the answer never writes", booking, "The guest is booked for 4 nights.", ["unsupported", []]],
    ["the same qualifier written", booking, "The penalty is 4 nights.", ["contradicted", ["1"]]],
    // `bounce_drops` is no count of bounces.
    ["another count of the same noun", stats, "On May 1 there were 88 blocks and 529 bounces.", ["contradicted", ["529"]]],
  ])("%s: %s", async (_, evidence, draft, want) => {
    expect(await verdictAndFixes(evidence, draft)).toEqual(want);
  });
});

describe("a date differs only from the date field the claim names", () => {
  const booking = { policy: { deadline: "2024-10-12T16:00:00+01:00" }, createDateTime: "2024-09-02T08:41:17Z" };
  const txn = { billed_at: "2024-04-12T10:18:49Z", billing_period: { starts_at: "2024-04-12T10:18:47Z", ends_at: "2025-04-12T10:18:47Z" } };
  const release = { name: "kite", release_date: "2024-03-07", created_at: "2023-11-02" };
  it.each<[string, unknown, string, [string, string[]]]>([
    // Only "date" vocabulary names `createDateTime`: it is no value of "runs until".
    ["a field only the date vocabulary names", booking, "Free cancellation runs until Oct 13 at 4 pm.", ["unsupported", []]],
    // "billing" names `billed_at`, "until" names `ends_at`: two dates, which one is meant is open.
    ["two named date fields that differ", txn, "The billing period runs until April 12, 2026.", ["unsupported", []]],
    ["the one named date field", release, "kite was released on March 9, 2024.", ["contradicted", ["March 7, 2024"]]],
  ])("%s: %s", async (_, evidence, draft, want) => {
    expect(await verdictAndFixes(evidence, draft)).toEqual(want);
  });
});

describe("an amount whose words name a field in minor units", () => {
  const totals = { data: { currency_code: "EUR", totals: { subtotal: "300000", tax: "51300", fee: "16115", earnings: "253885" } } };
  const check = async (draft: string) => {
    const fw = new Firewall();
    fw.record({ source: "billing", content: totals as never });
    const v = (await fw.verify(draft)).verdicts[0]!;
    return [v.verdict, v.corrections.map((c) => c.value)];
  };
  it.each<[string, [string, string[]]]>([
    ["That leaves you €2,538.85 in earnings.", ["supported", []]],
    // A rounding of the minor units under the field the claim names.
    ["That leaves you about €2,539 in earnings.", ["supported", []]],
    // `earnings` is the claim's slot: the fee, of the claim's magnitude, is no correction of it.
    ["That leaves you about €2,900 in earnings.", ["unsupported", []]],
  ])("%s", async (draft, want) => {
    expect(await check(draft)).toEqual(want);
  });
});

describe("a measure whose words name one of two fields in its unit", () => {
  const meters = "meter_id,site,kwh_import,kwh_export,peak_kw\nMTR-41,Depot North,18420,2310,96.4\nMTR-43,Head Office,9640,4105,52.0";
  it.each<[string, [string, string[]]]>([
    // "exported" names `kwh_export`: the import of the same row, in kWh too, is no reading of it.
    ["Head Office exported 9,640 kWh.", ["contradicted", ["4,105 kWh"]]],
    ["Head Office exported 4,105 kWh.", ["supported", []]],
    ["Head Office imported 9,640 kWh.", ["supported", []]],
    // Words that name no field of the unit leave the unit to name it.
    ["Head Office peaked at 52 kW.", ["supported", []]],
  ])("%s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "meters.csv", content: meters });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual(want);
  });
});

describe("an agreeing value under a field the figure's words name", () => {
  async function verdict(record: unknown, draft: string) {
    const fw = new Firewall();
    fw.record({ source: "tool", content: record as never });
    const v = (await fw.verify(draft)).verdicts[0]!;
    return [v.verdict, v.corrections.map((c) => c.value)];
  }

  it("should leave the slot unsettled where that field is named as fully as the typed one", async () => {
    const plan = { plan: "P-4", stages: { upper_trays: 30, lower_trays: 26 }, attachments: { upper: 5, lower: 3 } };
    expect(await verdict(plan, "Plan P-4 calls for 30 upper.")).toEqual(["unsupported", []]);
  });

  it("should still correct a figure whose slot the claim names more fully than the agreeing field", async () => {
    const ward = { ward: "Ward 6", pending_admits: 4, pending_discharges: 1 };
    expect(await verdict(ward, "Ward 6 has 1 pending admits.")).toEqual(["contradicted", ["4"]]);
  });
});
