/**
 * One conversation's evidence ledger and reports. Sessions are isolated: two conversations in one process
 * never see each other's evidence.
 */
import type { ClaimExtractor } from "./claims/types.js";
import { ConfigError, DraftError, FirewallError, HallucinationBlocked, LedgerTampered, ResponseIdTaken } from "./errors.js";
import type { DenseIndex } from "./ledger/dense-index.js";
import { EvidenceLedger, type RecordInput } from "./ledger/evidence-ledger.js";
import { LlmMeter, summarise } from "./llm/usage.js";
import { applyPolicy, standingBlock } from "./policy/apply-policy.js";
import { scoreOf } from "./policy/grounding-score.js";
import { resolvePolicy, type Policy, type PolicyOverrides } from "./policy/presets.js";
import type { Claim, ClaimVerdict, EvidenceRecord, LlmUsage, Report, Strictness, VerdictCounts } from "./schema.js";
import { auditSession } from "./store/audit-session.js";
import { EMPTY_HEAD, type ChainBreak, type ChainHead } from "./store/ledger-chain.js";
import { renumberReport } from "./store/renumber-report.js";
import {
  type AppendedEvidence,
  asAsyncStore,
  isAsyncStore,
  type AnyStore,
  type AsyncStore,
  type NewEvidence,
  type SessionDelta,
  type Store,
} from "./store/store.js";
import { ProgressiveVerification, type ProgressiveHandlers } from "./stream/progressive-verification.js";
import { createTelemetry, type Telemetry } from "./telemetry/telemetry.js";
import type { VerifyTelemetry } from "./telemetry/verify-telemetry.js";
import type { CalibrationTable } from "./verify/calibration.js";
import { CALIBRATION_TABLE } from "./verify/calibration-table.js";
import { DraftVerification } from "./verify/draft-verification.js";
import { failedAfterVerdict } from "./verify/pipeline.js";
import type { Tier } from "./verify/tier.js";
import { firewallVersion } from "./version.js";

/** Per-call options of `verify`: any policy field, plus `strictness`. */
export interface VerifyOverrides extends PolicyOverrides {
  strictness?: Strictness;
  /** Passages retrieved per claim (default 5). */
  topK?: number;
  signal?: AbortSignal;
  /**
   * Told how far verification has come: `done` claims of the draft's `total` (every claim, checkable or
   * not) have their verdict. The first call comes once the claims are extracted (the not-checkable ones
   * are done then), the next after each batch of a few hundred claims (see `claim-batches.ts`), the last
   * with `done === total`; `done` grows with each call, and a draft without claims gives one call `(0, 0)`.
   * With the LLM judge or NLI tier all claims are one batch. Default: none. An error it throws ends
   * `verify` with that error. The CLI's progress line uses it.
   */
  onProgress?: (done: number, total: number) => void;
}

/** What `sessionReport()` returns: totals over every answer verified in the session. */
export interface SessionReport {
  sessionId: string;
  responses: number;
  evidenceCount: number;
  evidenceBytes: number;
  claims: VerdictCounts;
  /** supported / checkable over all answers, 0..1, null when nothing was checkable. */
  groundingScore: number | null;
  decisions: Record<Report["decision"], number>;
  reports: Report[];
  /** Model use summed over the answers that used an LLM judge or extractor; absent when none did. */
  llm?: Omit<LlmUsage, "calls" | "notes">;
}

/** What `explain(claimId)` returns. */
export interface Explanation {
  claim: Claim;
  verdict: ClaimVerdict;
  /** One paragraph a person can read: the verdict, the deciding tier and its note, the quote, the correction. */
  text: string;
}

export interface SessionDeps {
  extractor: ClaimExtractor;
  tiers: Tier[];
  store: AnyStore;
  strictness: Strictness;
  policy: PolicyOverrides;
  maxDraftChars: number;
  maxEvidenceBytes: number | undefined;
  topK: number;
  /** Told about tier failures (the claim keeps the previous tier's verdict; see the trace). */
  warn: (message: string) => void;
  /** Makes each session's dense index (tier 1's embedding model); absent: BM25 retrieval only. */
  denseIndex?: () => DenseIndex;
  /** Spans, events and metrics through `@opentelemetry/api` (default: on, content capture from the environment). */
  telemetry?: Telemetry;
  /**
   * Tiers whose verdict on a claim depends on that claim alone (the built-in `exact` and `lexical`): a long
   * draft's claims are verified in batches when every tier is one (see `claim-batches.ts`). Default: none.
   */
  perClaimTiers?: ReadonlySet<Tier>;
  /** Maps raw tier confidences to probabilities (default: the shipped table); null keeps raw confidences. */
  calibration?: CalibrationTable | null;
  /** `fail-closed`: audit the session's chain before each verify and refuse when it breaks (default `off`). */
  audit?: AuditMode;
}

/** One answer being verified: what `beginAnswer` set up. @internal */
export interface AnswerRun {
  responseId: string;
  policy: Policy;
  llm: LlmMeter;
  tel: VerifyTelemetry;
  /** `performance.now()` when verification began (for `report.ms`). */
  started: number;
  verification: DraftVerification;
}

/** What a stream may do with a prefix of an answer (see `Session.decidePrefix`). @internal */
export type PrefixDecision = { kind: "release"; text: string } | { kind: "hold" | "block"; reasons: string[] };

/** Whether `verify` first audits the session's hash chain: `off`, or `fail-closed` (refuse on a break). */
export type AuditMode = "off" | "fail-closed";

const NO_TIERS: ReadonlySet<Tier> = new Set();

const defaultTelemetry = createTelemetry();

/** Writes a session retries when another process took its report's response id meanwhile. */
const RENUMBER_ATTEMPTS = 20;

/**
 * One conversation: its evidence ledger (a copy of what the store holds for it, loaded lazily and kept
 * current incrementally) and its reports. The store gives evidence its ids, so processes that share a
 * store (SQLite file, PostgreSQL) record into and verify in one session, each seeing every record.
 */
export class Session {
  readonly ledger: EvidenceLedger;
  private reports: Report[] = [];
  private responseCounter = 0;
  /** Links of the session's chain as of the last sync. */
  private head: ChainHead = EMPTY_HEAD;
  /** The head the last audit verified (fail-closed): the next audit replays only the links after it. */
  private audited: ChainHead = EMPTY_HEAD;
  private created = false;
  /** Writes the store refused, retried (in order) before the next write or verify. */
  private readonly unsavedEvidence: NewEvidence[] = [];
  private readonly unsavedReports: Report[] = [];
  /** Serialises this session's store calls when the store is asynchronous. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly telemetry: Telemetry;
  private readonly asyncStore: AsyncStore;

  constructor(
    readonly id: string,
    private readonly deps: SessionDeps,
  ) {
    this.ledger = new EvidenceLedger({ maxEvidenceBytes: deps.maxEvidenceBytes, dense: deps.denseIndex?.() });
    this.telemetry = deps.telemetry ?? defaultTelemetry;
    this.asyncStore = asAsyncStore(deps.store);
  }

  /** The synchronous store, or a ConfigError naming the asynchronous method to call instead. */
  private syncStore(instead: string): Store {
    if (isAsyncStore(this.deps.store)) {
      throw new ConfigError(`This session's store is asynchronous (PostgreSQL): call \`await ${instead}\` instead.`);
    }
    return this.deps.store;
  }

  /** The chain head of the session's ledger as of the last sync with the store. */
  get ledgerHead(): ChainHead {
    return this.head;
  }

  /** The head the last audit of a fail-closed session verified (the empty head before the first). */
  get auditedHead(): ChainHead {
    return this.audited;
  }

  /**
   * Audits the links stored since the last audit (all of them the first time; see `auditSession`) and
   * remembers the head they reach.
   * @throws LedgerTampered (carrying the break) when the chain does not verify; StoreError when the store
   *   cannot be read.
   */
  private async checkLedger(): Promise<void> {
    const audit = await auditSession(this.deps.store, this.id, { from: this.audited });
    if (!audit.ok) throw new LedgerTampered(this.id, audit as typeof audit & { break: ChainBreak });
    this.audited = audit.head;
  }

  /**
   * Records a tool output as evidence: the store gives it its id and it joins the session's chain; it is
   * chunked and indexed on the next retrieval. Needs a synchronous store (memory, SQLite); with an
   * asynchronous one use {@link recordAsync}.
   * @returns the evidence record (`id`, `hash`, `chunkCount`, ...); the same `callId` twice returns the first.
   * @throws EvidenceError for binary, non-UTF-8, oversized, or malformed-declared-JSON content.
   * @throws StoreError when the store cannot write it: the record is kept and written before the next
   *   record or report (the error comes again if that fails too).
   * @throws ConfigError with an asynchronous store.
   */
  record(input: RecordInput): EvidenceRecord {
    const store = this.syncStore("session.recordAsync(input)");
    const seen = input.callId != null ? this.ledger.byCall(input.callId) : undefined;
    if (seen) return seen;
    return this.recordNow(store, [this.ledger.build(input)])[0]!.record;
  }

  /**
   * Records a tool output with any store (see {@link record}); resolves once the store holds it, so that a
   * verify in another process sees it.
   */
  async recordAsync(input: RecordInput): Promise<EvidenceRecord> {
    return (await this.recordMany([input]))[0]!;
  }

  /**
   * Records several tool outputs in one store transaction: all are stored, or none (a StoreError, and they
   * are retried before the next write).
   * @returns their records, in order.
   */
  async recordMany(inputs: readonly RecordInput[]): Promise<EvidenceRecord[]> {
    return (await this.appendMany(inputs)).map((a) => a.record);
  }

  /**
   * {@link recordMany}, telling of each record whether this call stored it (`added: false`: the session
   * already held a record with its `callId`, returned instead).
   * @throws EvidenceError for a record that cannot be read, before anything is stored.
   */
  async appendMany(inputs: readonly RecordInput[]): Promise<AppendedEvidence[]> {
    return this.recordLater(inputs.map((input) => this.ledger.build(input)));
  }

  /**
   * Records with whichever store the session has, for callers that cannot wait (framework callbacks): at
   * once with a synchronous store, in the background with an asynchronous one. A background write is
   * ordered before this session's next `verify` or `sync`, which report its failure if it failed.
   * @returns the record and whether the store added it (false: its callId was already stored), or a
   *   promise of them.
   * @throws EvidenceError for content that cannot be evidence; StoreError as `record` does.
   */
  recordAny(input: RecordInput): AppendedEvidence | Promise<AppendedEvidence> {
    const fresh = this.ledger.build(input);
    if (!isAsyncStore(this.deps.store)) {
      const seen = fresh.callId !== null ? this.ledger.byCall(fresh.callId) : undefined;
      return seen ? { record: seen, added: false } : this.recordNow(this.deps.store, [fresh])[0]!;
    }
    return this.recordLater([fresh]).then((a) => a[0]!);
  }

  /** Appends to a synchronous store now. @returns each record as the ledger holds it. */
  private recordNow(store: Store, fresh: NewEvidence[]): AppendedEvidence[] {
    this.unsavedEvidence.push(...fresh);
    return this.flushSync(store)
      .slice(-fresh.length)
      .map((a) => ({ record: this.adoptedOf(a.record), added: a.added }));
  }

  /** Appends after this session's earlier store calls, then takes in what is new. */
  private recordLater(fresh: NewEvidence[]): Promise<AppendedEvidence[]> {
    return this.exclusive(async () => {
      if (!isAsyncStore(this.deps.store)) return this.recordNow(this.deps.store, fresh);
      await this.flushAsync();
      this.unsavedEvidence.push(...fresh);
      const appended = await this.appendUnsaved();
      this.adopt(await this.asyncStore.sessionDelta(this.id, this.known()));
      return appended.slice(-fresh.length).map((a) => ({ record: this.adoptedOf(a.record), added: a.added }));
    });
  }

  /** The ledger's copy of a stored record (the store's object when the ledger had it before). */
  private adoptedOf(record: EvidenceRecord): EvidenceRecord {
    return this.ledger.get(record.id) ?? record;
  }

  private known(): { evidence: number; reports: number } {
    return { evidence: this.ledger.records.length, reports: this.reports.length };
  }

  /** Takes in what the store holds beyond this copy: new evidence (indexed lazily), new reports, the head. */
  private adopt(delta: SessionDelta): void {
    for (const record of delta.evidence) {
      const before = this.ledger.records.length;
      this.ledger.restore(record);
      if (this.ledger.records.length > before && this.fresh.delete(record.id)) this.telemetry.evidenceRecorded(this.id, record);
    }
    const ids = new Set(this.reports.map((r) => r.responseId));
    for (const r of delta.reports) if (!ids.has(r.responseId)) this.reports.push(r);
    this.responseCounter = Math.max(this.responseCounter, delta.reportCount, this.reports.length);
    this.head = delta.head;
  }

  /** Ids this process appended and has not adopted yet (told to telemetry once adopted). */
  private readonly fresh = new Set<string>();

  /** Writes every queued write to a synchronous store, then pulls what is new. @returns what was appended. */
  private flushSync(store: Store): ReturnType<Store["appendEvidence"]> {
    if (!this.created) {
      store.ensureSession(this.id);
      this.created = true;
    }
    let appended: ReturnType<Store["appendEvidence"]> = [];
    if (this.unsavedEvidence.length > 0) {
      appended = store.appendEvidence(this.id, this.unsavedEvidence);
      this.unsavedEvidence.length = 0;
      for (const a of appended) if (a.added) this.fresh.add(a.record.id);
    }
    while (this.unsavedReports.length > 0) {
      this.writeReportSync(store, this.unsavedReports[0]!);
      this.unsavedReports.shift();
    }
    this.adopt(store.sessionDelta(this.id, this.known()));
    return appended;
  }

  private async appendUnsaved(): Promise<Awaited<ReturnType<AsyncStore["appendEvidence"]>>> {
    if (this.unsavedEvidence.length === 0) return [];
    const appended = await this.asyncStore.appendEvidence(this.id, this.unsavedEvidence);
    this.unsavedEvidence.length = 0;
    for (const a of appended) if (a.added) this.fresh.add(a.record.id);
    return appended;
  }

  /** {@link flushSync} for an asynchronous store, without the pull. */
  private async flushAsync(): Promise<void> {
    if (!this.created) {
      await this.asyncStore.ensureSession(this.id);
      this.created = true;
    }
    await this.appendUnsaved();
    while (this.unsavedReports.length > 0) {
      await this.writeReportAsync(this.unsavedReports[0]!);
      this.unsavedReports.shift();
    }
  }

  /** Runs `fn` after this session's earlier store calls, so that its pulls and writes keep their order. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Brings this copy of the session up to date: writes what is queued, then loads the evidence and reports
   * other processes stored since the last sync (only those). `verify` does it first; call it before
   * {@link report} or {@link explain} with an asynchronous store.
   * @throws StoreError when the store cannot be reached or written.
   */
  async sync(): Promise<void> {
    await this.exclusive(async () => {
      if (!isAsyncStore(this.deps.store)) {
        this.flushSync(this.deps.store);
        return;
      }
      await this.flushAsync();
      this.adopt(await this.asyncStore.sessionDelta(this.id, this.known()));
    });
  }

  /** Writes a report, renumbering it while another process holds its response id. @returns the report as stored. */
  private writeReportSync(store: Store, report: Report): Report {
    for (let attempt = 0; ; attempt++) {
      try {
        store.putReport(report);
        return report;
      } catch (error) {
        if (!ResponseIdTaken.isInstance(error) || attempt >= RENUMBER_ATTEMPTS) throw error;
        const n = Math.max(
          this.responseCounter,
          store.sessionDelta(this.id, { evidence: Number.MAX_SAFE_INTEGER, reports: Number.MAX_SAFE_INTEGER }).reportCount,
        );
        report = this.renumbered(report, n + 1 + attempt);
      }
    }
  }

  private async writeReportAsync(report: Report): Promise<Report> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.asyncStore.putReport(report);
        return report;
      } catch (error) {
        if (!ResponseIdTaken.isInstance(error) || attempt >= RENUMBER_ATTEMPTS) throw error;
        const delta = await this.asyncStore.sessionDelta(this.id, { evidence: Number.MAX_SAFE_INTEGER, reports: Number.MAX_SAFE_INTEGER });
        report = this.renumbered(report, Math.max(this.responseCounter, delta.reportCount) + 1 + attempt);
      }
    }
  }

  private renumbered(report: Report, n: number): Report {
    const next = renumberReport(report, `r${n}`);
    this.responseCounter = Math.max(this.responseCounter, n);
    return next;
  }

  /** Stores a new report (renumbered if another process took its id); a failed write stays queued. */
  private async saveReport(report: Report): Promise<Report> {
    return this.exclusive(async () => {
      let saved: Report;
      try {
        saved = isAsyncStore(this.deps.store) ? await this.writeReportAsync(report) : this.writeReportSync(this.deps.store, report);
      } catch (error) {
        this.unsavedReports.push(report);
        throw error;
      }
      this.reports.push(saved);
      return saved;
    });
  }

  /**
   * Wraps a function so that every value it returns (or resolves to) is recorded as evidence. Thrown errors
   * and rejections pass through unrecorded: an error is not evidence.
   */
  watch<A extends unknown[], R>(fn: (...args: A) => R, options: { source?: string } = {}): (...args: A) => R {
    const source = options.source ?? (fn.name || "tool");
    return (...args: A): R => {
      const out = fn(...args);
      const save = (value: unknown) => {
        const out = this.recordAny({ source, content: value === undefined ? "" : value, args: args.length === 1 ? args[0] : args });
        if (out instanceof Promise) out.catch((error: unknown) => this.deps.warn(`the result of '${source}' was not recorded: ${(error as Error).message}`));
      };
      if (out instanceof Promise) {
        return out.then((value: unknown) => {
          save(value);
          return value;
        }) as R;
      }
      save(out);
      return out;
    };
  }

  /**
   * Verifies a draft answer against this session's evidence.
   * @returns the report (claims with spans, one verdict each, grounding score, decision, text that may ship).
   * @throws DraftError when the draft is not a string, holds binary data, or exceeds `maxDraftChars`.
   * @throws StoreError when the store cannot write the report: it is kept in this session and written
   *   before the next record or report.
   * @throws LedgerTampered with `audit: "fail-closed"` when the session's chain does not verify (nothing is
   *   verified or stored).
   */
  async verify(draft: string, overrides: VerifyOverrides = {}): Promise<Report> {
    const tel = this.telemetry.startVerify(this.id);
    try {
      return tel.end(await tel.within(() => this.verifyDraft(draft, overrides, tel)));
    } catch (error) {
      throw tel.fail(error);
    }
  }

  private async verifyDraft(draft: string, overrides: VerifyOverrides, tel: VerifyTelemetry): Promise<Report> {
    checkDraft(draft, this.deps.maxDraftChars);
    const answer = await this.beginAnswer(overrides, tel, draft.length);
    try {
      await answer.verification.extract(draft, false);
      await answer.verification.verifyThrough(draft);
    } finally {
      this.ledger.trimMemos();
    }
    return this.finishAnswer(answer, draft);
  }

  /**
   * Verifies an answer while it streams in: write its text as it arrives, and each unit (sentence, list
   * item, table row) is verified once the next begins; `onRelease` gets, in order, the text the policy lets
   * ship. See {@link ProgressiveVerification}.
   *
   * @param overrides as for {@link verify}; `onProgress` is not called.
   * @param handlers `onRelease(text)`: released text, in order.
   */
  progressive(overrides: VerifyOverrides = {}, handlers: ProgressiveHandlers = {}): ProgressiveVerification {
    return new ProgressiveVerification(this, overrides, this.telemetry.startVerify(this.id), handlers, this.deps.maxDraftChars);
  }

  /**
   * Indexes the session's evidence and lets each tier build what it reads of the whole ledger, ahead of the
   * first claim (a streamed answer's first sentence is still arriving). A tier that fails here builds the
   * same on demand later.
   * @internal
   */
  prepareTiers(): void {
    this.ledger.flush();
    for (const tier of this.deps.tiers) {
      try {
        tier.prepare?.(this.ledger);
      } catch (error) {
        this.deps.warn(`tier ${tier.tier} (${tier.name}) could not prepare: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Tells the firewall's logger. @internal */
  warn(message: string): void {
    this.deps.warn(message);
  }

  /**
   * Starts the verification of one answer: writes what is queued, loads what other processes stored,
   * audits the chain (fail-closed), resolves the policy and numbers the response. Used by `verify` and by
   * `ProgressiveVerification`.
   * @internal
   */
  async beginAnswer(overrides: VerifyOverrides, tel: VerifyTelemetry, draftChars: number): Promise<AnswerRun> {
    const started = performance.now();
    await this.sync();
    if (this.deps.audit === "fail-closed") await this.checkLedger();
    const { strictness = this.deps.strictness, topK = this.deps.topK, signal, onProgress, ...policyOverrides } = overrides;
    const policy = resolvePolicy(strictness, { ...this.deps.policy, ...policyOverrides });
    const responseId = `r${++this.responseCounter}`;
    const llm = new LlmMeter();
    tel.begin(responseId, policy, draftChars, this.deps.tiers, llm);
    const verification = new DraftVerification({
      responseId,
      extractor: this.deps.extractor,
      tiers: tel.tiers(this.deps.tiers),
      perClaim: this.deps.tiers.every((t) => (this.deps.perClaimTiers ?? NO_TIERS).has(t)),
      ledger: this.ledger,
      topK,
      calibration: this.deps.calibration === undefined ? CALIBRATION_TABLE : this.deps.calibration,
      tel,
      llm,
      signal,
      onProgress,
    });
    return { responseId, policy, llm, tel, started, verification };
  }

  /**
   * What a stream may release of the prefix `draft` of an answer, given the verdicts of its claims
   * `[0, end)`: the policy's text for it (without the rewrite's source list, which comes at the end); `hold`
   * when only a rule that later text can lift blocks it (the grounding score, an empty rewrite); `block`
   * when a rule that no later text lifts does (see `standingBlock`), or a tier failed under the block action.
   * @internal
   */
  decidePrefix(answer: AnswerRun, draft: string, end: number): PrefixDecision {
    const { claims, verdicts } = answer.verification.report(end);
    const standing = standingBlock(claims, verdicts, answer.policy);
    const result = failClosed(
      applyPolicy(draft, claims, verdicts, scoreOf(countVerdicts(verdicts)), answer.policy, undefined, { sourceList: false }),
      verdicts,
      answer.policy.action,
    );
    if (result.decision !== "block") return { kind: "release", text: result.output ?? "" };
    const failed = verdicts.some((v) => v.verdict !== "not_checkable" && failedAfterVerdict(v)) && answer.policy.action === "block";
    return standing.length > 0 || failed ? { kind: "block", reasons: result.reasons } : { kind: "hold", reasons: result.reasons };
  }

  /**
   * Builds the report of a draft whose claims are all verified, applies the policy, and stores the report.
   * @internal
   */
  async finishAnswer(answer: AnswerRun, draft: string): Promise<Report> {
    const { tel, policy, llm, responseId } = answer;
    const { claims, verdicts } = answer.verification.report();
    for (const v of verdicts) for (const t of v.trace) if (t.outcome === "error") this.deps.warn(`${v.claimId}: tier ${t.tier} (${t.name}) ${t.note}`);
    const counts = countVerdicts(verdicts);
    const groundingScore = scoreOf(counts);
    const result = tel.policy(policy, (edit) => failClosed(applyPolicy(draft, claims, verdicts, groundingScore, policy, edit), verdicts, policy.action));
    const usage = llm.summary();
    for (const note of usage?.notes ?? []) this.deps.warn(`${responseId}: ${note}`);
    const version = firewallVersion();
    const report: Report = {
      responseId,
      sessionId: this.id,
      draft,
      claims,
      verdicts,
      counts,
      groundingScore,
      decision: result.decision,
      strictness: policy.strictness,
      action: policy.action,
      output: result.output,
      reasons: result.reasons,
      sources: result.sources,
      evidenceCount: this.ledger.records.length,
      ms: performance.now() - answer.started,
      createdAt: Date.now(),
      ...(usage ? { llm: usage } : {}),
      ledgerHead: { ...this.head },
      ...(version === undefined ? {} : { firewallVersion: version }),
    };
    return this.saveReport(report);
  }

  /**
   * @returns the text that may ship (the draft, annotated or rewritten).
   * @throws HallucinationBlocked (carrying the report) when the policy blocks the answer.
   */
  async guard(draft: string, overrides: VerifyOverrides = {}): Promise<string> {
    const report = await this.verify(draft, overrides);
    if (report.decision === "block" || report.output === null) throw new HallucinationBlocked(report);
    return report.output;
  }

  /**
   * Rewrites a draft so that it states only what the evidence supports: wrong figures replaced by evidence
   * values, unsupported claims hedged or removed, citations added. Never blocks.
   * @returns the rewritten text and the report.
   */
  async rewriteGrounded(draft: string, options: { unsupported?: "hedge" | "remove"; strictness?: Strictness } = {}): Promise<{ text: string; report: Report }> {
    const report = await this.verify(draft, {
      strictness: options.strictness,
      action: "rewrite",
      unsupported: options.unsupported ?? "hedge",
      blockUncorrectable: false,
      blockBelowScore: 0,
    });
    return { text: report.output ?? "", report };
  }

  /**
   * Reads the reports as {@link report} does.
   * @param claimId e.g. `r3.c2`.
   * @throws FirewallError when no answer of this session has that claim.
   */
  explain(claimId: string): Explanation {
    this.refreshSync();
    for (const r of this.reports) {
      const claim = r.claims.find((c) => c.id === claimId);
      if (!claim) continue;
      const verdict = r.verdicts.find((v) => v.claimId === claimId)!;
      const decider = verdict.trace.find((t) => t.tier === verdict.tier && t.outcome !== "pass");
      const lines = [
        `Claim ${claimId} "${claim.text}" is ${verdict.verdict} (confidence ${verdict.confidence.toFixed(2)}, decided by ${decider ? `tier ${decider.tier} ${decider.name}` : "the extractor"}).`,
        decider ? `Why: ${decider.note}.` : "",
        ...verdict.corrections.map(
          (c) => `Evidence says ${c.value} where the draft says ${c.wrong} (${c.quote.source}, ${c.quote.evidenceId}: "${c.quote.text}").`,
        ),
        ...verdict.quotes.slice(0, 2).map((q) => `Quote from ${q.source} (${q.evidenceId}, chars ${q.span[0]}-${q.span[1]}): "${q.text}".`),
      ].filter(Boolean);
      return { claim, verdict, text: lines.join("\n") };
    }
    throw new FirewallError(`No claim '${claimId}' in session '${this.id}': claim ids look like r1.c2 and come from a report of this session.`);
  }

  /**
   * With a synchronous store, writes what is queued and loads what other processes stored (a StoreError
   * is left for the next write or verify to report); with an asynchronous one, nothing: call `sync()`.
   */
  private refreshSync(): void {
    if (isAsyncStore(this.deps.store)) return;
    try {
      this.flushSync(this.deps.store);
    } catch (error) {
      if (!FirewallError.isInstance(error)) throw error;
    }
  }

  /**
   * Totals over every answer verified in this session: with a synchronous store, as stored now; with an
   * asynchronous one, as of the last `verify` or `sync()` (await `session.sync()` first for other
   * processes' answers).
   */
  report(): SessionReport {
    this.refreshSync();
    const claims: VerdictCounts = { supported: 0, contradicted: 0, unsupported: 0, not_checkable: 0 };
    const decisions: SessionReport["decisions"] = { pass: 0, annotate: 0, rewrite: 0, block: 0 };
    for (const r of this.reports) {
      for (const k of Object.keys(claims) as Array<keyof VerdictCounts>) claims[k] += r.counts[k];
      decisions[r.decision]++;
    }
    const withLlm = this.reports.filter((r) => r.llm);
    const llm = withLlm.length ? summarise(withLlm.flatMap((r) => r.llm!.calls)) : undefined;
    return {
      ...(llm
        ? {
            llm: {
              modelCalls: llm.modelCalls,
              cachedCalls: llm.cachedCalls,
              inputTokens: llm.inputTokens,
              outputTokens: llm.outputTokens,
              costUsd: llm.costUsd,
              ms: llm.ms,
            },
          }
        : {}),
      sessionId: this.id,
      responses: this.reports.length,
      evidenceCount: this.ledger.records.length,
      evidenceBytes: this.ledger.bytes,
      claims,
      groundingScore: scoreOf(claims),
      decisions,
      reports: [...this.reports],
    };
  }
}

/**
 * A block action fails closed: when a tier failed on a checkable claim after its verdict was given (the LLM
 * judge timed out, erred, or gave invalid output), the answer is blocked even if nothing was flagged.
 */
function failClosed(result: ReturnType<typeof applyPolicy>, verdicts: ClaimVerdict[], action: Report["action"]): ReturnType<typeof applyPolicy> {
  if (action !== "block" || result.decision === "block") return result;
  const failed = verdicts.filter((v) => v.verdict !== "not_checkable" && failedAfterVerdict(v));
  if (failed.length === 0) return result;
  const reasons = failed.map((v) => {
    const t = [...v.trace].reverse().find((x) => x.outcome === "error")!;
    return `${v.claimId}: tier ${t.tier} (${t.name}) failed, failing closed under the block action: ${t.note}`;
  });
  return { decision: "block", output: null, reasons: [...(result.decision === "pass" ? [] : result.reasons), ...reasons], sources: [] };
}

function countVerdicts(verdicts: ClaimVerdict[]): VerdictCounts {
  const counts: VerdictCounts = { supported: 0, contradicted: 0, unsupported: 0, not_checkable: 0 };
  for (const v of verdicts) counts[v.verdict]++;
  return counts;
}

function checkDraft(draft: unknown, maxChars: number): asserts draft is string {
  if (typeof draft !== "string") {
    throw new DraftError(
      `The draft must be a string, got ${draft === null ? "null" : typeof draft}: pass the answer's text (for a message, its text content).`,
    );
  }
  if (draft.length > maxChars) {
    throw new DraftError(`The draft is ${draft.length} characters, over the ${maxChars}-character limit: verify it in parts or raise maxDraftChars.`);
  }
  if (draft.includes("\u0000")) {
    throw new DraftError("The draft contains NUL characters (binary data): pass the answer's text, not raw bytes.");
  }
}
