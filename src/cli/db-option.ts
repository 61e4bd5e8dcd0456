/**
 * The `--db FILE|URL` option shared by the store commands: the flag, else `HFW_DB` (or `HFW_STORE`), else
 * `.hfw/hfw.db`. A `postgres://` URL opens PostgreSQL, anything else a SQLite file (see `openStore`).
 */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { ConfigError } from "../errors.js";
import { isPostgresUrl, openStore, type OpenStoreOptions } from "../store/open-store.js";
import { DEFAULT_DB_PATH } from "../store/sqlite-store.js";
import { type AnyStore, asAsyncStore } from "../store/store.js";
import { storePathFromEnv } from "../store/store-from-env.js";

/** The database a command uses: a SQLite file path or a PostgreSQL URL. */
export function dbPath(flag: string | undefined): string {
  return flag ?? storePathFromEnv() ?? DEFAULT_DB_PATH;
}

/** How a database is named in messages: a file by its absolute path, a URL without its password. */
export function dbLabel(location: string): string {
  if (!isPostgresUrl(location)) return location === ":memory:" ? location : resolve(location);
  try {
    const url = new URL(location.trim());
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "the PostgreSQL database";
  }
}

/** A store a command opened, with how to name it and how to close it. */
export interface OpenedStore {
  store: AnyStore;
  /** The database as messages name it (see {@link dbLabel}). */
  label: string;
  close(): Promise<void>;
}

/** Opens the store at `location` (a SQLite file is created when missing). */
export function openDb(location: string, options: OpenStoreOptions = {}): OpenedStore {
  const store = openStore(location, options);
  return { store, label: dbLabel(location), close: () => asAsyncStore(store).close() };
}

/**
 * Opens an existing database for a command that only reads or prunes it.
 * @throws ConfigError when the file does not exist (so a mistyped path does not create an empty database).
 */
export function openExisting(flag: string | undefined): OpenedStore {
  const location = dbPath(flag);
  if (!isPostgresUrl(location) && !existsSync(location)) {
    throw new ConfigError(`No database at '${location}': record sessions first (hfw verify --db ${location} ...), or pass --db FILE|URL (or set HFW_DB).`);
  }
  return openDb(location);
}

/** Runs `fn` with the store, and closes it after. */
export async function withExisting<T>(flag: string | undefined, fn: (db: OpenedStore) => Promise<T>): Promise<T> {
  const db = openExisting(flag);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
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
