/**
 * A store from where it lives: a PostgreSQL URL (`postgres://user@host:5432/db`) or a SQLite file path.
 * What `--db` and `HFW_DB` name everywhere: the CLI, the dashboard, the MCP server and `hfw serve`.
 */
import { PostgresStore } from "./postgres-store.js";
import { SqliteStore } from "./sqlite-store.js";
import type { AnyStore } from "./store.js";

/** True for `postgres://...` and `postgresql://...`. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location.trim());
}

export interface OpenStoreOptions {
  /** Mask personal data in what is written (default: `HFW_REDACT`). */
  redact?: boolean;
}

/**
 * Opens the store at `location`. A PostgreSQL store (asynchronous) connects and migrates on its first call;
 * a SQLite file is created with its folder when missing.
 * @throws ConfigError when the driver (pg, better-sqlite3) is not installed; StoreError when a SQLite file
 *   cannot be opened.
 */
export function openStore(location: string, options: OpenStoreOptions = {}): AnyStore {
  const redact = options.redact === undefined ? {} : { redact: options.redact };
  if (isPostgresUrl(location)) return new PostgresStore({ url: location.trim(), ...redact });
  return new SqliteStore({ path: location, ...redact });
}
