import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// A row of figures whose header no table reader bound (a preamble above it, a ruled line below) names no
// number's slot: it supports a figure it holds, and contradicts none.
const garage = [
  "CITY CENTER GARAGE — LIVE OCCUPANCY                       Updated: 2024-12-06 17:45:12 PST",
  "Rates: $4.00/hr · Daily max $28.00",
  "",
  "LEVEL   TYPE             CAPACITY   OCCUPIED   AVAILABLE   EV FREE/TOTAL   STATUS",
  "P2      General               240        201          39         3/12      OPEN",
  "ROOF    General               150         37         113         0/0       OPEN",
  "------  --------------   --------   --------   ---------",
  "TOTAL                         930        664         266",
].join("\n");

describe("rows of figures without a bound header", () => {
  it("should not correct a derived count to a number of some row", async () => {
    const [verdict, corrections] = await verdictOf(garage, "For a regular driver there are 218 open spots.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should still support a figure a row holds", async () => {
    expect((await verdictOf(garage, "The roof level has 113 spots available."))[0]).toBe("supported");
  });

  it("should keep reading `key: value` cells of one line", async () => {
    const quote = "Schlusskurs: 1.410,00 CNY | Rendite: 17,93 % | Volumen: 1.000 Lots";
    expect(await verdictOf(quote, "The stock traded 1,250 lots.", "broker")).toEqual(["contradicted", ["1,000"]]);
  });
});

describe("conversion factors", () => {
  it("should not correct a converted figure to the factor of a definition", async () => {
    const rates = "Usage is billed in CCF (1 CCF = 100 cubic feet = 748 gallons). Tier 1: first 10 CCF at $4.12/CCF.";
    const [verdict, corrections] = await verdictOf(rates, "16.4 CCF is roughly 12,270 gallons.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});
