import { randomUUID } from "node:crypto";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { StringOutputParser } from "@langchain/core/output_parsers";
import { RunnableLambda, RunnableSequence, type RunnableConfig } from "@langchain/core/runnables";
import { fakeModel } from "@langchain/core/testing";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { ConfigError, Firewall, HallucinationBlocked, type Report } from "../../../src/index.js";
import { FirewallCallbackHandler, firewallGate, firewallMiddleware, withFirewall } from "../../../adapters/langchain/index.js";
import { ANSWER, docSearch, invoiceLookup, memoryLogger, scriptedModel } from "./helpers.js";

/** An LCEL chain that looks the facts up with the two tools, then asks a chat model to answer from them. */
function lookupChain(model: FakeListChatModel) {
  const gather = RunnableLambda.from(async (question: string, config?: RunnableConfig) => {
    const [invoice, docs] = await Promise.all([invoiceLookup.invoke({ invoice_id: "INV-2024-0117" }, config), docSearch.invoke({ query: "refunds" }, config)]);
    return [new HumanMessage(`Facts:\n${JSON.stringify(invoice)}\n${String(docs)}\n\nQuestion: ${question}`)];
  });
  return RunnableSequence.from([gather, model]);
}

describe("firewallGate", () => {
  it("should gate an LCEL chain's text output against the tool results of the same run", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const gate = firewallGate({ firewall: fw, handler });
    const chain = lookupChain(new FakeListChatModel({ responses: [ANSWER] }))
      .pipe(new StringOutputParser())
      .pipe(gate);
    const runId = randomUUID();
    const text = await chain.invoke("What does INV-2024-0117 total?", { callbacks: [handler], runId });

    expect(text).toContain("totals 4,379.20 EUR");
    expect(text).not.toContain("4,739.20");
    expect(
      fw
        .session(runId)
        .ledger.records.map((r) => r.source)
        .sort(),
    ).toEqual(["doc_search", "invoice_lookup"]);
    const [report] = fw.sessionReport(runId).reports;
    expect(report!.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported"]);
    expect(gate.stats).toMatchObject({ verified: 1, errors: 0 });
  });

  it("should verify in the thread's session when the run has a thread id", async () => {
    const fw = new Firewall();
    fw.session("t-9").record({ source: "invoice_lookup", content: { invoice_id: "INV-2024-0117", total: 4379.2, currency: "EUR" } });
    const chain = RunnableLambda.from(() => "Invoice INV-2024-0117 totals 4,379.20 EUR.").pipe(firewallGate({ firewall: fw }));
    expect(await chain.invoke(null, { configurable: { thread_id: "t-9" } })).toBe("Invoice INV-2024-0117 totals 4,379.20 EUR.");
    expect(fw.sessionReport("t-9").reports[0]!.decision).toBe("pass");
  });

  it("should verify in the firewall's default session when nothing names one", async () => {
    const fw = new Firewall();
    fw.record({ source: "invoice_lookup", content: { invoice_id: "INV-2024-0117", total: 4379.2, currency: "EUR" } });
    const out = await RunnableLambda.from(() => new AIMessage({ content: "Invoice INV-2024-0117 totals 4,739.20 EUR.", id: "m1" }))
      .pipe(firewallGate({ firewall: fw }))
      .invoke(null);
    expect(AIMessage.isInstance(out)).toBe(true);
    expect((out as AIMessage).id).toBe("m1");
    expect((out as AIMessage).text).toContain("4,379.20 EUR");
    expect(((out as AIMessage).response_metadata.hallucination_firewall as Report).decision).toBe("rewrite");
  });

  it("should throw HallucinationBlocked itself in a chain when asked to", async () => {
    const fw = new Firewall({ strictness: "strict" });
    fw.record({ source: "invoice_lookup", content: { invoice_id: "INV-2024-0117", total: 4379.2 } });
    const chain = RunnableLambda.from(() => "Invoice INV-2024-0117 totals 4,739.20 EUR.").pipe(firewallGate({ firewall: fw, onBlock: "throw" }));
    await expect(chain.invoke(null)).rejects.toSatisfy((e: unknown) => HallucinationBlocked.isInstance(e) && e.report.decision === "block");
    const refusing = RunnableLambda.from(() => "Invoice INV-2024-0117 totals 4,739.20 EUR.").pipe(firewallGate({ firewall: fw, refusal: "No." }));
    expect(await refusing.invoke(null)).toBe("No.");
  });

  it("should pass an output that is neither text nor a message, and say so", async () => {
    const logger = memoryLogger();
    const gate = firewallGate({ firewall: new Firewall(), logger });
    expect(
      await RunnableLambda.from(() => ({ total: 1 }))
        .pipe(gate)
        .invoke(null),
    ).toEqual({ total: 1 });
    expect(gate.stats.errors).toBe(1);
    expect(logger.warnings[0]).toContain("is neither text nor a message: it passed unverified");
  });

  it("should gate the answer of a LangGraph graph as a node, replacing the message by id", async () => {
    const fw = new Firewall();
    const handler = new FirewallCallbackHandler({ firewall: fw });
    const model = scriptedModel().bindTools([invoiceLookup, docSearch]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state: typeof MessagesAnnotation.State, config?: RunnableConfig) => ({ messages: [await model.invoke(state.messages, config)] }))
      .addNode("tools", new ToolNode([invoiceLookup, docSearch]))
      .addNode("firewall", firewallGate({ firewall: fw, handler }))
      .addEdge(START, "agent")
      .addConditionalEdges("agent", toolsCondition, { tools: "tools", [END]: "firewall" })
      .addEdge("tools", "agent")
      .addEdge("firewall", END)
      .compile();
    const out = await graph.invoke(
      { messages: [new HumanMessage("What does INV-2024-0117 total?")] },
      { callbacks: [handler], configurable: { thread_id: "graph-1" } },
    );

    const answers = out.messages.filter((m: BaseMessage) => m.id === "answer-1");
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toContain("totals 4,379.20 EUR");
    expect(out.messages.at(-1)!.id).toBe("answer-1");
    expect(fw.session("graph-1").ledger.records).toHaveLength(2);
  });
});

describe("adapter options", () => {
  it.each([
    ["firewallMiddleware without a firewall", () => firewallMiddleware({} as never), /firewallMiddleware needs \{ firewall \}/],
    ["a handler without a firewall", () => new FirewallCallbackHandler(undefined as never), /FirewallCallbackHandler needs \{ firewall \}/],
    ["an unknown onBlock", () => firewallGate({ firewall: new Firewall(), onBlock: "explode" as never }), /onBlock must be "refuse" or "throw", got "explode"/],
    ["a negative maxRetries", () => firewallMiddleware({ firewall: new Firewall(), maxRetries: -1 }), /maxRetries must be a whole number/],
    ["withFirewall around nothing", () => withFirewall(null as never, { firewall: new Firewall() }), /needs a runnable with invoke\(\)/],
  ])("should refuse %s with a ConfigError", (_name, make, message) => {
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(message);
  });
});

describe("withFirewall", () => {
  it("should record a chain's tool results and gate its message output, one session per invocation", async () => {
    const fw = new Firewall();
    const safe = withFirewall(lookupChain(new FakeListChatModel({ responses: [ANSWER, ANSWER] })), { firewall: fw });
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await safe.invoke("What does INV-2024-0117 total?", { runId: a });
    await safe.invoke("Again?", { runId: b });

    expect(AIMessage.isInstance(first)).toBe(true);
    expect(first.text).toContain("totals 4,379.20 EUR");
    expect((first.response_metadata.hallucination_firewall as Report).sessionId).toBe(a);
    expect(fw.session(a).ledger.records).toHaveLength(2);
    expect(fw.session(b).ledger.records).toHaveLength(2);
    expect(safe.stats).toMatchObject({ recorded: 4, verified: 2 });
  });

  it("should wrap a createAgent agent and gate the last message of its state", async () => {
    const fw = new Firewall();
    const safe = withFirewall(createAgent({ model: scriptedModel(), tools: [invoiceLookup, docSearch] }), { firewall: fw });
    const out = await safe.invoke({ messages: [new HumanMessage("What does INV-2024-0117 total?")] }, { configurable: { thread_id: "wrapped" } });
    expect(out.messages.at(-1)!.text).toContain("totals 4,379.20 EUR");
    expect(out.messages).toHaveLength(5);
    expect(fw.session("wrapped").ledger.records).toHaveLength(2);
  });

  it("should stream only the gated output, in one chunk, although the model streams tokens", async () => {
    const fw = new Firewall();
    const chain = lookupChain(new FakeListChatModel({ responses: [ANSWER] })).pipe(new StringOutputParser());
    const tokens: string[] = [];
    for await (const t of await chain.stream("q")) tokens.push(t);
    expect(tokens.length).toBeGreaterThan(10);

    const chunks: string[] = [];
    for await (const c of await withFirewall(lookupChain(new FakeListChatModel({ responses: [ANSWER] })).pipe(new StringOutputParser()), {
      firewall: fw,
    }).stream("q"))
      chunks.push(c);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain("totals 4,379.20 EUR");
  });
});
