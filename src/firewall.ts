/**
 * The facade the CLI, the adapters and users call.
 */
import type { ProgressiveHandlers, ProgressiveVerification } from "./stream/progressive-verification.js";
import { createRuleExtractor } from "./claims/index.js";
import { createLlmExtractor } from "./claims/llm-extractor.js";
import type { ClaimExtractor } from "./claims/types.js";
import { ConfigError } from "./errors.js";
import { createJudgeTier, type JudgeOptions } from "./judge/tier-judge.js";
import type { RecordInput } from "./ledger/evidence-ledger.js";
import type { LlmModel } from "./llm/model.js";
import { resolvePolicy, type Policy, type PolicyOverrides } from "./policy/presets.js";
import { StrictnessSchema, type EvidenceRecord, type Report, type Strictness } from "./schema.js";
import { type AuditMode, Session, type Explanation, type SessionReport, type VerifyOverrides } from "./session.js";
import type { NliOptions } from "./nli/options.js";
import { setupNli, type NliSetup } from "./nli/setup.js";
import { MemoryStore } from "./store/memory-store.js";
import type { AnyStore } from "./store/store.js";
import { storeFromEnv } from "./store/store-from-env.js";
import { createTelemetry, type TelemetryOptions } from "./telemetry/telemetry.js";
import type { CalibrationTable } from "./verify/calibration.js";
import { CALIBRATION_TABLE } from "./verify/calibration-table.js";
import { createExactTier } from "./verify/tier-exact.js";
import { createLexicalTier, type LexicalThresholds } from "./verify/tier-lexical.js";
import type { Tier } from "./verify/tier.js";

/** Minimal logger; `console` fits. */
export interface Logger {
  debug?(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
}

export interface FirewallOptions {
  /** Policy preset (default `balanced`, or `HFW_STRICTNESS`). */
  strictness?: Strictness;
  /** Policy fields that override the preset (e.g. `{ action: "annotate" }`). */
  policy?: PolicyOverrides;
  /**
   * Tiers to run, cheapest first. Strings name the built-in ones: `exact` (tier 0), `lexical` (the offline
   * tier-1 backend), `nli` (tier 1 with a local NLI model; needs the optional `@huggingface/transformers`)
   * and `judge` (tier 2, the LLM judge; configured by `judge`, or by `HFW_LLM_*` alone).
   * Default `["exact", "lexical"]`, plus `judge` when the `judge` option is set. Add your own `Tier` objects.
   */
  tiers?: Array<Tier | "exact" | "lexical" | "nli" | "judge">;
  /** Options of the `nli` tier and its dense retrieval (model, thresholds, worker, caches); see `NliOptions`. */
  nli?: NliOptions;
  /**
   * The LLM judge (tier 2): any AI SDK language model, or {@link JudgeOptions} (model, review threshold,
   * batch size, concurrency, timeout, retries, budget, prices, cache). It sees only the claims tiers 0 and 1
   * left undecided or below `reviewBelow` confidence. Needs `ai` installed.
   */
  judge?: LlmModel | JudgeOptions;
  /** Thresholds of the lexical tier (0..1 each); defaults were set on the dev data. */
  lexical?: Partial<LexicalThresholds>;
  /**
   * Claim extractor (default: rule-based, offline). `"llm"` splits drafts with the model named by
   * `HFW_LLM_*` (see `createLlmExtractor` to pass a model and options).
   */
  extractor?: ClaimExtractor | "rules" | "llm";
  /**
   * Where sessions, evidence and reports are kept (default: the SQLite file or PostgreSQL URL `HFW_DB` (or
   * `HFW_STORE`) names, else in memory). An asynchronous store (`PostgresStore`) needs the `...Async` record methods.
   */
  store?: AnyStore;
  /** Session used by the facade's own `record` / `verify` (default `default`). */
  sessionId?: string;
  /** Largest draft accepted, characters (default 10,000,000). */
  maxDraftChars?: number;
  /** Largest single evidence record, bytes (default 256 MiB). */
  maxEvidenceBytes?: number;
  /** Passages retrieved per claim (default 5). */
  topK?: number;
  /** Receives warnings (a tier that failed on a claim); default: silent. `console` fits. */
  logger?: Logger;
  /**
   * OpenTelemetry spans, verdict events and metrics (through `@opentelemetry/api`; no-ops until an SDK is
   * registered). Default on, without content; `false` turns them off. See {@link TelemetryOptions}.
   */
  telemetry?: TelemetryOptions | false;
  /**
   * How raw tier scores become the verdicts' confidences (the probability a verdict is right, which the
   * policy's thresholds compare with): a table fitted by `npm run fit:calibration` (default: the one shipped,
   * fitted on the dev data with the offline tiers), or `false` to keep each tier's raw score. See
   * `src/verify/calibration.ts`.
   */
  calibration?: CalibrationTable | false;
  /**
   * Whether a session's hash chain is audited before each verify (default: `HFW_AUDIT`, else `off`). With
   * `fail-closed`, a session whose chain does not verify (a row edited, deleted, reordered or inserted in the
   * store, or its head changed) refuses to verify with `LedgerTampered`. A session audits its whole chain on
   * its first verify in this process, then only the links stored since (and that the last link it verified
   * still has its hash), so the cost after the first verify is the new rows' hashing. A row changed after
   * this process verified it is therefore found by the next full audit (another process's first verify,
   * `hfw audit verify`, the dashboard); this session keeps verifying against the copy it verified.
   */
  audit?: AuditMode;
}

/**
 * Records tool outputs as evidence and verifies draft answers against them.
 *
 * ```ts
 * const fw = new Firewall({ strictness: "balanced" });
 * fw.record({ source: "npm_view", content: { name: "dotenv", version: "18.0.10" } });
 * const report = await fw.verify("dotenv's latest version is 18.0.9.");
 * report.verdicts[0].verdict; // "contradicted", with the correction "18.0.10"
 * ```
 *
 * The facade's methods act on the default session; `fw.session(id)` gives any other conversation its own
 * isolated ledger.
 *
 * @throws ConfigError for an unknown strictness, tier name or audit mode (`HFW_AUDIT`), or `HFW_DB` set without
 *   its driver (better-sqlite3, pg) installed.
 * @throws StoreError when the `HFW_DB` SQLite file cannot be opened (a PostgreSQL store connects on its first call).
 */
export class Firewall {
  readonly store: AnyStore;
  readonly logger: Logger;
  private readonly sessions = new Map<string, Session>();
  private readonly defaultId: string;
  private readonly deps: ConstructorParameters<typeof Session>[1];
  private readonly nli: NliSetup | null;
  /** The store this firewall opened itself (from `HFW_DB`), which `close` closes. */
  private readonly ownedStore: AnyStore | undefined;

  constructor(options: FirewallOptions = {}) {
    const strictness = options.strictness ?? envStrictness();
    if (!StrictnessSchema.safeParse(strictness).success) {
      throw new ConfigError(`Unknown strictness '${String(strictness)}': use lenient, balanced or strict.`);
    }
    const fromEnv = options.store ? undefined : storeFromEnv();
    this.ownedStore = fromEnv;
    this.store = options.store ?? fromEnv ?? new MemoryStore();
    this.logger = options.logger ?? { warn: () => {} };
    this.defaultId = options.sessionId ?? "default";
    const names = options.tiers ?? ["exact", "lexical"];
    const warn = (message: string) => this.logger.warn(`hallucination-firewall: ${message}`);
    this.nli = names.includes("nli") ? setupNli(options.nli, warn) : null;
    // A judge option adds the judge to the tiers unless they already hold a tier-2 one.
    const withJudge =
      options.judge !== undefined && !names.some((t) => t === "judge" || (typeof t === "object" && t?.tier === 2)) ? [...names, "judge" as const] : names;
    // The built-in offline tiers decide each claim on its own: a long draft is verified in batches of claims.
    const perClaimTiers = new Set<Tier>();
    const perClaim = (tier: Tier): Tier => {
      perClaimTiers.add(tier);
      return tier;
    };
    const tiers = withJudge.map((t) => {
      if (t === "exact") return perClaim(createExactTier());
      if (t === "lexical") return perClaim(createLexicalTier(options.lexical));
      if (t === "nli") return this.nli!.tier;
      if (t === "judge") return createJudgeTier(options.judge ?? {});
      if (typeof t === "object" && t && typeof t.run === "function") return t;
      throw new ConfigError(`Unknown tier ${JSON.stringify(t)}: use "exact", "lexical", "nli", "judge", or an object with tier, name and run().`);
    });
    // Low-confidence NLI verdicts go on to a later tier (the LLM judge) when one runs after it.
    if (this.nli) this.nli.tier.deferLowConfidence = [...tiers].sort((a, b) => a.tier - b.tier).indexOf(this.nli.tier) < tiers.length - 1;
    const extractor = options.extractor ?? "rules";
    if (typeof extractor === "string" && extractor !== "rules" && extractor !== "llm") {
      throw new ConfigError(`Unknown extractor ${JSON.stringify(extractor)}: use "rules", "llm", or an object with name and extract().`);
    }
    this.deps = {
      extractor: extractor === "rules" ? createRuleExtractor() : extractor === "llm" ? createLlmExtractor() : extractor,
      tiers,
      store: this.store,
      strictness,
      policy: options.policy ?? {},
      maxDraftChars: options.maxDraftChars ?? 10_000_000,
      maxEvidenceBytes: options.maxEvidenceBytes,
      topK: options.topK ?? 5,
      warn,
      denseIndex: this.nli?.denseIndex,
      telemetry: createTelemetry(options.telemetry),
      perClaimTiers,
      calibration: options.calibration === false ? null : (options.calibration ?? CALIBRATION_TABLE),
      audit: auditMode(options.audit),
    };
  }

  /** The policy `verify` uses when a call overrides nothing: the strictness preset with the `policy` option's fields. */
  get policy(): Policy {
    return resolvePolicy(this.deps.strictness, this.deps.policy);
  }

  /** The session with this id, created on first use (and reloaded from the store if it has one). */
  session(id: string = this.defaultId): Session {
    let s = this.sessions.get(id);
    if (!s) {
      s = new Session(id, this.deps);
      this.sessions.set(id, s);
    }
    return s;
  }

  /**
   * Loads what the firewall loads lazily (the sentence model, the word-frequency table, the date parser) by
   * verifying a small fixed draft in a private, unstored session, so that the first answer of an agent does
   * not pay for it (about 0.3-1 s once per process). Call it at startup; calling it again costs a few ms.
   * @returns the time it took, ms.
   */
  async warmup(): Promise<number> {
    const started = performance.now();
    const probe = new Session("hfw-warmup", { ...this.deps, store: new MemoryStore() });
    probe.record({ source: "warmup", content: { invoice: "INV-1", customer: "Jane Smith", total: 1500, currency: "EUR", due: "2024-03-01" } });
    await probe.verify("Jane Smith's invoice INV-1 totals 1,500 EUR and is due on March 1, 2024. It was not paid.");
    return performance.now() - started;
  }

  /** Ids of the sessions this process has opened. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** See {@link Session.record}. */
  record(input: RecordInput): EvidenceRecord {
    return this.session().record(input);
  }

  /** See {@link Session.recordAsync}: records with any store, resolving once the store holds it. */
  recordAsync(input: RecordInput): Promise<EvidenceRecord> {
    return this.session().recordAsync(input);
  }

  /** See {@link Session.watch}. */
  watch<A extends unknown[], R>(fn: (...args: A) => R, options: { source?: string } = {}): (...args: A) => R {
    return this.session().watch(fn, options);
  }

  /** See {@link Session.verify}. */
  verify(draft: string, overrides?: VerifyOverrides): Promise<Report> {
    return this.session().verify(draft, overrides);
  }

  /** See {@link Session.progressive}: the default session's progressive verification of a streaming answer. */
  progressive(overrides?: VerifyOverrides, handlers?: ProgressiveHandlers): ProgressiveVerification {
    return this.session().progressive(overrides, handlers);
  }

  /** See {@link Session.guard}. */
  guard(draft: string, overrides?: VerifyOverrides): Promise<string> {
    return this.session().guard(draft, overrides);
  }

  /** See {@link Session.rewriteGrounded}. */
  rewriteGrounded(draft: string, options?: { unsupported?: "hedge" | "remove"; strictness?: Strictness }): Promise<{ text: string; report: Report }> {
    return this.session().rewriteGrounded(draft, options);
  }

  /** See {@link Session.explain}. */
  explain(claimId: string, sessionId?: string): Explanation {
    return this.session(sessionId).explain(claimId);
  }

  /** See {@link Session.report}. */
  sessionReport(sessionId?: string): SessionReport {
    return this.session(sessionId).report();
  }

  /**
   * Frees tier 1's models and ends its worker thread (nothing to do without the `nli` tier), and closes the
   * store when this firewall opened it from `HFW_DB` (a store passed in is left to its owner).
   */
  async close(): Promise<void> {
    await this.nli?.tier.close();
    await (this.ownedStore as { close?: () => unknown } | undefined)?.close?.();
  }

  /**
   * Drops a session from this process's memory (its ledger and index); the store keeps it, and the next
   * `session(id)` reloads it. A long-running server calls this when a client session ends.
   */
  release(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /**
   * Forgets a session's evidence and reports (default: the default session), in memory and in the store.
   * A synchronous store has deleted it when this returns; the promise settles when any store has.
   */
  reset(sessionId: string = this.defaultId): Promise<void> {
    this.sessions.delete(sessionId);
    return Promise.resolve(this.store.deleteSession(sessionId));
  }
}

function envStrictness(): Strictness {
  const env = process.env.HFW_STRICTNESS;
  return (env && env.trim() !== "" ? env.trim() : "balanced") as Strictness;
}

const AUDIT_MODES: readonly AuditMode[] = ["off", "fail-closed"];

/** The `audit` option, else `HFW_AUDIT`, else `off`. @throws ConfigError for another value. */
function auditMode(option: AuditMode | undefined): AuditMode {
  const env = process.env.HFW_AUDIT?.trim().toLowerCase();
  const mode = option ?? (env || "off");
  if (!(AUDIT_MODES as readonly string[]).includes(mode)) {
    const from = option === undefined ? "HFW_AUDIT" : "The audit option";
    throw new ConfigError(`${from} must be "off" or "fail-closed", not '${String(mode)}'.`);
  }
  return mode as AuditMode;
}
