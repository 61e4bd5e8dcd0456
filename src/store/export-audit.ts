/**
 * The audit of a session export without the database (`hfw audit verify --file export.json`): each link the
 * export carries is matched with the row it names, and the chain is replayed from the rows as exported.
 * A row edited, deleted, reordered or added in the file, or a changed head, breaks it.
 *
 * What an export alone cannot show: a copy cut short at a link, with its head set back to that link's hash,
 * is a shorter chain that verifies. Compare its head with one kept elsewhere (a report's `ledgerHead`, the
 * `hfw.ledger.head` span attribute, an earlier `hfw audit verify`).
 */
import { z } from "zod";
import { ConfigError } from "../errors.js";
import type { EvidenceRecord, Report } from "../schema.js";
import { type ChainAudit, type ChainRow, auditChain } from "./ledger-chain.js";
import type { SessionExport } from "./session-export.js";

const ExportShape = z.object({
  format: z.literal("hallucination-firewall/session"),
  version: z.number(),
  session: z.object({ sessionId: z.string() }),
  evidence: z.array(z.object({ id: z.string() })),
  reports: z.array(z.object({ responseId: z.string() })),
  chain: z.array(z.object({ seq: z.number(), kind: z.enum(["evidence", "report"]), id: z.string(), hash: z.string() })).optional(),
  chainHead: z.object({ length: z.number(), hash: z.string() }).optional(),
  redacted: z.boolean().optional(),
});

/**
 * Reads an export's text. The rows are kept exactly as written (unknown fields too): the audit hashes them.
 * @param name the file's name, for messages.
 * @throws ConfigError when the text is not JSON or not a session export.
 */
export function parseExport(text: string, name: string): SessionExport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`'${name}' is not JSON (${(cause as Error).message}): pass a file written by 'hfw export SESSION_ID --format json'.`, { cause });
  }
  const shape = ExportShape.safeParse(value);
  if (!shape.success) {
    const issue = shape.error.issues[0]!;
    throw new ConfigError(
      `'${name}' is not a session export (${issue.path.join(".") || "file"}: ${issue.message}): pass a file written by 'hfw export SESSION_ID --format json'.`,
    );
  }
  return value as SessionExport;
}

/**
 * Replays an export's chain from its rows.
 * @returns the audit, as `auditChain` gives it for a store (a link naming a row the export lacks is a
 *   deleted row; a row no link names, an inserted one).
 * @throws ConfigError when the export carries no chain (it was made before exports had one).
 */
export function auditExport(data: SessionExport): ChainAudit {
  if (!data.chain || !data.chainHead) {
    throw new ConfigError(
      `The export of session '${data.session.sessionId}' carries no chain (it was made before exports had one): export the session again, or audit the database with 'hfw audit verify --db'.`,
    );
  }
  const evidence = new Map<string, EvidenceRecord>();
  const reports = new Map<string, Report>();
  // A row no link names (or a second row under one id) has no place in the chain: replayed first, it breaks it.
  const unlinked: ChainRow[] = [];
  for (const e of data.evidence) {
    if (evidence.has(e.id)) unlinked.push({ seq: 0, kind: "evidence", row: e, hash: "" });
    else evidence.set(e.id, e);
  }
  for (const r of data.reports) {
    if (reports.has(r.responseId)) unlinked.push({ seq: 0, kind: "report", row: r, hash: "" });
    else reports.set(r.responseId, r);
  }
  const rows: ChainRow[] = [];
  for (const link of data.chain) {
    const row = link.kind === "evidence" ? evidence.get(link.id) : reports.get(link.id);
    if (!row) {
      const message = `link ${link.seq} names ${link.kind} ${link.id}, which the export does not hold: the row was deleted from it.`;
      return missing(data, rows, { seq: link.seq, problem: "moved", cause: "deleted", row: { kind: link.kind, id: link.id }, message });
    }
    if (link.kind === "evidence") evidence.delete(link.id);
    else reports.delete(link.id);
    rows.push(
      link.kind === "evidence"
        ? { seq: link.seq, kind: "evidence", row: row as EvidenceRecord, hash: link.hash }
        : { seq: link.seq, kind: "report", row: row as Report, hash: link.hash },
    );
  }
  for (const e of evidence.values()) unlinked.push({ seq: 0, kind: "evidence", row: e, hash: "" });
  for (const r of reports.values()) unlinked.push({ seq: 0, kind: "report", row: r, hash: "" });
  return withRedactionNote(data, auditChain([...unlinked, ...rows], data.chainHead));
}

/** The audit when a link's row is missing: the links before it replayed, the break at it. */
function missing(data: SessionExport, before: ChainRow[], at: NonNullable<ChainAudit["break"]>): ChainAudit {
  const prior = auditChain(before, data.chainHead!);
  if (prior.break && prior.break.problem !== "head") return withRedactionNote(data, prior);
  return withRedactionNote(data, { ok: false, length: prior.length, head: prior.head, storedHead: data.chainHead!, break: at });
}

function withRedactionNote(data: SessionExport, audit: ChainAudit): ChainAudit {
  if (audit.ok || !data.redacted || !audit.break) return audit;
  const note = " This export was redacted (--redact): a masked row no longer gives its link's hash; export without --redact to audit it.";
  return { ...audit, break: { ...audit.break, message: audit.break.message + note } };
}
