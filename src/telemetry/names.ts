/**
 * Names of the firewall's spans, attributes, events and metrics.
 *
 * Where an OpenTelemetry GenAI semantic convention fits, its name is used (semantic-conventions-genai,
 * `docs/registry/attributes/gen-ai.md` and `docs/gen-ai/gen-ai-events.md`; all in Development status);
 * everything else carries the `hfw.` prefix.
 */

/** Instrumentation scope of the tracer and the meter. */
export const SCOPE = "hallucination-firewall";

export const SPAN = {
  verify: "hfw.verify",
  extract: "hfw.extract",
  retrieve: "hfw.retrieve",
  /** `hfw.tier.0`, `hfw.tier.1`, `hfw.tier.2`. */
  tier: (n: number) => `hfw.tier.${n}`,
  policy: "hfw.policy",
  rewrite: "hfw.rewrite",
} as const;

/** GenAI semantic-convention attributes. */
export const GENAI = {
  conversationId: "gen_ai.conversation.id",
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  responseId: "gen_ai.response.id",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  tokenType: "gen_ai.token.type",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  evaluationName: "gen_ai.evaluation.name",
  evaluationLabel: "gen_ai.evaluation.score.label",
  evaluationValue: "gen_ai.evaluation.score.value",
  evaluationExplanation: "gen_ai.evaluation.explanation",
  errorType: "error.type",
} as const;

/** The firewall's own attributes. */
export const HFW = {
  responseId: "hfw.response.id",
  contentCaptured: "hfw.content_captured",
  draftChars: "hfw.draft.chars",
  /** Content (opt-in): the draft answer. */
  draft: "hfw.draft",
  /** Content (opt-in): the text that may ship. */
  output: "hfw.output",
  extractor: "hfw.extractor",
  claimsCount: "hfw.claims.count",
  claimsCheckable: "hfw.claims.checkable",
  /** `hfw.claims.<verdict>`: claims decided with that verdict. */
  claimsVerdict: (verdict: string) => `hfw.claims.${verdict}`,
  /** `hfw.claims.kind.<kind>`: claims the extractor gave that kind. */
  claimsKind: (kind: string) => `hfw.claims.kind.${kind}`,
  claimsIn: "hfw.claims.in",
  claimsPassed: "hfw.claims.passed",
  groundingScore: "hfw.grounding_score",
  decision: "hfw.decision",
  strictness: "hfw.policy.strictness",
  action: "hfw.policy.action",
  flagContradicted: "hfw.policy.flag_contradicted",
  flagUnsupported: "hfw.policy.flag_unsupported",
  blockBelowScore: "hfw.policy.block_below_score",
  reasonsCount: "hfw.policy.reasons.count",
  /** Content (opt-in): the policy's reasons, which quote claims. */
  reasons: "hfw.policy.reasons",
  sourcesCount: "hfw.rewrite.sources.count",
  tiers: "hfw.tiers",
  tier: "hfw.tier",
  tierName: "hfw.tier.name",
  /** `hfw.tier.threshold.<name>`: a tier's decision threshold. */
  tierThreshold: (name: string) => `hfw.tier.threshold.${name}`,
  topK: "hfw.retrieval.top_k",
  passages: "hfw.retrieval.passages",
  evidenceCount: "hfw.evidence.count",
  evidenceId: "hfw.evidence.id",
  evidenceBytes: "hfw.evidence.bytes",
  evidenceFormat: "hfw.evidence.format",
  verdict: "hfw.verdict",
  claimId: "hfw.claim.id",
  claimSpan: "hfw.claim.span",
  claimCorrections: "hfw.claim.corrections.count",
  claimEvidenceIds: "hfw.claim.evidence_ids",
  /** Content (opt-in): the claim as read. */
  claimText: "hfw.claim.text",
  /** Content (opt-in): evidence quotes that decided the claim. */
  claimQuotes: "hfw.claim.quotes",
  /** Content (opt-in): `wrong -> value` per correction. */
  claimCorrectionText: "hfw.claim.corrections",
  /** Cost of model calls (the judge's, the LLM extractor's), US dollars; absent when a model has no price. */
  costUsd: "hfw.usage.cost_usd",
  /** Model calls billed (re-asks included). */
  llmCalls: "hfw.llm.calls",
  /** What a model call was for: `judge` or `extract`. */
  llmPurpose: "hfw.llm.purpose",
  /** Links of the session's hash chain the report's verdicts rest on (the report's `ledgerHead.length`). */
  ledgerLength: "hfw.ledger.length",
  /** SHA-256 hex of that chain's last link (the report's `ledgerHead.hash`): an anchor kept outside the store. */
  ledgerHead: "hfw.ledger.head",
  claimsReviewed: "hfw.claims.reviewed",
  claimsFailed: "hfw.claims.failed",
} as const;

export const EVENT = {
  /** One per claim verdict (GenAI convention). */
  evaluation: "gen_ai.evaluation.result",
  /** A tool output recorded as evidence, on the span active at the time. */
  evidence: "hfw.evidence.recorded",
} as const;

/** `gen_ai.evaluation.name` of the firewall's verdicts; labels are the four verdicts. */
export const EVALUATION_NAME = "hfw.groundedness";

export const METRIC = {
  claims: "hfw.claims",
  responses: "hfw.responses",
  verifyDuration: "hfw.verify.duration",
  tierDuration: "hfw.tier.duration",
  evidenceRecords: "hfw.evidence.records",
  evidenceSize: "hfw.evidence.size",
  tokenUsage: "gen_ai.client.token.usage",
  cost: "hfw.usage.cost",
} as const;

/** Every name above, for code that reads the firewall's telemetry (dashboards, tests, span processors). */
export const TELEMETRY_NAMES = {
  scope: SCOPE,
  span: SPAN,
  event: EVENT,
  evaluationName: EVALUATION_NAME,
  metric: METRIC,
  genai: GENAI,
  hfw: HFW,
} as const;
