import { Firewall, type Tier, type TierOutcome } from "hallucination-firewall";

/** Supports a claim whose text one retrieved passage holds word for word; passes everything else on. */
const verbatim: Tier = {
  tier: 1,
  name: "verbatim",
  run: (items) =>
    items.map((item): TierOutcome => {
      const passage = item.passages.find((p) => p.text.includes(item.claim.text));
      if (!passage) return { pass: true, note: "no passage holds the claim verbatim" };
      const quote = { evidenceId: passage.evidenceId, source: passage.source, text: passage.text, span: passage.span };
      return { verdict: "supported", confidence: 0.9, quotes: [quote], corrections: [], note: "verbatim in the evidence" };
    }),
};

const fw = new Firewall({ tiers: ["exact", verbatim, "lexical"] });

export {};
