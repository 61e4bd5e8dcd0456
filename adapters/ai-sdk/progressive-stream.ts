/**
 * `wrapStream` in `progressive` mode: text deltas are written into the session's progressive verification
 * as they arrive, and each unit (sentence, list item, table row) goes out as soon as it is verified, while
 * the next one streams in. The transform never waits for verification on a delta; releases are enqueued
 * from the verification's callbacks.
 *
 * Order: every other part (tool calls and inputs, reasoning, sources, files, `text-start` / `text-end`)
 * waits in an ordered queue, tagged with how much text had arrived before it, and goes out once the text
 * before it is out. Released text is cut at a waiting part's place where it reads as the draft did there;
 * where a rewrite spans the place, the part goes out after that release. Released text always goes out
 * inside a text block (between a `text-start` and its `text-end`), as `streamText` expects.
 *
 * A block ends the stream after the released text: under `onBlock: "refuse"` with the refusal, an `error`
 * part carrying `HallucinationBlocked` and a `content-filter` finish (the provider's, when it came, for its
 * usage); under `throw` by erroring the stream. Parts that waited behind the blocked text are dropped and the
 * model's stream is cancelled.
 */
import { HallucinationBlocked, type ProgressiveVerification, type Report } from "../../src/index.js";
import { isClientToolCall, type CallContext } from "./call-context.js";
import { toMetadata, withFirewallMetadata } from "./metadata.js";
import { recordProviderToolResult } from "./record-tool-results.js";
import type { CallParamsLike, PartLike, ProviderMetadataLike } from "./types.js";
import { refusalOf, tellReport, unverifiedFailure, type AnswerContext } from "./verify-answer.js";

/**
 * Draft characters the source may run ahead of the released text before the transform waits for the
 * verification passes scheduled so far (backpressure towards the provider when verification falls behind).
 */
export const MAX_PENDING_CHARS = 16_384;

/** The finish reason of a blocked stream (`LanguageModelV3FinishReason`). */
export const BLOCKED_FINISH_REASON = { unified: "content-filter", raw: "hallucination-firewall" } as const;

// The usage of a finish part the adapter writes itself, when the provider's never came (`LanguageModelV3Usage`).
const UNKNOWN_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const TEXT_PARTS = new Set(["text-start", "text-delta", "text-end"]);

/**
 * `verifying`: text goes through the progressive verification. `passthrough`: the step called tools (or the
 * adapter failed), text passes as it came. `aborted`: the caller is gone, no text goes out. `stopped`: a
 * block ended the stream. `done`: the step's answer is settled, later parts pass.
 */
type State = "verifying" | "passthrough" | "aborted" | "stopped" | "done";

/** The progressive transform over one model call's stream parts; its state lives and dies with that stream. */
export function progressiveTransform(params: CallParamsLike, ctx: CallContext): TransformStream<PartLike, PartLike> {
  const answerCtx: AnswerContext = {
    options: ctx.options,
    mode: "progressive",
    responseFormat: params.responseFormat,
    signal: params.abortSignal,
    warn: ctx.warn,
  };
  const aborted = () => params.abortSignal?.aborted === true;

  let controller!: TransformStreamDefaultController<PartLike>;
  let state: State = "verifying";
  let pv: ProgressiveVerification | null = null;
  let draft = "";
  /** Parts waiting for the text before them, with the draft length when they arrived. */
  const queue: Array<{ at: number; part: PartLike }> = [];
  /** Draft characters whose text has gone out. */
  let covered = 0;
  /** Released text not yet sent; it covers the draft from `covered` to the verification's `releasedThrough`. */
  let unsent = "";
  let drainQueued = false;
  /** The text block open downstream, and whether the adapter opened it itself. */
  let open: string | null = null;
  let ownBlock = false;
  let lastId: string | undefined;
  /** Everything sent as text. */
  let shipped = "";
  /** The readable side is closed or errored: nothing more may be enqueued. */
  let closed = false;
  /** The provider's `finish` part, once it came (a block found while the last unit is verified keeps its usage). */
  let finishPart: PartLike | undefined;

  const enqueue = (part: PartLike) => {
    if (!closed) controller.enqueue(part);
  };

  const emitText = (text: string) => {
    if (text === "") return;
    if (open === null) {
      open = lastId ?? "text-0";
      ownBlock = true;
      enqueue({ type: "text-start", id: open });
    }
    enqueue({ type: "text-delta", id: open, delta: text });
    shipped += text;
  };

  const emitPart = (part: PartLike) => {
    if (part.type === "text-start") {
      closeOpen(true);
      open = String(part.id);
      lastId = open;
      ownBlock = false;
    } else if (part.type === "text-end" && part.id === open) {
      open = null;
    }
    enqueue(part);
  };

  const closeOpen = (ownOnly: boolean) => {
    if (open === null || (ownOnly && !ownBlock)) return;
    enqueue({ type: "text-end", id: open });
    open = null;
  };

  /** Sends `unsent` (which covers the draft up to `coverTo`) and the parts that waited for that text. */
  const drain = (coverTo: number) => {
    let text = unsent;
    unsent = "";
    while (queue.length > 0 && queue[0]!.at <= coverTo) {
      const { at, part } = queue[0]!;
      if (at > covered) {
        const before = draft.slice(covered, at);
        if (text.startsWith(before)) {
          emitText(before);
          text = text.slice(before.length);
          covered = at;
        } else {
          // A rewrite spans the part's place: the part goes out after the release.
          emitText(text);
          text = "";
          covered = coverTo;
        }
      }
      queue.shift();
      emitPart(part);
    }
    emitText(text);
    covered = Math.max(covered, coverTo);
  };

  /** Sends the text not released yet as it came, with the parts that waited for it. */
  const passRaw = () => {
    if (pv) drain(pv.releasedThrough);
    unsent = draft.slice(covered);
    drain(draft.length);
  };

  const metadata = (report?: Report, error?: string, blocked = false) =>
    toMetadata(ctx.session.id, ctx.outcome, report, error, pv ? { released: shipped.length, blocked } : undefined);

  const onRelease = (text: string) => {
    if (state !== "verifying" || aborted()) return;
    unsent += text;
    if (drainQueued) return;
    drainQueued = true;
    // The verification records how far a release covers the draft just after telling it.
    queueMicrotask(() => {
      drainQueued = false;
      if (state === "verifying" && pv && !aborted()) drain(pv.releasedThrough);
    });
  };

  /** The caller is gone: pending verification is cancelled and no text that waited goes out. */
  const abandon = () => {
    state = "aborted";
    pv?.abort();
    unsent = "";
    for (const { part } of queue.splice(0)) if (!TEXT_PARTS.has(part.type)) enqueue(part);
    closeOpen(false);
  };

  /** A block (or a failed verification under failMode closed) ends the stream after the released text. */
  const stop = (why: { report: Report } | { error: string; cause: unknown }, finish?: PartLike) => {
    if (state !== "verifying" || closed) return;
    if (pv) drain(pv.releasedThrough);
    state = "stopped";
    queue.length = 0;
    const report = "report" in why ? why.report : undefined;
    const failure = report ? new HallucinationBlocked(report) : unverifiedFailure((why as { error: string }).error, (why as { cause: unknown }).cause);
    const throwing = ctx.options.onBlock === "throw";
    if (!throwing) {
      const gap = shipped === "" || shipped.endsWith("\n\n") ? "" : shipped.endsWith("\n") ? "\n" : "\n\n";
      emitText(gap + refusalOf(report ?? null, answerCtx));
    }
    closeOpen(false);
    if (report) tellReport(ctx.session, report, shipped, answerCtx);
    closed = true;
    if (throwing) {
      controller.error(failure);
      return;
    }
    controller.enqueue({ type: "error", error: failure });
    const end = finish ?? finishPart ?? { type: "finish", usage: UNKNOWN_USAGE };
    controller.enqueue({
      ...end,
      finishReason: { ...BLOCKED_FINISH_REASON },
      providerMetadata: withFirewallMetadata(
        end.providerMetadata as ProviderMetadataLike | undefined,
        metadata(report, "error" in why ? why.error : undefined, true),
      ),
    });
    controller.terminate();
  };

  const offersTools = (params.tools?.length ?? 0) > 0 && params.toolChoice?.type !== "none";
  const begin = (): ProgressiveVerification =>
    ctx.session.progressive(
      { ...ctx.options.verify, signal: params.abortSignal },
      // With client tools on offer the step may still turn out to call one: a block then waits for the step's
      // end, so that a tool call can abandon the text (it is not the answer) and go on.
      { onRelease, onBlock: (report) => stop({ report }), blockAtEnd: offersTools && !ctx.options.verifyToolCallSteps },
    );

  /** Settles the answer at the step's end (`finish`, or the end of a stream without one). */
  const finalize = async (finish: PartLike | undefined) => {
    if (state !== "verifying") return;
    finishPart = finish;
    const end = (entry: Record<string, unknown>) => {
      closeOpen(true);
      state = "done";
      if (finish) enqueue(withEntry(finish, entry));
    };
    if (!pv || draft.trim() === "") {
      pv?.abort();
      passRaw();
      end(metadata());
      return;
    }
    let result: Awaited<ReturnType<ProgressiveVerification["end"]>>;
    try {
      result = await pv.end();
    } catch (cause) {
      if (state !== "verifying") return;
      if (aborted()) return finishAborted(finish);
      const error = cause instanceof Error ? cause.message : String(cause);
      ctx.warn(`hallucination-firewall: verifying the answer failed (failMode ${ctx.options.failMode}): ${error}`);
      if (ctx.options.failMode === "closed") return stop({ error, cause }, finish);
      passRaw();
      end(metadata(undefined, error));
      return;
    }
    if (state !== "verifying") return;
    if (aborted()) return finishAborted(finish);
    if (result.blocked) return stop({ report: result.report }, finish);
    drain(draft.length);
    tellReport(ctx.session, result.report, shipped, answerCtx);
    end(metadata(result.report));
  };

  const finishAborted = (finish: PartLike | undefined) => {
    abandon();
    if (finish) enqueue(finish);
  };

  // The adapter's own failure never breaks the caller's stream: it is logged and the rest of the step's text
  // passes as it came.
  const fallBack = (error: unknown) => {
    ctx.warn(
      `hallucination-firewall: the progressive stream failed, the rest of the step passes unverified: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (state !== "verifying" || closed) return;
    try {
      pv?.abort();
    } catch {
      // already ended
    }
    passRaw();
    state = "passthrough";
  };

  /** The part that the draft or the queue took last (a fallback must not send it twice). */
  let taken: PartLike | null = null;

  const onPart = async (part: PartLike) => {
    if (state === "verifying" && aborted()) abandon();
    if (state === "aborted") {
      if (!TEXT_PARTS.has(part.type)) enqueue(part);
      return;
    }
    if (part.type === "tool-result") recordProviderToolResult(ctx.session, part, ctx.outcome);
    if (state === "passthrough") {
      if (part.type === "finish") {
        closeOpen(true);
        state = "done";
        enqueue(withEntry(part, metadata()));
      } else enqueue(part);
      return;
    }
    if (part.type === "text-delta") {
      const delta = typeof part.delta === "string" ? part.delta : "";
      if (delta === "") return;
      draft += delta;
      taken = part;
      pv ??= begin();
      pv.write(delta);
      if (draft.length - pv.releasedThrough > MAX_PENDING_CHARS) await pv.settled();
      return;
    }
    if (isClientToolCall(part) && !ctx.options.verifyToolCallSteps) {
      // The step calls tools: its text is not the final answer. What was released stays; the rest passes as
      // it came, and nothing is stored.
      if (pv) drain(pv.releasedThrough);
      pv?.abort();
      passRaw();
      state = "passthrough";
      enqueue(part);
      return;
    }
    if (part.type === "finish") {
      await finalize(part);
      return;
    }
    queue.push({ at: draft.length, part });
    taken = part;
    if (unsent === "") drain(covered);
  };

  return new TransformStream<PartLike, PartLike>({
    start(c) {
      controller = c;
    },
    async transform(part) {
      if (closed) return;
      if (state === "done") {
        enqueue(part);
        return;
      }
      if (state === "stopped") return;
      try {
        await onPart(part);
      } catch (error) {
        fallBack(error);
        if (state === "passthrough" && taken !== part) {
          if (part.type === "finish") {
            closeOpen(true);
            state = "done";
            enqueue(withEntry(part, metadata()));
          } else enqueue(part);
        }
      }
    },
    async flush() {
      if (closed) return;
      try {
        // A stream that ends without a `finish` part (a provider that omits it) is still verified.
        await finalize(undefined);
      } catch (error) {
        fallBack(error);
      }
      closeOpen(true);
    },
  });
}

function withEntry(finish: PartLike, entry: Record<string, unknown>): PartLike {
  return { ...finish, providerMetadata: withFirewallMetadata(finish.providerMetadata as ProviderMetadataLike | undefined, entry) };
}
