import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNumber, parseNumberCore, readMagnitude } from "../../src/quantity/number-parse.js";

type Row = [token: string, locale: "en" | "de" | "auto", value: number, alternatives: number[], precision: number];

const rows: Row[] = [
  ["1000", "auto", 1000, [], 0.5],
  ["0", "auto", 0, [], 0.5],
  ["42", "auto", 42, [], 0.5],
  ["007", "auto", 7, [], 0.5],
  ["1,000", "auto", 1000, [1], 0.5],
  ["1,000", "en", 1000, [1], 0.5],
  ["1,000", "de", 1, [1000], 0.0005],
  ["1.000", "auto", 1, [1000], 0.0005],
  ["1.000", "de", 1000, [1], 0.5],
  ["1 000", "auto", 1000, [], 0.5],
  ["1\u202F000", "auto", 1000, [], 0.5],
  ["1\u00A0000", "auto", 1000, [], 0.5],
  ["12 345 678", "auto", 12345678, [], 0.5],
  ["1 000,5", "auto", 1000.5, [], 0.05],
  ["1 000.25", "auto", 1000.25, [], 0.005],
  ["1.000,5", "auto", 1000.5, [], 0.05],
  ["1.410,00", "auto", 1410, [], 0.005],
  ["1.410,00", "en", 1410, [], 0.005],
  ["1,000.5", "auto", 1000.5, [], 0.05],
  ["1,000.5", "de", 1000.5, [], 0.05],
  ["4,213,450", "auto", 4213450, [], 0.5],
  ["4.213.450", "auto", 4213450, [], 0.5],
  ["4,213,450.75", "auto", 4213450.75, [], 0.005],
  ["4.213.450,75", "auto", 4213450.75, [], 0.005],
  ["1,00,000", "auto", 100000, [], 0.5],
  ["12,34,567.5", "auto", 1234567.5, [], 0.05],
  ["17,93", "auto", 17.93, [], 0.005],
  ["17,93", "en", 17.93, [], 0.005],
  ["0,5", "auto", 0.5, [], 0.05],
  ["1,5", "auto", 1.5, [], 0.05],
  ["1,0000", "auto", 1, [], 0.00005],
  ["12,3456", "auto", 12.3456, [], 0.00005],
  ["12,34", "auto", 12.34, [], 0.005],
  ["1234,567", "auto", 1234.567, [], 0.0005],
  ["0.500", "auto", 0.5, [], 0.0005],
  ["3450.0", "auto", 3450, [], 0.05],
  ["3,450.00", "auto", 3450, [], 0.005],
  ["-3.5", "auto", -3.5, [], 0.05],
  ["\u22123.5", "auto", -3.5, [], 0.05],
  ["+12", "auto", 12, [], 0.5],
  [".5", "auto", 0.5, [], 0.05],
  [",5", "auto", 0.5, [], 0.05],
  ["-.25", "auto", -0.25, [], 0.005],
  ["4.2M", "auto", 4_200_000, [], 50_000],
  ["4.2B", "auto", 4_200_000_000, [], 50_000_000],
  ["1.5k", "auto", 1500, [], 50],
  ["1.5K", "auto", 1500, [], 50],
  ["12k", "auto", 12000, [], 500],
  ["3bn", "auto", 3e9, [], 5e8],
  ["3.25bn", "auto", 3.25e9, [], 5e6],
  ["3 bn", "auto", 3e9, [], 5e8],
  ["2mn", "auto", 2e6, [], 5e5],
  ["$4.2m", "auto", 4_200_000, [], 50_000],
  ["$4.2mm", "auto", 4_200_000, [], 50_000],
  ["$1.2T", "auto", 1.2e12, [], 5e10],
  ["€2.4k", "auto", 2400, [], 50],
  ["5.4 million", "auto", 5_400_000, [], 50_000],
  ["54 million", "auto", 54_000_000, [], 500_000],
  ["4.2 Million", "auto", 4_200_000, [], 50_000],
  ["2 billion", "auto", 2e9, [], 5e8],
  ["1.1 trillion", "auto", 1.1e12, [], 5e10],
  ["12 thousand", "auto", 12000, [], 500],
  ["1,5 Mio.", "auto", 1_500_000, [], 50_000],
  ["2,3 Mrd.", "auto", 2.3e9, [], 5e7],
  ["5 lakh", "auto", 500000, [], 50000],
  ["2 crore", "auto", 2e7, [], 5e6],
  ["3万", "auto", 30000, [], 5000],
  ["1,000 million", "auto", 1e9, [1e6], 5e5],
  ["-1.5k", "auto", -1500, [], 50],
];

const rejected = [
  "",
  "abc",
  "1.2.3",
  "18.0.10",
  "1,00,0",
  "1,2,3",
  "1.000,000,5",
  "1,000.000,5",
  "5x",
  "4.2Mbps",
  "5m",
  "5 m",
  "1e6",
  "--5",
  "1..2",
  "1,,000",
  "$",
];

describe("parseNumber", () => {
  it.each(rows)("should read %j (locale %s) as %d", (token, locale, value, alternatives, precision) => {
    const r = parseNumber(token, { locale });
    expect(r).not.toBeNull();
    expect(r!.value).toBe(value);
    expect(r!.alternatives).toEqual(alternatives);
    expect(r!.precision).toBeCloseTo(precision, 12);
  });

  it.each(rejected)("should reject %j without throwing", (token) => {
    expect(parseNumber(token)).toBeNull();
  });

  it("should treat a glued m as million only after a currency", () => {
    expect(parseNumber("4.2m", { money: true })?.value).toBe(4_200_000);
    expect(parseNumber("4.2m")).toBeNull();
  });

  it("should report the convention a token proves on its own", () => {
    expect(parseNumber("1.410,00")?.evidence).toBe("de");
    expect(parseNumber("3.5")?.evidence).toBe("en");
    expect(parseNumber("1,000")?.evidence).toBeNull();
    expect(parseNumber("17,93")?.evidence).toBe("de");
  });
});

describe("parseNumberCore", () => {
  it("should keep both readings of an ambiguous group", () => {
    const r = parseNumberCore("1,000");
    expect(r?.en).toEqual({ digits: "1000", decimals: 0 });
    expect(r?.de).toEqual({ digits: "1000", decimals: 3 });
  });

  it("should not read a leading zero group as thousands", () => {
    expect(parseNumberCore("0.500")?.de).toBeNull();
  });
});

describe("readMagnitude", () => {
  it.each([
    ["5k users", 1, false, 3],
    ["5 million", 1, false, 6],
    ["5mm", 1, true, 6],
    ["5mm", 1, false, null],
    ["5km", 1, false, null],
  ] as const)("should read %j at %d (money %s) as 10^%s", (text, pos, money, exponent) => {
    expect(readMagnitude(text, pos, money)?.exponent ?? null).toBe(exponent);
  });
});

/** Formats `n` with `decimals` digits in a style; returns the text and the precision that style implies. */
const styles: Record<string, (n: number, decimals: number) => [string, number]> = {
  plain: (n, d) => [n.toFixed(d), 0.5 * 10 ** -d],
  english: (n, d) => [n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }), 0.5 * 10 ** -d],
  space: (n, d) => [n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }).replace(/,/g, "\u202F"), 0.5 * 10 ** -d],
  german: (n, d) => [n.toLocaleString("de-DE", { minimumFractionDigits: d, maximumFractionDigits: d }), 0.5 * 10 ** -d],
  thousands: (n) => [`${(n / 1e3).toFixed(1)}k`, 50],
  millions: (n) => [`${(n / 1e6).toFixed(2)}M`, 5000],
  billions: (n) => [`${(n / 1e9).toFixed(1)}bn`, 5e7],
  words: (n) => [`${(n / 1e6).toFixed(1)} million`, 50000],
};

describe("parseNumber round trip", () => {
  it.each(Object.keys(styles))("should read back %s-formatted numbers within the style's precision", (name) => {
    const format = styles[name]!;
    const locale = name === "german" ? "de" : "en";
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.integer({ min: 0, max: 3 }), (n, d) => {
        const [text, precision] = format(n, d);
        const r = parseNumber(text, { locale });
        expect(r, text).not.toBeNull();
        expect(Math.abs(r!.value - n), text).toBeLessThanOrEqual(precision * (1 + 1e-9) + n * 1e-12);
        expect(r!.precision).toBeCloseTo(precision, 9);
      }),
      { numRuns: 300 },
    );
  });
});
