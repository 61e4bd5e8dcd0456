/**
 * Raw SQL on a store's database, around the store, as someone with write access to it would change rows:
 * for SQLite always, for PostgreSQL when `HFW_TEST_POSTGRES_URL` names a database and `openStore` opens it
 * (otherwise the reason it cannot, for a skip notice). Each tampering names what an audit must report.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { type AnyStore, asAsyncStore, ConfigError, openStore, SqliteStore } from "../../src/index.js";
import { tempDb } from "./helpers.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

/** A database with its raw connection. */
export interface RawDb {
  name: string;
  dialect: "sqlite" | "postgres";
  /** What `--db` takes. */
  location: string;
  /** A new store over the database (close it with `closeStore`). */
  open(): AnyStore;
  /** Runs one statement; `?` marks each parameter. */
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** The columns a row is copied with (the table's, less one the database numbers itself). */
  copyColumns(table: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function closeStore(store: AnyStore): Promise<void> {
  await asAsyncStore(store).close();
}

/** A new SQLite file with a raw better-sqlite3 connection beside the store's. */
export function sqliteRawDb(): RawDb {
  const location = tempDb();
  new SqliteStore(location).close(); // creates the schema
  const raw = new Database(location);
  return {
    name: "SQLite",
    dialect: "sqlite",
    location,
    open: () => new SqliteStore(location),
    run: async (sql, ...params) => {
      raw.prepare(sql).run(...params);
    },
    // `seq` is the table's rowid: SQLite numbers a new row itself.
    copyColumns: async (table) => (raw.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name).filter((c) => c !== "seq"),
    close: async () => {
      raw.close();
    },
  };
}

/** Tables and columns the tampering statements use. */
const NEEDED: Record<string, string[]> = {
  sessions: ["id", "chain_length", "chain_head"],
  evidence: ["session_id", "id", "source", "chain_seq", "chain_hash"],
  reports: ["session_id", "response_id", "body", "chain_seq", "chain_hash"],
};

/**
 * The PostgreSQL database `HFW_TEST_POSTGRES_URL` names, or why the PostgreSQL tampering tests cannot run
 * here (unset, no PostgreSQL store in this build, unreachable, or a schema without the columns they change).
 */
export async function postgresRawDb(env: NodeJS.ProcessEnv = process.env): Promise<RawDb | string> {
  const url = env.HFW_TEST_POSTGRES_URL?.trim();
  if (!url) return "HFW_TEST_POSTGRES_URL is unset";
  let probe: AnyStore;
  try {
    probe = openStore(url);
    await asAsyncStore(probe).listSessions();
  } catch (error) {
    return ConfigError.isInstance(error)
      ? `openStore does not open PostgreSQL in this build (${error.message})`
      : `PostgreSQL at ${url} cannot be read: ${String(error)}`;
  }
  await closeStore(probe);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const raw = await rawPostgres(client, url);
  if (typeof raw === "string") await client.end();
  return raw;
}

/** Raw access to the store's tables through `client`, or what the tables lack. */
export async function rawPostgres(client: import("pg").Client, url: string): Promise<RawDb | string> {
  const found = await client.query<{ table_schema: string; table_name: string; column_name: string; generated: boolean }>(
    `SELECT table_schema, table_name, column_name, (is_identity = 'YES' OR coalesce(column_default, '') LIKE 'nextval(%') AS generated
       FROM information_schema.columns WHERE table_name = ANY($1) AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY ordinal_position`,
    [Object.keys(NEEDED)],
  );
  const schema = found.rows.find((r) => r.table_name === "evidence" && r.column_name === "chain_seq")?.table_schema;
  const missing = Object.entries(NEEDED).flatMap(([table, columns]) =>
    columns.filter((c) => !found.rows.some((r) => r.table_schema === schema && r.table_name === table && r.column_name === c)).map((c) => `${table}.${c}`),
  );
  if (!schema || missing.length > 0) {
    return `the PostgreSQL store's schema lacks what the tampering statements change (${schema ? missing.join(", ") : "no evidence.chain_seq"})`;
  }
  const qualify = (sql: string) => sql.replace(/\b(FROM|UPDATE|INTO) (sessions|evidence|reports)\b/g, (_m, kw: string, t: string) => `${kw} "${schema}".${t}`);
  return {
    name: "PostgreSQL",
    dialect: "postgres",
    location: url,
    open: () => openStore(url),
    run: async (sql, ...params) => {
      let n = 0;
      await client.query(
        qualify(sql).replace(/\?/g, () => `$${++n}`),
        params,
      );
    },
    copyColumns: async (table) => found.rows.filter((r) => r.table_schema === schema && r.table_name === table && !r.generated).map((r) => r.column_name),
    close: () => client.end(),
  };
}

/** One way of changing a stored chain, and what `hfw audit verify` must say about it. */
export interface Tampering {
  name: string;
  /** Only on this backend (another's schema forbids the change: PostgreSQL's chain_seq is NOT NULL). */
  only?: RawDb["dialect"];
  /** The cause the audit names. */
  cause: "edited" | "deleted" | "inserted" | "reordered" | "head";
  /** The row the audit names (`evidence e2`), or null for a head change. */
  row: string | null;
  apply(db: RawDb, sessionId: string): Promise<void>;
}

/** Copies evidence e1 of the session as `newId` at link `seq` (null: outside the chain). */
async function insertCopy(db: RawDb, sessionId: string, newId: string, seq: number | null): Promise<void> {
  const columns = await db.copyColumns("evidence");
  // PostgreSQL keys evidence by (session, ord) and keeps one row per callId: the copy gets its own.
  const own: Record<string, [string, unknown]> = {
    id: ["CAST(? AS TEXT)", newId],
    chain_seq: ["CAST(? AS INTEGER)", seq],
    ...(db.dialect === "postgres" ? { ord: ["CAST(? AS INTEGER)", 99], call_id: ["CAST(? AS TEXT)", null] } : {}),
  };
  const values = columns.map((c) => own[c]?.[0] ?? c);
  const params = columns.flatMap((c): unknown[] => (own[c] ? [own[c]![1]] : []));
  await db.run(
    `INSERT INTO evidence (${columns.join(", ")}) SELECT ${values.join(", ")} FROM evidence WHERE session_id = ? AND id = 'e1'`,
    ...params,
    sessionId,
  );
}

/**
 * The changes each backend's tests make to a session holding evidence e1, e2, e3 and report r1 (links 1-4).
 */
export const TAMPERINGS: Tampering[] = [
  {
    name: "edit an evidence row's content",
    cause: "edited",
    row: "evidence e2",
    apply: (db, s) => db.run("UPDATE evidence SET source = source || ' (edited)' WHERE session_id = ? AND id = 'e2'", s),
  },
  {
    name: "edit a report's draft",
    cause: "edited",
    row: "report r1",
    apply: (db, s) =>
      db.dialect === "postgres"
        ? db.run(
            "UPDATE reports SET body = jsonb_set(body::jsonb, '{draft}', to_jsonb((body::jsonb ->> 'draft') || ' And more.'))::text WHERE session_id = ? AND response_id = 'r1'",
            s,
          )
        : db.run("UPDATE reports SET draft = draft || ' And more.' WHERE session_id = ? AND response_id = 'r1'", s),
  },
  {
    name: "delete a row",
    cause: "deleted",
    row: "evidence e3",
    apply: (db, s) => db.run("DELETE FROM evidence WHERE session_id = ? AND id = 'e2'", s),
  },
  {
    name: "swap two rows' places",
    cause: "reordered",
    row: "evidence e2",
    apply: async (db, s) => {
      await db.run("UPDATE evidence SET chain_seq = -1 WHERE session_id = ? AND id = 'e1'", s);
      await db.run("UPDATE evidence SET chain_seq = 1 WHERE session_id = ? AND id = 'e2'", s);
      await db.run("UPDATE evidence SET chain_seq = 2 WHERE session_id = ? AND id = 'e1'", s);
    },
  },
  {
    name: "insert a row at a taken link",
    cause: "inserted",
    row: "evidence e9",
    apply: (db, s) => insertCopy(db, s, "e9", 2),
  },
  {
    name: "insert a row outside the chain",
    only: "sqlite",
    cause: "inserted",
    row: "evidence e9",
    apply: (db, s) => insertCopy(db, s, "e9", null),
  },
  {
    name: "edit the session's head",
    cause: "head",
    row: null,
    apply: (db, s) => db.run(`UPDATE sessions SET chain_head = '${"ab".repeat(32)}' WHERE id = ?`, s),
  },
  {
    name: "lower the length of the session's head",
    cause: "head",
    row: null,
    apply: (db, s) => db.run("UPDATE sessions SET chain_length = chain_length - 1 WHERE id = ?", s),
  },
];
