/**
 * `hallucination-firewall/serve`: the stateless HTTP verifier (`hfw serve`), a versioned JSON API under
 * `/v1` that agents in any language call. Needs the optional dependencies express 5 and
 * express-rate-limit 8 (and, for a shared store, pg or the optional peer better-sqlite3).
 */
export { createVerifierApp, type VerifierApp, type VerifierAppOptions } from "./app.js";
export { startVerifier, DEFAULT_SERVE_PORT, type StartVerifierOptions, type RunningVerifier } from "./server.js";
export { openApiDocument } from "./openapi.js";
export { parseTokens, tokensFor } from "./bearer-tokens.js";
export type { Route, RouteResult, ResponseSpec, ApiContext } from "./route.js";
export {
  SessionIdSchema,
  EvidenceInputSchema,
  evidenceBatchSchema,
  VerifyRequestSchema,
  RewriteRequestSchema,
  PolicyOverridesSchema,
  PageQuerySchema,
  SessionsQuerySchema,
  AppendedSchema,
  EvidenceBatchResponseSchema,
  GuardResponseSchema,
  RewriteResponseSchema,
  SessionReportSchema,
  SessionOverviewSchema,
  SessionsPageSchema,
  EvidencePageSchema,
  HealthSchema,
  ErrorSchema,
  BlockedSchema,
} from "./api-schemas.js";
