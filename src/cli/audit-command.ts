/**
 * `hfw audit verify`: replays the hash chain of one session or of every session of a database (or of a JSON
 * export, without the database) and says, per session, that it verifies with its head, or which link
 * breaks and why. Exit code 1 when any chain breaks.
 */
import { readFileSync } from "node:fs";
import { ConfigError } from "../errors.js";
import { asyncBrowserOf } from "../store/async-browser.js";
import { auditSession } from "../store/audit-session.js";
import { auditExport, parseExport } from "../store/export-audit.js";
import type { ChainAudit } from "../store/ledger-chain.js";
import { type AnyStore, asAsyncStore } from "../store/store.js";
import { type CliCommand, commandArgs, UsageError } from "./cli-command.js";
import { withExisting } from "./db-option.js";

export const AUDIT_HELP = `hfw audit: check the tamper-evident ledger of a database or an export.

Usage:
  hfw audit verify [--db FILE|URL] [--session ID] [--json]
  hfw audit verify --file EXPORT.json [--json]

Every evidence record and report of a session is a link of a SHA-256 hash chain, and the
session keeps the chain's head. 'verify' replays the chain of one session (--session) or of
every session and prints, per session, 'ok' with the head (links, first 12 hex digits), or
the first link that does not match and why: a row edited, deleted, inserted or reordered,
or the head changed.

Options:
      --db FILE|URL    SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db)
      --session ID     audit this session only (default: every session)
      --file PATH      audit a JSON export ('hfw export SESSION_ID') without the database
      --json           print the result as JSON
  -h, --help           this help

Exit codes: 0 every chain verifies, 1 a chain breaks, 2 bad usage or an unreadable database
or file.`;

/** The audit of one session, as `--json` prints it. */
export interface SessionAuditResult extends ChainAudit {
  sessionId: string;
  /** Wall time of the audit, ms. */
  ms: number;
}

/** What `hfw audit verify` found. */
export interface AuditResult {
  /** True when every chain verifies. */
  ok: boolean;
  /** The database (a URL without its password) or the export file. */
  source: string;
  sessions: SessionAuditResult[];
}

/** Hex digits of a head printed. */
const HEAD_DIGITS = 12;

/**
 * Audits the sessions of a store, one after another.
 * @param sessionId one session; default: every session the store lists.
 * @throws ConfigError when `sessionId` names no session; StoreError when the store cannot be read.
 */
export async function auditStore(store: AnyStore, source: string, sessionId?: string): Promise<AuditResult> {
  let ids: string[];
  if (sessionId !== undefined) {
    if (!(await asyncBrowserOf(store).getSession(sessionId))) {
      throw new ConfigError(`No session '${sessionId}' in ${source}: 'hfw sessions --db ${source}' lists them.`);
    }
    ids = [sessionId];
  } else {
    ids = (await asAsyncStore(store).listSessions()).map((s) => s.sessionId);
  }
  const sessions: SessionAuditResult[] = [];
  for (const id of ids) {
    const started = performance.now();
    const audit = await auditSession(store, id);
    sessions.push({ sessionId: id, ...audit, ms: performance.now() - started });
  }
  return { ok: sessions.every((s) => s.ok), source, sessions };
}

/**
 * Audits a JSON export read from `path`.
 * @throws ConfigError when the file cannot be read, is not an export, or carries no chain.
 */
export function auditExportFile(path: string): AuditResult {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`Cannot read '${path}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Check the path.`);
  }
  const data = parseExport(text, path);
  const started = performance.now();
  const audit = auditExport(data);
  return { ok: audit.ok, source: path, sessions: [{ sessionId: data.session.sessionId, ...audit, ms: performance.now() - started }] };
}

/** One line per session, then the totals. */
export function formatAudit(result: AuditResult): string {
  const width = Math.max(0, ...result.sessions.map((s) => s.sessionId.length));
  const lines = result.sessions.map((s) => {
    const id = s.sessionId.padEnd(width);
    if (s.ok) return `ok      ${id}  ${s.length} link${s.length === 1 ? "" : "s"}, head ${s.head.hash.slice(0, HEAD_DIGITS)}`;
    const b = s.break!;
    return `BROKEN  ${id}  link ${b.seq}${b.row ? ` (${b.row.kind} ${b.row.id})` : ""}, ${b.cause}: ${b.message}`;
  });
  const broken = result.sessions.filter((s) => !s.ok).length;
  const ms = result.sessions.reduce((n, s) => n + s.ms, 0);
  const n = result.sessions.length;
  lines.push(
    `${n} session${n === 1 ? "" : "s"} audited in ${(ms / 1000).toFixed(2)} s: ${n - broken} ok, ${broken} broken (${result.source})` +
      (broken > 0 ? ". A broken chain means rows were changed outside the firewall: restore them from a backup or an export." : ""),
  );
  return `${lines.join("\n")}\n`;
}

async function audit(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "help" || sub === "--help" || sub === "-h") {
    process.stdout.write(`${AUDIT_HELP}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== "verify") throw new UsageError(`Unknown audit command '${sub}': use 'hfw audit verify'.`);
  const args = commandArgs("audit", AUDIT_HELP, rest, {
    db: { type: "string" },
    session: { type: "string" },
    file: { type: "string" },
    json: { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  if (o.file && (o.db || o.session)) throw new ConfigError("--file audits an export on its own: drop --db and --session.");
  const result = o.file ? auditExportFile(o.file) : await withExisting(o.db, ({ store, label }) => auditStore(store, label, o.session));
  process.stdout.write(o.json ? `${JSON.stringify(result, null, 2)}\n` : formatAudit(result));
  return result.ok ? 0 : 1;
}

export const AUDIT_COMMAND: CliCommand = { help: AUDIT_HELP, run: audit };
