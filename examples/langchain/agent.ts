/**
 * `npm run example:langchain`: a LangChain `createAgent` agent with two tools over real files (an invoice
 * lookup and a policy-document search) and the firewall middleware. Offline it runs a scripted fake chat
 * model from `@langchain/core/testing` that calls both tools in parallel and then misstates the invoice
 * total; the firewall catches the wrong figure and corrects it from the tool result.
 *
 * With OPENAI_API_KEY (or ANTHROPIC_API_KEY) set and `@langchain/openai` (or `@langchain/anthropic`)
 * installed, the same agent runs on that provider instead (OPENAI_MODEL / ANTHROPIC_MODEL pick the model).
 */
import { pathToFileURL } from "node:url";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent } from "langchain";
import { Firewall, formatReport, type Report } from "../../src/index.js";
import { firewallMiddleware, firewallReport } from "../../adapters/langchain/index.js";
import { createTools } from "./tools.js";

export const QUESTION = "How much does Northwind Traders owe on invoice INV-2024-0117, and what happens now that it is overdue?";

/** The scripted model's answer: status, VAT and late fee are right; the total has two digits swapped (4,379.20). */
export const SCRIPTED_ANSWER =
  "Invoice INV-2024-0117 for Northwind Traders totals 4,739.20 EUR and is overdue. The VAT on it is 699.20 EUR. " +
  "Overdue invoices accrue a late fee of 1.5% of the outstanding amount per month.";

/** A fake tool-calling chat model: both tools in one turn, then the answer above. */
export function scriptedModel() {
  return fakeModel()
    .respondWithTools([
      { name: "invoice_lookup", args: { invoice_id: "INV-2024-0117" } },
      { name: "doc_search", args: { query: "overdue invoice late fee" } },
    ])
    .respond(new AIMessage({ content: SCRIPTED_ANSWER, id: "answer" }));
}

type ChatModel = Parameters<typeof createAgent>[0]["model"];

/**
 * The provider model when its key is set and its package is installed; otherwise the scripted model, with a
 * note saying why. Provider packages are loaded by name at run time: they are not dependencies.
 */
export async function chooseModel(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<{ model: ChatModel; label: string }> {
  const providers = [
    { key: "OPENAI_API_KEY", pkg: "@langchain/openai", cls: "ChatOpenAI", model: env.OPENAI_MODEL ?? "gpt-4o-mini" },
    { key: "ANTHROPIC_API_KEY", pkg: "@langchain/anthropic", cls: "ChatAnthropic", model: env.ANTHROPIC_MODEL ?? "claude-3-5-haiku-latest" },
  ];
  for (const p of providers) {
    if (!env[p.key]) continue;
    try {
      const mod = (await import(p.pkg)) as Record<string, new (fields: Record<string, unknown>) => ChatModel>;
      const Model = mod[p.cls];
      if (Model) return { model: new Model({ model: p.model, temperature: 0 }), label: `${p.cls} (${p.model})` };
      log(`${p.pkg} has no ${p.cls} export. Using the scripted model.`);
    } catch (error) {
      const missing = (error as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
      log(
        missing
          ? `${p.key} is set, but ${p.pkg} is not installed: run \`npm install ${p.pkg}\` to use it. Using the scripted model.`
          : `${p.cls} could not be set up (${(error as Error).message}). Using the scripted model.`,
      );
    }
  }
  return { model: scriptedModel(), label: "scripted fake chat model from @langchain/core/testing (offline)" };
}

/** Runs the example and writes its output through `log`. @returns the report and the final message. */
export async function runExample(
  options: { log?: (line: string) => void; model?: ChatModel; label?: string } = {},
): Promise<{ report: Report | undefined; answer: BaseMessage }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const chosen = options.model ? { model: options.model, label: options.label ?? "given model" } : await chooseModel(log);
  const { invoiceLookup, docSearch } = createTools();
  const firewall = new Firewall({ logger: console });
  const agent = createAgent({
    model: chosen.model,
    tools: [invoiceLookup, docSearch],
    systemPrompt: "You answer billing questions. Look facts up with the tools and answer in two or three sentences.",
    middleware: [firewallMiddleware({ firewall })],
  });

  log(`Question: ${QUESTION}`);
  log(`Model: ${chosen.label}\n`);
  const out = await agent.invoke({ messages: [new HumanMessage(QUESTION)] }, { configurable: { thread_id: "example" } });

  log("Tool results recorded as evidence:");
  for (const r of firewall.session("example").ledger.records) log(`  ${r.id} ${r.source} ${JSON.stringify(r.args)} (${r.bytes} bytes)`);
  const answer = out.messages.at(-1)!;
  const report = firewallReport(answer);
  if (!report) {
    log(`\nThe answer was not verified: ${JSON.stringify(answer.response_metadata)}`);
    return { report: undefined, answer };
  }
  log(`\nThe model's draft:\n${report.draft}\n`);
  log(formatReport(report));
  log(`\n--- the agent's final message (${answer.id ?? "no id"}) ---\n${answer.text}`);
  return { report, answer };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runExample().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
