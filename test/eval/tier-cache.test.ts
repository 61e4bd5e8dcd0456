import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Tier, TierContext, TierItem, TierOutcome } from "../../src/index.js";
import { withTierCache } from "../../scripts/eval/tier-cache.js";

const context = { ledger: { records: [{ id: "e1", source: "npm_view", hash: "abc" }] } } as unknown as TierContext;

function item(text: string, start: number): TierItem {
  return {
    claim: { id: "r1.c1", text, kind: "factual", span: [start, start + text.length], citations: [] },
    extracted: { text, kind: "factual", span: [start, start + text.length], citations: [], map: [...text].map((_, i) => start + i) },
    passages: [{ id: "e1.k1", evidenceId: "e1", source: "npm_view", text: "version: 18.0.10", span: [0, 16], score: 1 }],
    hints: { matchedQuotes: [], figuresMatched: false, figuresKeyed: false, hasFigures: false, focus: [] },
  };
}

/** A fake tier: contradicts claims that mention 18.0.9 (correcting it), passes the rest and leaves a hint. */
function fakeTier(): Tier & { calls: number; claims: number } {
  const t = {
    tier: 0,
    name: "fake exact",
    calls: 0,
    claims: 0,
    run(items: TierItem[]): TierOutcome[] {
      t.calls++;
      t.claims += items.length;
      return items.map((it) => {
        it.hints.hasFigures = true;
        const i = it.claim.text.indexOf("18.0.9");
        if (i < 0) return { pass: true, note: "no figure" };
        const s = it.claim.span[0] + i;
        return {
          verdict: "contradicted",
          confidence: 0.95,
          quotes: [],
          corrections: [
            { span: [s, s + 6], wrong: "18.0.9", value: "18.0.10", quote: { evidenceId: "e1", source: "npm_view", text: "18.0.10", span: [9, 16] } },
          ],
          note: "version differs",
        };
      });
    },
  };
  return t;
}

describe("withTierCache", () => {
  it("should run each claim once and replay outcomes and hints from disk", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tier-cache-"));
    const inner = fakeTier();
    const cached = withTierCache(inner, { dir });
    const first = await cached.run([item("dotenv is at 18.0.9.", 0), item("dotenv is MIT.", 21)], context);
    expect(inner.claims).toBe(2);
    expect(cached.stats).toEqual({ hits: 0, misses: 2 });
    expect(readFileSync(cached.file, "utf8").trim().split("\n")).toHaveLength(2);

    // A new wrapper (a later run) reads the file; the same claim sits elsewhere in another draft.
    const again = withTierCache(inner, { dir });
    const moved = item("dotenv is at 18.0.9.", 40);
    const [out] = await again.run([moved], context);
    expect(inner.claims).toBe(2);
    expect(again.stats).toEqual({ hits: 1, misses: 0 });
    expect(moved.hints.hasFigures).toBe(true);
    expect(out).toMatchObject({ verdict: "contradicted", corrections: [{ span: [53, 59], value: "18.0.10" }] });
    expect((first[0] as { corrections: Array<{ span: number[] }> }).corrections[0]!.span).toEqual([13, 19]);
  });

  it("should miss when the evidence differs and send only misses to the tier", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tier-cache-"));
    const inner = fakeTier();
    const cached = withTierCache(inner, { dir });
    await cached.run([item("dotenv is at 18.0.9.", 0)], context);
    const other = { ledger: { records: [{ id: "e1", source: "npm_view", hash: "def" }] } } as unknown as TierContext;
    await cached.run([item("dotenv is at 18.0.9.", 0), item("dotenv is MIT.", 21)], other);
    await cached.run([item("dotenv is at 18.0.9.", 0), item("dotenv is MIT.", 21)], other);
    expect(cached.stats).toEqual({ hits: 2, misses: 3 });
    expect(inner.calls).toBe(2);
  });
});

describe("withTierCache and failures", () => {
  it("should not cache a claim the tier failed on", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tier-cache-"));
    let calls = 0;
    const flaky: Tier = {
      tier: 2,
      name: "flaky",
      run: (items) => {
        calls++;
        return items.map(() => (calls === 1 ? { pass: true, failed: true, note: "timed out" } : { pass: true, note: "fine" }));
      },
    };
    const cached = withTierCache(flaky, { dir });
    await cached.run([item("dotenv 18.0.9", 0)], context);
    const second = await cached.run([item("dotenv 18.0.9", 0)], context);
    expect(calls).toBe(2);
    expect(second[0]).toEqual({ pass: true, note: "fine" });
    const third = await withTierCache(flaky, { dir }).run([item("dotenv 18.0.9", 0)], context);
    expect(calls).toBe(2);
    expect(third[0]).toEqual({ pass: true, note: "fine" });
  });
});
