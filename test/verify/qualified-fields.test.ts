import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// Invented tool outputs: a reading beside its statistics, a temperature beside its felt value, a tool that
// reports only averages, and an element whose other values are of another order.
const AIR = { results: [{ location: "Harbour Road", parameter: "pm10", value: 41.2, unit: "µg/m³", summary: { min: 12.5, max: 88.1, avg: 57.6 } }] };
const WEATHER = { current: { temp: -6.4, feels_like: -11.9, humidity: 81, description: "light snow" } };
const WEEKLY = [{ clinic: "Northgate", visits_7_day_avg: 212.4, staff_7_day_avg: 31.5 }];
const PASSES = { passes: [{ id: "p-17", max_elevation_deg: 63.8, start_azimuth_deg: 311.2 }] };

describe("an agreement with a field qualified as a statistic the claim does not state", () => {
  it.each<[string, unknown, string, string]>([
    // The plain reading is beside the statistic: the statistic does not support a plain claim.
    ["an average for a reading", AIR, "PM10 at Harbour Road is 57.6 µg/m³.", "unsupported"],
    ["a maximum for a reading", AIR, "PM10 at Harbour Road is 88.1 µg/m³.", "unsupported"],
    ["a felt value for the temperature", WEATHER, "It's -11.9 °C right now.", "unsupported"],
    // The claim states the qualifier: the statistic is its slot.
    ["an average stated", AIR, "PM10 at Harbour Road averaged 57.6 µg/m³.", "supported"],
    ["a peak stated", AIR, "PM10 at Harbour Road peaked at 88.1 µg/m³.", "supported"],
    ["a felt value stated", WEATHER, "It feels like -11.9 °C right now.", "supported"],
    ["a range states both bounds", AIR, "PM10 at Harbour Road ranged 12.5–88.1 µg/m³.", "supported"],
    // The plain reading itself.
    ["the plain reading", AIR, "PM10 at Harbour Road is 41.2 µg/m³.", "supported"],
    // A tool that reports only averages, and a maximum whose element holds only values of another order.
    ["only averages", WEEKLY, "Northgate saw 212.4 visits.", "supported"],
    ["no plain sibling of the same order", PASSES, "Pass p-17 has an elevation of 63.8°.", "supported"],
  ])("%s: %j", async (_name, evidence, claim, verdict) => {
    const [got, corrections] = await verdictOf(evidence, claim);
    expect(got).toBe(verdict);
    // Never a correction from a qualified field to its sibling, or back.
    expect(corrections).toEqual([]);
  });
});
