import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// An invented search API's reply: the hit count beside a page of results.
const SEARCH = {
  numFound: 48210,
  start: 0,
  docs: [
    { title: "Harbour Lights", year: 1998 },
    { title: "Harbour Lights II", year: 2003 },
  ],
};

describe("a search's hit count named by what a search does", () => {
  it.each<[string, string, string[]]>([
    ["The search matched about 48,000 records.", "supported", []],
    ["Your query found 48,210 results.", "supported", []],
    // A count of another order is not supported (and, the slot's word being a synonym, not corrected either).
    ["The search matched about 12,000 records.", "unsupported", []],
  ])("should read %j as %s", async (claim, verdict, corrections) => {
    expect(await verdictOf(SEARCH, claim, "books.search")).toEqual([verdict, corrections]);
  });
});
