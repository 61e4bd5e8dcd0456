/**
 * Observability never throws into the user's run: a failure inside telemetry code (a span processor that
 * throws, an attribute that cannot be built) is logged through OpenTelemetry's `diag` and swallowed.
 */
import { diag } from "@opentelemetry/api";

/** Runs `fn`; on a throw, logs it through `diag` and returns `fallback`. */
export function safely<T>(what: string, fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (error) {
    diag.warn(`hallucination-firewall telemetry: ${what} failed: ${(error as Error)?.message ?? String(error)}`);
    return fallback;
  }
}
