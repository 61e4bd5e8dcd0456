/**
 * A Firewall's telemetry settings and the hooks the session calls. Everything goes through
 * `@opentelemetry/api`: with no SDK registered, spans and instruments are the API's no-ops.
 */
import { trace } from "@opentelemetry/api";
import type { EvidenceRecord } from "../schema.js";
import { resolveContentCapture, type CaptureContentOption, type ContentCapture } from "./content-capture.js";
import { getInstruments } from "./instruments.js";
import { EVENT, GENAI, HFW } from "./names.js";
import { safely } from "./safely.js";
import { NO_VERIFY_TELEMETRY, startVerifyTelemetry, type VerifyTelemetry } from "./verify-telemetry.js";

/** The `telemetry` option of `new Firewall(...)`. */
export interface TelemetryOptions {
  /** Emit spans, events and metrics (default true; they cost nothing without an OpenTelemetry SDK). */
  enabled?: boolean;
  /**
   * Put claim text, evidence quotes, corrections, the draft and the output into spans and verdict events.
   * Default: `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT` (`true`, `SPAN_ONLY`, `EVENT_ONLY`,
   * `SPAN_AND_EVENT`), otherwise off. Tool outputs can hold personal data: turn on with care.
   */
  captureContent?: CaptureContentOption;
}

export interface Telemetry {
  readonly enabled: boolean;
  readonly capture: ContentCapture;
  /** Opens `hfw.verify` under the active context. */
  startVerify(sessionId: string): VerifyTelemetry;
  /** A new evidence record: counters, and an `hfw.evidence.recorded` event on the active span. */
  evidenceRecorded(sessionId: string, record: EvidenceRecord): void;
}

/** @param options `false` turns telemetry off. */
export function createTelemetry(options: TelemetryOptions | false = {}): Telemetry {
  const enabled = options !== false && options.enabled !== false;
  const capture = resolveContentCapture(options === false ? false : options.captureContent);
  if (!enabled) {
    return { enabled, capture, startVerify: () => NO_VERIFY_TELEMETRY, evidenceRecorded: () => {} };
  }
  return {
    enabled,
    capture,
    startVerify: (sessionId) => startVerifyTelemetry(sessionId, capture),
    evidenceRecorded: (sessionId, record) => safely("evidence telemetry", () => evidenceRecorded(sessionId, record), undefined),
  };
}

function evidenceRecorded(sessionId: string, record: EvidenceRecord): void {
  const m = getInstruments();
  const attrs = { [GENAI.toolName]: record.source, [HFW.evidenceFormat]: record.format };
  m.evidenceRecords.add(1, attrs);
  m.evidenceSize.add(record.bytes, attrs);
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.addEvent(EVENT.evidence, {
    ...attrs,
    [GENAI.conversationId]: sessionId,
    [HFW.evidenceId]: record.id,
    [HFW.evidenceBytes]: record.bytes,
    ...(record.callId ? { [GENAI.toolCallId]: record.callId } : {}),
  });
}
