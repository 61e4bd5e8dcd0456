/**
 * Figures a claim states beside another field's value, which that value does not settle: a difference from
 * what the figure is compared with, a net figure, a total over a list's elements, a sum of two fields the
 * claim names together, a number a label names ("port 22"), and a reference's value (a county average, a
 * target) that no word names. Invented records.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

const fields = {
  farm: "Cedar Hollow",
  fields: [
    { field_id: "N-3", crop: "wheat", yield_bu_per_acre: 71.0, county_avg_bu_per_acre: 64.0, area_acres: 80 },
    { field_id: "S-9", crop: "barley", yield_bu_per_acre: 58.0, county_avg_bu_per_acre: 62.5, area_acres: 45 },
  ],
};
const show = { show: "Low Tide Radio", totals: { followers_gained: 410, followers_lost: 96, downloads: 21000 } };
const pipeline = {
  pipeline: 9021,
  stages: [
    { name: "unit", passed: 812, skipped: 11 },
    { name: "integration", passed: 140, skipped: 4 },
  ],
};
const receipt = `E-FILING RECEIPT
Envelope ID:          EF-77
Court Filing Fee:     $350.00
E-Filing Service Fee: $9.50
Card Processing Fee:  $10.75
Total Charged:        $370.25`;
const ssh = `PLAY RECAP
fatal: [db-02]: UNREACHABLE! => connect to host 10.1.0.12 port 22: Connection timed out
db-01 : ok=3 changed=1 failed=0`;
const quotes = {
  quotes: [
    { installer: "Northlight Solar", system_kw: 8.4, total_usd: 25920, warranty_years: 25 },
    { installer: "Coastal", system_kw: 8.2, total_usd: 22440, warranty_years: 10 },
  ],
};
const toner = { printers: [{ id: "PR-1", state: "idle", toner_black_pct: 62, target_black_pct: 20 }] };

describe("figures the compared value does not settle", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // "above the county average": 7 is a difference from 64, no value of it.
    ["a difference from the compared field", fields, "N-3's wheat came in 7 bushels above the county average.", "unsupported", []],
    ["a difference ending its clause", fields, "S-9's barley yield is 4.5 bushels back.", "unsupported", []],
    // The difference of the two totals, which the claim computes.
    ["a comparative after the figure", quotes, "Northlight Solar costs $3,480 more than Coastal.", "supported", []],
    ["a wrong comparative", quotes, "Northlight Solar costs $2,480 more than Coastal.", "unsupported", []],
    ["a comparative ending its clause", quotes, "Northlight Solar costs $2,480 more, but it has a 25-year warranty.", "unsupported", []],
    ["the amount itself", quotes, "Northlight Solar costs $25,920.", "supported", []],
    ["the county's value where the claim names the field's", fields, "N-3's wheat yielded 64 bushels per acre.", "contradicted", ["71"]],
    // "averaged" names `avg`, not `county`: the field's own 71.0 is the figure's.
    ["a reference's value no word names", fields, "N-3's wheat averaged 71 bushels per acre.", "supported", []],
    ["a net figure against the gross field", show, "Low Tide Radio had a net gain of 314 followers.", "unsupported", []],
    ["the gross field itself", show, "Low Tide Radio gained 410 followers.", "supported", []],
    // 15 skipped in total over two stages: one stage's 4 does not settle it.
    // "service and card fees": the two fields the claim names, added up.
    ["a sum of two fields named together", receipt, "Service and card fees came to $20.25.", "supported", []],
    ["one of the two fields", receipt, "The service fee was $9.50.", "supported", []],
    // "port 22" is a port's number, no count of hosts.
    ["a number a label names", ssh, "The play reached 2 hosts.", "unsupported", []],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });

  // The clause after the comma is its own claim: its figure is a total over both stages.
  it.each<[string, string]>([
    ["The integration stage passed 140 tests, with 15 skipped in total.", "supported"],
    ["The integration stage passed 140 tests, with 17 skipped in total.", "unsupported"],
  ])("should read a total over a list's elements, %j, as %s", async (draft, verdict) => {
    const fw = new Firewall({ tiers: ["exact", "lexical"] });
    fw.record({ source: "ci", content: pipeline });
    expect((await fw.verify(draft)).verdicts.at(-1)!.verdict).toBe(verdict);
  });

  it("should still correct a field the claim names outright", async () => {
    expect(await verdictOf(toner, "PR-1 has 20% black toner left.")).toEqual(["contradicted", ["62%"]]);
  });
});

/** Whole answers an agent wrote, each right: no claim of them may be reported contradicted. */
describe("right answers with compared, net and total figures", () => {
  const farm = {
    farm: "Cedar Hollow",
    fields: [
      { field_id: "N-3", crop: "wheat", area_acres: 80, yield_bu_per_acre: 71.0, county_avg_bu_per_acre: 64.0 },
      { field_id: "S-9", crop: "barley", area_acres: 45, yield_bu_per_acre: 58.0, county_avg_bu_per_acre: 62.5 },
    ],
  };
  const podcast = { show: { id: "s1", title: "Low Tide Radio" }, totals: { downloads: 21000, followers_gained: 410, followers_lost: 96 } };
  const ci = {
    pipeline: 9021,
    stages: [
      { name: "unit-tests", jobs: [{ name: "unit", passed: 812, skipped: 11 }] },
      { name: "integration-tests", jobs: [{ name: "integration", passed: 140, skipped: 4 }] },
    ],
  };
  it.each<[string, unknown, string]>([
    [
      "a reference's value and a difference from it",
      farm,
      "Cedar Hollow's wheat on N-3 averaged 71 bu/acre across 80 acres, 7 bushels above the county average.",
    ],
    ["a net figure", podcast, "The show gained 410 followers and lost 96, a net gain of 314."],
    ["a total over two stages", ci, "Tests passed: 812 unit tests and 140 integration tests, with 15 skipped in total."],
  ])("%s: no claim of %j is contradicted", async (_, evidence, draft) => {
    const fw = new Firewall({ tiers: ["exact", "lexical"] });
    fw.record({ source: "tool", content: evidence as never });
    const verdicts = (await fw.verify(draft)).verdicts;
    expect(verdicts.filter((v) => v.verdict === "contradicted").map((v) => v.corrections.map((c) => c.value))).toEqual([]);
  });
});
