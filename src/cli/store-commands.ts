/** The CLI's database commands, and what `hfw verify` does with `--db`. */
import { MemoryStore } from "../store/memory-store.js";
import { SqliteStore } from "../store/sqlite-store.js";
import type { Store } from "../store/store.js";
import { storePathFromEnv } from "../store/store-from-env.js";
import { DASHBOARD_HELP, dashboardCommand } from "./dashboard-command.js";
import { dbPath, newSessionId } from "./db-option.js";
import { EXPORT_HELP, exportCommand } from "./export-command.js";
import { PRUNE_HELP, pruneCommand } from "./prune-command.js";
import { SESSIONS_HELP, sessionsCommand } from "./sessions-command.js";

export const STORE_COMMANDS: Record<string, { help: string; run: (argv: string[]) => number | Promise<number> }> = {
  dashboard: { help: DASHBOARD_HELP, run: dashboardCommand },
  sessions: { help: SESSIONS_HELP, run: sessionsCommand },
  export: { help: EXPORT_HELP, run: exportCommand },
  prune: { help: PRUNE_HELP, run: pruneCommand },
};

/**
 * The store of one `hfw verify` run: the `--db` file (or `HFW_STORE`) in a new session unless `--session`
 * names one; in memory otherwise. `done()` closes the file and says where the session went (on stderr, so
 * that `--json` output stays clean).
 */
export function verifyStore(o: { db?: string; session?: string; redact?: boolean }): { options: { store: Store; sessionId?: string }; done: () => void } {
  if (o.db === undefined && !storePathFromEnv()) return { options: { store: new MemoryStore() }, done: () => {} };
  const store = new SqliteStore({ path: dbPath(o.db), ...(o.redact ? { redact: true } : {}) });
  const sessionId = o.session ?? newSessionId();
  return {
    options: { store, sessionId },
    done: () => {
      store.close();
      process.stderr.write(`hfw: recorded session '${sessionId}' in ${store.path} (hfw dashboard --db ${store.path})\n`);
    },
  };
}
