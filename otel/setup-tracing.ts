/**
 * One call to export the firewall's spans, verdict events and metrics: an OpenTelemetry NodeSDK with the
 * OTLP/HTTP exporters (or console, or in-memory ones for tests), honouring the standard `OTEL_*` variables.
 */
import { context, diag, metrics, propagation, trace, type Attributes } from "@opentelemetry/api";
import type { InMemoryMetricExporter, MetricReader } from "@opentelemetry/sdk-metrics";
import type { NodeSDKConfiguration, logs as sdkLogs } from "@opentelemetry/sdk-node";
import type { InMemorySpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { ConfigError } from "../src/index.js";
import { batchLogConfig, envList, envNumber } from "./env.js";
import { evaluationEventsProcessor } from "./evaluation-events.js";
import { otelSdk } from "./load-sdk.js";

export type TracingExporter = "otlp" | "console" | "memory";

export interface SetupTracingOptions {
  /** `service.name` of the resource. Default: `OTEL_SERVICE_NAME`, otherwise `hallucination-firewall`. */
  serviceName?: string;
  /**
   * `otlp` (OTLP over HTTP, JSON encoding), `console` (stdout), or `memory` (kept in this process, for tests).
   * Default: `OTEL_TRACES_EXPORTER` when it is `otlp` or `console`, otherwise `otlp`.
   */
  exporter?: TracingExporter;
  /**
   * OTLP/HTTP base URL; `/v1/traces`, `/v1/metrics` and `/v1/logs` are appended. Default: the exporters' own
   * reading of `OTEL_EXPORTER_OTLP_ENDPOINT` (and the per-signal `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, ...),
   * otherwise `http://localhost:4318`.
   */
  endpoint?: string;
  /** Extra OTLP request headers (e.g. `{ "x-honeycomb-team": key }`), merged over `OTEL_EXPORTER_OTLP_HEADERS`. */
  headers?: Record<string, string>;
  /**
   * Give up an OTLP export after this long, ms, retries included (default `OTEL_EXPORTER_OTLP_TIMEOUT`,
   * otherwise 10,000). Bounds how long `shutdown()` waits when the collector is down.
   */
  exportTimeoutMs?: number;
  /** Export metrics (default true, false when `OTEL_METRICS_EXPORTER=none`). */
  metrics?: boolean;
  /** Export verdict events as log records, as the GenAI conventions define events (default true, false when `OTEL_LOGS_EXPORTER=none`). */
  evaluationEvents?: boolean;
  /** Metric export interval, ms (default `OTEL_METRIC_EXPORT_INTERVAL`, otherwise 60,000). */
  metricExportIntervalMs?: number;
  /** Extra resource attributes (`deployment.environment.name`, ...); `OTEL_RESOURCE_ATTRIBUTES` is read too. */
  resourceAttributes?: Attributes;
  /** Detect host, process and environment resource attributes (default true; false for `memory`). */
  autoDetectResources?: boolean;
  /** OpenTelemetry instrumentations to register with the SDK (HTTP, ...). */
  instrumentations?: NodeSDKConfiguration["instrumentations"];
}

/** What `setupTracing` returns. */
export interface Tracing {
  readonly exporter: TracingExporter;
  /** Exports everything buffered now (spans, metrics, log records). */
  forceFlush(): Promise<void>;
  /**
   * Flushes and stops the SDK, then unregisters its global providers so that telemetry is a no-op again and
   * `setupTracing` may be called anew. Call it before the process exits; safe to call twice.
   */
  shutdown(): Promise<void>;
  /** With `exporter: "memory"`: what was exported. Spans and log records arrive as they end; metrics on `forceFlush()`. */
  readonly memory?: {
    spans: InMemorySpanExporter;
    metrics: InMemoryMetricExporter;
    logs: InstanceType<typeof sdkLogs.InMemoryLogRecordExporter>;
  };
}

let active: Tracing | undefined;

/**
 * Starts an OpenTelemetry NodeSDK that exports the firewall's telemetry (and anything else traced in the
 * process). Spans go through a batch processor (`OTEL_BSP_*`), log records through a batch log processor
 * (`OTEL_BLRP_*`), metrics through a periodic reader; the sampler comes from `OTEL_TRACES_SAMPLER`,
 * resource attributes from `OTEL_RESOURCE_ATTRIBUTES`; `OTEL_SDK_DISABLED=true` turns it all off.
 *
 * ```ts
 * const tracing = setupTracing({ serviceName: "my-agent", exporter: "otlp" }); // Jaeger on localhost:4318
 * // ... run the agent ...
 * await tracing.shutdown(); // flushes
 * ```
 *
 * @throws ConfigError when tracing is already set up in this process (call `shutdown()` first), for an
 *   unknown exporter, or when the OpenTelemetry SDK packages (optional peers) are not installed (the message
 *   names the install command).
 */
export function setupTracing(options: SetupTracingOptions = {}): Tracing {
  const { apiLogs, logsExporter, metricsExporter, traceExporter, resources, sdkMetrics, sdkNode, sdkTraceBase } = otelSdk();
  const { logs: logsApi } = apiLogs;
  const { OTLPLogExporter } = logsExporter;
  const { OTLPMetricExporter } = metricsExporter;
  const { OTLPTraceExporter } = traceExporter;
  const { resourceFromAttributes } = resources;
  const { AggregationTemporality, ConsoleMetricExporter, InMemoryMetricExporter, PeriodicExportingMetricReader } = sdkMetrics;
  const { logs: sdkLogs, NodeSDK } = sdkNode;
  const { BatchSpanProcessor, ConsoleSpanExporter, InMemorySpanExporter, SimpleSpanProcessor } = sdkTraceBase;
  if (active) throw new ConfigError("setupTracing was already called in this process: call shutdown() on the Tracing it returned first.");
  const exporter = options.exporter ?? defaultExporter();
  if (exporter !== "otlp" && exporter !== "console" && exporter !== "memory") {
    throw new ConfigError(`Unknown exporter '${String(exporter)}': use "otlp", "console" or "memory".`);
  }
  const withMetrics = options.metrics ?? !envList("OTEL_METRICS_EXPORTER").includes("none");
  const withEvents = options.evaluationEvents ?? !envList("OTEL_LOGS_EXPORTER").includes("none");
  const url = (signal: string) => (options.endpoint ? `${options.endpoint.replace(/\/+$/, "")}/v1/${signal}` : undefined);
  const http = (signal: string) => ({
    ...(url(signal) ? { url: url(signal) } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.exportTimeoutMs !== undefined ? { timeoutMillis: options.exportTimeoutMs } : {}),
  });

  let memory: Tracing["memory"];
  const spanProcessors: SpanProcessor[] = [];
  const metricReaders: MetricReader[] = [];
  const logRecordProcessors: NonNullable<NodeSDKConfiguration["logRecordProcessors"]> = [];
  const interval = options.metricExportIntervalMs ?? envNumber("OTEL_METRIC_EXPORT_INTERVAL") ?? 60_000;
  if (exporter === "memory") {
    memory = {
      spans: new InMemorySpanExporter(),
      metrics: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
      logs: new sdkLogs.InMemoryLogRecordExporter(),
    };
    spanProcessors.push(new SimpleSpanProcessor(memory.spans));
    if (withMetrics) metricReaders.push(new PeriodicExportingMetricReader({ exporter: memory.metrics, exportIntervalMillis: interval }));
    if (withEvents) logRecordProcessors.push(new sdkLogs.SimpleLogRecordProcessor({ exporter: memory.logs }));
  } else if (exporter === "console") {
    spanProcessors.push(new SimpleSpanProcessor(new ConsoleSpanExporter()));
    if (withMetrics) metricReaders.push(new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter(), exportIntervalMillis: interval }));
    if (withEvents) logRecordProcessors.push(new sdkLogs.SimpleLogRecordProcessor({ exporter: new sdkLogs.ConsoleLogRecordExporter() }));
  } else {
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter(http("traces"))));
    if (withMetrics) {
      metricReaders.push(
        new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(http("metrics")), exportIntervalMillis: interval, ...exportTimeout(interval) }),
      );
    }
    if (withEvents) logRecordProcessors.push(new sdkLogs.BatchLogRecordProcessor({ exporter: new OTLPLogExporter(http("logs")), ...batchLogConfig() }));
  }
  if (withEvents) spanProcessors.push(evaluationEventsProcessor());

  const serviceName = options.serviceName ?? (process.env.OTEL_SERVICE_NAME?.trim() ? undefined : "hallucination-firewall");
  const sdk = new NodeSDK({
    ...(serviceName ? { serviceName } : {}),
    ...(options.resourceAttributes ? { resource: resourceFromAttributes(options.resourceAttributes) } : {}),
    autoDetectResources: options.autoDetectResources ?? exporter !== "memory",
    spanProcessors,
    metricReaders,
    logRecordProcessors,
    instrumentations: options.instrumentations ?? [],
  });
  sdk.start();

  let stopped: Promise<void> | undefined;
  const tracing: Tracing = {
    exporter,
    memory,
    async forceFlush() {
      const flushes: Array<Promise<unknown>> = [
        ...spanProcessors.map((p) => p.forceFlush()),
        ...metricReaders.map((r) => r.forceFlush()),
        ...logRecordProcessors.map((p) => p.forceFlush()),
      ];
      await Promise.all(flushes);
    },
    shutdown() {
      stopped ??= sdk
        .shutdown()
        .catch((error: unknown) => diag.warn(`hallucination-firewall: telemetry shutdown failed: ${(error as Error).message}`))
        .finally(() => {
          trace.disable();
          metrics.disable();
          logsApi.disable();
          propagation.disable();
          context.disable();
          if (active === tracing) active = undefined;
        });
      return stopped;
    },
  };
  active = tracing;
  return tracing;
}

function defaultExporter(): TracingExporter {
  const first = envList("OTEL_TRACES_EXPORTER")[0];
  return first === "console" ? "console" : "otlp";
}

/** The metric export timeout may not exceed the interval. */
function exportTimeout(interval: number): { exportTimeoutMillis?: number } {
  const timeout = envNumber("OTEL_METRIC_EXPORT_TIMEOUT");
  return { exportTimeoutMillis: Math.min(timeout ?? 30_000, interval) };
}
