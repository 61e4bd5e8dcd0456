/**
 * Read-side queries over a store for people: a filtered, sorted, paginated sessions list, one session's
 * answers and evidence page by page, daily trends and a session export. The SQLite store answers them with
 * indexed SQL; {@link browserOf} answers them for any other {@link Store} by scanning it, `asyncBrowserOf` for
 * any store at all. The export of a session is in `session-export.ts`.
 */
import { scoreOf } from "../policy/grounding-score.js";
import type { EvidenceRecord, Report, VerdictCounts } from "../schema.js";
import type { PageRequest, SessionSummary, Store } from "./store.js";

/** One row of the sessions list. Times are ms since the Unix epoch. */
export interface SessionOverview {
  sessionId: string;
  createdAt: number;
  /** Last evidence recorded or answer verified. */
  updatedAt: number;
  evidenceCount: number;
  /** Evidence text recorded, bytes (UTF-8). */
  evidenceBytes: number;
  /** Answers verified. */
  responses: number;
  /** Claims per verdict over all answers. */
  claims: VerdictCounts;
  /** Contradicted + unsupported claims. */
  flagged: number;
  /** supported / checkable over all answers, 0..1; null when nothing was checkable. */
  groundingScore: number | null;
  /** Answers the policy blocked. */
  blocked: number;
}

/** `all`, or only sessions with a blocked answer, with a flagged claim, or with answers and no flagged claim. */
export type SessionStatus = "all" | "blocked" | "flagged" | "clean";
/**
 * `recent`: last activity, newest first; `oldest`: start time, oldest first; `score`: lowest grounding score
 * first (sessions with nothing checkable last); `flagged`: most flagged claims first; `answers`: most answers
 * first.
 */
export type SessionSort = "recent" | "oldest" | "score" | "flagged" | "answers";

export interface SessionQuery {
  /** Case-insensitive substring of the session id. */
  search?: string;
  status?: SessionStatus;
  sort?: SessionSort;
  /** Rows per page (default 50). */
  limit?: number;
  /** Rows to skip (default 0). */
  offset?: number;
}

export interface SessionPage {
  /** Sessions matching the filter, over all pages. */
  total: number;
  limit: number;
  offset: number;
  sessions: SessionOverview[];
}

/** One answer of a session, without its claims: what a chart or a table of answers needs. */
export interface ReportSummary {
  responseId: string;
  createdAt: number;
  decision: Report["decision"];
  groundingScore: number | null;
  counts: VerdictCounts;
  /** Wall time of the verify call, ms. */
  ms: number;
}

/** Answers of one UTC day over all sessions. */
export interface DayTrend {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  responses: number;
  claims: VerdictCounts;
  flagged: number;
  /** supported / checkable over the day's answers, 0..1; null when nothing was checkable. */
  groundingScore: number | null;
  blocked: number;
}

export type { PageRequest } from "./store.js";

/** What the dashboard reads. */
export interface SessionBrowser {
  querySessions(query: SessionQuery): SessionPage;
  getSession(sessionId: string): SessionOverview | undefined;
  /** Every answer of the session in order, without claims. */
  reportSummaries(sessionId: string): ReportSummary[];
  /** Answers in order (all, or one page). */
  listReports(sessionId: string, page?: PageRequest): Report[];
  /** Evidence in recording order (all, or one page). */
  listEvidence(sessionId: string, page?: PageRequest): EvidenceRecord[];
  getEvidence(sessionId: string, evidenceId: string): EvidenceRecord | undefined;
  /** Answers per UTC day, from the day `days` days before `now` (ms, default now) to `now`'s day. */
  trends(options: { days: number; now?: number }): DayTrend[];
}

/** {@link SessionBrowser} of a store over the network (PostgreSQL): each query resolves later. */
export type AsyncSessionBrowser = {
  [K in keyof SessionBrowser]: SessionBrowser[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

export const DEFAULT_PAGE_SIZE = 50;

const EMPTY_COUNTS = (): VerdictCounts => ({ supported: 0, contradicted: 0, unsupported: 0, not_checkable: 0 });

/** Adds `b` into `a`. */
export function addCounts(a: VerdictCounts, b: VerdictCounts): VerdictCounts {
  a.supported += b.supported;
  a.contradicted += b.contradicted;
  a.unsupported += b.unsupported;
  a.not_checkable += b.not_checkable;
  return a;
}

/** `YYYY-MM-DD` of a time, UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True when `store` answers the browsing queries itself (the SQLite store does, a PostgreSQL one too). */
export function isSessionBrowser(store: object): boolean {
  const s = store as Partial<SessionBrowser>;
  return typeof s.querySessions === "function" && typeof s.reportSummaries === "function" && typeof s.trends === "function";
}

/** One page of a list (all of it without `page`). */
export function pageOf<T>(items: readonly T[], page?: PageRequest): T[] {
  return page ? items.slice(page.offset, page.offset + page.limit) : [...items];
}

/** A session's overview from all it holds: what a store without its own counters scans. */
export function overviewFrom(summary: SessionSummary, reports: readonly Report[], evidence: readonly EvidenceRecord[]): SessionOverview {
  const claims = EMPTY_COUNTS();
  let updatedAt = summary.createdAt;
  let blocked = 0;
  for (const r of reports) {
    addCounts(claims, r.counts);
    updatedAt = Math.max(updatedAt, r.createdAt);
    if (r.decision === "block") blocked++;
  }
  for (const e of evidence) updatedAt = Math.max(updatedAt, e.recordedAt);
  return {
    sessionId: summary.sessionId,
    createdAt: summary.createdAt,
    updatedAt,
    evidenceCount: summary.evidenceCount,
    evidenceBytes: evidence.reduce((n, e) => n + e.bytes, 0),
    responses: reports.length,
    claims,
    flagged: claims.contradicted + claims.unsupported,
    groundingScore: scoreOf(claims),
    blocked,
  };
}

/** Compares overviews in the order a {@link SessionSort} names; ties by session id in the same direction. */
function comparator(sort: SessionSort): (a: SessionOverview, b: SessionOverview) => number {
  const byId = (a: SessionOverview, b: SessionOverview) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0);
  switch (sort) {
    case "oldest":
      return (a, b) => a.createdAt - b.createdAt || byId(a, b);
    case "score":
      return (a, b) => (a.groundingScore ?? 2) - (b.groundingScore ?? 2) || byId(a, b);
    case "flagged":
      return (a, b) => b.flagged - a.flagged || byId(b, a);
    case "answers":
      return (a, b) => b.responses - a.responses || byId(b, a);
    default:
      return (a, b) => b.updatedAt - a.updatedAt || byId(b, a);
  }
}

/** True when a session passes the status filter. */
export function matchesStatus(s: SessionOverview, status: SessionStatus): boolean {
  if (status === "blocked") return s.blocked > 0;
  if (status === "flagged") return s.flagged > 0;
  if (status === "clean") return s.responses > 0 && s.flagged === 0;
  return true;
}

/** The page a {@link SessionQuery} asks for, out of every session's overview. */
export function querySessionList(all: readonly SessionOverview[], query: SessionQuery): SessionPage {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const needle = query.search?.toLowerCase() ?? "";
  const rows = all
    .filter((s) => s.sessionId.toLowerCase().includes(needle) && matchesStatus(s, query.status ?? "all"))
    .sort(comparator(query.sort ?? "recent"));
  return { total: rows.length, limit, offset, sessions: rows.slice(offset, offset + limit) };
}

/** An answer without its claims. */
export function summaryOfReport(r: Report): ReportSummary {
  return { responseId: r.responseId, createdAt: r.createdAt, decision: r.decision, groundingScore: r.groundingScore, counts: r.counts, ms: r.ms };
}

/** Answers per UTC day from the day `days` days before `now` (ms) to `now`'s day, out of every session's reports. */
export function trendsOf(reports: Iterable<Report>, days: number, now: number): DayTrend[] {
  const first = utcDay(now - days * 86_400_000);
  const last = utcDay(now);
  const byDay = new Map<string, DayTrend>();
  for (const r of reports) {
    const day = utcDay(r.createdAt);
    if (day < first || day > last) continue;
    let t = byDay.get(day);
    if (!t) byDay.set(day, (t = { day, responses: 0, claims: EMPTY_COUNTS(), flagged: 0, groundingScore: null, blocked: 0 }));
    t.responses++;
    addCounts(t.claims, r.counts);
    if (r.decision === "block") t.blocked++;
  }
  return [...byDay.values()]
    .map((t) => ({ ...t, flagged: t.claims.contradicted + t.claims.unsupported, groundingScore: scoreOf(t.claims) }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * The store itself when it answers the browsing queries (the SQLite store does), or a browser that scans
 * any other {@link Store} (the in-memory one): fine for one process's sessions, linear in their size. For
 * an asynchronous store, see `asyncBrowserOf`.
 */
export function browserOf(store: Store): SessionBrowser {
  if (isSessionBrowser(store)) return store as Store & SessionBrowser;
  const overview = (s: SessionSummary) => overviewFrom(s, store.listReports(s.sessionId), store.listEvidence(s.sessionId));
  return {
    querySessions: (query) => querySessionList(store.listSessions().map(overview), query),
    getSession(sessionId) {
      const s = store.listSessions().find((x) => x.sessionId === sessionId);
      return s && overview(s);
    },
    reportSummaries: (sessionId) => store.listReports(sessionId).map(summaryOfReport),
    listReports: (sessionId, page) => pageOf(store.listReports(sessionId), page),
    listEvidence: (sessionId, page) => pageOf(store.listEvidence(sessionId), page),
    getEvidence: (sessionId, evidenceId) => store.listEvidence(sessionId).find((e) => e.id === evidenceId),
    trends: ({ days, now = Date.now() }) =>
      trendsOf(
        store.listSessions().flatMap((s) => store.listReports(s.sessionId)),
        days,
        now,
      ),
  };
}
