import { describe, expect, it } from "vitest";
import { chunkSpans } from "../../src/ledger/chunk.js";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";

describe("chunkSpans", () => {
  it("should cover every non-blank character and keep passages bounded", () => {
    const text = Array.from({ length: 200 }, (_, i) => `Sentence ${i} says the value is ${i * 7}.`).join(" ");
    const spans = chunkSpans(text);
    expect(spans.length).toBeGreaterThan(3);
    let covered = "";
    for (const [s, e] of spans) {
      expect(e - s).toBeLessThanOrEqual(1200);
      covered += text.slice(s, e);
    }
    expect(covered.replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("should cut a line with no spaces hard at the maximum", () => {
    const spans = chunkSpans("x".repeat(3000));
    expect(spans).toEqual([
      [0, 1200],
      [1200, 2400],
      [2400, 3000],
    ]);
  });

  it("should give no chunk for blank text", () => {
    expect(chunkSpans("  \n ")).toEqual([]);
  });
});

describe("EvidenceLedger", () => {
  it("should store the whole content with its hash and chunk count", () => {
    const ledger = new EvidenceLedger();
    const text = "a".repeat(5000) + " end";
    const rec = ledger.record({ source: "big", content: text });
    expect(rec.text).toBe(text);
    expect(rec.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rec.chunkCount).toBe(ledger.chunksOf(rec.id).length);
    expect(
      ledger
        .chunksOf(rec.id)
        .map((c) => c.text)
        .join("").length,
    ).toBeGreaterThanOrEqual(text.length - 10);
  });

  it("should be idempotent on the same callId", () => {
    const ledger = new EvidenceLedger();
    const a = ledger.record({ source: "t", content: "x", callId: "call-1" });
    const b = ledger.record({ source: "t", content: "y", callId: "call-1" });
    expect(b).toBe(a);
    expect(ledger.records).toHaveLength(1);
  });

  it("should retrieve the passage that mentions the claim's words, with its span in the record", () => {
    const ledger = new EvidenceLedger();
    ledger.record({ source: "weather", content: "Oslo is cold today at -3 C." });
    const rec = ledger.record({ source: "npm_view", content: { name: "dotenv", versionCount: 110 } });
    const [top] = ledger.retrieve("How many versions does dotenv have?", 3);
    expect(top?.evidenceId).toBe(rec.id);
    expect(rec.text.slice(top!.span[0], top!.span[1])).toBe(top!.text);
  });

  it("should return nothing from an empty ledger", () => {
    expect(new EvidenceLedger().retrieve("anything", 5)).toEqual([]);
  });
});
