/**
 * The model a judge or an LLM extractor calls: any AI SDK language model. Typed structurally so the core's
 * declarations do not depend on `ai` being installed.
 */

/**
 * An AI SDK language model: a provider's model object (`openai("gpt-4o-mini")`, `anthropic(...)`, a
 * `MockLanguageModelV3`), or a model id string the SDK resolves through its global provider.
 */
export type LlmModel = string | { readonly specificationVersion: string; readonly provider: string; readonly modelId: string };

/** Provider and model id of a model, for cache keys, prices and telemetry. */
export interface ModelIdentity {
  /** `openai.chat`, `anthropic.messages`, ...; null for a model id string. */
  provider: string | null;
  modelId: string;
}

/** @returns the provider and id the model reports. */
export function identify(model: LlmModel): ModelIdentity {
  if (typeof model === "string") return { provider: null, modelId: model };
  return { provider: model.provider, modelId: model.modelId };
}

/** True for a value that looks like an AI SDK language model (a string id or a model object). */
export function isLlmModel(value: unknown): value is LlmModel {
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.specificationVersion === "string" && typeof m.modelId === "string" && typeof m.provider === "string";
}
