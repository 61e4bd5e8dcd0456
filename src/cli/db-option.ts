/** The `--db FILE` option shared by the store commands: the flag, else `HFW_DB` (or `HFW_STORE`), else `.hfw/hfw.db`. */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { ConfigError } from "../errors.js";
import { DEFAULT_DB_PATH, SqliteStore } from "../store/sqlite-store.js";
import { storePathFromEnv } from "../store/store-from-env.js";

/** The database file a command uses. */
export function dbPath(flag: string | undefined): string {
  return flag ?? storePathFromEnv() ?? DEFAULT_DB_PATH;
}

/**
 * Opens an existing database for a command that only reads or prunes it.
 * @throws ConfigError when the file does not exist (so a mistyped path does not create an empty database).
 */
export function openExisting(flag: string | undefined): SqliteStore {
  const path = dbPath(flag);
  if (!existsSync(path)) {
    throw new ConfigError(`No database at '${path}': record sessions first (hfw verify --db ${path} ...), or pass --db FILE (or set HFW_DB).`);
  }
  return new SqliteStore({ path });
}

/** A new session id for one CLI run: `cli-20261130-101105-3fa9`. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `cli-${stamp}-${randomBytes(2).toString("hex")}`;
}

/** A positive integer flag, or a ConfigError naming it. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`--${name} must be a whole number >= ${min}, not '${value}'.`);
  return n;
}
