import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// An invented HR reply: two elements of one array told apart by their kind field.
const LEAVE = {
  employee: { id: "E-7", name: "Ines Carvalho" },
  balances: [
    { type: "annual", entitled_days: 25, used_days: 11.5, remaining_days: 10.5 },
    { type: "sick", entitled_days: 10, used_days: 2, remaining_days: 8 },
  ],
};

describe("an element picked by the word of its kind field", () => {
  it.each<[string, string, string[]]>([
    // "annual leave" picks `type: annual`: the sick balance's 8 is no value of it.
    ["Ines has 8 days of annual leave remaining.", "contradicted", ["10.5 days"]],
    ["Ines has 10.5 days of annual leave remaining.", "supported", []],
    ["Ines has used 8 days of annual leave.", "contradicted", ["11.5 days"]],
    // A claim that names no kind picks no element.
    ["Ines has 8 days remaining.", "supported", []],
    // A kind written between each figure and its unit ("10.5 annual days") names that figure's own field.
    ["Ines has 10.5 annual days and 8 sick days left.", "supported", []],
    ["Ines has 8 annual days left.", "contradicted", ["10.5 annual days"]],
  ])("should read %j as %s", async (claim, verdict, corrections) => {
    expect(await verdictOf(LEAVE, claim, "hr.balances")).toEqual([verdict, corrections]);
  });
});
