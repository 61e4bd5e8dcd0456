/**
 * The example's model: a real provider when its API key is set and its package is installed, otherwise the
 * AI SDK's own mock model, scripted to look the invoice up and then misstate its total.
 */
import type { LanguageModel } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";

/** The scripted answer: the total is wrong (the record says 4213.5), the rest is right. */
export const SCRIPTED_ANSWER =
  "Invoice INV-2041 for Lindqvist Bakery AB totals 4,312.50 EUR and is overdue since 2026-10-31. " +
  "A payment of 1,500 EUR arrived on 2026-10-12 by bank transfer.";

const usage = { inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 48, text: 48, reasoning: 0 } };

function lookUp(n: number) {
  return [
    { type: "tool-call" as const, toolCallId: `call-${n}-invoice`, toolName: "get_invoice", input: JSON.stringify({ id: "INV-2041" }) },
    { type: "tool-call" as const, toolCallId: `call-${n}-payments`, toolName: "list_payments", input: JSON.stringify({ invoice: "INV-2041" }) },
  ];
}

/**
 * A mock model that, on each conversation's first call, calls both tools in parallel, and on the next
 * call answers. Streams send the answer word by word, `chunkDelayMs` apart, as a provider would.
 */
export function scriptedModel(chunkDelayMs = 15): MockLanguageModelV3 {
  let generateCalls = 0;
  let streamCalls = 0;
  const toolStep = (prompt: ReadonlyArray<{ role: string }>) => !prompt.some((m) => m.role === "tool");
  return new MockLanguageModelV3({
    provider: "scripted",
    modelId: "wrong-total",
    doGenerate: async ({ prompt }) => {
      const n = ++generateCalls;
      return toolStep(prompt)
        ? { content: lookUp(n), finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] }
        : { content: [{ type: "text", text: SCRIPTED_ANSWER }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const n = ++streamCalls;
      const calls = toolStep(prompt);
      const words = SCRIPTED_ANSWER.match(/\S+\s*/g) ?? [];
      return {
        stream: simulateReadableStream({
          chunkDelayInMs: chunkDelayMs,
          chunks: [
            { type: "stream-start" as const, warnings: [] },
            ...(calls
              ? lookUp(n)
              : [
                  { type: "text-start" as const, id: "answer" },
                  ...words.map((delta) => ({ type: "text-delta" as const, id: "answer", delta })),
                  { type: "text-end" as const, id: "answer" },
                ]),
            { type: "finish" as const, finishReason: { unified: calls ? ("tool-calls" as const) : ("stop" as const), raw: undefined }, usage },
          ],
        }),
      };
    },
  });
}

const PROVIDERS = [{ key: "OPENAI_API_KEY", pkg: "@ai-sdk/openai", factory: "openai", model: process.env.OPENAI_MODEL ?? "gpt-4.1-mini" }] as const;

/**
 * The model to run: the first provider whose key is set and whose package loads, else the scripted mock.
 * @returns the model and a line saying which it is (and why a key was not used).
 */
export async function chooseModel(): Promise<{ model: () => LanguageModel; label: string; notes: string[] }> {
  const notes: string[] = [];
  for (const p of PROVIDERS) {
    if (!process.env[p.key]) continue;
    try {
      const name: string = p.pkg; // a variable specifier: the package is optional and not installed here
      const mod = (await import(name)) as Record<string, (modelId: string) => LanguageModel>;
      const factory = mod[p.factory];
      if (typeof factory !== "function") throw new Error(`${p.pkg} has no export '${p.factory}'`);
      return { model: () => factory(p.model), label: `${p.pkg} ${p.model}`, notes };
    } catch (error) {
      notes.push(
        `${p.key} is set but ${p.pkg} could not be loaded (${error instanceof Error ? error.message.split("\n")[0] : String(error)}): ` +
          `install it with \`npm install ${p.pkg}\` to use it. Running offline instead.`,
      );
    }
  }
  return { model: () => scriptedModel(), label: "scripted mock model (ai/test MockLanguageModelV3), offline", notes };
}
