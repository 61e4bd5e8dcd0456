/**
 * Scripted AI SDK mock models (the SDK's own `MockLanguageModelV3`) and real tools over the billing fixture.
 */
import { readFileSync } from "node:fs";
import type { LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { tool } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import { z } from "zod";

export interface Invoice {
  id: string;
  customer: string;
  total: number;
  currency: string;
  status: string;
  issued: string;
  dueDate: string;
}
export interface Payment {
  invoice: string;
  date: string;
  amount: number;
  currency: string;
  method: string;
}

export const billing = JSON.parse(readFileSync(new URL("../../fixtures/ai-sdk/billing.json", import.meta.url), "utf8")) as {
  invoices: Invoice[];
  payments: Payment[];
};

/** Counts tool executions, so a test can tell how often each tool ran. */
export const executions: Record<string, number> = {};

/** Real tools over the billing fixture. */
export function billingTools() {
  return {
    get_invoice: tool({
      description: "Look up an invoice by id",
      inputSchema: z.object({ id: z.string() }),
      execute: async ({ id }) => {
        executions.get_invoice = (executions.get_invoice ?? 0) + 1;
        const invoice = billing.invoices.find((i) => i.id === id);
        if (!invoice) throw new Error(`no invoice ${id}`);
        return invoice;
      },
    }),
    list_payments: tool({
      description: "List the payments received for an invoice",
      inputSchema: z.object({ invoice: z.string() }),
      execute: async ({ invoice }) => {
        executions.list_payments = (executions.list_payments ?? 0) + 1;
        return { invoice, payments: billing.payments.filter((p) => p.invoice === invoice) };
      },
    }),
  };
}

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

export interface ScriptedCall {
  toolName: string;
  input: Record<string, unknown>;
  id: string;
}

/** A step: tool calls (a tool-calling response) or the final text. */
export type Step = { calls: ScriptedCall[]; text?: string } | { text: string; reasoning?: string };

export const WRONG = "Invoice INV-2041 for Lindqvist Bakery AB totals 4,312.50 EUR and was due on 2026-10-31.";
export const CORRECTED = "Invoice INV-2041 for Lindqvist Bakery AB totals 4,213.50 EUR";
export const RIGHT = "Invoice INV-2041 for Lindqvist Bakery AB totals 4,213.50 EUR and was due on 2026-10-31.";

export function lookupSteps(answer: string, id = "INV-2041", prefix = "call"): Step[] {
  return [
    {
      calls: [
        { toolName: "get_invoice", input: { id }, id: `${prefix}-1` },
        { toolName: "list_payments", input: { invoice: id }, id: `${prefix}-2` },
      ],
    },
    { text: answer },
  ];
}

export function generateResult(step: Step): LanguageModelV3GenerateResult {
  const content: LanguageModelV3GenerateResult["content"] = [];
  if ("reasoning" in step && step.reasoning) content.push({ type: "reasoning", text: step.reasoning });
  if (step.text) content.push({ type: "text", text: step.text });
  if ("calls" in step) {
    for (const c of step.calls) content.push({ type: "tool-call", toolCallId: c.id, toolName: c.toolName, input: JSON.stringify(c.input) });
  }
  const toolCalls = "calls" in step && step.calls.length > 0;
  return {
    content,
    finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: toolCalls ? "tool_calls" : "stop" },
    usage,
    warnings: [],
  };
}

/** The stream parts of a step; text is split into word-sized deltas as a provider streams it. */
export function streamParts(step: Step, textId = "txt-1"): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "resp-1", modelId: "mock-model-id" },
  ];
  if ("reasoning" in step && step.reasoning) {
    parts.push({ type: "reasoning-start", id: "r-1" }, { type: "reasoning-delta", id: "r-1", delta: step.reasoning }, { type: "reasoning-end", id: "r-1" });
  }
  if (step.text) {
    parts.push({ type: "text-start", id: textId });
    for (const piece of step.text.match(/\S+\s*/g) ?? []) parts.push({ type: "text-delta", id: textId, delta: piece });
    parts.push({ type: "text-end", id: textId });
  }
  const toolCalls = "calls" in step && step.calls.length > 0;
  if ("calls" in step) {
    for (const c of step.calls) {
      parts.push({ type: "tool-input-start", id: c.id, toolName: c.toolName });
      parts.push({ type: "tool-input-delta", id: c.id, delta: JSON.stringify(c.input) });
      parts.push({ type: "tool-input-end", id: c.id });
      parts.push({ type: "tool-call", toolCallId: c.id, toolName: c.toolName, input: JSON.stringify(c.input) });
    }
  }
  parts.push({
    type: "finish",
    finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: undefined },
    usage,
    providerMetadata: { mock: { served: true } },
  });
  return parts;
}

/** A mock model that answers its n-th call (generate or stream) with the n-th step. */
export function scriptedModel(steps: Step[]): MockLanguageModelV3 {
  let generateCall = 0;
  let streamCall = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => generateResult(steps[Math.min(generateCall++, steps.length - 1)]!),
    doStream: async () => ({ stream: convertArrayToReadableStream(streamParts(steps[Math.min(streamCall++, steps.length - 1)]!)) }),
  });
}

/** The tool-result parts of every prompt the model received, as (toolCallId) lists per call. */
export function toolResultIdsPerCall(model: MockLanguageModelV3): string[][] {
  return [...model.doGenerateCalls, ...model.doStreamCalls].map((call) =>
    call.prompt.flatMap((m) =>
      m.role === "tool" ? m.content.filter((p) => p.type === "tool-result").map((p) => (p as { toolCallId: string }).toolCallId) : [],
    ),
  );
}

/** A mock model whose single stream the test feeds part by part. */
export function feedableModel() {
  let controller!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
  const stream = new ReadableStream<LanguageModelV3StreamPart>({
    start(c) {
      controller = c;
    },
  });
  const mock = new MockLanguageModelV3({ doStream: async () => ({ stream }) });
  return {
    mock,
    push: (...parts: LanguageModelV3StreamPart[]) => parts.forEach((p) => controller.enqueue(p)),
    close: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
  };
}

/** Resolves with "pending" when the promise has not settled within `ms`. */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms))]);
}

/** Records the billing evidence a lookup would have produced, directly. */
export function recordInvoice(session: { record(input: { source: string; content: unknown; callId: string }): unknown }, id = "INV-2041"): void {
  session.record({ source: "get_invoice", content: billing.invoices.find((i) => i.id === id), callId: `pre-${id}` });
}
