/**
 * Lazy loading of the Vercel AI SDK (`ai`, an optional peer dependency). Only the LLM judge and the LLM claim
 * extractor need it, and only when they run: the offline tiers never load it (its cold import costs ~150 ms).
 */
import { createRequire } from "node:module";
import { ConfigError } from "../errors.js";

type AiModule = typeof import("ai");

let loading: Promise<AiModule> | undefined;

const require = createRequire(import.meta.url);

/**
 * True when `name` resolves from this package (installed), without loading it.
 * @param name a package name, e.g. `ai` or `@ai-sdk/openai`.
 */
export function isInstalled(name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws unless `ai` is installed; called where a judge or an LLM extractor is configured, so a missing
 * package fails at setup rather than on the first answer.
 * @throws ConfigError naming the install command.
 */
export function assertAiInstalled(feature: string): void {
  if (!isInstalled("ai")) {
    throw new ConfigError(
      `${feature} needs the Vercel AI SDK, which is not installed: run 'npm install ai@^6' (an optional peer dependency of hallucination-firewall).`,
    );
  }
}

/**
 * Imports `ai` once (later calls share the promise).
 * @throws ConfigError when it cannot be imported.
 */
export function loadAi(): Promise<AiModule> {
  loading ??= import("ai").catch((error: unknown) => {
    loading = undefined;
    throw new ConfigError("The Vercel AI SDK could not be loaded: run 'npm install ai@^6' (an optional peer dependency of hallucination-firewall).", {
      cause: error,
    });
  });
  return loading;
}
