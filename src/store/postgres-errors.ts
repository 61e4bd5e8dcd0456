/**
 * What a PostgreSQL or connection error means for the store's caller: {@link StoreUnavailable} when the
 * database cannot be reached (retry later; the pool reconnects by itself), otherwise {@link StoreError},
 * each with what failed and what to do. SQLSTATE codes are PostgreSQL's (Appendix A of its manual).
 */
import { FirewallError, StoreError, StoreUnavailable } from "../errors.js";

/** Node's socket errors for a server that cannot be reached. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/** Messages node-postgres gives, without a code, when a connection could not be made or was lost. */
const LOST = /timeout exceeded when trying to connect|connection terminated|connection timeout|connection ended|not queryable/i;

/** What a failed call was doing and where, for messages. */
export interface FailedCall {
  /** "Appending evidence to session 'x'". */
  what: string;
  /** The database as people name it, without its password. */
  location: string;
  /** Whether the call writes: a write that fails before COMMIT leaves nothing behind. */
  write: boolean;
  /** Whether the write's commit had been asked for (COMMIT, or a statement of its own) when the connection broke: its outcome is then unknown. */
  committing?: boolean;
  connectionTimeoutMs: number;
  statementTimeoutMs: number;
}

function codeOf(error: unknown): string {
  const e = error as { code?: unknown; errors?: unknown[] };
  if (typeof e?.code === "string") return e.code;
  // Node's happy-eyeballs connect gives an AggregateError of one error per address tried.
  if (Array.isArray(e?.errors))
    for (const inner of e.errors) if (typeof (inner as { code?: unknown })?.code === "string") return (inner as { code: string }).code;
  return "";
}

function messageOf(error: unknown): string {
  const e = error as { message?: unknown; errors?: Array<{ message?: unknown }> };
  if (typeof e?.message === "string" && e.message) return e.message;
  const inner = Array.isArray(e?.errors) ? e.errors.find((x) => typeof x?.message === "string" && x.message) : undefined;
  return typeof inner?.message === "string" ? inner.message : String(error);
}

/** True when the error says the server cannot be reached now (refused, timed out, shutting down, starting). */
export function isUnavailable(error: unknown): boolean {
  if (FirewallError.isInstance(error)) return StoreUnavailable.isInstance(error);
  const code = codeOf(error);
  if (UNREACHABLE.has(code)) return true;
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300") return true;
  return code === "" && LOST.test(messageOf(error));
}

function unavailableReason(error: unknown, call: FailedCall): string {
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === "ECONNREFUSED") return "the connection was refused: check that PostgreSQL is running and listening at that host and port";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name does not resolve: check the host in the URL";
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message) || code === "ETIMEDOUT")
    return `no connection within ${call.connectionTimeoutMs} ms: check that the server is up and reachable (firewall, host, port), or raise connectionTimeoutMs`;
  if (code === "57P01" || code === "57P02") return "the server is shutting down or an administrator ended the connection: retry once it is back";
  if (code === "57P03") return "the server is starting up or recovering: retry in a few seconds";
  if (code === "53300") return "the server has no free connection slot: lower the pool size (max) of the workers, or raise max_connections";
  return `the connection was lost (${code ? `${message}, ${code}` : message}): retry once the server answers again`;
}

function storeReason(error: unknown, call: FailedCall): string {
  const code = codeOf(error);
  const message = messageOf(error);
  const e = error as { constraint?: string; detail?: string };
  switch (code) {
    case "28P01":
    case "28000":
      return "authentication failed: check the user and password in the URL, and the server's pg_hba.conf";
    case "3D000":
      return "the database does not exist: create it (createdb NAME) or name another one in the URL";
    case "42501":
      return `permission denied (${message}): the user needs rights to create and write the store's tables in this database`;
    case "57014":
      return `the statement was cancelled, ${call.statementTimeoutMs > 0 ? `after the statement timeout (${call.statementTimeoutMs} ms)` : "by the server"}: raise statementTimeoutMs, or look for a long lock`;
    case "40001":
    case "40P01":
      return `${message}: a conflict with another transaction; retry`;
    case "53100":
      return "the server's disk is full: free space, or prune old sessions (hfw prune)";
    case "25006":
      return "the server is read-only (a standby?): point the URL at the primary";
    case "23505":
      return `${e.detail ?? message}: it is already stored (constraint ${e.constraint ?? "unique"})`;
    default:
      return code ? `${message} (${code})` : message;
  }
}

/**
 * The store's error for a failed call: the error itself when it is already a firewall error, else a
 * StoreUnavailable or StoreError that says what failed, why, and what to do, with the driver's error as
 * its `cause`.
 */
export function storeErrorOf(error: unknown, call: FailedCall): StoreError {
  if (FirewallError.isInstance(error)) return error as StoreError;
  const where = `${call.what} in ${call.location}`;
  if (isUnavailable(error)) {
    const outcome = !call.write
      ? ""
      : call.committing
        ? " The connection broke while the write was committing: it may or may not have been stored (a record with a callId is never stored twice)."
        : " Nothing of it was written.";
    return new StoreUnavailable(`${where} failed: the database is unavailable: ${unavailableReason(error, call)}.${outcome}`, { cause: error });
  }
  return new StoreError(`${where} failed${call.write ? ", and nothing of it was written" : ""}: ${storeReason(error, call)}.`, { cause: error });
}
