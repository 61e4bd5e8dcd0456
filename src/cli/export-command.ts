/** `hfw export`: one session's hallucination report as JSON or Markdown. */
import { writeFileSync } from "node:fs";
import { ConfigError } from "../errors.js";
import { commandArgs } from "./cli-command.js";
import { renderSessionMarkdown } from "../dashboard/markdown-report.js";
import { redactEvidence, redactReport } from "../store/redact.js";
import { exportSessionAsync, type SessionExport } from "../store/session-export.js";
import { withExisting } from "./db-option.js";

export const EXPORT_HELP = `hfw export: one session's report (every answer, claim, verdict, trace and the
evidence ledger), as JSON or Markdown.

Usage:
  hfw export SESSION_ID [--db FILE|URL] [--format json|md] [--out FILE] [--redact]

Options:
      --db FILE|URL    SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db)
      --format F       json (default: the whole session, machine-readable, with its hash chain)
                       or md (a report to read)
      --out FILE       write there instead of standard output
      --redact         mask e-mails, phone, card and id numbers (or HFW_REDACT=1)
  -h, --help           this help

'hfw sessions' lists the session ids. 'hfw audit verify --file FILE' checks a JSON export's chain
without the database (a --redact export's masked rows no longer match their links).`;

export async function exportCommand(argv: string[]): Promise<number> {
  const parsed = commandArgs(
    "export",
    EXPORT_HELP,
    argv,
    {
      db: { type: "string" },
      format: { type: "string" },
      out: { type: "string" },
      redact: { type: "boolean" },
    },
    true,
  );
  if (!parsed) return 0;
  const o = parsed.values;
  const format = o.format ?? "json";
  if (format !== "json" && format !== "md") throw new ConfigError(`--format must be json or md, not '${format}'.`);
  const [sessionId, ...extra] = parsed.positionals;
  if (!sessionId || extra.length > 0) throw new ConfigError("Give exactly one session id: hfw export SESSION_ID (hfw sessions lists them).");
  const data = await withExisting(o.db, async ({ store, label }) => {
    const found = await exportSessionAsync(store, sessionId);
    if (!found) throw new ConfigError(`No session '${sessionId}' in ${label}: 'hfw sessions --db ${label}' lists them.`);
    return found;
  });
  const redact = o.redact || /^(1|true|yes|on)$/i.test(process.env.HFW_REDACT?.trim() ?? "");
  const safe: SessionExport = redact ? { ...data, evidence: data.evidence.map(redactEvidence), reports: data.reports.map(redactReport), redacted: true } : data;
  const text = format === "md" ? renderSessionMarkdown(safe) : `${JSON.stringify(safe, null, 2)}\n`;
  if (o.out) writeFileSync(o.out, text);
  else process.stdout.write(text);
  return 0;
}
