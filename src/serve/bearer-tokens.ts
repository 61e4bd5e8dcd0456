/**
 * Bearer-token auth of the verifier: several tokens may be valid at once (one per client, or an old and a
 * new one while rotating), each compared in constant time. The rule of when a token is required is the
 * dashboard's (`tokenFor`): none on loopback, `false` for none anywhere (behind the user's own auth proxy),
 * and otherwise one must be given; unlike the dashboard the verifier never makes a random one, since every
 * instance behind a load balancer must accept the same tokens.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { isLoopback } from "../dashboard/auth.js";
import { ConfigError } from "../errors.js";

/** `a,b , c` -> `["a", "b", "c"]`; blank entries dropped. */
export function parseTokens(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

/**
 * The tokens a verifier bound to `host` accepts.
 * @param tokens the configured ones; `false`: none even off loopback.
 * @returns an empty list when no token is needed.
 * @throws ConfigError when `host` is not a loopback address and no token (and not `false`) was given.
 */
export function tokensFor(host: string, tokens: readonly string[] | false | undefined): string[] {
  if (tokens === false) return [];
  if (tokens && tokens.length > 0) return [...tokens];
  if (isLoopback(host.toLowerCase())) return [];
  throw new ConfigError(
    `A verifier bound to '${host}' is reachable beyond this machine and needs a token: pass --token T (or set HFW_SERVE_TOKEN; several comma-separated), or --no-auth behind your own auth proxy.`,
  );
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Middleware that lets a request through only with `Authorization: Bearer <one of tokens>`, and puts the
 * index of the token it carried in `res.locals.tokenIndex` (what rate limits key on).
 */
export function bearerAuth(tokens: readonly string[], onDenied: (req: Request, res: Response) => void) {
  const expected = tokens.map(digest);
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
    if (given !== undefined) {
      const d = digest(given);
      // Every token is compared, so the time taken says nothing about which one (if any) matched.
      let index = -1;
      expected.forEach((e, i) => {
        if (timingSafeEqual(d, e) && index < 0) index = i;
      });
      if (index >= 0) {
        res.locals.tokenIndex = index;
        return next();
      }
    }
    onDenied(req, res);
  };
}
