import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

async function verdict(evidence: string, claim: string): Promise<string> {
  const fw = new Firewall();
  fw.record({ source: "doc", content: evidence });
  return (await fw.verify(claim)).verdicts[0]!.verdict;
}

describe("polarity of multi-clause claims", () => {
  it("should not contradict a claim that repeats its evidence word for word", async () => {
    const s = "No records of the Techichi are available prior to the 9th century, although dog pots from Colima, Mexico, which date back to 300 BC are thought to depict Techichis.";
    expect(await verdict(s, s)).toBe("supported");
    const cod = "Dry cod may be prepared as unsalted stockfish, as cured salt cod or clipfish.";
    expect(await verdict(cod, cod)).toBe("supported");
  });

  it("should still contradict a clause whose negation the evidence does not share", async () => {
    const s = "The bridge was closed in 2019, although the ferry kept running every hour.";
    expect(await verdict(s, "The bridge was not closed in 2019, although the ferry kept running every hour.")).toBe("contradicted");
  });
});

describe("words that look like negations", () => {
  it("should read 'no 1' as a number sign, not a negation", async () => {
    expect(await verdict("Bridget: Think that's my no 1 fave beach, Whitehaven Beach.", "Whitehaven Beach is Bridget's favourite beach.")).not.toBe("contradicted");
  });

  it("should read 'Not sure but' as a hedge, not a negation", async () => {
    expect(await verdict("His music career began in 1954 with producer Sam Phillips.", "Not sure but his music career began in 1954 with producer Sam Phillips.")).not.toBe("contradicted");
  });
});

describe("antonyms across a record's fields", () => {
  it("should not read 'departs' against a record that has both departure and arrival fields", async () => {
    const fw = new Firewall();
    fw.record({ source: "flight_status", content: { flight: "LH-438", departure: { airport: "FRA", gate: "Z25" }, arrival: { airport: "DFW", city: "Dallas" }, status: "Delayed" } });
    expect((await fw.verify("Flight LH-438 departs from gate Z25.")).verdicts[0]!.verdict).toBe("supported");
    const fw2 = new Firewall();
    fw2.record({ source: "flight_status", content: { flight: "LH-439", arrival: { airport: "FRA", gate: "D18" } } });
    expect((await fw2.verify("Flight LH-439 departs from gate D18.")).verdicts[0]!.verdict).not.toBe("supported");
  });
});
