/**
 * Schema and migrations of the PostgreSQL store. Migrations run in one transaction under a transaction-level
 * advisory lock, with a row each in `schema_migrations` (as the SQLite store keeps them): many workers
 * starting at once on a new database wait for the first, which migrates it once; the others find it done.
 */
import { StoreError } from "../errors.js";
import { GENESIS } from "./ledger-chain.js";

/** What the store needs of a connection (a pg `PoolClient`), named here so that no declaration needs pg's types. */
export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface PostgresMigration {
  /** 1, 2, 3...: applied in order, each once. */
  version: number;
  description: string;
  /** SQL run as one script (simple query protocol: several statements, no parameters). */
  up: string;
}

/**
 * Times are ms since the Unix epoch: whole ms (bigint) for sessions, as given (double precision) for
 * evidence and reports, so that any time a record carries reads back unchanged. Ids compare byte by byte
 * (`COLLATE "C"`), so sorts by id match the SQLite and in-memory stores whatever the database's locale.
 *
 * A report is kept whole as JSON text, with the columns the dashboard lists beside it. Daily totals are
 * kept per session and day (summed per day by `trends`), in the report's transaction: writers of different
 * sessions never wait for one shared row, and deleting a session takes its totals with it.
 */
export const POSTGRES_MIGRATIONS: PostgresMigration[] = [
  {
    version: 1,
    description: "sessions with counters and chain head, evidence, reports as JSON, daily totals per session",
    up: `
CREATE TABLE sessions (
  id text COLLATE "C" PRIMARY KEY,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  evidence_count integer NOT NULL DEFAULT 0,
  evidence_bytes bigint NOT NULL DEFAULT 0,
  report_count integer NOT NULL DEFAULT 0,
  supported integer NOT NULL DEFAULT 0,
  contradicted integer NOT NULL DEFAULT 0,
  unsupported integer NOT NULL DEFAULT 0,
  not_checkable integer NOT NULL DEFAULT 0,
  blocked integer NOT NULL DEFAULT 0,
  chain_length integer NOT NULL DEFAULT 0,
  chain_head text NOT NULL DEFAULT '${GENESIS}',
  flagged integer GENERATED ALWAYS AS (contradicted + unsupported) STORED,
  -- the grounding score, with sessions that have nothing checkable sorted after every score
  grounding_rank double precision GENERATED ALWAYS AS (
    CASE WHEN supported + contradicted + unsupported = 0 THEN 2.0
         ELSE supported::double precision / (supported + contradicted + unsupported) END) STORED
);
CREATE INDEX sessions_updated ON sessions (updated_at, id);
CREATE INDEX sessions_created ON sessions (created_at, id);
CREATE INDEX sessions_grounding ON sessions (grounding_rank, id);
CREATE INDEX sessions_flagged ON sessions (flagged, id);
CREATE INDEX sessions_reports ON sessions (report_count, id);

CREATE TABLE evidence (
  session_id text COLLATE "C" NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  ord integer NOT NULL,
  id text NOT NULL,
  source text NOT NULL,
  call_id text,
  format text NOT NULL CHECK (format IN ('text', 'json')),
  content text NOT NULL,
  args text,
  text text NOT NULL,
  hash text NOT NULL,
  bytes integer NOT NULL,
  chunk_count integer NOT NULL,
  recorded_at double precision NOT NULL,
  chain_seq integer NOT NULL,
  chain_hash text NOT NULL,
  PRIMARY KEY (session_id, ord),
  UNIQUE (session_id, id)
);
CREATE UNIQUE INDEX evidence_call ON evidence (session_id, call_id) WHERE call_id IS NOT NULL;
CREATE INDEX evidence_chain ON evidence (session_id, chain_seq);

CREATE TABLE reports (
  session_id text COLLATE "C" NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  ord integer NOT NULL,
  response_id text NOT NULL,
  created_at double precision NOT NULL,
  decision text NOT NULL CHECK (decision IN ('pass', 'annotate', 'rewrite', 'block')),
  grounding_score double precision,
  supported integer NOT NULL,
  contradicted integer NOT NULL,
  unsupported integer NOT NULL,
  not_checkable integer NOT NULL,
  ms double precision NOT NULL,
  body text NOT NULL,
  chain_seq integer NOT NULL,
  chain_hash text NOT NULL,
  PRIMARY KEY (session_id, ord),
  UNIQUE (session_id, response_id)
);
CREATE INDEX reports_chain ON reports (session_id, chain_seq);

CREATE TABLE daily (
  day text COLLATE "C" NOT NULL,
  session_id text COLLATE "C" NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  responses integer NOT NULL,
  supported integer NOT NULL,
  contradicted integer NOT NULL,
  unsupported integer NOT NULL,
  not_checkable integer NOT NULL,
  blocked integer NOT NULL,
  PRIMARY KEY (day, session_id)
);
CREATE INDEX daily_session ON daily (session_id);
`,
  },
];

/** The schema version this build writes. */
export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1]!.version;

/** Schema versions before and after a migration. */
export interface MigrationResult {
  from: number;
  to: number;
}

/**
 * Brings the database to the newest schema in one transaction on `client`, holding the advisory lock that
 * every store takes before reading `schema_migrations`.
 * @param location how the database is named in errors (no password).
 * @throws StoreError when the database was written by a newer version, or a migration fails (nothing of it
 *   is kept); the driver's own errors pass through for the caller to explain.
 */
export async function migratePostgres(client: SqlClient, location: string, migrations: PostgresMigration[] = POSTGRES_MIGRATIONS): Promise<MigrationResult> {
  const newest = migrations.reduce((m, x) => Math.max(m, x.version), 0);
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('hallucination-firewall schema'))");
    await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, description text NOT NULL, applied_at bigint NOT NULL)");
    const from = Number((await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations")).rows[0]?.v ?? 0);
    if (from > newest) {
      throw new StoreError(
        `${location} has schema version ${from}, newer than this version of hallucination-firewall knows (${newest}): upgrade the package on every worker, or use another database.`,
      );
    }
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (m.version <= from) continue;
      try {
        await client.query(m.up);
      } catch (cause) {
        throw new StoreError(`Migration ${m.version} (${m.description}) of ${location} failed: ${(cause as Error).message}. The database is unchanged.`, {
          cause,
        });
      }
      await client.query("INSERT INTO schema_migrations (version, description, applied_at) VALUES ($1, $2, $3)", [m.version, m.description, Date.now()]);
    }
    await client.query("COMMIT");
    return { from, to: Math.max(from, newest) };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
