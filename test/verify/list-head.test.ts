/**
 * The head of a ranked list ("the top bid", "the best ask"): a figure the tool gives a later element is that
 * element's, and the head's value is the correction. Table tests over invented outputs.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const book = {
  symbol: "SOLEUR",
  bids: [
    ["131.40", "12.5"],
    ["131.35", "40.0"],
    ["131.20", "8.2"],
  ],
  asks: [
    ["131.45", "3.1"],
    ["131.50", "22.0"],
  ],
};
const episodes = {
  episodes: [
    { title: "Ep 7: Tides", streams: 9100 },
    { title: "Ep 8: Reefs", streams: 12400 },
    { title: "Ep 9: Storms", streams: 800 },
  ],
};

describe("the head of a ranked list", () => {
  it.each<[unknown, string, string, string[]]>([
    [book, "The top bid is €131.35.", "contradicted", ["€131.40"]],
    [book, "The best ask is €131.50.", "contradicted", ["€131.45"]],
    [book, "There are 40 SOL at the top bid.", "contradicted", ["12.5"]],
    [book, "The top bid is €131.40.", "supported", []],
    // "The leader" is the head of a list of leaders.
    [
      {
        leaders: [
          { name: "Ode", points: 980 },
          { name: "Ruiz", points: 875 },
          { name: "Lind", points: 640 },
        ],
      },
      "The leader has 875 points.",
      "contradicted",
      ["980"],
    ],
    // A word past the head reads another element.
    [book, "The next bid is €131.35.", "supported", []],
    // A claim that names its element ranks it by a field; a list in another order has no head by position.
    [episodes, "Ep 8 was the top episode with 12,400 streams.", "supported", []],
  ])("%#: %s -> %s", async (content, draft, verdict, corrections) => {
    expect(await verdictOf(content, draft)).toEqual([verdict, corrections]);
  });
});
