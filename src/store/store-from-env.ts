/**
 * The store named by the environment: `HFW_STORE=path/to/file.db` makes every `Firewall` created without a
 * `store` option write to that SQLite file (with `HFW_REDACT=1`, redacted). Unset, the default stays in
 * memory.
 */
import { SqliteStore } from "./sqlite-store.js";
import type { Store } from "./store.js";

/**
 * @returns a {@link SqliteStore} on `HFW_STORE`, or undefined when it is unset or blank.
 * @throws ConfigError when better-sqlite3 is not installed; StoreError when the file cannot be opened.
 */
export function storeFromEnv(env: NodeJS.ProcessEnv = process.env): Store | undefined {
  const path = env.HFW_STORE?.trim();
  return path ? new SqliteStore({ path }) : undefined;
}
