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
});
