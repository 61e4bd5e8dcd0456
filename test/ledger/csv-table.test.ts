import { describe, expect, it } from "vitest";
import { csvRows, csvWithPreamble, declaredCsvTable } from "../../src/ledger/csv-table.js";
import { toEvidenceText } from "../../src/ledger/evidence-text.js";
import { Firewall } from "../../src/index.js";

describe("csvRows", () => {
  it.each([
    [
      "sample,alloy,yield_mpa\nB1,2024,250\nB2,5083,215\n",
      [
        { sample: "B1", alloy: "2024", yield_mpa: "250" },
        { sample: "B2", alloy: "5083", yield_mpa: "215" },
      ],
    ],
    ["host\tcpu_pct\tmem_pct\nweb-1\t41.5\t63\n", [{ host: "web-1", cpu_pct: "41.5", mem_pct: "63" }]],
    ['name,note,qty\n"Bolt, M6","in stock",40\n', [{ name: "Bolt, M6", note: "in stock", qty: "40" }]],
  ])("should read %j as a table", (text, rows) => {
    expect(csvRows(text)).toEqual(rows);
  });

  it.each([
    ["Hello, world.\nSee you, soon."],
    ["one line, no rows"],
    ["a,b\n1,2\n"],
    ["name,qty\nbolt,4,extra\nnut,5\n"],
    ["first,second,third\nno,figures,here\n"],
    ["This is a sentence, with commas, everywhere.\nAnd another, with, more.\n"],
  ])("should leave %j as text", (text) => {
    expect(csvRows(text)).toBeNull();
  });
});

describe("a CSV tool output as evidence", () => {
  it("should flatten a table's rows under their column names", () => {
    const ev = toEvidenceText("sample,yield_mpa\nB1,250\nB2,215\n", "labdb.query");
    expect(ev.format).toBe("json");
    expect(ev.text).toContain("[1].yield_mpa: 215");
  });

  it("should check a figure against its own row's column", async () => {
    const fw = new Firewall();
    fw.record({ source: "labdb.query", content: "sample,alloy,yield_mpa,elongation_pct\nB1,2024,250,12.0\nB2,5083,215,16.5\n" });
    const report = await fw.verify("Sample B2 has a yield strength of 215 MPa. Sample B1 has an elongation of 16.5%.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
    expect(report.verdicts[1]!.corrections.map((c) => c.value)).toEqual(["12.0%"]);
  });
});

describe("csvWithPreamble", () => {
  const exported = [
    "Fund: Harborview Balanced Income Fund - Class A (HBIAX)",
    "As of: 2024-06-28",
    "Gross Expense Ratio: 0.92% | Net Expense Ratio: 0.85%",
    "Daily prices, USD",
    "",
    "Date,NAV,Change,% Change",
    "2024-06-28,24.82,-0.06,-0.24%",
    "2024-06-27,24.88,0.11,0.44%",
  ].join("\n");

  it("should read the title's fields as fields, its other lines as notes, and the table as rows", () => {
    expect(csvWithPreamble(exported)).toEqual({
      Fund: "Harborview Balanced Income Fund - Class A (HBIAX)",
      "As of": "2024-06-28",
      "Gross Expense Ratio": "0.92%",
      "Net Expense Ratio": "0.85%",
      notes: ["Daily prices, USD"],
      rows: [
        { Date: "2024-06-28", NAV: "24.82", Change: "-0.06", "% Change": "-0.24%" },
        { Date: "2024-06-27", NAV: "24.88", Change: "0.11", "% Change": "0.44%" },
      ],
    });
  });

  it("should leave prose with commas and a table with no preamble alone", () => {
    expect(csvWithPreamble("We met on Monday, then again on Friday.\nIt went well, mostly.\nMore text, here.\nAnd more, there.")).toBeNull();
    expect(csvWithPreamble("a,b\n1,2\n3,4\n")).toBeNull();
  });
});

describe("declaredCsvTable", () => {
  it.each([
    [
      "name,city\nAnn,Paris\nBo,Oslo\n",
      [
        { name: "Ann", city: "Paris" },
        { name: "Bo", city: "Oslo" },
      ],
    ],
    ["city,population\nOslo,709000\n", [{ city: "Oslo", population: "709000" }]],
    ["name;qty\nbolt;4\n", [{ name: "bolt", qty: "4" }]],
    ["name\tqty\nbolt\t4\n", [{ name: "bolt", qty: "4" }]],
    ["status\nok\nfailed\n", [{ status: "ok" }, { status: "failed" }]],
    ["name,qty\n", []],
    ["", []],
  ])("should read the declared table %j", (text, rows) => {
    expect(declaredCsvTable(text, "db.query")).toEqual(rows);
  });

  it.each([
    ["name,qty\nbolt,4,extra\n", /Invalid Record Length/],
    ["name,name\nbolt,4\n", /names a column twice or leaves one empty/],
    ["name,,qty\nbolt,4,5\n", /names a column twice or leaves one empty/],
    ['name,qty\n"bolt,4\n', /Quote Not Closed|quote/i],
  ])("should refuse %j with a message that says what to do", (text, why) => {
    expect(() => declaredCsvTable(text, "db.query")).toThrow(why);
    expect(() => declaredCsvTable(text, "db.query")).toThrow(/declared a CSV table but is not one .*record it as text/);
  });

  it("should keep the text and record it as rows of named columns", () => {
    const ev = toEvidenceText("city,population\nOslo,709000\n", "cities", { format: "csv" });
    expect(ev).toEqual({ format: "json", content: "city,population\nOslo,709000\n", text: "[0].city: Oslo\n[0].population: 709000" });
  });
});
