/**
 * A claim's named entity picks its own array element: a flag or a status of another element (a sibling
 * list's, or one outside the vocabulary) is no value of it; and an abbreviated column header ("Est. total")
 * keeps its row's cell. Invented records.
 */
import { describe, expect, it } from "vitest";
import { sentenceSpans } from "../../src/verify/lexical-features.js";
import { verdictOf } from "./helpers.js";

const hub = {
  hubs: [
    {
      name: "Hall",
      events: [{ type: "hold", isOccupied: true }],
      sensors: [
        { name: "Hall", motion: true },
        { name: "Loft", motion: false },
      ],
    },
  ],
};
const kennel = {
  runs: [
    { dog: "Biscuit", status: "checked_in", run: "R-2" },
    { dog: "Pepper", status: "with_groomer", run: null },
    { dog: "Juniper", status: "cancelled", run: null },
  ],
};
const bids = `### Roofing bids for 14 Elm Row

| Contractor | Deposit | Per square | Est. total | Start |
|---|---:|---:|---:|---|
| Ridgeline | $1,200 | $410 | $11,450 | Jun 3 |
| Bellcrest | $2,000 | $395 | $11,875 | Jun 10 |`;

describe("fields bound to the element the claim names", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // `events[0].isOccupied` is the hub's hold event, no flag of the Loft sensor.
    ["a flag of a sibling list's element", hub, "The Loft sensor shows no occupancy.", "unsupported", []],
    ["the named element's own flag", hub, "The Loft sensor detects motion.", "contradicted", []],
    // Pepper's own status (`with_groomer`) is outside the vocabulary: Juniper's `cancelled` says nothing of it.
    ["an element whose status is outside the vocabulary", kennel, "Pepper is confirmed for the night.", "unsupported", []],
    ["an element whose status is in it", kennel, "Juniper is confirmed for the night.", "contradicted", ["cancelled"]],
    // The abbreviated header is one key: its cell is the row's estimate, no other column's.
    ["a cell under an abbreviated header", bids, "Ridgeline is the cheapest at an estimated $11,450.", "supported", []],
    ["a wrong cell under it", bids, "Bellcrest comes to an estimated $12,875 in total.", "contradicted", ["$11,875"]],
    // Within the hedge's 3% but beyond its last written digits: neither agrees nor differs.
    ["a hedged figure off in its last digits", bids, "Bellcrest comes to an estimated $11,785 in total.", "unsupported", []],
    // "$425 under Bellcrest": a difference from another named entity, no value of a column.
    ["a difference from another named entity", bids, "Ridgeline is $425 under Bellcrest.", "unsupported", []],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });

  it.each<[string, number]>([
    ['rows[0]["Est. total"]: 11,450 USD', 1],
    ['rows[0]["No. of units"]: 4', 1],
    ["Est. 1998. Family run.", 2],
    ["It was cheap. The next one was not.", 2],
  ])("should split %j into %i sentences", (text, n) => {
    expect(sentenceSpans(text)).toHaveLength(n);
  });
});
