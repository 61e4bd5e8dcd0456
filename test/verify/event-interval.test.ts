import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { momentsOf } from "../../src/verify/event-interval.js";

// A span between two moments a tool recorded, when the claim states it: supported where two moments the claim
// names are that far apart, never contradicted (which two moments the claim measures is open).
function session(): Firewall {
  const fw = new Firewall();
  fw.record({
    source: "cold_room_log",
    content: [
      "2025-03-02T01:00:00Z room=B probe=B-1 temp_c=-21.9 hatch=closed",
      "2025-03-02T01:52:10Z room=B EVENT hatch_open bay=7 by=loader-3",
      "2025-03-02T02:04:40Z room=B ALARM warm threshold=-18.0 reading=-17.1",
      "2025-03-02T02:19:05Z room=B EVENT hatch_closed bay=7",
      "2025-03-02T02:35:30Z room=B ALARM_CLEAR warm reading=-18.6",
    ].join("\n"),
  });
  fw.record({
    source: "jobs",
    content: { jobs: [{ id: "job-77", kind: "reindex", started_at: "2025-03-02T04:00:12Z", finished_at: "2025-03-02T04:41:30Z" }] },
  });
  return fw;
}

describe("event intervals", () => {
  it.each([
    ["The hatch stayed open for about 27 minutes.", "supported"],
    ["The warm alarm lasted about 31 minutes.", "supported"],
    ["The reindex job took about 41 minutes.", "supported"],
    // No two moments the claim names are that far apart: unsupported, never "corrected" to another span.
    ["The hatch stayed open for about 45 minutes.", "unsupported"],
    ["The reindex job took about 12 minutes.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    const v = (await session().verify(claim)).verdicts[0]!;
    expect(v.verdict).toBe(verdict);
    expect(v.corrections).toEqual([]);
  });

  it("should read each moment with the words of its line, or of its array element", () => {
    const log = momentsOf("2025-03-02T01:52:10Z EVENT hatch_open\n09:15 coffee");
    expect(log.map((m) => [m.dated, [...m.words].includes("hatch") || [...m.words].includes("coffe")])).toEqual([
      [true, true],
      [false, true],
    ]);
    const rows = momentsOf("jobs[0].kind: reindex\njobs[0].started_at: 2025-03-02T04:00:12Z");
    expect([...rows[0]!.words]).toContain("reindex");
  });
});
