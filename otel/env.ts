/**
 * The standard `OTEL_*` settings that `setupTracing` reads itself. The exporters read their endpoint,
 * headers, timeout and compression variables on their own, the batch span processor `OTEL_BSP_*`, and
 * NodeSDK the sampler, resource, log level and `OTEL_SDK_DISABLED`.
 */

/** A non-negative number from the environment, or undefined when unset or not a number. */
export function envNumber(name: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A lower-case comma-separated list from the environment (`OTEL_TRACES_EXPORTER=otlp,console`). */
export function envList(name: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return (env[name] ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** `OTEL_BLRP_*`: the batch log-record processor's settings (delays in ms). */
export function batchLogConfig(env: NodeJS.ProcessEnv = process.env) {
  return defined({
    scheduledDelayMillis: envNumber("OTEL_BLRP_SCHEDULE_DELAY", env),
    exportTimeoutMillis: envNumber("OTEL_BLRP_EXPORT_TIMEOUT", env),
    maxQueueSize: envNumber("OTEL_BLRP_MAX_QUEUE_SIZE", env),
    maxExportBatchSize: envNumber("OTEL_BLRP_MAX_EXPORT_BATCH_SIZE", env),
  });
}

function defined<T extends Record<string, number | undefined>>(o: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: number };
}
