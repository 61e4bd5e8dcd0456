/**
 * Optional token auth and a Host check. With a token, a request passes with `Authorization: Bearer TOKEN`,
 * with the `hfw_token` cookie, or with `?token=TOKEN` once (a page then sets the cookie and drops the token
 * from its address). The Host check stops DNS-rebinding pages from reading a dashboard on 127.0.0.1.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

const COOKIE = "hfw_token";

function digest(s: string): Buffer {
  return createHash("sha256").update(s).digest();
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Middleware that lets a request through only with the token; 401 otherwise (JSON under /api). */
export function tokenAuth(token: string, onDenied: (req: Request, res: Response) => void) {
  const expected = digest(token);
  const matches = (given: string | undefined) => given !== undefined && timingSafeEqual(digest(given), expected);
  return (req: Request, res: Response, next: NextFunction): void => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1];
    if (matches(bearer) || matches(cookieValue(req.get("cookie"), COOKIE))) return next();
    const query = typeof req.query.token === "string" ? req.query.token : undefined;
    if (matches(query)) {
      res.cookie(COOKIE, token, { httpOnly: true, sameSite: "strict", secure: req.secure, path: req.baseUrl || "/" });
      if (req.method === "GET" && !req.path.startsWith("/api/")) {
        const url = new URL(req.originalUrl, "http://x");
        url.searchParams.delete("token");
        res.redirect(303, url.pathname + url.search);
        return;
      }
      return next();
    }
    onDenied(req, res);
  };
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** True for a host name or address that only this machine reaches. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host) || host.endsWith(".localhost");
}

/** Refuses requests whose Host header is not a loopback name (421), for a server bound to loopback. */
export function loopbackHostOnly() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const host = (req.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
    if (isLoopback(host)) return next();
    res.status(421).type("text/plain").send("This dashboard answers only to localhost, 127.0.0.1 or [::1]: open it by one of those names.\n");
  };
}
