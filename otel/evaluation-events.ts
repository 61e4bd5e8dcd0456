/**
 * Emits the firewall's `gen_ai.evaluation.result` verdict events as the GenAI conventions define events: log
 * records with an event name, parented to the span they were recorded on. The core records them as span
 * events only (it depends on `@opentelemetry/api` alone, which has no logs API); this span processor copies
 * them to the global logger provider when the span ends, so both Jaeger (span events) and log-based backends
 * see them. A log record stands alone, so it also gets the span's session, response and tier attributes,
 * which the span event leaves to its span.
 */
import type { Attributes, Context } from "@opentelemetry/api";
import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import type { LogAttributes, Logger, LoggerProvider } from "@opentelemetry/api-logs";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { TELEMETRY_NAMES } from "../src/index.js";
import { otelLogsApi } from "./load-sdk.js";

export interface EvaluationEventsOptions {
  /** Copy events of these instrumentation scopes only (default: the firewall's, `hallucination-firewall`). */
  scopes?: string[];
}

/**
 * A span processor to add to your own SDK setup (`setupTracing` adds it for you):
 *
 * ```ts
 * new NodeSDK({ spanProcessors: [new BatchSpanProcessor(exporter), evaluationEventsProcessor()], logRecordProcessors: [...] });
 * ```
 *
 * Events go to the global logger provider at the time the span ends; with none registered they are dropped.
 * @throws ConfigError naming the install command when `@opentelemetry/api-logs` (an optional peer) is not installed.
 */
export function evaluationEventsProcessor(options: EvaluationEventsOptions = {}): SpanProcessor {
  const { logs, SeverityNumber } = otelLogsApi();
  const scopes = new Set(options.scopes ?? [TELEMETRY_NAMES.scope]);
  const name = TELEMETRY_NAMES.event.evaluation;
  const { genai, hfw } = TELEMETRY_NAMES;
  const shared = [genai.conversationId, hfw.responseId, hfw.tier, hfw.tierName];
  // The logger of the current global provider (looked up again when the provider changes).
  let provider: LoggerProvider | undefined;
  let logger: Logger | undefined;
  const currentLogger = (): Logger => {
    const now = logs.getLoggerProvider();
    if (now !== provider || !logger) {
      provider = now;
      logger = now.getLogger(TELEMETRY_NAMES.scope);
    }
    return logger;
  };
  return {
    onStart(_span: Span, _parent: Context): void {},
    onEnd(span: ReadableSpan): void {
      if (!scopes.has(span.instrumentationScope.name)) return;
      let out: Logger | undefined;
      let fromSpan: Attributes | undefined;
      for (const event of span.events) {
        if (event.name !== name) continue;
        out ??= currentLogger();
        fromSpan ??= Object.fromEntries(shared.filter((k) => span.attributes[k] !== undefined).map((k) => [k, span.attributes[k]]));
        out.emit({
          eventName: name,
          timestamp: event.time,
          severityNumber: SeverityNumber.INFO,
          attributes: { ...fromSpan, ...event.attributes } as LogAttributes,
          context: trace.setSpanContext(ROOT_CONTEXT, span.spanContext()),
        });
      }
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}
