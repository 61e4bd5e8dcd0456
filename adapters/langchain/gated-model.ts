/**
 * A chat model that stands in for the agent's model during one model call, so that the tokens LangChain
 * streams (`messages` stream mode, `streamEvents`' `on_chat_model_stream`) are the firewall's, not the
 * model's. Token streams come from a chat model run's `handleLLMNewToken` callbacks: the wrapped model is run
 * without callbacks, and this model reports, as its own tokens, what the {@link AnswerStream} lets out.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import type { AnswerStream } from "./answer-stream.js";

/** What the wrapper needs of the model it stands in for: a runnable over messages, and `bindTools`. */
type WrappedModel = Runnable<BaseMessage[], BaseMessage> & { bindTools?: (tools: unknown[], kwargs?: unknown) => unknown };

/**
 * Stands in for `inner`: without a token consumer (`invoke`, `updates` / `values` streams) it returns the
 * model's message as it is (the middleware gates it); with one, each response's text goes through the answer
 * stream `open()` makes for it. Tool calls, and the text of a response that turns out to call tools, pass
 * as the model streamed them.
 */
export class GatedChatModel extends BaseChatModel {
  constructor(
    private readonly inner: WrappedModel,
    private readonly open: () => AnswerStream,
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
    const message = await this.inner.invoke(messages, innerConfig(options));
    return { generations: [{ text: message.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const gate = this.open();
    let id: string | undefined;
    let raw: AIMessageChunk | undefined;
    let tools = false;
    const token = async function* (text: string, message: AIMessageChunk = new AIMessageChunk({ content: text, id })) {
      const chunk = new ChatGenerationChunk({ text, message });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    };
    const messageId = () => id ?? (runManager ? `run-${runManager.runId}` : undefined);
    let done = false;
    try {
      for await (const part of await this.inner.stream(messages, innerConfig(options))) {
        const chunk = toChunk(part);
        id ??= chunk.id;
        raw = raw ? raw.concat(chunk) : chunk;
        if (!tools && ((chunk.tool_call_chunks?.length ?? 0) > 0 || (chunk.tool_calls?.length ?? 0) > 0)) {
          tools = true;
          const held = gate.abandon();
          if (held) yield* token(held);
        }
        if (tools) {
          yield* token(chunk.text, chunk);
          continue;
        }
        for (const piece of await gate.write(chunk.text)) {
          yield* token(piece.text);
          await gate.released(piece, messageId());
        }
        if (gate.stopped) break;
      }
      if (!tools) {
        for (const piece of await gate.end()) {
          yield* token(piece.text);
          await gate.released(piece, messageId());
        }
      }
      done = true;
    } finally {
      if (!done) gate.abort();
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
function innerConfig(options: BaseChatModelCallOptions): BaseChatModelCallOptions {
  return { signal: options.signal, callbacks: [] };
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
