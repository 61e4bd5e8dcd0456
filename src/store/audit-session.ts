/**
 * The audit of one session's chain as a store holds it: its links read page by page and replayed with
 * `replayChain`, then the head they give compared with the head the session stores. What `hfw audit verify`,
 * the dashboard and a fail-closed `Session` run.
 */
import { type ChainAudit, type ChainBreak, type ChainHead, compareHead, EMPTY_HEAD, type ChainReplay, replayChain } from "./ledger-chain.js";
import { type AnyStore, type AsyncStore, asAsyncStore } from "./store.js";

/** Links read per page by default: a page of ordinary tool outputs is a few MB. */
export const AUDIT_PAGE_SIZE = 1_000;

/** How many times an audit reads on when the stored head is ahead of the rows (another process appending). */
const CATCH_UP_READS = 3;

export interface AuditSessionOptions {
  /**
   * A head verified before (default: the genesis): only the links after it are replayed, and the link at
   * its place must still carry its hash. What keeps a fail-closed session's audit short.
   */
  from?: ChainHead;
  /** Links read per store call (default {@link AUDIT_PAGE_SIZE}). */
  pageSize?: number;
}

/**
 * Audits a session's chain in the store. Safe while other processes append: a writer stores a row and the
 * head together, so rows read before the head can only be behind it, and the audit reads on until it
 * catches up (a few times) before it calls the missing links deleted.
 * @returns the audit (`ok`, the head the rows give, the stored head, the first break). An unknown session
 *   has the empty chain, which is `ok`.
 * @throws StoreError when the store cannot be read.
 */
export async function auditSession(store: AnyStore, sessionId: string, options: AuditSessionOptions = {}): Promise<ChainAudit> {
  const s = asAsyncStore(store);
  const from = options.from ?? EMPTY_HEAD;
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? AUDIT_PAGE_SIZE));
  const anchorBreak = from.length > 0 ? await checkAnchor(s, sessionId, from) : undefined;
  let replay: ChainReplay = anchorBreak ? { head: from, break: anchorBreak } : await replayStored(s, sessionId, from, pageSize);
  let stored = await s.chainHead(sessionId);
  for (let i = 0; i < CATCH_UP_READS && !replay.break && stored.length > replay.head.length; i++) {
    replay = await replayStored(s, sessionId, replay.head, pageSize);
    stored = await s.chainHead(sessionId);
  }
  if (replay.break) return { ok: false, length: replay.head.length, head: replay.head, storedHead: stored, break: replay.break };
  return compareHead(replay.head, stored);
}

/** Replays the stored links after `from`, a page at a time, up to the first break or the last link. */
async function replayStored(s: AsyncStore, sessionId: string, from: ChainHead, pageSize: number): Promise<ChainReplay> {
  let head = from;
  for (;;) {
    const page = await s.chainRows(sessionId, head.length, pageSize);
    if (page.length === 0) return { head };
    const replay = replayChain(page, head);
    // A store that does not page gives every link at once: the next read then comes back empty.
    if (replay.break || page.length < pageSize || replay.head.length === head.length) return replay;
    head = replay.head;
  }
}

/** The link a session verified before must still be there with its hash: else the chain up to it was rewritten. */
async function checkAnchor(s: AsyncStore, sessionId: string, from: ChainHead): Promise<ChainBreak | undefined> {
  const [row] = await s.chainRows(sessionId, from.length - 1, 1);
  if (row && !(row.seq >= 1)) return replayChain([row], from).break;
  if (!row || row.seq !== from.length) {
    return { seq: from.length, problem: "moved", cause: "deleted", message: `link ${from.length}, verified before, is missing: rows were deleted.` };
  }
  if (row.hash === from.hash) return undefined;
  const id = row.kind === "evidence" ? row.row.id : row.row.responseId;
  return {
    seq: from.length,
    problem: "edited",
    cause: "edited",
    row: { kind: row.kind, id },
    message: `${row.kind} ${id} (link ${from.length}) no longer carries the hash verified before: the chain up to it was rewritten.`,
  };
}
