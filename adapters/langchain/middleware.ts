/**
 * Agent middleware for `createAgent` (LangChain v1): records each tool result and gates the agent's final
 * answer before it enters the agent's state.
 */
import { randomUUID } from "node:crypto";
import { HumanMessage, type AIMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { HallucinationBlocked, type Firewall, type Logger, type Report, type Session, type VerifyOverrides } from "../../src/index.js";
import { AnswerStream, type StreamMode, type StreamOutcome } from "./answer-stream.js";
import { checkOptions } from "./check-options.js";
import { defaultCorrectionPrompt } from "./correction-prompt.js";
import { DEFAULT_METADATA_KEY, isFinalAnswer, outcomeOf, rebuildMessage, type BlockOptions } from "./message-gate.js";
import { recordToolMessages } from "./record-output.js";
import { emptyStats, fail, type AdapterStats } from "./safety.js";
import { resolveSessionId, threadIdOf, type SessionIdOption } from "./session-key.js";
import { GatedChatModel } from "./gated-model.js";
import { emitVerdict } from "./verdict-event.js";

/** Private agent state key (a leading `_` keeps it out of the agent's input and output). */
const SESSION_KEY = "_hallucinationFirewallSession";

export interface FirewallMiddlewareOptions extends BlockOptions {
  /** The firewall whose sessions hold the evidence and reports. */
  firewall: Firewall;
  /**
   * Session of an agent run: a fixed id, or `(run) => id` (told the thread id and the runtime `context`).
   * Default: `configurable.thread_id`, else a fresh session per `invoke` / `stream` call.
   */
  sessionId?: SessionIdOption;
  /** Record each tool result (default true); see the note on recording below. */
  record?: boolean;
  /** Verify the final answer and apply the policy (default true); false only records. */
  verify?: boolean;
  /**
   * What token consumers (`messages` stream mode, `streamEvents`' `on_chat_model_stream`) receive of the
   * final answer (default `progressive`):
   * - `progressive`: the answer goes out unit by unit (sentence, list item, table row) as the model streams
   *   it, each once verified: unchanged when it passes, corrected (`rewrite`) or marked (`annotate`) when a
   *   figure is wrong. A block stops the text; the refusal follows what was released (or the run rejects
   *   with `HallucinationBlocked` when `onBlock: "throw"`). A verdict event goes out per unit
   *   (`hallucination_firewall_unit`, see `UnitVerdictEvent`). A streamed answer carries no citation
   *   markers (a stream cannot know whether a later claim will be flagged) and gets no correction turns.
   * - `gate`: the answer's tokens are held until it ends, then the gated answer goes out as one token, as
   *   `invoke` returns it (citation markers included; no correction turns).
   * - `observe`: the model's own tokens go out as it generates them, unverified; the gated message follows
   *   them with the id `<id>-firewall` (the behaviour before this option).
   * Without a token consumer (`invoke`, the `updates` and `values` stream modes) every mode gates the whole
   * answer as before. Text that comes with tool calls passes as the model wrote it.
   */
  stream?: StreamMode;
  /** Policy fields for this agent's answers, as `fw.verify(draft, overrides)` takes them (default: the firewall's). */
  policy?: VerifyOverrides;
  /**
   * Correction turns (default 0): when the policy flags the answer, the failing claims and the evidence
   * values are sent back to the model (`correctionPrompt`) and its new answer is verified again, at most this
   * many times; the policy then applies to the last answer. The draft and the correction turn are not added
   * to the agent's state.
   */
  maxRetries?: number;
  /** Builds the correction turn from the report (default: {@link defaultCorrectionPrompt}). */
  correctionPrompt?: (report: Report) => string;
  /**
   * When the firewall itself fails on an answer (a bug, a draft it cannot read): `pass` (default) ships the
   * answer unchanged, `refuse` ships the refusal. Either way the failure is logged and counted.
   */
  onError?: "pass" | "refuse";
  /** Key of the report in the final message's `response_metadata` (default `hallucination_firewall`). */
  metadataKey?: string;
  /**
   * After each verified answer, emit a verdict event (default true): a `custom` stream chunk
   * `{ type: "hallucination_firewall", ... }` and a custom callback event `hallucination_firewall`
   * (`on_custom_event` in `streamEvents`); in `progressive` streams also one `hallucination_firewall_unit`
   * event per released unit, right after its text (see `UnitVerdictEvent`).
   */
  events?: boolean;
  /** Record a `content_and_artifact` tool's artifact as a second evidence record (default true). */
  artifacts?: boolean;
  /** Told about the middleware's own failures (default: the firewall's logger). */
  logger?: Logger;
}

/**
 * The firewall as `createAgent` middleware:
 *
 * ```ts
 * const agent = createAgent({ model, tools, middleware: [firewallMiddleware({ firewall: fw })] });
 * ```
 *
 * - Before each model call, records the tool results in the agent's messages that the session does not
 *   hold yet (content and artifact, with the tool call's name and arguments; failed calls are not
 *   evidence), in the run's session: `configurable.thread_id`, or one session per invocation. It reads them
 *   from the state rather than wrapping tool calls because any `wrapToolCall` middleware makes LangChain
 *   re-raise tool errors instead of showing them to the model: the firewall must not change that.
 * - After the model call, when the model answers without tool calls, verifies the answer against the session's
 *   evidence. `pass` keeps the text; `annotate` and `rewrite` replace it with the policy's output; `block`
 *   replaces it with the refusal, or throws `HallucinationBlocked` when `onBlock: "throw"`. The report is
 *   attached as `response_metadata.hallucination_firewall`; a message whose text changed gets the id
 *   `<id>-firewall`, so LangGraph's `messages` stream emits it after the model's own.
 *
 * Because the answer is gated inside the model step, the agent's state, `invoke`'s result and the `updates`
 * and `values` streams only ever hold the gated message (with the report in `response_metadata`). Token
 * streams (`messages` mode, `streamEvents`) carry what `stream` says: by default (`progressive`) the gated
 * answer unit by unit, in place of the model's tokens, the same text the state then holds; a verdict
 * event per unit and one for the answer follow. To replace the token stream, the middleware hands the agent
 * a stand-in for the model for each call (a chat model named `GatedChatModel` in traces and events): it runs the model without callbacks and
 * streams, as its own tokens, what the firewall releases.
 *
 * The middleware never throws into the run except as asked (`onBlock: "throw"`); errors of your model pass
 * through untouched, and tool errors are handled by LangChain as they would be without it.
 * @returns the middleware, with `stats` (recorded, skipped, errors, verified, blocked, retries).
 * @throws ConfigError at setup for a missing `firewall` or an option value it does not take.
 */
export function firewallMiddleware(options: FirewallMiddlewareOptions) {
  checkOptions("firewallMiddleware", options);
  const { firewall, maxRetries = 0, metadataKey = DEFAULT_METADATA_KEY, onError = "pass" } = options;
  const logger = options.logger ?? firewall.logger;
  const record = options.record ?? true;
  const verify = options.verify ?? true;
  const events = options.events ?? true;
  const artifacts = options.artifacts ?? true;
  const stream = options.stream ?? "progressive";
  const correctionPrompt = options.correctionPrompt ?? defaultCorrectionPrompt;
  const stats = emptyStats();

  const sessionOf = (state: Record<string, unknown>, runtime: { configurable?: Record<string, unknown>; context?: unknown }): Session => {
    const known = state[SESSION_KEY];
    if (typeof known === "string" && known !== "") return firewall.session(known);
    // The state lacks the id only if `beforeAgent` did not run for this state (e.g. an old checkpoint).
    return firewall.session(
      resolveSessionId(options.sessionId, { threadId: threadIdOf(runtime), metadata: {}, context: runtime.context }, () => firewall.session().id),
    );
  };

  const middleware = createMiddleware({
    name: "HallucinationFirewall",
    stateSchema: z.object({ [SESSION_KEY]: z.string().optional() }),

    beforeAgent: (_state, runtime) => {
      const threadId = threadIdOf({ configurable: runtime.configurable });
      try {
        return { [SESSION_KEY]: resolveSessionId(options.sessionId, { threadId, metadata: {}, context: runtime.context }, () => randomUUID()) };
      } catch (error) {
        fail(stats, logger, "sessionId threw; the thread id or a fresh session is used", error);
        return { [SESSION_KEY]: threadId ?? randomUUID() };
      }
    },

    wrapModelCall: async (request, handler) => {
      let session: Session | undefined;
      try {
        session = sessionOf(request.state, request.runtime);
        if (record) recordToolMessages(session, request.state.messages, stats, logger, artifacts);
      } catch (error) {
        fail(stats, logger, "tool results not recorded", error);
      }
      let answer: AnswerStream | undefined;
      const standIn =
        verify && stream !== "observe" && session !== undefined && canStandIn(request.model)
          ? new GatedChatModel(request.model as ConstructorParameters<typeof GatedChatModel>[0], (sink) => {
              answer = new AnswerStream(
                {
                  ...options,
                  mode: stream,
                  session: session!,
                  policy: options.policy,
                  onError,
                  events,
                  runtime: request.runtime,
                  stats,
                  logger,
                  // With tools on offer the response may still turn out to call one: a block then waits for
                  // the response's end, so that a tool call abandons the text and goes on.
                  blockAtEnd: request.tools.length > 0 && request.toolChoice !== "none",
                },
                sink,
              );
              return answer;
            })
          : undefined;
      let response = await handler(standIn ? { ...request, model: standIn as unknown as typeof request.model } : request);
      if (!verify || !isFinalAnswer(response)) return response;
      if (answer?.outcome) return settleStreamed(response, answer.outcome, session!, request.runtime);
      let report: Report;
      try {
        session ??= sessionOf(request.state, request.runtime);
        report = await session.verify(response.text, options.policy);
        stats.verified++;
      } catch (error) {
        fail(stats, logger, "the answer was not verified", error);
        return failed(response, error);
      }
      for (let attempt = 1; report.decision !== "pass" && attempt <= maxRetries; attempt++) {
        stats.retries++;
        const turn = new HumanMessage(safePrompt(report));
        const next = await handler({ ...request, messages: [...request.messages, response, turn] });
        // The model went back to its tools: the agent loop goes on, and its next answer is verified then.
        if (!isFinalAnswer(next)) return next;
        response = next;
        try {
          report = await session.verify(response.text, options.policy);
          stats.verified++;
        } catch (error) {
          fail(stats, logger, "the corrected answer was not verified", error);
          return failed(response, error);
        }
      }
      let outcome;
      try {
        outcome = outcomeOf(report, options);
      } catch (error) {
        if (HallucinationBlocked.isInstance(error)) {
          stats.blocked++;
          if (events) await emitVerdict(request.runtime, report, session.id, undefined, null, logger);
        }
        throw error;
      }
      if (outcome.blocked) stats.blocked++;
      const changed = outcome.text !== response.text;
      const id = changed && response.id ? `${response.id}-firewall` : response.id;
      const gated = rebuildMessage(response, outcome.text, { [metadataKey]: report }, id);
      if (events) await emitVerdict(request.runtime, report, session.id, gated.id, outcome.text, logger);
      return gated;
    },
  });

  /**
   * A streamed answer: its text already went out and is the message's text; the report is attached (same
   * id, so the `messages` stream does not send it again) and the answer's verdict event follows.
   * @throws HallucinationBlocked when the policy blocked it and `onBlock` is `throw`.
   */
  async function settleStreamed(response: AIMessage, outcome: StreamOutcome, session: Session, runtime: { writer?: unknown }): Promise<AIMessage> {
    if (outcome.kind === "failed") {
      const error = outcome.error;
      return rebuildMessage(response, response.text, { [metadataKey]: { error: error instanceof Error ? error.message : String(error) } });
    }
    const { report, blocked } = outcome;
    stats.verified++;
    if (blocked) stats.blocked++;
    if (blocked && options.onBlock === "throw") {
      if (events) await emitVerdict(runtime, report, session.id, undefined, null, logger);
      throw new HallucinationBlocked(report);
    }
    const message = rebuildMessage(response, response.text, { [metadataKey]: report });
    if (events) await emitVerdict(runtime, report, session.id, message.id, message.text, logger);
    return message;
  }

  function safePrompt(report: Report): string {
    try {
      return correctionPrompt(report);
    } catch (error) {
      fail(stats, logger, "correctionPrompt threw; the default prompt was used", error);
      return defaultCorrectionPrompt(report);
    }
  }

  /** The answer when the firewall failed on it: unchanged (fail open) or refused (fail closed). */
  function failed(response: AIMessage, error: unknown): AIMessage {
    const note = { [metadataKey]: { error: error instanceof Error ? error.message : String(error) } };
    if (onError === "pass") return rebuildMessage(response, response.text, note);
    const refusal = typeof options.refusal === "string" ? options.refusal : "I can't give that answer: it could not be verified against the tool results.";
    return rebuildMessage(response, refusal, note, response.id ? `${response.id}-firewall` : undefined);
  }

  return Object.assign(middleware, { stats: stats as Readonly<AdapterStats> });
}

/**
 * Whether the stand-in can take the model's place: a chat model (or a configurable one) that binds tools.
 * Anything else (a model the agent reaches through a sequence, say) streams as in `observe`.
 */
function canStandIn(model: unknown): boolean {
  const m = model as { bindTools?: unknown; stream?: unknown } | null;
  return typeof m === "object" && m !== null && typeof m.bindTools === "function" && typeof m.stream === "function";
}
