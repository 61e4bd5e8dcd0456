/**
 * The facade the CLI, the adapters and users call.
 */
import { createRuleExtractor } from "./claims/index.js";
import type { ClaimExtractor } from "./claims/types.js";
import { ConfigError } from "./errors.js";
import type { RecordInput } from "./ledger/evidence-ledger.js";
import type { PolicyOverrides } from "./policy/presets.js";
import { StrictnessSchema, type EvidenceRecord, type Report, type Strictness } from "./schema.js";
import { Session, type Explanation, type SessionReport, type VerifyOverrides } from "./session.js";
import { MemoryStore } from "./store/memory-store.js";
import type { Store } from "./store/store.js";
import { createTelemetry, type TelemetryOptions } from "./telemetry/telemetry.js";
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
   * Tiers to run, cheapest first. Strings name the built-in ones: `exact` (tier 0) and `lexical` (the
   * offline tier-1 backend). Default `["exact", "lexical"]`. Add your own `Tier` objects to the list.
   */
  tiers?: Array<Tier | "exact" | "lexical">;
  /** Thresholds of the lexical tier (0..1 each); defaults were set on the dev data. */
  lexical?: Partial<LexicalThresholds>;
  /** Claim extractor (default: rule-based, offline). */
  extractor?: ClaimExtractor;
  /** Where sessions, evidence and reports are kept (default: in memory). */
  store?: Store;
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
 * @throws ConfigError for an unknown strictness or tier name.
 */
export class Firewall {
  readonly store: Store;
  readonly logger: Logger;
  private readonly sessions = new Map<string, Session>();
  private readonly defaultId: string;
  private readonly deps: ConstructorParameters<typeof Session>[1];

  constructor(options: FirewallOptions = {}) {
    const strictness = options.strictness ?? envStrictness();
    if (!StrictnessSchema.safeParse(strictness).success) {
      throw new ConfigError(`Unknown strictness '${String(strictness)}': use lenient, balanced or strict.`);
    }
    this.store = options.store ?? new MemoryStore();
    this.logger = options.logger ?? { warn: () => {} };
    this.defaultId = options.sessionId ?? "default";
    const tiers = (options.tiers ?? ["exact", "lexical"]).map((t) => {
      if (t === "exact") return createExactTier();
      if (t === "lexical") return createLexicalTier(options.lexical);
      if (typeof t === "object" && t && typeof t.run === "function") return t;
      throw new ConfigError(`Unknown tier ${JSON.stringify(t)}: use "exact", "lexical", or an object with tier, name and run().`);
    });
    this.deps = {
      extractor: options.extractor ?? createRuleExtractor(),
      tiers,
      store: this.store,
      strictness,
      policy: options.policy ?? {},
      maxDraftChars: options.maxDraftChars ?? 10_000_000,
      maxEvidenceBytes: options.maxEvidenceBytes,
      topK: options.topK ?? 5,
      warn: (message) => this.logger.warn(`hallucination-firewall: ${message}`),
      telemetry: createTelemetry(options.telemetry),
    };
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

  /** Ids of the sessions this process has opened. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** See {@link Session.record}. */
  record(input: RecordInput): EvidenceRecord {
    return this.session().record(input);
  }

  /** See {@link Session.watch}. */
  watch<A extends unknown[], R>(fn: (...args: A) => R, options: { source?: string } = {}): (...args: A) => R {
    return this.session().watch(fn, options);
  }

  /** See {@link Session.verify}. */
  verify(draft: string, overrides?: VerifyOverrides): Promise<Report> {
    return this.session().verify(draft, overrides);
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

  /** Forgets a session's evidence and reports (default: the default session), in memory and in the store. */
  reset(sessionId: string = this.defaultId): void {
    this.sessions.delete(sessionId);
    this.store.deleteSession(sessionId);
  }
}

function envStrictness(): Strictness {
  const env = process.env.HFW_STRICTNESS;
  return (env && env.trim() !== "" ? env.trim() : "balanced") as Strictness;
}
