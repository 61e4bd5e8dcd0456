/**
 * hallucination-firewall for the Vercel AI SDK (`ai` 6, v3 spec; a v4 variant for `ai` 7):
 * `firewallMiddleware` records tool results and gates final answers, streaming included; `withEvidence`
 * records tool results at the tool; `readFirewallMetadata` reads the report from provider metadata.
 */
export { firewallMiddleware, firewallMiddlewareV4, type FirewallMiddlewareHooks } from "./middleware.js";
export { withEvidence, type WithEvidenceOptions } from "./with-evidence.js";
export { readFirewallMetadata, type FirewallMetadata, type ProgressiveMetadata } from "./metadata.js";
export { NAMESPACE } from "./session-key.js";
export { DEFAULT_REFUSAL, type BlockBehaviour, type FailMode, type FirewallMiddlewareOptions, type ReportInfo, type StreamMode } from "./options.js";
export type { CallParamsLike } from "./types.js";
