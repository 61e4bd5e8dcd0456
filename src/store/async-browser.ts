/**
 * The read-side queries of any store, as promises: what the dashboard, `hfw sessions` and the MCP resources
 * read, whether the store is in memory, a SQLite file or PostgreSQL.
 */
import {
  type AsyncSessionBrowser,
  browserOf,
  isSessionBrowser,
  overviewFrom,
  pageOf,
  querySessionList,
  type SessionBrowser,
  type SessionOverview,
  summaryOfReport,
  trendsOf,
} from "./session-browser.js";
import { type AnyStore, type AsyncStore, isAsyncStore, type SessionSummary } from "./store.js";

/**
 * @returns for an asynchronous store that answers the browsing queries itself (PostgreSQL), the store; for a
 *   synchronous one, {@link browserOf} with each answer as a settled promise; for any other asynchronous
 *   store, a browser that scans it (linear in its size, like `browserOf` over the memory store).
 */
export function asyncBrowserOf(store: AnyStore): AsyncSessionBrowser {
  if (!isAsyncStore(store)) return promised(browserOf(store));
  if (isSessionBrowser(store)) return store as AsyncStore & AsyncSessionBrowser;
  return scanning(store);
}

function promised(browser: SessionBrowser): AsyncSessionBrowser {
  const call =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<R> =>
      fn.apply(browser, args);
  return {
    querySessions: call(browser.querySessions),
    getSession: call(browser.getSession),
    reportSummaries: call(browser.reportSummaries),
    listReports: call(browser.listReports),
    listEvidence: call(browser.listEvidence),
    getEvidence: call(browser.getEvidence),
    trends: call(browser.trends),
  };
}

function scanning(store: AsyncStore): AsyncSessionBrowser {
  const overview = async (s: SessionSummary): Promise<SessionOverview> =>
    overviewFrom(s, await store.listReports(s.sessionId), await store.listEvidence(s.sessionId));
  const all = async () => Promise.all((await store.listSessions()).map(overview));
  return {
    querySessions: async (query) => querySessionList(await all(), query),
    async getSession(sessionId) {
      const s = (await store.listSessions()).find((x) => x.sessionId === sessionId);
      return s && overview(s);
    },
    reportSummaries: async (sessionId) => (await store.listReports(sessionId)).map(summaryOfReport),
    listReports: async (sessionId, page) => pageOf(await store.listReports(sessionId), page),
    listEvidence: async (sessionId, page) => pageOf(await store.listEvidence(sessionId), page),
    getEvidence: async (sessionId, evidenceId) => (await store.listEvidence(sessionId)).find((e) => e.id === evidenceId),
    async trends({ days, now = Date.now() }) {
      const reports = await Promise.all((await store.listSessions()).map((s) => store.listReports(s.sessionId)));
      return trendsOf(reports.flat(), days, now);
    },
  };
}
