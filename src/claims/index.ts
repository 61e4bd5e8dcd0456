/**
 * Claim extraction: splits a draft answer into atomic claims, each with its exact span in the draft.
 */
export type { ClaimExtractor, ExtractedClaim } from "./types.js";
export { createRuleExtractor, extractClaimsSync, type RuleExtractorOptions } from "./rule-extractor.js";
export { classifyClaim, isAnchored, KIND_RULES, type KindContext, type KindRule } from "./claim-kind.js";
