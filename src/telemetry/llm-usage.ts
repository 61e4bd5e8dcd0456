/**
 * Model use (the LLM judge's and the LLM extractor's calls, as `report.llm` records them) as span attributes
 * and metrics. Each call has its own `hfw.llm.*` span from the call itself; these are the sums a stage, a
 * tier or the whole verify spent.
 */
import type { Attributes } from "@opentelemetry/api";
import type { LlmCall } from "../schema.js";
import type { Instruments } from "./instruments.js";
import { GENAI, HFW } from "./names.js";

/**
 * @returns `gen_ai.usage.input_tokens` / `output_tokens`, `hfw.usage.cost_usd` (absent when a billed call
 *   has no price), `hfw.llm.calls` (model calls billed, re-asks included) and the models called
 *   (`gen_ai.request.model`, comma-separated when several); empty when `calls` is.
 */
export function usageAttributes(calls: readonly LlmCall[]): Attributes {
  if (calls.length === 0) return {};
  let input = 0;
  let output = 0;
  let attempts = 0;
  let cost: number | null = 0;
  const models = new Set<string>();
  const providers = new Set<string>();
  for (const c of calls) {
    input += c.inputTokens;
    output += c.outputTokens;
    attempts += c.attempts;
    models.add(c.model);
    if (c.provider) providers.add(c.provider);
    if (c.costUsd === null) {
      if (c.inputTokens + c.outputTokens > 0) cost = null;
    } else if (cost !== null) cost += c.costUsd;
  }
  return {
    [GENAI.inputTokens]: input,
    [GENAI.outputTokens]: output,
    [HFW.llmCalls]: attempts,
    [GENAI.requestModel]: [...models].join(","),
    ...(providers.size ? { [GENAI.providerName]: [...providers].join(",") } : {}),
    ...(cost !== null ? { [HFW.costUsd]: cost } : {}),
  };
}

/** Records `gen_ai.client.token.usage` (by token type, model, provider) and `hfw.usage.cost` per call. */
export function recordUsageMetrics(m: Instruments, calls: readonly LlmCall[]): void {
  for (const c of calls) {
    const attrs = { [GENAI.operationName]: "chat", [GENAI.providerName]: c.provider ?? "_OTHER", [GENAI.requestModel]: c.model, [HFW.llmPurpose]: c.purpose };
    if (c.inputTokens > 0) m.tokenUsage.record(c.inputTokens, { ...attrs, [GENAI.tokenType]: "input" });
    if (c.outputTokens > 0) m.tokenUsage.record(c.outputTokens, { ...attrs, [GENAI.tokenType]: "output" });
    if (c.costUsd !== null && c.costUsd > 0) m.cost.add(c.costUsd, attrs);
  }
}
