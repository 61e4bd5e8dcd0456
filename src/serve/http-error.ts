/**
 * The API's errors: one JSON shape, `{ error: { code, message } }`, and the status each failure maps to.
 * A 5xx never carries a stack or an internal message: the server's log has it, under the request id.
 */
import type { z } from "zod";
import { DraftError, EvidenceError, FirewallError, LedgerTampered } from "../errors.js";
import type { ErrorSchema } from "./api-schemas.js";

export type ErrorBody = z.infer<typeof ErrorSchema>;

/** A failure with the HTTP status and code it is answered with. `headers` go on the response (`Retry-After`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { issues?: Array<{ path: string; message: string }>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  get body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.extra.issues ? { issues: this.extra.issues } : {}) } };
  }
}

/** Seconds a client should wait before retrying when the store is unreachable. */
export const STORE_RETRY_AFTER_S = 5;

/** True for the store's "cannot reach the database" error (checked by name: the class lives with the PostgreSQL store). */
export function isStoreUnavailable(error: unknown): boolean {
  return FirewallError.isInstance(error) && error.name === "StoreUnavailable";
}

/** The store cannot be reached now: 503 with `Retry-After`. The store's own message (which may name the host) goes to the log only. */
export function storeUnavailable(): HttpError {
  return new HttpError(503, "store_unavailable", `The store is unreachable: retry in ${STORE_RETRY_AFTER_S} s.`, {
    headers: { "Retry-After": String(STORE_RETRY_AFTER_S) },
  });
}

/** Body parser failures (the `type` that express.json gives its errors) as the API answers them. */
function parserError(error: { type?: unknown; status?: unknown; limit?: unknown }): HttpError | undefined {
  switch (error.type) {
    case "entity.parse.failed":
      return new HttpError(400, "invalid_json", "The request body is not valid JSON: send a JSON object with Content-Type: application/json.");
    case "entity.too.large":
      return new HttpError(
        413,
        "payload_too_large",
        `The request body is over the server's limit of ${String(error.limit)} bytes: send less (split a batch), or start the server with a larger --body-limit.`,
      );
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, "unsupported_media_type", "The body's encoding or charset is not supported: send UTF-8 JSON, uncompressed or gzip/deflate.");
    case "request.aborted":
    case "request.size.invalid":
      return new HttpError(400, "incomplete_body", "The request body ended early or did not match its Content-Length: send it again.");
    default:
      return undefined;
  }
}

/**
 * The HTTP error for anything a handler or middleware threw.
 * @returns `internal` true when it is a 500 the log should tell (with the original error).
 */
export function toHttpError(error: unknown, requestId: string): { http: HttpError; internal: boolean } {
  if (error instanceof HttpError) return { http: error, internal: false };
  if (error && typeof error === "object") {
    const parsed = parserError(error as { type?: unknown });
    if (parsed) return { http: parsed, internal: false };
  }
  if (DraftError.isInstance(error)) return { http: new HttpError(400, "invalid_draft", error.message), internal: false };
  if (EvidenceError.isInstance(error)) return { http: new HttpError(400, "invalid_evidence", error.message), internal: false };
  if (isStoreUnavailable(error)) return { http: storeUnavailable(), internal: true };
  // audit: fail-closed refused a session whose ledger does not verify: no retry can help.
  if (LedgerTampered.isInstance(error)) return { http: new HttpError(409, "ledger_tampered", error.message), internal: true };
  return {
    http: new HttpError(
      500,
      "internal_error",
      `The server failed on this request (request id ${requestId}); its log says why. Retry, or report it with the id.`,
    ),
    internal: true,
  };
}

/** A zod error's issues as `path: message` lines, the unknown fields named. */
export function zodIssues(error: z.ZodError): Array<{ path: string; message: string }> {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join(".") : "(body)";
    if (issue.code === "unrecognized_keys") return { path, message: `unknown field(s) ${issue.keys.map((k) => `'${k}'`).join(", ")}: remove them` };
    if (issue.code === "invalid_type" && / received undefined$/.test(issue.message)) return { path, message: "required" };
    return { path, message: issue.message };
  });
}

/** 400 for a body, query or path that fails its schema; the message lists each issue. */
export function invalid(where: "body" | "query" | "path", error: z.ZodError): HttpError {
  const issues = zodIssues(error);
  const code = where === "body" ? "invalid_body" : where === "query" ? "invalid_query" : "invalid_path";
  return new HttpError(400, code, `Invalid request ${where}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}.`, { issues });
}
