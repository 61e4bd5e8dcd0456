import { createAgent, HumanMessage, type StructuredTool } from "langchain";
import { Firewall } from "hallucination-firewall";
import { firewallMiddleware, firewallReport } from "hallucination-firewall/langchain";
declare const tools: StructuredTool[]; // your tools: their results become the evidence

const fw = new Firewall();
const agent = createAgent({ model: "openai:gpt-4.1-mini", tools, middleware: [firewallMiddleware({ firewall: fw })] });
const { messages } = await agent.invoke({ messages: [new HumanMessage("What does INV-7 total?")] });
console.log(messages.at(-1)?.text, firewallReport(messages.at(-1))?.decision);

export {};
