/**
 * Cost and token accounting of model calls: a user-supplied price table, and the meter one `verify` call
 * fills (the judge's and the LLM extractor's calls), which becomes `report.llm`.
 */
import type { LlmCall, LlmUsage } from "../schema.js";

/** Prices of one model, US dollars per million tokens. */
export interface ModelPrice {
  /** USD per 1,000,000 prompt tokens. */
  input: number;
  /** USD per 1,000,000 completion tokens. */
  output: number;
}

/**
 * Prices by model id as the provider reports it (`gpt-4o-mini`, `claude-3-5-haiku-latest`); the key `*`
 * prices any other model. Supplied by the user: list prices change, so none are built in.
 */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * @returns the cost of a call in USD, or null when the table has no price for the model (the report then
 *   says the cost is unknown rather than 0).
 */
export function costOf(prices: PriceTable | undefined, modelId: string, inputTokens: number, outputTokens: number): number | null {
  const price = prices?.[modelId] ?? prices?.["*"];
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

/**
 * Collects the model calls and notes of one `verify` call. Tiers and extractors add to it through
 * `TierContext.llm` / `ExtractContext.llm`; the session turns it into `report.llm`.
 */
export class LlmMeter {
  readonly calls: LlmCall[] = [];
  readonly notes: string[] = [];

  /** @returns the call's index in `report.llm.calls` (claims' trace entries point at it). */
  add(call: LlmCall): number {
    this.calls.push(call);
    return this.calls.length - 1;
  }

  note(message: string): void {
    if (!this.notes.includes(message)) this.notes.push(message);
  }

  /** @returns the usage summary, or undefined when nothing was called or noted. */
  summary(): LlmUsage | undefined {
    if (this.calls.length === 0 && this.notes.length === 0) return undefined;
    return summarise(this.calls, this.notes);
  }
}

/** Totals over calls: model calls made (attempts), tokens, cost (null when any billed call has no price). */
export function summarise(calls: LlmCall[], notes: string[] = []): LlmUsage {
  let modelCalls = 0;
  let cachedCalls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd: number | null = 0;
  let ms = 0;
  for (const c of calls) {
    modelCalls += c.attempts;
    if (c.outcome === "cached") cachedCalls++;
    inputTokens += c.inputTokens;
    outputTokens += c.outputTokens;
    ms += c.ms;
    if (c.costUsd === null) {
      if (c.inputTokens + c.outputTokens > 0) costUsd = null;
    } else if (costUsd !== null) costUsd += c.costUsd;
  }
  return { calls, modelCalls, cachedCalls, inputTokens, outputTokens, costUsd, ms, notes };
}
