/**
 * transformers.js (with onnxruntime, ~430 MB installed) is an optional peer dependency: it is imported only
 * when tier 1 runs a model, never by the core or tier 0.
 */
import { createRequire } from "node:module";
import { ConfigError } from "../errors.js";

export const TRANSFORMERS_PACKAGE = "@huggingface/transformers";

/** How to install the optional package without onnxruntime-node's CUDA download (CPU binaries ship in the npm package). */
export const INSTALL_COMMAND = "ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers@~4.3.0";

function missing(pkg: string, cause?: unknown): ConfigError {
  return new ConfigError(
    `Tier 'nli' needs the optional package ${pkg}, which is not installed: run '${INSTALL_COMMAND}' ` +
      "(the variable skips onnxruntime-node's CUDA download; its CPU binaries ship in the package), or leave 'nli' out of the tiers.",
    { cause },
  );
}

/**
 * Checks, without loading it, that the package can be resolved from here.
 * @throws ConfigError naming the install command when it cannot.
 */
export function assertTransformersInstalled(pkg: string = TRANSFORMERS_PACKAGE): void {
  try {
    createRequire(import.meta.url).resolve(pkg);
  } catch (error) {
    throw missing(pkg, error);
  }
}

export type Transformers = typeof import("@huggingface/transformers");

/**
 * Imports transformers.js (and with it onnxruntime-node).
 * @param pkg the module to import (default `@huggingface/transformers`).
 * @throws ConfigError naming the install command when the package is missing, or saying why it failed to load
 *   (for example onnxruntime's native binary does not fit this platform).
 */
export async function loadTransformers(pkg: string = TRANSFORMERS_PACKAGE): Promise<Transformers> {
  try {
    return (await import(pkg)) as Transformers;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes(pkg)) throw missing(pkg, error);
    throw new ConfigError(`Could not load ${pkg} for tier 'nli': ${(error as Error).message}. Reinstall it with '${INSTALL_COMMAND}'.`, { cause: error });
  }
}
