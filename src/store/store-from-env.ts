/**
 * The store named by the environment: `HFW_DB=path/to/file.db` (or its older name `HFW_STORE`) makes every
 * `Firewall` created without a `store` option write to that SQLite file (with `HFW_REDACT=1`, redacted). Unset,
 * the default stays in memory.
 */
import { SqliteStore } from "./sqlite-store.js";
import type { Store } from "./store.js";

/** The database the environment names: `HFW_DB`, else `HFW_STORE`; undefined when both are unset or blank. */
export function storePathFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.HFW_DB?.trim() || env.HFW_STORE?.trim() || undefined;
}

/**
 * @returns a {@link SqliteStore} on `HFW_DB` (or `HFW_STORE`), or undefined when neither is set.
 * @throws ConfigError when better-sqlite3 is not installed; StoreError when the file cannot be opened.
 */
export function storeFromEnv(env: NodeJS.ProcessEnv = process.env): Store | undefined {
  const path = storePathFromEnv(env);
  return path ? new SqliteStore({ path }) : undefined;
}
