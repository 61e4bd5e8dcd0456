/**
 * How far a record reaches: an array element whose lines the ledger cuts into two chunks is still one
 * entity; a key's two words written as one name it; an approximate claim is corrected by the evidence's own
 * numeral, not a rounding. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

/** Issues; the last one's description is long enough that the ledger's chunks cut through its element. */
function tracker(assignees: Array<[string, string, string]>) {
  return {
    data: {
      issues: assignees.map(([id, owner, due], k) => ({
        identifier: id,
        title: `Long title of issue number ${k} that describes the work in a sentence or two, as trackers do`,
        description: "x".repeat(k === assignees.length - 1 ? 1100 : 40),
        state: { name: k === 0 ? "In Review" : "In Progress", type: "started" },
        assignee: { name: owner },
        labels: [{ name: "backend" }, { name: "billing" }],
        dueDate: due,
      })),
    },
  };
}

describe("an element cut across chunks is one entity", () => {
  const record = tracker([
    ["OPS-11", "Mara Lind", "2024-05-24"],
    ["OPS-12", "Tom Ek", "2024-06-02"],
    ["OPS-13", "Mara Lind", "2024-05-31"],
  ]);
  it.each<[string, string, string[]]>([
    // The name picks the first and the last issue, whose assignee line lies in another chunk than its first line.
    ["One issue of Mara Lind is due May 31.", "supported", []],
    ["In Progress, due May 31, and assigned to Mara Lind.", "supported", []],
    ["One issue of Mara Lind is due May 24.", "supported", []],
    ["Mara Lind's issue OPS-13 is due June 4.", "contradicted", ["May 31, 2024"]],
  ])("%s → %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(record, draft)).toEqual([verdict, corrections]);
  });
});

describe("a key's two words written as one word name it", () => {
  const zone = { date: "2024-05-22", sum: { requests: 1843210, pageViews: 203118, cached_requests: 1290247 } };
  it.each<[string, string, string[]]>([
    ["The zone's pageviews came to 203,118.", "supported", []],
    ["The zone's pageviews came to 230,118.", "contradicted", ["203,118"]],
    ["There were 1,290,247 cachedrequests.", "supported", []],
  ])("%s → %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(zone, draft)).toEqual([verdict, corrections]);
  });
});

describe("an approximate claim is corrected by the evidence's own numeral", () => {
  const zone = { sum: { requests: 1843210, pageViews: 203118 } };
  it.each<[string, string[]]>([
    ["The zone's pageviews came to about 230k.", ["203,118"]],
    ["The zone's pageviews came to roughly 250,000.", ["203,118"]],
  ])("%s → %j", async (draft, corrections) => {
    expect(await verdictOf(zone, draft)).toEqual(["contradicted", corrections]);
  });

  it("should keep the claim's unit word when the numeral is the evidence's own", async () => {
    expect(await verdictOf({ Package: "jq", "Installed-Size": 480, Size: 64432 }, "Installed, jq takes about 4.8 MB.")).toEqual(["contradicted", ["480 KB"]]);
  });
});

describe("an element named in a nested list is one entity across passages", () => {
  /** Instances whose name is a tag, with a long field between their state and their tags. */
  const instances = {
    Reservations: [
      {
        ReservationId: "r-0a1",
        Instances: [
          ["i-01", "running", "web-1"],
          ["i-02", "stopped", "web-2"],
        ].map(([id, state, name]) => ({
          InstanceId: id,
          State: { Code: state === "running" ? 16 : 80, Name: state },
          UserData: "ab".repeat(500),
          Placement: { AvailabilityZone: "eu-west-1a" },
          Tags: [{ Key: "Name", Value: name }],
        })),
      },
    ],
  };
  it.each<[string, string, string[]]>([
    ["web-2 is stopped.", "supported", []],
    ["web-1 is running.", "supported", []],
    // web-1's state is no reading of web-2's, wherever the ledger cuts web-2's element.
    ["web-2 is running.", "unsupported", []],
  ])("%s → %s", async (draft, verdict, corrections) => {
    expect(await verdictOf(instances, draft)).toEqual([verdict, corrections]);
  });
});

describe("a name in an element's own lines names it, not its siblings under a record that names both", () => {
  const fixture = {
    response: [
      {
        teams: { home: { name: "Rovers" }, away: { name: "United" } },
        statistics: [
          {
            team: { name: "Rovers" },
            statistics: [
              { type: "Total Shots", value: 10 },
              { type: "Ball Possession", value: "40%" },
            ],
          },
          {
            team: { name: "United" },
            statistics: [
              { type: "Total Shots", value: 16 },
              { type: "Ball Possession", value: "60%" },
            ],
          },
        ],
      },
    ],
  };
  it.each<[string, string, string[]]>([
    ["United had 60% of the ball.", "supported", []],
    ["Rovers had 40% of the ball.", "supported", []],
  ])("%s → %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(fixture, draft)).toEqual([verdict, corrections]);
  });
});
