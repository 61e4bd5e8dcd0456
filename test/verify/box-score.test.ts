/**
 * A box score: stat fields named by their abbreviations (`reb`, `ast`), players named by an initial and a
 * surname, and an answer that names them by surname alone, as a label, or by "he" after "and". Invented data.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { slotWord } from "../../src/verify/slot-synonyms.js";
import { stemOf } from "../../src/text/tokenize.js";

const box = {
  game: { home: "Owls", away: "Larks", home_score: 98, away_score: 91 },
  players: [
    { name: "A. Baker", team: "Owls", min: 34, pts: 24, reb: 7, ast: 11, stl: 2 },
    { name: "T. Okafor", team: "Owls", min: 31, pts: 18, reb: 12, ast: 3, stl: 1 },
    { name: "L. Brandt", team: "Larks", min: 36, pts: 27, reb: 5, ast: 4, stl: 3 },
  ],
};

async function verdicts(draft: string) {
  const fw = new Firewall();
  fw.record({ source: "sports.boxscore", content: box });
  const report = await fw.verify(draft);
  return report.verdicts.map((v, i) => ({ text: report.claims[i]!.text, verdict: v.verdict, corrections: v.corrections.map((c) => c.value) }));
}

describe("box-score stat abbreviations", () => {
  it.each([
    ["points", "pts"],
    ["rebounds", "reb"],
    ["assists", "ast"],
    ["steals", "stl"],
    ["blocks", "blk"],
    ["turnovers", "tov"],
  ])("should read %j and `%s` as one slot", (word, key) => {
    expect(slotWord(stemOf(word))).toBe(slotWord(stemOf(key)));
  });

  it("should correct a stat read from another column of the player's row", async () => {
    // Baker's 11 is his assists, not his rebounds.
    expect(await verdicts("Baker had 11 rebounds.")).toEqual([{ text: "Baker had 11 rebounds.", verdict: "contradicted", corrections: ["7"] }]);
    expect((await verdicts("Baker had 11 assists."))[0]!.verdict).toBe("supported");
  });

  it('should bind a stat after a name label and after "and he" to the named player', async () => {
    const got = await verdicts("Okafor led the Owls with 18 points and 7 rebounds. Brandt scored 27, and he had 3 steals.");
    expect(got.map((g) => [g.verdict, g.corrections])).toEqual([
      ["supported", []],
      ["contradicted", ["12"]],
      ["supported", []],
      ["supported", []],
    ]);
  });
});
