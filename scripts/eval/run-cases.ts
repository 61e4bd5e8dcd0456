/**
 * Runs benchmark cases through the firewall: one fresh session per case, each evidence string recorded as a
 * tool output, the answer verified, the report reduced to a {@link CaseResult}.
 */
import { join } from "node:path";
import {
  Firewall,
  createExactTier,
  createFileLlmCache,
  createLexicalTier,
  type CalibrationTable,
  type JudgeOptions,
  type NliOptions,
  type Strictness,
  type Tier,
} from "../../src/index.js";
import { toCaseResult, type CaseResult } from "./case-result.js";
import type { EvalCase } from "./load-cases.js";
import { withTierCache, type CachedTier, type TierCacheStats } from "./tier-cache.js";

/** Built-in tier names by tier number (`--tiers 0,1,2`); `nli` is named (`--tiers exact,nli`). */
export const TIER_NAMES = { 0: "exact", 1: "lexical", 2: "judge" } as const;
export type TierName = (typeof TIER_NAMES)[keyof typeof TIER_NAMES] | "nli";

export interface RunOptions {
  /** Policy preset every case runs with (default `balanced`). */
  strictness?: Strictness;
  /** Built-in tiers to run (default `["exact", "lexical"]`). */
  tiers?: TierName[];
  /**
   * Cache tier outcomes in this folder (see `tier-cache.ts`); off when undefined. The judge keeps its answers
   * in the same folder (`llm.jsonl`, the library's own file cache) and the NLI tier its pair scores in `nli/`,
   * so a re-run costs no tokens and no inference.
   */
  cacheDir?: string;
  /** Options of the LLM judge when `tiers` holds `judge` (default: the model named by `HFW_LLM_*`). */
  judge?: JudgeOptions;
  /** Options of the `nli` tier (default: from the environment, `HFW_NLI_MODEL`, `HFW_OFFLINE`, ...). */
  nli?: NliOptions;
  /** Calibration table of the verdicts' confidences (default: the shipped one); `false` keeps raw tier scores. */
  calibration?: CalibrationTable | false;
  /** Called after each case with the number done and the total. */
  onProgress?: (done: number, total: number) => void;
}

/** Cases' results in input order, plus cache counts per tier name when caching. */
export interface RunOutput {
  results: CaseResult[];
  cache: Record<string, TierCacheStats> | null;
}

function errorResult(c: EvalCase, error: unknown): CaseResult {
  return {
    id: c.id,
    dataset: c.dataset,
    task: c.task,
    label: c.label,
    flagged: false,
    decision: null,
    supportScore: null,
    ms: 0,
    llmCalls: 0,
    costUsd: 0,
    claims: [],
    spans: c.spans,
    goldClaims: null,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

/**
 * Verifies every case in its own session and forgets the session afterwards. A case whose recording or
 * verification throws becomes a result with `error` set (left out of the metrics, counted per dataset).
 */
export async function runCases(cases: readonly EvalCase[], options: RunOptions = {}): Promise<RunOutput> {
  const names = options.tiers ?? ["exact", "lexical"];
  let cached: CachedTier[] = [];
  let tiers: Array<Tier | TierName> = names;
  let judge = options.judge ?? {};
  let nli = options.nli;
  if (options.cacheDir !== undefined) {
    const dir = options.cacheDir;
    // The offline tiers are wrapped; the judge (model id, prompt version, input hash) and the NLI tier (pair
    // scores) keep their own caches, and the NLI tier stays a named tier so that it brings dense retrieval.
    cached = names.filter((n) => n === "exact" || n === "lexical").map((n) => withTierCache(n === "exact" ? createExactTier() : createLexicalTier(), { dir }));
    tiers = names.map((n) => (n === "exact" || n === "lexical" ? cached.find((c) => c.name === n)! : n));
    judge = { cache: createFileLlmCache({ dir }), ...judge };
    nli = { scoreCacheDir: join(dir, "nli"), ...nli };
  }
  const fw = new Firewall({
    strictness: options.strictness ?? "balanced",
    tiers,
    nli,
    calibration: options.calibration,
    ...(names.includes("judge") ? { judge } : {}),
  });
  const results: CaseResult[] = [];
  for (const c of cases) {
    const sessionId = `${c.dataset}/${c.id}`;
    try {
      const session = fw.session(sessionId);
      c.evidence.forEach((content, i) => {
        // The ledger reads a string holding a JSON object or array as JSON by itself.
        session.record({ source: c.sources?.[i] ?? "evidence", content });
      });
      results.push(toCaseResult(c, await session.verify(c.answer)));
    } catch (error) {
      results.push(errorResult(c, error));
    } finally {
      fw.reset(sessionId);
    }
    options.onProgress?.(results.length, cases.length);
  }
  await fw.close();
  return { results, cache: cached.length ? Object.fromEntries(cached.map((t) => [t.name, { ...t.stats }])) : null };
}
