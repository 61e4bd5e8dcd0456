/**
 * An OpenTelemetry HTTP server span per request, through `@opentelemetry/api` only: named and attributed
 * as the stable HTTP semantic conventions say (`docs/http/http-spans.md`: `{method} {http.route}`,
 * `http.request.method`, `url.path`, `http.response.status_code`, ...), parented on the caller's W3C
 * `traceparent` when it sends one (`propagation.extract`; the registered propagator decides, W3C Trace
 * Context by default in the SDK). The firewall's own spans (`hfw.verify`, its tiers) open under it.
 * Without an SDK every call is a no-op.
 */
import { type Context, context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { NextFunction, Request, Response } from "express";
import { SCOPE } from "../telemetry/names.js";
import { safely } from "../telemetry/safely.js";

/** Methods the conventions name; any other is reported as `_OTHER`. */
const KNOWN_METHODS = new Set(["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]);

/** The context a request's handler runs in (its server span's), kept on `res.locals`. */
export function requestContext(res: Response): Context {
  return (res.locals.otelContext as Context | undefined) ?? context.active();
}

/**
 * Middleware that opens the server span. A route handler sets `res.locals.route` (the matched template,
 * e.g. `/v1/sessions/:id/verify`) and runs in {@link requestContext} explicitly, so that no middleware in
 * between (a body parser, a rate-limit store) can lose the context on its way through socket events.
 */
export function httpServerSpans() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = safely(
      "http server span",
      () => {
        const parent = propagation.extract(ROOT_CONTEXT, req.headers);
        const method = KNOWN_METHODS.has(req.method) ? req.method : "_OTHER";
        const local = req.socket.localPort;
        const span = trace.getTracer(SCOPE).startSpan(
          method,
          {
            kind: SpanKind.SERVER,
            attributes: {
              "http.request.method": method,
              ...(method === "_OTHER" ? { "http.request.method_original": req.method } : {}),
              "url.path": req.path,
              "url.scheme": req.protocol,
              "network.protocol.version": req.httpVersion,
              ...(req.hostname ? { "server.address": req.hostname } : {}),
              ...(local ? { "server.port": local } : {}),
              ...(req.socket.remoteAddress ? { "client.address": req.socket.remoteAddress } : {}),
              ...(req.get("user-agent") ? { "user_agent.original": req.get("user-agent") } : {}),
            },
          },
          parent,
        );
        return { span, method, ctx: trace.setSpan(parent, span) };
      },
      undefined,
    );
    if (!started) return next();
    const { span, method, ctx } = started;
    res.locals.otelContext = ctx;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      safely(
        "http server span",
        () => {
          const route = res.locals.route as string | undefined;
          if (route) {
            span.setAttribute("http.route", route);
            span.updateName(`${method} ${route}`);
          }
          if (!res.writableFinished) {
            span.setAttribute("error.type", "aborted");
            span.setStatus({ code: SpanStatusCode.ERROR, message: "the client closed the connection before the response was sent" });
          } else {
            span.setAttribute("http.response.status_code", res.statusCode);
            // Server spans mark 5xx only: a 4xx is the client's error, not the server's (HTTP span conventions).
            if (res.statusCode >= 500) {
              span.setAttribute("error.type", String(res.statusCode));
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
          }
          span.end();
        },
        undefined,
      );
    };
    res.once("finish", end);
    res.once("close", end);
    context.with(ctx, next);
  };
}
