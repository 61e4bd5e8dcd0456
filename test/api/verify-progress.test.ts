import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { claimBatches } from "../../src/verify/claim-batches.js";
import type { Tier } from "../../src/verify/tier.js";

const npmView = { name: "cors", version: "2.8.6", license: "MIT", dependencyCount: 2, versionCount: 35, author: "Troy Goode" };

const SENTENCES = [
  "The registry lists 40 published versions of cors.",
  "cors is released under the MIT license.",
  "cors has 2 runtime dependencies.",
  "Is cors still maintained?",
  "cors was rewritten in Rust last year by its original author.",
];

/** A draft of `n` claims cycling through {@link SENTENCES}, in paragraphs of five. */
function longDraft(n: number): string {
  const paragraphs: string[] = [];
  for (let i = 0; i < n; i += SENTENCES.length) paragraphs.push(SENTENCES.slice(0, Math.min(SENTENCES.length, n - i)).join(" "));
  return paragraphs.join("\n\n");
}

/** 300 package records and a draft of five claims about each (four checkable, each claim distinct). */
function manyPackages(): { fw: Firewall; draft: string } {
  const fw = new Firewall({ telemetry: false });
  const paragraphs: string[] = [];
  for (let k = 0; k < 300; k++) {
    fw.record({ source: "npm_view", content: { name: `pkg-${k}`, license: "MIT", dependencyCount: k % 7, versionCount: 10 + k } });
    paragraphs.push(
      `pkg-${k} has ${k % 7} runtime dependencies. pkg-${k} is released under the MIT license. Is pkg-${k} still maintained? The registry lists ${11 + k} published versions of pkg-${k}. pkg-${k} was rewritten in Rust last year.`,
    );
  }
  return { fw, draft: paragraphs.join("\n\n") };
}

function firewall(): Firewall {
  const fw = new Firewall({ telemetry: false });
  fw.record({ source: "npm_view", content: npmView });
  return fw;
}

describe("verify's onProgress", () => {
  it("should count up to every claim of a long draft, batch by batch, ending with done === total", async () => {
    const calls: Array<[number, number]> = [];
    const { fw, draft } = manyPackages();
    const report = await fw.verify(draft, { onProgress: (done, total) => calls.push([done, total]) });
    expect(report.claims).toHaveLength(1500);
    expect(calls.length).toBeGreaterThan(3);
    expect(new Set(calls.map(([, total]) => total))).toEqual(new Set([1500]));
    for (let k = 1; k < calls.length; k++) expect(calls[k]![0]).toBeGreaterThan(calls[k - 1]![0]);
    // The question is done at once: it is not checkable.
    expect(calls[0]![0]).toBe(300);
    expect(calls.at(-1)).toEqual([1500, 1500]);
  });

  it("should give every copy of a sentence the verdict it gets in a short draft, whichever batch it is in", async () => {
    const alone = await firewall().verify(SENTENCES.join(" "));
    const draft = longDraft(1500);
    const report = await firewall().verify(draft, { onProgress: () => {} });
    report.verdicts.forEach((v, i) => {
      const expected = alone.verdicts[i % SENTENCES.length]!;
      expect([v.claimId, v.verdict, v.tier, v.corrections.map((c) => c.value)]).toEqual([
        report.claims[i]!.id,
        expected.verdict,
        expected.tier,
        expected.corrections.map((c) => c.value),
      ]);
      // A repeated claim's correction points at its own copy of the wrong figure.
      for (const c of v.corrections)
        expect([draft.slice(c.span[0], c.span[1]), c.span[0] >= report.claims[i]!.span[0], c.span[1] <= report.claims[i]!.span[1]]).toEqual([
          c.wrong,
          true,
          true,
        ]);
    });
    expect(report.output!.match(/lists 35 published versions/g)).toHaveLength(300);
  });

  it("should be called once with (total, total) on a short draft and (0, 0) on a draft without claims", async () => {
    const short: Array<[number, number]> = [];
    await firewall().verify("cors has 2 runtime dependencies.", { onProgress: (done, total) => short.push([done, total]) });
    expect(short).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const none: Array<[number, number]> = [];
    await firewall().verify("   ", { onProgress: (done, total) => none.push([done, total]) });
    expect(none).toEqual([[0, 0]]);
  });
});

describe("claimBatches", () => {
  const tier = (n: number): Tier => ({ tier: n, name: `t${n}`, run: () => [] });
  const exact = tier(0);
  const lexical = tier(1);
  const judge = tier(2);
  const ids = (n: number) => Array.from({ length: n }, (_, k) => k);

  it.each([
    ["no claims", 0, [exact, lexical], [0]],
    ["fewer claims than a batch", 3, [exact, lexical], [3]],
    ["one full batch", 4, [exact, lexical], [4]],
    ["a long draft", 10, [exact, lexical], [4, 4, 2]],
    ["a long draft with a tier that shares work across claims", 10, [exact, lexical, judge], [10]],
  ])("should give %s batches of the right sizes", (_name, n, tiers, sizes) => {
    const batches = claimBatches(ids(n), tiers, new Set([exact, lexical]), 4);
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(ids(n));
  });
});
