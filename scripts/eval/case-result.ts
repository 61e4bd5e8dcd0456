/**
 * What the runner keeps of one verified case: enough to compute every metric and to read a case's outcome
 * in `results/*.json` without re-running it, and the reduction of a firewall report to it.
 */
import type { ClaimVerdict, Decision, Report, Span, VerdictLabel } from "../../src/index.js";
import type { DatasetMetrics } from "./dataset-metrics.js";
import { matchGoldClaims } from "./gold-claims.js";
import type { EvalCase, LabelledSpan } from "./load-cases.js";
import { isFlaggedVerdict, responseSupport } from "./metrics.js";

/** One claim the firewall extracted, with its verdict. */
export interface ClaimResult {
  id: string;
  text: string;
  kind: string;
  span: Span;
  verdict: VerdictLabel;
  /** 0..1, the verdict's confidence: the calibrated probability that it is right. */
  confidence: number;
  /** 0..1, the deciding tier's raw score (its trace entry); absent in older results files. */
  rawConfidence?: number;
  /** The deciding tier's number (`-1`: no tier, e.g. the extractor or the pipeline's fallback). */
  tier: number;
  /** The deciding tier's name as its trace gives it (`exact`, `lexical`, `extractor`, `pipeline`). */
  tierName: string;
  /** The deciding tier's note (why it decided), from the trace. */
  note: string;
  corrections: Array<{ span: Span; wrong: string; value: string }>;
}

/** A gold claim matched to the firewall's claim that overlaps it most. */
export interface GoldClaimResult {
  span: Span;
  verdict: VerdictLabel;
  correction: string | null;
  /** The matched claim's verdict; `not_checkable` when no claim overlaps the gold claim. */
  predicted: VerdictLabel;
  /** Id of the matched claim, null when none overlaps. */
  claimId: string | null;
  /** The matched claim's confidence (1 when none overlaps: the firewall's silence is taken as sure); absent in older results files. */
  confidence?: number;
  /** The matched claim's raw score and deciding tier name (`none` when none overlaps), for fitting calibration. */
  rawConfidence?: number;
  tierName?: string;
  correct: boolean;
  /** Whether a correction of the matched claim equals the gold correction; null when gold has none or is not contradicted. */
  correctionCorrect: boolean | null;
}

/** One case's outcome. */
export interface CaseResult {
  id: string;
  dataset: string;
  task: string;
  label: "hallucinated" | "faithful";
  /** Any claim `contradicted` or `unsupported`, at any confidence. */
  flagged: boolean;
  decision: Decision | null;
  /** Lowest claim support score (see `supportScore`); 1 with no checkable claim; null on error. */
  supportScore: number | null;
  /** `report.ms`: wall time of the verify call. */
  ms: number;
  /** Model calls billed for the answer (LLM judge and extractor; in a judge dry run, the calls it would make). */
  llmCalls: number;
  /** USD from the price table (0 when no model ran or the model has no price). */
  costUsd: number;
  /** Prompt and completion tokens of those calls (estimates in a dry run); absent in older results files. */
  llmInputTokens?: number;
  llmOutputTokens?: number;
  /** Claims sent to the LLM judge (or, in a dry run, that would be), cached ones included. */
  judgedClaims?: number;
  claims: ClaimResult[];
  /** The labelled hallucination spans of the answer (empty: faithful, or location unknown). */
  spans: LabelledSpan[];
  goldClaims: GoldClaimResult[] | null;
  /** The error message when recording or verifying threw; such cases are left out of the metrics. */
  error: string | null;
}

/** How a run was configured, as written to the results file. */
export interface EvalConfig {
  /** Case files, as given. */
  data: string[];
  /** Cases per file (`--limit`), null for all. */
  limit: number | null;
  seed: number;
  tiers: string[];
  strictness: string;
  /** Claim confidence threshold of the policy in use: the sweep's marked operating point. */
  operatingPoint: number;
  cache: boolean;
  /** The LLM judge, when tier 2 ran: its model id, and whether it was a dry run (tokens estimated, no calls). */
  judge?: { model: string; dryRun: boolean; prices: boolean };
  startedAt: string;
  durationMs: number;
  node: string;
  /** Commit of the checkout (`git describe`, `-dirty` with uncommitted changes), null outside git. */
  commit: string | null;
}

/** The results file (`results/*.json`). Its top-level keys are stable: other tools read them. */
export interface EvalResults {
  config: EvalConfig;
  datasets: Record<string, DatasetMetrics>;
  /** The same metrics grouped by task (`summary`, `qa`, ...). */
  tasks: Record<string, DatasetMetrics>;
  cases: CaseResult[];
}

/** The name of the tier that decided a verdict, read from its trace (the entry of that tier that did not pass). */
export function decidingTierName(v: ClaimVerdict): string {
  return decider(v)?.name ?? "none";
}

function decider(v: ClaimVerdict): ClaimVerdict["trace"][number] | undefined {
  return v.trace.find((t) => t.tier === v.tier && t.outcome !== "pass") ?? v.trace[v.trace.length - 1];
}

/** The deciding tier's raw score, from its trace entry (before calibration); the verdict's confidence when the trace has none. */
export function rawConfidence(v: ClaimVerdict): number {
  return decider(v)?.confidence ?? v.confidence;
}

/**
 * LLM calls, cost (USD) and tokens of a report: from `report.llm` (the LLM judge and extractor; a dry run's
 * calls count as the calls it would make), else from numeric `llmCalls` / `costUsd` fields a custom tier may
 * add to its trace entries.
 */
export function llmUsage(report: Report): { calls: number; costUsd: number; inputTokens: number; outputTokens: number } {
  if (report.llm) {
    const u = report.llm;
    const dry = u.calls.filter((c) => c.outcome === "dry_run").length;
    return { calls: u.modelCalls + dry, costUsd: u.costUsd ?? 0, inputTokens: u.inputTokens, outputTokens: u.outputTokens };
  }
  let calls = 0;
  let costUsd = 0;
  for (const v of report.verdicts) {
    for (const t of v.trace as Array<Record<string, unknown>>) {
      if (typeof t.llmCalls === "number") calls += t.llmCalls;
      if (typeof t.costUsd === "number") costUsd += t.costUsd;
    }
  }
  return { calls, costUsd, inputTokens: 0, outputTokens: 0 };
}

/** Reduces a firewall report on a case to what the metrics need. */
export function toCaseResult(c: EvalCase, report: Report): CaseResult {
  const byId = new Map(report.verdicts.map((v) => [v.claimId, v]));
  const claims: ClaimResult[] = report.claims.map((claim) => {
    const v = byId.get(claim.id);
    return {
      id: claim.id,
      text: claim.text,
      kind: claim.kind,
      span: claim.span,
      verdict: v?.verdict ?? "not_checkable",
      confidence: v?.confidence ?? 1,
      rawConfidence: v ? rawConfidence(v) : 1,
      tier: v?.tier ?? -1,
      tierName: v ? decidingTierName(v) : "none",
      note: (v && decider(v)?.note) ?? "",
      corrections: (v?.corrections ?? []).map((x) => ({ span: x.span, wrong: x.wrong, value: x.value })),
    };
  });
  const usage = llmUsage(report);
  return {
    id: c.id,
    dataset: c.dataset,
    task: c.task,
    label: c.label,
    flagged: claims.some((x) => isFlaggedVerdict(x.verdict)),
    decision: report.decision,
    // Ranked on the tiers' raw scores: calibrated probabilities are steps, which would tie most answers.
    supportScore: responseSupport(claims.map((x) => ({ verdict: x.verdict, confidence: x.rawConfidence ?? x.confidence }))),
    ms: report.ms,
    llmCalls: usage.calls,
    costUsd: usage.costUsd,
    llmInputTokens: usage.inputTokens,
    llmOutputTokens: usage.outputTokens,
    judgedClaims: new Set(report.llm?.calls.filter((x) => x.purpose === "judge").flatMap((x) => x.claimIds) ?? []).size,
    claims,
    spans: c.spans,
    goldClaims: c.claims ? matchGoldClaims(c.claims, claims) : null,
    error: null,
  };
}
