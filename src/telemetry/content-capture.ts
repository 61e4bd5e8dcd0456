/**
 * Whether claim text, quotes and drafts go into telemetry. Off by default: tool outputs and answers can hold
 * personal data.
 *
 * The environment variable is the GenAI convention's `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`:
 * `true` / `false` as the first GenAI instrumentations read it, and `SPAN_ONLY`, `EVENT_ONLY`,
 * `SPAN_AND_EVENT`, `NO_CONTENT` as the newer ones do.
 */

/** Where content may go: span attributes (`span`) and verdict events (`event`). */
export interface ContentCapture {
  span: boolean;
  event: boolean;
}

/** `true` captures in spans and events; `"span_only"` / `"event_only"` in one of them; `false` nowhere. */
export type CaptureContentOption = boolean | "span_only" | "event_only";

export const CAPTURE_CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";

const NONE: ContentCapture = { span: false, event: false };

/**
 * @param option the `telemetry.captureContent` option; when undefined the environment decides.
 * @returns where content may be captured. An unknown environment value captures nothing.
 */
export function resolveContentCapture(option: CaptureContentOption | undefined, env: NodeJS.ProcessEnv = process.env): ContentCapture {
  if (option !== undefined) return fromValue(String(option));
  const raw = env[CAPTURE_CONTENT_ENV];
  return raw === undefined ? NONE : fromValue(raw);
}

function fromValue(raw: string): ContentCapture {
  switch (raw.trim().toLowerCase()) {
    case "true":
    case "1":
    case "span_and_event":
      return { span: true, event: true };
    case "span_only":
      return { span: true, event: false };
    case "event_only":
      return { span: false, event: true };
    default:
      return NONE;
  }
}
