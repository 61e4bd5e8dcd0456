/**
 * A billing agent on the Vercel AI SDK with the firewall as language-model middleware.
 *
 *   npm run example:ai-sdk
 *
 * Offline by default: the AI SDK's mock model is scripted to look the invoice up with both tools and then
 * misstate the invoice total. With OPENAI_API_KEY (and `@ai-sdk/openai` installed) a real model answers
 * instead. The question is asked four times: with
 * `generateText`, and with `streamText` in the middleware's `progressive`, `gate` and `observe` modes. Each run prints the
 * evidence recorded, the text as the caller received it, each claim's verdict, and the corrected answer.
 */
import { generateText, stepCountIs, streamText, wrapLanguageModel, type LanguageModel } from "ai";
import { Firewall, formatReport, type Report } from "../../src/index.js";
import { firewallMiddleware, readFirewallMetadata, type StreamMode } from "../../adapters/ai-sdk/index.js";
import { chooseModel } from "./model.js";
import { billingTools } from "./tools.js";

const SYSTEM = "You answer questions about invoices. Look them up with the tools and state figures and dates exactly as the tools return them.";
const QUESTION = "What is the state of invoice INV-2041: its total, due date and payments so far?";

type Run = "generate" | StreamMode;

async function ask(fw: Firewall, base: LanguageModel, run: Run): Promise<void> {
  const sessionId = `example-${run}`;
  const model = wrapLanguageModel({
    model: base as Parameters<typeof wrapLanguageModel>[0]["model"],
    middleware: firewallMiddleware(fw, run === "generate" ? {} : { stream: run }),
  });
  const call = {
    model,
    tools: billingTools(),
    stopWhen: stepCountIs(5),
    system: SYSTEM,
    prompt: QUESTION,
    providerOptions: { hallucinationFirewall: { sessionId } },
  };
  console.log(`\n=== ${run === "generate" ? "generateText" : `streamText, ${run} mode`} ===`);
  let text: string;
  let report: Report | undefined;
  if (run === "generate") {
    const result = await generateText(call);
    text = result.text;
    report = readFirewallMetadata(result.providerMetadata)?.report;
  } else {
    const started = performance.now();
    let firstAt: number | undefined;
    const result = streamText(call);
    process.stdout.write("caller sees: ");
    const pieces: string[] = [];
    for await (const delta of result.textStream) {
      firstAt ??= performance.now() - started;
      pieces.push(delta);
      process.stdout.write(delta.replace(/\n/g, "\n             "));
    }
    const total = performance.now() - started;
    text = pieces.join("");
    report = readFirewallMetadata(await result.providerMetadata)?.report;
    console.log(`\n(first text after ${firstAt?.toFixed(0) ?? "-"} ms, stream done after ${total.toFixed(0)} ms, ${pieces.length} text delta(s))`);
    if (run === "observe") console.log("observe mode: the deltas above went out unverified; the verdict below came with the final step.");
  }
  const records = fw.session(sessionId).ledger.records;
  console.log(`evidence recorded: ${records.map((e) => `${e.id} ${e.source}(${JSON.stringify(e.args ?? {})})`).join(", ") || "none"}`);
  if (!report) {
    console.log("no report: the model gave no final text.");
    return;
  }
  console.log("");
  console.log(formatReport(report));
  if (text === report.output) console.log(`(the caller received exactly the text that may ship)`);
  else console.log(`\n--- what the caller received (${run}) ---\n${text}`);
}

async function main(): Promise<void> {
  const { model, label, notes } = await chooseModel();
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`model: ${label}`);
  console.log(`question: ${QUESTION}`);
  const fw = new Firewall({ logger: console });
  for (const run of ["generate", "progressive", "gate", "observe"] as const) await ask(fw, model(), run);
}

main().catch((error: unknown) => {
  console.error(`example failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
