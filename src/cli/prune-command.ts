/** `hfw prune`: deletes the sessions idle for more than N days. */
import { ConfigError } from "../errors.js";
import { commandArgs } from "./cli-command.js";
import { pruneSessions } from "../store/prune-sessions.js";
import { intFlag, withExisting } from "./db-option.js";

export const PRUNE_HELP = `hfw prune: delete sessions whose last activity is older than N days, with their
evidence, answers, claims, verdicts and traces.

Usage:
  hfw prune --older-than DAYS [--db FILE|URL] [--dry-run] [--compact]

Options:
      --older-than DAYS  sessions idle for more than this many days go
      --db FILE|URL      SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db)
      --dry-run          count them, delete nothing
      --compact          then shrink the SQLite file (VACUUM; PostgreSQL's autovacuum does
                         this on its own)
  -h, --help             this help`;

export async function pruneCommand(argv: string[]): Promise<number> {
  const args = commandArgs("prune", PRUNE_HELP, argv, {
    "older-than": { type: "string" },
    db: { type: "string" },
    "dry-run": { type: "boolean" },
    compact: { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  if (o["older-than"] === undefined) throw new ConfigError("Missing --older-than DAYS: say how old a session must be to go (e.g. --older-than 30).");
  const days = intFlag("older-than", o["older-than"], 0);
  return withExisting(o.db, async ({ store, label }) => {
    const compact = (store as { compact?: () => void }).compact;
    if (o.compact && typeof compact !== "function")
      throw new ConfigError("--compact shrinks a SQLite file; this store reclaims space on its own: drop --compact.");
    const n = await pruneSessions(store, days, { dryRun: o["dry-run"] });
    process.stdout.write(
      `${o["dry-run"] ? "would prune" : "pruned"} ${n} session${n === 1 ? "" : "s"} idle for more than ${days} day${days === 1 ? "" : "s"} (${label})\n`,
    );
    if (o.compact && !o["dry-run"]) compact!.call(store);
    return 0;
  });
}
