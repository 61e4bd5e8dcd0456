import { APICallError } from "@ai-sdk/provider";
import { generateText, stepCountIs, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { Firewall, FirewallError, HallucinationBlocked } from "../../../src/index.js";
import { DEFAULT_REFUSAL, firewallMiddleware, readFirewallMetadata, type FirewallMiddlewareOptions } from "../../../adapters/ai-sdk/index.js";
import { CORRECTED, RIGHT, WRONG, billing, billingTools, generateResult, lookupSteps, scriptedModel, toolResultIdsPerCall, type Step } from "./helpers.js";

function run(steps: Step[], options: FirewallMiddlewareOptions = {}, fw = new Firewall()) {
  const mock = scriptedModel(steps);
  const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw, options) });
  return { fw, mock, result: generateText({ model, tools: billingTools(), stopWhen: stepCountIs(5), prompt: "What is the state of invoice INV-2041?" }) };
}

describe("firewallMiddleware with generateText", () => {
  it("should record each tool result once across steps, JSON kept whole", async () => {
    const steps: Step[] = [
      { calls: [{ toolName: "get_invoice", input: { id: "INV-2041" }, id: "c-1" }] },
      { calls: [{ toolName: "list_payments", input: { invoice: "INV-2041" }, id: "c-2" }] },
      { text: RIGHT },
    ];
    const { fw, mock, result } = run(steps);
    const r = await result;
    // The third call's prompt carries both results, the first of them for the second time.
    expect(toolResultIdsPerCall(mock)).toEqual([[], ["c-1"], ["c-1", "c-2"]]);
    const records = fw.session().ledger.records;
    expect(records.map((e) => [e.id, e.source, e.callId, e.format])).toEqual([
      ["e1", "get_invoice", "c-1", "json"],
      ["e2", "list_payments", "c-2", "json"],
    ]);
    expect(records[0]!.content).toEqual(billing.invoices[0]);
    expect(records[0]!.args).toEqual({ id: "INV-2041" });
    expect(r.steps.map((s) => readFirewallMetadata(s.providerMetadata)?.recorded)).toEqual([[], ["e1"], ["e2"]]);
  });

  it("should rewrite a wrong figure in the final text and put the report in providerMetadata", async () => {
    const { result } = run(lookupSteps(WRONG));
    const r = await result;
    expect(r.text).toContain(CORRECTED);
    expect(r.text).not.toContain("4,312.50");
    const report = readFirewallMetadata(r.providerMetadata)!.report!;
    expect(report.decision).toBe("rewrite");
    expect(report.output).toBe(r.text);
    const wrong = report.verdicts.find((v) => v.verdict === "contradicted")!;
    expect(wrong.corrections[0]).toMatchObject({ wrong: "4,312.50 EUR", value: "4,213.50 EUR" });
    expect(wrong.corrections[0]!.quote.source).toBe("get_invoice");
    expect(readFirewallMetadata(r.steps.at(-1)!.providerMetadata)?.report?.responseId).toBe(report.responseId);
  });

  it("should pass a supported answer unchanged", async () => {
    const r = await run(lookupSteps(RIGHT)).result;
    expect(r.text).toBe(RIGHT);
    expect(readFirewallMetadata(r.providerMetadata)!.report!.decision).toBe("pass");
  });

  it("should annotate instead when the policy says so", async () => {
    const r = await run(lookupSteps(WRONG), { verify: { action: "annotate" } }).result;
    expect(r.text).toContain("4,312.50 EUR");
    expect(r.text).toContain("⟦contradicted: evidence says 4,213.50 EUR⟧");
  });

  it("should replace a blocked answer with the default refusal", async () => {
    const r = await run(lookupSteps(WRONG), { verify: { strictness: "strict" } }).result;
    expect(r.text).toBe(DEFAULT_REFUSAL);
    const report = readFirewallMetadata(r.providerMetadata)!.report!;
    expect(report.decision).toBe("block");
    expect(report.output).toBeNull();
  });

  it("should write the refusal from the report when refusal is a function", async () => {
    const r = await run(lookupSteps(WRONG), {
      verify: { strictness: "strict" },
      refusal: (report) => `Withheld: ${report.counts.contradicted} figure(s) disagree with the invoice records.`,
    }).result;
    expect(r.text).toBe("Withheld: 1 figure(s) disagree with the invoice records.");
  });

  it("should make generateText reject with HallucinationBlocked when onBlock is throw", async () => {
    const error = await run(lookupSteps(WRONG), { verify: { strictness: "strict" }, onBlock: "throw" }).result.catch((e: unknown) => e);
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
    const report = (error as HallucinationBlocked).report;
    expect(report.decision).toBe("block");
    expect(report.verdicts.some((v) => v.verdict === "contradicted")).toBe(true);
  });

  it("should pass a provider error through unchanged", async () => {
    const providerError = new APICallError({
      message: "rate limited",
      url: "https://api.example.test/v1",
      requestBodyValues: {},
      statusCode: 429,
      isRetryable: false,
    });
    const fw = new Firewall();
    const mock = new MockLanguageModelV3({
      doGenerate: async () => {
        throw providerError;
      },
    });
    const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) });
    const error = await generateText({ model, prompt: "hi", maxRetries: 0 }).catch((e: unknown) => e);
    expect(error).toBe(providerError);
    expect(fw.sessionReport().responses).toBe(0);
  });

  it("should record parallel tool calls of one step with their arguments", async () => {
    const { fw, result } = run(lookupSteps(RIGHT, "INV-2041", "par"));
    await result;
    expect(fw.session().ledger.records.map((e) => [e.source, e.callId, e.args])).toEqual([
      ["get_invoice", "par-1", { id: "INV-2041" }],
      ["list_payments", "par-2", { invoice: "INV-2041" }],
    ]);
  });

  it("should keep two sessions apart, keyed by providerOptions or by a header the provider never sees", async () => {
    const fw = new Firewall();
    const mock = new MockLanguageModelV3({ doGenerate: [...lookupSteps(RIGHT, "INV-2041", "a"), ...lookupSteps(RIGHT, "INV-2042", "b")].map(generateResult) });
    const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) });
    const tools = billingTools();
    const a = await generateText({
      model,
      tools,
      stopWhen: stepCountIs(5),
      prompt: "INV-2041?",
      providerOptions: { hallucinationFirewall: { sessionId: "conv-a" } },
    });
    const b = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: "INV-2042?", headers: { "X-HFW-Session": "conv-b" } });
    expect(fw.session("conv-a").ledger.records.map((e) => e.callId)).toEqual(["a-1", "a-2"]);
    expect(fw.session("conv-b").ledger.records.map((e) => e.callId)).toEqual(["b-1", "b-2"]);
    expect(fw.session().ledger.records).toHaveLength(0);
    expect(a.text).toBe(RIGHT);
    // Conversation b looked up INV-2042 only: the claim about INV-2041 has no evidence there.
    const reportB = readFirewallMetadata(b.providerMetadata)!.report!;
    expect(reportB.sessionId).toBe("conv-b");
    expect(reportB.verdicts[0]!.verdict).not.toBe("supported");
    expect(mock.doGenerateCalls.every((call) => !Object.keys(call.headers ?? {}).some((h) => h.toLowerCase() === "x-hfw-session"))).toBe(true);
  });

  it("should take the session from the session option", async () => {
    const fw = new Firewall();
    const r = await run(lookupSteps(RIGHT), { session: (params) => (params.prompt.length > 0 ? "from-option" : undefined) }, fw).result;
    expect(readFirewallMetadata(r.providerMetadata)!.sessionId).toBe("from-option");
    expect(fw.session("from-option").ledger.records).toHaveLength(2);
  });

  it("should leave text that comes with tool calls alone unless verifyToolCallSteps is set", async () => {
    const steps = (): Step[] => [
      { text: "Invoice INV-2041 totals 9,999.00 EUR, let me check.", calls: [{ toolName: "get_invoice", input: { id: "INV-2041" }, id: "p-1" }] },
      { text: RIGHT },
    ];
    const plain = await run(steps()).result;
    expect(plain.steps[0]!.text).toBe("Invoice INV-2041 totals 9,999.00 EUR, let me check.");
    expect(readFirewallMetadata(plain.steps[0]!.providerMetadata)!.report).toBeUndefined();
    const checked = await run(steps(), { verifyToolCallSteps: true }).result;
    expect(checked.steps[0]!.text).not.toContain("9,999.00 EUR, let me check.");
    expect(readFirewallMetadata(checked.steps[0]!.providerMetadata)!.report).toBeDefined();
  });

  it("should call onReport once per verified answer with the shipped text", async () => {
    const seen: Array<[string, string, string | null]> = [];
    const r = await run(lookupSteps(WRONG), { onReport: (report, info) => seen.push([report.decision, info.mode, info.text]) }).result;
    expect(seen).toEqual([["rewrite", "generate", r.text]]);
  });

  it("should not let a throwing onReport or refusal break the run", async () => {
    const warnings: string[] = [];
    const fw = new Firewall({ logger: { warn: (m) => warnings.push(m) } });
    const r = await run(
      lookupSteps(WRONG),
      {
        verify: { strictness: "strict" },
        onReport: () => {
          throw new Error("dashboard down");
        },
        refusal: () => {
          throw new Error("template missing");
        },
      },
      fw,
    ).result;
    expect(r.text).toBe(DEFAULT_REFUSAL);
    expect(warnings.some((w) => w.includes("dashboard down"))).toBe(true);
    expect(warnings.some((w) => w.includes("template missing"))).toBe(true);
  });

  describe("when verification itself fails (a draft with NUL characters is refused by the core)", () => {
    const broken = "Invoice INV-2041 totals 4,312.50 EUR.\u0000";

    it("should let the text through and say why under failMode open", async () => {
      const warnings: string[] = [];
      const r = await run(lookupSteps(broken), {}, new Firewall({ logger: { warn: (m) => warnings.push(m) } })).result;
      expect(r.text).toBe(broken);
      const meta = readFirewallMetadata(r.providerMetadata)!;
      expect(meta.report).toBeUndefined();
      expect(meta.error).toMatch(/NUL characters/);
      expect(warnings.some((w) => w.includes("NUL characters"))).toBe(true);
    });

    it("should refuse under failMode closed", async () => {
      const r = await run(lookupSteps(broken), { failMode: "closed" }).result;
      expect(r.text).toBe(DEFAULT_REFUSAL);
    });

    it("should reject with a FirewallError under failMode closed with onBlock throw", async () => {
      const error = await run(lookupSteps(broken), { failMode: "closed", onBlock: "throw" }).result.catch((e: unknown) => e);
      expect(FirewallError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/could not be verified/);
    });
  });

  it("should skip error results and results the ledger refuses, and go on", async () => {
    const fw = new Firewall();
    const mock = new MockLanguageModelV3({
      doGenerate: [
        generateResult({
          calls: [
            { toolName: "get_invoice", input: { id: "INV-9999" }, id: "err-1" },
            { toolName: "list_payments", input: { invoice: "INV-2041" }, id: "ok-1" },
          ],
        }),
        generateResult({ text: "No invoice INV-9999 exists." }),
      ],
    });
    const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) });
    const r = await generateText({ model, tools: billingTools(), stopWhen: stepCountIs(5), prompt: "INV-9999?" });
    // get_invoice threw: the SDK sends an error-text result, which is not evidence.
    expect(toolResultIdsPerCall(mock)[1]).toEqual(["err-1", "ok-1"]);
    expect(fw.session().ledger.records.map((e) => e.callId)).toEqual(["ok-1"]);
    expect(readFirewallMetadata(r.providerMetadata)!.report).toBeDefined();
  });

  it("should record a provider-executed tool result from the response and verify against it", async () => {
    const fw = new Firewall();
    const mock = new MockLanguageModelV3({
      doGenerate: {
        content: [
          { type: "tool-call", toolCallId: "ws-1", toolName: "web_search", input: '{"query":"INV-2043"}', providerExecuted: true },
          {
            type: "tool-result",
            toolCallId: "ws-1",
            toolName: "web_search",
            result: { invoice: "INV-2043", customer: "Kallio Dental Oy", total: 12640, currency: "EUR" },
          },
          { type: "text", text: "Invoice INV-2043 for Kallio Dental Oy totals 12,460 EUR." },
        ],
        finishReason: { unified: "stop", raw: "stop" },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      },
    });
    const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) });
    const r = await generateText({ model, prompt: "INV-2043?" });
    expect(fw.session().ledger.records.map((e) => [e.source, e.callId])).toEqual([["web_search", "ws-1"]]);
    expect(r.text).toContain("12,640 EUR");
  });

  it("should skip a binary tool result and still verify", async () => {
    const warnings: string[] = [];
    const fw = new Firewall({ logger: { warn: (m) => warnings.push(m) } });
    const mock = new MockLanguageModelV3({ doGenerate: generateResult({ text: RIGHT }) });
    const model = wrapLanguageModel({ model: mock, middleware: firewallMiddleware(fw) });
    const r = await generateText({
      model,
      messages: [
        { role: "user", content: "INV-2041?" },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "bin-1", toolName: "get_pdf", input: {} }] },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: "bin-1", toolName: "get_pdf", output: { type: "text", value: "%PDF\u0000\u0001\u0002" } }],
        },
      ],
    });
    const meta = readFirewallMetadata(r.providerMetadata)!;
    expect(meta.skipped).toEqual([{ toolCallId: "bin-1", reason: expect.stringMatching(/looks binary/) }]);
    expect(meta.report!.decision).not.toBe("pass");
  });
});
