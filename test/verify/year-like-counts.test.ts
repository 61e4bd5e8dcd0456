/**
 * A four-digit number from 1800 to 2100 is read as a year, except that under a key naming a count
 * (`trips_started`, `points`, `events`) it is read as a count too: 1,843 trips may be right, and whether it is
 * a year is not known, so a count may agree with it but never differ from it. Keys with a year word, whole or
 * inside a longer one (`year`, `founded`, `accessionyear`, `datebegin`), keep the year alone. Invented records.
 */
import { describe, expect, it } from "vitest";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { passageFacts } from "../../src/verify/evidence-facts.js";
import { verdictOf } from "./helpers.js";

/** The value types read for each key of a one-record ledger. */
function readings(content: unknown): Map<string, string[]> {
  const ledger = new EvidenceLedger();
  const record = ledger.record({ source: "tool", content: content as never });
  ledger.flush();
  const out = new Map<string, string[]>();
  for (const chunk of ledger.chunksOf(record.id))
    for (const f of passageFacts(ledger, chunk, true).facts) {
      const key = f.quote.text.split(": ")[0]!;
      out.set(key, [...(out.get(key) ?? []), f.value.type].sort());
    }
  return out;
}

describe("year-like numbers under count keys", () => {
  const record = { trips_started: 1843, points: 1840, founded: 1968, accessionyear: 1944, datebegin: 1930, model_year: 2019 };

  it.each<[string, string[]]>([
    ["trips_started", ["date", "quantity"]],
    ["points", ["date", "quantity"]],
    ["founded", ["date"]],
    ["accessionyear", ["date"]],
    ["datebegin", ["date"]],
    ["model_year", ["date"]],
  ])("%s is read as %j", (key, types) => {
    expect(readings(record).get(key)).toEqual(types);
  });

  it.each<[string, string]>([
    ["Bellecour started 1,843 trips.", "supported"],
    ["The Hawks scored 1,840 points.", "supported"],
    ["The Hawks were founded in 1968.", "supported"],
    ["The Hawks were founded in 1969.", "contradicted"],
  ])("%s -> %s", async (draft, expected) => {
    const [verdict] = await verdictOf({ stations: [{ name: "Bellecour", trips_started: 1843 }], team: "Hawks", points: 1840, founded: 1968 }, draft);
    expect(verdict).toBe(expected);
  });

  it("never contradicts a count with a year-like number it may not be", async () => {
    const [verdict, corrections] = await verdictOf({ stations: [{ name: "Bellecour", trips_started: 1843 }] }, "Bellecour started 1,900 trips.");
    expect(verdict).not.toBe("supported");
    expect(corrections).toEqual([]);
  });
});
