/**
 * hallucination-firewall: records what an agent's tools returned, extracts the claims of its draft answer,
 * verifies each claim against that evidence cheapest tier first, and passes, annotates, rewrites or blocks.
 */
export { Firewall, type FirewallOptions, type Logger } from "./firewall.js";
export { Session, type AuditMode, type Explanation, type SessionReport, type VerifyOverrides } from "./session.js";
export { ProgressiveVerification, type ProgressiveHandlers, type ProgressiveResult, type ReleaseInfo } from "./stream/progressive-verification.js";
export { scoreOf } from "./policy/grounding-score.js";
export {
  FirewallError,
  HallucinationBlocked,
  ConfigError,
  EvidenceError,
  DraftError,
  StoreError,
  StoreUnavailable,
  ResponseIdTaken,
  LedgerTampered,
} from "./errors.js";
export * from "./schema.js";
export { firewallVersion } from "./version.js";
export type { RecordInput } from "./ledger/evidence-ledger.js";
export { EvidenceLedger } from "./ledger/evidence-ledger.js";
export { flattenJson } from "./ledger/flatten-json.js";
export { PRESETS, PolicySchema, resolvePolicy, type Policy, type PolicyOverrides } from "./policy/presets.js";
export { createRuleExtractor } from "./claims/index.js";
export type { ClaimExtractor, ExtractedClaim } from "./claims/types.js";
export type { Tier, TierItem, TierOutcome, TierDecision, TierPass, TierContext, TierHints } from "./verify/tier.js";
export { createExactTier } from "./verify/tier-exact.js";
export { createLexicalTier, DEFAULT_LEXICAL_THRESHOLDS, type LexicalThresholds } from "./verify/tier-lexical.js";
/** Calibrated confidence: the fitted table and the map from a tier's raw score to P(verdict right). */
export {
  calibrate,
  fitCalibrationTable,
  fitIsotonic,
  DEFAULT_FIT_OPTIONS,
  type CalibrationTable,
  type CalibrationGroup,
  type CalibrationStep,
  type CalibrationPoint,
  type FitOptions,
} from "./verify/calibration.js";
export { CALIBRATION_TABLE } from "./verify/calibration-table.js";
/** Human-readable report: a line per claim with ✅ ❌ ⚠️ ➖ marks, quotes, corrections, then the decision. */
export { formatReport } from "./cli/format-report.js";
export { MemoryStore } from "./store/memory-store.js";
export {
  asAsyncStore,
  isAsyncStore,
  type Store,
  type AsyncStore,
  type AnyStore,
  type SessionSummary,
  type SessionDelta,
  type AppendedEvidence,
  type NewEvidence,
} from "./store/store.js";
export {
  auditChain,
  replayChain,
  compareHead,
  canonicalJson,
  linkHash,
  GENESIS,
  EMPTY_HEAD,
  type ChainHead,
  type ChainRow,
  type ChainAudit,
  type ChainBreak,
  type ChainBreakCause,
  type ChainReplay,
} from "./store/ledger-chain.js";
export { auditSession, AUDIT_PAGE_SIZE, type AuditSessionOptions } from "./store/audit-session.js";
export { renumberReport } from "./store/renumber-report.js";
export { SqliteStore, DEFAULT_DB_PATH, type SqliteStoreOptions } from "./store/sqlite-store.js";
export { PostgresStore, type PostgresStoreOptions } from "./store/postgres-store.js";
export type { PostgresPoolOptions } from "./store/postgres-connection.js";
export type { MigrationResult } from "./store/postgres-schema.js";
export { storeFromEnv, storePathFromEnv } from "./store/store-from-env.js";
export { openStore, isPostgresUrl, type OpenStoreOptions } from "./store/open-store.js";
export { redactText, redactJson, redactEvidence, redactReport, redactFromEnv, type PersonalDataKind } from "./store/redact.js";
export {
  browserOf,
  DEFAULT_PAGE_SIZE,
  type SessionBrowser,
  type AsyncSessionBrowser,
  type SessionOverview,
  type SessionQuery,
  type SessionPage,
  type SessionStatus,
  type SessionSort,
  type ReportSummary,
  type DayTrend,
  type PageRequest,
} from "./store/session-browser.js";
export { asyncBrowserOf } from "./store/async-browser.js";
export { exportSession, exportSessionAsync, type SessionExport, type ExportedLink } from "./store/session-export.js";
export { auditExport, parseExport } from "./store/export-audit.js";
export type { PriorVerdict } from "./verify/tier.js";
export type { ExtractContext } from "./claims/types.js";
/** Tier 2: the LLM judge, and the LLM claim extractor (both load `ai` only when they run). */
export { createJudgeTier, type JudgeOptions, type JudgeTier } from "./judge/tier-judge.js";
export type { JudgeBudget } from "./judge/judge-budget.js";
export { createLlmExtractor, type LlmExtractorOptions } from "./claims/llm-extractor.js";
export { createFileLlmCache, createMemoryLlmCache, llmCacheKey, type LlmCache } from "./llm/llm-cache.js";
export { modelFromEnv, readLlmEnv, LLM_PROVIDERS, type LlmEnvConfig } from "./llm/model-from-env.js";
export type { LlmModel } from "./llm/model.js";
export { costOf, LlmMeter, type ModelPrice, type PriceTable } from "./llm/usage.js";
/** Tier 1 with a local NLI model (optional peer `@huggingface/transformers`), and dense retrieval. */
export { createNliTier, createModelBackend, type NliTier, type NliTierOptions } from "./nli/tier-nli.js";
export { DEFAULT_NLI_MODEL, DEFAULT_EMBED_MODEL, resolveNliOptions, type NliOptions, type ResolvedNliOptions, type LabelRole } from "./nli/options.js";
export { labelMap, roleOfLabel, type LabelMap } from "./nli/labels.js";
export { windowSpans } from "./nli/windows.js";
export type { ModelBackend, NliModelInfo } from "./nli/backend.js";
export { DenseIndex, type Embedder } from "./ledger/dense-index.js";
export { reciprocalRankFusion } from "./ledger/rrf.js";
/** OpenTelemetry: names of the firewall's spans, events and metrics, and the content-capture switch. */
export type { TelemetryOptions } from "./telemetry/telemetry.js";
export { CAPTURE_CONTENT_ENV, type CaptureContentOption } from "./telemetry/content-capture.js";
export { TELEMETRY_NAMES } from "./telemetry/names.js";
