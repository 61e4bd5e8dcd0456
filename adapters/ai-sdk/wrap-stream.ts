/**
 * `wrapStream`: a transform over the provider's stream parts. `progressive` mode is its own transform
 * (`progressive-stream.ts`). In `gate` mode text parts are held until the
 * step's `finish` part, the text is verified, and what may ship is emitted as one text block; in `observe`
 * mode text passes through at once and the verdict comes with `finish`. Every other part (tool calls and
 * inputs, reasoning, sources, files, errors, raw chunks) passes through untouched and in order. State is kept
 * per stream; the transform's promise holds the source back while verification runs (backpressure), and an
 * aborted call is neither verified nor released.
 */
import { isClientToolCall, type CallContext } from "./call-context.js";
import { toMetadata, withFirewallMetadata } from "./metadata.js";
import type { StreamMode } from "./options.js";
import { progressiveTransform } from "./progressive-stream.js";
import { recordProviderToolResult } from "./record-tool-results.js";
import type { CallParamsLike, PartLike, ProviderMetadataLike, StreamResultLike } from "./types.js";
import { verifyAnswer } from "./verify-answer.js";

const TEXT_PARTS = new Set(["text-start", "text-delta", "text-end"]);

/**
 * Runs the model's stream call and pipes its stream through the firewall in the given mode.
 * @throws whatever the provider's `doStream` throws, unchanged. Errors inside the stream (provider `error`
 *   parts, a failing source) pass through unchanged; with `onBlock: "throw"` a blocked answer errors the
 *   stream with `HallucinationBlocked`; in `progressive` mode with `onBlock: "refuse"` a block ends the
 *   stream with an `error` part carrying it, then a `content-filter` finish.
 */
export async function streamWithFirewall<R extends StreamResultLike>(
  doStream: () => PromiseLike<R>,
  params: CallParamsLike,
  ctx: CallContext,
  mode: StreamMode,
): Promise<R> {
  const result = await doStream();
  const transform = mode === "progressive" ? progressiveTransform(params, ctx) : gateTransform(params, ctx, mode);
  return { ...result, stream: result.stream.pipeThrough(transform) };
}

/** The gate over one model call's stream parts; its state lives and dies with that stream. */
export function gateTransform(params: CallParamsLike, ctx: CallContext, mode: Exclude<StreamMode, "progressive">): TransformStream<PartLike, PartLike> {
  const held: PartLike[] = [];
  let draft = "";
  let toolCalls = false;
  let done = false;
  const aborted = () => params.abortSignal?.aborted === true;

  const finalize = async (controller: TransformStreamDefaultController<PartLike>, finish: PartLike | undefined): Promise<void> => {
    done = true;
    const final = !toolCalls || ctx.options.verifyToolCallSteps;
    if (aborted()) {
      held.length = 0; // the caller is gone: unverified text is never released
      if (finish) controller.enqueue(finish);
      return;
    }
    if (!final || draft.trim() === "") {
      release(controller);
      if (finish) controller.enqueue(withEntry(finish, toMetadata(ctx.session.id, ctx.outcome)));
      return;
    }
    const answer = await verifyAnswer(ctx.session, draft, {
      options: ctx.options,
      mode,
      responseFormat: params.responseFormat,
      signal: params.abortSignal,
      warn: ctx.warn,
    });
    if (aborted()) {
      held.length = 0;
      if (finish) controller.enqueue(finish);
      return;
    }
    if (answer.failure) {
      held.length = 0;
      controller.error(answer.failure);
      return;
    }
    if (mode === "gate") emitText(controller, answer.text ?? "");
    if (finish) controller.enqueue(withEntry(finish, toMetadata(ctx.session.id, ctx.outcome, answer.report, answer.error)));
  };

  const release = (controller: TransformStreamDefaultController<PartLike>) => {
    for (const part of held) controller.enqueue(part);
    held.length = 0;
  };

  // The verified text goes out as one block under the id of the first held block; its start and end parts
  // keep the provider's own fields (metadata, citations).
  const emitText = (controller: TransformStreamDefaultController<PartLike>, text: string) => {
    const start = held.find((p) => p.type === "text-start");
    const end = [...held].reverse().find((p) => p.type === "text-end");
    const id = (start?.id ?? held[0]?.id ?? "text-0") as string;
    held.length = 0;
    controller.enqueue(start ? { ...start, id } : { type: "text-start", id });
    if (text !== "") controller.enqueue({ type: "text-delta", id, delta: text });
    controller.enqueue(end ? { ...end, id } : { type: "text-end", id });
  };

  // The adapter's own failure never breaks the caller's stream: it is logged and the step passes as it came.
  const safely = async (run: () => Promise<void>, fallback: () => void) => {
    try {
      await run();
    } catch (error) {
      ctx.warn(`hallucination-firewall: the stream gate failed, the step passes unverified: ${error instanceof Error ? error.message : String(error)}`);
      fallback();
    }
  };

  return new TransformStream<PartLike, PartLike>({
    async transform(part, controller) {
      if (done) {
        controller.enqueue(part);
        return;
      }
      if (TEXT_PARTS.has(part.type)) {
        if (part.type === "text-delta" && typeof part.delta === "string") draft += part.delta;
        if (mode === "gate") held.push(part);
        else controller.enqueue(part);
        return;
      }
      if (isClientToolCall(part)) toolCalls = true;
      else if (part.type === "tool-result") recordProviderToolResult(ctx.session, part, ctx.outcome);
      if (part.type === "finish") {
        await safely(
          () => finalize(controller, part),
          () => {
            release(controller);
            controller.enqueue(part);
          },
        );
        return;
      }
      controller.enqueue(part);
    },
    async flush(controller) {
      // A stream that ends without a `finish` part (a provider that omits it) is still gated.
      if (!done && (held.length > 0 || draft !== ""))
        await safely(
          () => finalize(controller, undefined),
          () => release(controller),
        );
    },
  });
}

function withEntry(finish: PartLike, entry: Record<string, unknown>): PartLike {
  return { ...finish, providerMetadata: withFirewallMetadata(finish.providerMetadata as ProviderMetadataLike | undefined, entry) };
}
