/**
 * The hash chain of the SQLite store (see `ledger-chain.ts`). A row joins the chain in the transaction
 * that writes it: it is read back as the store returns it, hashed after the session's head, and its link
 * number and hash are written with it and with the session. Hashing what is read back (not what was
 * given) makes an audit compare like with like.
 */
import type { Database, Statement } from "better-sqlite3";
import type { EvidenceRecord, Report } from "../schema.js";
import { EMPTY_HEAD, extend, type ChainHead, type ChainRow } from "./ledger-chain.js";
import { evidenceOf, REPORT_COLUMNS, reportsOf, type ClaimRow, type EvidenceRow, type ReportRow, type TraceRow, type VerdictRow } from "./sqlite-rows.js";

const EVIDENCE = "id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at";

export class SqliteChain {
  private readonly st: Record<string, Statement>;

  constructor(db: Database) {
    // Of the report columns, those the table has: migration 2 chains a database's rows before later ones add theirs.
    const present = new Set(db.prepare("SELECT name FROM pragma_table_info('reports')").pluck().all() as string[]);
    const reportColumns = REPORT_COLUMNS.split(", ")
      .filter((c) => present.has(c))
      .join(", ");
    this.st = {
      head: db.prepare("SELECT chain_length, chain_head FROM sessions WHERE id = ?"),
      setHead: db.prepare("UPDATE sessions SET chain_length = ?, chain_head = ? WHERE id = ?"),
      evidence: db.prepare(`SELECT ${EVIDENCE} FROM evidence WHERE session_id = ? AND id = ?`),
      linkEvidence: db.prepare("UPDATE evidence SET chain_seq = ?, chain_hash = ? WHERE session_id = ? AND id = ?"),
      report: db.prepare(`SELECT ${reportColumns} FROM reports WHERE session_id = ? AND response_id = ?`),
      claims: db.prepare(
        "SELECT response_id, ord, id, text, kind, span_start, span_end, citations FROM claims WHERE session_id = ? AND response_id = ? ORDER BY ord",
      ),
      verdicts: db.prepare(
        "SELECT response_id, ord, claim_id, verdict, confidence, tier, quotes, corrections FROM verdicts WHERE session_id = ? AND response_id = ? ORDER BY ord",
      ),
      traces: db.prepare(
        "SELECT response_id, verdict_ord, ord, tier, name, outcome, confidence, note, ms FROM traces WHERE session_id = ? AND response_id = ? ORDER BY verdict_ord, ord",
      ),
      linkReport: db.prepare("UPDATE reports SET chain_seq = ?, chain_hash = ? WHERE session_id = ? AND response_id = ?"),
      // A row without a link (NULL chain_seq, written around the store) comes first in every page: SQLite sorts NULL first.
      evidenceAfter: db.prepare(
        `SELECT ${EVIDENCE}, chain_seq, chain_hash FROM evidence WHERE session_id = ? AND (chain_seq > ? OR chain_seq IS NULL) ORDER BY chain_seq, seq LIMIT ?`,
      ),
      reportsAfter: db.prepare(
        "SELECT response_id, chain_seq, chain_hash FROM reports WHERE session_id = ? AND (chain_seq > ? OR chain_seq IS NULL) ORDER BY chain_seq, seq LIMIT ?",
      ),
    };
  }

  head(sessionId: string): ChainHead {
    const row = this.st.head!.get(sessionId) as { chain_length: number; chain_head: string } | undefined;
    return row ? { length: row.chain_length, hash: row.chain_head } : EMPTY_HEAD;
  }

  private evidence(sessionId: string, id: string): EvidenceRecord {
    return evidenceOf(this.st.evidence!.get(sessionId, id) as EvidenceRow);
  }

  private report(sessionId: string, responseId: string): Report {
    const row = this.st.report!.get(sessionId, responseId) as ReportRow;
    const children = <T>(name: string) => this.st[name]!.all(sessionId, responseId) as T[];
    return reportsOf([row], children<ClaimRow>("claims"), children<VerdictRow>("verdicts"), children<TraceRow>("traces"))[0]!;
  }

  /** Adds the just-written evidence row to the session's chain. Call inside the writing transaction. */
  linkEvidence(sessionId: string, id: string): ChainHead {
    const head = extend(this.head(sessionId), "evidence", this.evidence(sessionId, id));
    this.st.linkEvidence!.run(head.length, head.hash, sessionId, id);
    this.st.setHead!.run(head.length, head.hash, sessionId);
    return head;
  }

  /** Adds the just-written report (with its claims, verdicts and traces) to the session's chain. */
  linkReport(sessionId: string, responseId: string): ChainHead {
    const head = extend(this.head(sessionId), "report", this.report(sessionId, responseId));
    this.st.linkReport!.run(head.length, head.hash, sessionId, responseId);
    this.st.setHead!.run(head.length, head.hash, sessionId);
    return head;
  }

  /**
   * The links after the first `after`, in chain order, as stored (for an audit), at most `limit` (default:
   * all). A row without a link has `seq` 0 and an empty hash.
   */
  rows(sessionId: string, after: number, limit = -1): ChainRow[] {
    type Linked = { chain_seq: number | null; chain_hash: string | null };
    const evidence = (this.st.evidenceAfter!.all(sessionId, after, limit) as Array<EvidenceRow & Linked>).map(
      (r): ChainRow => ({ seq: r.chain_seq ?? 0, kind: "evidence", row: evidenceOf(r), hash: r.chain_hash ?? "" }),
    );
    const reports = (this.st.reportsAfter!.all(sessionId, after, limit) as Array<{ response_id: string } & Linked>).map(
      (r): ChainRow => ({ seq: r.chain_seq ?? 0, kind: "report", row: this.report(sessionId, r.response_id), hash: r.chain_hash ?? "" }),
    );
    const rows = [...evidence, ...reports].sort((a, b) => a.seq - b.seq);
    return limit < 0 ? rows : rows.slice(0, limit);
  }
}

/**
 * Chains the rows a database held before it had a chain (schema 1), session by session, in the order they
 * were written: by time, evidence before a report of the same ms (a report is made after its evidence).
 */
export function chainLegacyRows(db: Database): void {
  const chain = new SqliteChain(db);
  const sessions = db.prepare("SELECT id FROM sessions ORDER BY id").pluck().all() as string[];
  const evidence = db.prepare("SELECT id, recorded_at AS at FROM evidence WHERE session_id = ? ORDER BY seq");
  const reports = db.prepare("SELECT response_id AS id, created_at AS at FROM reports WHERE session_id = ? ORDER BY seq");
  for (const s of sessions) {
    const rows = [
      ...(evidence.all(s) as Array<{ id: string; at: number }>).map((r, i) => ({ ...r, kind: 0, i })),
      ...(reports.all(s) as Array<{ id: string; at: number }>).map((r, i) => ({ ...r, kind: 1, i })),
    ].sort((a, b) => a.at - b.at || a.kind - b.kind || a.i - b.i);
    for (const r of rows) {
      if (r.kind === 0) chain.linkEvidence(s, r.id);
      else chain.linkReport(s, r.id);
    }
  }
}
