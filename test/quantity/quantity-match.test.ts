import { describe, expect, it } from "vitest";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import { formatLike, matchQuantity, valuesOf } from "../../src/quantity/quantity-match.js";
import type { MatchResult, Quantity } from "../../src/quantity/types.js";

/** The quantity at `index` of a text ("text#2" picks the third). */
function q(spec: string): Quantity {
  const [text = "", index = "0"] = spec.split("#");
  const found = extractQuantities(text)[Number(index)];
  if (!found) throw new Error(`no quantity ${index} in ${JSON.stringify(text)}`);
  return found;
}

const GERMAN = "1.410,00 CNY | 17,93 % | 1.000 Lots";

describe("matchQuantity", () => {
  it.each([
    ["The Birchwood Supply Co invoice totals 3450.0 USD", "$3,450.00", "match"],
    ["1,410.00 CNY", `${GERMAN}#0`, "match"],
    ["17.93%", `${GERMAN}#1`, "match"],
    ["1,250 lots", `${GERMAN}#2`, "mismatch"],
    ["1,000 lots", `${GERMAN}#2`, "match"],
    ["Its population is **54** million", "5.4 million", "mismatch"],
    ["5.4 million", "5,400,000", "match"],
    ["one thousand new signups", "1000", "match"],
    ["$1.25M", "1250000", "match"],
    ["a dozen refunds", "12", "match"],
    ["About 1.5k users", "1480", "match"],
    // A hedged figure that writes its last digits reaches five units of its last significant place: within
    // the hedge's 3% but beyond that, it neither matches nor differs.
    ["an estimated $11,785", "$11,780", "match"],
    ["an estimated $11,785", "$11,875", "incomparable"],
    ["about 1,500 kcal", "1,480 kcal", "match"],
    ["about 412 kcal", "415 kcal", "match"],
    ["about 412 kcal", "419 kcal", "incomparable"],
    ["about 412 kcal", "440 kcal", "mismatch"],
    ["roughly 6.1%", "5.96%", "match"],
    ["1.5k users", "1480", "match"],
    ["1.5k users", "1400", "mismatch"],
    ["twelve hundred churned", "1020", "mismatch"],
    ["churn was 0.05%", "0.05", "mismatch"],
    ["conversion rate was 3.4%", "0.034", "match"],
    // A whole 0 or 1 as a fraction is exact: 0 is 0%, not any share under 50%.
    ["a 35% chance", "0", "mismatch"],
    ["a 0% chance", "0", "match"],
    ["100% uptime", "1", "match"],
    ["growth was 17.93%", "growth_pct: 17.93", "match"],
    ["restarts: 14", "Restart Count: 4", "mismatch"],
    ["no more than 3", "5", "mismatch"],
    ["no more than 3", "2", "match"],
    ["at least 50", "60", "match"],
    ["at least 50", "49", "mismatch"],
    // A strict bound at the very value is no decisive difference: "over" is as often loose as strict.
    ["more than 50", "50", "incomparable"],
    ["more than 50", "49", "mismatch"],
    ["under 10 ms", "10 ms", "incomparable"],
    ["fewer than 10", "9", "match"],
    ["about 3.6 MB", "3650 KB", "match"],
    ["3.6 MB", "3.6 MiB", "match"],
    ["3.6 MB", "3.9 MiB", "mismatch"],
    ["more than 3.4%", "0.034", "incomparable"],
    // A number of something named is no percentage; a bare number still reads as one.
    ["38%", "38 patients", "incomparable"],
    ["38%", "38", "match"],
    ["more than 3.5%", "0.034", "mismatch"],
    ["4 GB", "3.73 GiB", "match"],
    ["0.75%", "75%", "mismatch"],
    ["$4.2M", "4213450", "match"],
    ["$4.2M", "$4,213,450", "match"],
    ["4.7M", "4213450", "mismatch"],
    ["4,213,450", "4213450", "match"],
    ["4,213,450", "4213451", "mismatch"],
    ["about 182k", "182340", "match"],
    ["about 4 TB", "3998 GB", "match"],
    ["3998 GB", "4 TB", "match"],
    ["5.4 million", "54 million", "mismatch"],
    ["$2,400", "2400 EUR", "mismatch"],
    ["EUR 2.4k", "2400 EUR", "match"],
    ["$2,400", "2400", "match"],
    ["5 USD", "5 AED", "mismatch"],
    ["¥5,000", "5000 CNY", "match"],
    ["a quarter of users", "25%", "match"],
    ["a third of users", "33.3%", "match"],
    ["three quarters", "0.75", "match"],
    ["35 minutes", "2100 s", "match"],
    ["35 minutes", "duration_minutes: 35", "match"],
    ["35 minutes", "2 GB", "incomparable"],
    ["6 hours", "360 min", "match"],
    ["5 km", "5000 m", "match"],
    ["12%", "$12", "incomparable"],
    ["$12", "12 GB", "incomparable"],
    ["in 2024", "2024", "match"],
    ["3 kg", "3000 g", "match"],
    // Two limits stated the same way are one limit: "up to 5 GB" misstates "up to 4 GB" (a user trial found
    // wrong limits passing with a citation when this read as logical implication).
    ["up to 5 GB", "up to 4 GB", "mismatch"],
    ["up to 4 GB", "up to 4 GB", "match"],
    ["at least 50", "at least 40", "mismatch"],
    ["up to 5 GB", "at least 6 GB", "mismatch"],
    ["5 GB", "up to 6 GB", "incomparable"],
    // A plain figure at a limit's value names the limit ("the daily max is $28" against "max $28.00").
    ["6 GB", "up to 6 GB", "match"],
    ["$28", "max. $28.00", "match"],
    ["50", "at least 50", "match"],
    ["$30", "max. $28.00", "mismatch"],
    ["6 GB", "over 6 GB", "incomparable"],
    ["-3.5", "-3.5", "match"],
    ["-3.5", "3.5", "mismatch"],
  ] as [string, string, MatchResult][])("should compare %j with %j as %s", (claim, evidence, expected) => {
    expect(matchQuantity(q(claim), q(evidence))).toBe(expected);
  });

  it("should accept a synthetic evidence value with no precision or unit", () => {
    const claim = q("took 2 days");
    const evidence: Quantity = { ...claim, text: "172800000", value: 172_800_000, precision: 0, unit: "ms", approx: false };
    expect(matchQuantity(claim, evidence)).toBe("match");
  });
});

describe("valuesOf", () => {
  it("should list the value first, then the alternatives", () => {
    expect(valuesOf(q("1.000 Lots"))).toEqual([1, 1000]);
    expect(valuesOf(q("4213450"))).toEqual([4213450]);
  });
});

describe("formatLike", () => {
  it.each([
    ["Its population is **54** million", 5_400_000, "5.4 million"],
    ["1,250 lots", 1000, "1,000"],
    ["16.4%", 18.4, "18.4%"],
    ["$4.7M", 4_213_450, "$4.2M"],
    ["$4.7M", 4_250_000, "$4.25M"],
    ["EUR 2.4k", 2600, "EUR 2.6k"],
    ["3450.0 USD", 3500, "3500.0 USD"],
    ["$3,450.00", 3400, "$3,400.00"],
    ["1.410,00 CNY", 1520.5, "1.520,50 CNY"],
    ["17,93 %", 18.4, "18,40 %"],
    ["twelve hundred churned", 1020, "1,020"],
    ["two million downloads", 2_400_000, "2.4 million"],
    ["3998 GB", 4e12, "4000 GB"],
    ["35 minutes", 2_400_000, "40 minutes"],
    ["about 1.5k users", 1480, "1.48k"],
    ["5.4 million", 54_000_000, "54 million"],
    ["-3.5", -4.25, "-4.25"],
    ["12 percent", 14, "14 percent"],
    // An amount too short to show its grouping groups a longer one; one written to the cent keeps its cents.
    ["$940.00", 2210.4, "$2,210.40"],
    ["€12", 1520, "€1,520"],
    ["$9.00", 10, "$10.00"],
    // A whole amount that needs cents takes both digits.
    ["$124,760", 1247.6, "$1,247.60"],
  ] as [string, number, string][])("should write into %j the value %d as %j", (claim, value, expected) => {
    expect(formatLike(value, q(claim))).toBe(expected);
  });

  it("should rescale by the evidence it came from", () => {
    expect(formatLike(0.034, q("conversion was 3.9%"), q("0.034"))).toBe("3.4%");
    expect(formatLike(30, q("a quarter of users"), q("30%"))).toBe("0.3");
    expect(formatLike(75, q("0.75%"), q("75%"))).toBe("75%");
    expect(formatLike(40, q("35 minutes"), q("40"))).toBe("40 minutes");
  });
});
