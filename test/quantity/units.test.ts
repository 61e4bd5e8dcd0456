import { describe, expect, it } from "vitest";
import { currencyCandidates, lookupCurrency, lookupUnit, readCurrencyAfter, readCurrencyBefore, readUnitAt } from "../../src/quantity/units.js";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";

describe("lookupUnit", () => {
  it.each([
    ["B", "data", "B", 1],
    ["Mbps", "bitrate", "Mbps", 1e6],
    // Speeds, in metres per second.
    ["mph", "speed", "mph", 0.44704],
    ["km/h", "speed", "km/h", 1 / 3.6],
    ["kph", "speed", "km/h", 1 / 3.6],
    ["knots", "speed", "kn", 1852 / 3600],
    ["m/s", "speed", "m/s", 1],
    ["litres", "volume", "L", 1],
    ["mL", "volume", "mL", 1e-3],
    ["gallons", "volume", "gal", 3.785411784],
    ["kbps", "bitrate", "kbps", 1e3],
    ["Gb/s", "bitrate", "Gbps", 1e9],
    ["bytes", "data", "B", 1],
    ["KB", "data", "KB", 1e3],
    ["kB", "data", "KB", 1e3],
    ["KiB", "data", "KiB", 1024],
    ["MB", "data", "MB", 1e6],
    ["MiB", "data", "MiB", 1024 ** 2],
    ["GB", "data", "GB", 1e9],
    ["gigabytes", "data", "GB", 1e9],
    ["GiB", "data", "GiB", 1024 ** 3],
    ["TB", "data", "TB", 1e12],
    ["TiB", "data", "TiB", 1024 ** 4],
    ["ns", "time", "ns", 1e-6],
    ["µs", "time", "µs", 1e-3],
    ["us", "time", "µs", 1e-3],
    ["ms", "time", "ms", 1],
    ["s", "time", "s", 1e3],
    ["sec", "time", "s", 1e3],
    ["seconds", "time", "s", 1e3],
    ["min", "time", "min", 6e4],
    ["Minutes", "time", "min", 6e4],
    ["h", "time", "h", 3.6e6],
    ["hrs", "time", "h", 3.6e6],
    ["hours", "time", "h", 3.6e6],
    ["days", "time", "day", 8.64e7],
    ["week", "time", "week", 6.048e8],
    ["mm", "length", "mm", 1e-3],
    ["cm", "length", "cm", 1e-2],
    ["m", "length", "m", 1],
    ["metres", "length", "m", 1],
    ["meters", "length", "m", 1],
    ["km", "length", "km", 1e3],
    ["kilometres", "length", "km", 1e3],
    ["miles", "length", "mi", 1609.344],
    ["mg", "mass", "mg", 1e-3],
    ["g", "mass", "g", 1],
    ["grams", "mass", "g", 1],
    ["kg", "mass", "kg", 1e3],
    ["tonnes", "mass", "t", 1e6],
    ["lbs", "mass", "lb", 453.59237],
  ] as const)("should read %j as %s in %s", (surface, dimension, symbol, factor) => {
    const u = lookupUnit(surface);
    expect(u).toMatchObject({ dimension, symbol });
    expect(u!.factor).toBeCloseTo(factor, 12);
  });

  it("should flag decimal data units as ambiguous with the binary convention", () => {
    expect(lookupUnit("KB")?.binaryFactor).toBe(1024);
    expect(lookupUnit("GB")?.binaryFactor).toBe(1024 ** 3);
    expect(lookupUnit("GiB")?.binaryFactor).toBeUndefined();
  });

  it("should accept us for microseconds only when glued", () => {
    expect(lookupUnit("us", false)).toBeUndefined();
    expect(readUnitAt("5us", 1)?.info.symbol).toBe("µs");
    expect(readUnitAt("5 us", 1)).toBeNull();
  });

  it("should not read a unit that runs on into letters", () => {
    expect(readUnitAt("5 kmz", 1)).toBeNull();
    // "kmh" is a unit of its own: kilometres per hour.
    expect(readUnitAt("5 kmh", 1)?.info.symbol).toBe("km/h");
    expect(readUnitAt("7d9f", 1)).toBeNull();
    expect(readUnitAt("5 MBq", 1)).toBeNull();
    expect(readUnitAt("5 Mbps", 1)?.info.symbol).toBe("Mbps");
  });
});

describe("lookupCurrency", () => {
  it.each([
    ["$", "USD", []],
    ["US$", "USD", []],
    ["€", "EUR", []],
    ["£", "GBP", []],
    ["¥", "JPY", ["CNY"]],
    ["₹", "INR", []],
    ["USD", "USD", []],
    ["AED", "AED", []],
    ["CHF", "CHF", []],
    ["CNY", "CNY", []],
    ["euros", "EUR", []],
    ["元", "CNY", []],
  ] as const)("should read %j as %s", (surface, code, alternatives) => {
    expect(lookupCurrency(surface)).toEqual({ code, alternatives });
  });

  it.each(["ABC", "ALL", "PHP", "usd1"])("should not read %j as a currency", (surface) => {
    expect(lookupCurrency(surface)).toBeUndefined();
  });

  it("should keep USD and AED apart", () => {
    expect(lookupCurrency("USD")?.code).not.toBe(lookupCurrency("AED")?.code);
  });

  it("should recover the yen/yuan ambiguity from the surface", () => {
    expect(currencyCandidates("JPY", "¥5000")).toEqual(["JPY", "CNY"]);
    expect(currencyCandidates("JPY", "5000 JPY")).toEqual(["JPY"]);
    expect(currencyCandidates("USD", "$24.50")).toContain("AUD");
    expect(currencyCandidates("USD", "US$24.50")).toEqual(["USD"]);
    expect(currencyCandidates("USD", "24.50 USD")).toEqual(["USD"]);
  });
});

describe("readCurrencyBefore / readCurrencyAfter", () => {
  it("should read a code or symbol on either side of a number", () => {
    expect(readCurrencyBefore("EUR 2.4k", 4)).toEqual({ currency: { code: "EUR", alternatives: [] }, start: 0 });
    expect(readCurrencyBefore("cost $5", 6)?.start).toBe(5);
    expect(readCurrencyBefore("XUSD 5", 5)).toBeNull();
    expect(readCurrencyAfter("3450.0 USD", 6)?.currency.code).toBe("USD");
    expect(readCurrencyAfter("2,40 €", 4)?.currency.code).toBe("EUR");
    expect(readCurrencyAfter("5 the", 1)).toBeNull();
  });
});

describe("a bare m after a word of time", () => {
  it.each<[string, string, number]>([
    ["took 42m", "min", 42 * 60_000],
    ["timed out after 12m", "min", 12 * 60_000],
    ["finished in 7m", "min", 7 * 60_000],
    ["a 42m yacht", "m", 42],
    ["42m of cable", "m", 42],
  ])("should read %j in %s", (text, unit, value) => {
    const [q] = extractQuantities(text);
    expect([q?.unit, q?.value]).toEqual([unit, value]);
  });
});
