/**
 * OpenTelemetry export for the `hfw` command: on when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or `HFW_OTEL` is set. The SDK is loaded only then, so the CLI starts
 * fast and works when the optional SDK packages are not installed.
 */
import { envSwitch } from "../env-switch.js";
import { diag, DiagLogLevel, SpanStatusCode, trace, type DiagLogger } from "@opentelemetry/api";
import { TELEMETRY_NAMES } from "../telemetry/names.js";

/** What the CLI needs of `setupTracing` (from `hallucination-firewall/otel`). */
type Setup = (options: { serviceName?: string; exporter?: "otlp"; exportTimeoutMs?: number }) => { shutdown(): Promise<void> };

/** How long the CLI waits for the collector, ms, unless `OTEL_EXPORTER_OTLP_TIMEOUT` says otherwise. */
const CLI_EXPORT_TIMEOUT_MS = 3000;

export interface CliTelemetry {
  /** Runs the command in an `hfw verify` span (the parent of `hfw.verify`; evidence events land on it). */
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Flushes and stops the exporters. */
  shutdown(): Promise<void>;
}

const OFF: CliTelemetry = { run: (_name, fn) => fn(), shutdown: async () => {} };

/** `otlp`, or undefined (no export), from `HFW_OTEL` and the OTLP endpoint variables. */
export function cliExporter(env: NodeJS.ProcessEnv): "otlp" | undefined {
  const flag = env.HFW_OTEL?.trim().toLowerCase();
  if (flag === "none" || envSwitch(flag) === false) return undefined;
  if (flag === "otlp" || envSwitch(flag) === true) return "otlp";
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) return "otlp";
  return undefined;
}

/**
 * Starts export when the environment asks for it. Never throws: when the SDK cannot be loaded it says so on
 * `warn` and the command runs untraced.
 * @param load imports the setup helper (a parameter so that a missing SDK can be tested).
 */
export async function startCliTelemetry(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
  load: () => Promise<{ setupTracing: Setup }> = () => import("../../otel/index.js"),
): Promise<CliTelemetry> {
  const exporter = cliExporter(env);
  if (!exporter) return OFF;
  let tracing: { shutdown(): Promise<void> };
  try {
    const { setupTracing } = await load();
    // Export failures (no collector listening) are told once on stderr, unless OTEL_LOG_LEVEL asks for the SDK's own log.
    if (!env.OTEL_LOG_LEVEL) diag.setLogger(onceLogger(warn), DiagLogLevel.WARN);
    tracing = setupTracing({
      exporter,
      ...(env.OTEL_SERVICE_NAME?.trim() ? {} : { serviceName: "hfw" }),
      ...(env.OTEL_EXPORTER_OTLP_TIMEOUT?.trim() ? {} : { exportTimeoutMs: CLI_EXPORT_TIMEOUT_MS }),
    });
  } catch (error) {
    warn(
      `tracing is off: the OpenTelemetry SDK could not be loaded (${(error as Error).message}). Install @opentelemetry/sdk-node and the OTLP/HTTP exporters, or unset HFW_OTEL and OTEL_EXPORTER_OTLP_ENDPOINT.`,
    );
    return OFF;
  }
  return {
    run: (name, fn) =>
      trace.getTracer(TELEMETRY_NAMES.scope).startActiveSpan(name, async (span) => {
        try {
          return await fn();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      }),
    shutdown: () => tracing.shutdown(),
  };
}

/** A diag logger that tells the first warning or error in one line (the SDK logs a stack per failed signal). */
function onceLogger(warn: (message: string) => void): DiagLogger {
  let told = false;
  const tell = (message: string) => {
    if (told) return;
    told = true;
    let text = message;
    try {
      text = (JSON.parse(message) as { message?: string }).message ?? message;
    } catch {
      // a plain message
    }
    warn(`telemetry was not exported: ${text.replace(/^hallucination-firewall: telemetry shutdown failed: /, "")}`);
  };
  const quiet = () => {};
  return { error: tell, warn: tell, info: quiet, debug: quiet, verbose: quiet };
}
