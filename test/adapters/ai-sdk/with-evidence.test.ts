import { generateText, stepCountIs, tool, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { asAsyncStore, Firewall, MemoryStore } from "../../../src/index.js";
import { firewallMiddleware, withEvidence } from "../../../adapters/ai-sdk/index.js";
import { RIGHT, billing, billingTools, lookupSteps, scriptedModel } from "./helpers.js";

describe("withEvidence", () => {
  it("should record each execute result when the middleware never sees it (a single-step call)", async () => {
    const fw = new Firewall();
    const result = await generateText({
      model: scriptedModel(lookupSteps(RIGHT)),
      tools: withEvidence(billingTools(), fw, { session: "single-step" }),
      prompt: "What is the state of INV-2041?",
    });
    expect(result.steps).toHaveLength(1);
    const records = fw.session("single-step").ledger.records;
    expect(records.map((e) => [e.source, e.callId, e.args])).toEqual([
      ["get_invoice", "call-1", { id: "INV-2041" }],
      ["list_payments", "call-2", { invoice: "INV-2041" }],
    ]);
    expect(records[0]!.content).toEqual(billing.invoices[0]);
    // The caller composes the answer from the results; the session verifies it.
    const report = await fw.session("single-step").verify(RIGHT);
    expect(report.decision).toBe("pass");
  });

  it("should record in the background with an asynchronous store, before the session's next verify", async () => {
    const shared = asAsyncStore(new MemoryStore());
    const fw = new Firewall({ store: shared });
    await generateText({
      model: scriptedModel(lookupSteps(RIGHT)),
      tools: withEvidence(billingTools(), fw, { session: "async-store" }),
      prompt: "What is the state of INV-2041?",
    });
    const report = await new Firewall({ store: shared }).session("async-store").verify(RIGHT);
    expect([report.evidenceCount, report.decision]).toEqual([2, "pass"]);
    expect((await shared.listEvidence("async-store")).map((e) => e.callId)).toEqual(["call-1", "call-2"]);
  });

  it("should keep a result once when both the tool wrapper and the middleware record it", async () => {
    const fw = new Firewall();
    const model = wrapLanguageModel({ model: scriptedModel(lookupSteps(RIGHT)), middleware: firewallMiddleware(fw) });
    await generateText({ model, tools: withEvidence(billingTools(), fw), stopWhen: stepCountIs(5), prompt: "INV-2041?" });
    expect(fw.session().ledger.records.map((e) => e.callId)).toEqual(["call-1", "call-2"]);
  });

  it("should record a streaming tool's last value once", async () => {
    const fw = new Firewall();
    const tools = withEvidence(
      {
        progress: tool({
          inputSchema: z.object({ id: z.string() }),
          async *execute({ id }) {
            yield { id, status: "looking up" };
            yield { id, status: "overdue", total: 4213.5 };
          },
        }),
      },
      fw,
    );
    const seen: unknown[] = [];
    for await (const value of tools.progress.execute!({ id: "INV-2041" }, { toolCallId: "s-1", messages: [] }) as AsyncIterable<unknown>) seen.push(value);
    expect(seen).toHaveLength(2);
    expect(fw.session().ledger.records.map((e) => [e.callId, e.content])).toEqual([["s-1", { id: "INV-2041", status: "overdue", total: 4213.5 }]]);
  });

  it("should pass a thrown error through unrecorded", async () => {
    const fw = new Firewall();
    const tools = withEvidence(billingTools(), fw);
    await expect(tools.get_invoice.execute!({ id: "INV-0000" }, { toolCallId: "x-1", messages: [] }) as Promise<unknown>).rejects.toThrow(
      "no invoice INV-0000",
    );
    expect(fw.session().ledger.records).toHaveLength(0);
  });

  it("should record synchronous results, keep tools without execute, and take the session from a function", async () => {
    const fw = new Firewall();
    const tools = withEvidence(
      {
        now: tool({ inputSchema: z.object({}), execute: () => "2026-11-30" }),
        ask_user: tool({ inputSchema: z.object({ question: z.string() }) }),
      },
      fw,
      { session: (execution) => String((execution.experimental_context as { conversation: string }).conversation) },
    );
    expect(tools.now.execute!({}, { toolCallId: "n-1", messages: [], experimental_context: { conversation: "c-7" } })).toBe("2026-11-30");
    expect(tools.ask_user.execute).toBeUndefined();
    expect(fw.session("c-7").ledger.records.map((e) => e.content)).toEqual(["2026-11-30"]);
  });

  it("should log a result the ledger refuses and return it unchanged", async () => {
    const warnings: string[] = [];
    const fw = new Firewall({ logger: { warn: (m) => warnings.push(m) } });
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x01]);
    const tools = withEvidence({ raw: tool({ inputSchema: z.object({}), execute: async () => bytes }) }, fw);
    expect(await (tools.raw.execute!({}, { toolCallId: "b-1", messages: [] }) as Promise<unknown>)).toBe(bytes);
    expect(fw.session().ledger.records).toHaveLength(0);
    expect(warnings.some((w) => w.includes("tool 'raw' was not recorded"))).toBe(true);
  });
});
