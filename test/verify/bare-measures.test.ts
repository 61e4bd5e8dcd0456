/**
 * A measure ("148 minutes", "612 m") against a bare number of the tool whose field names the measure's
 * dimension (`runtime`, `total_elevation_gain`, `altitude`): the same numeral supports it; another numeral
 * settles nothing, since the bare number's unit is unknown. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const film = { title: "Harbour Lights", release_date: "2019-03-02", runtime: 112, vote_average: 7.1 };
const ride = { name: "Evening Loop", distance: 31204.5, total_elevation_gain: 418, moving_time: 4380 };
const flight = { callsign: "NOR42", altitude: 10700, ground_speed: 845 };
const alert = { name: "High CPU", thresholds: { critical: 90, warning: 75 }, renotify_interval: 45 };

describe("a measure against a bare number under a field of its dimension", () => {
  it.each<[string, unknown, string, string]>([
    ["a runtime", film, "Harbour Lights runs 112 minutes.", "supported"],
    ["a runtime, another numeral", film, "Harbour Lights runs 121 minutes.", "unsupported"],
    ["an elevation gain", ride, "The Evening Loop had 418 m of climbing.", "supported"],
    ["an elevation gain, another numeral", ride, "The Evening Loop had 481 m of climbing.", "unsupported"],
    ["an altitude", flight, "NOR42 is cruising at about 10,700 m.", "supported"],
    ["an interval", alert, "High CPU re-notifies every 45 minutes.", "supported"],
  ])("%s: %j is %s", async (_, evidence, draft, verdict) => {
    expect((await verdictOf(evidence, draft))[0]).toBe(verdict);
  });
});

const panel = {
  results: [
    { analyte: "Glucose", value: 112, unit: "mg/dL", ref_low: 70, ref_high: 99 },
    { analyte: "Potassium", value: 3.3, unit: "mmol/L", ref_low: 3.5, ref_high: 5.1 },
  ],
};
const recipe = { yield: 4, totalNutrients: { FAT: { label: "Fat", quantity: 96.2, unit: "g" }, NA: { label: "Sodium", quantity: 3120, unit: "mg" } } };
const sailings = { route: "Harbor to Isle", sailings: [{ departs: "09:40", duration_minutes: 35 }] };

describe("a number typed by its sibling unit field", () => {
  it.each<[string, unknown, string, string]>([
    ["a lab value with its unit", panel, "Glucose came back at 112 mg/dL.", "supported"],
    ["a lab value, another numeral", panel, "Glucose came back at 121 mg/dL.", "unsupported"],
    ["a nutrient in another unit of its dimension", recipe, "Sodium for the whole dish is 3.12 g.", "supported"],
    ["a nutrient as stated", recipe, "The dish has 96.2 g of fat.", "supported"],
  ])("%s: %j is %s", async (_, evidence, draft, verdict) => {
    expect((await verdictOf(evidence, draft))[0]).toBe(verdict);
  });
});

describe("a share of a whole the record never names", () => {
  it.each<[string, unknown, string, string]>([
    // The recipe's fat is the whole dish's: "each serving" divides it, so 96 g per serving is no match.
    ["a share of a record's whole", recipe, "Each serving has 96.2 g of fat.", "unsupported"],
    // A value of an array element is each element's.
    ["a value of each element", sailings, "Each crossing takes 35 minutes.", "supported"],
  ])("%s: %j is %s", async (_, evidence, draft, verdict) => {
    expect((await verdictOf(evidence, draft))[0]).toBe(verdict);
  });
});

describe("speeds in any unit against a key that states its unit", () => {
  // An invented weather reply: `wind_kph` states kilometres per hour.
  const weather = { current: { wind_kph: 22.5, gust_kph: 40.2, wind_dir: "SSW" } };
  it.each<[string, string, string[]]>([
    // 22.5 km/h is 14.0 mph, 12.1 kt.
    ["The wind is blowing at 14 mph.", "supported", []],
    ["The wind is at about 12 knots.", "supported", []],
    ["The wind is at 22.5 km/h.", "supported", []],
    ["The wind is blowing at 20 mph.", "contradicted", ["14 mph"]],
  ])("should read %j as %s", async (claim, verdict, corrections) => {
    expect(await verdictOf(weather, claim, "weather.current")).toEqual([verdict, corrections]);
  });
});
