/**
 * Tier 1 with a local NLI model: each claim is scored against its top retrieved passages (windowed so that
 * passage + claim fit the model whole), in batches, with scores cached per (model, passage window, claim).
 *
 * A claim is supported when any one passage window entails it: scoring the claim against the joint context
 * of all passages would let unrelated passages dilute (or, with truncation, replace) the one that says it,
 * and NLI models are trained on single premises. It is contradicted when a window contradicts it with
 * probability at or above the threshold and none entails it; unsupported when no window comes near either.
 * In between, confidence is low: the claim goes on to the next tier when one follows (the LLM judge), else it
 * is marked unsupported with that low confidence and the policy's flag thresholds decide what happens.
 */
import type { EvidenceQuote, Passage } from "../schema.js";
import type { Tier, TierContext, TierItem, TierOutcome } from "../verify/tier.js";
import { InThreadBackend, type BackendConfig, type ModelBackend, type NliModelInfo } from "./backend.js";
import { labelMap, rolesOf, type LabelMap } from "./labels.js";
import { assertTransformersInstalled } from "./load-transformers.js";
import { resolveNliOptions, type NliOptions, type ResolvedNliOptions } from "./options.js";
import { pairKey, ScoreCache } from "./score-cache.js";
import { WorkerBackend } from "./worker-client.js";

export interface NliTierOptions extends NliOptions {
  /** A backend to share (e.g. with dense retrieval); default: one made from these options. */
  backend?: ModelBackend;
  /**
   * Hand low-confidence claims to the next tier instead of deciding them (default false). The Firewall sets
   * it when a tier runs after this one.
   */
  deferLowConfidence?: boolean;
  /** Told when the model cannot be had or inference fails (once per distinct message). */
  logger?: { warn(message: string): void };
}

/** The NLI tier, with what a caller may want to check or free. */
export interface NliTier extends Tier {
  readonly options: ResolvedNliOptions;
  readonly backend: ModelBackend;
  readonly cache: ScoreCache;
  deferLowConfidence: boolean;
  /**
   * Loads the NLI model now (it otherwise loads on the first claim).
   * @returns the model id, its labels and the pair length used.
   * @throws ConfigError when the model cannot be had (missing folder, offline without a cached copy, labels
   *   that do not name entailment).
   */
  ready(): Promise<NliModelInfo & { labelMap: LabelMap }>;
  /** Frees the models and ends the worker thread. */
  close(): Promise<void>;
}

/** The backend settings of resolved options. */
export function backendConfig(o: ResolvedNliOptions): BackendConfig {
  return {
    model: o.model,
    embedModel: o.embedModel,
    embedPooling: o.embedPooling,
    allowRemote: o.allowRemote,
    cacheDir: o.cacheDir,
    localModelPath: o.localModelPath,
    dtype: o.dtype,
    threads: o.threads,
    maxTokens: o.maxTokens,
  };
}

/** A worker-thread backend, or an in-thread one when `worker` is false. */
export function createModelBackend(o: ResolvedNliOptions): ModelBackend {
  const config = backendConfig(o);
  return o.worker ? new WorkerBackend(config, { maxQueue: o.maxQueue }) : new InThreadBackend(config);
}

interface Scored {
  passage: Passage;
  span: [number, number];
  window: number;
  windows: number;
  entail: number;
  contradict: number;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function quoteOf(s: Scored): EvidenceQuote {
  const text = s.passage.text.slice(s.span[0], s.span[1]);
  const start = s.passage.span[0] + s.span[0];
  return { evidenceId: s.passage.evidenceId, source: s.passage.source, text, span: [start, start + text.length] };
}

function where(s: Scored): string {
  return `${s.passage.evidenceId} ${s.passage.id}${s.windows > 1 ? `, window ${s.window + 1}/${s.windows}` : ""}`;
}

/**
 * Creates the NLI tier (tier 1). The model loads lazily, on the first claim or on `ready()`.
 * @throws ConfigError for invalid options, or when `@huggingface/transformers` is not installed (the message
 *   names the install command).
 */
export function createNliTier(options: NliTierOptions = {}): NliTier {
  const { backend: given, deferLowConfidence = false, logger, ...rest } = options;
  const o = resolveNliOptions(rest);
  if (!given) assertTransformersInstalled();
  const backend = given ?? createModelBackend(o);
  const warned = new Set<string>();
  const warn = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    logger?.warn(message);
  };
  const cache = new ScoreCache({ modelKey: `${o.model}\u0000${o.dtype}`, maxEntries: o.memoryCacheEntries, dir: o.scoreCacheDir, warn });
  let labels: { info: NliModelInfo; map: LabelMap } | null = null;

  async function load(): Promise<{ info: NliModelInfo; map: LabelMap }> {
    if (labels) return labels;
    const info = await backend.nliInfo();
    labels = { info, map: labelMap(info.model, info.id2label, o.labels) };
    return labels;
  }

  function failure(error: unknown): TierOutcome {
    const message = error instanceof Error ? error.message : String(error);
    warn(`tier 1 (nli): ${message}`);
    if (o.onError === "pass") return { pass: true, note: `NLI model unavailable, passed on: ${message}` };
    return { verdict: "unsupported", confidence: 1, quotes: [], corrections: [], note: `NLI model unavailable, failing closed: ${message}` };
  }

  async function score(premises: string[], hypotheses: string[], keys: string[], signal?: AbortSignal): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    const todo: number[] = [];
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      if (seen.has(k)) return;
      seen.add(k);
      const hit = cache.get(k);
      if (hit) out.set(k, hit);
      else todo.push(i);
    });
    for (let b = 0; b < todo.length; b += o.batchSize) {
      signal?.throwIfAborted();
      const batch = todo.slice(b, b + o.batchSize);
      const probs = await backend.classify(
        batch.map((i) => premises[i]!),
        batch.map((i) => hypotheses[i]!),
      );
      const fresh: Array<[string, number[]]> = batch.map((i, j) => [keys[i]!, probs[j]!]);
      cache.setMany(fresh);
      for (const [k, p] of fresh) out.set(k, p);
    }
    return out;
  }

  function decide(scored: Scored[], model: string, defer: boolean): TierOutcome {
    const bestE = scored.reduce((a, b) => (b.entail > a.entail ? b : a));
    const bestC = scored.reduce((a, b) => (b.contradict > a.contradict ? b : a));
    const of = `${scored.length} window(s), ${model}`;
    if (bestE.entail >= o.threshold) {
      return {
        verdict: "supported",
        confidence: round(bestE.entail),
        quotes: [quoteOf(bestE)],
        corrections: [],
        note: `entailed by ${where(bestE)} (p ${bestE.entail.toFixed(2)}; ${of})`,
      };
    }
    if (bestC.contradict >= o.contradictThreshold) {
      return {
        verdict: "contradicted",
        confidence: round(bestC.contradict),
        quotes: [quoteOf(bestC)],
        corrections: [],
        note: `contradicted by ${where(bestC)} (p ${bestC.contradict.toFixed(2)}), no window entails it (best ${bestE.entail.toFixed(2)}; ${of})`,
      };
    }
    const unsure = round(1 - Math.max(bestE.entail, bestC.contradict));
    const seen = `best entailment ${bestE.entail.toFixed(2)} (${where(bestE)}), best contradiction ${bestC.contradict.toFixed(2)}; ${of}`;
    if (unsure >= o.threshold) {
      return { verdict: "unsupported", confidence: unsure, quotes: [quoteOf(bestE)], corrections: [], note: `no window entails or contradicts it: ${seen}` };
    }
    if (defer) return { pass: true, note: `low confidence (${unsure.toFixed(2)} < ${o.threshold}), passed on: ${seen}` };
    return {
      verdict: "unsupported",
      confidence: unsure,
      quotes: [quoteOf(bestE)],
      corrections: [],
      note: `low confidence (${unsure.toFixed(2)} < ${o.threshold}): ${seen}`,
    };
  }

  const tier: NliTier = {
    tier: 1,
    name: "nli",
    options: o,
    backend,
    cache,
    deferLowConfidence,
    async ready() {
      const l = await load();
      return { ...l.info, labelMap: l.map };
    },
    async close() {
      await cache.flush();
      await backend.close();
    },
    async run(items: TierItem[], context: TierContext): Promise<TierOutcome[]> {
      if (items.length === 0) return [];
      let loaded;
      try {
        loaded = await load();
      } catch (error) {
        return items.map(() => failure(error));
      }
      const { info, map } = loaded;
      const passageIndex = new Map<string, number>();
      const passages: Passage[] = [];
      const perItem = items.map((item) => {
        const seen = new Set<string>();
        const chosen = [...item.hints.focus, ...item.passages].filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(0, o.passages);
        return chosen.map((p) => {
          let at = passageIndex.get(p.id);
          if (at === undefined) {
            at = passages.length;
            passageIndex.set(p.id, at);
            passages.push(p);
          }
          return at;
        });
      });
      const pairs: Array<[number, number]> = [];
      perItem.forEach((ps, i) => ps.forEach((p) => pairs.push([i, p])));
      try {
        await cache.load();
        const windows = pairs.length ? await backend.windows({ claims: items.map((it) => it.claim.text), passages: passages.map((p) => p.text), pairs }) : [];
        const premises: string[] = [];
        const hypotheses: string[] = [];
        const keys: string[] = [];
        const refs: Array<{ item: number; passage: Passage; span: [number, number]; window: number; windows: number; key: string }> = [];
        const tooLong = new Map<number, number>();
        pairs.forEach(([i, p], k) => {
          const w = windows[k]!;
          if ("claimTooLong" in w) {
            tooLong.set(i, w.claimTooLong);
            return;
          }
          const passage = passages[p]!;
          w.spans.forEach((span, j) => {
            const premise = passage.text.slice(span[0], span[1]);
            const key = pairKey(`${info.model}\u0000${o.dtype}`, premise, items[i]!.claim.text);
            premises.push(premise);
            hypotheses.push(items[i]!.claim.text);
            keys.push(key);
            refs.push({ item: i, passage, span, window: j, windows: w.spans.length, key });
          });
        });
        const probs = await score(premises, hypotheses, keys, context.signal);
        const byItem = new Map<number, Scored[]>();
        for (const r of refs) {
          const { entail, contradict } = rolesOf(probs.get(r.key)!, map);
          const list = byItem.get(r.item) ?? [];
          list.push({ passage: r.passage, span: r.span, window: r.window, windows: r.windows, entail, contradict });
          byItem.set(r.item, list);
        }
        const defer = tier.deferLowConfidence;
        return items.map((_, i) => {
          const claimTokens = tooLong.get(i);
          if (claimTokens !== undefined) {
            return { pass: true, note: `the claim takes ${claimTokens} tokens and leaves no room for evidence in the model's ${info.maxTokens}-token input` };
          }
          const scored = byItem.get(i);
          if (!scored || scored.length === 0) {
            return { verdict: "unsupported", confidence: 0.9, quotes: [], corrections: [], note: "no evidence passage was retrieved for the claim" };
          }
          return decide(scored, info.model, defer);
        });
      } catch (error) {
        if (context.signal?.aborted) throw error;
        return items.map(() => failure(error));
      }
    },
  };
  return tier;
}
