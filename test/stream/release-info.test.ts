/**
 * `onRelease`'s second argument: the draft range each release stands for and the verdicts of the claims in
 * it, so that an adapter can report one verdict per sentence as it ships.
 */
import { describe, expect, it } from "vitest";
import { Firewall, type ReleaseInfo } from "../../src/index.js";

const INVOICE = { invoice_id: "INV-2024-0117", customer: "Northwind Traders", currency: "EUR", total: 4379.2, status: "overdue" };

function session() {
  const fw = new Firewall();
  const s = fw.session("s");
  s.record({ source: "invoice_lookup", content: INVOICE, callId: "c1" });
  s.record({ source: "doc_search", content: "refunds.md: Refunds are paid out within 14 business days of the return." });
  return s;
}

async function stream(draft: string, pieces: number[]) {
  const releases: Array<[string, ReleaseInfo]> = [];
  const pv = session().progressive({}, { onRelease: (text, info) => releases.push([text, info]) });
  let at = 0;
  for (const n of [...pieces, draft.length]) {
    pv.write(draft.slice(at, at + n));
    at += n;
    await pv.settled();
    if (at >= draft.length) break;
  }
  const result = await pv.end();
  return { releases, result };
}

describe("ProgressiveVerification onRelease info", () => {
  const draft = "Invoice INV-2024-0117 totals 4,739.20 EUR. Refunds are paid out within 14 business days. The invoice is overdue.";

  it.each([[[5, 9, 40, 3, 30]], [[44, 50]], [[1, 1, 1, 1, 200]]])(
    "should cover the draft with contiguous ranges and every claim once (chunks %j)",
    async (pieces) => {
      const { releases, result } = await stream(draft, pieces);
      expect(releases.map(([text]) => text).join("")).toBe(result.released);
      const ranges = releases.map(([, info]) => info.draft);
      expect(ranges[0]![0]).toBe(0);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
      expect(ranges.at(-1)![1]).toBe(draft.length);
      const claims = releases.flatMap(([, info]) => info.claims.map((c) => c.id));
      expect(claims).toEqual(result.report.claims.map((c) => c.id));
      const verdicts = releases.flatMap(([, info]) => info.verdicts.map((v) => [v.claimId, v.verdict]));
      expect(verdicts).toEqual(result.report.verdicts.map((v) => [v.claimId, v.verdict]));
    },
  );

  it("should release the wrong sentence corrected, with its contradicted verdict and correction", async () => {
    const { releases } = await stream(draft, [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    const [text, info] = releases[0]!;
    expect(text).toBe("Invoice INV-2024-0117 totals 4,379.20 EUR.");
    expect(info.draft).toEqual([0, 42]);
    expect(info.verdicts.map((v) => v.verdict)).toEqual(["contradicted"]);
    expect(info.verdicts[0]!.corrections[0]).toMatchObject({ wrong: "4,739.20 EUR", value: "4,379.20 EUR" });
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(releases[1]![1].verdicts.map((v) => v.verdict)).toEqual(["supported"]);
  });
});
