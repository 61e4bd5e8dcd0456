import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictsOn } from "./helpers.js";

const films =
  "Veeram ( Valour ) is a 2014 Indian Tamil action film directed by Siva and produced by Vijaya Productions . " +
  "Veeram ( Valour ) is a 2016 Indian epic historical drama film written and directed by Jayaraj .";
const players =
  "Jack Sock (born September 24, 1992) is an American professional tennis player. Raffaella Reggi (born 27 November 1965) is a former professional tennis player from Italy.";

const verdicts = verdictsOn;

describe("summaries of prose evidence", () => {
  it("should read a year before a capitalised word as a year ('a 2014 Indian film')", async () => {
    expect(await verdicts(films, "Veeram is an Indian Tamil action film from 2014.")).toEqual(["supported"]);
    expect(await verdicts(films, "Veeram is an Indian Tamil action film from 2015.")).not.toEqual(["supported"]);
  });

  it("should leave a count in words that the evidence lists, not states, to the lexical tier", async () => {
    const fw = new Firewall();
    fw.record({ source: "search", content: films });
    const v = (await fw.verify('There are two films titled "Veeram": one is a 2014 Indian Tamil action film directed by Siva.')).verdicts[0]!;
    expect(v.tier).toBe(1);
    expect(v.verdict).toBe("supported");
  });

  it("should want most of a claim's content words in the evidence: one invented word in a short claim is too many", async () => {
    expect(await verdicts(players, "Jack Sock and Raffaella Reggi played badminton.")).toEqual(["unsupported"]);
    expect(await verdicts(players, "Jack Sock and Raffaella Reggi played tennis.")).toEqual(["supported"]);
  });
});

describe("claims about the answer's author", () => {
  const school = "The Academy Drama School was a British drama school based in Whitechapel, London.";

  it("should find no support for what the speaker did, however many words the evidence shares", async () => {
    expect(await verdicts(school, "I attended the Academy Drama School, which was a British drama school.")).toEqual(["unsupported"]);
  });

  it("should still check what the speaker knows or reports about the world", async () => {
    expect(await verdicts(school, "I know the Academy Drama School was a British drama school.")).toEqual(["supported"]);
    const fw = new Firewall();
    fw.record({ source: "npm_audit", content: { package: "axios", vulnerabilities: 3 } });
    expect((await fw.verify("I found 3 vulnerabilities in axios.")).verdicts.map((v) => v.verdict)).toEqual(["supported"]);
  });
});

describe("claims about the evidence itself", () => {
  it("should check what the frame says the evidence holds, not the frame's words", async () => {
    const campus = "The University of Mississippi enrolls about 23,000 students. 23 percent of the students are minorities.";
    expect(await verdicts(campus, "Additionally, the passage mentions that 23 percent of the students are minorities.")).toEqual(["supported"]);
    expect(await verdicts(campus, "The passage also mentions that most students are veterans.")).toEqual(["unsupported"]);
  });
});

describe("other forms of a name", () => {
  it("should find an acronym, a demonym and an abbreviated name in the records that spell them out", async () => {
    const museum = "The Harbor Town Maritime Museum is fully wheelchair accessible. Reporters were in Misrata, Libya, during the war. The UN sent observers.";
    expect(await verdicts(museum, "HTMM is fully wheelchair accessible.")).toEqual(["supported"]);
    const fw = new Firewall();
    fw.record({ source: "search", content: museum });
    for (const claim of ["Reporters were in Misrata during the Libyan war.", "The United Nations sent observers."]) {
      const v = (await fw.verify(claim)).verdicts[0]!;
      expect(v.trace[0]!.note).toMatch(/every figure and name agrees/);
    }
  });
});
