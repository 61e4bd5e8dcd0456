/**
 * `createDashboard({ store })`: an Express router with the dashboard's pages, its JSON API under `/api`,
 * its two static assets, security headers (helmet) and optional token auth. Mount it anywhere:
 * `app.use("/hfw", createDashboard({ store }))`. It only reads the store, which may be any store (in memory,
 * SQLite or PostgreSQL): every handler awaits it, and Express 5 sends a rejected read to the error handler.
 */
import { isAbsolute, relative } from "node:path";
import type { NextFunction, Request, Response, Router } from "express";
import {
  type AnyStore,
  asyncBrowserOf,
  auditSession,
  type AsyncSessionBrowser,
  type ChainAudit,
  type EvidenceRecord,
  exportSessionAsync,
  isAsyncStore,
  redactEvidence,
  redactFromEnv,
  redactReport,
  redactText,
  type Report,
  type SessionOverview,
} from "../index.js";
import { APP_JS } from "./assets/script.js";
import { STYLE_CSS } from "./assets/style.js";
import { tokenAuth } from "./auth.js";
import { loadExpress, loadHelmet } from "./load-deps.js";
import { messagePage, type PageContext } from "./layout.js";
import { renderSessionMarkdown } from "./markdown-report.js";
import { evidencePage, recordPage } from "./pages/evidence-page.js";
import { sessionPage } from "./pages/session-page.js";
import { sessionsPage } from "./pages/sessions-page.js";
import { ExportQuery, ListApiQuery, PageQuery, parseQuery, SessionsApiQuery, SessionsPageQuery, TrendsQuery } from "./query.js";

export interface DashboardOptions {
  /**
   * Where sessions are read from: a `SqliteStore` or a PostgreSQL store (indexed queries), or any other
   * store (scanned; see `asyncBrowserOf`).
   */
  store: AnyStore;
  /** How the header names the store (default: a SQLite store's path, else "in-memory store" or "database"). */
  storeLabel?: string;
  /** When set, every request needs this token (Bearer header, `hfw_token` cookie, or `?token=` once). */
  token?: string;
  /** Mask personal data in everything shown or served (default: `HFW_REDACT`). See `redactText`. */
  redact?: boolean;
  /** Answers per session page and evidence records per ledger page (default 20). */
  pageSize?: number;
  /** Days of the sessions list's chart (default 30). */
  trendDays?: number;
  /** Page title (default `hallucination-firewall`). */
  title?: string;
}

/** Headers set on every response: a CSP that allows only this router's own script and stylesheet. */
function securityHeaders() {
  const helmet = loadHelmet();
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    // Left to the app that serves it over HTTPS: pinning HTTPS on localhost would break other local tools.
    strictTransportSecurity: false,
  });
}

/** A database path as the header shows it: relative to the working folder when inside it. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** How the header names a store it was not told the name of. */
function labelOf(store: AnyStore): string {
  const path = (store as { path?: unknown }).path;
  if (typeof path === "string") return shortPath(path);
  return isAsyncStore(store) ? "database" : "in-memory store";
}

/** Redacts what a browser reads, for stores that keep the original text. */
function redactor(on: boolean) {
  return {
    on,
    report: (r: Report): Report => (on ? redactReport(r) : r),
    evidence: (e: EvidenceRecord): EvidenceRecord => (on ? redactEvidence(e) : e),
    text: (s: string): string => (on ? redactText(s) : s),
  };
}

/**
 * @returns an Express router (pages at `/`, `/sessions/:id`, `/sessions/:id/evidence`,
 *   `/sessions/:id/evidence/:evidenceId`; the API under `/api`, see docs/store-and-dashboard.md).
 * @throws ConfigError when express or helmet is not installed.
 */
export function createDashboard(options: DashboardOptions): Router {
  const express = loadExpress();
  const browser: AsyncSessionBrowser = asyncBrowserOf(options.store);
  const pageSize = options.pageSize ?? 20;
  const trendDays = options.trendDays ?? 30;
  const r = redactor(options.redact ?? redactFromEnv());
  const storeLabel = options.storeLabel ?? labelOf(options.store);
  /** The session's overview, its answers without claims, and the audit of its chain, read at once. */
  const sessionView = async (
    id: string,
  ): Promise<{ session: SessionOverview; summaries: Awaited<ReturnType<AsyncSessionBrowser["reportSummaries"]>>; audit: ChainAudit } | undefined> => {
    const [session, summaries, audit] = await Promise.all([browser.getSession(id), browser.reportSummaries(id), auditSession(options.store, id)]);
    return session && { session, summaries, audit };
  };
  const router = express.Router();
  const ctxOf = (req: Request): PageContext => ({ base: req.baseUrl, storeLabel, title: options.title ?? "hallucination-firewall" });
  const sendPage = (res: Response, page: { value: string }, status = 200) => res.status(status).type("html").set("Cache-Control", "no-store").send(page.value);
  /** Errors are JSON under /api (the API router marks its responses), a page elsewhere. */
  const fail = (req: Request, res: Response, status: number, message: string) => {
    if (res.locals.api === true) res.status(status).set("Cache-Control", "no-store").json({ error: { status, message } });
    else sendPage(res, messagePage(ctxOf(req), status === 404 ? "Not found" : status === 401 ? "Token needed" : "Bad request", message), status);
  };

  router.use(securityHeaders());
  router.use((req, res, next) => {
    if (req.path === "/api" || req.path.startsWith("/api/")) res.locals.api = true;
    next();
  });
  if (options.token) {
    router.use(
      tokenAuth(options.token, (req, res) =>
        fail(
          req,
          res,
          401,
          "This dashboard needs its token: open the address printed by 'hfw dashboard' (it ends in ?token=…), or send 'Authorization: Bearer TOKEN'.",
        ),
      ),
    );
  }

  router.get("/assets/style.css", (_req, res) => {
    res.type("text/css").set("Cache-Control", "public, max-age=3600").send(STYLE_CSS);
  });
  router.get("/assets/app.js", (_req, res) => {
    res.type("text/javascript").set("Cache-Control", "public, max-age=3600").send(APP_JS);
  });

  // Pages.
  router.get("/", async (req, res) => {
    const q = parseQuery(SessionsPageQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const v = q.value;
    const [result, trends] = await Promise.all([
      browser.querySessions({ search: v.q || undefined, status: v.status, sort: v.sort, limit: v.size, offset: (v.page - 1) * v.size }),
      browser.trends({ days: trendDays }),
    ]);
    sendPage(res, sessionsPage(ctxOf(req), { result, view: v, trends, days: trendDays }));
  });

  router.get("/sessions/:id", async (req, res) => {
    const q = parseQuery(PageQuery, req.query);
    const view = await sessionView(req.params.id as string);
    if (!view) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}' in this store.`);
    if (!q.ok) return fail(req, res, 400, q.message);
    const reports = (await browser.listReports(view.session.sessionId, { limit: pageSize, offset: (q.value.page - 1) * pageSize })).map(r.report);
    sendPage(res, sessionPage(ctxOf(req), { ...view, reports, page: q.value.page, size: pageSize }));
  });

  router.get("/sessions/:id/evidence", async (req, res) => {
    const q = parseQuery(PageQuery, req.query);
    const view = await sessionView(req.params.id as string);
    if (!view) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}' in this store.`);
    if (!q.ok) return fail(req, res, 400, q.message);
    const records = (await browser.listEvidence(view.session.sessionId, { limit: pageSize, offset: (q.value.page - 1) * pageSize })).map(r.evidence);
    sendPage(res, evidencePage(ctxOf(req), { ...view, records, page: q.value.page, size: pageSize }));
  });

  router.get("/sessions/:id/evidence/:evidenceId", async (req, res) => {
    const record = await browser.getEvidence(req.params.id as string, req.params.evidenceId as string);
    if (!record) return fail(req, res, 404, `No evidence '${req.params.evidenceId}' in session '${r.text(req.params.id as string)}'.`);
    sendPage(res, recordPage(ctxOf(req), req.params.id as string, r.evidence(record)));
  });

  // JSON API.
  const api = express.Router();
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.get("/sessions", async (req, res) => {
    const q = parseQuery(SessionsApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const v = q.value;
    res.json(await browser.querySessions({ search: v.q || undefined, status: v.status, sort: v.sort, limit: v.limit, offset: v.offset }));
  });
  api.get("/sessions/:id", async (req, res) => {
    const view = await sessionView(req.params.id as string);
    if (!view) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    res.json({ session: view.session, answers: view.summaries, audit: view.audit });
  });
  api.get("/sessions/:id/audit", async (req, res) => {
    const id = req.params.id as string;
    const [session, audit] = await Promise.all([browser.getSession(id), auditSession(options.store, id)]);
    if (!session) return fail(req, res, 404, `No session '${r.text(id)}'.`);
    res.json(audit);
  });
  api.get("/sessions/:id/reports", async (req, res) => {
    const session = await browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const q = parseQuery(ListApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json({ total: session.responses, ...q.value, reports: (await browser.listReports(session.sessionId, q.value)).map(r.report) });
  });
  api.get("/sessions/:id/reports/:responseId", async (req, res) => {
    const id = req.params.id as string;
    const index = (await browser.reportSummaries(id)).findIndex((s) => s.responseId === req.params.responseId);
    if (index < 0) return fail(req, res, 404, `No answer '${req.params.responseId}' in session '${r.text(id)}'.`);
    res.json(r.report((await browser.listReports(id, { limit: 1, offset: index }))[0]!));
  });
  api.get("/sessions/:id/evidence", async (req, res) => {
    const session = await browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const q = parseQuery(ListApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json({ total: session.evidenceCount, ...q.value, evidence: (await browser.listEvidence(session.sessionId, q.value)).map(r.evidence) });
  });
  api.get("/sessions/:id/evidence/:evidenceId", async (req, res) => {
    const record = await browser.getEvidence(req.params.id as string, req.params.evidenceId as string);
    if (!record) return fail(req, res, 404, `No evidence '${req.params.evidenceId}' in session '${r.text(req.params.id as string)}'.`);
    res.json(r.evidence(record));
  });
  api.get("/sessions/:id/export", async (req, res) => {
    const q = parseQuery(ExportQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const data = await exportSessionAsync(options.store, req.params.id as string);
    if (!data) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const safe = r.on ? { ...data, evidence: data.evidence.map(r.evidence), reports: data.reports.map(r.report), redacted: true } : data;
    const file = `hfw-session-${(req.params.id as string).replace(/[^\w.-]+/g, "_").slice(0, 80)}`;
    if (q.value.format === "md") {
      res.type("text/markdown; charset=utf-8").attachment(`${file}.md`).send(renderSessionMarkdown(safe));
    } else {
      res
        .attachment(`${file}.json`)
        .type("application/json")
        .send(`${JSON.stringify(safe, null, 2)}\n`);
    }
  });
  api.get("/trends", async (req, res) => {
    const q = parseQuery(TrendsQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json(await browser.trends({ days: q.value.days }));
  });
  router.use("/api", api);

  router.use((req, res) => fail(req, res, 404, `Nothing at ${req.path}.`));
  // A store that fails to read (locked beyond its timeout, deleted file) answers 500 with the reason.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const message = error instanceof Error ? error.message : String(error);
    fail(req, res, 500, `The dashboard could not read the store: ${message}`);
  });
  return router;
}
