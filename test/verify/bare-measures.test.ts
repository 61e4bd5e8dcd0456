/**
 * A measure ("148 minutes", "612 m") against a bare number of the tool whose field names the measure's
 * dimension (`runtime`, `total_elevation_gain`, `altitude`): the same numeral supports it; another numeral
 * settles nothing, since the bare number's unit is unknown. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { basisPointKey, fractionKey } from "../../src/verify/evidence-facts.js";
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
    ["a field's own unit field", { item: "crate", weight: 12.5, weight_unit: "kg" }, "The crate weighs 12.5 kg.", "supported"],
    ["a field's own unit field, converted", { item: "crate", weight: 12.5, weight_unit: "kg" }, "The crate weighs about 27.6 lb.", "supported"],
    ["a camel-case unit field", { food: "Skyr", servingSize: 150, servingSizeUnit: "g" }, "A Skyr serving is 150 g.", "supported"],
    ["a unit field of another field", { food: "Skyr", servingSize: 150, servingSizeUnit: "g", stock: 150 }, "There are 150 kg of Skyr.", "unsupported"],
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

describe("a number typed by the record's units map", () => {
  // An invented marine observation: `units` names each field's unit once, the observations hold bare numbers.
  const buoy = {
    station: { id: "B-7", name: "Outer Shoal" },
    units: { wave_ht: "m", wind_spd: "m/s", pressure: "hPa" },
    observations: [
      { time: "2025-05-02T12:00:00Z", wave_ht: 1.8, wind_spd: 6.4, pressure: 1011.2 },
      { time: "2025-05-02T11:00:00Z", wave_ht: 2.1, wind_spd: 5.9, pressure: 1011.6 },
    ],
  };
  it.each<[string, string, string]>([
    ["a height in the map's unit", "Waves at Outer Shoal reached 2.1 m.", "supported"],
    ["a height in another unit of its dimension", "Waves at Outer Shoal reached about 210 cm.", "supported"],
    ["a speed", "Wind at Outer Shoal is 6.4 m/s.", "supported"],
    ["another numeral", "Waves at Outer Shoal reached 2.7 m.", "unsupported"],
  ])("%s: %j is %s", async (_, draft, verdict) => {
    expect((await verdictOf(buoy, draft))[0]).toBe(verdict);
  });
});

describe("a rate in basis points", () => {
  // An invented loan statement: `_bps` keys of rates hold hundredths of a percent.
  const loans = {
    loans: [
      { loan_id: "A", interest_rate_bps: 412 },
      { loan_id: "B", interest_rate_bps: 688 },
    ],
    link: { upload_bps: 412 },
  };
  it.each<[string, string, string]>([
    ["a rate as a percentage", "Loan B is at 6.88%.", "supported"],
    ["another rate", "Loan B is at 6.5%.", "unsupported"],
    ["the basis points as written", "Loan A is at 412 basis points.", "supported"],
  ])("%s: %j is %s", async (_, draft, verdict) => {
    expect((await verdictOf(loans, draft))[0]).toBe(verdict);
  });

  it.each<[string, boolean]>([
    ["interest_rate_bps", true],
    ["discountBps", true],
    ["spread_bps", true],
    ["fee_bps", true],
    ["intl_surcharge_bps", true],
    ["data_rate_bps", false],
    ["upload_bps", false],
    ["bitrate_bps", false],
    ["rx_bps", false],
    ["bps", false],
  ])("basisPointKey(%j) is %s", (key, expected) => {
    expect(basisPointKey(key)).toBe(expected);
  });
});

describe("a fraction under a rate or share key", () => {
  // An invented claim record: `reimbursement_rate` holds a fraction of one.
  const claim = { claim_id: "C-1", reimbursement_rate: 0.8, currency: "USD", amount: 120.5 };
  it.each<[string, string, string[]]>([
    ["The reimbursement rate is 80%.", "supported", []],
    ["The reimbursement rate is 90%.", "contradicted", ["80%"]],
  ])("%j is %s", async (draft, verdict, corrections) => {
    expect(await verdictOf(claim, draft, "claims")).toEqual([verdict, corrections]);
  });

  it.each<[string, boolean]>([
    ["reimbursement_rate", true],
    ["open_rate", true],
    ["hitRatio", true],
    ["market_share", true],
    ["refund_rate_30d", true],
    ["rate", false],
    ["exchange_rate", false],
    ["heart_rate", false],
    ["hourly_rate", false],
    ["frameRate", false],
  ])("fractionKey(%j) is %s", (key, expected) => {
    expect(fractionKey(key)).toBe(expected);
  });
});
