/**
 * `createDashboard({ store })`: an Express router with the dashboard's pages, its JSON API under `/api`,
 * its two static assets, security headers (helmet) and optional token auth. Mount it anywhere:
 * `app.use("/hfw", createDashboard({ store }))`. It only reads the store.
 */
import { isAbsolute, relative } from "node:path";
import type { NextFunction, Request, Response, Router } from "express";
import {
  browserOf,
  exportSession,
  redactEvidence,
  redactFromEnv,
  redactReport,
  redactText,
  type EvidenceRecord,
  type Report,
  type SessionBrowser,
  type Store,
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
  /** Where sessions are read from: a `SqliteStore` (indexed queries) or any other `Store` (scanned). */
  store: Store;
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

/** Redacts what a browser reads, for stores that keep the original text. */
function redactor(on: boolean) {
  return {
    report: (r: Report): Report => (on ? redactReport(r) : r),
    evidence: (e: EvidenceRecord): EvidenceRecord => (on ? redactEvidence(e) : e),
    text: (s: string): string => (on ? redactText(s) : s),
  };
}

/**
 * @returns an Express router (pages at `/`, `/sessions/:id`, `/sessions/:id/evidence`,
 *   `/sessions/:id/evidence/:evidenceId`; the API under `/api`, see the README).
 * @throws ConfigError when express or helmet is not installed.
 */
export function createDashboard(options: DashboardOptions): Router {
  const express = loadExpress();
  const browser: SessionBrowser = browserOf(options.store);
  const pageSize = options.pageSize ?? 20;
  const trendDays = options.trendDays ?? 30;
  const r = redactor(options.redact ?? redactFromEnv());
  const storeLabel = "path" in options.store && typeof options.store.path === "string" ? shortPath(options.store.path) : "in-memory store";
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
  router.get("/", (req, res) => {
    const q = parseQuery(SessionsPageQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const v = q.value;
    const result = browser.querySessions({ search: v.q || undefined, status: v.status, sort: v.sort, limit: v.size, offset: (v.page - 1) * v.size });
    sendPage(res, sessionsPage(ctxOf(req), { result, view: v, trends: browser.trends({ days: trendDays }), days: trendDays }));
  });

  router.get("/sessions/:id", (req, res) => {
    const session = browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}' in this store.`);
    const q = parseQuery(PageQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const reports = browser.listReports(session.sessionId, { limit: pageSize, offset: (q.value.page - 1) * pageSize }).map(r.report);
    sendPage(res, sessionPage(ctxOf(req), { session, summaries: browser.reportSummaries(session.sessionId), reports, page: q.value.page, size: pageSize }));
  });

  router.get("/sessions/:id/evidence", (req, res) => {
    const session = browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}' in this store.`);
    const q = parseQuery(PageQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const records = browser.listEvidence(session.sessionId, { limit: pageSize, offset: (q.value.page - 1) * pageSize }).map(r.evidence);
    sendPage(res, evidencePage(ctxOf(req), { session, summaries: browser.reportSummaries(session.sessionId), records, page: q.value.page, size: pageSize }));
  });

  router.get("/sessions/:id/evidence/:evidenceId", (req, res) => {
    const record = browser.getEvidence(req.params.id as string, req.params.evidenceId as string);
    if (!record) return fail(req, res, 404, `No evidence '${req.params.evidenceId}' in session '${r.text(req.params.id as string)}'.`);
    sendPage(res, recordPage(ctxOf(req), req.params.id as string, r.evidence(record)));
  });

  // JSON API.
  const api = express.Router();
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.get("/sessions", (req, res) => {
    const q = parseQuery(SessionsApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const v = q.value;
    res.json(browser.querySessions({ search: v.q || undefined, status: v.status, sort: v.sort, limit: v.limit, offset: v.offset }));
  });
  api.get("/sessions/:id", (req, res) => {
    const session = browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    res.json({ session, answers: browser.reportSummaries(session.sessionId) });
  });
  api.get("/sessions/:id/reports", (req, res) => {
    const session = browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const q = parseQuery(ListApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json({ total: session.responses, ...q.value, reports: browser.listReports(session.sessionId, q.value).map(r.report) });
  });
  api.get("/sessions/:id/reports/:responseId", (req, res) => {
    const id = req.params.id as string;
    const index = browser.reportSummaries(id).findIndex((s) => s.responseId === req.params.responseId);
    if (index < 0) return fail(req, res, 404, `No answer '${req.params.responseId}' in session '${r.text(id)}'.`);
    res.json(r.report(browser.listReports(id, { limit: 1, offset: index })[0]!));
  });
  api.get("/sessions/:id/evidence", (req, res) => {
    const session = browser.getSession(req.params.id as string);
    if (!session) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const q = parseQuery(ListApiQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json({ total: session.evidenceCount, ...q.value, evidence: browser.listEvidence(session.sessionId, q.value).map(r.evidence) });
  });
  api.get("/sessions/:id/evidence/:evidenceId", (req, res) => {
    const record = browser.getEvidence(req.params.id as string, req.params.evidenceId as string);
    if (!record) return fail(req, res, 404, `No evidence '${req.params.evidenceId}' in session '${r.text(req.params.id as string)}'.`);
    res.json(r.evidence(record));
  });
  api.get("/sessions/:id/export", (req, res) => {
    const q = parseQuery(ExportQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    const data = exportSession(browser, req.params.id as string);
    if (!data) return fail(req, res, 404, `No session '${r.text(req.params.id as string)}'.`);
    const safe = { ...data, evidence: data.evidence.map(r.evidence), reports: data.reports.map(r.report) };
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
  api.get("/trends", (req, res) => {
    const q = parseQuery(TrendsQuery, req.query);
    if (!q.ok) return fail(req, res, 400, q.message);
    res.json(browser.trends({ days: q.value.days }));
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
