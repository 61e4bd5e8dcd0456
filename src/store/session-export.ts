/**
 * The JSON export of one session (`hfw export`, the dashboard's JSON download): its overview, every
 * evidence record and report, and the session's hash chain (each row's link and the head), so that an
 * auditor can re-check the chain without the database (`auditExport`, `hfw audit verify --file`).
 *
 * Format `hallucination-firewall/session`, version 1. `chain` and `chainHead` were added to version 1
 * without a bump: they are new fields, and a reader of the earlier exports ignores them. An export without
 * them (made before) cannot be audited.
 */
import type { EvidenceRecord, Report } from "../schema.js";
import { asyncBrowserOf } from "./async-browser.js";
import type { ChainHead, ChainRow } from "./ledger-chain.js";
import { browserOf, type SessionOverview } from "./session-browser.js";
import { type AnyStore, asAsyncStore, type Store } from "./store.js";

/** One link of the chain as an export carries it: the row it holds is named, not repeated. */
export interface ExportedLink {
  /** Place in the chain, from 1 (0: a row the store holds without a link). */
  seq: number;
  kind: ChainRow["kind"];
  /** The evidence id (`e3`) or the report's response id (`r2`). */
  id: string;
  /** SHA-256 hex stored with the row. */
  hash: string;
}

/** One session as `hfw export` writes it (JSON); see the module's note on the format and its version. */
export interface SessionExport {
  format: "hallucination-firewall/session";
  version: 1;
  /** ms since the Unix epoch. */
  exportedAt: number;
  session: SessionOverview;
  /** In chain order (which is recording order). */
  evidence: EvidenceRecord[];
  /** In chain order. */
  reports: Report[];
  /** Every link of the session's chain, in order. Absent in exports made before the chain existed. */
  chain?: ExportedLink[];
  /** The head the session stored when exported. */
  chainHead?: ChainHead;
  /**
   * True when personal data was masked on export (`--redact`): a masked row no longer gives its link's hash,
   * so such an export's chain checks only where nothing was masked.
   */
  redacted?: boolean;
}

/**
 * The export of the rows a chain holds. The head is read first: links after it were appended since (a
 * writer stores a row and the head together), so they are left for the next export.
 */
function assemble(session: SessionOverview, rows: readonly ChainRow[], chainHead: ChainHead, now: number): SessionExport {
  const evidence: EvidenceRecord[] = [];
  const reports: Report[] = [];
  const chain: ExportedLink[] = [];
  for (const r of rows) {
    if (r.seq > chainHead.length) continue;
    if (r.kind === "evidence") evidence.push(r.row);
    else reports.push(r.row);
    chain.push({ seq: r.seq, kind: r.kind, id: r.kind === "evidence" ? r.row.id : r.row.responseId, hash: r.hash });
  }
  return { format: "hallucination-firewall/session", version: 1, exportedAt: now, session, evidence, reports, chain, chainHead };
}

/**
 * The whole session of a synchronous store as one JSON-ready object (see {@link SessionExport}).
 * @returns undefined when the store has no such session.
 * @throws StoreError when the store cannot be read.
 */
export function exportSession(store: Store, sessionId: string, now = Date.now()): SessionExport | undefined {
  const session = browserOf(store).getSession(sessionId);
  if (!session) return undefined;
  const head = store.chainHead(sessionId);
  return assemble(session, store.chainRows(sessionId), head, now);
}

/** {@link exportSession} for any store. */
export async function exportSessionAsync(store: AnyStore, sessionId: string, now = Date.now()): Promise<SessionExport | undefined> {
  const session = await asyncBrowserOf(store).getSession(sessionId);
  if (!session) return undefined;
  const s = asAsyncStore(store);
  const head = await s.chainHead(sessionId);
  return assemble(session, await s.chainRows(sessionId), head, now);
}
