/**
 * The `/v1` routes: record evidence (one, or a batch in one transaction), verify, guard and rewrite a draft,
 * and read sessions, reports and evidence. Every request reads what it needs from the store (through the
 * sessions cache, which syncs incrementally), so any instance behind a load balancer answers any request.
 */
import { z } from "zod";
import { HallucinationBlocked } from "../errors.js";
import type { RecordInput } from "../ledger/evidence-record.js";
import { type Report, ReportSchema } from "../schema.js";
import type { Session } from "../session.js";
import { browserOf, type SessionPage } from "../store/session-browser.js";
import { type AppendedEvidence, isAsyncStore } from "../store/store.js";
import {
  AppendedSchema,
  BlockedSchema,
  EvidenceBatchResponseSchema,
  EvidenceInputSchema,
  EvidencePageSchema,
  evidenceBatchSchema,
  GuardResponseSchema,
  PageQuerySchema,
  RewriteRequestSchema,
  RewriteResponseSchema,
  SessionIdSchema,
  SessionReportSchema,
  SessionsPageSchema,
  SessionsQuerySchema,
  VerifyRequestSchema,
} from "./api-schemas.js";
import { HttpError } from "./http-error.js";
import { type ApiContext, defineRoute, type Route } from "./route.js";

const SessionPath = z.strictObject({ id: SessionIdSchema.describe("The session (conversation) id.") });

/** The session, when the store holds any evidence or report of it. @throws HttpError 404 otherwise. */
async function existing(ctx: ApiContext, sessionId: string): Promise<Session> {
  // A session this instance has synced with a non-empty chain exists: no round trip to the store.
  const cached = ctx.sessions.get(sessionId);
  if (cached.ledgerHead.length > 0) return cached;
  const head = await ctx.async.chainHead(sessionId);
  if (head.length === 0) {
    throw new HttpError(
      404,
      "session_not_found",
      `No session '${sessionId}' with evidence or answers: record a tool output first (POST /v1/sessions/${sessionId}/evidence).`,
    );
  }
  return ctx.sessions.get(sessionId);
}

/**
 * Runs `fn` on the session. On a failure the session is dropped from the cache: a store error leaves
 * writes queued in it, which must not reach the store with a later request (the client was told they failed).
 */
async function using<T>(ctx: ApiContext, session: Session, fn: (s: Session) => Promise<T>): Promise<T> {
  try {
    return await fn(session);
  } catch (error) {
    if (!HallucinationBlocked.isInstance(error)) ctx.sessions.drop(session.id);
    throw error;
  }
}

/** Verifies a draft in an existing session with the request's policy. */
async function verifyIn(ctx: ApiContext, sessionId: string, body: z.output<typeof VerifyRequestSchema>, signal: AbortSignal): Promise<Report> {
  const session = await existing(ctx, sessionId);
  return using(ctx, session, (s) => s.verify(body.draft, { ...body.policy, strictness: body.strictness, topK: body.topK, signal }));
}

/** Stores tool outputs in one transaction (the session is created on first use). */
function appendIn(ctx: ApiContext, sessionId: string, bodies: Array<z.output<typeof EvidenceInputSchema>>): Promise<AppendedEvidence[]> {
  const inputs: RecordInput[] = bodies.map((b) => ({ source: b.source, content: b.content, args: b.args, callId: b.callId ?? null, format: b.format }));
  return using(ctx, ctx.sessions.get(sessionId), (s) => s.appendMany(inputs));
}

/**
 * @param maxBatch records one batch request may carry.
 * @returns the routes in the order the OpenAPI document lists them.
 */
export function v1Routes(options: { maxBatch: number }): Route[] {
  const BatchSchema = evidenceBatchSchema(options.maxBatch);
  return [
    defineRoute({
      method: "post",
      path: "/v1/sessions/{id}/evidence",
      operationId: "recordEvidence",
      summary: "Record one tool output as evidence",
      description: "Creates the session on first use. A callId the session already holds adds nothing: 200 with that record and `added: false`.",
      params: SessionPath,
      body: EvidenceInputSchema,
      responses: {
        201: { description: "Stored.", schema: AppendedSchema },
        200: { description: "Already stored under this callId; nothing written.", schema: AppendedSchema },
      },
      errors: [400, 413, 415],
      handle: async (ctx, { params, body }) => {
        const [appended] = await appendIn(ctx, params.id, [body]);
        return { status: appended!.added ? 201 : 200, body: appended };
      },
    }),
    defineRoute({
      method: "post",
      path: "/v1/sessions/{id}/evidence/batch",
      operationId: "recordEvidenceBatch",
      summary: `Record up to ${options.maxBatch} tool outputs in one transaction`,
      description: "All records are stored, or none (any invalid record fails the whole batch with 400 and nothing is written).",
      params: SessionPath,
      body: BatchSchema,
      responses: {
        201: { description: "Stored (at least one record was new).", schema: EvidenceBatchResponseSchema },
        200: { description: "Every record was already stored under its callId; nothing written.", schema: EvidenceBatchResponseSchema },
      },
      errors: [400, 413, 415],
      handle: async (ctx, { params, body }) => {
        const records = await appendIn(ctx, params.id, body.records);
        return { status: records.some((r) => r.added) ? 201 : 200, body: { records } };
      },
    }),
    defineRoute({
      method: "post",
      path: "/v1/sessions/{id}/verify",
      operationId: "verify",
      summary: "Verify a draft answer against the session's evidence",
      description: "The report is stored with the session. 404 when the session has no evidence and no answers.",
      params: SessionPath,
      body: VerifyRequestSchema,
      responses: { 200: { description: "The report: claims, verdicts, decision and the text that may ship.", schema: ReportSchema } },
      errors: [400, 404, 409, 413, 415],
      handle: async (ctx, { params, body, signal }) => ({ status: 200, body: await verifyIn(ctx, params.id, body, signal) }),
    }),
    defineRoute({
      method: "post",
      path: "/v1/sessions/{id}/guard",
      operationId: "guard",
      summary: "Verify a draft and get the text that may ship, or 422 when the policy blocks it",
      description: "A blocked answer is a verdict, not a client error: its report is stored like any other and returned with the 422.",
      params: SessionPath,
      body: VerifyRequestSchema,
      responses: {
        200: { description: "The text that may ship.", schema: GuardResponseSchema },
        422: { description: "Blocked by the policy; the report says which claims failed.", schema: BlockedSchema },
      },
      errors: [400, 404, 409, 413, 415],
      handle: async (ctx, { params, body, signal }) => {
        const report = await verifyIn(ctx, params.id, body, signal);
        if (report.decision === "block" || report.output === null) {
          const blocked = new HallucinationBlocked(report);
          return { status: 422, body: { error: { code: "answer_blocked", message: blocked.message }, report } };
        }
        return { status: 200, body: { output: report.output, responseId: report.responseId } };
      },
    }),
    defineRoute({
      method: "post",
      path: "/v1/sessions/{id}/rewrite",
      operationId: "rewrite",
      summary: "Rewrite a draft to state only what the evidence supports",
      description: "Wrong figures are replaced by evidence values, unsupported claims hedged or removed, citations added. Never blocks.",
      params: SessionPath,
      body: RewriteRequestSchema,
      responses: { 200: { description: "The rewritten text and the report.", schema: RewriteResponseSchema } },
      errors: [400, 404, 409, 413, 415],
      handle: async (ctx, { params, body }) => {
        const session = await existing(ctx, params.id);
        const result = await using(ctx, session, (s) => s.rewriteGrounded(body.draft, { strictness: body.strictness, unsupported: body.unsupported }));
        return { status: 200, body: result };
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/sessions/{id}/report",
      operationId: "sessionReport",
      summary: "A session's totals over all its answers, and a page of its reports",
      params: SessionPath,
      query: PageQuerySchema,
      responses: { 200: { description: "Totals and reports.", schema: SessionReportSchema } },
      errors: [400, 404],
      handle: async (ctx, { params, query }) => {
        const session = await existing(ctx, params.id);
        const report = await using(ctx, session, async (s) => {
          await s.sync();
          return s.report();
        });
        const reports = report.reports.slice(query.offset, query.offset + query.limit);
        return { status: 200, body: { ...report, limit: query.limit, offset: query.offset, reports } };
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/sessions/{id}/evidence",
      operationId: "listEvidence",
      summary: "A page of a session's evidence records, in recording order",
      params: SessionPath,
      query: PageQuerySchema,
      responses: { 200: { description: "The records.", schema: EvidencePageSchema } },
      errors: [400, 404],
      handle: async (ctx, { params, query }) => {
        const session = await existing(ctx, params.id);
        await using(ctx, session, (s) => s.sync());
        const all = session.ledger.records;
        const evidence = all.slice(query.offset, query.offset + query.limit);
        return { status: 200, body: { total: all.length, limit: query.limit, offset: query.offset, evidence } };
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/sessions",
      operationId: "listSessions",
      summary: "A page of sessions, filtered and sorted",
      query: SessionsQuerySchema,
      responses: { 200: { description: "The sessions.", schema: SessionsPageSchema } },
      errors: [400, 501],
      handle: async (ctx, { query }) => ({ status: 200, body: await sessionsPage(ctx, query) }),
    }),
  ];
}

async function sessionsPage(ctx: ApiContext, query: z.output<typeof SessionsQuerySchema>): Promise<SessionPage> {
  const store = ctx.store as unknown as { querySessions?: (q: typeof query) => SessionPage | Promise<SessionPage> };
  if (typeof store.querySessions === "function") return await store.querySessions(query);
  if (!isAsyncStore(ctx.store)) return browserOf(ctx.store).querySessions(query);
  throw new HttpError(501, "not_implemented", "This store cannot list sessions page by page: read single sessions by id, or use a SQLite or PostgreSQL store.");
}
