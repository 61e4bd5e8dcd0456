/**
 * A measure whose numeral the tool writes in another unit of the same dimension ("6.4 GB" for the tool's
 * "6.4MB"): the unit is misread, and the correction gives the tool's number and unit. Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

async function check(content: unknown, draft: string) {
  const [verdict, corrections] = await verdictOf(content, draft, "shell");
  return { verdict, corrections };
}

const brew = "==> tidewater: stable 3.1.0\nInstalled\n/opt/homebrew/Cellar/tidewater/3.1.0 (22 files, 8.7MB) *\nLicense: Apache-2.0";
const trail = "Route summary\nDistance: 12.5 km\nClimb: 640 m\nMoving time: 2 h 10 min";

describe("a numeral read with another unit", () => {
  it.each<[string, string, string, string[]]>([
    [brew, "It takes up 8.7 GB on disk.", "contradicted", ["8.7 MB"]],
    [trail, "The route is 12.5 miles long.", "contradicted", ["12.5 km"]],
    // A numeral of one significant digit recurs by chance: no reading.
    [trail, "The route climbs 6 km.", "unsupported", []],
    // Another numeral altogether is no slip.
    [brew, "It takes up 9.4 GB on disk.", "unsupported", []],
  ])("%#: %s", async (content, draft, verdict, corrections) => {
    expect(await check(content, draft)).toEqual({ verdict, corrections });
  });

  it("should leave the right unit alone", async () => {
    const { verdict, corrections } = await check(brew, "It takes up 8.7 MB on disk.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});

describe("an amount read without the scale the tool states", () => {
  const table =
    "Quarterly spend by team (EUR, thousands)\n\n| Team | Q1 2025 | Q2 2025 |\n|---|---:|---:|\n| Platform | 412.0 | 455.3 |\n| Design | 88.2 | 91.7 |";
  it.each<[string, string, string[]]>([
    ["Design spent €91.7 in Q2.", "contradicted", ["€91,700"]],
    // Two columns the claim's words tell apart: the one it names.
    ["Platform spent about €455 in Q2.", "contradicted", ["€455,300"]],
    // The scaled amount itself agrees.
    ["Design spent €91,700 in Q2.", "supported", []],
    // No column named and two that the numeral could be: not settled.
    ["Design spent about €90.", "unsupported", []],
    // A numeral no column writes is no slip.
    ["Design spent €73.1 in Q2.", "unsupported", []],
  ])("%#: %s", async (draft, verdict, corrections) => {
    const [v, c] = await verdictOf(table, draft, "report");
    expect([v, c]).toEqual([verdict, corrections]);
  });
});
