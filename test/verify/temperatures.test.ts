/**
 * Temperatures written with their scale ("49 °F", "9.4 °C", "12 degrees Celsius") against evidence numbers:
 * the same scale compares as numbers; the other scale is converted, and only a match counts (a correction
 * would come in the evidence's scale); a number whose scale the evidence does not state matches the same
 * numeral and settles nothing else. Invented observations.
 */
import { describe, expect, it } from "vitest";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import { verdictOf } from "./helpers.js";

const metric = {
  station: "KSEA",
  units: { temperature: "degC", dewpoint: "degC", wind_speed: "m/s" },
  current: { temperature: 9.4, dewpoint: 6.1, wind_speed: 7.2 },
};
const keyed = { city: "Austin", temp_f: 88, feels_like_f: 93 };
const unknown = { sensor: "Freezer B", reading: -12.4 };
const forecast = { city: "Portland", forecast: [{ date: "2025-11-15", high_c: 13, low_c: 6 }] };

const check = (evidence: unknown, claim: string) => verdictOf(evidence, claim, "weather");

describe("temperature scales", () => {
  it.each<[string, string, "°C" | "°F" | undefined]>([
    ["49 °F", "49", "°F"],
    ["9.4°C", "9.4", "°C"],
    ["12 degrees Celsius", "12", "°C"],
    ["70 deg F", "70", "°F"],
    ["21 ℃", "21", "°C"],
    ["49 feet", "49", undefined],
  ])("should read %j as a temperature of scale %s", (text, number, scale) => {
    const q = extractQuantities(text)[0]!;
    expect([q.text.slice(0, number.length), q.scale]).toEqual([number, scale]);
  });

  it.each<[unknown, string, [string, string[]]]>([
    // Converted: 49 °F is 9.4 °C, 43 °F is 6.1 °C.
    [metric, "The temperature was 49 °F.", ["supported", []]],
    [metric, "The dewpoint was 43 °F.", ["supported", []]],
    // The same numeral in the other scale is no match, and no correction is written across scales.
    [metric, "The temperature was 9.4 °F.", ["unsupported", []]],
    [metric, "The temperature was 9.4 °C.", ["supported", []]],
    [keyed, "Austin is at 31 °C.", ["supported", []]],
    [keyed, "Austin is at 88 °F.", ["supported", []]],
    // The same scale compares as numbers, and a wrong figure is corrected in it.
    [metric, "The temperature was 12.5 °C.", ["contradicted", ["9.4"]]],
    [unknown, "Freezer B is at -12.4 °C.", ["supported", []]],
    // A key's last letter gives the scale (`low_c`): 6 °C is 43 °F, and "6 °F" is no match.
    [forecast, "On November 15 the low in Portland is 43 °F.", ["supported", []]],
    [forecast, "On November 15 the low in Portland is 6 °F.", ["unsupported", []]],
  ])("%j: %j is %j", async (evidence, claim, expected) => {
    expect(await check(evidence, claim)).toEqual(expected);
  });
});
