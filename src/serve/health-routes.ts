/**
 * Probes for an orchestrator or load balancer, without a token: `/healthz` (the process answers) and
 * `/readyz` (the store answers a cheap read within the timeout, and the server is not shutting down).
 */
import { HealthSchema } from "./api-schemas.js";
import { HttpError, STORE_RETRY_AFTER_S, storeUnavailable } from "./http-error.js";
import { defineRoute, type Route } from "./route.js";

/** Session id of the readiness read: any id works, the store only looks it up. */
const PROBE_SESSION = "hfw-readyz";

export interface HealthState {
  /** True once shutdown began: readiness fails so that the balancer sends new requests elsewhere. */
  draining(): boolean;
  /** How long the store may take to answer the readiness read, ms. */
  readyTimeoutMs: number;
  /** Told why the store failed the probe. */
  log(message: string): void;
}

/** Rejects with `error` when `promise` has not settled after `ms`. */
function within<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function healthRoutes(state: HealthState): Route[] {
  return [
    defineRoute({
      method: "get",
      path: "/healthz",
      operationId: "health",
      summary: "The process is up",
      auth: false,
      responses: { 200: { description: "Up.", schema: HealthSchema } },
      errors: [],
      handle: async () => ({ status: 200, body: { status: "ok" } }),
    }),
    defineRoute({
      method: "get",
      path: "/readyz",
      operationId: "ready",
      summary: "The store is reachable and the server takes requests",
      auth: false,
      responses: { 200: { description: "Ready.", schema: HealthSchema } },
      errors: [500, 503],
      handle: async (ctx) => {
        if (state.draining()) {
          throw new HttpError(503, "shutting_down", "This instance is shutting down: send requests to another one.", {
            headers: { "Retry-After": String(STORE_RETRY_AFTER_S) },
          });
        }
        try {
          await within(ctx.async.chainHead(PROBE_SESSION), state.readyTimeoutMs, () => new Error(`no answer within ${state.readyTimeoutMs} ms`));
        } catch (error) {
          state.log(`readiness probe: the store failed: ${(error as Error).message}`);
          throw storeUnavailable();
        }
        return { status: 200, body: { status: "ready" } };
      },
    }),
  ];
}
