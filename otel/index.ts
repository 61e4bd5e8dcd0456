/**
 * hallucination-firewall/otel: export the firewall's OpenTelemetry spans, verdict events and metrics with
 * one call. Needs the optional peer packages `@opentelemetry/sdk-node` and the OTLP/HTTP exporters; the
 * core's telemetry works without them (as no-ops) and with any SDK you set up yourself.
 */
export { setupTracing, type SetupTracingOptions, type Tracing, type TracingExporter } from "./setup-tracing.js";
export { evaluationEventsProcessor, type EvaluationEventsOptions } from "./evaluation-events.js";
export { TELEMETRY_NAMES, CAPTURE_CONTENT_ENV, type TelemetryOptions } from "../src/index.js";
