import { describe, expect, it } from "vitest";
import { csvRows } from "../../src/ledger/csv-table.js";
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
