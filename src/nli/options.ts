/**
 * Options of tier 1's model backend (NLI and dense retrieval), their defaults and environment variables.
 */
import { envSwitch } from "../env-switch.js";
import { cpus } from "node:os";
import { z } from "zod";
import { ConfigError } from "../errors.js";

/**
 * Default NLI model: `Xenova/nli-deberta-v3-xsmall`, the ONNX export of `cross-encoder/nli-deberta-v3-xsmall`
 * (DeBERTa-v3-xsmall, 22M backbone parameters, trained on SNLI and MultiNLI). The 8-bit file loaded by
 * default (`onnx/model_quantized.onnx`) is 87 MB; fp32 is 284 MB. Published accuracy (model card, fp32):
 * 91.64% on SNLI test and 87.77% on MNLI mismatched. Labels: contradiction, entailment, neutral.
 */
export const DEFAULT_NLI_MODEL = "Xenova/nli-deberta-v3-xsmall";

/**
 * Default embedding model for dense retrieval: `Xenova/bge-small-en-v1.5` (BAAI bge-small-en-v1.5, 33M
 * parameters, 384 dimensions, CLS pooling; 8-bit ONNX file about 34 MB).
 */
export const DEFAULT_EMBED_MODEL = "Xenova/bge-small-en-v1.5";

/** What an NLI label means to the tier. `not_entailment` is the other class of two-class models. */
export const LabelRoleSchema = z.enum(["entailment", "neutral", "contradiction", "not_entailment"]);
export type LabelRole = z.infer<typeof LabelRoleSchema>;

export const NliOptionsSchema = z.object({
  /** NLI model: a Hugging Face model id or a local folder (default `HFW_NLI_MODEL`, else {@link DEFAULT_NLI_MODEL}). */
  model: z.string().min(1).optional(),
  /**
   * Embedding model for dense retrieval, merged with BM25 by reciprocal rank fusion: a model id or local
   * folder; `""` turns dense retrieval off (BM25 only). Default `HFW_EMBED_MODEL`, else {@link DEFAULT_EMBED_MODEL}.
   */
  embedModel: z.string().optional(),
  /** Pooling of the embedding model's token states (default `cls`, as bge models are trained). */
  embedPooling: z.enum(["cls", "mean"]).optional(),
  /** Download models that are not on disk (default true; `HFW_OFFLINE=1` sets it false). */
  allowRemote: z.boolean().optional(),
  /** Where downloaded models are cached (default `HFW_MODEL_CACHE`, else transformers.js's own cache folder). */
  cacheDir: z.string().min(1).optional(),
  /** Folder searched first for model ids (`<localModelPath>/<owner>/<name>/`); default transformers.js's. */
  localModelPath: z.string().min(1).optional(),
  /** ONNX weights to load: `q8` (`model_quantized.onnx`, default) or `fp32` (`model.onnx`), or another dtype transformers.js knows. */
  dtype: z.enum(["auto", "fp32", "fp16", "q8", "int8", "uint8", "q4", "bnb4", "q4f16"]).optional(),
  /** Entailment (or contradiction) probability at which a passage decides a claim, 0..1 (default 0.6). */
  threshold: z.number().min(0).max(1).optional(),
  /** Contradiction probability at which a passage contradicts a claim, 0..1 (default: `threshold`). */
  contradictThreshold: z.number().min(0).max(1).optional(),
  /** Passages scored per claim, best retrieved first (default 5). */
  passages: z.number().int().min(1).max(100).optional(),
  /** Pairs per model call (default 8). */
  batchSize: z.number().int().min(1).max(1024).optional(),
  /** ONNX Runtime intra-op threads (default: cores - 1, at least 1). */
  threads: z.number().int().min(1).max(256).optional(),
  /** Largest model input, tokens, also when the tokenizer allows more (default 512). */
  maxTokens: z.number().int().min(16).max(100_000).optional(),
  /** Run inference in a worker thread (default true) so the agent's event loop stays responsive. */
  worker: z.boolean().optional(),
  /** Requests waiting for the model at once; more are refused with an error (default 64). */
  maxQueue: z.number().int().min(1).optional(),
  /** Keep pair scores in a file per model in this folder, across processes (default `HFW_NLI_SCORE_CACHE`, else memory only). */
  scoreCacheDir: z.string().min(1).optional(),
  /** Pair scores kept in memory (default 50,000). */
  memoryCacheEntries: z.number().int().min(0).optional(),
  /** Meaning of each label, overriding the model's `config.json` (e.g. `{ LABEL_0: "entailment", ... }`). */
  labels: z.record(z.string(), LabelRoleSchema).optional(),
  /**
   * When the model cannot be had or inference fails: `closed` (default) marks the claims `unsupported` with
   * confidence 1, so the policy flags them; `pass` hands them to the next tier, as if tier 1 were off.
   */
  onError: z.enum(["closed", "pass"]).optional(),
});
export type NliOptions = z.infer<typeof NliOptionsSchema>;

/** Options with every default filled in. */
export interface ResolvedNliOptions {
  model: string;
  embedModel: string;
  embedPooling: "cls" | "mean";
  allowRemote: boolean;
  cacheDir: string | null;
  localModelPath: string | null;
  dtype: NonNullable<NliOptions["dtype"]>;
  threshold: number;
  contradictThreshold: number;
  passages: number;
  batchSize: number;
  threads: number;
  maxTokens: number;
  worker: boolean;
  maxQueue: number;
  scoreCacheDir: string | null;
  memoryCacheEntries: number;
  labels: Record<string, LabelRole>;
  onError: "closed" | "pass";
}

function envString(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined ? undefined : v.trim();
}

function envFlag(name: string): boolean {
  return envSwitch(process.env[name]) === true;
}

/**
 * Fills in defaults from the environment: `HFW_NLI_MODEL`, `HFW_EMBED_MODEL` (empty = BM25 only),
 * `HFW_OFFLINE=1` (no downloads), `HFW_MODEL_CACHE`, `HFW_NLI_SCORE_CACHE`.
 * @throws ConfigError naming the option when a value is out of range or of the wrong type.
 */
export function resolveNliOptions(options: NliOptions = {}): ResolvedNliOptions {
  const parsed = NliOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid nli option '${issue.path.join(".") || "(root)"}': ${issue.message}.`);
  }
  const o = parsed.data;
  const envModel = envString("HFW_NLI_MODEL");
  const envEmbed = envString("HFW_EMBED_MODEL");
  const threshold = o.threshold ?? 0.6;
  return {
    model: o.model ?? (envModel ? envModel : DEFAULT_NLI_MODEL),
    embedModel: (o.embedModel ?? envEmbed ?? DEFAULT_EMBED_MODEL).trim(),
    embedPooling: o.embedPooling ?? "cls",
    allowRemote: o.allowRemote ?? !envFlag("HFW_OFFLINE"),
    cacheDir: o.cacheDir ?? (envString("HFW_MODEL_CACHE") || null),
    localModelPath: o.localModelPath ?? null,
    dtype: o.dtype ?? "q8",
    threshold,
    contradictThreshold: o.contradictThreshold ?? threshold,
    passages: o.passages ?? 5,
    batchSize: o.batchSize ?? 8,
    threads: o.threads ?? Math.max(1, cpus().length - 1),
    maxTokens: o.maxTokens ?? 512,
    worker: o.worker ?? true,
    maxQueue: o.maxQueue ?? 64,
    scoreCacheDir: o.scoreCacheDir ?? (envString("HFW_NLI_SCORE_CACHE") || null),
    memoryCacheEntries: o.memoryCacheEntries ?? 50_000,
    labels: o.labels ?? {},
    onError: o.onError ?? "closed",
  };
}
