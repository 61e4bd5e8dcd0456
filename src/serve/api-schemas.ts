/**
 * The HTTP API's bodies, as zod schemas: the routes validate with them and `/v1/openapi.json` is generated
 * from them, so the document and the server cannot disagree. Request objects are strict: an unknown field
 * is a 400 that names it.
 */
import { z } from "zod";
import { PolicySchema } from "../policy/presets.js";
import { DecisionSchema, EvidenceRecordSchema, LlmUsageSchema, ReportSchema, StrictnessSchema, VerdictCountsSchema } from "../schema.js";
import type { SessionReport } from "../session.js";
import type { SessionOverview } from "../store/session-browser.js";

/** A session id in a path: 1 to 200 letters, digits and `. _ : @ -`, starting with a letter or digit. */
export const SessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/, "a session id is 1 to 200 letters, digits and . _ : @ -, starting with a letter or digit");

/** Largest page a list route gives. */
export const MAX_PAGE_SIZE = 500;

/** `?limit=&offset=` of the list routes: rows per page (1..500, default 50) and rows to skip (default 0). */
export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50).describe("Rows per page (1..500)."),
  offset: z.coerce.number().int().min(0).default(0).describe("Rows to skip."),
});

/** `GET /v1/sessions`: a page of sessions, filtered and sorted as the dashboard's list is. */
export const SessionsQuerySchema = PageQuerySchema.extend({
  search: z.string().max(200).optional().describe("Case-insensitive substring of the session id."),
  status: z.enum(["all", "blocked", "flagged", "clean"]).default("all").describe("Only sessions with a blocked answer, a flagged claim, or none."),
  sort: z.enum(["recent", "oldest", "score", "flagged", "answers"]).default("recent").describe("Order of the rows."),
});

/** One tool output to record: what `Session.record` takes. */
export const EvidenceInputSchema = z
  .strictObject({
    source: z.string().min(1).max(200).regex(/\S/, "a source name is not blank").describe("Tool or source name, e.g. `npm_view`."),
    content: z.unknown().describe("The tool output: a string, or any JSON value (flattened to `key.path: value` lines)."),
    args: z.unknown().optional().describe("The tool's arguments, kept for display."),
    callId: z.string().min(1).max(200).optional().describe("Tool call id: a second record with the same id adds nothing and returns the first."),
    format: z.enum(["text", "json"]).optional().describe("Read a string as text or as JSON (default: JSON when it holds an object or array)."),
  })
  .meta({ examples: [{ source: "get_invoice", callId: "call_1", content: { invoice: "INV-7", total: 980, currency: "EUR" } }] });

/** Several tool outputs stored in one transaction: all of them, or none. */
export function evidenceBatchSchema(maxRecords: number) {
  return z
    .strictObject({
      records: z
        .array(EvidenceInputSchema)
        .min(1)
        .max(maxRecords, `at most ${maxRecords} records per batch: split it into several requests`)
        .describe(`1 to ${maxRecords} tool outputs, stored in order.`),
    })
    .meta({ examples: [{ records: [{ source: "get_invoice", content: { invoice: "INV-7", total: 980 } }] }] });
}

/** Policy fields a request may override (see `PolicySchema`); `strictness` is a field of its own. */
export const PolicyOverridesSchema = PolicySchema.omit({ strictness: true }).partial().strict();

/** `POST .../verify` and `.../guard`. */
export const VerifyRequestSchema = z
  .strictObject({
    draft: z.string().describe("The draft answer to check."),
    strictness: StrictnessSchema.optional().describe("Policy preset for this call (default: the server's)."),
    policy: PolicyOverridesSchema.optional().describe("Policy fields that override the preset for this call."),
    topK: z.number().int().min(1).max(50).optional().describe("Passages retrieved per claim (default 5)."),
  })
  .meta({ examples: [{ draft: "Invoice INV-7 totals EUR 890.", strictness: "balanced" }] });

/** `POST .../rewrite`. */
export const RewriteRequestSchema = z
  .strictObject({
    draft: z.string().describe("The draft answer to rewrite."),
    strictness: StrictnessSchema.optional().describe("Policy preset for this call (default: the server's)."),
    unsupported: z.enum(["hedge", "remove"]).optional().describe("Hedge unsupported claims (default) or remove them."),
  })
  .meta({ examples: [{ draft: "Invoice INV-7 totals EUR 890.", unsupported: "hedge" }] });

/** One record as stored, and whether this request stored it. */
export const AppendedSchema = z.object({
  added: z.boolean().describe("False when the session already held a record with this callId: that one is returned."),
  record: EvidenceRecordSchema,
});

export const EvidenceBatchResponseSchema = z.object({ records: z.array(AppendedSchema) });

export const GuardResponseSchema = z.object({
  output: z.string().describe("The text that may ship: the draft, annotated or rewritten."),
  responseId: z.string().describe("The stored report's id, e.g. `r3`."),
});

export const RewriteResponseSchema = z.object({ text: z.string(), report: ReportSchema });

/** Totals of a session over all its answers (see `SessionReport`), with one page of its reports. */
export const SessionReportSchema = z.object({
  sessionId: z.string(),
  responses: z.number().int().describe("Answers verified, over all pages."),
  evidenceCount: z.number().int(),
  evidenceBytes: z.number().int(),
  claims: VerdictCountsSchema,
  groundingScore: z.number().min(0).max(1).nullable().describe("supported / checkable over all answers; null when nothing was checkable."),
  decisions: z.record(DecisionSchema, z.number().int()),
  llm: LlmUsageSchema.omit({ calls: true, notes: true }).optional(),
  limit: z.number().int(),
  offset: z.number().int(),
  reports: z.array(ReportSchema).describe("This page of the session's reports, oldest first."),
});

/** One row of the sessions list (see `SessionOverview`). */
export const SessionOverviewSchema = z.object({
  sessionId: z.string(),
  createdAt: z.number().describe("ms since the Unix epoch."),
  updatedAt: z.number().describe("Last evidence or answer, ms since the Unix epoch."),
  evidenceCount: z.number().int(),
  evidenceBytes: z.number().int(),
  responses: z.number().int(),
  claims: VerdictCountsSchema,
  flagged: z.number().int(),
  groundingScore: z.number().min(0).max(1).nullable(),
  blocked: z.number().int(),
});

export const SessionsPageSchema = z.object({
  total: z.number().int().describe("Sessions matching the filter, over all pages."),
  limit: z.number().int(),
  offset: z.number().int(),
  sessions: z.array(SessionOverviewSchema),
});

export const EvidencePageSchema = z.object({
  total: z.number().int().describe("Records in the session, over all pages."),
  limit: z.number().int(),
  offset: z.number().int(),
  evidence: z.array(EvidenceRecordSchema),
});

export const HealthSchema = z.object({ status: z.enum(["ok", "ready"]) });

/** The one shape of every error response. */
export const ErrorSchema = z.object({
  error: z.object({
    code: z.string().describe("Stable, machine-readable: `invalid_body`, `unauthorized`, `session_not_found`, `rate_limited`, ..."),
    message: z.string().describe("What went wrong and what to do."),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Each invalid field (400 only)."),
  }),
});

/** `422` from `POST .../guard`: the error, and the report that says which claims failed. */
export const BlockedSchema = ErrorSchema.extend({ report: ReportSchema });

// The response schemas restate interfaces of the core; these lines stop the two from drifting apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agreesWithSessionReport: Same<Omit<z.infer<typeof SessionReportSchema>, "limit" | "offset">, SessionReport> = true;
const agreesWithOverview: Same<z.infer<typeof SessionOverviewSchema>, SessionOverview> = true;
void agreesWithSessionReport;
void agreesWithOverview;
