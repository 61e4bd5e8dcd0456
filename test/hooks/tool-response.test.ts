/** What of a PostToolUse tool_response is recorded, for the shapes Claude Code's tools return. */
import { describe, expect, it } from "vitest";
import { toolOutput } from "../../src/hooks/tool-response.js";

describe("toolOutput", () => {
  it.each([
    ["a string", "total: 1500", "total: 1500"],
    ["an MCP text block", [{ type: "text", text: '{"total":1500}' }], '{"total":1500}'],
    [
      "several text blocks, an image skipped",
      [
        { type: "text", text: "a" },
        { type: "image", data: "iVBOR", mimeType: "image/png" },
        { type: "text", text: "b" },
      ],
      "a\n\nb",
    ],
    ["an embedded text resource", [{ type: "resource", resource: { uri: "file:///x", text: "x: 1" } }], "x: 1"],
    ["a whole MCP result with structured content", { content: [{ type: "text", text: "ignored" }], structuredContent: { total: 1500 } }, { total: 1500 }],
    ["a whole MCP result", { content: [{ type: "text", text: "total: 1500" }], isError: false }, "total: 1500"],
    ["a shell's output", { stdout: "35 versions", stderr: "", interrupted: false, isImage: false }, "35 versions"],
    ["a shell's output and errors", { stdout: "35 versions", stderr: "npm warn config\n" }, "35 versions\nnpm warn config"],
    ["a file read", { type: "text", file: { filePath: "/p/a.md", content: "# A\nbody", numLines: 2 } }, "# A\nbody"],
    ["another tool's object", { filePath: "/p/a.md", success: true }, { filePath: "/p/a.md", success: true }],
    ["a JSON array of rows", [{ id: 1 }, { id: 2 }], [{ id: 1 }, { id: 2 }]],
    ["rows with a type column", [{ type: "invoice", total: 5 }], [{ type: "invoice", total: 5 }]],
    ["a number", 42, 42],
  ])("should record %s", (_name, response, output) => {
    expect(toolOutput(response, "tool")).toEqual(output);
  });

  it.each([
    ["image blocks only", [{ type: "image", data: "iVBOR", mimeType: "image/png" }], /has no text \(its blocks are image\)/],
    ["an MCP error result", { content: [{ type: "text", text: "no such invoice" }], isError: true }, /an error is not evidence/],
  ])("should refuse %s", (_name, response, message) => {
    expect(() => toolOutput(response, "tool")).toThrow(message);
  });
});
