/**
 * A name that occurs in one row names that row: a second name given to it by a slot's preposition ("stayed
 * at X") must occur in that row, else the pair is unsettled. A name after a comparison ("beat X", "than X")
 * or a possessive ("X's credits") names another row the claim speaks of. An element that holds two of the
 * claim's names is the one they pick. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

const bookings = [
  "Date,Guest,Listing,Nights,Amount",
  "06/02/2024,Dana Whitlock,Harbor Loft,3,702.67",
  "06/02/2024,Luis Ortega,Garden Studio,4,809.76",
  "05/25/2024,Priya Raman,Harbor Loft,2,448.17",
  "05/18/2024,Ethan Cole,Garden Studio,3,593.64",
].join("\n");

describe("a name of one row", () => {
  it.each<[string, string]>([
    // The listing is another row's: not supported, and not corrected either (which name is wrong is open).
    ["Luis Ortega stayed at Harbor Loft.", "unsupported"],
    ["Luis Ortega's stay was at Harbor Loft.", "unsupported"],
    ["Luis Ortega stayed at Garden Studio.", "supported"],
    ["Dana Whitlock stayed at Harbor Loft for 3 nights.", "supported"],
    // A figure of the row is still read in it.
    ["Luis Ortega stayed 3 nights.", "contradicted"],
  ])("%s → %s", async (draft, verdict) => {
    expect((await verdictOf(bookings, draft))[0]).toBe(verdict);
  });

  it("should read a name after 'at' in the subject's row, though it titles an element of another list", async () => {
    const fw = new Firewall();
    fw.record({ source: "bookings.csv", content: bookings });
    fw.record({
      source: "listings",
      content: {
        listings: [
          { name: "Harbor Loft", max_guests: 4 },
          { name: "Garden Studio", max_guests: 2 },
        ],
      },
    });
    const verdicts = (await fw.verify("Luis Ortega stayed at Harbor Loft. Priya Raman stayed at Harbor Loft.")).verdicts.map((v) => v.verdict);
    expect(verdicts).toEqual(["unsupported", "supported"]);
  });

  it("should leave a comparison with another row alone", async () => {
    const [verdict] = await verdictOf(bookings, "Luis Ortega stayed longer than Dana Whitlock.");
    expect(verdict).not.toBe("contradicted");
  });

  it("should read a possessive name as another row's owner, no swapped value", async () => {
    const credits = {
      students: [
        { name: "Binh Tran", credits: 10 },
        { name: "Rosa Diaz", credits: 10 },
        { name: "Omar Haddad", credits: 12 },
      ],
    };
    expect(await verdictOf(credits, "Binh Tran matched Rosa Diaz's 10 credits.")).toEqual(["supported", []]);
  });
});

describe("the element two names pick", () => {
  const issues = {
    issues: [
      { identifier: "OPS-11", assignee: { name: "Mara Lind" }, dueDate: "2024-05-24" },
      { identifier: "OPS-12", assignee: { name: "Tom Ek" }, dueDate: "2024-06-02" },
      { identifier: "OPS-13", assignee: { name: "Mara Lind" }, dueDate: "2024-05-31" },
    ],
  };
  it.each<[string, string, string[]]>([
    ["Mara Lind's issue OPS-13 is due June 4.", "contradicted", ["May 31, 2024"]],
    ["Mara Lind's issue OPS-13 is due May 31.", "supported", []],
    ["Mara Lind's issue OPS-11 is due May 24.", "supported", []],
  ])("%s → %s %j", async (draft, verdict, corrections) => {
    expect(await verdictOf(issues, draft)).toEqual([verdict, corrections]);
  });
});
