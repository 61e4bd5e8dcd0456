import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { claimClockTimes, clockAgrees, evidenceClockTimes } from "../../src/verify/clock-times.js";

describe("clock times of a claim", () => {
  it.each([
    ["accepted at 09:14 UTC", "09:14 UTC", [554], "utc", false],
    ["delivered at 7:58 pm.", "7:58 pm", [1198], null, false],
    ["opens at 7:58p.m. today", "7:58p.m.", [1198], null, false],
    ["from 7 PM until late", "7 PM", [1140], null, false],
    ["the 10:55 sailing", "10:55", [655, 1375], null, false],
    ["around 10:41 she left", "10:41", [641, 1361], null, true],
    ["created at 1:42 PM Eastern", "1:42 PM Eastern", [822], "other", false],
  ])("%j", (text, written, minutes, zone, approx) => {
    const [t] = claimClockTimes(text);
    expect(text.slice(t!.span[0], t!.span[1])).toBe(written);
    expect([t!.minutes, t!.zone, t!.approx]).toEqual([minutes, zone, approx]);
  });

  it.each(["a 3:1 ratio", "in 16:9 format", "at 7 on Friday", "ISBN 12:345", "25:10 is no time", "9:75 either"])("%j states no time", (text) => {
    expect(claimClockTimes(text)).toEqual([]);
  });
});

describe("clock times of evidence", () => {
  it.each<[string, number[], Array<number | null>]>([
    ["2024-08-21T09:14:02.118Z  accepted", [554], [554]],
    ['delivered_at: "2024-07-12T19:58:10-04:00"', [1198], [1438]],
    ["2024-06-20 06:00:00", [360], [null]],
    // "08:45" is a 24-hour clock; "10:20" may be morning or evening.
    ["departs 08:45, arrives 10:20", [525, 620, 1340], [null, null, null]],
    ["activity[0].time: 143207", [872], [null]],
  ])("%j", (text, local, utc) => {
    const found = evidenceClockTimes(text);
    expect(found.map((c) => c.local)).toEqual(local);
    expect(found.map((c) => c.utc)).toEqual(utc);
  });

  it("should agree to the minute, within a few minutes when hedged, and within half an hour for a hedged round hour", () => {
    const at = (local: number, utc: number | null = null) => ({ span: [0, 0] as [number, number], local, utc, zoned: utc !== null });
    const [exact] = claimClockTimes("at 9:14");
    const [hedged] = claimClockTimes("around 9:14");
    const [hour] = claimClockTimes("about 3 PM UTC");
    expect([clockAgrees(exact!, at(554)), clockAgrees(exact!, at(555)), clockAgrees(exact!, at(1274))]).toEqual([true, false, true]);
    expect([clockAgrees(hedged!, at(558)), clockAgrees(hedged!, at(560))]).toEqual([true, false]);
    // A UTC claim reads a timestamp's UTC clock, not the clock written in another zone.
    expect([clockAgrees(hour!, at(920, 912)), clockAgrees(hour!, at(912, 1152))]).toEqual([true, false]);
  });
});

describe("times of day in verification", () => {
  function mail(): Firewall {
    const fw = new Firewall();
    fw.record({
      source: "mail_events",
      content:
        "2024-08-21T09:14:02.118Z  accepted   msg=<a1@mg.example>\n2024-08-21T10:14:11.660Z  delivered  mx=mx1.example.com\n2024-08-21T10:31:20.005Z  opened     client=Outlook",
    });
    fw.record({
      source: "orders",
      content: { order: { status: "delivered", placed_at: "2024-07-12T19:02:44-04:00", delivered_at: "2024-07-12T19:58:10-04:00" } },
    });
    return fw;
  }

  it.each([
    ["It was accepted at 09:14 UTC.", "supported"],
    ["The order was delivered at 7:58 pm.", "supported"],
    ["The order was placed at 7:02 PM.", "supported"],
    // A time of day no record states is not supported by the words around it.
    ["The message was opened at 10:41 UTC.", "unsupported"],
    ["The order was placed at 7:20 PM.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    const v = (await mail().verify(claim)).verdicts[0]!;
    expect(v.verdict).toBe(verdict);
    // A time is never corrected: which event, and which zone, stays open.
    expect(v.corrections).toEqual([]);
  });

  it("should leave a time that a zone or a local clock may explain to the words", async () => {
    const fw = new Firewall();
    fw.record({ source: "plow", content: { street: "Orchard Ave", last_plowed: "2025-01-20T19:02:10Z" } });
    // 2:02 pm in a zone five hours behind UTC: the minutes agree, so absence settles nothing.
    const v = (await fw.verify("Orchard Ave was last plowed at 2:02 pm on the 20th.")).verdicts[0]!;
    expect(v.trace.map((t) => t.note).join(" ")).not.toMatch(/not found in any evidence: 2:02/);
  });
});

describe("a time in a region's zone", () => {
  // A calendar's events: one written in UTC, one with its Pacific offset.
  const calendar = {
    timeZone: "America/Los_Angeles",
    items: [
      { summary: "Design crit", start: { dateTime: "2024-10-10T16:00:00Z" } },
      { summary: "Roadmap review", start: { dateTime: "2024-10-09T10:00:00-07:00" } },
    ],
  };
  it.each([
    // 16:00Z is 9:00 am in Los Angeles in October (daylight time); 10:00-07:00 is 10:00 am there.
    ["The Design crit is at 9:00 am Pacific.", true],
    ["The Roadmap review starts at 10:00 am PT.", true],
    ["The Roadmap review starts at 1:00 pm Eastern.", true],
    // The UTC clock, or the clock of another zone, named as Pacific: no record states it.
    ["The Design crit is at 4:00 pm Pacific.", false],
    ["The Roadmap review starts at 5:00 pm Pacific.", false],
  ])("%j found: %s", async (claim, found) => {
    const fw = new Firewall();
    fw.record({ source: "calendar", content: calendar });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(/not found in any evidence: \d/.test(v.trace.map((t) => t.note).join(" "))).toBe(!found);
    expect(v.verdict).not.toBe(found ? "contradicted" : "supported");
    expect(v.corrections).toEqual([]);
  });
});

describe("times of day bound to what the claim times", () => {
  // A parcel's tracking record (local times with their offset) and a hub's scan log (one moment a line).
  function parcel(): Firewall {
    const fw = new Firewall();
    fw.record({
      source: "tracking",
      content: {
        parcel: "QX-5501",
        status: "delivered",
        events: [
          { ts: "2025-05-02T08:10:00+02:00", event: "out_for_delivery", depot: "Kessel" },
          { ts: "2025-05-02T15:36:00+02:00", event: "delivered", town: "Ardmoor" },
        ],
      },
    });
    fw.record({
      source: "hub_scans",
      content:
        "Kessel depot scans\n2025-05-01 20:12 ARRIVED parcel=QX-5501 bay=3\n2025-05-01 22:40 SORTED parcel=QX-5501 lane=9\n2025-05-02 05:55 LOADED parcel=QX-5501 van=V-12",
    });
    return fw;
  }

  it.each([
    ["The parcel was delivered at 3:36 pm.", "supported"],
    // A record written with its own offset states the local time: another hour with the same minutes is no
    // local reading of it, and the claim's other figures do not carry the time.
    ["The parcel was delivered at 4:36 pm.", "unsupported"],
    // 20:12 is the ARRIVED line's; the SORTED line states 22:40.
    ["It was sorted at 20:12.", "unsupported"],
    ["It was sorted at 22:40.", "supported"],
    // The span between two moments the claim names, not between any two lines that share its subject.
    ["The parcel waited about 2 hours 28 minutes between arriving and being sorted.", "supported"],
    ["It was out for delivery for about 2 hours 28 minutes.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    const v = (await parcel().verify(claim)).verdicts[0]!;
    expect(v.verdict).toBe(verdict);
    expect(v.corrections).toEqual([]);
  });
});

describe("a pipeline run's times and status", () => {
  function pipeline(): Firewall {
    const fw = new Firewall();
    fw.record({
      source: "ci_get_pipeline_run",
      content: {
        run_id: 5120,
        status: "failed",
        jobs: [
          { name: "lint", status: "success", started_at: "2025-03-04T11:02:10+01:00", finished_at: "2025-03-04T11:05:40+01:00" },
          { name: "e2e-tests", status: "failed", started_at: "2025-03-04T11:05:55+01:00", finished_at: "2025-03-04T11:31:02+01:00" },
        ],
      },
    });
    fw.record({ source: "pager", content: { incident: "INC-77", opened_at: "2025-03-04T10:40:00Z" } });
    return fw;
  }

  it.each([
    ["The e2e-tests job started at 11:05 local time.", "supported"],
    // "local time" is the clock the record writes: another hour is no reading of it, and the job's name does
    // not carry the time.
    ["The e2e-tests job started at 12:05 local time.", "unsupported"],
    // Without a zone the clock reads as written or in UTC (10:05), nothing else.
    ["The e2e-tests job started at 10:05.", "supported"],
    ["The e2e-tests job started at 09:05.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    expect((await pipeline().verify(claim)).verdicts[0]!.verdict).toBe(verdict);
  });

  it("should read a run's status for a claim whose subject noun is three letters ('Run 5120 succeeded')", async () => {
    const v = (await pipeline().verify("Run 5120 succeeded.")).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual(["contradicted", ["failed"]]);
  });
});
