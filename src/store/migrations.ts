/**
 * Schema migrations of the SQLite store. Each migration runs once, in a transaction with its row in the
 * `schema_migrations` version table, so a crash mid-migration leaves the previous schema intact.
 */
import type { Database } from "better-sqlite3";
import { StoreError } from "../errors.js";
import { chainLegacyRows } from "./sqlite-chain.js";

export interface Migration {
  /** 1, 2, 3...: applied in order, each once. */
  version: number;
  description: string;
  /** SQL run as one script. */
  up: string;
  /** Runs after `up`, in the same transaction: for what SQL alone cannot do (hashing rows). */
  after?: (db: Database) => void;
}

/**
 * Times are ms since the Unix epoch. Report and evidence times are REAL so any number a report carries
 * reads back unchanged; session counters are kept up to date in the same transaction as each write, so the
 * sessions list never has to scan reports.
 */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: "sessions, evidence, chunks, reports, claims, verdicts, traces, daily totals",
    up: `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  evidence_count INTEGER NOT NULL DEFAULT 0,
  evidence_bytes INTEGER NOT NULL DEFAULT 0,
  report_count INTEGER NOT NULL DEFAULT 0,
  supported INTEGER NOT NULL DEFAULT 0,
  contradicted INTEGER NOT NULL DEFAULT 0,
  unsupported INTEGER NOT NULL DEFAULT 0,
  not_checkable INTEGER NOT NULL DEFAULT 0,
  blocked INTEGER NOT NULL DEFAULT 0,
  flagged INTEGER GENERATED ALWAYS AS (contradicted + unsupported) VIRTUAL,
  grounding REAL GENERATED ALWAYS AS (
    CASE WHEN supported + contradicted + unsupported = 0 THEN NULL
         ELSE CAST(supported AS REAL) / (supported + contradicted + unsupported) END) VIRTUAL,
  -- sorts sessions with nothing checkable after every score
  grounding_rank REAL GENERATED ALWAYS AS (coalesce(grounding, 2.0)) VIRTUAL
) STRICT;
CREATE INDEX sessions_updated ON sessions (updated_at, id);
CREATE INDEX sessions_created ON sessions (created_at, id);
CREATE INDEX sessions_grounding ON sessions (grounding_rank, id);
CREATE INDEX sessions_flagged ON sessions (flagged, id);
CREATE INDEX sessions_reports ON sessions (report_count, id);

CREATE TABLE evidence (
  seq INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  source TEXT NOT NULL,
  call_id TEXT,
  format TEXT NOT NULL CHECK (format IN ('text', 'json')),
  content TEXT NOT NULL,
  args TEXT,
  text TEXT NOT NULL,
  hash TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL,
  recorded_at REAL NOT NULL,
  UNIQUE (session_id, id)
) STRICT;

CREATE TABLE chunks (
  session_id TEXT NOT NULL,
  evidence_id TEXT NOT NULL,
  ord INTEGER NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  PRIMARY KEY (session_id, evidence_id, ord),
  FOREIGN KEY (session_id, evidence_id) REFERENCES evidence (session_id, id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE reports (
  seq INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  response_id TEXT NOT NULL,
  created_at REAL NOT NULL,
  decision TEXT NOT NULL CHECK (decision IN ('pass', 'annotate', 'rewrite', 'block')),
  strictness TEXT NOT NULL,
  action TEXT NOT NULL,
  grounding_score REAL,
  supported INTEGER NOT NULL,
  contradicted INTEGER NOT NULL,
  unsupported INTEGER NOT NULL,
  not_checkable INTEGER NOT NULL,
  evidence_count INTEGER NOT NULL,
  ms REAL NOT NULL,
  draft TEXT NOT NULL,
  output TEXT,
  reasons TEXT NOT NULL,
  sources TEXT NOT NULL,
  UNIQUE (session_id, response_id)
) STRICT;
CREATE INDEX reports_created ON reports (created_at);

-- Answers per UTC day over all sessions, kept by triggers (also on cascaded deletes), so that a chart of
-- trends reads a row a day whatever the number of sessions.
CREATE TABLE daily (
  day TEXT PRIMARY KEY,
  responses INTEGER NOT NULL,
  supported INTEGER NOT NULL,
  contradicted INTEGER NOT NULL,
  unsupported INTEGER NOT NULL,
  not_checkable INTEGER NOT NULL,
  blocked INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TRIGGER reports_daily_insert AFTER INSERT ON reports BEGIN
  INSERT INTO daily (day, responses, supported, contradicted, unsupported, not_checkable, blocked)
  VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 1, NEW.supported, NEW.contradicted, NEW.unsupported, NEW.not_checkable, NEW.decision = 'block')
  ON CONFLICT (day) DO UPDATE SET responses = responses + 1, supported = supported + excluded.supported, contradicted = contradicted + excluded.contradicted,
    unsupported = unsupported + excluded.unsupported, not_checkable = not_checkable + excluded.not_checkable, blocked = blocked + excluded.blocked;
END;
CREATE TRIGGER reports_daily_delete AFTER DELETE ON reports BEGIN
  UPDATE daily SET responses = responses - 1, supported = supported - OLD.supported, contradicted = contradicted - OLD.contradicted,
    unsupported = unsupported - OLD.unsupported, not_checkable = not_checkable - OLD.not_checkable, blocked = blocked - (OLD.decision = 'block')
  WHERE day = strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch');
END;

CREATE TABLE claims (
  session_id TEXT NOT NULL,
  response_id TEXT NOT NULL,
  ord INTEGER NOT NULL,
  id TEXT NOT NULL,
  text TEXT NOT NULL,
  kind TEXT NOT NULL,
  span_start INTEGER NOT NULL,
  span_end INTEGER NOT NULL,
  citations TEXT NOT NULL,
  PRIMARY KEY (session_id, response_id, ord),
  FOREIGN KEY (session_id, response_id) REFERENCES reports (session_id, response_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE verdicts (
  session_id TEXT NOT NULL,
  response_id TEXT NOT NULL,
  ord INTEGER NOT NULL,
  claim_id TEXT NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('supported', 'contradicted', 'unsupported', 'not_checkable')),
  confidence REAL NOT NULL,
  tier INTEGER NOT NULL,
  quotes TEXT NOT NULL,
  corrections TEXT NOT NULL,
  PRIMARY KEY (session_id, response_id, ord),
  FOREIGN KEY (session_id, response_id) REFERENCES reports (session_id, response_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE traces (
  session_id TEXT NOT NULL,
  response_id TEXT NOT NULL,
  verdict_ord INTEGER NOT NULL,
  ord INTEGER NOT NULL,
  tier INTEGER NOT NULL,
  name TEXT NOT NULL,
  outcome TEXT NOT NULL,
  confidence REAL,
  note TEXT NOT NULL,
  ms REAL NOT NULL,
  PRIMARY KEY (session_id, response_id, verdict_ord, ord),
  FOREIGN KEY (session_id, response_id) REFERENCES reports (session_id, response_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
`,
  },
  {
    version: 2,
    description: "hash chain of each session's evidence and reports; reports keep their ledger head and model use; callId lookup index",
    up: `
ALTER TABLE sessions ADD COLUMN chain_length INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN chain_head TEXT NOT NULL DEFAULT '${"0".repeat(64)}';
ALTER TABLE evidence ADD COLUMN chain_seq INTEGER;
ALTER TABLE evidence ADD COLUMN chain_hash TEXT;
ALTER TABLE reports ADD COLUMN chain_seq INTEGER;
ALTER TABLE reports ADD COLUMN chain_hash TEXT;
ALTER TABLE reports ADD COLUMN ledger_length INTEGER;
ALTER TABLE reports ADD COLUMN ledger_head TEXT;
ALTER TABLE reports ADD COLUMN llm TEXT;
CREATE INDEX evidence_chain ON evidence (session_id, chain_seq);
CREATE INDEX reports_chain ON reports (session_id, chain_seq);
CREATE INDEX evidence_call ON evidence (session_id, call_id) WHERE call_id IS NOT NULL;
`,
    // Rows written before the chain existed join it in the order they were written.
    after: (db) => chainLegacyRows(db),
  },
  {
    version: 3,
    description: "reports keep the version of the firewall that made them",
    up: "ALTER TABLE reports ADD COLUMN firewall_version TEXT;",
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/**
 * Brings a database to the newest schema: creates the `schema_migrations` table when missing and applies
 * the migrations it has not recorded, in order, in one immediate transaction (so two processes opening a
 * new file at once do not both migrate it).
 * @returns the versions before and after.
 * @throws StoreError when the database was written by a newer version, or a migration fails (nothing of it
 *   is kept).
 */
export function migrate(db: Database, migrations: Migration[] = MIGRATIONS, location = "the database"): { from: number; to: number } {
  const newest = migrations.reduce((m, x) => Math.max(m, x.version), 0);
  const run = db.transaction(() => {
    db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT");
    const from = (db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as { v: number | null }).v ?? 0;
    if (from > newest) {
      throw new StoreError(
        `${location} has schema version ${from}, newer than this version of hallucination-firewall knows (${newest}): upgrade the package, or open another file.`,
      );
    }
    const record = db.prepare("INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)");
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (m.version <= from) continue;
      try {
        db.exec(m.up);
      } catch (cause) {
        throw new StoreError(`Migration ${m.version} (${m.description}) of ${location} failed: ${(cause as Error).message}. The database is unchanged.`, {
          cause,
        });
      }
      m.after?.(db);
      record.run(m.version, m.description, Date.now());
    }
    return { from, to: Math.max(from, newest) };
  });
  return run.immediate();
}
