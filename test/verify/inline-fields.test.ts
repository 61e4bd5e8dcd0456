import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { inlineFields, separatedFields, spacedFields } from "../../src/verify/inline-fields.js";

/** The key and value text of each inline field of a line. */
function pairs(line: string, from = 0): Array<[string, string]> {
  return inlineFields(line, from).map((f) => [f.key, line.slice(f.valueStart, f.valueEnd)]);
}

describe("inlineFields", () => {
  it.each<[string, Array<[string, string]>]>([
    [
      "new_signups=1000, refunds=12, churned_users=1020",
      [
        ["new_signups", "1000"],
        ["refunds", "12"],
        ["churned_users", "1020"],
      ],
    ],
    [
      "status=ok latency_ms=32 retries=3",
      [
        ["status", "ok"],
        ["latency_ms", "32"],
        ["retries", "3"],
      ],
    ],
    [
      'level=info msg="request done, 2 retries" port=8080',
      [
        ["level", "info"],
        ["msg", '"request done, 2 retries"'],
        ["port", "8080"],
      ],
    ],
    [
      "2026-05-01T10:00:02Z host=web-1 cpu=41.5",
      [
        ["host", "web-1"],
        ["cpu", "41.5"],
      ],
    ],
    [
      "total=$12.50; tax=$1.10",
      [
        ["total", "$12.50"],
        ["tax", "$1.10"],
      ],
    ],
  ])("should read the fields of %j", (line, expected) => {
    expect(pairs(line)).toEqual(expected);
  });

  it.each([
    ["See https://api.example.com/v2/offers?from=LIS&to=KEF&adults=1 for details"],
    ["Set retries=3 to retry."],
    ["a == b and c == d"],
    ["plain prose, with commas, and no pairs"],
  ])("should find no field list in %j", (line) => {
    expect(inlineFields(line)).toEqual([]);
  });

  it("should start after an offset and report offsets into the whole line", () => {
    const line = "October: refunds=12, churned_users=1020";
    const fields = inlineFields(line, "October: ".length);
    expect(fields.map((f) => line.slice(f.keyStart, f.valueEnd))).toEqual(["refunds=12", "churned_users=1020"]);
  });
});

describe("inline fields as evidence", () => {
  const metrics = "October: new_signups=1000, revenue_usd=1250000, refunds=12, returning_users=1480, churned_users=1020";

  it.each<[string, string, string[]]>([
    ["1,020 users churned.", "supported", []],
    ["Twelve hundred users churned.", "contradicted", ["1,020"]],
    ["There were 14 refunds.", "contradicted", ["12"]],
    ["1,400 users returned.", "contradicted", ["1,480"]],
  ])("should check %j against its own field of the line", async (claim, verdict, values) => {
    const fw = new Firewall();
    fw.record({ source: "monthly_metrics", content: metrics });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, values]);
  });

  it("should read each log line as its own entity", async () => {
    const fw = new Firewall();
    fw.record({ source: "orders.log", content: "order=ORD-1 total=10.50 status=in_transit\norder=ORD-2 total=20.00 status=delivered" });
    const report = await fw.verify("Order ORD-2 totals $10.50. Order ORD-1 totals $10.50. Order ORD-1 has been delivered. Order ORD-2 has been delivered.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported", "contradicted", "supported"]);
    expect(report.verdicts[0]!.corrections.map((c) => c.value)).toEqual(["$20.00"]);
  });
});

describe("several Key: value pairs on one report line", () => {
  it.each<[string, Array<[string, string]>]>([
    [
      "Log interval: 10 min   Readings: 196",
      [
        ["Log interval", "10 min"],
        ["Readings", "196"],
      ],
    ],
    [
      "Trip start: 03-Feb-2025 06:10   Trip stop: 04-Feb-2025 14:40   Duration: 1d 08h 30m",
      [
        ["Trip start", "03-Feb-2025 06:10"],
        ["Trip stop", "04-Feb-2025 14:40"],
        ["Duration", "1d 08h 30m"],
      ],
    ],
    [
      "Logger S/N: 1032284517     Shipment: PO 77-40918 (Vaccines)",
      [
        ["Logger S/N", "1032284517"],
        ["Shipment", "PO 77-40918 (Vaccines)"],
      ],
    ],
    // One pair, or wide spaces inside one value: no fields of their own.
    ["  Min: 2.6 °C at 03-Feb 22:50", []],
    ["Note: see  the  manual", []],
    ["Total  due: $40", []],
  ])("%j", (line, fields) => {
    expect(spacedFields(line).map((f) => [f.key, line.slice(f.valueStart, f.valueEnd)])).toEqual(fields);
  });

  it("should read each value under its own key", async () => {
    const fw = new Firewall();
    fw.record({ source: "logger", content: "Trip Report\nLog interval: 10 min   Readings: 196\nAlarm delay: 30 min   Battery: OK" });
    const v = (await fw.verify("The log interval was 5 minutes.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => c.value)).toEqual(["10 minutes"]);
  });
});

describe("separatedFields", () => {
  it.each<[string, number, Array<[string, string]>]>([
    [
      "Rates: $4.00/hr · Daily max $28.00 · Evening flat rate (entry after 6:00 PM) $10.00",
      7,
      [
        ["", "$4.00/hr"],
        ["Daily max", "$28.00"],
        ["Evening flat rate (entry after", "6:00 PM) $10.00"],
      ],
    ],
    [
      "Plan: Team • Seats 12 • Storage 500 GB",
      6,
      [
        ["Seats", "12"],
        ["Storage", "500 GB"],
      ],
    ],
    [
      "Build: passed | Tests 412 | Coverage 87%",
      7,
      [
        ["Tests", "412"],
        ["Coverage", "87%"],
      ],
    ],
    // A semicolon also parts a requirement from its condition: no fields.
    ['requires: typing-extensions>=4.7; python_version < "3.11"', 10, []],
    // Fewer than two parts with a figure, or none labelled: no fields.
    ["Status: open · assigned to Kim · 3 comments", 8, []],
    ["Sizes: 4 · 8 · 16", 7, []],
  ])("%j", (line, from, fields) => {
    expect(separatedFields(line, from).map((f) => [f.key, line.slice(f.valueStart, f.valueEnd)])).toEqual(fields);
  });

  it("should read each labelled figure under its own label", async () => {
    const fw = new Firewall();
    fw.record({ source: "garage", content: "Rates: $4.00/hr · Daily max $28.00 · Evening flat rate (entry after 6:00 PM) $10.00" });
    const report = await fw.verify("The daily max is $28. There is an $8 flat rate for entry after 6 PM.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
    expect(report.verdicts[1]!.corrections.map((c) => c.value)).toEqual(["$10"]);
  });
});
