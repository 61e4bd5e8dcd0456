import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// A record's own fields stand beside its line items: a claim about the record reads them, a claim about a
// line reads its line, and a figure that is what is left of a whole is no reading of the whole. Each row:
// evidence, claim, verdict, corrections.
type Row = [string, unknown, string, string, string[]];

// Invented expense report in Markdown, as an expenses tool returns it.
const report = [
  "Expense Report ER-7 — Submitted by: Ana Ruiz",
  "Trip: Customer visits, Lyon & Geneva · 03–06 Mar 2025",
  "Status: Approved by K. Obi on 2025-03-11 · Currency: EUR",
  "",
  "| # | Date | Category | Merchant | Amount (EUR) |",
  "|---|---|---|---|---|",
  "| 1 | 2025-03-03 | Lodging | Hotel Lyon Centre | 389.00 |",
  "| 2 | 2025-03-05 | Lodging | Hotel Geneva Lake | 338.67 |",
  "",
].join("\n");

// Invented course sections: a full lab with a waitlist.
const sections = {
  data: [
    { sectionId: "B03", instructor: "Y. Nakagawa", seatsTotal: 24, seatsTaken: 24, waitlistCount: 6 },
    { sectionId: "B04", instructor: "S. Oyelaran", seatsTotal: 24, seatsTaken: 19, waitlistCount: 0 },
  ],
};

// Invented crane inspection: a reading, its baseline and its bound on one line.
const inspection = [
  "ITEM            RESULT   NOTES",
  "Hook & latch    PASS     throat opening 62 mm (baseline 60 mm, limit +5%)",
  "Wire rope       FAIL     3 broken wires in one lay near drum; replace",
].join("\n");

// Invented kombucha batches: each batch's test, and the bound only in a status's words.
const batches = {
  batches: [
    { batch: "KB-7", abv_test_pct: 0.41, status: "released" },
    { batch: "KB-8", abv_test_pct: 0.62, status: "quarantined (abv > 0.5%)" },
  ],
  abv_limit_pct: 0.5,
};

// Invented pool log: readings, the bounds they are held to, a count of crossings and a rate limit.
const pool = {
  readings: [
    { pool: "Lap", water_temp_c: 27.8 },
    { pool: "Wading", water_temp_c: 30.2 },
  ],
  limits: { water_temp_c: { max: 32.0 } },
  trip: { speed_limit_exceedances: 1 },
  rate_limit: { limit: 100, remaining: 42 },
};

const ROWS: Row[] = [
  // An initial ("K. Obi") ends no sentence: the approval date stays in the approver's field.
  ["the record's own date, beside a line of a place it names", report, "Ana's Lyon/Geneva trip report was approved by K. Obi on March 11.", "supported", []],
  ["a wrong record date is never corrected to a line's", report, "Ana's Lyon/Geneva trip report was approved by K. Obi on March 14.", "unsupported", []],
  ["a line's own date", report, "The Geneva hotel was booked on March 5.", "supported", []],
  ["what is left is no reading of the total", sections, "Section B03 has 6 seats left.", "unsupported", []],
  ["what is left is no reading of the seats taken", sections, "B04 has 9 seats remaining.", "unsupported", []],
  ["the total, named", sections, "B03 has 24 seats in total.", "supported", []],
  ["a wrong total, corrected", sections, "B03 has 30 seats in total.", "contradicted", ["24"]],
  // A bound ("limit +5%") is no reading of a change the claim measures against the baseline.
  ["a change over a baseline is no reading of the bound", inspection, "The throat opening is about 3% over its baseline.", "unsupported", []],
  // A figure the claim calls a bound ("the 0.5% limit") is no reading of a field that holds none.
  ["a bound is no reading of a test", { batches: batches.batches }, "KB-7 is quarantined because its ABV is over the 0.5% limit.", "unsupported", []],
  ["a bound field, named", batches, "The ABV limit is 0.8%.", "contradicted", ["0.5%"]],
  ["a test field, named", batches, "KB-8 tested at 0.7% ABV.", "contradicted", ["0.62%"]],
  // A value under a bound's key (`limits.*`) is no reading of a figure whose words name no bound.
  ["a reading is never corrected to a bound's key", pool, "The lap pool's water topped out at 29.5 °C.", "unsupported", []],
  ["a count of crossings is no bound; its correction is a numeral", pool, "There were no speed-limit exceedances.", "contradicted", ["1"]],
  ["a segment the claim writes, under a bound's key", pool, "You have 40 requests remaining.", "contradicted", ["42"]],
  ["the bound, named", inspection, "The throat opening may grow up to a limit of 8%.", "contradicted", ["5%"]],
];

describe("a record's own fields and its lines", () => {
  it.each(ROWS)("%s", async (_what, evidence, claim, verdict, corrections) => {
    expect(await verdictOf(evidence, claim)).toEqual([verdict, corrections]);
  });
});
