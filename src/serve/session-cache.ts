/**
 * The sessions a verifier keeps open between requests, least recently used first out. Safe to lose: a
 * `Session` loads from the store and syncs incrementally, so an evicted one is reopened whole by the next
 * request (on this instance or any other). A Map keeps insertion order, which is all an LRU needs.
 */
import type { Firewall } from "../firewall.js";
import type { Session } from "../session.js";

export interface SessionCache {
  /** The session, opened (and made most recent) on this call; the least recent one is released past `max`. */
  get(sessionId: string): Session;
  /**
   * Forgets a session (releases it from the firewall), e.g. after a store error left writes queued in it:
   * the next request reopens it from what the store really holds.
   */
  drop(sessionId: string): void;
  /** Sessions open now. */
  readonly size: number;
}

/** @param max sessions kept open (at least 1). */
export function createSessionCache(firewall: Firewall, max: number): SessionCache {
  const open = new Map<string, Session>();
  const drop = (sessionId: string) => {
    open.delete(sessionId);
    firewall.release(sessionId);
  };
  return {
    get(sessionId) {
      let session = open.get(sessionId);
      if (session) open.delete(sessionId);
      else session = firewall.session(sessionId);
      open.set(sessionId, session);
      while (open.size > Math.max(1, max)) drop(open.keys().next().value!);
      return session;
    },
    drop,
    get size() {
      return open.size;
    },
  };
}
