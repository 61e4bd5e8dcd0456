/**
 * Progressive streaming in the terminal: a billing agent streams an answer with one wrong figure, and each
 * sentence reaches the reader as soon as it is verified, the wrong one corrected in place.
 *
 *   npm run example:stream
 *
 * Offline: the AI SDK's mock model looks the invoice up with both tools, then streams its answer word by
 * word, 40 ms apart, as a hosted model would. The middleware runs in `progressive` mode (the default under
 * the balanced policy). The demo prints the model's words as they are generated (left: what an unguarded
 * stream would show) and, below, the text the caller receives, with the time each sentence arrived.
 */
import { stepCountIs, streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { Firewall } from "../../src/index.js";
import { firewallMiddleware, readFirewallMetadata } from "../../adapters/ai-sdk/index.js";
import { billingTools } from "../ai-sdk/tools.js";

/** The scripted answer: sentence 2's total is wrong (the invoice says 4,213.50 EUR), the rest is right. */
const ANSWER =
  "Invoice INV-2041 is for Lindqvist Bakery AB and was issued on 2026-10-01. " +
  "It totals 4,312.50 EUR across 7 lines. " +
  "It was due on 2026-10-31 and is now overdue. " +
  "One payment of 1,500 EUR arrived on 2026-10-12 by bank transfer.";
const WORD_MS = 40;
const usage = { inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 48, text: 48, reasoning: 0 } };

const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

/** A mock model: the first call looks the invoice up with both tools, the next streams the answer. */
function scriptedModel(onWord: (word: string, at: number) => void, started: () => number): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: "scripted",
    modelId: "wrong-total",
    doStream: async ({ prompt }) => {
      const lookUp = !prompt.some((m) => m.role === "tool");
      const words = ANSWER.match(/\S+\s*/g) ?? [];
      const parts = lookUp
        ? [
            { type: "tool-call" as const, toolCallId: "call-invoice", toolName: "get_invoice", input: JSON.stringify({ id: "INV-2041" }) },
            { type: "tool-call" as const, toolCallId: "call-payments", toolName: "list_payments", input: JSON.stringify({ invoice: "INV-2041" }) },
          ]
        : [
            { type: "text-start" as const, id: "answer" },
            ...words.map((delta) => ({ type: "text-delta" as const, id: "answer", delta })),
            { type: "text-end" as const, id: "answer" },
          ];
      const stream = simulateReadableStream({
        chunkDelayInMs: lookUp ? 0 : WORD_MS,
        chunks: [
          { type: "stream-start" as const, warnings: [] },
          ...parts,
          { type: "finish" as const, finishReason: { unified: lookUp ? ("tool-calls" as const) : ("stop" as const), raw: undefined }, usage },
        ],
      });
      // Tell the demo when each word leaves the model.
      const tap = new TransformStream({
        transform(part, controller) {
          if (part.type === "text-delta") onWord(part.delta, started());
          controller.enqueue(part);
        },
      });
      return { stream: stream.pipeThrough(tap) };
    },
  });
}

async function main(): Promise<void> {
  const fw = new Firewall({ telemetry: false });
  // Load the sentence model and word tables now, as a server would at start-up, not on the first answer.
  await fw.warmup();
  let t0 = 0;
  const now = () => performance.now() - t0;
  const generated: Array<{ word: string; at: number }> = [];
  const model = wrapLanguageModel({
    model: scriptedModel((word, at) => generated.push({ word, at }), now),
    middleware: firewallMiddleware(fw, { stream: "progressive" }),
  });
  console.log(bold("Question: What is the state of invoice INV-2041?\n"));
  t0 = performance.now();
  const result = streamText({ model, tools: billingTools(), stopWhen: stepCountIs(3), prompt: "What is the state of invoice INV-2041?" });
  const received: Array<{ text: string; at: number }> = [];
  process.stdout.write(`${bold("Reader sees:")}\n`);
  for await (const delta of result.textStream) {
    received.push({ text: delta, at: now() });
    process.stdout.write(`${dim(`[${now().toFixed(0).padStart(5)} ms]`)} ${delta.trim()}\n`);
  }
  const report = readFirewallMetadata(await result.providerMetadata)?.report;
  console.log(`\n${bold("The model generated")} (an unguarded stream would have shown this):`);
  let soFar = "";
  const lengths = generated.map((w) => ({ length: (soFar += w.word).trimEnd().length, at: w.at }));
  for (const sentence of ANSWER.match(/[^.]+(?:\.\d+[^.]*)*\.\s*/g) ?? []) {
    const end = ANSWER.indexOf(sentence) + sentence.trimEnd().length;
    const at = lengths.find((l) => l.length >= end)?.at ?? Number.NaN;
    console.log(`${dim(`[${at.toFixed(0).padStart(5)} ms]`)} ${sentence.trim()}`);
  }
  if (report) {
    console.log(`\n${bold("Verdicts")} (decision: ${report.decision}):`);
    report.claims.forEach((c, k) => {
      const v = report.verdicts[k]!;
      const fix = v.corrections.map((x) => ` -> evidence says ${x.value}`).join("");
      console.log(`  ${v.verdict.padEnd(13)} ${c.text}${fix}`);
    });
  }
  console.log(
    `\nEach sentence went out once the next one began, verified; the wrong total arrived as ${bold("4,213.50 EUR")}, in place. Nothing unverified reached the reader.`,
  );
}

await main();
