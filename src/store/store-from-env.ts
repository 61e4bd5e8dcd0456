/**
 * The store named by the environment: `HFW_DB=path/to/file.db` or `HFW_DB=postgres://...` (or the older name
 * `HFW_STORE`) makes every `Firewall` created without a `store` option write to that store (with `HFW_REDACT=1`, redacted). Unset,
 * the default stays in memory.
 */
import { openStore } from "./open-store.js";
import type { AnyStore } from "./store.js";

/** The database the environment names: `HFW_DB`, else `HFW_STORE`; undefined when both are unset or blank. */
export function storePathFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.HFW_DB?.trim() || env.HFW_STORE?.trim() || undefined;
}

/**
 * @returns the store `HFW_DB` (or `HFW_STORE`) names (a PostgreSQL URL or a SQLite file; see `openStore`),
 *   or undefined when neither is set.
 * @throws ConfigError when the driver is not installed; StoreError when a SQLite file cannot be opened.
 */
export function storeFromEnv(env: NodeJS.ProcessEnv = process.env): AnyStore | undefined {
  const location = storePathFromEnv(env);
  return location ? openStore(location) : undefined;
}
