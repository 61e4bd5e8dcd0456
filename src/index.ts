/**
 * hallucination-firewall: records what an agent's tools returned, extracts the claims of its draft answer,
 * verifies each claim against that evidence cheapest tier first, and passes, annotates, rewrites or blocks.
 */
export { Firewall, type FirewallOptions, type Logger } from "./firewall.js";
export { Session, scoreOf, type Explanation, type SessionReport, type VerifyOverrides } from "./session.js";
export { FirewallError, HallucinationBlocked, ConfigError, EvidenceError, DraftError } from "./errors.js";
export * from "./schema.js";
export type { RecordInput } from "./ledger/evidence-ledger.js";
export { EvidenceLedger } from "./ledger/evidence-ledger.js";
export { flattenJson } from "./ledger/flatten-json.js";
export { PRESETS, PolicySchema, resolvePolicy, type Policy, type PolicyOverrides } from "./policy/presets.js";
export { createRuleExtractor } from "./claims/index.js";
export type { ClaimExtractor, ExtractedClaim } from "./claims/types.js";
export type { Tier, TierItem, TierOutcome, TierDecision, TierPass, TierContext, TierHints } from "./verify/tier.js";
export { createExactTier } from "./verify/tier-exact.js";
export { createLexicalTier, DEFAULT_LEXICAL_THRESHOLDS, type LexicalThresholds } from "./verify/tier-lexical.js";
/** Human-readable report: a line per claim with ✅ ❌ ⚠️ ➖ marks, quotes, corrections, then the decision. */
export { formatReport } from "./cli/format-report.js";
export { MemoryStore } from "./store/memory-store.js";
export type { Store, SessionSummary } from "./store/store.js";
export { recordModelUsage, type ModelUsage } from "./telemetry/model-usage.js";
export type { TelemetryOptions } from "./telemetry/telemetry.js";
export { CAPTURE_CONTENT_ENV, type CaptureContentOption } from "./telemetry/content-capture.js";
export { TELEMETRY_NAMES } from "./telemetry/names.js";
