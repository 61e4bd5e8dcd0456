import { ToolLoopAgent, stepCountIs, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../../src/index.js";
import { firewallMiddleware, readFirewallMetadata } from "../../../adapters/ai-sdk/index.js";
import { CORRECTED, WRONG, billingTools, lookupSteps, scriptedModel } from "./helpers.js";

describe("firewallMiddleware with ToolLoopAgent", () => {
  it("should correct the agent's generated answer", async () => {
    const fw = new Firewall();
    const agent = new ToolLoopAgent({
      model: wrapLanguageModel({ model: scriptedModel(lookupSteps(WRONG)), middleware: firewallMiddleware(fw) }),
      tools: billingTools(),
      stopWhen: stepCountIs(5),
    });
    const result = await agent.generate({ prompt: "What is the state of INV-2041?" });
    expect(result.text).toContain(CORRECTED);
    expect(fw.session().ledger.records.map((e) => e.source)).toEqual(["get_invoice", "list_payments"]);
    expect(readFirewallMetadata(result.providerMetadata)!.report!.decision).toBe("rewrite");
  });

  it("should gate the agent's streamed answer", async () => {
    const fw = new Firewall();
    const agent = new ToolLoopAgent({
      model: wrapLanguageModel({ model: scriptedModel(lookupSteps(WRONG)), middleware: firewallMiddleware(fw) }),
      tools: billingTools(),
    });
    const result = await agent.stream({ prompt: "What is the state of INV-2041?" });
    const deltas: string[] = [];
    for await (const t of result.textStream) deltas.push(t);
    expect(deltas.join("")).toContain(CORRECTED);
    expect(deltas.join("")).not.toContain("4,312.50");
  });
});
