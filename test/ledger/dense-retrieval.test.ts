import { afterAll, describe, expect, it } from "vitest";
import { createModelBackend, DenseIndex, EvidenceLedger, Firewall, reciprocalRankFusion, resolveNliOptions, type Embedder } from "../../src/index.js";
import { tinyModels } from "../nli/tiny-models.js";

const models = tinyModels();
const backend = createModelBackend(resolveNliOptions({ model: models.nli("unused"), embedModel: models.embed(), worker: false, allowRemote: false }));
afterAll(() => backend.close());

describe("reciprocalRankFusion", () => {
  it("should score each id by the sum of 1 / (60 + rank) over the rankings", () => {
    const fused = reciprocalRankFusion(
      [
        ["a", "b", "c"],
        ["c", "a"],
      ],
      3,
    );
    expect(fused.map((f) => f.id)).toEqual(["a", "c", "b"]);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
  });

  it("should rank an id both lists hold above one only a single list places first", () => {
    const fused = reciprocalRankFusion(
      [
        ["x", "both"],
        ["y", "both"],
      ],
      3,
    );
    expect(fused[0]!.id).toBe("both");
  });

  it("should keep first-appearance order for ties and honour the limit", () => {
    expect(reciprocalRankFusion([["a"], ["b"]], 1)).toEqual([{ id: "a", score: 1 / 61 }]);
    expect(reciprocalRankFusion([], 5)).toEqual([]);
  });
});

describe("DenseIndex", () => {
  it("should never make recording wait: chunks are embedded on a later turn of the event loop", async () => {
    const dense = new DenseIndex(backend);
    const ledger = new EvidenceLedger({ dense });
    ledger.record({ source: "a", content: "The red car is fast." });
    ledger.record({ source: "b", content: "The tower is in the north of the city." });
    expect(dense.size).toBe(0);
    await dense.idle();
    expect(dense.size).toBe(2);
  });

  it("should find a passage by meaning where BM25 finds nothing, and fuse both rankings", async () => {
    const ledger = new EvidenceLedger({ dense: new DenseIndex(backend) });
    ledger.record({ source: "shop", content: "We buy the red car." });
    ledger.record({ source: "city", content: "The tower is in the north of the city." });
    ledger.record({ source: "river", content: "The river has a bridge." });
    expect(ledger.retrieve("purchase automobile", 3)).toEqual([]);
    const [hits, bothWays] = await ledger.retrieveMany(["purchase automobile", "the river bridge"], 2);
    expect(hits![0]).toMatchObject({ evidenceId: "e1", text: "We buy the red car." });
    expect(bothWays![0]).toMatchObject({ evidenceId: "e3" });
    expect(bothWays![0]!.score).toBeCloseTo(2 / 61, 12);
  });

  it("should fall back to BM25 alone and warn once when the embedding model fails", async () => {
    const warnings: string[] = [];
    const failing: Embedder = {
      embed: () => Promise.reject(new Error("embedding model 'x' not found")),
    };
    const ledger = new EvidenceLedger({ dense: new DenseIndex(failing, { warn: (m) => warnings.push(m) }) });
    ledger.record({ source: "river", content: "The river has a bridge." });
    const [hits] = await ledger.retrieveMany(["river bridge"], 3);
    expect(hits!.map((p) => p.evidenceId)).toEqual(["e1"]);
    expect(hits![0]!.score).toBe(ledger.retrieve("river bridge", 3)[0]!.score);
    await ledger.retrieveMany(["river"], 3);
    expect(warnings).toEqual(["dense retrieval is off for this session, BM25 only: embedding model 'x' not found"]);
  });

  it("should retrieve by meaning in a Firewall with the nli tier, so the claim is judged on the right passage", async () => {
    const fw = new Firewall({ tiers: ["nli"], nli: { model: models.nli("dense-nli"), embedModel: models.embed(), worker: false, allowRemote: false } });
    fw.record({ source: "shop", content: "We buy the red car." });
    fw.record({ source: "city", content: "The tower is in the north of the city." });
    // No word in common with the evidence: BM25 alone retrieves nothing, dense retrieval the shop's passage.
    const report = await fw.verify("We purchase the automobile.");
    const v = report.verdicts[0]!;
    expect(v.quotes[0]).toMatchObject({ evidenceId: "e1", text: "We buy the red car." });
    // The tiny NLI model reads words, not meanings: on that passage it finds the claim unsupported.
    expect(v).toMatchObject({ verdict: "unsupported", tier: 1 });
    expect(v.trace.at(-1)!.note).toMatch(/no window entails or contradicts it/);
    await fw.close();
  });
});
