/**
 * The LLM claim extractor: a model splits the draft into atomic claims with their kinds, and each claim is
 * aligned back to its span in the draft (`align-claims.ts`). Behind the same {@link ClaimExtractor} interface
 * as the rule-based one.
 *
 * It may only add checks, never remove them: a claim the model calls an opinion or not checkable stays
 * checked when the rules find a figure, date or name in it, and a checkable sentence the model left out is
 * added from the rules. On a failed call (timeout, provider error, invalid output) the affected part of the
 * draft falls back to the rule-based claims, and `report.llm.notes` says so.
 */
import { ConfigError } from "../errors.js";
import { callStructured, LlmCallFailure } from "../llm/call-model.js";
import { createMemoryLlmCache, llmCacheKey, type LlmCache } from "../llm/llm-cache.js";
import { createLimiter } from "../llm/limiter.js";
import { assertAiInstalled } from "../llm/load-ai.js";
import { lazyModel, readLlmEnv } from "../llm/model-from-env.js";
import { identify, isLlmModel, type LlmModel } from "../llm/model.js";
import type { PriceTable } from "../llm/usage.js";
import type { LlmCall, Span } from "../schema.js";
import { alignClaims, type AlignedClaim } from "./align-claims.js";
import { classifyClaim } from "./claim-kind.js";
import { buildExtractPrompt, EXTRACT_PROMPT_VERSION, EXTRACT_SYSTEM, ExtractOutputSchema, type ExtractOutput } from "./extract-prompt.js";
import { extractJsonClaims } from "./json-draft.js";
import { extractClaimsSync } from "./rule-extractor.js";
import type { ClaimExtractor, ExtractContext, ExtractedClaim } from "./types.js";

/** Options of {@link createLlmExtractor}. */
export interface LlmExtractorOptions {
  /** Any AI SDK language model. Default: the model named by `HFW_LLM_PROVIDER` / `HFW_LLM_MODEL`. */
  model?: LlmModel;
  /** Draft characters per model call (default 12,000); longer drafts are read in windows cut between sentences. */
  windowChars?: number;
  /** Calls in flight at once for a long draft (default 4). */
  concurrency?: number;
  /** Timeout of each model call, ms (default 30,000). */
  timeoutMs?: number;
  /** Retries the AI SDK makes on rate limits and server errors (default 2). */
  maxRetries?: number;
  /** Asks per call when the output fails the schema (default 2). */
  attempts?: number;
  /** USD per million tokens by model id. */
  prices?: PriceTable;
  /** Cache by model id, prompt version and draft-window hash (default: in memory); `false` turns it off. */
  cache?: LlmCache | false;
  temperature?: number;
  maxOutputTokens?: number;
  /** `ClaimExtractor.name` (default `llm`). */
  name?: string;
}

const CHECKABLE = new Set(["factual", "hedge"]);

function overlaps(a: Span, b: Span): boolean {
  return a[0] < b[1] && b[0] < a[1];
}

/** Windows of the draft, each a run of whole sentence units of at most `max` characters (a longer unit alone). */
function windows(units: Span[], max: number): Array<{ range: Span; units: Span[] }> {
  const out: Array<{ range: Span; units: Span[] }> = [];
  let cur: Span[] = [];
  for (const u of units) {
    if (cur.length > 0 && u[1] - cur[0]![0] > max) {
      out.push({ range: [cur[0]![0], cur[cur.length - 1]![1]], units: cur });
      cur = [];
    }
    cur.push(u);
  }
  if (cur.length > 0) out.push({ range: [cur[0]![0], cur[cur.length - 1]![1]], units: cur });
  return out;
}

/**
 * Creates the LLM claim extractor.
 * @param options a model, or {@link LlmExtractorOptions}.
 * @returns an extractor whose `extract(draft, context)` never rejects on a model failure: it falls back to
 *   the rule-based claims for the part of the draft the model could not read, and notes it in `context.llm`.
 * @throws ConfigError for no model and no `HFW_LLM_*` configuration, a missing provider package, or `ai` not
 *   installed.
 */
export function createLlmExtractor(options: LlmExtractorOptions | LlmModel = {}): ClaimExtractor {
  const o: LlmExtractorOptions = isLlmModel(options) ? { model: options } : options;
  if (o.model !== undefined && !isLlmModel(o.model))
    throw new ConfigError("extractor model must be an AI SDK language model (e.g. openai('gpt-4o-mini')) or a model id string.");
  if (o.model === undefined && !readLlmEnv()) {
    throw new ConfigError("The LLM claim extractor has no model: pass one (createLlmExtractor({ model })) or set HFW_LLM_PROVIDER and HFW_LLM_MODEL.");
  }
  assertAiInstalled("The LLM claim extractor");
  const windowChars = o.windowChars ?? 12_000;
  if (!(Number.isInteger(windowChars) && windowChars >= 200)) throw new ConfigError(`windowChars must be a whole number of at least 200, got ${windowChars}.`);
  const cache = o.cache === false ? null : (o.cache ?? createMemoryLlmCache());
  const limit = createLimiter(o.concurrency ?? 4);
  const model = lazyModel(o.model);
  const name = o.name ?? "llm";

  const extract = async (draft: string, context: ExtractContext = {}): Promise<ExtractedClaim[]> => {
    if (draft.trim() === "") return [];
    // A JSON draft is read leaf by leaf, exactly, by the rules: no model needed.
    const json = extractJsonClaims(draft);
    if (json) return json;
    // Sentences, unsplit: where claims are aligned, and what must be covered. The rules' atomic claims are
    // read only when needed (a fallback, a sentence the model left out).
    const sentences = extractClaimsSync(draft, { splitCompounds: false, carrySubject: false });
    const units = sentences.map((c) => c.span);
    let ruled: ExtractedClaim[] | undefined;
    const rules = (): ExtractedClaim[] => (ruled ??= extractClaimsSync(draft));
    if (units.length === 0) return rules();
    let llmModel: LlmModel;
    try {
      llmModel = await model();
    } catch (error) {
      context.llm?.note(`LLM extractor unavailable (${(error as Error).message}): used the rule-based claims`);
      return rules();
    }
    const id = identify(llmModel);
    const parts = await Promise.all(
      windows(units, windowChars).map((w) =>
        limit(async (): Promise<ExtractedClaim[]> => {
          const text = draft.slice(w.range[0], w.range[1]);
          const key = llmCacheKey({ purpose: "extract", model: id.modelId, promptVersion: EXTRACT_PROMPT_VERSION, input: text });
          const base: LlmCall = {
            purpose: "extract",
            model: id.modelId,
            provider: id.provider,
            outcome: "ok",
            attempts: 0,
            inputTokens: 0,
            outputTokens: 0,
            costUsd: null,
            ms: 0,
            claimIds: [],
          };
          const inWindow = (c: ExtractedClaim) => c.span[0] >= w.range[0] && c.span[1] <= w.range[1];
          let output: ExtractOutput;
          const cached = cache ? ExtractOutputSchema.safeParse(cache.get(key)) : null;
          if (cached?.success) {
            output = cached.data;
            context.llm?.add({ ...base, outcome: "cached", costUsd: 0 });
          } else {
            try {
              const r = await callStructured<ExtractOutput>({
                model: llmModel,
                purpose: "extract",
                system: EXTRACT_SYSTEM,
                prompt: buildExtractPrompt(text),
                schema: ExtractOutputSchema,
                check: (out) => (out.claims.length === 0 ? "no claims: list at least one claim per sentence" : null),
                timeoutMs: o.timeoutMs ?? 30_000,
                maxRetries: o.maxRetries ?? 2,
                attempts: o.attempts ?? 2,
                temperature: o.temperature ?? 0,
                maxOutputTokens: o.maxOutputTokens ?? 8192,
                signal: context.signal,
                prices: o.prices,
                attributes: { "hfw.extractor": name, "hfw.draft.chars": text.length, "hfw.llm.prompt_version": EXTRACT_PROMPT_VERSION },
              });
              output = r.output;
              cache?.set(key, output);
              context.llm?.add({ ...base, attempts: r.attempts, inputTokens: r.inputTokens, outputTokens: r.outputTokens, costUsd: r.costUsd, ms: r.ms });
            } catch (error) {
              const where = `characters ${w.range[0]}-${w.range[1]}`;
              if (error instanceof LlmCallFailure) {
                context.llm?.add({
                  ...base,
                  outcome: error.kind,
                  attempts: error.attempts,
                  inputTokens: error.inputTokens,
                  outputTokens: error.outputTokens,
                  costUsd: error.costUsd,
                  ms: error.ms,
                  error: error.message,
                });
                context.llm?.note(`LLM extractor ${error.kind} on ${where} (${error.message}): used the rule-based claims there`);
              } else {
                context.llm?.note(`LLM extractor failed on ${where} (${(error as Error).message}): used the rule-based claims there`);
              }
              return rules().filter(inWindow);
            }
          }
          const aligned = alignClaims(draft, output.claims, w.units, w.range).map(checkKind);
          // A checkable sentence the model left out is checked anyway, as the rules read it.
          const uncovered = sentences.filter((u) => inWindow(u) && CHECKABLE.has(u.kind) && !aligned.some((a) => overlaps(a.span, u.span)));
          const missed =
            uncovered.length === 0
              ? []
              : rules().filter(
                  (r) => CHECKABLE.has(r.kind) && uncovered.some((u) => overlaps(u.span, r.span)) && !aligned.some((a) => overlaps(a.span, r.span)),
                );
          if (missed.length > 0) context.llm?.note(`LLM extractor left out ${missed.length} checkable sentence(s): added them from the rules`);
          const unaligned = aligned.filter((a) => a.alignment === "none").length;
          if (unaligned > 0)
            context.llm?.note(`LLM extractor: ${unaligned} claim(s) matched no draft sentence by their words: kept with the nearest sentence's span`);
          return [...aligned.map(strip), ...missed];
        }),
      ),
    );
    return parts.flat().sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1]);
  };

  return { name, extract };
}

/** The model may call a claim checkable; it may not exempt one that names a figure, date or name. */
function checkKind(c: AlignedClaim): AlignedClaim {
  if (CHECKABLE.has(c.kind)) return c;
  const ruled = classifyClaim(c.text);
  return CHECKABLE.has(ruled) ? { ...c, kind: ruled } : c;
}

function strip(c: AlignedClaim): ExtractedClaim {
  const { alignment: _alignment, ...rest } = c;
  return rest;
}
