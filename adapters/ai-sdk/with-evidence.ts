/**
 * Tool wrapper: records each tool's `execute` result as evidence directly, for setups where the middleware
 * never sees the results (a single-step call that hands tool results back to the caller, a tool loop on
 * another model, results shown to the user without a final model turn).
 */
import type { ToolExecutionOptions, ToolSet } from "ai";
import type { Firewall } from "../../src/index.js";

export interface WithEvidenceOptions {
  /**
   * Session that records the results: a fixed id, or a function of the tool call's execution options (its
   * `toolCallId`, `messages`, `experimental_context`). Default: the firewall's default session. Use the same
   * id as the middleware's session so both see one ledger; a result recorded by both is kept once (same
   * tool call id).
   */
  session?: string | ((execution: ToolExecutionOptions) => string | undefined);
}

type Execute = (input: unknown, execution: ToolExecutionOptions) => unknown;

/**
 * Wraps AI SDK tools (`tool({ ... })` definitions) so each `execute` result is recorded as evidence under the
 * tool's key, with the call's input as its arguments and its tool call id (so recording is idempotent).
 * A tool that streams (an `execute` returning an async iterable) is recorded once, with its last value.
 * Thrown errors and rejections pass through unrecorded: an error is not evidence. A result the ledger
 * refuses (binary, oversized) is logged to the firewall's logger and returned to the SDK unchanged.
 *
 * @returns a new tool set of the same type; tools without `execute` are kept as they are.
 */
export function withEvidence<T extends ToolSet>(tools: T, fw: Firewall, options: WithEvidenceOptions = {}): T {
  if (!tools || typeof tools !== "object") throw new TypeError("withEvidence(tools, fw): tools must be an object of AI SDK tools.");
  const wrapped: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(tools)) {
    const execute = (definition as { execute?: Execute }).execute;
    wrapped[name] = typeof execute === "function" ? { ...definition, execute: recording(name, execute, fw, options) } : definition;
  }
  return wrapped as T;
}

function recording(name: string, execute: Execute, fw: Firewall, options: WithEvidenceOptions): Execute {
  const warn = (error: unknown) =>
    fw.logger.warn(`hallucination-firewall: the result of tool '${name}' was not recorded: ${error instanceof Error ? error.message : String(error)}`);
  const save = (value: unknown, input: unknown, execution: ToolExecutionOptions) => {
    try {
      const id = typeof options.session === "function" ? options.session(execution) : options.session;
      // A PostgreSQL store writes in the background, before the session's next verify.
      const out = fw
        .session(id || undefined)
        .recordAny({ source: name, content: value === undefined ? "" : value, args: input, callId: execution?.toolCallId });
      if (out instanceof Promise) out.catch(warn);
    } catch (error) {
      warn(error);
    }
  };
  return (input, execution) => {
    const out = execute(input, execution);
    if (isAsyncIterable(out)) return lastValueRecorded(out, (last) => save(last, input, execution));
    if (isPromiseLike(out)) {
      return Promise.resolve(out).then((value) => {
        save(value, input, execution);
        return value;
      });
    }
    save(out, input, execution);
    return out;
  };
}

async function* lastValueRecorded<V>(source: AsyncIterable<V>, onDone: (last: V) => void): AsyncGenerator<V> {
  let last: V | undefined;
  let any = false;
  for await (const value of source) {
    last = value;
    any = true;
    yield value;
  }
  if (any) onDone(last as V);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === "object" && typeof (value as Record<symbol, unknown>)[Symbol.asyncIterator] === "function";
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
}
