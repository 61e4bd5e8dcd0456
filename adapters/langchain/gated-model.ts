/**
 * A chat model that stands in for the agent's model during one model call, so that the tokens LangChain
 * streams (`messages` stream mode, `streamEvents`' `on_chat_model_stream`) are the firewall's, not the
 * model's. Token streams come from a chat model run's `handleLLMNewToken` callbacks: the wrapped model is run
 * without callbacks, and this model reports, as its own tokens, what the {@link AnswerStream} lets out.
 *
 * The model's response is read by a task of its own, so it streams on while a unit is verified, and each
 * unit goes out as soon as it is verified. That task reads no further while {@link HIGH_WATER} pieces wait
 * for a consumer that stopped reading; a consumer that leaves cancels the response and its verification.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import type { AnswerStream, Piece, PieceSink } from "./answer-stream.js";
import { EventQueue, unlessAborted } from "./event-queue.js";

/** What the wrapper needs of the model it stands in for: a runnable over messages, and `bindTools`. */
type WrappedModel = Runnable<BaseMessage[], BaseMessage> & { bindTools?: (tools: unknown[], kwargs?: unknown) => unknown };

/**
 * Pieces (released units, or chunks of a tool-call step) that may wait for the consumer before the model's
 * response is read no further. A few dozen keeps a slow consumer from holding a whole long answer in memory
 * while a fast one never waits on it.
 */
export const HIGH_WATER = 32;

/** What the reading task hands the generator: text to send as a token, or how the response ended. */
type StreamEvent = { kind: "text"; text: string; message?: AIMessageChunk; piece?: Piece } | { kind: "end" } | { kind: "error"; error: unknown };

/**
 * Stands in for `inner`: without a token consumer (`invoke`, `updates` / `values` streams) it returns the
 * model's message as it is (the middleware gates it); with one, each response's text goes through the answer
 * stream `open()` makes for it. Tool calls, and the text of a response that turns out to call tools, pass
 * as the model streamed them.
 */
export class GatedChatModel extends BaseChatModel {
  constructor(
    private readonly inner: WrappedModel,
    private readonly open: (sink: PieceSink) => AnswerStream,
  ) {
    super({});
  }

  static override lc_name(): string {
    return "GatedChatModel";
  }

  override _llmType(): string {
    return "hallucination_firewall_gated";
  }

  /** Binds the tools on the wrapped model; the agent binds them on every call. */
  override bindTools(tools: unknown[], kwargs?: unknown): GatedChatModel {
    if (typeof this.inner.bindTools !== "function") throw new Error("The agent's model has no bindTools(): it cannot call tools.");
    return new GatedChatModel(this.inner.bindTools(tools, kwargs) as WrappedModel, this.open);
  }

  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const message = await this.inner.invoke(messages, innerConfig(options.signal));
    return { generations: [{ text: message.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const events = new EventQueue<StreamEvent>(HIGH_WATER);
    // Aborted once the model's response need be read no further: the run was aborted, a block stopped the
    // answer, or the consumer left. It is also the wrapped model's signal, so its response is cancelled.
    const stop = new AbortController();
    const onAbort = () => stop.abort(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    let left = false;
    const gate = this.open({
      release: (piece) => events.push({ kind: "text", text: piece.text, piece }),
      stop: () => stop.abort(),
    });
    let id: string | undefined;
    let raw: AIMessageChunk | undefined;
    let tools = false;

    const take = (chunk: AIMessageChunk): void => {
      id ??= chunk.id;
      raw = raw ? raw.concat(chunk) : chunk;
      if (!tools && ((chunk.tool_call_chunks?.length ?? 0) > 0 || (chunk.tool_calls?.length ?? 0) > 0)) {
        tools = true;
        const held = gate.abandon();
        if (held) events.push({ kind: "text", text: held });
      }
      if (tools) events.push({ kind: "text", text: chunk.text, message: chunk });
      else gate.write(chunk.text);
    };

    // Reads the model's response into the gate without waiting on verification; never rejects.
    const read = async (): Promise<void> => {
      try {
        const stream = await unlessAborted(this.inner.stream(messages, innerConfig(stop.signal)), stop.signal);
        const parts = stream?.[Symbol.asyncIterator]();
        let finished = false;
        try {
          while (parts && !stop.signal.aborted) {
            await unlessAborted(events.room(), stop.signal);
            const next = await unlessAborted(parts.next(), stop.signal);
            if (!next) break;
            if (next.done) {
              finished = true;
              break;
            }
            take(toChunk(next.value));
          }
        } finally {
          if (!finished) parts?.return?.().catch(() => {});
        }
        if (left) return;
        options.signal?.throwIfAborted();
        if (!tools) await gate.end();
        events.push({ kind: "end" });
      } catch (error) {
        events.push({ kind: "error", error });
      }
    };

    const token = async function* (text: string, message: AIMessageChunk = new AIMessageChunk({ content: text, id })) {
      const chunk = new ChatGenerationChunk({ text, message });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    };
    const messageId = () => id ?? (runManager ? `run-${runManager.runId}` : undefined);
    void read();
    let done = false;
    try {
      for (;;) {
        const event = await events.shift();
        if (event.kind === "end") break;
        if (event.kind === "error") throw event.error;
        yield* token(event.text, event.message);
        if (event.piece) await gate.released(event.piece, messageId());
      }
      done = true;
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
      if (!done) {
        // The consumer stopped reading, or the model failed: nothing more is read, verified or stored.
        left = true;
        stop.abort();
        gate.abort();
      }
    }
    // The model's usage and response metadata, without text, so the final message keeps them.
    if (raw && !tools) {
      yield new ChatGenerationChunk({
        text: "",
        message: new AIMessageChunk({ content: "", id, response_metadata: raw.response_metadata, usage_metadata: raw.usage_metadata }),
      });
    }
  }
}

/**
 * The wrapped model runs without callbacks: its own tokens must not reach the run's stream consumers (this
 * model's run reports what may ship instead); the rest of the run's config comes with the async context.
 */
function innerConfig(signal: AbortSignal | undefined): BaseChatModelCallOptions {
  return { signal, callbacks: [] };
}

/** A streamed part as a message chunk (a model without token streaming yields its whole message once). */
function toChunk(part: BaseMessage): AIMessageChunk {
  if (AIMessageChunk.isInstance(part)) return part;
  const ai = AIMessage.isInstance(part) ? part : undefined;
  return new AIMessageChunk({
    content: part.content,
    id: part.id,
    additional_kwargs: part.additional_kwargs,
    response_metadata: part.response_metadata,
    usage_metadata: ai?.usage_metadata,
    tool_calls: ai?.tool_calls ?? [],
    invalid_tool_calls: ai?.invalid_tool_calls ?? [],
  });
}
