/**
 * zod schemas: the single source of the public types (`z.infer`).
 *
 * Offsets are UTF-16 code-unit indexes into a JavaScript string, half-open `[start, end)`.
 */
import { z } from "zod";

/** A half-open character span `[start, end)` in a string (UTF-16 code units). */
export const SpanSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type Span = z.infer<typeof SpanSchema>;

/** The four verdicts (see DESIGN.md, "What a verdict means"). */
export const VerdictLabelSchema = z.enum(["supported", "contradicted", "unsupported", "not_checkable"]);
export type VerdictLabel = z.infer<typeof VerdictLabelSchema>;

/** What a claim is. Only `factual` and `hedge` claims are checked against evidence. */
export const ClaimKindSchema = z.enum(["factual", "opinion", "hedge", "question", "not_checkable"]);
export type ClaimKind = z.infer<typeof ClaimKindSchema>;

/** An evidence record as stored in the ledger: the whole tool output, never truncated. */
export const EvidenceRecordSchema = z.object({
  /** Ledger-wide id, `e1`, `e2`, ... in recording order within a session. */
  id: z.string(),
  /** Tool or source name, e.g. `npm_view`. */
  source: z.string(),
  /** The tool call id, when the framework gave one; recording the same callId twice is a no-op. */
  callId: z.string().nullable(),
  /** Tool arguments, when known. */
  args: z.unknown().optional(),
  /** `text` for strings, `json` for JSON values (objects, arrays, numbers...). */
  format: z.enum(["text", "json"]),
  /** The content as given: the original string (also when it holds JSON), or the JSON value. */
  content: z.unknown(),
  /** The text the verifier reads: the string itself, or the JSON flattened to `key.path: value` lines. */
  text: z.string(),
  /** SHA-256 (hex) of `text`. */
  hash: z.string(),
  /** Size of `text` in bytes (UTF-8). */
  bytes: z.number().int(),
  /** Number of chunks (passages) the text was split into. */
  chunkCount: z.number().int(),
  /** Recording time, ms since the Unix epoch. */
  recordedAt: z.number(),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

/** A passage of an evidence record, with its span in the record's `text`. */
export const ChunkSchema = z.object({
  id: z.string(),
  evidenceId: z.string(),
  source: z.string(),
  text: z.string(),
  span: SpanSchema,
});
export type Chunk = z.infer<typeof ChunkSchema>;

/** A passage returned by retrieval for a claim, best first. `score` is the retriever's own (BM25+ here). */
export const PassageSchema = ChunkSchema.extend({ score: z.number() });
export type Passage = z.infer<typeof PassageSchema>;

/** An atomic claim of the draft. */
export const ClaimSchema = z.object({
  /** `r<response>.c<n>`, e.g. `r3.c2`. */
  id: z.string(),
  /** The claim as read by the verifier (markdown and citation markers removed). */
  text: z.string(),
  kind: ClaimKindSchema,
  /** Span of the claim in the draft. */
  span: SpanSchema,
  /** Citation markers found on the claim, e.g. `["1"]` for `[1]`. */
  citations: z.array(z.string()).default([]),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A quote from the evidence that decides a verdict. */
export const EvidenceQuoteSchema = z.object({
  evidenceId: z.string(),
  source: z.string(),
  text: z.string(),
  /** Span of the quote in the evidence record's `text`. */
  span: SpanSchema,
});
export type EvidenceQuote = z.infer<typeof EvidenceQuoteSchema>;

/** A wrong value in a claim and the evidence value that replaces it. */
export const CorrectionSchema = z.object({
  /** Span in the draft of the wrong value (inside the claim's span). */
  span: SpanSchema,
  /** The wrong text as written in the draft. */
  wrong: z.string(),
  /** The replacement, taken from the evidence (formatted in the claim's style where possible). */
  value: z.string(),
  /** Where the value comes from. */
  quote: EvidenceQuoteSchema,
});
export type Correction = z.infer<typeof CorrectionSchema>;

/** What one tier said about one claim. */
export const TierTraceSchema = z.object({
  tier: z.number().int(),
  name: z.string(),
  outcome: z.union([VerdictLabelSchema, z.literal("pass"), z.literal("error")]),
  /** 0..1: the tier's raw score for its decision, on its own scale (before calibration); null when it passed or erred. */
  confidence: z.number().min(0).max(1).nullable(),
  note: z.string(),
  /** Wall time this tier spent on this claim's batch, ms. */
  ms: z.number(),
  /** Index in `report.llm.calls` of the model call that judged this claim (model-backed tiers only). */
  llmCall: z.number().int().min(0).optional(),
});
export type TierTrace = z.infer<typeof TierTraceSchema>;

/** The verdict on one claim. */
export const ClaimVerdictSchema = z.object({
  claimId: z.string(),
  verdict: VerdictLabelSchema,
  /**
   * 0..1: the probability that the verdict is right, calibrated on the dev data from the deciding tier's raw
   * score (kept in its trace entry); see `src/verify/calibration.ts`. The policy's thresholds compare with it.
   */
  confidence: z.number().min(0).max(1),
  /** The tier that decided (`-1` when no tier ran, e.g. not_checkable claims). */
  tier: z.number().int(),
  quotes: z.array(EvidenceQuoteSchema),
  corrections: z.array(CorrectionSchema),
  trace: z.array(TierTraceSchema),
});
export type ClaimVerdict = z.infer<typeof ClaimVerdictSchema>;

export const DecisionSchema = z.enum(["pass", "annotate", "rewrite", "block"]);
export type Decision = z.infer<typeof DecisionSchema>;

export const StrictnessSchema = z.enum(["lenient", "balanced", "strict"]);
export type Strictness = z.infer<typeof StrictnessSchema>;

export const ActionSchema = z.enum(["annotate", "rewrite", "block"]);
export type Action = z.infer<typeof ActionSchema>;

/** Counts of verdicts. */
export const VerdictCountsSchema = z.object({
  supported: z.number().int(),
  contradicted: z.number().int(),
  unsupported: z.number().int(),
  not_checkable: z.number().int(),
});
export type VerdictCounts = z.infer<typeof VerdictCountsSchema>;

/** One model call made while verifying an answer: by the LLM judge (tier 2) or the LLM claim extractor. */
export const LlmCallSchema = z.object({
  purpose: z.enum(["judge", "extract"]),
  /** Model id as the provider reports it (`gpt-4o-mini`). */
  model: z.string(),
  /** Provider id (`openai.chat`); null for a gateway model id string. */
  provider: z.string().nullable(),
  /**
   * `ok`; `cached` (served from the cache: no tokens, no cost); `invalid` (output that failed the schema on
   * every attempt); `timeout`; `error` (provider error after retries); `aborted` (the caller's signal);
   * `dry_run` (prompt built and counted, no model called).
   */
  outcome: z.enum(["ok", "cached", "invalid", "timeout", "error", "aborted", "dry_run"]),
  /** Model calls made: 1 plus re-asks after invalid output; 0 when cached or a dry run. Rate-limit retries inside the AI SDK are not counted. */
  attempts: z.number().int().min(0),
  /** Prompt tokens over all attempts, from the SDK's usage (chars / 4 in a dry run). */
  inputTokens: z.number().int().min(0),
  /** Completion tokens over all attempts. */
  outputTokens: z.number().int().min(0),
  /** US dollars from the user's price table; null when the model has no price there. */
  costUsd: z.number().min(0).nullable(),
  /** Wall time, ms, including rate-limit retries and backoff. */
  ms: z.number().min(0),
  /** Claims the call judged (judge), or the claims it produced (extractor); ids of this report. */
  claimIds: z.array(z.string()),
  /** Why the call failed (outcome `invalid`, `timeout`, `error`, `aborted`). */
  error: z.string().optional(),
});
export type LlmCall = z.infer<typeof LlmCallSchema>;

/** Model use of one answer: every call, and totals. */
export const LlmUsageSchema = z.object({
  calls: z.array(LlmCallSchema),
  /** Sum of `attempts`: model calls billed. */
  modelCalls: z.number().int().min(0),
  /** Calls answered from the cache. */
  cachedCalls: z.number().int().min(0),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  /** USD; null when a billed call's model has no price in the table. */
  costUsd: z.number().min(0).nullable(),
  /** Wall time summed over calls, ms (calls may overlap: this is not the added latency). */
  ms: z.number().min(0),
  /** What the judge or extractor skipped or fell back from (budget exhausted, extractor fallback to rules). */
  notes: z.array(z.string()),
});
export type LlmUsage = z.infer<typeof LlmUsageSchema>;

/** The report of one `verify` call. */
export const ReportSchema = z.object({
  /** `r<n>`, unique within the session. */
  responseId: z.string(),
  sessionId: z.string(),
  draft: z.string(),
  claims: z.array(ClaimSchema),
  verdicts: z.array(ClaimVerdictSchema),
  counts: VerdictCountsSchema,
  /**
   * supported / checkable claims, 0..1, where checkable = supported + contradicted + unsupported.
   * `null` when there is nothing to check (never 1.0, never NaN).
   */
  groundingScore: z.number().min(0).max(1).nullable(),
  decision: DecisionSchema,
  strictness: StrictnessSchema,
  action: ActionSchema,
  /** The text that may ship: the draft, annotated, or rewritten; `null` when blocked. */
  output: z.string().nullable(),
  /** Why the policy decided as it did, one line per reason. */
  reasons: z.array(z.string()),
  /** Evidence sources cited by the rewrite, in marker order (`[1]` = first). */
  sources: z.array(z.object({ marker: z.string(), evidenceId: z.string(), source: z.string() })),
  evidenceCount: z.number().int(),
  /** Wall time of the whole verify call, ms. */
  ms: z.number(),
  createdAt: z.number(),
  /** Model calls, tokens and cost, when an LLM judge or LLM extractor ran for this answer. */
  llm: LlmUsageSchema.optional(),
  /**
   * The session's ledger chain head the verdicts rest on: links (evidence and reports) before this report
   * and the last one's SHA-256 (hex). `hfw audit verify` replays the chain; an auditor compares this head.
   */
  ledgerHead: z.object({ length: z.number().int().min(0), hash: z.string() }).optional(),
  /**
   * The version of hallucination-firewall that made the report (its `package.json` version, semver), so a
   * stored verdict can be traced to the rules that gave it. Absent in reports made before the field existed,
   * and when a bundler left the package's `package.json` out.
   */
  firewallVersion: z.string().optional(),
});
export type Report = z.infer<typeof ReportSchema>;
