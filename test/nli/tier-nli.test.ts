import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  CALIBRATION_TABLE,
  calibrate,
  ConfigError,
  createModelBackend,
  createNliTier,
  Firewall,
  resolveNliOptions,
  type ModelBackend,
  type NliOptions,
  type Tier,
  type TierOutcome,
} from "../../src/index.js";
import { InThreadBackend } from "../../src/nli/backend.js";
import { backendConfig } from "../../src/nli/tier-nli.js";
import { tinyModels } from "./tiny-models.js";

const models = tinyModels();
const open: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const o of open) await o.close();
});

/** A Firewall whose tiers are tier 0 and the NLI tier on a tiny model, in this thread, BM25 retrieval. */
function firewall(model: string, nli: NliOptions = {}, more: Partial<ConstructorParameters<typeof Firewall>[0]> = {}): Firewall {
  const fw = new Firewall({ tiers: ["exact", "nli"], nli: { model, embedModel: "", worker: false, allowRemote: false, ...nli }, ...more });
  open.push(fw);
  return fw;
}

/** The in-thread backend of a tiny model, with a count of its calls. */
function countingBackend(model: string, options: NliOptions = {}) {
  const inner = createModelBackend(resolveNliOptions({ model, embedModel: "", worker: false, allowRemote: false, ...options }));
  const calls = { classify: 0, pairs: 0, windows: 0 };
  const backend: ModelBackend = {
    nliInfo: () => inner.nliInfo(),
    windows: (r) => {
      calls.windows++;
      return inner.windows(r);
    },
    classify: (p, h) => {
      calls.classify++;
      calls.pairs += p.length;
      return inner.classify(p, h);
    },
    embed: (t) => inner.embed(t),
    close: () => inner.close(),
  };
  open.push(backend);
  return { backend, calls };
}

const EVIDENCE = ["The cors package has the mit license.", "cors is not deprecated.", "The express server has the apache license and two dependencies."];

function record(fw: Firewall, texts = EVIDENCE) {
  texts.forEach((content, i) => fw.record({ source: `tool${i + 1}`, content }));
}

describe("NLI tier: labels come from config.json, in any order and casing", () => {
  it.each([[["contradiction", "entailment", "neutral"]], [["ENTAILMENT", "NEUTRAL", "CONTRADICTION"]], [["Neutral", "Contradiction", "Entailment"]]])(
    "should give the same verdicts with id2label %j",
    async (labels) => {
      const fw = firewall(models.nli(`order-${labels.join("-")}`, { labels }));
      record(fw);
      const report = await fw.verify("cors has the mit license. cors is deprecated. cors has the red slow fast license.");
      const [mit, deprecated, invented] = report.verdicts;
      expect(mit).toMatchObject({ verdict: "supported", tier: 1 });
      // The tier's own score is in the trace; the verdict's confidence is that score calibrated.
      expect(mit!.trace.at(-1)!.confidence).toBeGreaterThan(0.95);
      expect(mit!.quotes[0]).toMatchObject({ evidenceId: "e1", text: "The cors package has the mit license." });
      expect(deprecated).toMatchObject({ verdict: "contradicted", tier: 1 });
      expect(deprecated!.quotes[0]!.text).toBe("cors is not deprecated.");
      expect(invented).toMatchObject({ verdict: "unsupported", tier: 1 });
      expect(invented!.trace.at(-1)!.confidence).toBeGreaterThan(0.9);
    },
  );

  it("should read a two-class model as supported or not, never contradicted", async () => {
    const fw = firewall(models.nli("two-class", { labels: ["not_entailment", "entailment"] }));
    record(fw);
    const report = await fw.verify("cors has the mit license. cors is deprecated.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "unsupported"]);
    expect(report.verdicts[1]!.trace.at(-1)!.confidence).toBeGreaterThan(0.95);
  });

  it("should fail closed with a ConfigError message when the labels do not name entailment", async () => {
    const model = models.nli("generic-labels", { labels: ["LABEL_0", "LABEL_1", "LABEL_2"], roles: ["contradiction", "entailment", "neutral"] });
    const tier = createNliTier({ model, embedModel: "", worker: false, allowRemote: false });
    open.push(tier);
    await expect(tier.ready()).rejects.toThrow(/LABEL_0.*labels/);
    const mapped = createNliTier({
      model,
      embedModel: "",
      worker: false,
      allowRemote: false,
      labels: { LABEL_0: "contradiction", LABEL_1: "entailment", LABEL_2: "neutral" },
    });
    open.push(mapped);
    expect((await mapped.ready()).labelMap).toMatchObject({ entailment: 1, contradiction: 0 });
  });
});

describe("NLI tier: thresholds and low confidence", () => {
  // Three of the claim's four content words are in the passage: the tiny model gives p(entailment) ≈ 0.5.
  const halfway = "cors has the mit fast license.";

  it("should mark a claim below the threshold unsupported with its low confidence when no tier follows", async () => {
    const fw = firewall(models.nli("thresholds"));
    record(fw);
    const v = (await fw.verify(halfway)).verdicts[0]!;
    expect(v.verdict).toBe("unsupported");
    expect(v.trace.at(-1)!.confidence).toBeCloseTo(0.5, 1);
    expect(v.confidence).toBe(calibrate(CALIBRATION_TABLE, "nli", "unsupported", v.trace.at(-1)!.confidence!));
    expect(v.trace.at(-1)!.note).toMatch(/low confidence/);
  });

  it("should let the policy decide what a low-confidence verdict does: lenient lets it pass, balanced hedges it, strict blocks", async () => {
    const fw = firewall(models.nli("thresholds"));
    record(fw);
    expect((await fw.verify(halfway, { strictness: "lenient" })).decision).toBe("pass");
    // Calibrated, balanced flags every unsupported claim (see the presets): a low-confidence one is hedged.
    expect((await fw.verify(halfway)).decision).toBe("rewrite");
    expect((await fw.verify(halfway, { strictness: "strict" })).decision).toBe("block");
  });

  it("should decide with a lower threshold", async () => {
    const fw = firewall(models.nli("thresholds"), { threshold: 0.45 });
    record(fw);
    expect((await fw.verify(halfway)).verdicts[0]!.verdict).toBe("supported");
  });

  it("should pass low-confidence claims on to a tier that runs after it, and decide confident ones itself", async () => {
    const seen: string[] = [];
    const judge: Tier = {
      tier: 2,
      name: "judge",
      run: (items) =>
        items.map((it): TierOutcome => {
          seen.push(it.claim.text);
          return { verdict: "supported", confidence: 0.8, quotes: [], corrections: [], note: "judged" };
        }),
    };
    const fw = new Firewall({ tiers: ["exact", "nli", judge], nli: { model: models.nli("thresholds"), embedModel: "", worker: false, allowRemote: false } });
    open.push(fw);
    record(fw);
    const report = await fw.verify(`${halfway} cors has the mit license.`);
    expect(seen).toEqual([halfway]);
    expect(report.verdicts[0]).toMatchObject({ verdict: "supported", tier: 2 });
    expect(report.verdicts[0]!.trace.find((t) => t.name === "nli")).toMatchObject({ outcome: "pass" });
    expect(report.verdicts[1]).toMatchObject({ verdict: "supported", tier: 1 });
  });
});

describe("NLI tier: batching", () => {
  it.each([1, 8, 32])("should give the same verdicts with batch size %i, in ceil(pairs / size) model calls", async (batchSize) => {
    const model = models.nli("batching");
    const { backend, calls } = countingBackend(model);
    const tier = createNliTier({ model, backend, batchSize, embedModel: "" });
    const fw = new Firewall({ tiers: ["exact", tier] });
    record(fw);
    const report = await fw.verify("cors has the mit license. cors is deprecated. express has two dependencies. express has the apache license.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted", "supported", "supported"]);
    expect(calls.pairs).toBeGreaterThan(4);
    expect(calls.classify).toBe(Math.ceil(calls.pairs / batchSize));
  });
});

describe("NLI tier: long evidence is windowed, never truncated", () => {
  const filler = [
    "The tower is in the north of the city.",
    "The river has a bridge.",
    "The company was founded in one year.",
    "The blue car is fast and the red car is slow.",
  ];
  // 20,000 words of filler with one statement about the alpha server after the first 15,000.
  const sentences: string[] = [];
  let words = 0;
  for (let i = 0; words < 20_000; i++) {
    const s = words >= 15_000 && !sentences.some((x) => x.includes("alpha")) ? "The alpha server has the gamma license." : filler[i % filler.length]!;
    sentences.push(s);
    words += s.split(" ").length;
  }
  const text = sentences.join(" ");

  it("should find the one entailing window of a 20,000-word record and quote it with its span", async () => {
    const fw = firewall(models.nli("long", { labels: ["entailment", "neutral", "contradiction"], maxLength: 24 }));
    const rec = fw.record({ source: "docs", content: text });
    expect(text.split(/\s+/).length).toBeGreaterThanOrEqual(20_000);
    const v = (await fw.verify("The alpha server has the gamma license.")).verdicts[0]!;
    expect(v.verdict).toBe("supported");
    const quote = v.quotes[0]!;
    expect(quote.text).toContain("The alpha server has the gamma license.");
    expect(rec.text.slice(quote.span[0], quote.span[1])).toBe(quote.text);
    expect(v.trace.at(-1)!.note).toMatch(/window \d+\/\d+/);
  });

  it("should not call a claim supported because its own text was cut from the model's input", async () => {
    // The tiny model, like peers fed a right-truncated pair, reports entailment when the hypothesis is
    // missing: a claim about the record's topic that it does not state must still be unsupported.
    const fw = firewall(models.nli("long", { labels: ["entailment", "neutral", "contradiction"], maxLength: 24 }));
    fw.record({ source: "docs", content: text });
    const v = (await fw.verify("The alpha server has the delta license and the beta router.")).verdicts[0]!;
    expect(v.verdict).toBe("unsupported");
  });

  it("should refuse a pair longer than the model's input rather than truncate it", async () => {
    const backend = createModelBackend(
      resolveNliOptions({
        model: models.nli("long", { labels: ["entailment", "neutral", "contradiction"], maxLength: 24 }),
        worker: false,
        allowRemote: false,
      }),
    );
    open.push(backend);
    await expect(backend.classify([filler.join(" ")], ["The alpha server has the gamma license."])).rejects.toThrow(/exceeds the model's 24 tokens/);
  });

  it("should pass on a claim too long to leave room for evidence", async () => {
    const fw = firewall(models.nli("long", { labels: ["entailment", "neutral", "contradiction"], maxLength: 24 }));
    fw.record({ source: "docs", content: text });
    // 20 tokens of a 24-token input: no room for a premise.
    const claim = "The alpha server has the gamma license in the north city tower by the river bridge for the company.";
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(v.trace.find((t) => t.name === "nli")).toMatchObject({ outcome: "pass" });
    expect(v.trace.find((t) => t.name === "nli")!.note).toMatch(/leaves no room for evidence/);
  });
});

describe("NLI tier: score cache", () => {
  it("should answer a repeated pair from memory without calling the model", async () => {
    const model = models.nli("cache");
    const { backend, calls } = countingBackend(model);
    const tier = createNliTier({ model, backend, embedModel: "" });
    const fw = new Firewall({ tiers: ["exact", tier] });
    record(fw);
    const first = await fw.verify("cors has the mit license.");
    const pairs = calls.pairs;
    const second = await fw.verify("cors has the mit license.");
    expect(calls.pairs).toBe(pairs);
    expect(tier.cache.stats.hits).toBeGreaterThanOrEqual(pairs);
    expect(second.verdicts[0]).toMatchObject({ verdict: first.verdicts[0]!.verdict, confidence: first.verdicts[0]!.confidence });
  });

  it("should keep scores on disk for the next process (a new tier reads them back)", async () => {
    const model = models.nli("cache-disk");
    const dir = `${models.root}/scores`;
    const a = countingBackend(model);
    const tierA = createNliTier({ model, backend: a.backend, scoreCacheDir: dir, embedModel: "" });
    const fwA = new Firewall({ tiers: ["exact", tierA] });
    record(fwA);
    await fwA.verify("cors has the mit license. cors is deprecated.");
    await tierA.cache.flush();
    expect(a.calls.pairs).toBeGreaterThan(0);
    const b = countingBackend(model);
    const tierB = createNliTier({ model, backend: b.backend, scoreCacheDir: dir, embedModel: "" });
    const fwB = new Firewall({ tiers: ["exact", tierB] });
    record(fwB);
    const report = await fwB.verify("cors has the mit license. cors is deprecated.");
    expect(b.calls.pairs).toBe(0);
    expect(tierB.cache.stats.loaded).toBe(a.calls.pairs);
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
  });
});

describe("NLI tier: a model that cannot be had", () => {
  it("should fail closed with a ConfigError naming the missing folder and how to provide it", async () => {
    const warnings: string[] = [];
    const missing = `${models.root}/no-such-model`;
    const fw = firewall(missing, {}, { logger: { warn: (m: string) => warnings.push(m) } });
    record(fw);
    const report = await fw.verify("cors has the mit license.");
    const v = report.verdicts[0]!;
    expect(v.verdict).toBe("unsupported");
    expect(v.trace.at(-1)!.confidence).toBe(1);
    expect(v.trace.at(-1)!.note).toMatch(/failing closed/);
    // The balanced preset hedges an unsupported claim rather than blocking on the grounding score: the
    // claim never ships as verified.
    expect(report.decision).not.toBe("pass");
    expect(report.output ?? "").not.toBe("cors has the mit license.");
    expect(warnings.join("\n")).toMatch(new RegExp(`NLI model '${missing}' not found.*HFW_NLI_MODEL`));
  });

  it("should name the files an incomplete model folder lacks", async () => {
    const folder = models.nli("incomplete");
    rmSync(join(folder, "tokenizer_config.json"));
    const tier = createNliTier({ model: folder, embedModel: "", worker: false, allowRemote: false });
    open.push(tier);
    await expect(tier.ready()).rejects.toThrow(/is incomplete: the folder .* lacks tokenizer_config\.json/);
  });

  it("should reject ready() with a ConfigError for a model id not in the cache when remote loading is off", async () => {
    vi.stubEnv("HFW_OFFLINE", "1");
    try {
      const tier = createNliTier({ model: "hfw-test/not-a-cached-model", embedModel: "", worker: false, cacheDir: `${models.root}/cache` });
      open.push(tier);
      expect(tier.options.allowRemote).toBe(false);
      const error = await tier.ready().then(
        () => null,
        (e: unknown) => e,
      );
      expect(ConfigError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/'hfw-test\/not-a-cached-model' not found in .*cache and remote loading is off/);
      expect((error as Error).message).toMatch(/HFW_NLI_MODEL/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("should hand the claims on instead when onError is pass", async () => {
    const fw = new Firewall({
      tiers: ["exact", "nli", "lexical"],
      nli: { model: `${models.root}/no-such-model`, embedModel: "", worker: false, onError: "pass" },
    });
    open.push(fw);
    record(fw);
    const v = (await fw.verify("cors has the mit license.")).verdicts[0]!;
    expect(v).toMatchObject({ verdict: "supported", tier: 1 });
    expect(v.trace.map((t) => `${t.name}:${t.outcome}`)).toEqual(["exact:pass", "nli:pass", "lexical:supported"]);
  });

  it("should fail closed when transformers.js itself cannot be imported, naming the install command", async () => {
    const config = backendConfig(resolveNliOptions({ model: models.nli("thresholds"), worker: false }));
    const missingPackage = new InThreadBackend({ ...config, transformersPackage: "@huggingface/transformers-not-installed" });
    const tier = createNliTier({ backend: missingPackage, embedModel: "" });
    const fw = new Firewall({ tiers: ["exact", tier] });
    record(fw);
    const v = (await fw.verify("cors has the mit license.")).verdicts[0]!;
    expect(v.verdict).toBe("unsupported");
    expect(v.trace.at(-1)!.note).toMatch(/npm install @huggingface\/transformers/);
  });

  it("should throw a ConfigError for options out of range", () => {
    expect(() => new Firewall({ tiers: ["nli"], nli: { threshold: 2 } })).toThrow(/Invalid nli option 'threshold'/);
    expect(() => new Firewall({ tiers: ["nli"], nli: { batchSize: 0 } })).toThrow(ConfigError);
  });
});
