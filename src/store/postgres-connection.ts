/**
 * The PostgreSQL store's connections: a node-postgres pool (loaded on first use), the one-time connect and
 * migration every call waits for, transactions, and the translation of every driver error into a
 * StoreError. The pool drops broken connections and opens new ones on the next call, so a store recovers
 * by itself when the server comes back.
 */
import { createRequire } from "node:module";
import type * as Pg from "pg";
import { ConfigError, StoreError } from "../errors.js";
import { isUnavailable, storeErrorOf, type FailedCall } from "./postgres-errors.js";
import { migratePostgres, type MigrationResult } from "./postgres-schema.js";

/** Where the database is and how the pool treats it. */
export interface PostgresPoolOptions {
  /** `postgres://user:password@host:5432/database` (any libpq-style URL node-postgres accepts). */
  url: string;
  /** Connections this store opens at most (the pool's size; default 10). Each worker process has its own pool. */
  max?: number;
  /** How long getting a connection may take before the call fails with StoreUnavailable, ms (default 5,000). */
  connectionTimeoutMs?: number;
  /** How long one SQL statement may run before the server cancels it, ms (default 30,000; 0: no limit). */
  statementTimeoutMs?: number;
}

type Driver = typeof Pg;

let driver: Driver | undefined;

/** node-postgres, loaded on first use so that the in-memory core never needs it. */
function loadDriver(): Driver {
  if (driver) return driver;
  try {
    driver = createRequire(import.meta.url)("pg") as Driver;
    return driver;
  } catch (cause) {
    throw new ConfigError("The PostgreSQL store needs the optional dependency pg 8, which is not installed: run 'npm install pg'.", { cause });
  }
}

const URL_HINT = "PostgresStore needs a URL such as 'postgres://user:password@host:5432/database'";

/** The URL without its password, for messages. @throws ConfigError when it is not a URL. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return `'${u.toString()}'`;
  } catch (cause) {
    throw new ConfigError(`${URL_HINT}, not '${url.replace(/:[^:@/]*@/, ":***@")}'.`, { cause });
  }
}

const INT8_OID = 20;

/** What a call on a connection tells the code that releases it. */
interface CallState {
  /** COMMIT was sent: a lost connection leaves the write's outcome unknown. */
  committing: boolean;
  /** The connection is unusable: drop it rather than return it to the pool. */
  broken: boolean;
}

/** A connection of the pool, as the store's SQL uses it. */
export type PgClient = Pg.PoolClient;

/** The pool of one store, and how its calls run. */
export class PostgresConnection {
  /** The database, as messages name it (the URL without its password). */
  readonly location: string;
  private readonly pool: Pg.Pool;
  private readonly limits: Pick<FailedCall, "connectionTimeoutMs" | "statementTimeoutMs">;
  private migrated: Promise<MigrationResult> | undefined;
  private closing: Promise<void> | undefined;

  /** Makes the pool; connects nothing. @throws ConfigError when pg is not installed or `url` is not a URL. */
  constructor(o: PostgresPoolOptions) {
    if (typeof o.url !== "string" || o.url.trim() === "") throw new ConfigError(`${URL_HINT}.`);
    this.location = describeUrl(o.url);
    const pg = loadDriver();
    this.limits = { connectionTimeoutMs: o.connectionTimeoutMs ?? 5_000, statementTimeoutMs: o.statementTimeoutMs ?? 30_000 };
    this.pool = new pg.Pool({
      connectionString: o.url,
      max: o.max ?? 10,
      connectionTimeoutMillis: this.limits.connectionTimeoutMs,
      ...(this.limits.statementTimeoutMs > 0 ? { statement_timeout: this.limits.statementTimeoutMs } : {}),
      idleTimeoutMillis: 10_000,
      // Idle connections do not keep a process (a CLI command, a hook) alive.
      allowExitOnIdle: true,
      keepAlive: true,
      application_name: "hallucination-firewall",
      // Counters and ms times are bigint columns: read them as numbers (exact below 2^53), for this pool only.
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID && format !== "binary" ? Number : pg.types.getTypeParser(oid, format)) as Pg.CustomTypesConfig["getTypeParser"],
      },
    });
    // An idle connection that breaks (server restart, network) is dropped by the pool and replaced on the
    // next call; without a listener its error would end the process.
    this.pool.on("error", () => {});
  }

  /**
   * Connects and migrates once: calls made at once share one attempt, and a failed attempt is made again
   * on the next call.
   */
  connect(): Promise<MigrationResult> {
    if (this.closing) return Promise.reject(this.closedError("Connecting"));
    if (!this.migrated) {
      const attempt = this.withClient({ what: "Connecting and migrating the schema", write: true }, (client) => migratePostgres(client, this.location));
      this.migrated = attempt;
      attempt.catch(() => {
        if (this.migrated === attempt) this.migrated = undefined;
      });
    }
    return this.migrated;
  }

  private closedError(what: string): StoreError {
    return new StoreError(`${what} failed: the PostgreSQL store at ${this.location} is closed; open a new PostgresStore.`);
  }

  /** Runs `fn` on a pooled connection, releasing it (and dropping it when it broke); errors become StoreErrors. */
  private async withClient<T>(call: { what: string; write: boolean }, fn: (client: PgClient, state: CallState) => Promise<T>): Promise<T> {
    const state: CallState = { committing: false, broken: false };
    const fail = (error: unknown) => storeErrorOf(error, { ...call, ...this.limits, location: this.location, committing: state.committing });
    if (this.closing) throw this.closedError(call.what);
    let client: PgClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw fail(error);
    }
    // The statement in flight rejects with the same error; this only keeps it from being thrown unhandled.
    const ignore = () => {};
    client.on("error", ignore);
    try {
      return await fn(client, state);
    } catch (error) {
      if (isUnavailable(error)) state.broken = true;
      throw fail(error);
    } finally {
      client.removeListener("error", ignore);
      client.release(state.broken || undefined);
    }
  }

  /**
   * Runs `fn` in one transaction (opened with `begin`), after connecting and migrating; rolls back when it
   * throws.
   * @param what the call, as its error messages name it ("Writing report r2 of session 'x'").
   * @param write whether it writes (its error then says whether anything was written).
   */
  async transaction<T>(what: string, write: boolean, fn: (client: PgClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
    await this.connect();
    return this.withClient({ what, write }, async (client, state) => {
      await client.query(begin);
      let result: T;
      try {
        result = await fn(client);
      } catch (error) {
        // A connection that cannot roll back is dropped rather than handed to the next call mid-transaction.
        await client.query("ROLLBACK").catch(() => (state.broken = true));
        throw error;
      }
      state.committing = true;
      await client.query("COMMIT");
      return result;
    });
  }

  /** One statement on its own (its own transaction), after connecting and migrating. */
  async query<R extends object>(what: string, write: boolean, sql: string, params: unknown[] = []): Promise<Pg.QueryResult<R>> {
    await this.connect();
    return this.withClient({ what, write }, (client, state) => {
      // A statement of its own commits as it ends: once it is sent, a broken connection leaves its outcome unknown.
      state.committing = write;
      return client.query<R>(sql, params);
    });
  }

  /** Ends the pool once calls in flight end; later calls reject with StoreError. Safe to call twice. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
