/**
 * One structured model call through the AI SDK (`generateText` with `Output.object`): a per-attempt
 * timeout, the SDK's own retries with exponential backoff on rate limits and server errors (honouring
 * `retry-after` headers), re-asks when the output fails the schema, token usage over every attempt, and an
 * OpenTelemetry span with the GenAI usage attributes. The model gets no tools.
 */
import { SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import type { z } from "zod";
import { FirewallError } from "../errors.js";
import { loadAi } from "./load-ai.js";
import { identify, type LlmModel } from "./model.js";
import { costOf, type PriceTable } from "./usage.js";
import { spanTime } from "../telemetry/span-time.js";

/** Options of {@link callStructured}. */
export interface StructuredCallOptions<T> {
  model: LlmModel;
  purpose: "judge" | "extract";
  system: string;
  /** The user message (data for the model, delimited by the caller). */
  prompt: string;
  schema: z.ZodType<T>;
  /** A further check of schema-valid output; a returned string names the problem and triggers a re-ask. */
  check?: (output: T) => string | null;
  /** Timeout of each attempt, ms (the SDK's rate-limit retries run inside it). */
  timeoutMs: number;
  /** Retries the AI SDK makes on rate limits (429) and server errors, with exponential backoff. */
  maxRetries: number;
  /** Asks in all when the output is not valid (1 = no re-ask). */
  attempts: number;
  temperature?: number;
  maxOutputTokens?: number;
  /** The caller's abort signal (a verify call's). */
  signal?: AbortSignal;
  prices?: PriceTable;
  /** Extra span attributes (claim count, prompt version). */
  attributes?: Record<string, string | number | boolean>;
}

/** A successful call. */
export interface StructuredCallResult<T> {
  output: T;
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  ms: number;
}

export type LlmFailureKind = "invalid" | "timeout" | "error" | "aborted";

/** A call that gave no usable output; carries the tokens it still cost. */
export class LlmCallFailure extends FirewallError {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly attempts: number,
    readonly inputTokens: number,
    readonly outputTokens: number,
    readonly costUsd: number | null,
    readonly ms: number,
    options?: { cause?: unknown; lastOutput?: unknown },
  ) {
    super(message, options);
    this.name = "LlmCallFailure";
    this.lastOutput = options?.lastOutput;
  }

  /** The last schema-valid output that failed `check` (e.g. verdicts for some claims only), if any. */
  readonly lastOutput: unknown;
}

const TRACER = "hallucination-firewall";

/** Attribute names (OpenTelemetry GenAI semantic conventions where one fits). */
const ATTR = {
  operation: "gen_ai.operation.name",
  provider: "gen_ai.provider.name",
  model: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  cost: "hfw.usage.cost_usd",
  attempts: "hfw.llm.attempts",
  outcome: "hfw.llm.outcome",
  errorType: "error.type",
} as const;

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // Telemetry never throws into a verification.
  }
}

/** A signal that aborts after `ms` with a TimeoutError, or when `outer` aborts. */
function attemptSignal(ms: number, outer: AbortSignal | undefined): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError")), ms);
  const onAbort = () => controller.abort(outer!.reason ?? new DOMException("aborted", "AbortError"));
  if (outer) {
    if (outer.aborted) onAbort();
    else outer.addEventListener("abort", onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

/** Rejects when `signal` aborts: a provider that ignores the signal cannot outlive the timeout. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException(String(signal.reason), "AbortError"));
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status =
    (error as { statusCode?: number; lastError?: { statusCode?: number } }).statusCode ??
    (error as { lastError?: { statusCode?: number } }).lastError?.statusCode;
  const message = error.message.replace(/\s+/g, " ").slice(0, 200);
  return status ? `HTTP ${status}: ${message}` : message;
}

/**
 * Calls the model for a structured answer.
 * @returns the validated output and its usage.
 * @throws LlmCallFailure with `kind` `invalid` (no valid output after `attempts` asks), `timeout`, `aborted`
 *   or `error` (provider error after the SDK's retries), carrying the tokens spent. ConfigError when `ai`
 *   cannot be loaded.
 */
export async function callStructured<T>(options: StructuredCallOptions<T>): Promise<StructuredCallResult<T>> {
  const ai = await loadAi();
  const { provider, modelId } = identify(options.model);
  const tracer = trace.getTracer(TRACER);
  return tracer.startActiveSpan(
    `hfw.llm.${options.purpose}`,
    { attributes: { [ATTR.operation]: "chat", [ATTR.provider]: provider ?? "_OTHER", [ATTR.model]: modelId, ...options.attributes }, startTime: spanTime() },
    async (span: Span) => {
      const started = performance.now();
      let attempts = 0;
      let inputTokens = 0;
      let outputTokens = 0;
      const cost = () => costOf(options.prices, modelId, inputTokens, outputTokens);
      const finish = (outcome: string, error?: LlmCallFailure) => {
        safely(() => {
          span.setAttributes({ [ATTR.inputTokens]: inputTokens, [ATTR.outputTokens]: outputTokens, [ATTR.attempts]: attempts, [ATTR.outcome]: outcome });
          const c = cost();
          if (c !== null) span.setAttribute(ATTR.cost, c);
          if (error) {
            span.setAttribute(ATTR.errorType, error.kind);
            span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
          }
          span.end(spanTime());
        });
      };
      let lastOutput: unknown;
      const fail = (kind: LlmFailureKind, message: string, cause?: unknown): never => {
        const error = new LlmCallFailure(kind, message, attempts, inputTokens, outputTokens, cost(), performance.now() - started, { cause, lastOutput });
        finish(kind, error);
        throw error;
      };
      const messages: Array<{ role: "user" | "assistant"; content: string }> = [{ role: "user", content: options.prompt }];
      let problem = "";
      while (attempts < options.attempts) {
        attempts++;
        const { signal, clear } = attemptSignal(options.timeoutMs, options.signal);
        try {
          const call = ai.generateText({
            model: options.model as Parameters<typeof ai.generateText>[0]["model"],
            system: options.system,
            messages,
            output: ai.Output.object({ schema: options.schema }),
            maxRetries: options.maxRetries,
            abortSignal: signal,
            temperature: options.temperature,
            maxOutputTokens: options.maxOutputTokens,
          });
          call.catch(() => {});
          const result = await Promise.race([call, whenAborted(signal)]);
          inputTokens += result.usage.inputTokens ?? 0;
          outputTokens += result.usage.outputTokens ?? 0;
          safely(() => span.setAttribute(ATTR.responseModel, result.response.modelId));
          const output = result.output as T;
          problem = options.check?.(output) ?? "";
          if (!problem) {
            finish("ok");
            return { output, attempts, inputTokens, outputTokens, costUsd: cost(), ms: performance.now() - started };
          }
          lastOutput = output;
          messages.push({ role: "assistant", content: JSON.stringify(output) });
        } catch (error) {
          if (ai.NoObjectGeneratedError.isInstance(error)) {
            inputTokens += error.usage?.inputTokens ?? 0;
            outputTokens += error.usage?.outputTokens ?? 0;
            problem = describe(error.cause ?? error);
            messages.push({ role: "assistant", content: (error.text ?? "").slice(0, 4000) });
          } else if (signal.aborted) {
            const reason = signal.reason as { name?: string } | undefined;
            if (reason?.name === "TimeoutError") fail("timeout", `timed out after ${options.timeoutMs} ms`, error);
            fail("aborted", "aborted by the caller", error);
          } else {
            fail("error", describe(error), error);
          }
        } finally {
          clear();
        }
        messages.push({
          role: "user",
          content: `That reply was not valid: ${problem}. Reply again with only the JSON object the schema asks for, for the same data.`,
        });
      }
      return fail("invalid", `no valid output after ${attempts} attempt(s): ${problem}`);
    },
  );
}
