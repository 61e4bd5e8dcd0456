/**
 * A status word that plans an event ("scheduled to depart", "planned to ship") states a schedule, not the
 * entity's status: it is never "corrected" to the status field's value.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const cases: Array<[string, Record<string, unknown>, string]> = [
  [
    "The flight was scheduled to depart at 10:15.",
    { flight: "XY101", status: "delayed", scheduled_departure: "10:15" },
    "The flight was scheduled to depart at 10:15.",
  ],
  [
    "The nightly backup is scheduled to run at 02:00.",
    { job: "nightly-backup", status: "failed", schedule: "02:00" },
    "The nightly backup is scheduled to run at 02:00.",
  ],
  [
    "Order 5521 is planned to ship on 2026-03-02.",
    { order: "5521", status: "cancelled", ship_date: "2026-03-02" },
    "Order 5521 is planned to ship on 2026-03-02.",
  ],
];

describe("a status word that plans an event", () => {
  it.each(cases)("%j is not corrected to the status field", async (draft, record, output) => {
    const fw = new Firewall({ telemetry: false });
    fw.record({ source: "status_api", content: record });
    const report = await fw.verify(draft, { cite: false });
    expect(report.verdicts.flatMap((v) => v.corrections)).toEqual([]);
    expect(report.output).toBe(output);
  });

  it("still reads a status word that ends its phrase as the status", async () => {
    const fw = new Firewall({ telemetry: false });
    fw.record({ source: "status_api", content: { flight: "XY101", status: "delayed" } });
    const report = await fw.verify("Flight XY101 is cancelled.", { cite: false });
    expect(report.verdicts[0]!.verdict).toBe("contradicted");
  });
});
