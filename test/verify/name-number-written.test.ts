import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

const RESULTS =
  "County results\n\nDISTRICT  CANDIDATE       VOTES   PCT\n--------  --------------  ------  ------\nD1        Mara Quill      14,882  52.3%\nD1        Tobin Reyes     13,571  47.7%\nD2        Ansel Patil      9,204  61.0%\nD2        Colm Byrne       5,880  39.0%\nD3        Dena Okoro      18,430  100.0%\n";

describe("a number that is part of a name the evidence writes", () => {
  it.each<[string, string]>([
    // "District 3" is written "D3" in the row of the claim's other name.
    ["Dena Okoro ran unopposed in District 3.", "supported"],
    ["Mara Quill leads Tobin Reyes in District 1.", "supported"],
    // Another row's district, or one the evidence never writes, is not found: the claim stays open.
    ["Mara Quill leads in District 2.", "unsupported"],
    ["Dena Okoro ran unopposed in District 4.", "unsupported"],
  ])("should read %j as %s", async (claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "results_summary", content: RESULTS });
    const [got, corrections] = await check(fw, claim);
    expect(got).toBe(verdict);
    expect(corrections).toEqual([]);
  });
});

// Invented catalogue records that write a code over two fields (`dept: BIOL`, `number: "3140"`).
const CATALOGUE = {
  sections: [
    { dept: "BIOL", number: "3140", title: "Marine Ecology", seats_open: 5 },
    { dept: "GEOL", number: "2205", title: "Field Mapping", seats_open: 0 },
  ],
};
const SECTION = { dept: "HIST", number: "1010", title: "World History I", seats_open: 12 };

describe("a code the evidence writes over two fields of one element", () => {
  it.each<[string, unknown, string]>([
    ["Marine Ecology is BIOL 3140.", CATALOGUE, "supported"],
    ["World History I is HIST 1010.", SECTION, "supported"],
    // Another element's number, or a number no field writes, stays open and is never corrected.
    ["Marine Ecology is BIOL 2205.", CATALOGUE, "unsupported"],
    ["World History I is HIST 1020.", SECTION, "unsupported"],
  ])("should read %j as %s", async (claim, evidence, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "catalogue", content: evidence as never });
    const [got, corrections] = await check(fw, claim);
    expect(got).toBe(verdict);
    expect(corrections).toEqual([]);
  });
});
