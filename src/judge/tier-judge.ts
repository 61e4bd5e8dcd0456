/**
 * Tier 2: an LLM judge, through any AI SDK language model. It reads the claims that tiers 0 and 1 left
 * undecided or decided with low confidence, several claims per call with the top passages of each, and
 * answers with a verdict, the deciding quote and a short rationale (structured output, validated by zod).
 * A verdict counts only with a quote found in the evidence ledger; otherwise it is downgraded to
 * `unsupported`. Calls run under a concurrency limit, a per-call timeout, the SDK's rate-limit retries and
 * a budget per answer; a claim the judge fails on keeps the earlier tier's verdict and its trace says why.
 */
import { ConfigError } from "../errors.js";
import { callStructured, LlmCallFailure } from "../llm/call-model.js";
import { createMemoryLlmCache, llmCacheKey, type LlmCache } from "../llm/llm-cache.js";
import { createLimiter } from "../llm/limiter.js";
import { assertAiInstalled } from "../llm/load-ai.js";
import { lazyModel, readLlmEnv } from "../llm/model-from-env.js";
import { identify, isLlmModel, type LlmModel, type ModelIdentity } from "../llm/model.js";
import { costOf, LlmMeter, type PriceTable } from "../llm/usage.js";
import type { LlmCall, Passage } from "../schema.js";
import type { PriorVerdict, Tier, TierContext, TierItem, TierOutcome } from "../verify/tier.js";
import { BudgetMeter, type JudgeBudget } from "./judge-budget.js";
import { buildJudgePrompt, estimateTokens, JUDGE_SYSTEM } from "./judge-prompt.js";
import { JUDGE_PROMPT_VERSION, JudgeOutputSchema, JudgementSchema, type Judgement, type JudgeOutput } from "./judge-schema.js";
import { checkQuote, locateQuote } from "./quote-check.js";

/** Options of {@link createJudgeTier}. */
export interface JudgeOptions {
  /** Any AI SDK language model. Default: the model named by `HFW_LLM_PROVIDER` / `HFW_LLM_MODEL`. */
  model?: LlmModel;
  /**
   * Review earlier verdicts whose confidence, the calibrated probability that the verdict is right, is below
   * this (0..1; default 0.9: only a verdict at least 90% likely right goes unreviewed). No lexical verdict
   * calibrates that high (its top step is about 0.82 on answers the rules were not written against), so the
   * judge re-reads every tier-1 verdict (before calibration it saw the 36% below raw 0.9); lower it (0.8
   * re-reads about two thirds) to spend less. 0 sends only claims no tier decided.
   */
  reviewBelow?: number;
  /** Review tier 0's verdicts too (default false: a model does not overrule exact figure comparisons). */
  reviewExact?: boolean;
  /** Claims per model call (default 6). */
  batchSize?: number;
  /** Evidence passages shown per claim, best first (default 4; each at most 1,200 characters). */
  passagesPerClaim?: number;
  /** Model calls in flight at once (default 4). */
  concurrency?: number;
  /** Timeout of each model call, ms (default 30,000). */
  timeoutMs?: number;
  /** Retries the AI SDK makes on rate limits (429) and server errors, exponential backoff from 2 s, honouring `retry-after` (default 2). */
  maxRetries?: number;
  /** Asks per call when the output fails the schema or misses a claim (default 2: one re-ask). */
  attempts?: number;
  /** Spending limit per answer (default 10 calls, 60,000 tokens). */
  budget?: JudgeBudget;
  /** USD per million tokens by model id, for `report.llm` cost and the budget's `costUsd`. */
  prices?: PriceTable;
  /** Cache of answers by model id, prompt version and input hash (default: in memory, per judge); `false` turns it off. */
  cache?: LlmCache | false;
  /** Confidence given to the judge's verdicts (0..1; default 0.9). A downgraded verdict gets 0.7. */
  confidence?: number;
  /** Sampling temperature (default 0). */
  temperature?: number;
  /** Completion token limit per call (default 4,096). */
  maxOutputTokens?: number;
  /**
   * Build and count the prompts without calling a model (no `ai` needed): `report.llm` shows the calls the
   * judge would make and their estimated tokens (prompt: characters / 4; completion: 60 per claim) and cost.
   * Every claim keeps its earlier verdict. For cost estimates (`npm run eval -- --judge-dry-run`).
   */
  dryRun?: boolean;
}

/** The judge as a {@link Tier}, with its settings for display. */
export interface JudgeTier extends Tier {
  /** Model id when known at creation (a model object or id string), else null until the first run. */
  readonly model: string | null;
  readonly settings: Readonly<Required<Omit<JudgeOptions, "model" | "budget" | "prices" | "cache">>>;
}

/** Completion tokens assumed per claim in a dry run (verdict, a one-line quote, a one-sentence rationale). */
const DRY_RUN_OUTPUT_TOKENS_PER_CLAIM = 60;
/** Prompt characters per call beyond which a batch is split (keeps calls well inside small context windows). */
const MAX_PROMPT_CHARS = 32_000;
const DOWNGRADED_CONFIDENCE = 0.7;

function inUnit(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new ConfigError(`judge.${name} must be between 0 and 1, got ${value}.`);
  return value;
}

function positive(name: string, value: number): number {
  if (!(Number.isInteger(value) && value >= 1)) throw new ConfigError(`judge.${name} must be a whole number of at least 1, got ${value}.`);
  return value;
}

/** Passages shown for a claim: tier 0's focus first, then the retrieved ones, without repeats. */
function passagesFor(item: TierItem, max: number): Passage[] {
  const seen = new Set<string>();
  return [...item.hints.focus, ...item.passages].filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(0, max);
}

function clip(text: string, max = 240): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}

/**
 * Creates the LLM judge tier (tier 2).
 *
 * ```ts
 * import { openai } from "@ai-sdk/openai";
 * const fw = new Firewall({ judge: { model: openai("gpt-4o-mini"), prices: { "gpt-4o-mini": { input: 0.15, output: 0.6 } } } });
 * ```
 *
 * @param options a model, or {@link JudgeOptions}.
 * @returns a tier that decides the claims it judges, passes on (keeping the earlier verdict) those it could
 *   not judge within budget, and marks as failed those whose call timed out, erred or gave invalid output.
 * @throws ConfigError for out-of-range options, no model and no `HFW_LLM_*` configuration, a missing provider
 *   package, or `ai` not installed (except in a dry run).
 */
export function createJudgeTier(options: JudgeOptions | LlmModel = {}): JudgeTier {
  const o: JudgeOptions = isLlmModel(options) ? { model: options } : options;
  const settings = {
    reviewBelow: inUnit("reviewBelow", o.reviewBelow ?? 0.9),
    reviewExact: o.reviewExact ?? false,
    batchSize: positive("batchSize", o.batchSize ?? 6),
    passagesPerClaim: positive("passagesPerClaim", o.passagesPerClaim ?? 4),
    concurrency: positive("concurrency", o.concurrency ?? 4),
    timeoutMs: positive("timeoutMs", o.timeoutMs ?? 30_000),
    maxRetries: o.maxRetries ?? 2,
    attempts: positive("attempts", o.attempts ?? 2),
    confidence: inUnit("confidence", o.confidence ?? 0.9),
    temperature: o.temperature ?? 0,
    maxOutputTokens: positive("maxOutputTokens", o.maxOutputTokens ?? 4096),
    dryRun: o.dryRun ?? false,
  };
  if (!(Number.isInteger(settings.maxRetries) && settings.maxRetries >= 0))
    throw new ConfigError(`judge.maxRetries must be a whole number of at least 0, got ${settings.maxRetries}.`);
  if (o.model !== undefined && !isLlmModel(o.model))
    throw new ConfigError("judge.model must be an AI SDK language model (e.g. openai('gpt-4o-mini')) or a model id string.");
  // A dry run needs only a model id (for prices): HFW_LLM_MODEL, no provider package.
  const dryId = settings.dryRun && o.model === undefined ? process.env.HFW_LLM_MODEL?.trim() : undefined;
  const env = o.model === undefined && !dryId ? readLlmEnv() : null;
  if (o.model === undefined && !env && !dryId) {
    throw new ConfigError("The LLM judge has no model: pass one (judge: openai('gpt-4o-mini')) or set HFW_LLM_PROVIDER and HFW_LLM_MODEL.");
  }
  if (!settings.dryRun) assertAiInstalled("The LLM judge");
  const cache = o.cache === false ? null : (o.cache ?? createMemoryLlmCache());
  let identity: ModelIdentity | null =
    o.model !== undefined ? identify(o.model) : dryId ? { provider: process.env.HFW_LLM_PROVIDER?.trim() || null, modelId: dryId } : null;
  const model = lazyModel(o.model);

  const review = (prior: PriorVerdict): boolean => (settings.reviewExact || prior.tier !== 0) && prior.confidence < settings.reviewBelow;

  const run = async (items: TierItem[], context: TierContext): Promise<TierOutcome[]> => {
    const meter = context.llm ?? new LlmMeter();
    const llmModel = settings.dryRun ? null : await model();
    if (llmModel) identity = identify(llmModel);
    const id = identity!;
    const outcomes: Array<TierOutcome | undefined> = new Array(items.length);
    const shown = items.map((it) => passagesFor(it, settings.passagesPerClaim));
    const keys = items.map((it, i) =>
      llmCacheKey({
        purpose: "judge",
        model: id.modelId,
        promptVersion: JUDGE_PROMPT_VERSION,
        input: { claim: it.claim.text, passages: shown[i]!.map((p) => [p.source, p.text]) },
      }),
    );

    const decide = (i: number, j: Judgement, call: number): TierOutcome => decideClaim(items[i]!, shown[i]!, j, call, id.modelId, settings.confidence, context);

    // Answers already cached cost nothing: one `cached` entry for all of them.
    const hits: number[] = [];
    const hitJudgements = new Map<number, Judgement>();
    if (cache && !settings.dryRun) {
      items.forEach((_, i) => {
        const parsed = JudgementSchema.safeParse(cache.get(keys[i]!));
        if (parsed.success) {
          hits.push(i);
          hitJudgements.set(i, parsed.data);
        }
      });
    }
    if (hits.length > 0) {
      const call = meter.add(
        entry(
          id,
          "cached",
          hits.map((i) => items[i]!.claim.id),
        ),
      );
      for (const i of hits) outcomes[i] = decide(i, hitJudgements.get(i)!, call);
    }

    // The rest, once per distinct input: claims no tier decided first, then the least confident verdicts.
    const groups = new Map<string, number[]>();
    items.forEach((_, i) => {
      if (outcomes[i]) return;
      const g = groups.get(keys[i]!);
      if (g) g.push(i);
      else groups.set(keys[i]!, [i]);
    });
    const order = [...groups.values()].sort((a, b) => (items[a[0]!]!.prior?.confidence ?? -1) - (items[b[0]!]!.prior?.confidence ?? -1) || a[0]! - b[0]!);
    const batches: number[][][] = [];
    let current: number[][] = [];
    let chars = 0;
    for (const g of order) {
      const size = shown[g[0]!]!.reduce((s, p) => s + p.text.length + 40, items[g[0]!]!.claim.text.length + 40);
      if (current.length > 0 && (current.length >= settings.batchSize || chars + size > MAX_PROMPT_CHARS)) {
        batches.push(current);
        current = [];
        chars = 0;
      }
      current.push(g);
      chars += size;
    }
    if (current.length > 0) batches.push(current);

    const budget = new BudgetMeter(o.budget);
    const limit = createLimiter(settings.concurrency);
    let fatal: unknown;
    const setAll = (batch: number[][], outcome: (i: number) => TierOutcome) => {
      for (const g of batch) for (const i of g) outcomes[i] = outcome(i);
    };

    await Promise.all(
      batches.map((batch) =>
        limit(async () => {
          const lead = batch.map((g) => g[0]!);
          const claimIds = batch.flatMap((g) => g.map((i) => items[i]!.claim.id));
          const { prompt, claimIds: localIds } = buildJudgePrompt(lead.map((i) => ({ text: items[i]!.claim.text, passages: shown[i]! })));
          const inTokens = estimateTokens(JUDGE_SYSTEM) + estimateTokens(prompt);
          const outTokens = DRY_RUN_OUTPUT_TOKENS_PER_CLAIM * lead.length;
          const estCost = costOf(o.prices, id.modelId, inTokens, outTokens);
          if (fatal !== undefined) {
            setAll(batch, () => ({ pass: true, failed: true, note: `judge failed: ${(fatal as Error).message}` }));
            return;
          }
          const over = budget.reserve(inTokens + outTokens, estCost);
          if (over) {
            const note = `judge skipped: the budget per answer (${over}) is spent (${budget.spent()})`;
            meter.note(note);
            setAll(batch, () => ({ pass: true, note }));
            return;
          }
          if (settings.dryRun) {
            const call = meter.add({ ...entry(id, "dry_run", claimIds), inputTokens: inTokens, outputTokens: outTokens, costUsd: estCost });
            setAll(batch, () => ({
              pass: true,
              note: `judge dry run: would ask ${id.modelId} (about ${inTokens} prompt tokens for ${lead.length} claim(s))`,
              llmCall: call,
            }));
            return;
          }
          const expected = new Set(localIds);
          try {
            const result = await callStructured<JudgeOutput>({
              model: llmModel!,
              purpose: "judge",
              system: JUDGE_SYSTEM,
              prompt,
              schema: JudgeOutputSchema,
              check: (out) => {
                const missing = [...expected].filter((c) => !out.verdicts.some((v) => v.claim === c));
                return missing.length ? `no verdict for claim(s) ${missing.join(", ")}` : null;
              },
              timeoutMs: settings.timeoutMs,
              maxRetries: settings.maxRetries,
              attempts: settings.attempts,
              temperature: settings.temperature,
              maxOutputTokens: settings.maxOutputTokens,
              signal: context.signal,
              prices: o.prices,
              attributes: { "hfw.tier": 2, "hfw.claims.in": lead.length, "hfw.llm.prompt_version": JUDGE_PROMPT_VERSION },
            });
            budget.settle(
              { tokens: inTokens + outTokens, costUsd: estCost },
              { attempts: result.attempts, tokens: result.inputTokens + result.outputTokens, costUsd: result.costUsd },
            );
            const call = meter.add({
              ...entry(id, "ok", claimIds),
              attempts: result.attempts,
              inputTokens: result.inputTokens,
              outputTokens: result.outputTokens,
              costUsd: result.costUsd,
              ms: result.ms,
            });
            batch.forEach((g, k) => {
              const j = result.output.verdicts.find((v) => v.claim === localIds[k]);
              if (!j) return;
              cache?.set(keys[g[0]!]!, j);
              for (const i of g) outcomes[i] = decide(i, j, call);
            });
          } catch (error) {
            if (!(error instanceof LlmCallFailure)) {
              // Not a model failure (a ConfigError loading a provider): every claim of the run fails alike.
              fatal ??= error;
              setAll(batch, () => ({ pass: true, failed: true, note: `judge failed: ${(error as Error).message}` }));
              return;
            }
            budget.settle(
              { tokens: inTokens + outTokens, costUsd: estCost },
              { attempts: error.attempts, tokens: error.inputTokens + error.outputTokens, costUsd: error.costUsd },
            );
            const call = meter.add({
              ...entry(id, error.kind, claimIds),
              attempts: error.attempts,
              inputTokens: error.inputTokens,
              outputTokens: error.outputTokens,
              costUsd: error.costUsd,
              ms: error.ms,
              error: error.message,
            });
            const partial = JudgeOutputSchema.safeParse(error.lastOutput);
            batch.forEach((g, k) => {
              // Output that answered only some claims still decides those.
              const j = partial.success ? partial.data.verdicts.find((v) => v.claim === localIds[k]) : undefined;
              for (const i of g)
                outcomes[i] = j ? decide(i, j, call) : { pass: true, failed: true, note: `judge ${error.kind}: ${error.message}`, llmCall: call };
            });
          }
        }),
      ),
    );
    if (fatal !== undefined && outcomes.every((x) => x === undefined || ("pass" in x && x.failed))) throw fatal;
    return outcomes.map((x) => x ?? { pass: true, failed: true, note: "judge gave no verdict" });
  };

  return {
    tier: 2,
    name: "judge",
    get model() {
      return identity?.modelId ?? null;
    },
    settings,
    review,
    run,
  };
}

function entry(id: ModelIdentity, outcome: LlmCall["outcome"], claimIds: string[]): LlmCall {
  return {
    purpose: "judge",
    model: id.modelId,
    provider: id.provider,
    outcome,
    attempts: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: outcome === "cached" ? 0 : null,
    ms: 0,
    claimIds,
  };
}

/** The tier outcome of one judgement: the verdict with its located quote, or a downgrade to `unsupported`. */
function decideClaim(item: TierItem, passages: Passage[], j: Judgement, call: number, model: string, confidence: number, context: TierContext): TierOutcome {
  const why = j.rationale ? `: ${clip(j.rationale)}` : "";
  if (j.verdict === "unsupported") {
    const quote = j.quote.trim() ? locateQuote(j.quote, passages, context.ledger) : null;
    return {
      verdict: "unsupported",
      confidence,
      quotes: quote ? [quote] : [],
      corrections: [],
      note: `LLM judge (${model}): unsupported${why}`,
      llmCall: call,
    };
  }
  const check = checkQuote(j.quote, item.claim.text, passages, context.ledger);
  if (!check.ok) {
    return {
      verdict: "unsupported",
      confidence: DOWNGRADED_CONFIDENCE,
      quotes: [],
      corrections: [],
      note: `LLM judge (${model}) said ${j.verdict}, but ${check.why} ("${clip(j.quote, 80)}"): downgraded to unsupported, the judge cannot supply its own evidence`,
      llmCall: call,
    };
  }
  return {
    verdict: j.verdict,
    confidence,
    quotes: [check.quote],
    corrections: [],
    note: `LLM judge (${model}): ${j.verdict}, quote found in ${check.quote.evidenceId} (${check.quote.source})${why}`,
    llmCall: call,
  };
}
