/** `hfw sessions`: the sessions of a database, newest activity first. */
import { ConfigError } from "../errors.js";
import { commandArgs } from "./cli-command.js";
import { asyncBrowserOf } from "../store/async-browser.js";
import type { SessionPage, SessionSort, SessionStatus } from "../store/session-browser.js";
import { intFlag, withExisting } from "./db-option.js";

export const SESSIONS_HELP = `hfw sessions: list the sessions of a database.

Usage:
  hfw sessions [--db FILE|URL] [--status S] [--sort S] [--search TEXT] [--limit N] [--json]

Options:
      --db FILE|URL    SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db)
      --status S       all (default) | blocked | flagged | clean
      --sort S         recent (default) | oldest | score | flagged | answers
      --search TEXT    session ids containing TEXT
      --limit N        at most N sessions (default 50)
      --json           print the page as JSON
  -h, --help           this help`;

const STATUSES = ["all", "blocked", "flagged", "clean"];
const SORTS = ["recent", "oldest", "score", "flagged", "answers"];

export async function sessionsCommand(argv: string[]): Promise<number> {
  const args = commandArgs("sessions", SESSIONS_HELP, argv, {
    db: { type: "string" },
    status: { type: "string" },
    sort: { type: "string" },
    search: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  if (o.status && !STATUSES.includes(o.status)) throw new ConfigError(`--status must be ${STATUSES.join(", ")}, not '${o.status}'.`);
  if (o.sort && !SORTS.includes(o.sort)) throw new ConfigError(`--sort must be ${SORTS.join(", ")}, not '${o.sort}'.`);
  const limit = intFlag("limit", o.limit, 50, 1);
  const page = await withExisting(o.db, ({ store }) =>
    asyncBrowserOf(store).querySessions({ status: o.status as SessionStatus, sort: o.sort as SessionSort, search: o.search, limit }),
  );
  process.stdout.write(o.json ? `${JSON.stringify(page, null, 2)}\n` : sessionsTable(page));
  return 0;
}

/** The page as a table a person reads, with the total under it. */
function sessionsTable(page: SessionPage): string {
  const rows = page.sessions.map((s) => [
    s.sessionId,
    new Date(s.updatedAt).toISOString().slice(0, 19).replace("T", " "),
    String(s.responses),
    s.groundingScore === null ? "n/a" : s.groundingScore.toFixed(2),
    `${s.claims.supported}/${s.claims.contradicted}/${s.claims.unsupported}/${s.claims.not_checkable}`,
    s.blocked > 0 ? `${s.blocked}` : "-",
  ]);
  const head = ["session", "last activity (UTC)", "answers", "grounding", "✅/❌/⚠️/➖", "blocked"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join("\n")}\n${page.total} session${page.total === 1 ? "" : "s"}${page.total > rows.length ? `, ${rows.length} shown (--limit)` : ""}\n`;
}
