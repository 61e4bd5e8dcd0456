import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

/**
 * A figure in a claim's carried label ("The two Wi-Fi tests: with jitter up to 6.8 ms") is the draft's figure
 * of another claim: it names whose value the claim states, is checked where the draft states it, and does not
 * leave the claim that carries it unsettled.
 */
const tests = {
  tests: [
    { id: 1, link: "ethernet", down_mbps: 471, jitter_ms: 1.2 },
    { id: 2, link: "ethernet", down_mbps: 464, jitter_ms: 0.9 },
    { id: 3, link: "wifi", down_mbps: 182, jitter_ms: 6.8 },
    { id: 4, link: "wifi", down_mbps: 209, jitter_ms: 4.1 },
  ],
};

async function claimsOf(draft: string): Promise<Array<[string, string]>> {
  const fw = new Firewall();
  fw.record({ source: "speedtest.history", content: tests });
  const report = await fw.verify(draft);
  return report.claims.map((c, i) => [c.text, report.verdicts[i]!.verdict]);
}

describe("figures of a carried label", () => {
  it("should check the phrase's own figure and leave the label's figure to the claim that states it", async () => {
    const claims = await claimsOf("The two Wi-Fi tests were much slower, around 182 and 209 Mbps, with jitter up to 6.8 ms.");
    const phrase = claims.find(([text]) => text.endsWith("with jitter up to 6.8 ms."));
    expect(phrase).toEqual(["The two Wi-Fi tests: with jitter up to 6.8 ms.", "supported"]);
  });

  it("should not let a label stand in for a figure the phrase gets wrong", async () => {
    const claims = await claimsOf("The two Wi-Fi tests were much slower, with jitter peaking at 9.8 ms.");
    expect(claims.some(([, verdict]) => verdict === "supported")).toBe(false);
  });
});

describe("numbers under a temperature key", () => {
  const robot = { robots: [{ id: "AMR-0117", state: "charging", battery_pct: 23, battery_temp_c: 38.5 }] };
  it.each<[string, string]>([
    // 38% is no reading of 38.5 °C: the percentage is the battery's, which says 23.
    ["AMR-0117 is charging at 38%.", "unsupported"],
    ["AMR-0117's battery temperature is 38.5 °C.", "supported"],
    ["AMR-0117's battery is at 23%.", "supported"],
  ])("%j is %s", async (draft, verdict) => {
    expect((await verdictOf(robot, draft))[0]).toBe(verdict);
  });
});

describe("a weekday that is not its day's own", () => {
  const visits = {
    appointments: [
      { id: "A-1", clinic: "Westbrook", scheduled_start: "2024-11-12T16:30:00-06:00", reminder_at: "2024-11-11T16:30:00-06:00" },
      { id: "A-2", clinic: "Northfield", scheduled_start: "2024-05-06T09:15:00-05:00" },
    ],
  };
  it.each<[string, string, string, Array<[string, string]>]>([
    // 2024-11-12 is a Tuesday: whatever field holds the day, only the weekday is wrong.
    ["a wrong weekday", "The Westbrook visit is booked for Wednesday 12 November.", "contradicted", [["Wednesday", "Tuesday"]]],
    ["the right weekday", "The Westbrook visit is booked for Tuesday 12 November.", "supported", []],
  ])("%s: %j is %s", async (_why, draft, verdict, corrections) => {
    const fw = new Firewall();
    fw.record({ source: "appointments", content: visits });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => [c.wrong, c.value])]).toEqual([verdict, corrections]);
  });

  it("should leave the weekday open when another date of the record falls on it within days", async () => {
    const fw = new Firewall();
    // 2024-11-11 (the reminder) is a Monday: "Monday 12 November" may mean either day.
    fw.record({ source: "appointments", content: visits });
    const v = (await fw.verify("The Westbrook visit is booked for Monday 12 November.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
  });
});

describe("a measure's slot named by its unit's words alone", () => {
  // Invented trip report: "intervals" names `Log interval`; "min" and "time" name every duration line.
  const report = "Log interval: 10 min   Readings: 196\nTime above 8.0 °C: 40 min (4 readings, 04-Feb 11:00–11:40)\nTime below 2.0 °C: 0 min\n";
  it.each<[string, string, string[]]>([
    // The vocabulary ranks `Time below` first, the claim's words name `Log interval`: no correction to 0 min.
    ["The logger took 196 readings at 5-minute intervals.", "unsupported", []],
    ["The log interval is 5 minutes.", "contradicted", ["10 minutes"]],
  ])("%j is %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(report, draft)).toEqual([verdict, corrections]);
  });
});

describe("a neighbouring field's value under a key with a unit", () => {
  // Invented freight record: the claim names `gross_weight_kg` outright; 5,875 is `net_weight_kg`'s.
  const freight = { shipment_id: "SHP-7", gross_weight_kg: 6230, net_weight_kg: 5875 };
  it.each<[string, string, string[]]>([
    ["The gross weight is 5,875 kg.", "contradicted", ["6,230 kg"]],
    ["The net weight is 5,875 kg.", "supported", []],
    ["The gross weight is 6,230 kg.", "supported", []],
  ])("%j is %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(freight, draft)).toEqual([verdict, corrections]);
  });
});
