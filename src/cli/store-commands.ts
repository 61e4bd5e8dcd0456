/** The CLI's database commands, and what `hfw verify` does with `--db`. */
import { MemoryStore } from "../store/memory-store.js";
import type { AnyStore } from "../store/store.js";
import { storePathFromEnv } from "../store/store-from-env.js";
import { DASHBOARD_HELP, dashboardCommand } from "./dashboard-command.js";
import { dbPath, newSessionId, openDb } from "./db-option.js";
import { EXPORT_HELP, exportCommand } from "./export-command.js";
import { PRUNE_HELP, pruneCommand } from "./prune-command.js";
import { SESSIONS_HELP, sessionsCommand } from "./sessions-command.js";

export const STORE_COMMANDS: Record<string, { help: string; run: (argv: string[]) => number | Promise<number> }> = {
  dashboard: { help: DASHBOARD_HELP, run: dashboardCommand },
  sessions: { help: SESSIONS_HELP, run: sessionsCommand },
  export: { help: EXPORT_HELP, run: exportCommand },
  prune: { help: PRUNE_HELP, run: pruneCommand },
};

/** The store of one `hfw verify` run; see {@link verifyStore}. */
export interface VerifyStore {
  options: { store: AnyStore; sessionId?: string };
  /** The database as messages name it; absent in memory. */
  label?: string;
  /** Closes the database; with `recorded`, says where the session went (on stderr, so that `--json` stays clean). */
  done(recorded: boolean): Promise<void>;
}

/**
 * The store of one `hfw verify` run: the `--db` file or URL (or `HFW_DB`) in a new session unless `--session`
 * names one; in memory otherwise.
 */
export function verifyStore(o: { db?: string; session?: string; redact?: boolean }): VerifyStore {
  if (o.db === undefined && !storePathFromEnv()) return { options: { store: new MemoryStore() }, done: async () => {} };
  const db = openDb(dbPath(o.db), o.redact ? { redact: true } : {});
  const sessionId = o.session ?? newSessionId();
  return {
    options: { store: db.store, sessionId },
    label: db.label,
    done: async (recorded) => {
      await db.close();
      if (recorded) process.stderr.write(`hfw: recorded session '${sessionId}' in ${db.label} (hfw dashboard --db ${db.label})\n`);
    },
  };
}
