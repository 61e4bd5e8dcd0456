/**
 * The adapter never throws into the user's run: its own failures are logged and counted here (as
 * OpenInference's LangChain tracer wraps its hooks in `withSafety`).
 */
import type { Logger } from "../../src/index.js";

/** Counters of what an adapter did. */
export interface AdapterStats {
  /** Evidence records added (a ToolMessage with an artifact adds two). */
  recorded: number;
  /** Tool results that are not evidence: failed calls, outputs with nothing but media blocks. */
  skipped: number;
  /** The adapter's own failures (an output the ledger refused, a verify that failed): logged, never thrown. */
  errors: number;
  /** Answers verified. */
  verified: number;
  /** Answers blocked (replaced by the refusal, or thrown as HallucinationBlocked on request). */
  blocked: number;
  /** Correction turns fed back to the model. */
  retries: number;
}

export function emptyStats(): AdapterStats {
  return { recorded: 0, skipped: 0, errors: 0, verified: 0, blocked: 0, retries: 0 };
}

/** Runs `fn`; a throw is counted in `stats.errors`, logged as a warning, and turned into `fallback`. */
export function safely<T>(stats: AdapterStats, logger: Logger, what: string, fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (error) {
    fail(stats, logger, what, error);
    return fallback;
  }
}

/** Counts and logs one adapter failure. */
export function fail(stats: AdapterStats, logger: Logger, what: string, error: unknown): void {
  stats.errors++;
  try {
    logger.warn(`hallucination-firewall/langchain: ${what}: ${error instanceof Error ? error.message : String(error)}`);
  } catch {
    // A logger that throws must not reach the user's run either.
  }
}
