/**
 * The model backend of tier 1, on transformers.js (ONNX models run by onnxruntime-node on the CPU): an NLI
 * sequence classifier with its tokenizer, and an embedding model for dense retrieval. Each is loaded on its
 * first use. The same backend runs in a worker thread (see `worker-client.ts`) or in the calling thread.
 */
import { ConfigError } from "../errors.js";
import { loadTransformers, type Transformers } from "./load-transformers.js";
import { checkFolder, loadError, modelSource } from "./model-source.js";
import { windowSpans, type WindowSpan } from "./windows.js";

/** What a backend needs to know; plain data, so it crosses to a worker thread. */
export interface BackendConfig {
  model: string;
  embedModel: string;
  embedPooling: "cls" | "mean";
  allowRemote: boolean;
  cacheDir: string | null;
  localModelPath: string | null;
  dtype: string;
  threads: number;
  maxTokens: number;
  /** Module to import instead of `@huggingface/transformers` (tests of the missing-package error). */
  transformersPackage?: string;
}

/** The loaded NLI model as the tier needs to know it. */
export interface NliModelInfo {
  model: string;
  /** `config.json` `id2label`. */
  id2label: Record<string, string>;
  /** Tokens one pair may take: min(tokenizer `model_max_length`, `maxTokens`). */
  maxTokens: number;
}

/** Windows of one (claim, passage) pair, or the claim's own length when it leaves no room for a premise. */
export type PairWindows = { spans: WindowSpan[] } | { claimTooLong: number };

export interface WindowRequest {
  claims: string[];
  passages: string[];
  /** `[claim index, passage index]` pairs to window. */
  pairs: Array<[number, number]>;
}

/** The operations tier 1 asks of its models. */
export interface ModelBackend {
  /** Loads the NLI model (once). @throws ConfigError when it cannot be had. */
  nliInfo(): Promise<NliModelInfo>;
  /** Windows each pair's passage so that window + claim fit the model whole. */
  windows(request: WindowRequest): Promise<PairWindows[]>;
  /** @returns per pair, the model's probabilities in `id2label` order (softmax of the logits). */
  classify(premises: string[], hypotheses: string[]): Promise<number[][]>;
  /** @returns unit-length embeddings of the texts, in order. @throws ConfigError when no embedding model is set or it cannot be had. */
  embed(texts: string[]): Promise<number[][]>;
  /** Frees the models (and ends the worker thread, for a worker backend). */
  close(): Promise<void>;
}

/** Keeps the last `max` entries used. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}

type Tokenizer = Awaited<ReturnType<Transformers["AutoTokenizer"]["from_pretrained"]>>;
type Classifier = Awaited<ReturnType<Transformers["AutoModelForSequenceClassification"]["from_pretrained"]>>;
type Extractor = (texts: string[], options: { pooling: "cls" | "mean"; normalize: boolean }) => Promise<{ tolist(): unknown }>;

interface LoadedNli {
  tokenizer: Tokenizer;
  model: Classifier;
  info: NliModelInfo;
  /** Special tokens a pair adds (e.g. 3 for `[CLS] a [SEP] b [SEP]`). */
  pairSpecials: number;
}

function softmax(row: number[]): number[] {
  const m = Math.max(...row);
  const e = row.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}

/**
 * The backend in the calling thread. transformers.js settings (`env.allowRemoteModels`, `env.cacheDir`,
 * `env.localModelPath`) are process-wide in a thread: two backends with different settings belong in two
 * worker threads.
 */
export class InThreadBackend implements ModelBackend {
  private tf: Promise<Transformers> | null = null;
  private nli: Promise<LoadedNli> | null = null;
  private extractor: Promise<Extractor> | null = null;
  private readonly counts = new Lru<string, number>(20_000);

  constructor(private readonly config: BackendConfig) {}

  private transformers(): Promise<Transformers> {
    this.tf ??= loadTransformers(this.config.transformersPackage).then((tf) => {
      tf.env.allowRemoteModels = this.config.allowRemote;
      if (this.config.cacheDir) tf.env.cacheDir = this.config.cacheDir;
      if (this.config.localModelPath) tf.env.localModelPath = this.config.localModelPath;
      return tf;
    });
    // A failed import is not cached: the next call tries again (the package may have been installed since).
    this.tf.catch(() => {
      this.tf = null;
    });
    return this.tf;
  }

  private sessionOptions() {
    return { intraOpNumThreads: this.config.threads, interOpNumThreads: 1 };
  }

  private loadNli(): Promise<LoadedNli> {
    if (this.nli) return this.nli;
    const model = this.config.model;
    const source = modelSource(model);
    this.nli = (async () => {
      if (source.local) checkFolder("NLI", model, source.path);
      const tf = await this.transformers();
      try {
        const opts = { local_files_only: !this.config.allowRemote };
        // config.json first: a missing model then fails with "not found", not with a tokenizer's TypeError.
        const config = await tf.AutoConfig.from_pretrained(source.path, opts);
        const [tokenizer, classifier] = await Promise.all([
          tf.AutoTokenizer.from_pretrained(source.path, opts),
          tf.AutoModelForSequenceClassification.from_pretrained(source.path, {
            ...opts,
            config,
            dtype: this.config.dtype as never,
            session_options: this.sessionOptions(),
          }),
        ]);
        const modelMax = Number(tokenizer.model_max_length);
        const maxTokens = Math.min(Number.isFinite(modelMax) && modelMax > 0 ? modelMax : Infinity, this.config.maxTokens);
        // Special tokens of a pair (an empty text_pair would be read as no pair at all): total minus the two texts.
        const probe = "evidence";
        const probeTokens = (tokenizer.encode(probe, { add_special_tokens: false }) as number[]).length;
        const pairSpecials = (tokenizer.encode(probe, { text_pair: probe }) as number[]).length - 2 * probeTokens;
        const id2label = ((classifier.config as unknown as { id2label?: Record<string, string> }).id2label ?? {}) as Record<string, string>;
        return { tokenizer, model: classifier, pairSpecials, info: { model, id2label, maxTokens } };
      } catch (error) {
        throw loadError("NLI", model, this.config, error);
      }
    })();
    this.nli.catch(() => {
      this.nli = null;
    });
    return this.nli;
  }

  async nliInfo(): Promise<NliModelInfo> {
    return (await this.loadNli()).info;
  }

  private counter(tokenizer: Tokenizer): (text: string) => number {
    return (text) => {
      let n = this.counts.get(text);
      if (n === undefined) {
        n = (tokenizer.encode(text, { add_special_tokens: false }) as number[]).length;
        this.counts.set(text, n);
      }
      return n;
    };
  }

  async windows(request: WindowRequest): Promise<PairWindows[]> {
    const { tokenizer, info, pairSpecials } = await this.loadNli();
    const count = this.counter(tokenizer);
    // A premise shorter than this many tokens would be a sentence fragment: the claim is then too long.
    const minPremise = Math.min(32, Math.floor(info.maxTokens / 4));
    const spansByPassage = new Map<string, WindowSpan[]>();
    return request.pairs.map(([c, p]) => {
      const claimTokens = count(request.claims[c]!);
      const budget = info.maxTokens - pairSpecials - claimTokens;
      if (budget < minPremise) return { claimTooLong: claimTokens };
      const key = `${budget}\u0000${p}`;
      let spans = spansByPassage.get(key);
      if (!spans) {
        spans = windowSpans(request.passages[p]!, budget, count);
        spansByPassage.set(key, spans);
      }
      return { spans };
    });
  }

  async classify(premises: string[], hypotheses: string[]): Promise<number[][]> {
    if (premises.length === 0) return [];
    const { tokenizer, model, info } = await this.loadNli();
    // Never truncate a pair: the claim would be what is cut. Windows keep every pair within the limit; a
    // pair over it is refused (the tokenizer cannot pad it into the batch without truncation).
    const tooLong = () => new Error(`a pair exceeds the model's ${info.maxTokens} tokens: window the premise first (pairs are never truncated)`);
    let inputs: Record<string, { dims: number[] }>;
    try {
      inputs = tokenizer(premises, { text_pair: hypotheses, padding: true, truncation: false }) as unknown as Record<string, { dims: number[] }>;
    } catch (error) {
      if (/Unable to create tensor/.test((error as Error).message)) throw tooLong();
      throw error;
    }
    if (inputs.input_ids!.dims[1]! > info.maxTokens) throw tooLong();
    const out = (await model(inputs)) as { logits: { tolist(): number[][] } };
    return out.logits.tolist().map(softmax);
  }

  private loadExtractor(): Promise<Extractor> {
    if (this.extractor) return this.extractor;
    const model = this.config.embedModel;
    this.extractor = (async () => {
      if (!model) throw new ConfigError("No embedding model is set (embedModel is empty): dense retrieval is off.");
      const source = modelSource(model);
      if (source.local) checkFolder("embedding", model, source.path);
      const tf = await this.transformers();
      try {
        const pipe = await tf.pipeline("feature-extraction", source.path, {
          local_files_only: !this.config.allowRemote,
          dtype: this.config.dtype as never,
          session_options: this.sessionOptions(),
        });
        return pipe as unknown as Extractor;
      } catch (error) {
        throw loadError("embedding", model, this.config, error);
      }
    })();
    this.extractor.catch(() => {
      this.extractor = null;
    });
    return this.extractor;
  }

  async embed(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const extractor = await this.loadExtractor();
    const out = await extractor(texts, { pooling: this.config.embedPooling, normalize: true });
    return out.tolist() as number[][];
  }

  async close(): Promise<void> {
    const nli = this.nli;
    const ex = this.extractor;
    this.nli = null;
    this.extractor = null;
    await Promise.allSettled([nli?.then((n) => n.model.dispose()), ex?.then((e) => (e as unknown as { dispose(): Promise<void> }).dispose())]);
  }
}
