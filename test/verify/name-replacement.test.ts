import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// A name found nowhere is replaced only by a name of its own kind, and a name found in another element is
// no swap where the claim names that element too.
describe("replacement names", () => {
  it("should not replace a word by an identifier under the field the claim names", async () => {
    const study = { identification: { nctId: "NCT05819432", orgStudyIdInfo: { id: "BWT-ZLV-201" } }, design: { masking: "QUADRUPLE" } };
    const [verdict, corrections] = await verdictOf(study, "NCT05819432 is a quadruple-blind study.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should read a claim about two elements element by element", async () => {
    const compounds = {
      compounds: [
        { cid: 2244, name: "Aspirin", formula: "C9H8O4" },
        { cid: 338, name: "Salicylic acid", formula: "C7H6O3" },
      ],
    };
    const [verdict, corrections] = await verdictOf(compounds, "Formula: Aspirin (CID 2244) C9H8O4; Salicylic acid (CID 338) C7H6O3.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should not replace a name by the label of the next field on a line", async () => {
    const manifest =
      "VESSEL: NORDIC WAVE   VOY: 0QX1   ETA PORT: USOAK 2024-08-14 06:00\nBL NO   CNTR NO   PKGS   STATUS\nBL1   TGHU1   1120   ON BOARD\nBL2   TGHU2   980   ON BOARD\nTOTAL CONTAINERS: 2   TOTAL PKGS: 2100";
    const [verdict, corrections] = await verdictOf(manifest, "The Nordic Wave is due at Oakland on August 14 with 2 of our containers.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  const agenda = {
    items: [
      { id: "ev_1", summary: "Budget Sync", location: "Room Lark" },
      { id: "ev_2", summary: "Hiring Panel", location: "Room Finch" },
    ],
  };

  it("should not pass a name that only another titled element holds", async () => {
    // "Room Finch" is the Hiring Panel's room: the Budget Sync, titled so in one element, is in Room Lark.
    const [verdict] = await verdictOf(agenda, "Budget Sync is in Room Finch.");
    expect(verdict).not.toBe("supported");
    expect((await verdictOf(agenda, "Budget Sync is in Room Lark."))[0]).toBe("supported");
  });

  it("should read a list of element titles as titles, no swap", async () => {
    const genres = {
      genres: [
        { id: 1, name: "Drama" },
        { id: 2, name: "Crime Fiction" },
        { id: 3, name: "Mystery" },
      ],
    };
    expect((await verdictOf(genres, "Genres: Drama, Crime Fiction, Mystery."))[0]).toBe("supported");
  });
});
