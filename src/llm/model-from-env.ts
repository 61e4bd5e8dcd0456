/**
 * A judge or extractor model configured by environment variables, through the official `@ai-sdk/*`
 * providers (installed by the user; loaded only when named):
 *
 * | variable | meaning |
 * |---|---|
 * | `HFW_LLM_PROVIDER` | `openai`, `anthropic`, or `openai-compatible` (a local Ollama, vLLM, LM Studio, ...) |
 * | `HFW_LLM_MODEL` | the provider's model id, e.g. `gpt-4o-mini`, `claude-3-5-haiku-latest`, `llama3.1` |
 * | `HFW_LLM_BASE_URL` | API base URL; required for `openai-compatible` (e.g. `http://127.0.0.1:11434/v1`) |
 * | `HFW_LLM_API_KEY` | API key; default: the provider's own variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`) |
 */
import { ConfigError } from "../errors.js";
import { isInstalled } from "./load-ai.js";
import type { LlmModel } from "./model.js";

/** Provider names accepted in `HFW_LLM_PROVIDER`, with the package that serves each. */
export const LLM_PROVIDERS = {
  openai: { pkg: "@ai-sdk/openai", range: "^3", factory: "createOpenAI" },
  anthropic: { pkg: "@ai-sdk/anthropic", range: "^3", factory: "createAnthropic" },
  "openai-compatible": { pkg: "@ai-sdk/openai-compatible", range: "^2", factory: "createOpenAICompatible" },
} as const;

export type LlmProviderName = keyof typeof LLM_PROVIDERS;

/** The model configuration read from the environment. */
export interface LlmEnvConfig {
  provider: LlmProviderName;
  model: string;
  baseUrl?: string;
  apiKey?: string;
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/**
 * Reads and checks `HFW_LLM_*` without loading anything.
 * @returns the configuration, or null when neither `HFW_LLM_PROVIDER` nor `HFW_LLM_MODEL` is set.
 * @throws ConfigError for an unknown provider, a missing model or base URL, or a provider package that is not
 *   installed (the message names the install command).
 */
export function readLlmEnv(env: Env = process.env): LlmEnvConfig | null {
  const provider = value(env, "HFW_LLM_PROVIDER");
  const model = value(env, "HFW_LLM_MODEL");
  if (!provider && !model) return null;
  if (!provider) throw new ConfigError(`HFW_LLM_MODEL is set ('${model}') but HFW_LLM_PROVIDER is not: set it to ${Object.keys(LLM_PROVIDERS).join(", ")}.`);
  if (!(provider in LLM_PROVIDERS)) {
    throw new ConfigError(
      `Unknown HFW_LLM_PROVIDER '${provider}': use ${Object.keys(LLM_PROVIDERS).join(", ")} (openai-compatible serves Ollama, vLLM and other OpenAI-style endpoints).`,
    );
  }
  if (!model) throw new ConfigError(`HFW_LLM_PROVIDER is '${provider}' but HFW_LLM_MODEL is not set: name the model, e.g. HFW_LLM_MODEL=gpt-4o-mini.`);
  const name = provider as LlmProviderName;
  const baseUrl = value(env, "HFW_LLM_BASE_URL");
  if (name === "openai-compatible" && !baseUrl) {
    throw new ConfigError("HFW_LLM_PROVIDER=openai-compatible needs HFW_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1 for a local Ollama.");
  }
  const { pkg, range } = LLM_PROVIDERS[name];
  if (!isInstalled(pkg)) throw new ConfigError(`HFW_LLM_PROVIDER=${name} needs ${pkg}, which is not installed: run 'npm install ${pkg}@${range}'.`);
  return { provider: name, model, baseUrl, apiKey: value(env, "HFW_LLM_API_KEY") };
}

/**
 * The model named by `HFW_LLM_*`, created through its official provider package (imported only now).
 * @throws ConfigError when the variables are missing or wrong, or the provider package cannot be loaded.
 */
export async function modelFromEnv(env: Env = process.env): Promise<LlmModel> {
  const config = readLlmEnv(env);
  if (!config) {
    throw new ConfigError("No model for the LLM judge or extractor: pass one (judge: openai('gpt-4o-mini')) or set HFW_LLM_PROVIDER and HFW_LLM_MODEL.");
  }
  const { pkg, factory } = LLM_PROVIDERS[config.provider];
  let mod: Record<string, unknown>;
  try {
    // A variable specifier: the provider packages are the user's optional installs, not ours.
    const specifier: string = pkg;
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(
      `${pkg} could not be loaded for HFW_LLM_PROVIDER=${config.provider}: run 'npm install ${pkg}@${LLM_PROVIDERS[config.provider].range}'.`,
      { cause: error },
    );
  }
  const create = mod[factory];
  if (typeof create !== "function")
    throw new ConfigError(`${pkg} has no ${factory}(): install a version that pairs with ai 6 ('npm install ${pkg}@${LLM_PROVIDERS[config.provider].range}').`);
  const settings: Record<string, unknown> = {};
  if (config.baseUrl) settings.baseURL = config.baseUrl;
  if (config.apiKey) settings.apiKey = config.apiKey;
  if (config.provider === "openai-compatible") settings.name = "openai-compatible";
  const provider = (create as (s: Record<string, unknown>) => (id: string) => LlmModel)(settings);
  return provider(config.model);
}

/**
 * The given model, or the one `HFW_LLM_*` names, resolved on first use and kept; a failed resolution is not
 * kept, so the next call tries again (a package installed meanwhile, a variable set).
 */
export function lazyModel(given: LlmModel | undefined): () => Promise<LlmModel> {
  let resolving: Promise<LlmModel> | undefined;
  return () => {
    if (given !== undefined) return Promise.resolve(given);
    resolving ??= modelFromEnv().catch((error: unknown) => {
      resolving = undefined;
      throw error;
    });
    return resolving;
  };
}
