import type { LanguageModelV3 } from "@ai-sdk/provider";
import { generateText, stepCountIs, type ToolSet, wrapLanguageModel } from "ai";
import { Firewall } from "hallucination-firewall";
import { firewallMiddleware, readFirewallMetadata } from "hallucination-firewall/ai-sdk";
declare const provider: LanguageModelV3; // openai("gpt-4.1-mini"), anthropic(...), any provider's model
declare const tools: ToolSet; // your tools: their results become the evidence

const model = wrapLanguageModel({ model: provider, middleware: firewallMiddleware(new Firewall()) });
const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: "What does INV-7 total?" });
console.log(result.text, readFirewallMetadata(result.providerMetadata)?.report?.decision);

export {};
