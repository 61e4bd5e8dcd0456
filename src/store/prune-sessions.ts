/**
 * Deleting the sessions idle for more than N days from any store (`hfw prune`): a store that prunes itself
 * (the SQLite store, in one transaction) does; any other is read through its browser and each old session
 * deleted in turn.
 */
import { ConfigError } from "../errors.js";
import { asyncBrowserOf } from "./async-browser.js";
import { type AnyStore, asAsyncStore } from "./store.js";

export interface PruneOptions {
  /** The time the age is measured from, ms since the Unix epoch (default: now). */
  now?: number;
  /** Count the sessions, delete nothing. */
  dryRun?: boolean;
}

/** A store with its own `prune` (as `SqliteStore.prune`). */
interface SelfPruning {
  prune(days: number, options?: PruneOptions): number | Promise<number>;
}

function prunesItself(store: AnyStore): store is AnyStore & SelfPruning {
  return typeof (store as Partial<SelfPruning>).prune === "function";
}

/**
 * Deletes every session whose last activity (evidence recorded or answer verified) is more than `days` days
 * before `now`, with all it holds.
 * @returns the number of sessions deleted (or, with `dryRun`, that would be).
 * @throws ConfigError for a negative or non-finite `days`; StoreError when the store cannot be read or written.
 */
export async function pruneSessions(store: AnyStore, days: number, options: PruneOptions = {}): Promise<number> {
  if (!Number.isFinite(days) || days < 0) throw new ConfigError(`prune needs a number of days >= 0, not ${days}.`);
  if (prunesItself(store)) return store.prune(days, options);
  const before = (options.now ?? Date.now()) - days * 86_400_000;
  const browser = asyncBrowserOf(store);
  const total = (await browser.querySessions({ limit: 1 })).total;
  const all = (await browser.querySessions({ limit: Math.max(1, total), sort: "recent" })).sessions;
  const old = all.filter((s) => s.updatedAt < before);
  if (!options.dryRun) for (const s of old) await asAsyncStore(store).deleteSession(s.sessionId);
  return old.length;
}
