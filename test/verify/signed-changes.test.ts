/**
 * A fall written as a word and a magnitude ("is down 2.4%") against a signed change in the evidence
 * (`change_pct: -2.4`), and market pair symbols (`ETHUSDT`) whose sides a draft names on their own. Table
 * tests over invented records.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

async function verdictOf(evidence: unknown[], draft: string) {
  const fw = new Firewall();
  for (const e of evidence) fw.record({ source: "tool", content: e as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)]);
}

describe("signed changes", () => {
  const quote = { ticker: "KLMN", change_pct: -2.4, last: 41.2 };
  it.each([
    ["KLMN is down 2.4% today.", "supported"],
    ["KLMN fell 2.4% today.", "supported"],
    ["KLMN dropped by about 2.4% today.", "supported"],
    ["KLMN closed at $41.20, a 2.4% drop.", "supported"],
    // A rise against a fall, or another magnitude, is never read as the fall.
    ["KLMN is up 2.4% today.", "unsupported"],
    ["KLMN is down 3.1% today.", "unsupported"],
    // A level after "to" is no change.
    ["KLMN fell to 2.4 today.", "unsupported"],
  ])("%s -> %s", async (draft, want) => {
    const [[verdict, corrections]] = (await verdictOf([quote], draft)) as [[string, string[]]];
    expect(verdict).toBe(want);
    expect(corrections).toEqual([]);
  });
});

describe("a fall against a rise under a change key", () => {
  it.each([
    [{ ticker: "KLMN", change_pct: 2.4 }, "KLMN is down 2.4% today.", "contradicted"],
    [{ ticker: "KLMN", priceChangePercent: "2.4" }, "KLMN fell 2.4% today.", "contradicted"],
    [{ ticker: "KLMN", change_pct: 2.4 }, "KLMN is up 2.4% today.", "supported"],
    // A magnitude under a key that is no signed change (a drawdown) says nothing of direction.
    [{ ticker: "KLMN", max_drawdown_pct: 2.4 }, "KLMN is down 2.4% from its peak.", "supported"],
  ])("%j: %s -> %s", async (record, draft, want) => {
    const [[verdict, corrections]] = (await verdictOf([record], draft)) as [[string, string[]]];
    expect(verdict).toBe(want);
    expect(corrections).toEqual([]);
  });
});

describe("market pair symbols", () => {
  it("should find each side of a joined pair symbol", async () => {
    const ticker = { symbol: "AVAXEUR", lastPrice: "31.40", volume: "8200.5" };
    expect(await verdictOf([ticker], "AVAX last traded at €31.40.")).toEqual([["supported", []]]);
    expect(await verdictOf([ticker], "AVAX/EUR last traded at €31.40.")).toEqual([["supported", []]]);
  });

  it("should not find a code inside a word in capitals", async () => {
    const status = { device: "LINK-7", state: "ETHERNET" };
    const [[verdict]] = (await verdictOf([status], "The ETH port of LINK-7 is up.")) as [[string]];
    expect(verdict).not.toBe("supported");
  });
});
