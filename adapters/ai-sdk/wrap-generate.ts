/**
 * `wrapGenerate`: records the provider's own tool results, and when the response is the final answer
 * (text, no client tool calls) verifies the text and replaces it with what the policy lets through.
 */
import { isClientToolCall, type CallContext } from "./call-context.js";
import { toMetadata, withFirewallMetadata } from "./metadata.js";
import { recordProviderToolResult } from "./record-tool-results.js";
import type { CallParamsLike, GenerateResultLike, PartLike } from "./types.js";
import { verifyAnswer } from "./verify-answer.js";

/**
 * Runs the model call and gates its answer.
 * @returns the provider's result with its text parts replaced by the text that may ship (the first text
 *   part holds it, the others are removed) and the firewall's entry in `providerMetadata`.
 * @throws whatever the provider throws, unchanged; `HallucinationBlocked` when the policy blocks and
 *   `onBlock` is `throw`.
 */
export async function generateWithFirewall<R extends GenerateResultLike>(
  doGenerate: () => PromiseLike<R>,
  params: CallParamsLike,
  ctx: CallContext,
): Promise<R> {
  const result = await doGenerate();
  const content = Array.isArray(result.content) ? result.content : [];
  for (const part of content) recordProviderToolResult(ctx.session, part, ctx.outcome);
  const texts = content.filter((p) => p.type === "text" && typeof p.text === "string");
  const draft = texts.map((p) => p.text as string).join("");
  const final = !content.some(isClientToolCall) || ctx.options.verifyToolCallSteps;
  if (!final || draft.trim() === "") {
    return { ...result, providerMetadata: withFirewallMetadata(result.providerMetadata, toMetadata(ctx.session.id, ctx.outcome)) };
  }
  const answer = await verifyAnswer(ctx.session, draft, {
    options: ctx.options,
    mode: "generate",
    responseFormat: params.responseFormat,
    signal: params.abortSignal,
    warn: ctx.warn,
  });
  if (answer.failure) throw answer.failure;
  const first = texts[0]!;
  const shipped: PartLike[] = [];
  for (const part of content) {
    if (part === first) shipped.push({ ...part, text: answer.text ?? "" });
    else if (!texts.includes(part)) shipped.push(part);
  }
  return {
    ...result,
    content: shipped,
    providerMetadata: withFirewallMetadata(result.providerMetadata, toMetadata(ctx.session.id, ctx.outcome, answer.report, answer.error)),
  };
}
