/**
 * A store in PostgreSQL (node-postgres 8, loaded on first use) for fleets of workers: any number of
 * processes on any number of machines record into and verify in the same sessions, and a dashboard reads
 * them. Each write is one transaction that locks its session's row (`SELECT ... FOR UPDATE`), so writers
 * of one session take turns and get distinct ids while sessions never wait for each other; each row joins
 * the session's hash chain in the transaction that writes it.
 */
import { ConfigError, ResponseIdTaken, StoreError } from "../errors.js";
import type { EvidenceRecord, Report } from "../schema.js";
import { EMPTY_HEAD, extend, type ChainHead, type ChainRow } from "./ledger-chain.js";
import { type PgClient, type PostgresPoolOptions, PostgresConnection } from "./postgres-connection.js";
import { EVIDENCE_COLUMNS, evidenceRowFromJson, evidenceRowOf, evidenceValues, reportValues, storedReport, SUMMARY_COLUMNS } from "./postgres-rows.js";
import { POSTGRES_SCHEMA_VERSION, type MigrationResult } from "./postgres-schema.js";
import { redactEvidence, redactFromEnv, redactReport } from "./redact.js";
import {
  type AsyncSessionBrowser,
  type DayTrend,
  type ReportSummary,
  type SessionOverview,
  type SessionPage,
  type SessionQuery,
  utcDay,
} from "./session-browser.js";
import { SESSION_COLUMNS, sessionQuerySql } from "./session-sql.js";
import { type DailyRow, dayTrendOf, evidenceOf, type EvidenceRow, overviewOfRow, type ReportSummaryRow, type SessionRow, summaryOf } from "./sqlite-rows.js";
import type { AppendedEvidence, AsyncStore, NewEvidence, PageRequest, SessionDelta, SessionSummary } from "./store.js";

export interface PostgresStoreOptions extends PostgresPoolOptions {
  /**
   * Mask e-mail addresses, phone numbers, card numbers and national ids in everything written (default:
   * `HFW_REDACT`). Verification still runs on the original text; see `redactText`.
   */
  redact?: boolean;
}

const INSERT_SESSION = "INSERT INTO sessions (id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (id) DO NOTHING";
const LOCK_SESSION = "SELECT evidence_count, report_count, chain_length, chain_head FROM sessions WHERE id = $1 FOR UPDATE";
const INSERT_EVIDENCE = `INSERT INTO evidence (session_id, ord, ${EVIDENCE_COLUMNS}, chain_seq, chain_hash) VALUES (${Array.from({ length: 15 }, (_, i) => `$${i + 1}`).join(", ")})`;
const APPEND_EVIDENCE = `${INSERT_EVIDENCE} ON CONFLICT (session_id, call_id) WHERE call_id IS NOT NULL DO NOTHING RETURNING ord`;
const EVIDENCE_BY_CALL = `SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = $1 AND call_id = $2`;
const TOUCH_EVIDENCE =
  "UPDATE sessions SET evidence_count = $2, evidence_bytes = evidence_bytes + $3, updated_at = greatest(updated_at, $4), chain_length = $5, chain_head = $6 WHERE id = $1";
const INSERT_REPORT = `INSERT INTO reports (session_id, ord, response_id, created_at, decision, grounding_score, supported, contradicted, unsupported, not_checkable, ms, body, chain_seq, chain_hash)
  VALUES (${Array.from({ length: 14 }, (_, i) => `$${i + 1}`).join(", ")}) ON CONFLICT (session_id, response_id) DO NOTHING RETURNING ord`;
const TOUCH_REPORT = `UPDATE sessions SET report_count = report_count + 1, supported = supported + $2, contradicted = contradicted + $3, unsupported = unsupported + $4,
  not_checkable = not_checkable + $5, blocked = blocked + $6, updated_at = greatest(updated_at, $7), chain_length = $8, chain_head = $9 WHERE id = $1`;
const ADD_DAILY = `INSERT INTO daily (day, session_id, responses, supported, contradicted, unsupported, not_checkable, blocked) VALUES ($1, $2, 1, $3, $4, $5, $6, $7)
  ON CONFLICT (day, session_id) DO UPDATE SET responses = daily.responses + 1, supported = daily.supported + excluded.supported,
  contradicted = daily.contradicted + excluded.contradicted, unsupported = daily.unsupported + excluded.unsupported,
  not_checkable = daily.not_checkable + excluded.not_checkable, blocked = daily.blocked + excluded.blocked`;
const COUNTS = "SELECT evidence_count, report_count, chain_length, chain_head FROM sessions WHERE id = $1";
const SNAPSHOT = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
/** A session's counters with its evidence after $2 (as JSON arrays of the evidence columns) and report bodies after $3. */
const DELTA = `SELECT s.evidence_count, s.report_count, s.chain_length, s.chain_head,
  CASE WHEN s.evidence_count > $2::bigint THEN (SELECT json_agg(json_build_array(${EVIDENCE_COLUMNS.replace(/(\w+)/g, "e.$1")}) ORDER BY e.ord)
    FROM evidence e WHERE e.session_id = $1 AND e.ord > $2::bigint) END AS evidence,
  CASE WHEN s.report_count > $3::bigint THEN (SELECT json_agg(r.body ORDER BY r.ord) FROM reports r WHERE r.session_id = $1 AND r.ord > $3::bigint) END AS reports
  FROM sessions s WHERE s.id = $1`;

interface CountsRow {
  evidence_count: number;
  report_count: number;
  chain_length: number;
  chain_head: string;
}

interface DeltaRow extends CountsRow {
  evidence: unknown[][] | null;
  reports: string[] | null;
}

const headOf = (row: CountsRow): ChainHead => ({ length: row.chain_length, hash: row.chain_head });

/** LIMIT and OFFSET of a page; a negative limit, or no page, means all rows. */
function pageParams(page?: PageRequest): [number | null, number] {
  return page ? [page.limit < 0 ? null : page.limit, page.offset] : [null, 0];
}

/**
 * The PostgreSQL store: `new PostgresStore("postgres://...")` or `new PostgresStore({ url, redact, max,
 * connectionTimeoutMs, statementTimeoutMs })`, or `HFW_DB=postgres://...` for every `Firewall`. The
 * constructor only makes the connection pool; the first call connects and brings the schema up to date
 * (once per database, whatever the number of workers starting at once). Every method returns a promise.
 *
 * Errors: every failure rejects with {@link StoreError} saying what failed and what to do;
 * `StoreUnavailable` (a StoreError) when the database cannot be reached. The pool reconnects by itself
 * once the server is back, and a failed first connection is tried again on the next call.
 *
 * @throws ConfigError (from the constructor) when pg is not installed or `url` is not a URL.
 */
export class PostgresStore implements AsyncStore, AsyncSessionBrowser {
  readonly async = true as const;
  /** The database, as messages name it (the URL without its password). */
  readonly location: string;
  /** Whether personal data is masked in what is written. */
  readonly redact: boolean;
  private readonly db: PostgresConnection;

  constructor(options: PostgresStoreOptions | string) {
    const o = typeof options === "string" ? { url: options } : options;
    this.db = new PostgresConnection(o);
    this.location = this.db.location;
    this.redact = o.redact ?? redactFromEnv();
  }

  /**
   * Connects and brings the schema up to date now rather than on the first call (a worker's start-up
   * check). Calls made at once share one attempt; a failed attempt is made again on the next call.
   * @returns the schema versions before and after (`from === to` when another worker migrated first).
   * @throws StoreUnavailable when the database cannot be reached; StoreError when it refuses the user, or
   *   was written by a newer version.
   */
  connect(): Promise<MigrationResult> {
    return this.db.connect();
  }

  /** Resolves when the database answers a query (and its schema is current). @throws StoreUnavailable, StoreError */
  async ping(): Promise<void> {
    await this.db.query("Pinging the database", false, "SELECT 1");
  }

  /**
   * Creates the session when it is new and locks its row until the transaction ends: the one place where
   * writers of a session wait for each other. A session deleted meanwhile is created again.
   */
  private async lockSession(client: PgClient, sessionId: string, now: number): Promise<CountsRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      await client.query(INSERT_SESSION, [sessionId, now]);
      const row = (await client.query<CountsRow>(LOCK_SESSION, [sessionId])).rows[0];
      if (row) return row;
    }
    throw new StoreError(`Session '${sessionId}' was deleted three times while being written to: stop deleting it (hfw prune?) and write again.`);
  }

  async ensureSession(sessionId: string): Promise<void> {
    await this.db.query(`Creating session '${sessionId}'`, true, INSERT_SESSION, [sessionId, Date.now()]);
  }

  /**
   * Writes records under the ids they have (an import, a copy), chained, in one transaction.
   * @throws StoreError when the session already holds one of the ids, or a record with the same `callId`
   *   (kept once per session here, unlike the SQLite store): nothing is written.
   */
  async putEvidence(sessionId: string, record: EvidenceRecord): Promise<void> {
    await this.db.transaction(`Writing evidence ${record.id} of session '${sessionId}'`, true, (client) =>
      this.writeEvidence(client, sessionId, [record], true),
    );
  }

  /**
   * Appends records as the session's next ones (`e<n+1>` after its n records) in one transaction, each
   * unless the session holds a record with its `callId` (that record is returned, `added: false`). Any
   * number of processes may append to one session at once: each transaction waits for the session's row.
   * @returns per record, the record as stored (redacted when the store redacts) and whether it was added.
   */
  async appendEvidence(sessionId: string, records: readonly NewEvidence[]): Promise<AppendedEvidence[]> {
    if (records.length === 0) return [];
    return this.db.transaction(`Appending ${records.length} evidence record(s) to session '${sessionId}'`, true, (client) =>
      this.writeEvidence(client, sessionId, records, false),
    );
  }

  private async writeEvidence(client: PgClient, sessionId: string, records: readonly NewEvidence[], keepIds: boolean): Promise<AppendedEvidence[]> {
    const locked = await this.lockSession(client, sessionId, Math.round(records[0]!.recordedAt));
    let count = locked.evidence_count;
    let head = headOf(locked);
    let bytes = 0;
    let updatedAt = 0;
    const out: AppendedEvidence[] = [];
    for (const given of records) {
      const ord = count + 1;
      const record = keepIds ? (given as EvidenceRecord) : ({ ...given, id: `e${ord}` } as EvidenceRecord);
      const row = evidenceRowOf(this.redact ? redactEvidence(record) : record);
      const stored = evidenceOf(row);
      const link = extend(head, "evidence", stored);
      const params = [sessionId, ord, ...evidenceValues(row), link.length, link.hash];
      // A callId already stored (by this batch or another process) inserts nothing: that record is the answer.
      const added = keepIds ? (await client.query(INSERT_EVIDENCE, params), true) : (await client.query(APPEND_EVIDENCE, params)).rows.length === 1;
      if (!added) {
        const existing = (await client.query<EvidenceRow>(EVIDENCE_BY_CALL, [sessionId, row.call_id])).rows[0]!;
        out.push({ record: evidenceOf(existing), added: false });
        continue;
      }
      count = ord;
      head = link;
      bytes += row.bytes;
      updatedAt = Math.max(updatedAt, Math.round(row.recorded_at));
      out.push({ record: stored, added: true });
    }
    if (count > locked.evidence_count) await client.query(TOUCH_EVIDENCE, [sessionId, count, bytes, updatedAt, head.length, head.hash]);
    return out;
  }

  /**
   * Writes a report (kept whole) with the session's counters, daily totals and chain head, in one
   * transaction.
   * @throws ResponseIdTaken when the session already holds a report with its `responseId`: nothing is written.
   */
  async putReport(report: Report): Promise<void> {
    const { body, report: stored } = storedReport(this.redact ? redactReport(report) : report);
    const s = stored.sessionId;
    await this.db.transaction(`Writing report ${report.responseId} of session '${s}'`, true, async (client) => {
      const now = Math.round(stored.createdAt);
      const locked = await this.lockSession(client, s, now);
      const link = extend(headOf(locked), "report", stored);
      const inserted = await client.query(INSERT_REPORT, [
        s,
        locked.report_count + 1,
        stored.responseId,
        ...reportValues(stored, body),
        link.length,
        link.hash,
      ]);
      if (inserted.rows.length === 0) throw new ResponseIdTaken(s, stored.responseId);
      const c = stored.counts;
      const blocked = stored.decision === "block" ? 1 : 0;
      await client.query(TOUCH_REPORT, [s, c.supported, c.contradicted, c.unsupported, c.not_checkable, blocked, now, link.length, link.hash]);
      await client.query(ADD_DAILY, [utcDay(stored.createdAt), s, c.supported, c.contradicted, c.unsupported, c.not_checkable, blocked]);
    });
  }

  /** Evidence and reports after the first `known` ones, with the counters and head, from one snapshot. */
  /**
   * Evidence and reports after the first `known` ones, with the counters and head: one statement, so one
   * snapshot and one round trip (a session's copy in a worker is brought up to date after every write).
   */
  async sessionDelta(sessionId: string, known: { evidence: number; reports: number }): Promise<SessionDelta> {
    const params = [sessionId, known.evidence, known.reports];
    const row = (await this.db.query<DeltaRow>(`Reading what is new in session '${sessionId}'`, false, DELTA, params)).rows[0];
    if (!row) return { evidence: [], reports: [], evidenceCount: 0, reportCount: 0, head: EMPTY_HEAD };
    return {
      evidence: (row.evidence ?? []).map((values) => evidenceOf(evidenceRowFromJson(values))),
      reports: (row.reports ?? []).map((body) => JSON.parse(body) as Report),
      evidenceCount: row.evidence_count,
      reportCount: row.report_count,
      head: headOf(row),
    };
  }

  async chainHead(sessionId: string): Promise<ChainHead> {
    const row = (await this.db.query<CountsRow>(`Reading the chain head of session '${sessionId}'`, false, COUNTS, [sessionId])).rows[0];
    return row ? headOf(row) : EMPTY_HEAD;
  }

  /** The chain's links after the first `after`, in order, from one snapshot: for `auditChain`. */
  /** The links after the first `after`, in chain order, at most `limit` of them. */
  async chainRows(sessionId: string, after = 0, limit?: number): Promise<ChainRow[]> {
    // The first `limit` links are among the first `limit` rows of each table.
    const cap = limit === undefined || !Number.isFinite(limit) ? "" : ` LIMIT ${Math.max(0, Math.floor(limit))}`;
    return this.db.transaction(
      `Reading the chain of session '${sessionId}'`,
      false,
      async (client) => {
        type Link = { chain_seq: number; chain_hash: string };
        const evidence = await client.query<EvidenceRow & Link>(
          `SELECT ${EVIDENCE_COLUMNS}, chain_seq, chain_hash FROM evidence WHERE session_id = $1 AND chain_seq > $2 ORDER BY chain_seq${cap}`,
          [sessionId, after],
        );
        const reports = await client.query<{ body: string } & Link>(
          `SELECT body, chain_seq, chain_hash FROM reports WHERE session_id = $1 AND chain_seq > $2 ORDER BY chain_seq${cap}`,
          [sessionId, after],
        );
        return [
          ...evidence.rows.map((r): ChainRow => ({ seq: r.chain_seq, kind: "evidence", row: evidenceOf(r), hash: r.chain_hash })),
          ...reports.rows.map((r): ChainRow => ({ seq: r.chain_seq, kind: "report", row: JSON.parse(r.body) as Report, hash: r.chain_hash })),
        ]
          .sort((a, b) => a.seq - b.seq)
          .slice(0, limit ?? Number.POSITIVE_INFINITY);
      },
      SNAPSHOT,
    );
  }

  async listEvidence(sessionId: string, page?: PageRequest): Promise<EvidenceRecord[]> {
    const sql = `SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = $1 ORDER BY ord LIMIT $2 OFFSET $3`;
    return (await this.db.query<EvidenceRow>(`Reading the evidence of session '${sessionId}'`, false, sql, [sessionId, ...pageParams(page)])).rows.map(
      evidenceOf,
    );
  }

  async getEvidence(sessionId: string, evidenceId: string): Promise<EvidenceRecord | undefined> {
    const sql = `SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = $1 AND id = $2`;
    const row = (await this.db.query<EvidenceRow>(`Reading evidence ${evidenceId} of session '${sessionId}'`, false, sql, [sessionId, evidenceId])).rows[0];
    return row && evidenceOf(row);
  }

  async listReports(sessionId: string, page?: PageRequest): Promise<Report[]> {
    const sql = "SELECT body FROM reports WHERE session_id = $1 ORDER BY ord LIMIT $2 OFFSET $3";
    const rows = (await this.db.query<{ body: string }>(`Reading the reports of session '${sessionId}'`, false, sql, [sessionId, ...pageParams(page)])).rows;
    return rows.map((r) => JSON.parse(r.body) as Report);
  }

  async reportSummaries(sessionId: string): Promise<ReportSummary[]> {
    const sql = `SELECT ${SUMMARY_COLUMNS} FROM reports WHERE session_id = $1 ORDER BY ord`;
    return (await this.db.query<ReportSummaryRow>(`Reading the answers of session '${sessionId}'`, false, sql, [sessionId])).rows.map(summaryOf);
  }

  async listSessions(): Promise<SessionSummary[]> {
    const sql = "SELECT id, created_at, evidence_count, report_count FROM sessions ORDER BY created_at, id";
    const rows = (await this.db.query<{ id: string; created_at: number; evidence_count: number; report_count: number }>("Listing sessions", false, sql)).rows;
    return rows.map((r) => ({ sessionId: r.id, createdAt: r.created_at, evidenceCount: r.evidence_count, reportCount: r.report_count }));
  }

  async getSession(sessionId: string): Promise<SessionOverview | undefined> {
    const row = (await this.db.query<SessionRow>(`Reading session '${sessionId}'`, false, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [sessionId]))
      .rows[0];
    return row && overviewOfRow(row);
  }

  /** One page of sessions, filtered and sorted with indexes, and the number of matches, from one snapshot. */
  async querySessions(query: SessionQuery): Promise<SessionPage> {
    const { where, params, order, limit, offset } = sessionQuerySql(query, { param: (n) => `$${n}`, like: "ILIKE" });
    return this.db.transaction(
      "Listing sessions",
      false,
      async (client) => {
        const total = (await client.query<{ n: number }>(`SELECT count(*) AS n FROM sessions ${where}`, params)).rows[0]!.n;
        const page = `SELECT ${SESSION_COLUMNS} FROM sessions ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
        const rows = (await client.query<SessionRow>(page, [...params, limit, offset])).rows;
        return { total, limit, offset, sessions: rows.map(overviewOfRow) };
      },
      SNAPSHOT,
    );
  }

  /** Answers per UTC day over all sessions, from `days` days before `now` (ms, default now) to `now`'s day. */
  async trends({ days, now = Date.now() }: { days: number; now?: number }): Promise<DayTrend[]> {
    const sql = `SELECT day, sum(responses) AS responses, sum(supported) AS supported, sum(contradicted) AS contradicted, sum(unsupported) AS unsupported,
      sum(not_checkable) AS not_checkable, sum(blocked) AS blocked FROM daily WHERE day >= $1 AND day <= $2 GROUP BY day HAVING sum(responses) > 0 ORDER BY day`;
    return (await this.db.query<DailyRow>("Reading trends", false, sql, [utcDay(now - days * 86_400_000), utcDay(now)])).rows.map(dayTrendOf);
  }

  /** Deletes the session with its evidence, reports and daily totals. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.db.query(`Deleting session '${sessionId}'`, true, "DELETE FROM sessions WHERE id = $1", [sessionId]);
  }

  /**
   * Deletes every session whose last activity is older than `days` days (before `now - days`), with all
   * it holds, in one transaction.
   * @param options.dryRun count only.
   * @returns the number of sessions deleted (or that would be).
   * @throws ConfigError when `days` is not a number >= 0.
   */
  async prune(days: number, options: { now?: number; dryRun?: boolean } = {}): Promise<number> {
    if (!Number.isFinite(days) || days < 0) throw new ConfigError(`prune needs a number of days >= 0, not ${days}.`);
    const before = Math.round((options.now ?? Date.now()) - days * 86_400_000);
    if (options.dryRun) {
      return (await this.db.query<{ n: number }>("Counting old sessions", false, "SELECT count(*) AS n FROM sessions WHERE updated_at < $1", [before])).rows[0]!
        .n;
    }
    return (await this.db.query(`Pruning sessions older than ${days} days`, true, "DELETE FROM sessions WHERE updated_at < $1", [before])).rowCount ?? 0;
  }

  /** Schema version of the database. */
  async schemaVersion(): Promise<number> {
    return (await this.db.query<{ v: number }>("Reading the schema version", false, "SELECT max(version) AS v FROM schema_migrations")).rows[0]!.v;
  }

  /** The newest schema version this build writes. */
  static readonly SCHEMA_VERSION = POSTGRES_SCHEMA_VERSION;

  /** Closes the pool's connections once calls in flight end; later calls reject with StoreError. Safe to call twice. */
  close(): Promise<void> {
    return this.db.close();
  }
}
