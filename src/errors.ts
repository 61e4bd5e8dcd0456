/**
 * Typed errors. Every error the firewall throws is a {@link FirewallError}; check with
 * `FirewallError.isInstance(e)` (works across duplicated package copies, as `AISDKError` does).
 */
import type { Report } from "./schema.js";
import type { ChainAudit, ChainBreak } from "./store/ledger-chain.js";

const marker = Symbol.for("hallucination-firewall.error");

/** Base class of the firewall's errors. `cause` carries the underlying error when there is one. */
export class FirewallError extends Error {
  private readonly [marker] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FirewallError";
  }

  /** True for any firewall error, even one thrown by another copy of this package. */
  static isInstance(error: unknown): error is FirewallError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}

function hasName(error: unknown, name: string): boolean {
  return FirewallError.isInstance(error) && error.name === name;
}

/** Names of StoreError and its subclasses: `StoreError.isInstance` is true for each. */
const STORE_ERROR_NAMES = ["StoreError", "StoreUnavailable", "ResponseIdTaken"];

/** The policy blocked the answer. `report` says which claims failed and why. */
export class HallucinationBlocked extends FirewallError {
  readonly report: Report;

  constructor(report: Report) {
    const failing = report.verdicts.filter((v) => v.verdict === "contradicted" || v.verdict === "unsupported");
    super(
      `Answer blocked by the ${report.strictness} policy: ${failing.length} claim(s) failed verification ` +
        `(${report.reasons.join("; ")}). Read error.report for each claim's verdict and evidence.`,
    );
    this.name = "HallucinationBlocked";
    this.report = report;
  }

  static override isInstance(error: unknown): error is HallucinationBlocked {
    return hasName(error, "HallucinationBlocked");
  }
}

/** Options or usage are wrong; the message names the option and the accepted values. */
export class ConfigError extends FirewallError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConfigError";
  }

  static override isInstance(error: unknown): error is ConfigError {
    return hasName(error, "ConfigError");
  }
}

/** Evidence could not be recorded or read (binary content, malformed JSON declared as JSON, unreadable file). */
export class EvidenceError extends FirewallError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EvidenceError";
  }

  static override isInstance(error: unknown): error is EvidenceError {
    return hasName(error, "EvidenceError");
  }
}

/** The draft could not be verified as given (not a string, binary, over the size limit). */
export class DraftError extends FirewallError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DraftError";
  }

  static override isInstance(error: unknown): error is DraftError {
    return hasName(error, "DraftError");
  }
}

/**
 * A store could not be opened, read or written (locked beyond its busy timeout, disk full, a database from a
 * newer version). A failed write raises this and leaves the database as it was before the write.
 */
export class StoreError extends FirewallError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }

  /** True for a StoreError or one of its kinds (StoreUnavailable, ResponseIdTaken), from any copy of this package. */
  static override isInstance(error: unknown): error is StoreError {
    return STORE_ERROR_NAMES.some((name) => hasName(error, name));
  }
}

/**
 * The database cannot be reached: the connection was refused or timed out, or the server is shutting down,
 * starting up or dropped the connection. Nothing of the call was done (or, for a write whose connection
 * broke while committing, it may have been); the same call may succeed once the server is back, and the
 * store reconnects by itself. An HTTP server answers 503 for it.
 */
export class StoreUnavailable extends StoreError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailable";
  }

  static override isInstance(error: unknown): error is StoreUnavailable {
    return hasName(error, "StoreUnavailable");
  }
}

/**
 * A report's `responseId` is already stored in its session: another process verified in the same session
 * at the same time. Nothing was written; `Session` renumbers the report and writes it again.
 */
export class ResponseIdTaken extends StoreError {
  constructor(
    readonly sessionId: string,
    readonly responseId: string,
  ) {
    super(`Session '${sessionId}' already holds report ${responseId}: renumber the report and write it again.`);
    this.name = "ResponseIdTaken";
  }

  static override isInstance(error: unknown): error is ResponseIdTaken {
    return hasName(error, "ResponseIdTaken");
  }
}

/**
 * A session's ledger failed its audit (see `auditSession`) and the firewall runs with `audit: "fail-closed"`:
 * no answer is verified against evidence that may have been changed. `break` says which link and why;
 * `audit` is the whole audit (the head the rows give, the head the session stores).
 */
export class LedgerTampered extends FirewallError {
  readonly break: ChainBreak;

  constructor(
    readonly sessionId: string,
    readonly audit: ChainAudit & { break: ChainBreak },
  ) {
    const b = audit.break;
    const where = b.row ? `link ${b.seq} (${b.row.kind} ${b.row.id})` : `link ${b.seq}`;
    super(
      `The evidence ledger of session '${sessionId}' does not verify at ${where}, ${b.cause}: ${b.message} ` +
        `No answer is verified against it (audit: fail-closed). Run 'hfw audit verify --db <this store> --session ${sessionId}' to see the break, ` +
        "then restore the database from a backup or an export, or verify in a new session.",
    );
    this.name = "LedgerTampered";
    this.break = b;
  }

  static override isInstance(error: unknown): error is LedgerTampered {
    return hasName(error, "LedgerTampered");
  }
}
