/**
 * The few shapes of the AI SDK's language-model specification that the adapter reads, written structurally
 * so one implementation serves the v3 spec (`ai` 6) and the v4 spec (`ai` 7): the prompt's tool-call and
 * tool-result parts, the generate result's content, and the stream parts. Everything else passes through
 * as the provider sent it.
 */

/** A prompt message: `role` and its content parts (a string for system messages). */
export interface PromptMessageLike {
  role: string;
  content: unknown;
}

/** The call options the adapter reads (`LanguageModelV3CallOptions` / `LanguageModelV4CallOptions`). */
export interface CallParamsLike {
  prompt: ReadonlyArray<PromptMessageLike>;
  headers?: Record<string, string | undefined>;
  providerOptions?: Record<string, Record<string, unknown>>;
  abortSignal?: AbortSignal;
  responseFormat?: { type: string };
  /** Tools on offer to the model in this call (function and provider tools). */
  tools?: ReadonlyArray<{ type: string }>;
  /** `{ type: "none" }` forbids tool calls. */
  toolChoice?: { type: string };
}

/** A tool-result part of a prompt's `tool` message. */
export interface PromptToolResultPart {
  type: "tool-result";
  toolCallId: string;
  toolName: string;
  output: { type: string; value?: unknown; reason?: string };
}

/** A tool-call part of a prompt's `assistant` message (its `input` is the tool's arguments). */
export interface PromptToolCallPart {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** Provider metadata: namespace -> JSON object (`SharedV3ProviderMetadata`). */
export type ProviderMetadataLike = Record<string, Record<string, unknown>>;

/** A content part of a generate result or a stream part: only `type` is common to all. */
export interface PartLike {
  type: string;
  [key: string]: unknown;
}

/** The generate result fields the adapter reads or replaces. */
export interface GenerateResultLike {
  content: PartLike[];
  providerMetadata?: ProviderMetadataLike;
}

/** The stream result fields the adapter reads or replaces. */
export interface StreamResultLike {
  stream: ReadableStream<PartLike>;
}
