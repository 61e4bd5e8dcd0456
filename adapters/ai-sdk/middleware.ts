/**
 * The AI SDK language-model middleware: records the tool results each model call receives and gates the
 * final answer, for `generateText`, `streamText`, multi-step loops, structured output and `ToolLoopAgent`,
 * with any provider.
 */
import type { LanguageModelMiddleware } from "ai";
import type { Firewall } from "../../src/index.js";
import type { CallContext } from "./call-context.js";
import { resolveOptions, type FirewallMiddlewareOptions, type ResolvedOptions } from "./options.js";
import { emptyOutcome, recordPromptToolResults } from "./record-tool-results.js";
import { sessionIdOf, withoutSessionHeader } from "./session-key.js";
import type { CallParamsLike, GenerateResultLike, StreamResultLike } from "./types.js";
import { generateWithFirewall } from "./wrap-generate.js";
import { streamWithFirewall } from "./wrap-stream.js";

/** The middleware's hooks, over the structural shapes the v3 and v4 specifications share. */
export interface FirewallMiddlewareHooks {
  transformParams(options: { params: CallParamsLike }): Promise<CallParamsLike>;
  wrapGenerate(options: { doGenerate: () => PromiseLike<GenerateResultLike>; params: CallParamsLike }): Promise<GenerateResultLike>;
  wrapStream(options: { doStream: () => PromiseLike<StreamResultLike>; params: CallParamsLike }): Promise<StreamResultLike>;
}

/**
 * Language-model middleware that puts the firewall around every call of a wrapped model.
 *
 * ```ts
 * import { generateText, stepCountIs, wrapLanguageModel } from "ai";
 * import { Firewall } from "hallucination-firewall";
 * import { firewallMiddleware, readFirewallMetadata } from "hallucination-firewall/ai-sdk";
 *
 * const fw = new Firewall();
 * const model = wrapLanguageModel({ model: openai("gpt-4.1-mini"), middleware: firewallMiddleware(fw) });
 * const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt });
 * result.text;                                            // the answer as the policy lets it ship
 * readFirewallMetadata(result.providerMetadata)?.report;  // claims, verdicts, decision
 * ```
 *
 * On every call: the prompt's tool results (`role: "tool"` messages) are recorded as evidence in the
 * call's session, once per tool call id (JSON results keep their structure; error results are not
 * evidence). When the response is the final answer (text and no client tool calls), its text is verified
 * and replaced by the text that may ship: corrected, annotated, or the refusal (see the options). The report
 * is put under `providerMetadata.hallucinationFirewall`. Streams are verified unit by unit as they arrive,
 * gated whole, or observed (`stream` option; progressive by default when the policy rewrites or blocks).
 *
 * The adapter never throws into the run, except `HallucinationBlocked` when `onBlock` is `throw` (and a
 * `FirewallError` when verification fails under `failMode: "closed"` with `onBlock: "throw"`); provider
 * errors pass through unchanged. A progressive stream that is blocked ends with an `error` part carrying
 * `HallucinationBlocked` and a `content-filter` finish (see `onBlock`).
 *
 * @param fw the firewall whose sessions record and verify.
 * @param options see {@link FirewallMiddlewareOptions}.
 * @returns a `LanguageModelMiddleware` (`specificationVersion: "v3"`, the spec of `ai` 6).
 * @throws ConfigError at creation for an option of the wrong type or value.
 */
export function firewallMiddleware(fw: Firewall, options: FirewallMiddlewareOptions = {}): LanguageModelMiddleware {
  const neutral = createMiddleware(fw, options);
  return { specificationVersion: "v3", ...neutral } as unknown as LanguageModelMiddleware;
}

/**
 * The same middleware for the v4 specification (`ai` 7, `LanguageModelV4Middleware`), whose prompt
 * tool-result parts, generate content and stream parts have the shapes this adapter reads. Typed
 * structurally because `ai` 7 is not a dependency here; pass it to `ai` 7's `wrapLanguageModel`.
 */
export function firewallMiddlewareV4(fw: Firewall, options: FirewallMiddlewareOptions = {}): { specificationVersion: "v4" } & FirewallMiddlewareHooks {
  return { specificationVersion: "v4", ...createMiddleware(fw, options) };
}

function createMiddleware(fw: Firewall, given: FirewallMiddlewareOptions): FirewallMiddlewareHooks {
  if (!fw || typeof fw.session !== "function") {
    throw new TypeError("firewallMiddleware(fw, options): fw must be a Firewall (new Firewall()).");
  }
  const options: ResolvedOptions = resolveOptions(given, fw.policy);
  // The session is resolved before the header is removed, and found again by the params object, which the
  // SDK hands from transformParams to wrapGenerate / wrapStream as is.
  const sessionOf = new WeakMap<object, string | undefined>();
  const warn = (message: string) => fw.logger.warn(message);

  const resolveSession = (params: CallParamsLike): string | undefined => {
    try {
      return sessionIdOf(params, options);
    } catch (error) {
      warn(`hallucination-firewall: the session option threw, the default session is used: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  const begin = (params: CallParamsLike): CallContext => {
    const id = sessionOf.has(params) ? sessionOf.get(params) : resolveSession(params);
    const ctx: CallContext = { session: fw.session(id), options, warn, outcome: emptyOutcome() };
    try {
      recordPromptToolResults(ctx.session, params.prompt ?? [], ctx.outcome);
    } catch (error) {
      warn(`hallucination-firewall: recording the prompt's tool results failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return ctx;
  };

  return {
    async transformParams({ params }) {
      const id = resolveSession(params);
      const stripped = withoutSessionHeader(params, options.sessionHeader);
      sessionOf.set(stripped, id);
      return stripped;
    },
    async wrapGenerate({ doGenerate, params }) {
      return generateWithFirewall(doGenerate, params, begin(params));
    },
    async wrapStream({ doStream, params }) {
      // A JSON answer is one unit: nothing could be released before its end.
      const mode = options.stream === "progressive" && params.responseFormat?.type === "json" ? "gate" : options.stream;
      return streamWithFirewall(doStream, params, begin(params), mode);
    },
  };
}

// Compile-time checks that the v3 shapes of `ai` 6 fit the structural shapes the implementation reads.
type V3Generate = NonNullable<LanguageModelMiddleware["wrapGenerate"]>;
type V3Stream = NonNullable<LanguageModelMiddleware["wrapStream"]>;
type Fits<A, B> = A extends B ? true : false;
export type V3ShapesFit = [
  Fits<Parameters<V3Generate>[0]["params"], CallParamsLike>,
  Fits<Awaited<ReturnType<Parameters<V3Generate>[0]["doGenerate"]>>["content"][number], { type: string }>,
  Fits<Awaited<ReturnType<Parameters<V3Stream>[0]["doStream"]>>["stream"], ReadableStream<{ type: string }>>,
] extends [true, true, true]
  ? true
  : never;
const v3ShapesFit: V3ShapesFit = true;
void v3ShapesFit;
