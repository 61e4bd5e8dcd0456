/**
 * Rates and the amounts beside them: a field that is a rate per the claim's unit counts no such units; an
 * amount the claim may compute from a rate it states is no value of the record's one money field; a
 * compound unit ("L/100 km") is compared as written, never as litres. Invented records.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const battery = {
  system: { id: "hb-1", capacity_kwh: 10 },
  energy: { solar_kwh: 31.2, grid_import_kwh: 2.4, grid_export_kwh: 9.6 },
  tariff: { import_rate_cents_per_kwh: 29, export_rate_cents_per_kwh: 6 },
  savings_cents: 512,
};
const aligner = { plan: { wear_hours_per_day: 22, change_interval_days: 10, months: 14 } };
const fleet = `DEPOT WEST — FUEL, MAY
BUS    FUEL     DISTANCE_KM   FUEL_USED   L/100KM
W-1    diesel         4,000     1,960 L     49.0
W-2    hybrid         4,400     1,452 L     33.0
----------------------------------------------
2 buses · 8,400 km · 3,412 L`;

describe("rates and the amounts beside them", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // `export_rate_cents_per_kwh: 6` is a price per kWh, no kWh exported.
    ["a quantity against a rate per its unit", battery, "You exported 9.6 kWh to the grid.", "supported", []],
    ["a wrong quantity", battery, "You exported 12.6 kWh to the grid.", "contradicted", ["9.6 kWh"]],
    // 9.6 kWh at 6¢: computed from the rate, no value of `savings_cents`.
    ["an amount computed from a stated rate", battery, "At 6¢ per kWh that's about $0.58 earned.", "unsupported", []],
    ["the money field the claim names", battery, "The system reports savings of $5.12.", "supported", []],
    // A rate per day whose numerator is the claim's unit is the claim's own.
    ["a rate per another unit", aligner, "The aligners are worn 22 hours a day.", "supported", []],
    // "L/100 km" is no volume: the litres column is no value of it.
    ["a compound unit against its column", fleet, "W-2 was best at 33.0 L/100 km.", "supported", []],
    ["a wrong compound figure", fleet, "W-1 ran at 52.0 L/100 km.", "contradicted", ["49.0 L/100 km"]],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });
});
