/**
 * `GET /v1/openapi.json`: an OpenAPI 3.1 document generated from the routes' own zod schemas (zod 4's
 * `toJSONSchema`, JSON Schema 2020-12, the dialect OpenAPI 3.1 uses). Request bodies are converted as zod
 * reads input (defaults optional), responses as it writes output.
 */
import { z } from "zod";
import { EvidenceRecordSchema, ReportSchema } from "../schema.js";
import {
  AppendedSchema,
  BlockedSchema,
  ErrorSchema,
  EvidenceInputSchema,
  EvidencePageSchema,
  GuardResponseSchema,
  HealthSchema,
  PolicyOverridesSchema,
  RewriteRequestSchema,
  RewriteResponseSchema,
  SessionOverviewSchema,
  SessionReportSchema,
  SessionsPageSchema,
  VerifyRequestSchema,
} from "./api-schemas.js";
import { STORE_RETRY_AFTER_S } from "./http-error.js";
import type { Route } from "./route.js";

type Json = Record<string, unknown>;

/** Component names of the schemas more than one route uses (others are named after their route). */
const REQUEST_NAMES = new Map<z.ZodType, string>([
  [EvidenceInputSchema, "EvidenceInput"],
  [VerifyRequestSchema, "VerifyRequest"],
  [RewriteRequestSchema, "RewriteRequest"],
  [PolicyOverridesSchema, "PolicyOverrides"],
]);
const RESPONSE_NAMES = new Map<z.ZodType, string>([
  [ReportSchema, "Report"],
  [EvidenceRecordSchema, "EvidenceRecord"],
  [AppendedSchema, "AppendedEvidence"],
  [GuardResponseSchema, "GuardResult"],
  [RewriteResponseSchema, "RewriteResult"],
  [SessionReportSchema, "SessionReport"],
  [SessionOverviewSchema, "SessionOverview"],
  [SessionsPageSchema, "SessionsPage"],
  [EvidencePageSchema, "EvidencePage"],
  [HealthSchema, "Health"],
  [ErrorSchema, "Error"],
  [BlockedSchema, "Blocked"],
]);

/** The error responses, by status: each a `{ error: { code, message } }` body. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: string }> = {
  400: { name: "BadRequest", description: "Malformed JSON, or a body, query or path that fails its schema (unknown fields are named)." },
  401: { name: "Unauthorized", description: "Missing or wrong `Authorization: Bearer TOKEN`." },
  404: { name: "NotFound", description: "No such session (no evidence and no answers), or no such route." },
  409: {
    name: "Conflict",
    description: "The session's evidence ledger does not verify (`ledger_tampered`, with `audit: fail-closed`): run `hfw audit verify`.",
  },
  413: { name: "PayloadTooLarge", description: "The body is over the server's limit." },
  415: { name: "UnsupportedMediaType", description: "The body is not `application/json` (UTF-8)." },
  429: { name: "TooManyRequests", description: "Over this token's requests per minute.", retryAfter: "Seconds until the token may send again." },
  500: { name: "InternalError", description: "The server failed; its log has the details under the request id in the message." },
  501: { name: "NotImplemented", description: "The store cannot answer this query." },
  503: {
    name: "ServiceUnavailable",
    description: "The store is unreachable, or the server is shutting down.",
    retryAfter: `Seconds to wait before retrying (${STORE_RETRY_AFTER_S}).`,
  },
};

/** Statuses every route behind the token can give. */
const AUTHENTICATED_ERRORS = [401, 429, 500, 503];

/** Converts named schemas (and each route's own unnamed ones) to components, `$ref`s between them. */
function components(io: "input" | "output", named: Map<z.ZodType, string>, own: Array<[z.ZodType, string]>): { schemas: Json; ref: (s: z.ZodType) => Json } {
  const registry = z.registry<{ id: string }>();
  const names = new Map(named);
  for (const [schema, name] of own) if (!names.has(schema)) names.set(schema, name);
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}`, unrepresentable: "any" });
  for (const s of Object.values(schemas)) {
    delete (s as Json).$schema;
    delete (s as Json).$id;
  }
  return { schemas: schemas as Json, ref: (s) => ({ $ref: `#/components/schemas/${names.get(s)}` }) };
}

function inlineSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as Json;
  return rest;
}

/** Path or query parameters from a strict object schema, one per field. */
function parameters(schema: z.ZodObject | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...rest } = inlineSchema(field as z.ZodType);
    return {
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * @param routes every route the app serves, the document's own included.
 * @param info the API's version (the package's) and the server's base URL when known.
 * @returns the OpenAPI 3.1 document as a JSON-ready object.
 */
export function openApiDocument(routes: readonly Route[], info: { version: string; serverUrl?: string }): Json {
  const request = components(
    "input",
    REQUEST_NAMES,
    routes.flatMap((r) => (r.body ? [[r.body, `${capitalised(r.operationId)}Body`] as [z.ZodType, string]] : [])),
  );
  const response = components(
    "output",
    RESPONSE_NAMES,
    routes.flatMap((r) => Object.entries(r.responses).map(([status, spec]) => [spec.schema, `${capitalised(r.operationId)}${status}`] as [z.ZodType, string])),
  );
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const responses: Json = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      responses[status] = { description: spec.description, content: { "application/json": { schema: response.ref(spec.schema) } } };
    }
    const errors = [...new Set([...(route.auth === false ? [] : AUTHENTICATED_ERRORS), ...route.errors])].sort((a, b) => a - b);
    for (const status of errors) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.auth === false ? { security: [] } : {}),
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      ...(route.body ? { requestBody: { required: true, content: { "application/json": { schema: request.ref(route.body) } } } } : {}),
      responses,
    };
  }
  const errorResponses: Json = {};
  for (const spec of Object.values(ERROR_RESPONSES)) {
    errorResponses[spec.name] = {
      description: spec.description,
      ...(spec.retryAfter ? { headers: { "Retry-After": { description: spec.retryAfter, schema: { type: "integer", minimum: 0 } } } } : {}),
      content: { "application/json": { schema: response.ref(ErrorSchema) } },
    };
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "hallucination-firewall verifier",
      version: info.version,
      description:
        "Record AI-agent tool outputs as evidence and verify draft answers against them. Stateless: any instance sharing the store answers any request.",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: { ...request.schemas, ...response.schemas },
      responses: errorResponses,
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "A token the server was started with (--token or HFW_SERVE_TOKEN)." } },
    },
  };
}
