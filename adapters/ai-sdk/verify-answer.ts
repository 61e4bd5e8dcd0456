/**
 * Verifies a model's answer and decides what reaches the caller: the policy's output, a JSON-safe
 * correction of structured output, the refusal, or an error for the run to throw. Shared by the generate and
 * stream paths.
 */
import { FirewallError, HallucinationBlocked, type Report, type Session } from "../../src/index.js";
import { correctJson, isJsonAnswer } from "./json-output.js";
import { DEFAULT_REFUSAL, type ReportInfo, type ResolvedOptions } from "./options.js";

/** What the gate decided for one answer. */
export interface AnswerOutcome {
  /** The text that reaches the caller; `null` when the run is made to fail with `failure`. */
  text: string | null;
  report?: Report;
  /** Why verification failed, when it did. */
  error?: string;
  /** The error the run fails with (`HallucinationBlocked`, or a `FirewallError` under `failMode: "closed"`). */
  failure?: FirewallError;
}

export interface AnswerContext {
  options: ResolvedOptions;
  mode: ReportInfo["mode"];
  responseFormat?: { type: string };
  signal?: AbortSignal;
  warn: (message: string) => void;
}

/**
 * @returns the outcome; never throws (a failing verification is handled by `failMode`, a failing `refusal`
 *   or `onReport` callback is logged).
 */
export async function verifyAnswer(session: Session, draft: string, ctx: AnswerContext): Promise<AnswerOutcome> {
  const { options } = ctx;
  let report: Report;
  try {
    report = await session.verify(draft, { ...options.verify, signal: ctx.signal });
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    ctx.warn(`hallucination-firewall: verifying the answer failed (failMode ${options.failMode}): ${error}`);
    if (options.failMode === "open") return { text: draft, error };
    if (options.onBlock === "throw") {
      return { text: null, error, failure: unverifiedFailure(error, cause) };
    }
    return { text: refusalOf(null, ctx), error };
  }
  let outcome: AnswerOutcome;
  if (report.decision === "block" || report.output === null) {
    outcome = options.onBlock === "throw" ? { text: null, report, failure: new HallucinationBlocked(report) } : { text: refusalOf(report, ctx), report };
  } else if (isJsonAnswer(ctx.responseFormat, draft)) {
    // Annotations and citation markers would break the JSON the SDK parses: corrections only.
    outcome = { text: report.decision === "rewrite" ? correctJson(report).text : draft, report };
  } else {
    outcome = { text: report.output, report };
  }
  tellReport(session, report, outcome.text, ctx);
  return outcome;
}

/** Calls `onReport`, if any; an exception it throws is logged, never passed to the run. */
export function tellReport(session: Session, report: Report, text: string | null, ctx: AnswerContext): void {
  if (!ctx.options.onReport) return;
  try {
    ctx.options.onReport(report, { sessionId: session.id, mode: ctx.mode, text });
  } catch (error) {
    ctx.warn(`hallucination-firewall: onReport threw (ignored): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The error a run fails with when verification itself failed under `failMode: "closed"` and
 * `onBlock: "throw"`.
 */
export function unverifiedFailure(error: string, cause: unknown): FirewallError {
  return new FirewallError(`The answer could not be verified and failMode is closed: ${error}`, { cause });
}

/** The refusal text for a blocked answer (the default refusal when the `refusal` option fails). */
export function refusalOf(report: Report | null, ctx: AnswerContext): string {
  try {
    const text = ctx.options.refusal(report);
    if (typeof text === "string") return text;
    ctx.warn("hallucination-firewall: refusal did not return a string; the default refusal was used");
  } catch (error) {
    ctx.warn(`hallucination-firewall: refusal threw (the default refusal was used): ${error instanceof Error ? error.message : String(error)}`);
  }
  return DEFAULT_REFUSAL;
}
