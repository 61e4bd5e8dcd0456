/**
 * Emits the firewall's `gen_ai.evaluation.result` verdict events as the GenAI conventions define events: log
 * records with an event name, parented to the span they were recorded on. The core records them as span
 * events only (it depends on `@opentelemetry/api` alone, which has no logs API); this span processor copies
 * them to the global logger provider when the span ends, so both Jaeger (span events) and log-based backends
 * see them.
 */
import type { Context } from "@opentelemetry/api";
import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { logs, SeverityNumber } from "@opentelemetry/api-logs";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { TELEMETRY_NAMES } from "../src/index.js";

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
 */
export function evaluationEventsProcessor(options: EvaluationEventsOptions = {}): SpanProcessor {
  const scopes = new Set(options.scopes ?? [TELEMETRY_NAMES.scope]);
  const name = TELEMETRY_NAMES.event.evaluation;
  return {
    onStart(_span: Span, _parent: Context): void {},
    onEnd(span: ReadableSpan): void {
      if (!scopes.has(span.instrumentationScope.name)) return;
      let logger;
      for (const event of span.events) {
        if (event.name !== name) continue;
        logger ??= logs.getLogger(TELEMETRY_NAMES.scope);
        logger.emit({
          eventName: name,
          timestamp: event.time,
          severityNumber: SeverityNumber.INFO,
          attributes: event.attributes ?? {},
          context: trace.setSpanContext(ROOT_CONTEXT, span.spanContext()),
        });
      }
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}
