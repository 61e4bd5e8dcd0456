/**
 * A durable store in one SQLite file (better-sqlite3 12, loaded on first use): sessions, evidence records
 * with their chunks, reports with their claims, verdicts and per-tier traces. WAL mode, so agent processes
 * write while a dashboard reads; every write is one transaction, so a crash leaves the file as it was after
 * the last complete write, and a write that fails throws {@link StoreError}.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { ConfigError, FirewallError, ResponseIdTaken, StoreError } from "../errors.js";
import { chunkSpans } from "../ledger/chunk.js";
import type { EvidenceRecord, Report } from "../schema.js";
import { EMPTY_HEAD, type ChainHead, type ChainRow } from "./ledger-chain.js";
import { migrate, MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";
import { redactEvidence, redactFromEnv, redactReport } from "./redact.js";
import { SESSION_COLUMNS, sessionQuerySql } from "./session-sql.js";
import { SqliteChain } from "./sqlite-chain.js";
import {
  type DayTrend,
  type ReportSummary,
  type SessionBrowser,
  type SessionOverview,
  type SessionPage,
  type SessionQuery,
  utcDay,
} from "./session-browser.js";
import {
  type DailyRow,
  dayTrendOf,
  evidenceOf,
  evidenceParams,
  overviewOfRow,
  REPORT_COLUMNS,
  reportParams,
  reportsOf,
  summaryOf,
  type ClaimRow,
  type EvidenceRow,
  type ReportRow,
  type SessionRow,
  type TraceRow,
  type VerdictRow,
} from "./sqlite-rows.js";
import type { AppendedEvidence, NewEvidence, PageRequest, SessionDelta, SessionSummary, Store } from "./store.js";

/** Where the CLI and the dashboard keep their database unless told otherwise. */
export const DEFAULT_DB_PATH = ".hfw/hfw.db";

export interface SqliteStoreOptions {
  /** Database file, created with its folder when missing; `:memory:` for a private in-memory database. */
  path: string;
  /**
   * Mask e-mail addresses, phone numbers, card numbers and national ids in everything written (default:
   * `HFW_REDACT`). Verification still runs on the original text; see `redactText`.
   */
  redact?: boolean;
  /** How long a write waits for another process's write to finish before it fails, ms (default 5,000). */
  busyTimeoutMs?: number;
  /**
   * `normal` (default): a process crash never loses a committed write; a power loss may lose the last
   * ones. `full`: also durable across power loss, at a cost per write.
   */
  synchronous?: "normal" | "full";
}

export type { AppendedEvidence } from "./store.js";

type Driver = typeof BetterSqlite3;

let driver: Driver | undefined;

/** better-sqlite3, loaded on first use so that the in-memory core never needs it. */
function loadDriver(): Driver {
  if (driver) return driver;
  try {
    driver = createRequire(import.meta.url)("better-sqlite3") as Driver;
    return driver;
  } catch (cause) {
    throw new ConfigError(
      "The SQLite store needs better-sqlite3 12 (an optional peer dependency; 13 needs Node 22), which is not installed or failed to build: run 'npm install better-sqlite3@12'.",
      { cause },
    );
  }
}

const EVIDENCE_COLUMNS = "id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at";

function explain(error: unknown, busyTimeoutMs: number): string {
  const code = (error as { code?: string }).code ?? "";
  const message = (error as Error).message ?? String(error);
  if (code.startsWith("SQLITE_BUSY"))
    return `the database is locked by another process's write beyond the busy timeout (${busyTimeoutMs} ms): retry, or raise busyTimeoutMs`;
  if (code.startsWith("SQLITE_FULL")) return "the disk or the database is full: free space, or prune old sessions (hfw prune)";
  if (code.startsWith("SQLITE_READONLY")) return "the database file or its folder is read-only: check their permissions";
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return `${message}: it is already stored (two processes appending to one session? give each its own session id)`;
  }
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB")
    return `${message}: the file is not a usable SQLite database; move it aside and start a new one`;
  return code ? `${message} (${code})` : message;
}

/**
 * The SQLite store. `new SqliteStore(".hfw/hfw.db")` or `new SqliteStore({ path, redact, busyTimeoutMs })`.
 * Methods are synchronous, like every {@link Store}'s.
 *
 * @throws ConfigError when better-sqlite3 is not installed.
 * @throws StoreError when the file cannot be opened, is not a database, or was written by a newer version.
 */
export class SqliteStore implements Store, SessionBrowser {
  /** Absolute path of the database file (or `:memory:`). */
  readonly path: string;
  /** Whether personal data is masked in what is written. */
  readonly redact: boolean;
  private readonly busyTimeoutMs: number;
  private readonly db: BetterSqlite3.Database;
  private readonly stmt: ReturnType<SqliteStore["prepare"]>;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly putEvidenceTx: BetterSqlite3.Transaction<(sessionId: string, record: EvidenceRecord) => void>;
  private readonly appendEvidenceTx: BetterSqlite3.Transaction<(sessionId: string, records: readonly NewEvidence[]) => AppendedEvidence[]>;
  private readonly putReportTx: BetterSqlite3.Transaction<(report: Report) => void>;
  private readonly chain: SqliteChain;

  constructor(options: SqliteStoreOptions | string) {
    const o = typeof options === "string" ? { path: options } : options;
    if (typeof o.path !== "string" || o.path.trim() === "")
      throw new ConfigError("SqliteStore needs a path: a database file such as '.hfw/hfw.db', or ':memory:'.");
    const Database = loadDriver();
    this.path = o.path === ":memory:" ? o.path : resolve(o.path);
    this.redact = o.redact ?? redactFromEnv();
    this.busyTimeoutMs = o.busyTimeoutMs ?? 5_000;
    try {
      if (this.path !== ":memory:") mkdirSync(dirname(this.path), { recursive: true });
      this.db = new Database(this.path, { timeout: this.busyTimeoutMs });
      if (this.path !== ":memory:") this.db.pragma("journal_mode = WAL");
      this.db.pragma(`synchronous = ${o.synchronous === "full" ? "FULL" : "NORMAL"}`);
      this.db.pragma("foreign_keys = ON");
      migrate(this.db, MIGRATIONS, this.path);
      this.stmt = this.prepare();
      this.chain = new SqliteChain(this.db);
    } catch (cause) {
      if (FirewallError.isInstance(cause)) throw cause;
      throw new StoreError(`Cannot open the SQLite store '${this.path}': ${explain(cause, this.busyTimeoutMs)}.`, { cause });
    }
    this.putEvidenceTx = this.db.transaction((sessionId: string, record: EvidenceRecord) => this.writeEvidence(sessionId, record));
    this.putReportTx = this.db.transaction((report: Report) => this.writeReport(report));
    this.appendEvidenceTx = this.db.transaction((sessionId: string, records: readonly NewEvidence[]) => records.map((r) => this.appendNext(sessionId, r)));
  }

  private prepare() {
    const db = this.db;
    return {
      ensureSession: db.prepare("INSERT INTO sessions (id, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING"),
      insertEvidence: db.prepare(
        "INSERT INTO evidence (session_id, id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      insertChunk: db.prepare("INSERT INTO chunks (session_id, evidence_id, ord, start, end) VALUES (?, ?, ?, ?, ?)"),
      touchEvidence: db.prepare(
        "UPDATE sessions SET evidence_count = evidence_count + 1, evidence_bytes = evidence_bytes + ?, updated_at = max(updated_at, ?) WHERE id = ?",
      ),
      insertReport: db.prepare(
        `INSERT INTO reports (session_id, response_id, created_at, decision, strictness, action, grounding_score, supported, contradicted, unsupported, not_checkable, evidence_count, ms, draft, output, reasons, sources, ledger_length, ledger_head, llm, firewall_version) VALUES (${Array(21).fill("?").join(", ")})`,
      ),
      insertClaim: db.prepare(
        "INSERT INTO claims (session_id, response_id, ord, id, text, kind, span_start, span_end, citations) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      insertVerdict: db.prepare(
        "INSERT INTO verdicts (session_id, response_id, ord, claim_id, verdict, confidence, tier, quotes, corrections) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      insertTrace: db.prepare(
        "INSERT INTO traces (session_id, response_id, verdict_ord, ord, tier, name, outcome, confidence, note, ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      touchReport: db.prepare(
        `UPDATE sessions SET report_count = report_count + 1, supported = supported + ?, contradicted = contradicted + ?, unsupported = unsupported + ?,
         not_checkable = not_checkable + ?, blocked = blocked + ?, updated_at = max(updated_at, ?) WHERE id = ?`,
      ),
      listEvidence: db.prepare(`SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = ? ORDER BY seq`),
      pageEvidence: db.prepare(`SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = ? ORDER BY seq LIMIT ? OFFSET ?`),
      getEvidence: db.prepare(`SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = ? AND id = ?`),
      evidenceByCallId: db.prepare(`SELECT ${EVIDENCE_COLUMNS} FROM evidence WHERE session_id = ? AND call_id = ? ORDER BY seq LIMIT 1`),
      countEvidence: db.prepare("SELECT count(*) AS n FROM evidence WHERE session_id = ?"),
      listReports: db.prepare(`SELECT ${REPORT_COLUMNS} FROM reports WHERE session_id = ? ORDER BY seq`),
      pageReports: db.prepare(`SELECT ${REPORT_COLUMNS} FROM reports WHERE session_id = ? ORDER BY seq LIMIT ? OFFSET ?`),
      summaries: db.prepare(
        "SELECT response_id, session_id, created_at, decision, strictness, action, grounding_score, supported, contradicted, unsupported, not_checkable, evidence_count, ms, '' AS draft, NULL AS output, '[]' AS reasons, '[]' AS sources, NULL AS ledger_length, NULL AS ledger_head, NULL AS llm, NULL AS firewall_version FROM reports WHERE session_id = ? ORDER BY seq",
      ),
      claims: db.prepare(
        "SELECT response_id, ord, id, text, kind, span_start, span_end, citations FROM claims WHERE session_id = ? AND response_id IN (SELECT value FROM json_each(?)) ORDER BY response_id, ord",
      ),
      verdicts: db.prepare(
        "SELECT response_id, ord, claim_id, verdict, confidence, tier, quotes, corrections FROM verdicts WHERE session_id = ? AND response_id IN (SELECT value FROM json_each(?)) ORDER BY response_id, ord",
      ),
      traces: db.prepare(
        "SELECT response_id, verdict_ord, ord, tier, name, outcome, confidence, note, ms FROM traces WHERE session_id = ? AND response_id IN (SELECT value FROM json_each(?)) ORDER BY response_id, verdict_ord, ord",
      ),
      reportExists: db.prepare("SELECT 1 FROM reports WHERE session_id = ? AND response_id = ?"),
      counts: db.prepare("SELECT evidence_count, report_count, chain_length, chain_head FROM sessions WHERE id = ?"),
      listSessions: db.prepare("SELECT id, created_at, evidence_count, report_count FROM sessions ORDER BY created_at, id"),
      getSession: db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`),
      deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
      pruneBefore: db.prepare("DELETE FROM sessions WHERE updated_at < ?"),
      countBefore: db.prepare("SELECT count(*) AS n FROM sessions WHERE updated_at < ?"),
      trends: db.prepare(
        "SELECT day, responses, supported, contradicted, unsupported, not_checkable, blocked FROM daily WHERE day >= ? AND day <= ? AND responses > 0 ORDER BY day",
      ),
    };
  }

  /** A prepared statement for SQL built from a fixed set of filters and sorts, prepared once. */
  private cached(sql: string): BetterSqlite3.Statement {
    let st = this.statements.get(sql);
    if (!st) this.statements.set(sql, (st = this.db.prepare(sql)));
    return st;
  }

  /** Runs `fn`, turning a driver error into a StoreError that says what failed and what to do. */
  private guard<T>(what: string, fn: () => T): T {
    if (!this.db.open) throw new StoreError(`${what} failed: the SQLite store '${this.path}' is closed.`);
    try {
      return fn();
    } catch (cause) {
      if (FirewallError.isInstance(cause)) throw cause;
      throw new StoreError(`${what} in '${this.path}' failed, and nothing of it was written: ${explain(cause, this.busyTimeoutMs)}.`, { cause });
    }
  }

  /** A read that sees one snapshot of the database, whatever writers commit meanwhile. */
  private read<T>(what: string, fn: () => T): T {
    return this.guard(what, () => this.db.transaction(fn).deferred());
  }

  ensureSession(sessionId: string): void {
    this.guard(`Creating session '${sessionId}'`, () => {
      const now = Date.now();
      this.stmt.ensureSession.run(sessionId, now, now);
    });
  }

  /** Writes the record, its chunk spans and the session's counters in one transaction. @throws StoreError */
  putEvidence(sessionId: string, record: EvidenceRecord): void {
    this.guard(`Writing evidence ${record.id} of session '${sessionId}'`, () => this.putEvidenceTx.immediate(sessionId, record));
  }

  private writeEvidence(sessionId: string, original: EvidenceRecord): void {
    const spans = chunkSpans(original.text);
    const record = this.redact ? redactEvidence(original) : original;
    const now = Math.round(record.recordedAt);
    this.stmt.ensureSession.run(sessionId, now, now);
    this.stmt.insertEvidence.run(...evidenceParams(sessionId, record));
    spans.forEach(([start, end], i) => this.stmt.insertChunk.run(sessionId, record.id, i, start, end));
    this.stmt.touchEvidence.run(record.bytes, now, sessionId);
    this.chain.linkEvidence(sessionId, record.id);
  }

  /**
   * Appends records as the session's next ones (`e<n+1>` after its n records), each unless the session
   * already holds a record with the same `callId` (returned instead). One immediate transaction: processes
   * appending to one session at once wait for each other up to the busy timeout and get distinct ids.
   * @returns per record, the stored one and whether it was added now.
   * @throws StoreError
   */
  appendEvidence(sessionId: string, records: readonly NewEvidence[]): AppendedEvidence[] {
    const what = records.length === 1 ? `evidence from '${records[0]!.source}'` : `${records.length} evidence records`;
    return this.guard(`Appending ${what} to session '${sessionId}'`, () => this.appendEvidenceTx.immediate(sessionId, records));
  }

  private appendNext(sessionId: string, record: NewEvidence): AppendedEvidence {
    if (record.callId !== null) {
      const row = this.stmt.evidenceByCallId.get(sessionId, record.callId) as EvidenceRow | undefined;
      if (row) return { record: evidenceOf(row), added: false };
    }
    const n = (this.stmt.countEvidence.get(sessionId) as { n: number }).n;
    const appended = { ...record, id: `e${n + 1}` } as EvidenceRecord;
    this.writeEvidence(sessionId, appended);
    return { record: appended, added: true };
  }

  listEvidence(sessionId: string, page?: PageRequest): EvidenceRecord[] {
    return this.guard(`Reading the evidence of session '${sessionId}'`, () => {
      const rows = (page ? this.stmt.pageEvidence.all(sessionId, page.limit, page.offset) : this.stmt.listEvidence.all(sessionId)) as EvidenceRow[];
      return rows.map(evidenceOf);
    });
  }

  getEvidence(sessionId: string, evidenceId: string): EvidenceRecord | undefined {
    return this.guard(`Reading evidence ${evidenceId} of session '${sessionId}'`, () => {
      const row = this.stmt.getEvidence.get(sessionId, evidenceId) as EvidenceRow | undefined;
      return row && evidenceOf(row);
    });
  }

  /** Writes the report, its claims, verdicts and traces and the session's counters in one transaction. @throws StoreError */
  putReport(report: Report): void {
    this.guard(`Writing report ${report.responseId} of session '${report.sessionId}'`, () => this.putReportTx.immediate(report));
  }

  private writeReport(original: Report): void {
    const r = this.redact ? redactReport(original) : original;
    const s = r.sessionId;
    const now = Math.round(r.createdAt);
    this.stmt.ensureSession.run(s, now, now);
    if (this.stmt.reportExists.get(s, r.responseId)) throw new ResponseIdTaken(s, r.responseId);
    this.stmt.insertReport.run(...reportParams(r));
    r.claims.forEach((c, i) => this.stmt.insertClaim.run(s, r.responseId, i, c.id, c.text, c.kind, c.span[0], c.span[1], JSON.stringify(c.citations ?? [])));
    r.verdicts.forEach((v, i) => {
      this.stmt.insertVerdict.run(s, r.responseId, i, v.claimId, v.verdict, v.confidence, v.tier, JSON.stringify(v.quotes), JSON.stringify(v.corrections));
      v.trace.forEach((t, k) => this.stmt.insertTrace.run(s, r.responseId, i, k, t.tier, t.name, t.outcome, t.confidence, t.note, t.ms));
    });
    const c = r.counts;
    this.stmt.touchReport.run(c.supported, c.contradicted, c.unsupported, c.not_checkable, r.decision === "block" ? 1 : 0, now, s);
    this.chain.linkReport(s, r.responseId);
  }

  sessionDelta(sessionId: string, known: { evidence: number; reports: number }): SessionDelta {
    return this.read(`Reading what is new in session '${sessionId}'`, () => {
      const row = this.stmt.counts.get(sessionId) as { evidence_count: number; report_count: number; chain_length: number; chain_head: string } | undefined;
      if (!row) return { evidence: [], reports: [], evidenceCount: 0, reportCount: 0, head: EMPTY_HEAD };
      const evidence = row.evidence_count > known.evidence ? this.listEvidence(sessionId, { limit: -1, offset: known.evidence }) : [];
      const reports = row.report_count > known.reports ? this.listReports(sessionId, { limit: -1, offset: known.reports }) : [];
      return { evidence, reports, evidenceCount: row.evidence_count, reportCount: row.report_count, head: { length: row.chain_length, hash: row.chain_head } };
    });
  }

  chainHead(sessionId: string): ChainHead {
    return this.guard(`Reading the chain head of session '${sessionId}'`, () => this.chain.head(sessionId));
  }

  chainRows(sessionId: string, after = 0, limit?: number): ChainRow[] {
    return this.read(`Reading the chain of session '${sessionId}'`, () => this.chain.rows(sessionId, after, limit));
  }

  listReports(sessionId: string, page?: PageRequest): Report[] {
    return this.read(`Reading the reports of session '${sessionId}'`, () => {
      const rows = (page ? this.stmt.pageReports.all(sessionId, page.limit, page.offset) : this.stmt.listReports.all(sessionId)) as ReportRow[];
      if (rows.length === 0) return [];
      const ids = JSON.stringify(rows.map((r) => r.response_id));
      return reportsOf(
        rows,
        this.stmt.claims.all(sessionId, ids) as ClaimRow[],
        this.stmt.verdicts.all(sessionId, ids) as VerdictRow[],
        this.stmt.traces.all(sessionId, ids) as TraceRow[],
      );
    });
  }

  reportSummaries(sessionId: string): ReportSummary[] {
    return this.guard(`Reading the answers of session '${sessionId}'`, () => (this.stmt.summaries.all(sessionId) as ReportRow[]).map(summaryOf));
  }

  listSessions(): SessionSummary[] {
    return this.guard("Listing sessions", () =>
      (this.stmt.listSessions.all() as Array<{ id: string; created_at: number; evidence_count: number; report_count: number }>).map((r) => ({
        sessionId: r.id,
        createdAt: r.created_at,
        evidenceCount: r.evidence_count,
        reportCount: r.report_count,
      })),
    );
  }

  getSession(sessionId: string): SessionOverview | undefined {
    return this.guard(`Reading session '${sessionId}'`, () => {
      const row = this.stmt.getSession.get(sessionId) as SessionRow | undefined;
      return row && overviewOfRow(row);
    });
  }

  /** One page of sessions, filtered and sorted with indexes, and the number of matches. */
  querySessions(query: SessionQuery): SessionPage {
    const { where, params, order, limit, offset } = sessionQuerySql(query, { param: () => "?", like: "LIKE" });
    return this.read("Listing sessions", () => {
      const total = (this.cached(`SELECT count(*) AS n FROM sessions ${where}`).get(...params) as { n: number }).n;
      const rows = this.cached(`SELECT ${SESSION_COLUMNS} FROM sessions ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
        ...params,
        limit,
        offset,
      ) as SessionRow[];
      return { total, limit, offset, sessions: rows.map(overviewOfRow) };
    });
  }

  trends({ days, now = Date.now() }: { days: number; now?: number }): DayTrend[] {
    return this.guard("Reading trends", () => (this.stmt.trends.all(utcDay(now - days * 86_400_000), utcDay(now)) as DailyRow[]).map(dayTrendOf));
  }

  /** Deletes the session with its evidence, chunks, reports, claims, verdicts and traces. */
  deleteSession(sessionId: string): void {
    this.guard(`Deleting session '${sessionId}'`, () => this.stmt.deleteSession.run(sessionId));
  }

  /**
   * Deletes every session whose last activity is older than `days` days (before `now - days`), with all
   * it holds, in one transaction.
   * @param options.dryRun count only.
   * @returns the number of sessions deleted (or that would be).
   */
  prune(days: number, options: { now?: number; dryRun?: boolean } = {}): number {
    if (!Number.isFinite(days) || days < 0) throw new ConfigError(`prune needs a number of days >= 0, not ${days}.`);
    const before = (options.now ?? Date.now()) - days * 86_400_000;
    if (options.dryRun) return this.guard("Counting old sessions", () => (this.stmt.countBefore.get(before) as { n: number }).n);
    return this.guard(`Pruning sessions older than ${days} days`, () => this.db.transaction(() => this.stmt.pruneBefore.run(before).changes)());
  }

  /** Schema version of the open database. */
  schemaVersion(): number {
    return this.guard("Reading the schema version", () => (this.db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as { v: number }).v);
  }

  /** The newest schema version this build writes. */
  static readonly SCHEMA_VERSION = SCHEMA_VERSION;

  /** Copies the write-ahead log into the database file and reclaims free pages (after a large prune). */
  compact(): void {
    this.guard("Compacting", () => {
      this.db.pragma("wal_checkpoint(TRUNCATE)");
      this.db.exec("VACUUM");
    });
  }

  /** Closes the database; later calls throw StoreError. Safe to call twice. */
  close(): void {
    if (this.db.open) this.db.close();
  }
}
