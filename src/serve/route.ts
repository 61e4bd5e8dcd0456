/**
 * One route of the API as data: method, path template, the zod schemas of its path, query, body and
 * responses, and its handler. The app mounts the handlers and `/v1/openapi.json` describes the same objects,
 * so a route cannot accept what the document does not say.
 */
import type { z } from "zod";
import type { Firewall } from "../firewall.js";
import type { AnyStore, AsyncStore } from "../store/store.js";
import type { SessionCache } from "./session-cache.js";

/** What handlers share: the firewall, its open sessions and the store. */
export interface ApiContext {
  firewall: Firewall;
  sessions: SessionCache;
  /** The store as the firewall was given it (a SQLite store also answers the sessions list with SQL). */
  store: AnyStore;
  /** The same store, every call a promise. */
  async: AsyncStore;
}

/** A handler's answer: the status and the JSON body (validated against `responses[status]` in tests). */
export interface RouteResult {
  status: number;
  body: unknown;
}

/** A response the route documents: what it means, and its body's schema. */
export interface ResponseSpec {
  description: string;
  schema: z.ZodType;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One route: its method and path, the schemas of what it takes and gives, and its handler. */
export interface Route<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: "get" | "post";
  /** OpenAPI path template, e.g. `/v1/sessions/{id}/verify`; Express gets `/v1/sessions/:id/verify`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Needs the bearer token (default true; false for health probes). */
  auth?: boolean;
  params?: P;
  query?: Q;
  /** A JSON body; requests without `Content-Type: application/json` get 415. */
  body?: B;
  /** The success responses (and 422 for guard), by status. */
  responses: Record<number, ResponseSpec>;
  /** Error statuses this route gives beyond those every authenticated route can (401, 429, 500, 503). */
  errors: number[];
  /** Runs once path, query and body passed their schemas; what it throws becomes an error response. */
  handle(ctx: ApiContext, input: { params: Out<P>; query: Out<Q>; body: Out<B>; signal: AbortSignal }): Promise<RouteResult>;
}

/** Types a route's handler from its schemas. */
export function defineRoute<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(route: Route<P, Q, B>): Route {
  return route as unknown as Route;
}

/** `/v1/sessions/{id}/verify` -> `/v1/sessions/:id/verify`. */
export function expressPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ":$1");
}
