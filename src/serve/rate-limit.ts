/**
 * Requests per minute per token, with express-rate-limit (fixed one-minute windows, `RateLimit` and
 * `Retry-After` headers as the IETF draft on RateLimit header fields describes). Without tokens (loopback)
 * the client's address is the key. The counters live in this process: safe to lose, and with N instances
 * behind a load balancer a client may send up to N times the limit (a shared store would be needed for
 * an exact fleet-wide limit).
 */
import type { Request, Response } from "express";
import { loadRateLimit } from "../dashboard/load-deps.js";
import { HttpError } from "./http-error.js";

/** @param perMinute requests one token may send per minute (at least 1). */
export function perTokenRateLimit(perMinute: number) {
  const { rateLimit, ipKeyGenerator } = loadRateLimit();
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // The key is the token, not the address: a proxy's X-Forwarded-For is neither needed nor a misconfiguration.
    validate: { xForwardedForHeader: false },
    keyGenerator: (req: Request, res: Response) =>
      typeof res.locals.tokenIndex === "number" ? `token:${res.locals.tokenIndex}` : `address:${ipKeyGenerator(req.socket.remoteAddress ?? "")}`,
    handler: (_req, _res, next) => {
      next(
        new HttpError(
          429,
          "rate_limited",
          `Over ${perMinute} requests per minute for this token: wait the seconds in Retry-After, or ask for a higher --rate.`,
        ),
      );
    },
  });
}
