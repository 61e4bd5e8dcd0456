/**
 * One conversation's evidence ledger and reports. Sessions are isolated: two conversations in one process
 * never see each other's evidence.
 */
import type { ClaimExtractor } from "./claims/types.js";
import { DraftError, FirewallError, HallucinationBlocked } from "./errors.js";
import type { DenseIndex } from "./ledger/dense-index.js";
import { EvidenceLedger, type RecordInput } from "./ledger/evidence-ledger.js";
import { LlmMeter, summarise } from "./llm/usage.js";
import { applyPolicy } from "./policy/apply-policy.js";
import { scoreOf } from "./policy/grounding-score.js";
import { resolvePolicy, type PolicyOverrides } from "./policy/presets.js";
import type { Claim, ClaimVerdict, EvidenceRecord, LlmUsage, Report, Strictness, VerdictCounts } from "./schema.js";
import type { Store } from "./store/store.js";
import { createTelemetry, type Telemetry } from "./telemetry/telemetry.js";
import type { VerifyTelemetry } from "./telemetry/verify-telemetry.js";
import { calibrate, type CalibrationTable } from "./verify/calibration.js";
import { CALIBRATION_TABLE } from "./verify/calibration-table.js";
import { claimBatches, claimKey, firstOfEach, repeatVerdict } from "./verify/claim-batches.js";
import { failedAfterVerdict, runTiers } from "./verify/pipeline.js";
import { type ClaimWithVerdict, verifyPieces, withPieces } from "./verify/piece-claims.js";
import { emptyHints, type Tier, type TierItem } from "./verify/tier.js";

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
  store: Store;
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
}

const NO_TIERS: ReadonlySet<Tier> = new Set();

const defaultTelemetry = createTelemetry();

const CHECKABLE = new Set(["factual", "hedge"]);

export class Session {
  readonly ledger: EvidenceLedger;
  private reports: Report[] = [];
  private responseCounter = 0;
  private readonly unsaved: Array<EvidenceRecord | Report> = [];
  private readonly telemetry: Telemetry;

  constructor(
    readonly id: string,
    private readonly deps: SessionDeps,
  ) {
    this.ledger = new EvidenceLedger({ maxEvidenceBytes: deps.maxEvidenceBytes, dense: deps.denseIndex?.() });
    this.telemetry = deps.telemetry ?? defaultTelemetry;
    deps.store.ensureSession(id);
    for (const record of deps.store.listEvidence(id)) this.ledger.restore(record);
    this.reports = deps.store.listReports(id);
    this.responseCounter = this.reports.length;
  }

  /**
   * Records a tool output as evidence (stored whole, chunked, indexed on the next retrieval).
   * @returns the evidence record (`id`, `hash`, `chunkCount`, ...); the same `callId` twice returns the first.
   * @throws EvidenceError for binary, non-UTF-8, oversized, or malformed-declared-JSON content.
   * @throws StoreError when the store cannot write it: the record is kept in this session and written
   *   before the next record or report.
   */
  record(input: RecordInput): EvidenceRecord {
    const before = this.ledger.records.length;
    const record = this.ledger.record(input);
    if (this.ledger.records.length > before) {
      this.unsaved.push(record);
      this.telemetry.evidenceRecorded(this.id, record);
    }
    this.save();
    return record;
  }

  /**
   * Writes what the store has not taken yet, oldest first. A write that failed (the store threw) stays
   * queued and is retried before the next one, so a retry never leaves a hole in the stored session.
   */
  private save(): void {
    while (this.unsaved.length > 0) {
      const next = this.unsaved[0]!;
      if ("responseId" in next) this.deps.store.putReport(next);
      else this.deps.store.putEvidence(this.id, next);
      this.unsaved.shift();
    }
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
        this.record({ source, content: value === undefined ? "" : value, args: args.length === 1 ? args[0] : args });
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
    const started = performance.now();
    checkDraft(draft, this.deps.maxDraftChars);
    const { strictness = this.deps.strictness, topK = this.deps.topK, signal, onProgress, ...policyOverrides } = overrides;
    const policy = resolvePolicy(strictness, { ...this.deps.policy, ...policyOverrides });
    const responseId = `r${++this.responseCounter}`;
    const llm = new LlmMeter();
    tel.begin(responseId, policy, draft.length, this.deps.tiers, llm);
    const extracted = await tel.extract(this.deps.extractor, () => this.deps.extractor.extract(draft, { llm, signal }));
    const claims: Claim[] = extracted.map((e, i) => ({ id: `${responseId}.c${i + 1}`, text: e.text, kind: e.kind, span: e.span, citations: e.citations }));
    const checkable = claims.flatMap((c, i) => (CHECKABLE.has(c.kind) ? [i] : []));
    let done = claims.length - checkable.length;
    onProgress?.(done, claims.length);
    const perClaim = this.deps.perClaimTiers ?? NO_TIERS;
    // With per-claim tiers only, a claim repeating an earlier one takes its verdict (see `claimKey`).
    const repeats = new Map<number, number[]>();
    const distinct = this.deps.tiers.every((t) => perClaim.has(t))
      ? firstOfEach(checkable, (i) => claimKey(claims[i]!, extracted[i]!, draft), repeats)
      : checkable;
    const tiers = tel.tiers(this.deps.tiers);
    const decided: ClaimVerdict[] = [];
    const pieces = new Map<string, ClaimWithVerdict[]>();
    const calibration = this.deps.calibration === undefined ? CALIBRATION_TABLE : this.deps.calibration;
    try {
      for (const batch of claimBatches(distinct, this.deps.tiers, perClaim)) {
        const items: TierItem[] = batch.map((i) => ({ claim: claims[i]!, extracted: extracted[i]!, passages: [], hints: emptyHints() }));
        const retrieved = await tel.retrieve(topK, () =>
          this.ledger.retrieveMany(
            items.map((it) => it.claim.text),
            topK,
          ),
        );
        items.forEach((it, i) => (it.passages = retrieved[i]!));
        const tierContext = { ledger: this.ledger, draft, signal, llm };
        const verdicts = await runTiers(tiers, items, tierContext, calibration);
        // A flagged clause whose figures tier 0 read differently is reported as one claim per figure's piece.
        const split = await verifyPieces(items, verdicts, tiers, tierContext, calibration, (k) => repeats.has(batch[k]!));
        for (const [k, list] of split) pieces.set(items[k]!.claim.id, list);
        batch.forEach((first, k) => {
          decided.push(verdicts[k]!);
          for (const i of repeats.get(first) ?? []) decided.push(repeatVerdict(verdicts[k]!, claims[i]!.id, claims[i]!.span[0] - claims[first]!.span[0]));
          done += 1 + (repeats.get(first)?.length ?? 0);
        });
        // Derived per-passage data stays cached for a batch's working set, bounded between batches and verifies.
        this.ledger.trimMemos();
        if (batch.length > 0) onProgress?.(done, claims.length);
      }
    } finally {
      this.ledger.trimMemos();
    }
    for (const v of decided) for (const t of v.trace) if (t.outcome === "error") this.deps.warn(`${v.claimId}: tier ${t.tier} (${t.name}) ${t.note}`);
    const byId = new Map(decided.map((v) => [v.claimId, v]));
    const wholeVerdicts: ClaimVerdict[] = claims.map(
      (c) =>
        byId.get(c.id) ?? {
          claimId: c.id,
          verdict: "not_checkable",
          // The extractor's call (greeting, question, opinion) is a decision like a tier's: calibrated the same way.
          confidence: calibrate(calibration, "extractor", "not_checkable", 1),
          tier: -1,
          quotes: [],
          corrections: [],
          trace: [{ tier: -1, name: "extractor", outcome: "not_checkable", confidence: 1, note: `${c.kind} claim: nothing a tool output could settle`, ms: 0 }],
        },
    );
    const { claims: reported, verdicts } = withPieces(claims, wholeVerdicts, pieces, responseId);
    const counts = countVerdicts(verdicts);
    const groundingScore = scoreOf(counts);
    const result = tel.policy(policy, (edit) => failClosed(applyPolicy(draft, reported, verdicts, groundingScore, policy, edit), verdicts, policy.action));
    const usage = llm.summary();
    for (const note of usage?.notes ?? []) this.deps.warn(`${responseId}: ${note}`);
    const report: Report = {
      responseId,
      sessionId: this.id,
      draft,
      claims: reported,
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
      ms: performance.now() - started,
      createdAt: Date.now(),
      ...(usage ? { llm: usage } : {}),
    };
    this.reports.push(report);
    this.unsaved.push(report);
    this.save();
    return report;
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
   * @param claimId e.g. `r3.c2`.
   * @throws FirewallError when no answer of this session has that claim.
   */
  explain(claimId: string): Explanation {
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

  /** Totals over every answer verified in this session. */
  report(): SessionReport {
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
