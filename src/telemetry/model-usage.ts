/**
 * Token usage and cost of a model-backed tier (an NLI model, an LLM judge). The tier calls
 * {@link recordModelUsage} after each model call; the firewall puts the totals on the tier's span and on
 * `hfw.verify`, and records the GenAI token-usage histogram and a cost counter.
 */
import { trace, type Span } from "@opentelemetry/api";
import { getInstruments } from "./instruments.js";
import { GENAI, HFW } from "./names.js";
import { safely } from "./safely.js";

/** One model call's usage, as a tier reports it. */
export interface ModelUsage {
  /** Model id as sent, e.g. `gpt-4o-mini` (`gen_ai.request.model`). */
  model?: string;
  /** Model id the provider answered with, when it differs (`gen_ai.response.model`). */
  responseModel?: string;
  /** GenAI provider, e.g. `openai`, `anthropic` (`gen_ai.provider.name`; default `_OTHER`). */
  provider?: string;
  /** GenAI operation, e.g. `chat` (default), `text_completion`. */
  operation?: string;
  /** Prompt tokens (`gen_ai.usage.input_tokens`). */
  inputTokens?: number;
  /** Completion tokens (`gen_ai.usage.output_tokens`). */
  outputTokens?: number;
  /** Cost of the call, US dollars. */
  costUsd?: number;
}

/** Usage summed over the model calls made under one span. */
export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Every model id seen, in order. */
  models: string[];
}

const totals = new WeakMap<Span, UsageTotals>();

/**
 * Adds one model call's usage to the active span (the tier's span while a tier runs) and to the metrics
 * (`gen_ai.client.token.usage`, `hfw.usage.cost`). Never throws; without an OpenTelemetry SDK it records
 * nothing.
 */
export function recordModelUsage(usage: ModelUsage): void {
  safely(
    "recordModelUsage",
    () => {
      const common = {
        [GENAI.operationName]: usage.operation ?? "chat",
        [GENAI.providerName]: usage.provider ?? "_OTHER",
        ...(usage.model ? { [GENAI.requestModel]: usage.model } : {}),
      };
      const m = getInstruments();
      if (usage.inputTokens !== undefined) m.tokenUsage.record(usage.inputTokens, { ...common, [GENAI.tokenType]: "input" });
      if (usage.outputTokens !== undefined) m.tokenUsage.record(usage.outputTokens, { ...common, [GENAI.tokenType]: "output" });
      if (usage.costUsd !== undefined && usage.costUsd > 0) m.cost.add(usage.costUsd, common);
      const span = trace.getActiveSpan();
      if (!span?.isRecording()) return;
      const t = addTo(span, { calls: 1, inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0, costUsd: usage.costUsd ?? 0, models: usage.model ? [usage.model] : [] });
      span.setAttributes({
        ...usageAttributes(t),
        ...(usage.model ? { [GENAI.requestModel]: usage.model } : {}),
        ...(usage.responseModel ? { [GENAI.responseModel]: usage.responseModel } : {}),
        ...(usage.provider ? { [GENAI.providerName]: usage.provider } : {}),
      });
    },
    undefined,
  );
}

/** Sums `add` into the totals kept for `span`. @returns the new totals. */
export function addTo(span: Span, add: UsageTotals): UsageTotals {
  const t = totals.get(span) ?? { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, models: [] };
  t.calls += add.calls;
  t.inputTokens += add.inputTokens;
  t.outputTokens += add.outputTokens;
  t.costUsd += add.costUsd;
  for (const m of add.models) if (!t.models.includes(m)) t.models.push(m);
  totals.set(span, t);
  return t;
}

/** The usage totals recorded under `span`, if any model call was. */
export function usageOf(span: Span): UsageTotals | undefined {
  return totals.get(span);
}

/** Token and cost attributes of a span's totals. */
export function usageAttributes(t: UsageTotals): Record<string, number> {
  return { [GENAI.inputTokens]: t.inputTokens, [GENAI.outputTokens]: t.outputTokens, [HFW.costUsd]: t.costUsd };
}
