/**
 * The spans, events and metrics of one `verify` call:
 *
 * ```
 * hfw.verify                      (child of the span active when verify was called)
 * ├─ hfw.extract                  (an LLM extractor's hfw.llm.extract spans inside)
 * ├─ hfw.retrieve
 * ├─ hfw.tier.0  ─ gen_ai.evaluation.result events, one per claim whose final verdict this tier gave
 * ├─ hfw.tier.1  ─ ...
 * ├─ hfw.tier.2  ─ ...            (the judge's hfw.llm.judge spans inside)
 * └─ hfw.policy
 *    └─ hfw.rewrite               (when the policy annotates or rewrites)
 * ```
 *
 * A later tier may review and overrule an earlier tier's verdict, so the verdict events are added when the
 * report is done, each on the span of the tier that gave the claim's final verdict, stamped with that tier's
 * end; tier spans are ended then, with the time each tier finished (a `performance.now()` timestamp, which
 * the SDK maps onto the span's own clock, so durations are what an immediate `end()` would give). Claims no tier decided (not checkable,
 * or nothing settled them) get their event on `hfw.verify`. Child spans are made only while `hfw.verify`
 * is recording, so with no SDK (or a sampled-out trace) the cost is one no-op span and the metric calls.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from "@opentelemetry/api";
import type { ClaimExtractor, ExtractedClaim } from "../claims/types.js";
import type { LlmMeter } from "../llm/usage.js";
import type { Policy } from "../policy/presets.js";
import type { Passage, Report, VerdictLabel } from "../schema.js";
import { isPass, type Tier, type TierContext, type TierItem, type TierOutcome } from "../verify/tier.js";
import type { ContentCapture } from "./content-capture.js";
import { getInstruments, getTracer } from "./instruments.js";
import { recordUsageMetrics, usageAttributes } from "./llm-usage.js";
import { EVENT, GENAI, HFW, SPAN } from "./names.js";
import { safely } from "./safely.js";
import { spanTime } from "./span-time.js";
import { verdictEventAttributes } from "./verdict-event.js";

/** Wraps the annotate / rewrite step of the policy in its own span. */
export type EditTracer = <T>(kind: "annotate" | "rewrite", edit: () => T) => T;

/** What the session calls around each stage of `verify`. */
export interface VerifyTelemetry {
  /** Runs `fn` with `hfw.verify` as the active span, so spans made inside (an LLM extractor, a judge) nest. */
  within<T>(fn: () => Promise<T>): Promise<T>;
  /** Once the response id and policy are known; `llm` is the meter model-backed tiers add their calls to. */
  begin(responseId: string, policy: Policy, draftChars: number, tiers: Tier[], llm?: LlmMeter): void;
  /** Claim extraction, in `hfw.extract`. */
  extract(extractor: ClaimExtractor, fn: () => Promise<ExtractedClaim[]>): Promise<ExtractedClaim[]>;
  /** Retrieval of the checkable claims' passages, in `hfw.retrieve`. */
  retrieve(topK: number, fn: () => Promise<Passage[][]>): Promise<Passage[][]>;
  /** The tiers to run, each wrapped in its `hfw.tier.N` span. */
  tiers(tiers: Tier[]): Tier[];
  /** The policy, in `hfw.policy`; `fn` gets the tracer of its annotate / rewrite step. */
  policy<T extends { decision: string; reasons: string[] }>(policy: Policy, fn: (edit: EditTracer) => T): T;
  /** Adds the verdict events and ends the spans with the report's figures. @returns the report. */
  end(report: Report): Report;
  /** Ends `hfw.verify` as failed. @returns the error, to rethrow. */
  fail(error: unknown): unknown;
}

const passThroughEdit: EditTracer = (_kind, edit) => edit();

/** The no-op used when telemetry is turned off for a Firewall. */
export const NO_VERIFY_TELEMETRY: VerifyTelemetry = {
  within: (fn) => fn(),
  begin: () => {},
  extract: (_e, fn) => fn(),
  retrieve: (_k, fn) => fn(),
  tiers: (tiers) => tiers,
  policy: (_p, fn) => fn(passThroughEdit),
  end: (report) => report,
  fail: (error) => error,
};

/** Starts the telemetry of one verify call (opens `hfw.verify` under the active context). */
export function startVerifyTelemetry(sessionId: string, capture: ContentCapture): VerifyTelemetry {
  return safely("verify span", () => new TracedVerify(sessionId, capture), NO_VERIFY_TELEMETRY);
}

/** A tier span kept open until the report is done, and when its tier finished (`performance.now()`, ms). */
interface OpenTier {
  span: Span;
  endTime: number;
}

class TracedVerify implements VerifyTelemetry {
  private readonly started = performance.now();
  private readonly tracer: Tracer;
  private readonly span: Span;
  private readonly ctx: Context;
  private readonly recording: boolean;
  /** Tier spans by `tier:name`, ended in `end`. */
  private readonly openTiers = new Map<string, OpenTier>();
  private responseId = "";
  private llm: LlmMeter | undefined;

  constructor(
    private readonly sessionId: string,
    private readonly capture: ContentCapture,
  ) {
    this.tracer = getTracer();
    const parent = context.active();
    this.span = this.tracer.startSpan(
      SPAN.verify,
      { kind: SpanKind.INTERNAL, attributes: { [GENAI.conversationId]: sessionId }, startTime: spanTime() },
      parent,
    );
    this.ctx = trace.setSpan(parent, this.span);
    this.recording = this.span.isRecording();
  }

  within<T>(fn: () => Promise<T>): Promise<T> {
    return context.with(this.ctx, fn);
  }

  begin(responseId: string, policy: Policy, draftChars: number, tiers: Tier[], llm?: LlmMeter): void {
    this.responseId = responseId;
    this.llm = llm;
    if (!this.recording) return;
    safely(
      "verify attributes",
      () =>
        this.span.setAttributes({
          [HFW.responseId]: responseId,
          [HFW.strictness]: policy.strictness,
          [HFW.action]: policy.action,
          [HFW.draftChars]: draftChars,
          [HFW.tiers]: [...tiers].sort((a, b) => a.tier - b.tier).map((t) => `${t.tier}:${t.name}`),
          [HFW.contentCaptured]: this.capture.span || this.capture.event,
        }),
      undefined,
    );
  }

  async extract(extractor: ClaimExtractor, fn: () => Promise<ExtractedClaim[]>): Promise<ExtractedClaim[]> {
    const span = this.child(SPAN.extract, { [HFW.extractor]: extractor.name });
    if (!span) return fn();
    const calls = this.llm?.calls.length ?? 0;
    try {
      const claims = await context.with(trace.setSpan(this.ctx, span), fn);
      safely(
        "extract attributes",
        () => {
          const kinds: Attributes = { [HFW.claimsCount]: claims.length, ...usageAttributes(this.llm?.calls.slice(calls) ?? []) };
          for (const c of claims) kinds[HFW.claimsKind(c.kind)] = ((kinds[HFW.claimsKind(c.kind)] as number | undefined) ?? 0) + 1;
          span.setAttributes(kinds);
        },
        undefined,
      );
      return claims;
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      endSafely(span);
    }
  }

  async retrieve(topK: number, fn: () => Promise<Passage[][]>): Promise<Passage[][]> {
    const span = this.child(SPAN.retrieve, { [GENAI.operationName]: "retrieval", [HFW.topK]: topK });
    if (!span) return fn();
    try {
      const passages = await context.with(trace.setSpan(this.ctx, span), fn);
      safely(
        "retrieve attributes",
        () => span.setAttributes({ [HFW.claimsCheckable]: passages.length, [HFW.passages]: passages.reduce((n, p) => n + p.length, 0) }),
        undefined,
      );
      return passages;
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      endSafely(span);
    }
  }

  tiers(tiers: Tier[]): Tier[] {
    return tiers.map((t) => {
      // Delegates every other field (review, model, settings) to the tier itself.
      const wrapped = Object.create(t) as Tier;
      Object.defineProperty(wrapped, "run", { value: (items: TierItem[], ctx: TierContext) => this.runTier(t, items, ctx), enumerable: true });
      return wrapped;
    });
  }

  private async runTier(tier: Tier, items: TierItem[], tierContext: TierContext): Promise<TierOutcome[]> {
    const t0 = performance.now();
    const base = { [HFW.tier]: tier.tier, [HFW.tierName]: tier.name };
    const span = this.child(SPAN.tier(tier.tier), {
      ...base,
      ...tierAttributes(tier),
      [HFW.claimsIn]: items.length,
      [GENAI.conversationId]: this.sessionId,
      [HFW.responseId]: this.responseId,
    });
    const calls = this.llm?.calls.length ?? 0;
    let failed: unknown;
    try {
      const outcomes = span ? await context.with(trace.setSpan(this.ctx, span), () => tier.run(items, tierContext)) : await tier.run(items, tierContext);
      if (span) safely("tier span", () => this.describeTier(span, tier, items, outcomes, calls), undefined);
      return outcomes;
    } catch (error) {
      failed = error;
      if (span) failSpan(span, error);
      throw error;
    } finally {
      safely(
        "tier metrics",
        () => {
          const attrs = failed === undefined ? base : { ...base, [GENAI.errorType]: errorType(failed) };
          getInstruments().tierDuration.record((performance.now() - t0) / 1000, attrs);
          if (span) this.keepOpen(span, tier);
        },
        undefined,
      );
    }
  }

  /** Holds a tier span open for the verdict events; a second run of the same tier ends the first span. */
  private keepOpen(span: Span, tier: Tier): void {
    const key = `${tier.tier}:${tier.name}`;
    const previous = this.openTiers.get(key);
    if (previous) endSafely(previous.span, previous.endTime);
    this.openTiers.set(key, { span, endTime: performance.now() });
  }

  private describeTier(span: Span, tier: Tier, items: TierItem[], outcomes: TierOutcome[], calls: number): void {
    const attrs: Attributes = { ...usageAttributes(this.llm?.calls.slice(calls) ?? []), [HFW.claimsReviewed]: items.filter((it) => it.prior).length };
    if (tier.model) attrs[GENAI.requestModel] = tier.model;
    if (outcomes.length !== items.length) {
      // The pipeline rejects such a batch and passes every claim on.
      span.setStatus({ code: SpanStatusCode.ERROR, message: `returned ${outcomes.length} outcomes for ${items.length} claims` });
      span.setAttributes({ ...attrs, [GENAI.errorType]: "outcome_count_mismatch" });
      return;
    }
    const counts: Partial<Record<VerdictLabel | "passed" | "failed", number>> = {};
    for (const out of outcomes) {
      const key = isPass(out) ? (out.failed ? "failed" : "passed") : out.verdict;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    attrs[HFW.claimsPassed] = counts.passed ?? 0;
    attrs[HFW.claimsFailed] = counts.failed ?? 0;
    for (const v of ["supported", "contradicted", "unsupported", "not_checkable"] as const) attrs[HFW.claimsVerdict(v)] = counts[v] ?? 0;
    span.setAttributes(attrs);
  }

  policy<T extends { decision: string; reasons: string[] }>(policy: Policy, fn: (edit: EditTracer) => T): T {
    const span = this.child(SPAN.policy, {
      [HFW.strictness]: policy.strictness,
      [HFW.action]: policy.action,
      [HFW.flagContradicted]: policy.flagContradicted,
      [HFW.flagUnsupported]: policy.flagUnsupported,
      [HFW.blockBelowScore]: policy.blockBelowScore,
    });
    if (!span) return fn(passThroughEdit);
    const policyCtx = trace.setSpan(this.ctx, span);
    const edit: EditTracer = (kind, run) => {
      const child = safely(
        "rewrite span",
        () => this.tracer.startSpan(SPAN.rewrite, { attributes: { [HFW.action]: kind }, startTime: spanTime() }, policyCtx),
        undefined,
      );
      try {
        const out = run();
        const sources = (out as { sources?: unknown[] })?.sources;
        if (child && Array.isArray(sources)) safely("rewrite attributes", () => child.setAttribute(HFW.sourcesCount, sources.length), undefined);
        return out;
      } finally {
        if (child) endSafely(child);
      }
    };
    try {
      const result = fn(edit);
      safely(
        "policy attributes",
        () => {
          span.setAttributes({ [HFW.decision]: result.decision, [HFW.reasonsCount]: result.reasons.length });
          if (this.capture.span) span.setAttribute(HFW.reasons, result.reasons);
        },
        undefined,
      );
      return result;
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      endSafely(span);
    }
  }

  end(report: Report): Report {
    safely("verify end", () => this.finish(report), undefined);
    return report;
  }

  private finish(report: Report): void {
    const seconds = (performance.now() - this.started) / 1000;
    const m = getInstruments();
    m.responses.add(1, { [HFW.decision]: report.decision, [HFW.strictness]: report.strictness });
    m.verifyDuration.record(seconds, { [HFW.decision]: report.decision });
    const byKey = new Map<string, { verdict: string; tier: number; n: number }>();
    for (const v of report.verdicts) {
      const key = `${v.verdict}|${v.tier}`;
      const e = byKey.get(key) ?? { verdict: v.verdict, tier: v.tier, n: 0 };
      e.n++;
      byKey.set(key, e);
    }
    for (const e of byKey.values()) m.claims.add(e.n, { [HFW.verdict]: e.verdict, [HFW.tier]: e.tier });
    if (report.llm) recordUsageMetrics(m, report.llm.calls);
    if (!this.recording) return;
    const attrs: Attributes = {
      [HFW.responseId]: report.responseId,
      [HFW.claimsCount]: report.claims.length,
      [HFW.claimsCheckable]: report.counts.supported + report.counts.contradicted + report.counts.unsupported,
      [HFW.decision]: report.decision,
      [HFW.evidenceCount]: report.evidenceCount,
      ...usageAttributes(report.llm?.calls ?? []),
    };
    for (const [k, n] of Object.entries(report.counts)) attrs[HFW.claimsVerdict(k)] = n;
    if (report.groundingScore !== null) attrs[HFW.groundingScore] = report.groundingScore;
    if (report.ledgerHead) {
      attrs[HFW.ledgerLength] = report.ledgerHead.length;
      attrs[HFW.ledgerHead] = report.ledgerHead.hash;
    }
    if (this.capture.span) {
      attrs[HFW.draft] = report.draft;
      if (report.output !== null) attrs[HFW.output] = report.output;
    }
    this.span.setAttributes(attrs);
    const claims = new Map(report.claims.map((c) => [c.id, c]));
    for (const v of report.verdicts) {
      const claim = claims.get(v.claimId);
      if (!claim) continue;
      // The trace entry of the deciding tier (the last one with this verdict), or the pipeline's / extractor's.
      const decider = [...v.trace].reverse().find((t) => t.tier === v.tier && t.outcome === v.verdict) ?? v.trace[v.trace.length - 1];
      const open = v.tier >= 0 && decider ? this.openTiers.get(`${decider.tier}:${decider.name}`) : undefined;
      const attributes = verdictEventAttributes(
        {
          claim,
          verdict: v.verdict,
          confidence: v.confidence,
          tier: v.tier,
          tierName: decider?.name ?? "pipeline",
          note: decider?.note ?? "",
          quotes: v.quotes,
          corrections: v.corrections,
        },
        this.capture.event,
        !open,
      );
      if (open) open.span.addEvent(EVENT.evaluation, attributes, spanTime(open.endTime));
      else this.span.addEvent(EVENT.evaluation, attributes, spanTime());
    }
    this.endTiers();
    // One clock for every span (see spanTime): a span's own clock may be up to a millisecond off another's.
    this.span.end(spanTime());
  }

  fail(error: unknown): unknown {
    safely(
      "verify fail",
      () => {
        getInstruments().verifyDuration.record((performance.now() - this.started) / 1000, { [GENAI.errorType]: errorType(error) });
        this.endTiers();
        failSpan(this.span, error);
        this.span.end(spanTime());
      },
      undefined,
    );
    return error;
  }

  private endTiers(): void {
    for (const t of this.openTiers.values()) endSafely(t.span, t.endTime);
    this.openTiers.clear();
  }

  /** A child span of `hfw.verify`, or undefined when `hfw.verify` is not recording. */
  private child(name: string, attributes: Attributes): Span | undefined {
    if (!this.recording) return undefined;
    return safely("child span", () => this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes, startTime: spanTime() }, this.ctx), undefined);
  }
}

/** Ends a span; a span processor that throws on end is logged, not passed on. */
function endSafely(span: Span, endTime?: number): void {
  safely("span end", () => span.end(spanTime(endTime)), undefined);
}

const thresholdCache = new WeakMap<Tier, Attributes>();

/** A tier's thresholds as attributes (a tier is made once per Firewall: cached). */
function tierAttributes(tier: Tier): Attributes {
  let attrs = thresholdCache.get(tier);
  if (!attrs) {
    attrs = {};
    for (const [k, v] of Object.entries(tier.thresholds ?? {})) attrs[HFW.tierThreshold(k)] = v;
    thresholdCache.set(tier, attrs);
  }
  return attrs;
}

function failSpan(span: Span, error: unknown): void {
  safely(
    "span failure",
    () => {
      const e = error instanceof Error ? error : new Error(String(error));
      span.recordException(e);
      span.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
      span.setAttribute(GENAI.errorType, errorType(error));
    },
    undefined,
  );
}

/** `error.type`: the error's class name (`DraftError`, `TypeError`, ...), `_OTHER` when it has none. */
function errorType(error: unknown): string {
  return error instanceof Error && error.name ? error.name : "_OTHER";
}
