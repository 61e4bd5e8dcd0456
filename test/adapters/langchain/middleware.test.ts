import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent, tool } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { asAsyncStore, Firewall, HallucinationBlocked, MemoryStore, type Report } from "../../../src/index.js";
import { findHallucinationBlocked, firewallMiddleware, firewallReport } from "../../../adapters/langchain/index.js";
import { ANSWER, docSearch, invoiceLookup, memoryLogger, scriptedModel } from "./helpers.js";

const ask = { messages: [new HumanMessage("What does invoice INV-2024-0117 total, and how fast are refunds?")] };
const RIGHT = "Invoice INV-2024-0117 totals 4,379.20 EUR. Refunds are paid out within 14 business days.";

function lastMessage(out: { messages: BaseMessage[] }): AIMessage {
  const m = out.messages.at(-1)!;
  expect(AIMessage.isInstance(m)).toBe(true);
  return m as AIMessage;
}

function reportOf(message: AIMessage): Report {
  const report = firewallReport(message);
  expect(report).toBeDefined();
  return report!;
}

describe("firewallMiddleware", () => {
  it("should record both tools' results and rewrite the wrong figure of the final answer", async () => {
    const fw = new Firewall();
    const middleware = firewallMiddleware({ firewall: fw });
    const agent = createAgent({
      model: scriptedModel(ANSWER, { lookup: "call_lookup", search: "call_search" }),
      tools: [invoiceLookup, docSearch],
      middleware: [middleware],
    });
    const out = await agent.invoke(ask, { configurable: { thread_id: "thread-1" } });

    const records = fw.session("thread-1").ledger.records;
    expect(records.map((r) => [r.source, r.callId, r.args])).toEqual([
      ["invoice_lookup", "call_lookup", { invoice_id: "INV-2024-0117" }],
      ["doc_search", "call_search", { query: "refunds" }],
    ]);
    expect(records[0]!.text).toContain("total: 4379.2");

    const answer = lastMessage(out);
    expect(answer.id).toBe("answer-1-firewall");
    expect(answer.text).toContain("totals 4,379.20 EUR");
    expect(answer.text).not.toContain("4,739.20");
    expect(answer.text).toContain("Sources:\n[1] invoice_lookup (e1)");

    const report = reportOf(answer);
    expect(report.sessionId).toBe("thread-1");
    expect(report.draft).toBe(ANSWER);
    expect(report.decision).toBe("rewrite");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported"]);
    expect(report.verdicts[0]!.corrections[0]).toMatchObject({
      wrong: "4,739.20 EUR",
      value: "4,379.20 EUR",
      quote: { source: "invoice_lookup", text: "total: 4379.2" },
    });
    expect(report.verdicts[1]!.quotes[0]!.source).toBe("doc_search");

    // The raw draft never entered the agent's state: one answer, the gated one.
    expect(out.messages.filter((m) => AIMessage.isInstance(m) && (m.tool_calls?.length ?? 0) === 0)).toHaveLength(1);
    expect(middleware.stats).toMatchObject({ recorded: 2, verified: 1, blocked: 0, errors: 0 });
    expect(fw.sessionReport("thread-1").responses).toBe(1);
  });

  it("should record and verify with an asynchronous store shared by workers (as PostgreSQL is)", async () => {
    const shared = asAsyncStore(new MemoryStore());
    const fw = new Firewall({ store: shared });
    const middleware = firewallMiddleware({ firewall: fw });
    const agent = createAgent({
      model: scriptedModel(ANSWER, { lookup: "call_lookup", search: "call_search" }),
      tools: [invoiceLookup, docSearch],
      middleware: [middleware],
    });
    const out = await agent.invoke(ask, { configurable: { thread_id: "thread-async" } });
    expect(lastMessage(out).text).toContain("totals 4,379.20 EUR");
    expect(reportOf(lastMessage(out)).verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported"]);
    expect(middleware.stats).toMatchObject({ recorded: 2, verified: 1, errors: 0 });
    // Another worker, given the thread's id, holds the same evidence and reports.
    const other = new Firewall({ store: shared }).session("thread-async");
    await other.sync();
    expect(other.ledger.records.map((r) => [r.id, r.source])).toEqual([
      ["e1", "invoice_lookup"],
      ["e2", "doc_search"],
    ]);
    expect(other.report().responses).toBe(1);
  });

  it("should keep a grounded answer as it is, with the report attached", async () => {
    const fw = new Firewall();
    const agent = createAgent({ model: scriptedModel(RIGHT), tools: [invoiceLookup, docSearch], middleware: [firewallMiddleware({ firewall: fw })] });
    const answer = lastMessage(await agent.invoke(ask));
    expect(answer.text).toBe(RIGHT);
    expect(answer.id).toBe("answer-1");
    expect(reportOf(answer)).toMatchObject({ decision: "pass", groundingScore: 1 });
  });

  it("should annotate instead of rewriting when the policy says so", async () => {
    const fw = new Firewall();
    const agent = createAgent({
      model: scriptedModel(),
      tools: [invoiceLookup, docSearch],
      middleware: [firewallMiddleware({ firewall: fw, policy: { action: "annotate" } })],
    });
    const answer = lastMessage(await agent.invoke(ask));
    expect(answer.text).toContain("4,739.20 EUR ⟦contradicted: evidence says 4,379.20 EUR⟧");
    expect(reportOf(answer).decision).toBe("annotate");
  });

  it("should replace a blocked answer with the refusal", async () => {
    const fw = new Firewall({ strictness: "strict" });
    const middleware = firewallMiddleware({ firewall: fw, refusal: (r) => `Blocked: ${r.counts.contradicted} wrong figure(s).` });
    const agent = createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch], middleware: [middleware] });
    const answer = lastMessage(await agent.invoke(ask));
    expect(answer.text).toBe("Blocked: 1 wrong figure(s).");
    expect(reportOf(answer)).toMatchObject({ decision: "block", output: null, draft: ANSWER });
    expect(middleware.stats.blocked).toBe(1);
  });

  it("should use the default refusal, which does not repeat the wrong claims", async () => {
    const agent = createAgent({
      model: scriptedModel(),
      tools: [invoiceLookup, docSearch],
      middleware: [firewallMiddleware({ firewall: new Firewall(), policy: { action: "block" } })],
    });
    const answer = lastMessage(await agent.invoke(ask));
    expect(answer.text).toMatch(/^I can't give that answer: 1 of its statements could not be verified/);
    expect(answer.text).not.toContain("4,739.20");
  });

  it("should reject the run with HallucinationBlocked when asked to throw", async () => {
    const agent = createAgent({
      model: scriptedModel(),
      tools: [invoiceLookup, docSearch],
      middleware: [firewallMiddleware({ firewall: new Firewall({ strictness: "strict" }), onBlock: "throw" })],
    });
    const error = await agent.invoke(ask).then(
      () => null,
      (e: unknown) => e,
    );
    const blocked = findHallucinationBlocked(error);
    expect(blocked).toBeInstanceOf(HallucinationBlocked);
    expect(blocked!.report.decision).toBe("block");
    expect(blocked!.report.verdicts[0]!.corrections[0]!.value).toBe("4,379.20 EUR");
    expect(findHallucinationBlocked(new Error("other"))).toBeUndefined();
  });

  it("should feed the failing claims back to the model and ship its corrected answer", async () => {
    const model = scriptedModel().respond(new AIMessage({ content: RIGHT, id: "answer-2" }));
    const fw = new Firewall();
    const middleware = firewallMiddleware({ firewall: fw, maxRetries: 2 });
    const out = await createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [middleware] }).invoke(ask, { configurable: { thread_id: "retry" } });

    const answer = lastMessage(out);
    expect(answer.text).toBe(RIGHT);
    expect(reportOf(answer).decision).toBe("pass");
    const correction = model.calls[2]!.messages.at(-1)!;
    expect(HumanMessage.isInstance(correction)).toBe(true);
    expect(correction.text).toContain('"Invoice INV-2024-0117 totals 4,739.20 EUR.": the tool result invoice_lookup says 4,379.20 EUR, not 4,739.20 EUR');
    expect(model.calls[2]!.messages.at(-2)!.text).toBe(ANSWER);
    // Neither the draft nor the correction turn is in the agent's state.
    expect(out.messages.map((m) => m.text)).not.toContain(ANSWER);
    expect(out.messages.filter((m) => HumanMessage.isInstance(m))).toHaveLength(1);
    expect(middleware.stats).toMatchObject({ retries: 1, verified: 2 });
    expect(fw.sessionReport("retry").decisions).toMatchObject({ rewrite: 1, pass: 1 });
  });

  it("should apply the policy to the last answer when the retries run out", async () => {
    const model = scriptedModel().respond(new AIMessage({ content: ANSWER, id: "answer-2" }));
    const middleware = firewallMiddleware({ firewall: new Firewall(), maxRetries: 1 });
    const answer = lastMessage(await createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [middleware] }).invoke(ask));
    expect(answer.id).toBe("answer-2-firewall");
    expect(answer.text).toContain("totals 4,379.20 EUR");
    expect(middleware.stats.retries).toBe(1);
    expect(model.callCount).toBe(3);
  });

  it("should let the model go back to its tools after a correction turn", async () => {
    const model = scriptedModel()
      .respondWithTools([{ name: "invoice_lookup", args: { invoice_id: "INV-2024-0117" }, id: "again" }])
      .respond(new AIMessage({ content: RIGHT, id: "answer-3" }));
    const middleware = firewallMiddleware({ firewall: new Firewall(), maxRetries: 1 });
    const out = await createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [middleware] }).invoke(ask);
    expect(lastMessage(out).text).toBe(RIGHT);
    expect(reportOf(lastMessage(out)).decision).toBe("pass");
  });

  it("should keep two concurrent threads apart", async () => {
    const fw = new Firewall();
    const middleware = firewallMiddleware({ firewall: fw });
    const run = (thread: string, invoiceId: string) =>
      createAgent({
        model: fakeModel()
          .respondWithTools([{ name: "invoice_lookup", args: { invoice_id: invoiceId } }])
          .respond(new AIMessage("Invoice INV-2024-0117 totals 4,379.20 EUR.")),
        tools: [invoiceLookup],
        middleware: [middleware],
      }).invoke(ask, thread ? { configurable: { thread_id: thread } } : {});
    const [a, b, c, d] = await Promise.all([run("a", "INV-2024-0117"), run("b", "INV-2024-0121"), run("", "INV-2024-0117"), run("", "INV-2024-0121")]);

    expect(reportOf(lastMessage(a)).verdicts[0]!.verdict).toBe("supported");
    expect(reportOf(lastMessage(b)).verdicts[0]!.verdict).not.toBe("supported");
    expect(reportOf(lastMessage(c)).verdicts[0]!.verdict).toBe("supported");
    expect(reportOf(lastMessage(d)).verdicts[0]!.verdict).not.toBe("supported");
    expect(fw.session("a").ledger.records).toHaveLength(1);
    expect(fw.session("b").ledger.records).toHaveLength(1);
    const perInvocation = [reportOf(lastMessage(c)).sessionId, reportOf(lastMessage(d)).sessionId];
    expect(new Set(perInvocation).size).toBe(2);
    for (const id of perInvocation) expect(fw.session(id).ledger.records).toHaveLength(1);
  });

  it("should keep a thread's evidence across turns with a checkpointer", async () => {
    const fw = new Firewall();
    const model = scriptedModel(RIGHT).respond(new AIMessage({ content: "Again: invoice INV-2024-0117 totals 4,739.20 EUR.", id: "turn-2" }));
    const agent = createAgent({
      model,
      tools: [invoiceLookup, docSearch],
      middleware: [firewallMiddleware({ firewall: fw })],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(ask, { configurable: { thread_id: "chat" } });
    const out = await agent.invoke({ messages: [new HumanMessage("Say the total again?")] }, { configurable: { thread_id: "chat" } });
    expect(lastMessage(out).text).toContain("totals 4,379.20 EUR");
    expect(fw.session("chat").ledger.records).toHaveLength(2);
  });

  it("should not take a failed tool call as evidence, and let LangChain show the error to the model", async () => {
    const model = fakeModel()
      .respondWithTools([
        { name: "invoice_lookup", args: { invoice_id: "INV-0000" }, id: "bad" },
        { name: "doc_search", args: { query: "refunds" }, id: "good" },
      ])
      .respond(new AIMessage("Refunds are paid out within 14 business days."));
    const fw = new Firewall();
    const middleware = firewallMiddleware({ firewall: fw });
    const out = await createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [middleware] }).invoke(ask, { configurable: { thread_id: "err" } });
    expect(out.messages.some((m) => m.type === "tool" && m.text.includes("No invoice INV-0000"))).toBe(true);
    expect(fw.session("err").ledger.records.map((r) => r.callId)).toEqual(["good"]);
    expect(middleware.stats).toMatchObject({ recorded: 1, skipped: 1 });
    expect(reportOf(lastMessage(out)).decision).toBe("pass");
  });

  it("should record a huge result whole and skip media or binary results without failing the run", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({ invoice_id: `INV-8-${String(i).padStart(4, "0")}`, total: 500 + i }));
    const exportTool = tool(async () => rows, { name: "ledger_export", description: "Export every invoice.", schema: z.object({}) });
    const screenshot = tool(async () => [{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }], {
      name: "screenshot",
      description: "Screenshot.",
      schema: z.object({}),
    });
    const pdf = tool(async () => ["See the attached PDF.", new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])], {
      name: "pdf_fetch",
      description: "Fetch a PDF.",
      schema: z.object({}),
      responseFormat: "content_and_artifact",
    });
    const model = fakeModel()
      .respondWithTools([
        { name: "ledger_export", args: {} },
        { name: "screenshot", args: {} },
        { name: "pdf_fetch", args: {} },
      ])
      .respond(new AIMessage("Invoice INV-8-4999 totals 5,599."));
    const fw = new Firewall();
    const logger = memoryLogger();
    const middleware = firewallMiddleware({ firewall: fw, logger });
    const out = await createAgent({ model, tools: [exportTool, screenshot, pdf], middleware: [middleware] }).invoke(ask, {
      configurable: { thread_id: "big" },
    });

    expect(fw.session("big").ledger.records.map((r) => r.source)).toEqual(["ledger_export", "pdf_fetch"]);
    expect(fw.session("big").ledger.records[0]!.bytes).toBeGreaterThan(150_000);
    expect(middleware.stats).toMatchObject({ recorded: 2, skipped: 1, errors: 1 });
    expect(logger.warnings.join("\n")).toContain("artifact of tool 'pdf_fetch' was not recorded");
    const answer = lastMessage(out);
    expect(reportOf(answer).verdicts[0]!.corrections[0]!.value).toMatch(/^5,?499$/);
  });

  it("should keep non-text content blocks and replace the text", async () => {
    const blocks = new AIMessage({
      content: [
        { type: "reasoning", reasoning: "The invoice total is in the lookup." },
        { type: "text", text: ANSWER },
      ],
      id: "blocks",
    });
    const model = fakeModel()
      .respondWithTools([
        { name: "invoice_lookup", args: { invoice_id: "INV-2024-0117" } },
        { name: "doc_search", args: { query: "refunds" } },
      ])
      .respond(blocks);
    const agent = createAgent({ model, tools: [invoiceLookup, docSearch], middleware: [firewallMiddleware({ firewall: new Firewall() })] });
    const answer = lastMessage(await agent.invoke(ask));
    expect(Array.isArray(answer.content)).toBe(true);
    expect((answer.content as Array<{ type: string }>).map((b) => b.type)).toEqual(["reasoning", "text"]);
    expect(answer.text).toContain("4,379.20 EUR");
  });

  it("should fail open by default, or closed on request, when the firewall itself fails", async () => {
    const broken = () =>
      new Firewall({
        extractor: {
          name: "broken",
          extract: () => {
            throw new Error("extractor down");
          },
        },
      });
    const logger = memoryLogger();
    const open = firewallMiddleware({ firewall: broken(), logger });
    const answer = lastMessage(await createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch], middleware: [open] }).invoke(ask));
    expect(answer.text).toBe(ANSWER);
    expect(answer.response_metadata.hallucination_firewall).toEqual({ error: "extractor down" });
    expect(firewallReport(answer)).toBeUndefined();
    expect(open.stats.errors).toBe(1);
    expect(logger.warnings[0]).toContain("the answer was not verified: extractor down");

    const closed = firewallMiddleware({ firewall: broken(), onError: "refuse", refusal: "Not verified." });
    const refused = lastMessage(await createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch], middleware: [closed] }).invoke(ask));
    expect(refused.text).toBe("Not verified.");
  });

  it("should only record when verify is off", async () => {
    const fw = new Firewall();
    const middleware = firewallMiddleware({ firewall: fw, verify: false, sessionId: "fixed" });
    const answer = lastMessage(await createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch], middleware: [middleware] }).invoke(ask));
    expect(answer.text).toBe(ANSWER);
    expect(answer.response_metadata.hallucination_firewall).toBeUndefined();
    expect(fw.session("fixed").ledger.records).toHaveLength(2);
  });
});
