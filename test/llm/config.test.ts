import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigError, createFileLlmCache, createJudgeTier, createLlmExtractor, Firewall, llmCacheKey, modelFromEnv, readLlmEnv } from "../../src/index.js";
import { corsFirewall, DRAFT, ruleJudge } from "../judge/helpers.js";

const VARS = ["HFW_LLM_PROVIDER", "HFW_LLM_MODEL", "HFW_LLM_BASE_URL", "HFW_LLM_API_KEY"];

beforeEach(() => {
  for (const v of VARS) vi.stubEnv(v, "");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("HFW_LLM_* configuration", () => {
  it("should read nothing when no variable is set", () => {
    expect(readLlmEnv({})).toBeNull();
  });

  it.each([
    [{ HFW_LLM_MODEL: "gpt-4o-mini" }, /HFW_LLM_PROVIDER is not/],
    [{ HFW_LLM_PROVIDER: "cohere", HFW_LLM_MODEL: "x" }, /Unknown HFW_LLM_PROVIDER 'cohere': use openai, anthropic, openai-compatible/],
    [{ HFW_LLM_PROVIDER: "openai" }, /HFW_LLM_MODEL is not set/],
    [{ HFW_LLM_PROVIDER: "openai-compatible", HFW_LLM_MODEL: "llama3.1" }, /needs HFW_LLM_BASE_URL, e\.g\. http:\/\/127\.0\.0\.1:11434\/v1/],
    [{ HFW_LLM_PROVIDER: "openai", HFW_LLM_MODEL: "gpt-4o-mini" }, /needs @ai-sdk\/openai, which is not installed: run 'npm install @ai-sdk\/openai@\^3'/],
    [{ HFW_LLM_PROVIDER: "anthropic", HFW_LLM_MODEL: "claude-3-5-haiku-latest" }, /npm install @ai-sdk\/anthropic@\^3/],
    [
      { HFW_LLM_PROVIDER: "openai-compatible", HFW_LLM_MODEL: "llama3.1", HFW_LLM_BASE_URL: "http://127.0.0.1:11434/v1" },
      /npm install @ai-sdk\/openai-compatible@\^2/,
    ],
  ])("should reject %j with a ConfigError that says what to do", (env, message) => {
    let error: unknown;
    try {
      readLlmEnv(env);
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it("should refuse to build a model with no configuration", async () => {
    await expect(modelFromEnv({})).rejects.toThrow(/pass one \(judge: openai\('gpt-4o-mini'\)\) or set HFW_LLM_PROVIDER and HFW_LLM_MODEL/);
  });
});

describe("Firewall options for the judge and the LLM extractor", () => {
  it("should fail at construction when the judge or the LLM extractor has no model", () => {
    expect(() => new Firewall({ tiers: ["exact", "lexical", "judge"] })).toThrow(ConfigError);
    expect(() => new Firewall({ judge: {} })).toThrow(/The LLM judge has no model/);
    expect(() => new Firewall({ extractor: "llm" })).toThrow(/The LLM claim extractor has no model/);
    expect(() => createLlmExtractor({})).toThrow(ConfigError);
  });

  it("should fail at construction when the provider package named by the environment is missing", () => {
    vi.stubEnv("HFW_LLM_PROVIDER", "openai");
    vi.stubEnv("HFW_LLM_MODEL", "gpt-4o-mini");
    expect(() => new Firewall({ tiers: ["exact", "lexical", "judge"] })).toThrow(/npm install @ai-sdk\/openai@\^3/);
  });

  it.each([
    [{ reviewBelow: 1.5 }, /reviewBelow must be between 0 and 1/],
    [{ batchSize: 0 }, /batchSize must be a whole number of at least 1/],
    [{ timeoutMs: -5 }, /timeoutMs/],
    [{ maxRetries: 1.5 }, /maxRetries/],
    [{ model: 42 }, /must be an AI SDK language model/],
  ])("should reject judge options %j", (options, message) => {
    expect(() => createJudgeTier({ model: "gpt-4o-mini", ...options } as never)).toThrow(message);
  });

  it("should reject an unknown extractor name", () => {
    expect(() => new Firewall({ extractor: "magic" as never })).toThrow(/Unknown extractor "magic"/);
  });

  it("should add the judge to the default tiers, and not twice", async () => {
    for (const tiers of [undefined, ["exact", "lexical", "judge"] as const]) {
      const model = ruleJudge([]);
      const report = await corsFirewall(model, { tiers: tiers && [...tiers] }).verify(DRAFT);
      expect(report.verdicts[2]!.trace.map((t) => t.name)).toEqual(["exact", "lexical", "judge"]);
    }
    const model = ruleJudge([]);
    const judge = createJudgeTier(model);
    expect(judge).toMatchObject({ tier: 2, name: "judge", model: "mock-judge-1" });
    expect(judge.settings).toMatchObject({ reviewBelow: 0.9, batchSize: 6, concurrency: 4, timeoutMs: 30_000, maxRetries: 2, attempts: 2 });
  });
});

describe("judge dry run", () => {
  it("should count what it would send without calling a model, keeping every verdict", async () => {
    const prices = { "gpt-4o-mini": { input: 0.15, output: 0.6 } };
    const fw = corsFirewall({ model: "gpt-4o-mini", dryRun: true, prices });
    const report = await fw.verify(DRAFT);
    expect(report.verdicts.every((v) => v.tier < 2)).toBe(true);
    expect(report.llm!.modelCalls).toBe(0);
    const call = report.llm!.calls[0]!;
    expect(call).toMatchObject({ outcome: "dry_run", model: "gpt-4o-mini", claimIds: ["r1.c3", "r1.c5"], outputTokens: 120 });
    expect(call.inputTokens).toBeGreaterThan(300);
    expect(call.costUsd).toBeCloseTo((call.inputTokens * 0.15 + 120 * 0.6) / 1e6, 12);
    expect(report.verdicts[2]!.trace.at(-1)!.note).toMatch(/judge dry run: would ask gpt-4o-mini/);
  });

  it("should take the model id from HFW_LLM_MODEL without a provider package", async () => {
    vi.stubEnv("HFW_LLM_PROVIDER", "openai");
    vi.stubEnv("HFW_LLM_MODEL", "gpt-4o-mini");
    const report = await corsFirewall({ dryRun: true }).verify(DRAFT);
    expect(report.llm!.calls[0]).toMatchObject({ outcome: "dry_run", model: "gpt-4o-mini", provider: "openai" });
  });
});

describe("file cache shared between runs", () => {
  it("should answer a second firewall's judge from the file the first one wrote", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hfw-llm-cache-"));
    const first = ruleJudge([]);
    await corsFirewall({ model: first, cache: createFileLlmCache({ dir }) }).verify(DRAFT);
    expect(first.doGenerateCalls).toHaveLength(1);
    const lines = readFileSync(join(dir, "llm.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    // An interrupted run leaves a cut line: it is skipped, not fatal.
    writeFileSync(join(dir, "llm.jsonl"), `${lines.join("\n")}\n{"key":"abc","val`);
    const second = ruleJudge([]);
    const report = await corsFirewall({ model: second, cache: createFileLlmCache({ dir }) }).verify(DRAFT);
    expect(second.doGenerateCalls).toHaveLength(0);
    expect(report.llm).toMatchObject({ modelCalls: 0, cachedCalls: 1, inputTokens: 0 });
  });

  it("should key answers by purpose, model id, prompt version and input", () => {
    const base = { purpose: "judge", model: "m", promptVersion: 1, input: { claim: "x" } };
    const key = llmCacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(llmCacheKey({ ...base })).toBe(key);
    for (const change of [{ purpose: "extract" }, { model: "n" }, { promptVersion: 2 }, { input: { claim: "y" } }]) {
      expect(llmCacheKey({ ...base, ...change })).not.toBe(key);
    }
  });
});
