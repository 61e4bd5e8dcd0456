/**
 * How the eval pairs a gold claim with the firewall's claims: most words in common, then, between claims that
 * hold the gold claim's words alike (one inside the other), the one that covers more of the gold claim, then
 * the one with fewer words of its own. Invented printer fleet.
 */
import { describe, expect, it } from "vitest";
import { overlapTieBreak, parseAgentCases, runAgentCases, wordOverlap } from "../../scripts/eval/agent-cases.js";

const aside = "PRN-3C is asleep";
const main = "PRN-3C, which is asleep, is low on magenta at 9%.";

describe("pairing a gold claim with the firewall's claims", () => {
  it("should tie on overlap when one claim holds the other's words, and break the tie by coverage", () => {
    expect(wordOverlap(aside, aside)).toBe(wordOverlap(aside, main));
    expect(overlapTieBreak(aside, aside)).toEqual([1, 1]);
    expect(overlapTieBreak(aside, main)[1]).toBeLessThan(1);
    expect(overlapTieBreak("PRN-3C is low on magenta at 9%", main)[0]).toBeGreaterThan(overlapTieBreak("PRN-3C is low on magenta at 9%", aside)[0]);
  });

  it("should score each fact of a sentence against the claim that states it", async () => {
    const line = JSON.stringify({
      id: "printers",
      evidence: [{ source: "fleet", content: { printers: [{ id: "PRN-3C", state: "sleep", toner_magenta_pct: 9, toner_yellow_pct: 85 }] } }],
      draft: main,
      expected: [
        { claim: "PRN-3C is asleep", verdict: "supported", correction: null },
        { claim: "PRN-3C is low on magenta at 9%", verdict: "supported", correction: null },
      ],
    });
    const { outcomes } = await runAgentCases(parseAgentCases(line, "printers.jsonl"));
    expect(outcomes.map((o) => o.matched)).toEqual([aside, main]);
  });
});
