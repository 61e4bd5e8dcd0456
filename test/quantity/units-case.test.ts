import { describe, expect, it } from "vitest";
import { lookupUnit } from "../../src/quantity/units.js";

describe("units written in capitals", () => {
  // Drug labels and lab reports write "10 MG", "5 ML", "2 KG": the same units as "mg", "mL", "kg".
  it.each([
    ["MG", "mg"],
    ["KG", "kg"],
    ["Kg", "kg"],
    ["ML", "mL"],
  ])("should read %j as %s", (surface, symbol) => {
    expect(lookupUnit(surface)?.symbol).toBe(symbol);
  });

  it("should keep the case that tells units apart", () => {
    expect(lookupUnit("MB")?.symbol).toBe("MB");
    expect(lookupUnit("mm")?.symbol).toBe("mm");
    expect(lookupUnit("MM")).toBeUndefined();
  });
});
