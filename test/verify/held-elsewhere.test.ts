/**
 * A difference read from a field that no word beside the figure names is no correction when another field
 * of the claim's entity holds the figure's very value. Invented fleet.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

describe("a value another field of the entity holds", () => {
  const fleet = [
    { unit: "TR-7", status: "in_service", odometer_km: 412880, next_service_km: 420000 },
    { unit: "TR-8", status: "maintenance", odometer_km: 398410, next_service_km: 400000 },
  ];
  it.each<[string, string, string[]]>([
    // "service" names `next_service_km` from another phrase; the figure is the odometer's: not corrected.
    ["TR-7 is in service, at 412,880 km.", "supported", []],
    // A word beside the figure names the field: the difference stands.
    ["TR-7 is due for service at 412,880 km.", "contradicted", ["420,000 km"]],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    const fw = new Firewall();
    fw.record({ source: "fleet", content: fleet });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});
