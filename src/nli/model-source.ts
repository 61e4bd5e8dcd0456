/**
 * Where a model comes from (a Hugging Face id or a local folder) and what to tell the user when it cannot be
 * loaded: every failure becomes a ConfigError that names the model and how to provide it.
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError } from "../errors.js";

/** What the messages need to know of the backend's settings. */
export interface SourceSettings {
  allowRemote: boolean;
  cacheDir: string | null;
  localModelPath: string | null;
  dtype: string;
}

/** A model id or a local folder: paths (absolute, `./`, `../`, or an existing folder) are resolved. */
export function modelSource(model: string): { local: boolean; path: string } {
  if (isAbsolute(model) || model.startsWith("./") || model.startsWith("../") || model.startsWith("~")) return { local: true, path: resolve(model) };
  try {
    if (existsSync(model) && statSync(model).isDirectory()) return { local: true, path: resolve(model) };
  } catch {
    // not a folder: a model id
  }
  return { local: false, path: model };
}

const NEEDED_FILES = "config.json, tokenizer.json, tokenizer_config.json and onnx/model_quantized.onnx (dtype q8) or onnx/model.onnx (dtype fp32)";

/**
 * A local model folder must hold the files transformers.js reads before the weights; without this check a
 * missing tokenizer file surfaces as a TypeError from inside the library.
 * @throws ConfigError naming the folder and the missing files.
 */
export function checkFolder(kind: "NLI" | "embedding", model: string, path: string): void {
  const envVar = kind === "NLI" ? "HFW_NLI_MODEL" : "HFW_EMBED_MODEL";
  const option = kind === "NLI" ? "nli.model" : "nli.embedModel";
  if (!existsSync(path)) {
    throw new ConfigError(
      `${kind} model '${model}' not found: the folder ${path} does not exist. Set ${envVar} (or ${option}) to a folder holding ${NEEDED_FILES}, or to a model id${kind === "embedding" ? ", or to '' for BM25 retrieval only" : ""}.`,
    );
  }
  const missing = ["config.json", "tokenizer.json", "tokenizer_config.json"].filter((f) => !existsSync(join(path, f)));
  if (missing.length > 0) {
    throw new ConfigError(
      `${kind} model '${model}' is incomplete: the folder ${path} lacks ${missing.join(", ")}. A model folder holds ${NEEDED_FILES}; set ${envVar} (or ${option}) to a complete one.`,
    );
  }
}

/** Turns a loading failure into a ConfigError that names the model and says how to provide it. */
export function loadError(kind: "NLI" | "embedding", model: string, config: SourceSettings, error: unknown): ConfigError {
  if (error instanceof ConfigError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const envVar = kind === "NLI" ? "HFW_NLI_MODEL" : "HFW_EMBED_MODEL";
  const option = kind === "NLI" ? "nli.model" : "nli.embedModel";
  const source = modelSource(model);
  const notFound = /not found locally|Local file missing|file was not found|ENOENT|Could not locate file/i.test(message);
  if (source.local && notFound) {
    return new ConfigError(
      `${kind} model '${model}' not found: the folder ${source.path} lacks a file the model needs (${message}). A local model folder holds ${NEEDED_FILES}; set ${envVar} (or ${option}) to such a folder, or to a model id with remote loading allowed.`,
      { cause: error },
    );
  }
  if (notFound && !config.allowRemote) {
    return new ConfigError(
      `${kind} model '${model}' not found in ${config.cacheDir ?? "the transformers.js cache"}${config.localModelPath ? ` or ${config.localModelPath}` : ""} and remote loading is off (HFW_OFFLINE or allowRemote: false): set ${envVar} (or ${option}) to a local folder holding ${NEEDED_FILES}, or allow remote loading once to download it.`,
      { cause: error },
    );
  }
  return new ConfigError(
    `${kind} model '${model}' could not be loaded: ${message}. Check the model id or folder (${envVar}, ${option}), the network if it must be downloaded, and the dtype (${config.dtype}).`,
    { cause: error },
  );
}
