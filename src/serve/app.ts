/**
 * `createVerifierApp(options)`: the HTTP verifier as an Express app, for `hfw serve` (see `startVerifier`)
 * or to mount in an app of your own. Stateless: every request reads what it needs from the store, so any
 * number of instances may share one store behind a load balancer. What it keeps between requests (open
 * sessions, rate-limit counters) is safe to lose.
 */
import { randomUUID } from "node:crypto";
import type { Express, NextFunction, Request, Response } from "express";
import { context } from "@opentelemetry/api";
import { z } from "zod";
import { isLoopback } from "../dashboard/auth.js";
import { loadExpress } from "../dashboard/load-deps.js";
import { createDashboard } from "../dashboard/router.js";
import { Firewall, type Logger } from "../firewall.js";
import type { Strictness } from "../schema.js";
import { asAsyncStore, type AnyStore } from "../store/store.js";
import { bearerAuth } from "./bearer-tokens.js";
import { healthRoutes } from "./health-routes.js";
import { HttpError, invalid, toHttpError } from "./http-error.js";
import { httpServerSpans, requestContext } from "./http-span.js";
import { openApiDocument } from "./openapi.js";
import { perTokenRateLimit } from "./rate-limit.js";
import { type ApiContext, defineRoute, expressPath, type Route } from "./route.js";
import { createSessionCache, type SessionCache } from "./session-cache.js";
import { v1Routes } from "./v1-routes.js";

export interface VerifierAppOptions {
  /** The firewall to verify with (its store is the API's). Default: one over `store` with `strictness`. */
  firewall?: Firewall;
  /** Where sessions live, shared by every instance (default: the firewall's; else `HFW_DB`, else memory). */
  store?: AnyStore;
  /** Policy preset when a request names none (default `balanced`, or `HFW_STRICTNESS`). Ignored with `firewall`. */
  strictness?: Strictness;
  /** Bearer tokens, any of which a request may carry (default none: put the app behind your own auth). */
  tokens?: readonly string[];
  /**
   * Answer only requests whose Host header is a loopback name (421 otherwise), as the dashboard does on
   * loopback without a token: stops DNS-rebinding pages from calling a local server (default false).
   */
  loopbackHostOnly?: boolean;
  /** Largest request body, bytes (default 16 MiB); larger ones get 413. */
  bodyLimitBytes?: number;
  /** Requests per minute per token (per client address without tokens); 0 turns the limit off (default 600). */
  ratePerMinute?: number;
  /** Records one batch request may carry (default 100). */
  maxBatch?: number;
  /** Sessions kept open between requests, least recently used evicted first (default 256). */
  maxSessions?: number;
  /** Mount the dashboard under `/dashboard`, with the first token (needs a synchronous store: SQLite or memory). */
  dashboard?: boolean;
  /** How long the store may take to answer `/readyz`, ms (default 2,000). */
  readyTimeoutMs?: number;
  /** Where request failures and warnings go (default: standard error). */
  logger?: Logger;
  /** The version the OpenAPI document states (default `0.0.0`; `hfw serve` passes the package's). */
  version?: string;
}

export interface VerifierApp {
  /** The Express app: `listen` it (as `startVerifier` does) or mount it in your own. */
  app: Express;
  /** The firewall the routes verify with; its store is the one the API reads and writes. */
  firewall: Firewall;
  /** Every route served, health probes and the OpenAPI document's own included. */
  routes: readonly Route[];
  /** The OpenAPI 3.1 document `GET /v1/openapi.json` serves. */
  openapi: Record<string, unknown>;
  /** The sessions kept open between requests. */
  sessions: SessionCache;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Starts draining: `/readyz` answers 503 and responses close their connections. */
  drain(): void;
}

const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;
const NoQuery = z.strictObject({});

/**
 * Builds the verifier: probes, the `/v1` routes, the OpenAPI document, and in front of them request ids,
 * server spans, the Host check, bearer tokens, rate limits and the body limit, in that order.
 * @returns the app and what it serves (see {@link VerifierApp}); nothing listens until you `listen` it.
 * @throws ConfigError when express (or express-rate-limit with a rate) is not installed, or the dashboard
 *   is asked for with an asynchronous store.
 */
export function createVerifierApp(options: VerifierAppOptions = {}): VerifierApp {
  const express = loadExpress();
  const log = options.logger ?? { warn: (message: string) => process.stderr.write(`hfw serve: ${message}\n`) };
  const firewall =
    options.firewall ??
    new Firewall({ ...(options.store ? { store: options.store } : {}), ...(options.strictness ? { strictness: options.strictness } : {}), logger: log });
  const store = firewall.store;
  const sessions = createSessionCache(firewall, options.maxSessions ?? 256);
  const ctx: ApiContext = { firewall, sessions, store, async: asAsyncStore(store) };
  const tokens = options.tokens ?? [];
  let draining = false;
  let inFlight = 0;

  const health = healthRoutes({ draining: () => draining, readyTimeoutMs: options.readyTimeoutMs ?? 2_000, log: (m) => log.warn(m) });
  const api = v1Routes({ maxBatch: options.maxBatch ?? 100 });
  let openapi: Record<string, unknown> = {};
  const docRoute = defineRoute({
    method: "get",
    path: "/v1/openapi.json",
    operationId: "openapi",
    summary: "This document",
    responses: { 200: { description: "The OpenAPI 3.1 document of this API.", schema: z.record(z.string(), z.unknown()) } },
    errors: [],
    handle: async () => ({ status: 200, body: openapi }),
  });
  const routes = [...health, ...api, docRoute];
  openapi = openApiDocument(routes, { version: options.version ?? "0.0.0" });

  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.get("x-request-id");
    res.locals.requestId = given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    res.set("X-Request-Id", res.locals.requestId as string);
    res.set("Cache-Control", "no-store");
    if (draining) res.set("Connection", "close");
    inFlight++;
    res.once("close", () => inFlight--);
    next();
  });
  app.use(httpServerSpans());
  if (options.loopbackHostOnly) {
    app.use((req: Request, _res: Response, next: NextFunction) => {
      const host = (req.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
      if (isLoopback(host)) return next();
      next(new HttpError(421, "misdirected_request", "This server answers only to localhost, 127.0.0.1 or [::1]: call it by one of those names."));
    });
  }
  for (const route of health) mount(app, route, ctx);
  if (options.dashboard) {
    app.use("/dashboard", createDashboard({ store, ...(tokens[0] ? { token: tokens[0] } : {}) }));
  }
  if (tokens.length > 0) {
    app.use(
      bearerAuth(tokens, (_req, res) => {
        res.set("WWW-Authenticate", 'Bearer realm="hfw"');
        const error = new HttpError(
          401,
          "unauthorized",
          "Missing or wrong token: send 'Authorization: Bearer TOKEN' with a token the server was started with.",
        );
        res.status(401).json(error.body);
      }),
    );
  }
  const rate = options.ratePerMinute ?? 600;
  if (rate > 0) app.use(perTokenRateLimit(rate));
  app.use(express.json({ limit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT, type: "application/json" }));
  for (const route of [...api, docRoute]) mount(app, route, ctx);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new HttpError(404, "not_found", `No route ${req.method} ${req.path}: the routes are listed in GET /v1/openapi.json.`));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestId = String(res.locals.requestId ?? "");
    const { http, internal } = toHttpError(error, requestId);
    if (internal) log.warn(`request ${requestId} ${req.method} ${req.originalUrl} failed: ${(error as Error)?.stack ?? String(error)}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(http.status)
      .set(http.extra.headers ?? {})
      .json(http.body);
  });

  return {
    app,
    firewall,
    routes,
    openapi,
    sessions,
    get inFlight() {
      return inFlight;
    },
    drain: () => {
      draining = true;
    },
  };
}

/** Mounts a route: validates path, query and body with its schemas (400 before anything runs), then answers. */
function mount(app: Express, route: Route, ctx: ApiContext): void {
  const path = expressPath(route.path);
  app[route.method](path, (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = path;
    const aborter = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) aborter.abort();
    });
    const run = async () => {
      const params = route.params?.safeParse(req.params);
      if (params && !params.success) throw invalid("path", params.error);
      const query = (route.query ?? NoQuery).safeParse(req.query);
      if (!query.success) throw invalid("query", query.error);
      let body: unknown;
      if (route.body) {
        if (!req.is("application/json")) throw new HttpError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
        const parsed = route.body.safeParse(req.body);
        if (!parsed.success) throw invalid("body", parsed.error);
        body = parsed.data;
      }
      const input = { params: params?.data, query: route.query ? query.data : undefined, body, signal: aborter.signal } as Parameters<Route["handle"]>[1];
      const result = await context.with(requestContext(res), () => route.handle(ctx, input));
      res.status(result.status).json(result.body);
    };
    run().catch(next);
  });
}
