/**
 * A value the claim states for another of its figures is no reading of this figure, but it still fills the
 * figure's slot: with it, the slot may hold two values, and a difference from the other one is no
 * contradiction (the "a figure pushed onto the next field because its own value had been used").
 * Invented records; the rule is general.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

/** A lease, its work orders and its tenant ledger, as a fresh user's trial wrote them. */
const outputs = readFileSync(new URL("../fixtures/trial/property-management.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { source: string; content: unknown });

async function verdicts(draft: string) {
  const fw = new Firewall();
  for (const o of outputs) fw.record({ source: o.source, content: o.content as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v, i) => ({ text: report.claims[i]!.text, verdict: v.verdict, fixes: v.corrections.map((c) => `${c.wrong}->${c.value}`) }));
}

describe("a value stated for another figure", () => {
  it.each(["May rent was $2,125.00, of which $1,600.00 has been paid, leaving $552.00 outstanding on rent."])(
    "still fills the slot, so the other value is no correction: %s",
    async (draft) => {
      const all = await verdicts(draft);
      expect(all.flatMap((v) => v.fixes)).toEqual([]);
      expect(all.map((v) => v.verdict)).not.toContain("contradicted");
    },
  );

  it("still corrects a figure whose slot holds one value", async () => {
    const all = await verdicts("The renewal offers a rent of $2,300.00.");
    expect(all.flatMap((v) => v.fixes)).toEqual(["$2,300.00->$2,210.00"]);
  });
});
