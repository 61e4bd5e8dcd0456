import { randomUUID } from "node:crypto";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent, tool } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Firewall } from "../../../src/index.js";
import { FirewallCallbackHandler } from "../../../adapters/langchain/index.js";
import { ANSWER, docSearch, invoiceLookup, memoryLogger, scriptedModel } from "./helpers.js";

const ask = { messages: [new HumanMessage("What does invoice INV-2024-0117 total, and how fast are refunds?")] };

describe("FirewallCallbackHandler", () => {
  it("should record both parallel tool results of a createAgent run in the thread's session", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const agent = createAgent({ model: scriptedModel(ANSWER, { lookup: "call_lookup", search: "call_search" }), tools: [invoiceLookup, docSearch] });
    const out = await agent.invoke(ask, { callbacks: [handler], configurable: { thread_id: "thread-1" } });

    expect((out.messages.at(-1) as AIMessage).text).toBe(ANSWER);
    const records = fw.session("thread-1").ledger.records;
    expect(records.map((r) => [r.source, r.callId, r.format])).toEqual(
      expect.arrayContaining([
        ["invoice_lookup", "call_lookup", "json"],
        ["doc_search", "call_search", "text"],
      ]),
    );
    expect(records).toHaveLength(2);
    const lookup = records.find((r) => r.source === "invoice_lookup")!;
    expect(lookup.args).toEqual({ invoice_id: "INV-2024-0117" });
    expect(lookup.text).toContain("total: 4379.2");
    expect(records.find((r) => r.source === "doc_search")!.text).toContain("within 14 business days");
    expect(handler.stats).toMatchObject({ recorded: 2, skipped: 0, errors: 0 });
    expect(fw.sessionIds()).toEqual(["thread-1"]);

    // The evidence is what the firewall checks the answer against.
    const report = await fw.session("thread-1").verify(ANSWER);
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported"]);
    expect(report.verdicts[0]!.corrections[0]).toMatchObject({ wrong: "4,739.20 EUR", value: "4,379.20 EUR" });
  });

  it("should key the session by the root run id when the run has no thread id", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const runId = randomUUID();
    await createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch] }).invoke(ask, { callbacks: [handler], runId });
    expect(fw.session(runId).ledger.records).toHaveLength(2);
    expect(handler.lastSessionId).toBe(runId);
  });

  it("should take the session from a sessionId function", async () => {
    const fw = new Firewall();
    const seen: Array<string | undefined> = [];
    const handler = new FirewallCallbackHandler({
      firewall: fw,
      sessionId: (run) => {
        seen.push(run.threadId);
        return `user-${String(run.metadata.user_id)}`;
      },
    });
    await createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch] }).invoke(ask, {
      callbacks: [handler],
      metadata: { user_id: 7 },
      configurable: { thread_id: "t" },
    });
    expect(fw.session("user-7").ledger.records).toHaveLength(2);
    expect(seen).toContain("t");
  });

  it("should record a nested agent's tool results in the outer run's session", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const billing = createAgent({
      model: fakeModel()
        .respondWithTools([{ name: "invoice_lookup", args: { invoice_id: "INV-2024-0118" }, id: "inner_call" }])
        .respond(new AIMessage("Contoso's invoice INV-2024-0118 is paid.")),
      tools: [invoiceLookup],
    });
    const askBilling = tool(
      async ({ question }: { question: string }, config) => {
        const out = await billing.invoke({ messages: [new HumanMessage(question)] }, config);
        return (out.messages.at(-1) as AIMessage).text;
      },
      { name: "ask_billing", description: "Ask the billing agent.", schema: z.object({ question: z.string() }) },
    );
    const outer = createAgent({
      model: fakeModel()
        .respondWithTools([{ name: "ask_billing", args: { question: "Is INV-2024-0118 paid?" }, id: "outer_call" }])
        .respond(new AIMessage("Yes, it is paid.")),
      tools: [askBilling],
    });
    const runId = randomUUID();
    await outer.invoke(ask, { callbacks: [handler], runId });

    const records = fw.session(runId).ledger.records;
    expect(records.map((r) => [r.source, r.callId])).toEqual([
      ["invoice_lookup", "inner_call"],
      ["ask_billing", "outer_call"],
    ]);
    expect(fw.sessionIds()).toEqual([runId]);
  });

  it("should not record a tool that throws", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const model = fakeModel()
      .respondWithTools([
        { name: "invoice_lookup", args: { invoice_id: "INV-0000" }, id: "bad" },
        { name: "doc_search", args: { query: "refunds" }, id: "good" },
      ])
      .respond(new AIMessage("I could not find invoice INV-0000."));
    const runId = randomUUID();
    const out = await createAgent({ model, tools: [invoiceLookup, docSearch] }).invoke(ask, { callbacks: [handler], runId });

    // LangChain shows the error to the model as a tool message; the firewall does not take it as evidence.
    const failed = out.messages.find((m) => m.type === "tool" && (m as { status?: string }).status === "error");
    expect(failed?.text).toContain("No invoice INV-0000");
    expect(fw.session(runId).ledger.records.map((r) => r.callId)).toEqual(["good"]);
    expect(handler.stats).toMatchObject({ recorded: 1, skipped: 1, errors: 0 });
  });

  it("should record a huge JSON result whole", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      invoice_id: `INV-9-${String(i).padStart(5, "0")}`,
      customer: `Customer ${i}`,
      total: 1000 + i * 3.5,
    }));
    const ledgerTool = tool(async () => rows, { name: "ledger_export", description: "Export every invoice.", schema: z.object({}) });
    const model = fakeModel()
      .respondWithTools([{ name: "ledger_export", args: {}, id: "export" }])
      .respond(new AIMessage("done"));
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    await createAgent({ model, tools: [ledgerTool] }).invoke(ask, { callbacks: [handler], configurable: { thread_id: "big" } });

    const [record] = fw.session("big").ledger.records;
    expect(record!.bytes).toBeGreaterThan(1_000_000);
    expect(record!.text.split("\n")).toHaveLength(3 * rows.length);
    const report = await fw.session("big").verify("Invoice INV-9-19999 totals 70000.");
    expect(report.verdicts[0]).toMatchObject({ verdict: "contradicted" });
    expect(report.verdicts[0]!.corrections[0]!.value).toMatch(/^70,?996\.5$/);
  });

  it("should skip media-only results and log a refused artifact without throwing into the run", async () => {
    const screenshot = tool(async () => [{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }], {
      name: "screenshot",
      description: "Take a screenshot.",
      schema: z.object({}),
    });
    const pdf = tool(async () => ["Invoice INV-2024-0117: total 4379.20 EUR.", new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe, 0x00])], {
      name: "pdf_fetch",
      description: "Fetch an invoice PDF.",
      schema: z.object({}),
      responseFormat: "content_and_artifact",
    });
    const model = fakeModel()
      .respondWithTools([
        { name: "screenshot", args: {}, id: "shot" },
        { name: "pdf_fetch", args: {}, id: "pdf" },
      ])
      .respond(new AIMessage("ok"));
    const fw = new Firewall();
    const logger = memoryLogger();
    const handler = new FirewallCallbackHandler({ firewall: fw, logger });
    const out = await createAgent({ model, tools: [screenshot, pdf] }).invoke(ask, { callbacks: [handler], configurable: { thread_id: "media" } });

    expect((out.messages.at(-1) as AIMessage).text).toBe("ok");
    expect(fw.session("media").ledger.records.map((r) => [r.source, r.callId, r.text])).toEqual([
      ["pdf_fetch", "pdf", "Invoice INV-2024-0117: total 4379.20 EUR."],
    ]);
    expect(handler.stats).toMatchObject({ recorded: 1, skipped: 1, errors: 1 });
    expect(logger.warnings.join("\n")).toMatch(
      /artifact of tool 'pdf_fetch' was not recorded: .*not valid UTF-8|artifact of tool 'pdf_fetch' was not recorded: .*binary/,
    );
  });

  it("should keep two concurrent threads apart", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const run = (thread: string, invoiceId: string) =>
      createAgent({
        model: fakeModel()
          .respondWithTools([{ name: "invoice_lookup", args: { invoice_id: invoiceId } }])
          .respond(new AIMessage("done")),
        tools: [invoiceLookup],
      }).invoke(ask, { callbacks: [handler], configurable: { thread_id: thread } });
    await Promise.all([run("a", "INV-2024-0117"), run("b", "INV-2024-0121"), run("a", "INV-2024-0118")]);

    expect(
      fw
        .session("a")
        .ledger.records.map((r) => (r.content as string).match(/INV-\d+-\d+/)?.[0])
        .sort(),
    ).toEqual(["INV-2024-0117", "INV-2024-0118"]);
    expect(fw.session("b").ledger.records.map((r) => (r.content as string).match(/INV-\d+-\d+/)?.[0])).toEqual(["INV-2024-0121"]);
    const inB = await fw.session("b").verify("Invoice INV-2024-0117 totals 4,379.20 EUR.");
    expect(inB.verdicts[0]!.verdict).not.toBe("supported");
  });

  it("should never throw from its hooks, whatever LangChain hands it", () => {
    const logger = memoryLogger();
    const handler = new FirewallCallbackHandler({ firewall: new Firewall(), logger });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => handler.handleToolEnd(cyclic, randomUUID())).not.toThrow();
    expect(() => handler.handleToolEnd(() => 1, randomUUID())).not.toThrow();
    expect(() => handler.handleToolStart(null as never, "{not json", randomUUID())).not.toThrow();
    expect(() => handler.handleChainStart(undefined as never, undefined, "x", undefined, undefined, null as never)).not.toThrow();
    expect(() => handler.handleToolError(new Error("x"), "unknown-run")).not.toThrow();
    expect(handler.stats.errors).toBeGreaterThanOrEqual(2);
    expect(logger.warnings.some((w) => w.includes("cannot") || w.includes("cycle") || w.includes("circular"))).toBe(true);

    const throwing = new FirewallCallbackHandler({
      firewall: new Firewall(),
      logger: {
        warn: () => {
          throw new Error("logger down");
        },
      },
    });
    expect(() => throwing.handleToolEnd(cyclic, randomUUID())).not.toThrow();
    expect(throwing.stats.errors).toBe(1);
  });

  it("should forget the oldest open runs past maxOpenRuns", () => {
    const handler = new FirewallCallbackHandler({ firewall: new Firewall(), maxOpenRuns: 3 });
    for (let i = 0; i < 10; i++) handler.handleChainStart({} as never, {}, randomUUID());
    const runs = (handler as unknown as { runs: Map<string, unknown> }).runs;
    expect(runs.size).toBe(3);
  });
});
