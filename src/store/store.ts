/**
 * Where sessions, evidence and reports are kept: {@link Store} in this process (in memory, or a SQLite
 * file; synchronous), {@link AsyncStore} over the network (PostgreSQL). A store write that fails must throw
 * (or reject), never drop silently. Every store keeps each session's hash chain (see `ledger-chain.ts`) and
 * gives evidence its id, so that any number of processes may record into one session.
 */
import type { EvidenceRecord, Report } from "../schema.js";
import type { ChainHead, ChainRow } from "./ledger-chain.js";

export interface SessionSummary {
  sessionId: string;
  createdAt: number;
  evidenceCount: number;
  reportCount: number;
}

/** A page: `limit` rows after skipping `offset`. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/** What {@link Store.appendEvidence} returns per record. */
export interface AppendedEvidence {
  /** The record as stored (with its id), or the one already stored under the same `callId`. */
  record: EvidenceRecord;
  /** False when a record with the same `callId` was already stored and nothing was written. */
  added: boolean;
}

/** A record before the store gives it its id. */
export type NewEvidence = Omit<EvidenceRecord, "id">;

/** What a session's store holds beyond what a process has loaded (see {@link Store.sessionDelta}). */
export interface SessionDelta {
  /** Evidence after the first `known.evidence` records, in recording order. */
  evidence: EvidenceRecord[];
  /** Reports after the first `known.reports`, in order. */
  reports: Report[];
  evidenceCount: number;
  reportCount: number;
  /** The session's chain head after those records. */
  head: ChainHead;
}

/**
 * A synchronous store. Methods throw StoreError when the store cannot do what they say.
 */
export interface Store {
  /** Creates the session if it is new; a no-op otherwise. */
  ensureSession(sessionId: string): void;
  /**
   * Writes a record under the id it already has (an import, a copy); it joins the chain.
   * @throws StoreError when the session already holds that id.
   */
  putEvidence(sessionId: string, record: EvidenceRecord): void;
  /**
   * Appends records as the session's next ones, in one transaction: each gets the id `e<n+1>` after the n
   * records stored before it, unless the session already holds a record with the same `callId` (returned
   * instead, nothing written). Writers in other processes append to the same session safely.
   */
  appendEvidence(sessionId: string, records: readonly NewEvidence[]): AppendedEvidence[];
  /** Evidence in recording order (all, or one page). */
  listEvidence(sessionId: string, page?: PageRequest): EvidenceRecord[];
  /**
   * Writes a report, its claims and verdicts in one transaction; it joins the chain.
   * @throws ResponseIdTaken when the session already holds a report with this `responseId` (another
   *   process verified in the same session meanwhile): renumber it and write again.
   */
  putReport(report: Report): void;
  /** Reports in order (all, or one page). */
  listReports(sessionId: string, page?: PageRequest): Report[];
  listSessions(): SessionSummary[];
  deleteSession(sessionId: string): void;
  /**
   * Evidence and reports after the first `known` ones, with the session's counters and chain head, from
   * one snapshot: how a process keeps its copy of a session current without reloading it.
   */
  sessionDelta(sessionId: string, known: { evidence: number; reports: number }): SessionDelta;
  /** The session's chain head as stored with it (the empty head for an unknown session). */
  chainHead(sessionId: string): ChainHead;
  /**
   * The chain's links after the first `after` (default 0), in order, at most `limit` of them (default: all):
   * for `auditChain`, page by page. A row the store holds without a link (written around the store) comes
   * first with `seq` 0, in every page, so that an audit finds it.
   */
  chainRows(sessionId: string, after?: number, limit?: number): ChainRow[];
}

/** {@link Store} with every method returning a promise, plus `close`; what a networked store implements. */
export type AsyncStore = { readonly async: true; close(): Promise<void> } & {
  [K in keyof Store]: Store[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

/** Either kind of store. */
export type AnyStore = Store | AsyncStore;

/** True for a store whose methods return promises. */
export function isAsyncStore(store: AnyStore): store is AsyncStore {
  return (store as { async?: unknown }).async === true;
}

/**
 * The asynchronous view of any store: an {@link AsyncStore} as it is, a synchronous one wrapped so that
 * each call runs at once and its result (or StoreError) comes as a settled promise.
 */
export function asAsyncStore(store: AnyStore): AsyncStore {
  if (isAsyncStore(store)) return store;
  const call =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<R> =>
      fn.apply(store, args);
  return {
    async: true,
    close: async () => {
      (store as { close?: () => void }).close?.();
    },
    ensureSession: call(store.ensureSession),
    putEvidence: call(store.putEvidence),
    appendEvidence: call(store.appendEvidence),
    listEvidence: call(store.listEvidence),
    putReport: call(store.putReport),
    listReports: call(store.listReports),
    listSessions: call(store.listSessions),
    deleteSession: call(store.deleteSession),
    sessionDelta: call(store.sessionDelta),
    chainHead: call(store.chainHead),
    chainRows: call(store.chainRows),
  };
}
