import { convertArrayToReadableStream, convertReadableStreamToArray } from "ai/test";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../../src/index.js";
import { firewallMiddlewareV4, readFirewallMetadata } from "../../../adapters/ai-sdk/index.js";
import { CORRECTED, WRONG, billing, usage } from "./helpers.js";

// The v4 spec of `ai` 7 (which needs Node 22 and is not installed here), written out by hand: the same
// prompt tool-result parts and stream parts, plus parts v3 does not have (custom content, citations).
const params = {
  prompt: [
    { role: "user", content: [{ type: "text", text: "INV-2041?" }] },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "v4-1", toolName: "get_invoice", input: { id: "INV-2041" } }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "v4-1", toolName: "get_invoice", output: { type: "json", value: billing.invoices[0] } }] },
  ],
};

describe("firewallMiddlewareV4", () => {
  it("should declare the v4 specification", () => {
    expect(firewallMiddlewareV4(new Firewall()).specificationVersion).toBe("v4");
  });

  it("should record the prompt's tool results and correct a generated answer", async () => {
    const fw = new Firewall();
    const custom = { type: "custom", kind: "example.annotation", providerMetadata: { example: { x: 1 } } };
    const result = await firewallMiddlewareV4(fw).wrapGenerate({
      params,
      doGenerate: async () => ({ content: [custom, { type: "text", text: WRONG }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] }),
    });
    expect(fw.session().ledger.records.map((e) => [e.source, e.callId])).toEqual([["get_invoice", "v4-1"]]);
    expect(result.content[0]).toBe(custom);
    expect(result.content[1]).toMatchObject({ type: "text", text: expect.stringContaining(CORRECTED) });
    expect(readFirewallMetadata(result.providerMetadata)!.report!.decision).toBe("rewrite");
  });

  it("should gate a v4 stream, keeping the text-end citations", async () => {
    const fw = new Firewall();
    const citations = [{ type: "source", sourceType: "url", id: "s1", url: "https://billing.example.test/INV-2041" }];
    const parts = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: WRONG },
      { type: "text-end", id: "t", citations },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
    ];
    const { stream } = await firewallMiddlewareV4(fw, { stream: "gate" }).wrapStream({
      params,
      doStream: async () => ({ stream: convertArrayToReadableStream(parts) }),
    });
    const out = (await convertReadableStreamToArray(stream)) as Array<Record<string, unknown>>;
    expect(out.map((p) => p.type)).toEqual(["stream-start", "text-start", "text-delta", "text-end", "finish"]);
    expect(out[2]!.delta).toContain(CORRECTED);
    expect(out[3]!.citations).toBe(citations);
  });

  it("should verify a v4 stream progressively by default, keeping the text-end citations", async () => {
    const fw = new Firewall();
    const citations = [{ type: "source", sourceType: "url", id: "s1", url: "https://billing.example.test/INV-2041" }];
    const parts = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      ...(WRONG.match(/\S+\s*/g) ?? []).map((delta) => ({ type: "text-delta", id: "t", delta })),
      { type: "text-end", id: "t", citations },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
    ];
    const { stream } = await firewallMiddlewareV4(fw).wrapStream({ params, doStream: async () => ({ stream: convertArrayToReadableStream(parts) }) });
    const out = (await convertReadableStreamToArray(stream)) as Array<Record<string, unknown>>;
    expect(out.map((p) => p.type)).toEqual(["stream-start", "text-start", "text-delta", "text-end", "finish"]);
    expect(out[2]!.delta).toContain(CORRECTED);
    expect(out[3]!.citations).toBe(citations);
    expect(readFirewallMetadata(out[4]!.providerMetadata)!.progressive).toEqual({ released: (out[2]!.delta as string).length, blocked: false });
  });
});
