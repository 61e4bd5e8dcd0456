/**
 * Content capture follows the GenAI convention's variable: old boolean values and the newer modes.
 */
import { describe, expect, it } from "vitest";
import { resolveContentCapture } from "../../src/telemetry/content-capture.js";

const ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";

describe("resolveContentCapture", () => {
  it.each([
    [undefined, { span: false, event: false }],
    ["true", { span: true, event: true }],
    ["TRUE", { span: true, event: true }],
    ["false", { span: false, event: false }],
    ["SPAN_ONLY", { span: true, event: false }],
    ["EVENT_ONLY", { span: false, event: true }],
    ["SPAN_AND_EVENT", { span: true, event: true }],
    ["NO_CONTENT", { span: false, event: false }],
    ["yes please", { span: false, event: false }],
  ])("should read %s from the environment as %j", (value, expected) => {
    expect(resolveContentCapture(undefined, value === undefined ? {} : { [ENV]: value })).toEqual(expected);
  });

  it.each([
    [true, { span: true, event: true }],
    [false, { span: false, event: false }],
    ["span_only", { span: true, event: false }],
    ["event_only", { span: false, event: true }],
  ] as const)("should take the option %s over the environment", (option, expected) => {
    expect(resolveContentCapture(option, { [ENV]: option === false ? "true" : "false" })).toEqual(expected);
  });
});
