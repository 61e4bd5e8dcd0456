/**
 * The lexical tier on a claim whose figures, dates and names tier 0 all found: three or more of them, at
 * least one a figure read from a tool's fields, carry the claim whatever its other words; fewer, or names
 * alone, leave the words to cover. Invented passages.
 */
import { describe, expect, it } from "vitest";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { createLexicalTier } from "../../src/verify/tier-lexical.js";
import { emptyHints, isPass, type TierDecision, type TierHints, type TierItem } from "../../src/verify/tier.js";

const passage = "games[0].white: tempo_thief\ngames[0].white_elo: 1843\ngames[0].black: QueenSideQuinn\ngames[0].black_elo: 1912";

async function decide(text: string, hints: Partial<TierHints>): Promise<TierDecision> {
  const ledger = new EvidenceLedger();
  const item: TierItem = {
    claim: { id: "r1.c1", text, kind: "factual", span: [0, text.length], citations: [] },
    extracted: { text, kind: "factual", span: [0, text.length], citations: [], map: [...text].map((_, i) => i) },
    passages: [{ id: "e1.k1", evidenceId: "e1", source: "chess", text: passage, span: [0, passage.length], score: 1 }],
    hints: { ...emptyHints(), ...hints },
  };
  const [outcome] = await createLexicalTier().run([item], { ledger, draft: text });
  if (!outcome || isPass(outcome)) throw new Error("the lexical tier always decides");
  return outcome;
}

describe("a claim whose figures and names tier 0 all found", () => {
  const claim = "tempo_thief, rated 1843, outplayed QueenSideQuinn (1912) in a sharp Philidor skirmish.";
  it.each<[string, Partial<TierHints>, string]>([
    ["four of them, two figures from fields", { figuresAgreeing: 4, valuesAgreeing: 2 }, "supported"],
    ["three of them, one figure from fields", { figuresAgreeing: 3, valuesAgreeing: 1 }, "supported"],
    ["two of them", { figuresAgreeing: 2, valuesAgreeing: 1 }, "unsupported"],
    ["names alone", { figuresAgreeing: 3, valuesAgreeing: 0 }, "unsupported"],
    ["one left unsettled", { figuresAgreeing: 4, valuesAgreeing: 2, figuresUnsettled: true }, "unsupported"],
  ])("%s → %s", async (_, hints, verdict) => {
    expect((await decide(claim, hints)).verdict).toBe(verdict);
  });
});
