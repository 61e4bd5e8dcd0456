/**
 * SQL of the sessions list shared by the SQLite and PostgreSQL stores: both keep the same session columns
 * (counters kept with each write, `flagged` and `grounding_rank` computed from them), so a filter or a sort
 * reads the same in both.
 */
import { DEFAULT_PAGE_SIZE, type SessionQuery, type SessionSort, type SessionStatus } from "./session-browser.js";

/** Columns of a sessions row as `overviewOfRow` reads them. */
export const SESSION_COLUMNS =
  "id, created_at, updated_at, evidence_count, evidence_bytes, report_count, supported, contradicted, unsupported, not_checkable, blocked";

/** ORDER BY of each sort; ties by session id in the sort's direction, as `browserOf` sorts. */
export const SORT_SQL: Record<SessionSort, string> = {
  recent: "updated_at DESC, id DESC",
  oldest: "created_at ASC, id ASC",
  score: "grounding_rank ASC, id ASC",
  flagged: "flagged DESC, id DESC",
  answers: "report_count DESC, id DESC",
};

/** WHERE condition of each status filter (none for `all`). */
export const STATUS_SQL: Record<SessionStatus, string> = {
  all: "",
  blocked: "blocked > 0",
  flagged: "flagged > 0",
  clean: "report_count > 0 AND flagged = 0",
};

/** A LIKE pattern matching `search` anywhere, its `\`, `%` and `_` escaped with `\` (use `ESCAPE '\'`). */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A sessions query as SQL: its WHERE clause (empty, or `WHERE ...`) with parameters, ORDER BY, and page. */
export interface SessionQuerySql {
  where: string;
  params: unknown[];
  order: string;
  limit: number;
  offset: number;
}

/**
 * The SQL of a {@link SessionQuery}, for a dialect's parameter marks (`?`, `$1`) and its case-insensitive
 * LIKE (`LIKE` in SQLite, `ILIKE` in PostgreSQL; both fold ASCII letters only here).
 */
export function sessionQuerySql(query: SessionQuery, dialect: { param: (n: number) => string; like: "LIKE" | "ILIKE" }): SessionQuerySql {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const status = STATUS_SQL[query.status ?? "all"];
  if (status) conditions.push(status);
  if (query.search) {
    params.push(containsPattern(query.search));
    conditions.push(`id ${dialect.like} ${dialect.param(params.length)} ESCAPE '\\'`);
  }
  return {
    where: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "",
    params,
    order: SORT_SQL[query.sort ?? "recent"] ?? SORT_SQL.recent,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
}
