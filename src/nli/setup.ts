/**
 * Wires tier 1 for the Firewall: one model backend (one worker thread) shared by the NLI tier and by every
 * session's dense index.
 */
import { DenseIndex } from "../ledger/dense-index.js";
import { assertTransformersInstalled } from "./load-transformers.js";
import { resolveNliOptions, type NliOptions } from "./options.js";
import { createModelBackend, createNliTier, type NliTier } from "./tier-nli.js";

export interface NliSetup {
  tier: NliTier;
  /** Makes a session's dense index; undefined when the embedding model is `""` (BM25 only). */
  denseIndex: (() => DenseIndex) | undefined;
}

/**
 * @throws ConfigError for invalid options or a missing `@huggingface/transformers` (naming the install command).
 */
export function setupNli(options: NliOptions = {}, warn: (message: string) => void = () => {}): NliSetup {
  const resolved = resolveNliOptions(options);
  assertTransformersInstalled();
  const backend = createModelBackend(resolved);
  const tier = createNliTier({ ...options, backend, logger: { warn } });
  const warned = new Set<string>();
  const once = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    warn(message);
  };
  const denseIndex = resolved.embedModel ? () => new DenseIndex(backend, { warn: once }) : undefined;
  return { tier, denseIndex };
}
