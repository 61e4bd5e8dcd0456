import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, DEFAULT_EMBED_MODEL, DEFAULT_NLI_MODEL, resolveNliOptions } from "../../src/index.js";
import { assertTransformersInstalled, loadTransformers } from "../../src/nli/load-transformers.js";
import { pairKey, ScoreCache } from "../../src/nli/score-cache.js";

const dir = mkdtempSync(join(tmpdir(), "hfw-score-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe("resolveNliOptions", () => {
  it("should default to the published small models, online, in a worker thread", () => {
    vi.stubEnv("HFW_NLI_MODEL", undefined);
    vi.stubEnv("HFW_EMBED_MODEL", undefined);
    vi.stubEnv("HFW_OFFLINE", undefined);
    const o = resolveNliOptions();
    expect(o).toMatchObject({
      model: DEFAULT_NLI_MODEL,
      embedModel: DEFAULT_EMBED_MODEL,
      allowRemote: true,
      worker: true,
      dtype: "q8",
      threshold: 0.6,
      contradictThreshold: 0.6,
      batchSize: 8,
    });
    expect(DEFAULT_NLI_MODEL).toBe("Xenova/nli-deberta-v3-xsmall");
  });

  it("should read HFW_NLI_MODEL, HFW_EMBED_MODEL (empty = BM25 only), HFW_OFFLINE and HFW_MODEL_CACHE", () => {
    vi.stubEnv("HFW_NLI_MODEL", "./models/nli");
    vi.stubEnv("HFW_EMBED_MODEL", "");
    vi.stubEnv("HFW_OFFLINE", "1");
    vi.stubEnv("HFW_MODEL_CACHE", "/var/cache/models");
    expect(resolveNliOptions()).toMatchObject({ model: "./models/nli", embedModel: "", allowRemote: false, cacheDir: "/var/cache/models" });
  });

  it("should let options win over the environment", () => {
    vi.stubEnv("HFW_OFFLINE", "1");
    vi.stubEnv("HFW_NLI_MODEL", "env/model");
    expect(resolveNliOptions({ allowRemote: true, model: "opt/model", threshold: 0.8, contradictThreshold: 0.9 })).toMatchObject({
      allowRemote: true,
      model: "opt/model",
      threshold: 0.8,
      contradictThreshold: 0.9,
    });
  });

  it.each([[{ threshold: -0.1 }], [{ batchSize: 0 }], [{ dtype: "fp64" }], [{ labels: { LABEL_0: "yes" } }]])("should throw a ConfigError for %j", (bad) => {
    expect(() => resolveNliOptions(bad as never)).toThrow(ConfigError);
  });
});

describe("optional transformers.js", () => {
  it("should name the install command when the package cannot be resolved or imported", async () => {
    expect(() => assertTransformersInstalled("@huggingface/transformers-not-installed")).toThrow(/npm install @huggingface\/transformers@~4\.3\.0/);
    const error = await loadTransformers("@huggingface/transformers-not-installed").catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/ONNXRUNTIME_NODE_INSTALL=skip npm install/);
  });

  it("should find the installed package without loading it", () => {
    expect(() => assertTransformersInstalled()).not.toThrow();
  });
});

describe("ScoreCache", () => {
  it("should key pairs by model, premise and hypothesis", () => {
    const k = pairKey("m", "premise", "claim");
    expect(pairKey("m", "premise", "claim")).toBe(k);
    expect(pairKey("other", "premise", "claim")).not.toBe(k);
    expect(pairKey("m", "premise", "claim2")).not.toBe(k);
    expect(pairKey("m", "premis", "eclaim")).not.toBe(k);
  });

  it("should keep the most recently used entries within its bound", () => {
    const cache = new ScoreCache({ modelKey: "m", maxEntries: 2 });
    cache.setMany([
      ["a", [1]],
      ["b", [2]],
    ]);
    cache.get("a");
    cache.setMany([["c", [3]]]);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual([1]);
    expect(cache.get("c")).toEqual([3]);
    expect(cache.stats).toMatchObject({ hits: 3, misses: 1 });
  });

  it("should write scores to a file per model and read them back, skipping a torn last line", async () => {
    const a = new ScoreCache({ modelKey: "model-a", dir });
    await a.load();
    a.setMany([
      ["k1", [0.1, 0.9]],
      ["k2", [0.8, 0.2]],
    ]);
    await a.flush();
    const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    expect(files).toHaveLength(1);
    const file = join(dir, files[0]!);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(2);
    // An interrupted write leaves half a line.
    writeFileSync(file, `${readFileSync(file, "utf8")}{"k":"k3","p":[0.5`);
    const b = new ScoreCache({ modelKey: "model-a", dir });
    await b.load();
    expect(b.stats.loaded).toBe(2);
    expect(b.get("k2")).toEqual([0.8, 0.2]);
    const other = new ScoreCache({ modelKey: "model-b", dir });
    await other.load();
    expect(other.size).toBe(0);
  });

  it("should warn and keep working in memory when the folder cannot be written", async () => {
    const warnings: string[] = [];
    const blocked = join(dir, "a-file");
    writeFileSync(blocked, "");
    const cache = new ScoreCache({ modelKey: "m", dir: join(blocked, "sub"), warn: (m) => warnings.push(m) });
    cache.setMany([["k", [1]]]);
    await cache.flush();
    expect(cache.get("k")).toEqual([1]);
    expect(warnings[0]).toMatch(/could not be written/);
  });
});
