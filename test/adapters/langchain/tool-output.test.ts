import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { readToolOutput } from "../../../adapters/langchain/index.js";

describe("readToolOutput", () => {
  it.each([
    ["a string", "Refunds take 14 days.", [{ part: "content", content: "Refunds take 14 days." }]],
    ["a JSON value", { total: 4379.2 }, [{ part: "content", content: { total: 4379.2 } }]],
    ["an empty array (an empty result is evidence)", [], [{ part: "content", content: [] }]],
    ["undefined (a tool that returned nothing)", undefined, [{ part: "content", content: "" }]],
    ["a number", 42, [{ part: "content", content: 42 }]],
  ] as const)("should read %s as one content piece", (_name, output, expected) => {
    const r = readToolOutput(output);
    expect(r).toEqual({ kind: "evidence", items: expected, dropped: [] });
  });

  it("should read a ToolMessage's string content with its name and call id", () => {
    const r = readToolOutput(new ToolMessage({ content: '{"total":4379.2}', tool_call_id: "call_1", name: "invoice_lookup" }));
    expect(r).toEqual({
      kind: "evidence",
      items: [{ part: "content", content: '{"total":4379.2}', name: "invoice_lookup", toolCallId: "call_1" }],
      dropped: [],
    });
  });

  it("should read a ToolMessage's artifact as a second piece", () => {
    const r = readToolOutput(new ToolMessage({ content: "3 rows", artifact: { rows: [1, 2, 3] }, tool_call_id: "c", name: "sql" }));
    expect(r.kind === "evidence" && r.items.map((i) => [i.part, i.content])).toEqual([
      ["content", "3 rows"],
      ["artifact", { rows: [1, 2, 3] }],
    ]);
  });

  it("should join text blocks and drop media blocks", () => {
    const message = new ToolMessage({
      content: [
        { type: "text", text: "Page 1 says the fee is 1.5%." },
        { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
        { type: "text", text: "Page 2 says refunds take 14 days." },
      ],
      tool_call_id: "c",
      name: "pdf_reader",
    });
    const r = readToolOutput(message);
    expect(r).toEqual({
      kind: "evidence",
      items: [{ part: "content", content: "Page 1 says the fee is 1.5%.\n\nPage 2 says refunds take 14 days.", name: "pdf_reader", toolCallId: "c" }],
      dropped: ["image"],
    });
  });

  it("should keep blocks of a tool's own types as JSON", () => {
    const r = readToolOutput([{ type: "invoice", id: "INV-1", total: 10 }]);
    expect(r.kind === "evidence" && r.items[0]?.content).toEqual([{ type: "invoice", id: "INV-1", total: 10 }]);
  });

  it("should read nothing from an image-only output", () => {
    const r = readToolOutput(new ToolMessage({ content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AA==" } }], tool_call_id: "c" }));
    expect(r).toEqual({ kind: "evidence", items: [], dropped: ["image_url"] });
  });

  it("should read a failed call as an error, not evidence", () => {
    const r = readToolOutput(new ToolMessage({ content: "Error: db down", status: "error", tool_call_id: "c", name: "sql" }));
    expect(r.kind).toBe("error");
  });

  it("should read the tool messages of a LangGraph Command", () => {
    const command = new Command({ update: { messages: [new ToolMessage({ content: "ok: 3 rows", tool_call_id: "c9", name: "sql" })], other: 1 } });
    const r = readToolOutput(command);
    expect(r).toEqual({ kind: "evidence", items: [{ part: "content", content: "ok: 3 rows", name: "sql", toolCallId: "c9" }], dropped: [] });
  });
});
