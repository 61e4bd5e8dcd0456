import { Output, generateObject, generateText, streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Firewall } from "../../../src/index.js";
import { firewallMiddleware, readFirewallMetadata, type FirewallMiddlewareOptions } from "../../../adapters/ai-sdk/index.js";
import { generateResult, recordInvoice, scriptedModel } from "./helpers.js";

const schema = z.object({ invoice: z.string(), customer: z.string(), total: z.number(), status: z.string() });
const WRONG_JSON = '{"invoice": "INV-2041", "customer": "Lindqvist Bakery AB", "total": 4312.5, "status": "overdue"}';

function setup(text: string, options: FirewallMiddlewareOptions = {}) {
  const fw = new Firewall();
  recordInvoice(fw.session());
  recordInvoice(fw.session(), "INV-2042");
  const mock = new MockLanguageModelV3({ doGenerate: async () => generateResult({ text }) });
  return { fw, mock, model: wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw, options) }) };
}

describe("firewallMiddleware with structured output", () => {
  it("should correct a wrong figure inside the JSON of generateText's Output.object, keeping it valid", async () => {
    const { model, mock } = setup(WRONG_JSON);
    const result = await generateText({ model, output: Output.object({ schema }), prompt: "Summarise INV-2041 as JSON." });
    expect(mock.doGenerateCalls[0]!.responseFormat?.type).toBe("json");
    expect(result.output).toEqual({ invoice: "INV-2041", customer: "Lindqvist Bakery AB", total: 4213.5, status: "overdue" });
    const report = readFirewallMetadata(result.providerMetadata)!.report!;
    expect(report.verdicts.find((v) => v.verdict === "contradicted")!.corrections[0]!.value).toBe("4213.5");
    // The policy edits a JSON answer in place, without markers, so its own output parses too.
    expect(JSON.parse(report.output!)).toEqual({ invoice: "INV-2041", customer: "Lindqvist Bakery AB", total: 4213.5, status: "overdue" });
    expect(result.text).not.toContain("[1]");
  });

  it("should correct a string field from the subject's record, escaped as JSON", async () => {
    const { model } = setup('{"invoice": "INV-2041", "customer": "Nordhavn Freight ApS", "total": 4213.5, "status": "overdue"}');
    const result = await generateText({ model, output: Output.object({ schema }), prompt: "Summarise INV-2041 as JSON." });
    expect(result.output.customer).toBe("Lindqvist Bakery AB");
  });

  it("should correct generateObject's object", async () => {
    const { model } = setup(WRONG_JSON);
    const result = await generateObject({ model, schema, prompt: "Summarise INV-2041 as JSON." });
    expect(result.object.total).toBe(4213.5);
    expect(readFirewallMetadata(result.providerMetadata)!.report!.decision).toBe("rewrite");
  });

  it("should leave annotated JSON unmarked (annotations would break it) and report the verdicts", async () => {
    const { model } = setup(WRONG_JSON, { verify: { action: "annotate" } });
    const result = await generateText({ model, output: Output.object({ schema }), prompt: "Summarise INV-2041 as JSON." });
    expect(result.output.total).toBe(4312.5);
    expect(readFirewallMetadata(result.providerMetadata)!.report!.decision).toBe("annotate");
  });

  it("should correct the streamed object in gate mode", async () => {
    const fw = new Firewall();
    recordInvoice(fw.session());
    const model = wrapLanguageModel({ model: scriptedModel([{ text: WRONG_JSON }]), middleware: firewallMiddleware(fw) });
    const result = streamText({ model, output: Output.object({ schema }), prompt: "Summarise INV-2041 as JSON." });
    expect((await result.output).total).toBe(4213.5);
  });
});
