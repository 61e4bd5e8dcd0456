/**
 * The OpenTelemetry SDK packages are optional peers: `hallucination-firewall/otel` imports without them, and
 * `setupTracing` then throws a ConfigError that names the install command. They are imported once, when this
 * module is (a top-level await, since `setupTracing` is synchronous), as ES modules: the same instances a
 * caller's own SDK code uses.
 */
import type * as ApiLogs from "@opentelemetry/api-logs";
import type * as LogsExporter from "@opentelemetry/exporter-logs-otlp-http";
import type * as MetricsExporter from "@opentelemetry/exporter-metrics-otlp-http";
import type * as TraceExporter from "@opentelemetry/exporter-trace-otlp-http";
import type * as Resources from "@opentelemetry/resources";
import type * as SdkMetrics from "@opentelemetry/sdk-metrics";
import type * as SdkNode from "@opentelemetry/sdk-node";
import type * as SdkTraceBase from "@opentelemetry/sdk-trace-base";
import { ConfigError } from "../src/index.js";

/** The install command for the peers, at the versions this package is built against (they run on Node 20). */
export const INSTALL_OTEL_PACKAGES =
  "npm install @opentelemetry/sdk-node@0.223 @opentelemetry/exporter-trace-otlp-http@0.223 @opentelemetry/exporter-metrics-otlp-http@0.223 " +
  "@opentelemetry/exporter-logs-otlp-http@0.223 @opentelemetry/api-logs@0.223 @opentelemetry/sdk-trace-base@2.12 " +
  "@opentelemetry/sdk-metrics@2.12 @opentelemetry/resources@2.12";

/** The SDK packages `setupTracing` and `evaluationEventsProcessor` use. */
export interface OtelSdk {
  apiLogs: typeof ApiLogs;
  logsExporter: typeof LogsExporter;
  metricsExporter: typeof MetricsExporter;
  traceExporter: typeof TraceExporter;
  resources: typeof Resources;
  sdkMetrics: typeof SdkMetrics;
  sdkNode: typeof SdkNode;
  sdkTraceBase: typeof SdkTraceBase;
}

const settled = await Promise.allSettled([
  import("@opentelemetry/api-logs"),
  import("@opentelemetry/exporter-logs-otlp-http"),
  import("@opentelemetry/exporter-metrics-otlp-http"),
  import("@opentelemetry/exporter-trace-otlp-http"),
  import("@opentelemetry/resources"),
  import("@opentelemetry/sdk-metrics"),
  import("@opentelemetry/sdk-node"),
  import("@opentelemetry/sdk-trace-base"),
]);

function unavailable(failure: unknown): ConfigError {
  const missing = (failure as { code?: string }).code === "ERR_MODULE_NOT_FOUND" && String((failure as Error).message).includes("@opentelemetry/");
  const what = missing
    ? "needs the optional OpenTelemetry SDK packages, which are not installed"
    : `could not load the OpenTelemetry SDK (${(failure as Error).message})`;
  return new ConfigError(`hallucination-firewall/otel ${what}: run '${INSTALL_OTEL_PACKAGES}'.`, { cause: failure });
}

/**
 * The OpenTelemetry SDK packages.
 * @throws ConfigError naming the install command when one is not installed, or saying why it failed to load.
 */
export function otelSdk(): OtelSdk {
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw unavailable(failed.reason);
  const [apiLogs, logsExporter, metricsExporter, traceExporter, resources, sdkMetrics, sdkNode, sdkTraceBase] = settled.map(
    (s) => (s as PromiseFulfilledResult<unknown>).value,
  );
  return { apiLogs, logsExporter, metricsExporter, traceExporter, resources, sdkMetrics, sdkNode, sdkTraceBase } as OtelSdk;
}

/**
 * `@opentelemetry/api-logs` alone (all that the verdict-event processor needs).
 * @throws ConfigError naming the install command when it is not installed.
 */
export function otelLogsApi(): typeof ApiLogs {
  const [apiLogs] = settled;
  if (apiLogs.status === "rejected") throw unavailable(apiLogs.reason);
  return apiLogs.value;
}
