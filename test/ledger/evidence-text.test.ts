import { describe, expect, it } from "vitest";
import { EvidenceError } from "../../src/errors.js";
import { htmlToText, toEvidenceText } from "../../src/ledger/evidence-text.js";

describe("toEvidenceText", () => {
  it("should read a string holding a JSON object as JSON", () => {
    const ev = toEvidenceText('{"count": 2}', "gmail");
    expect(ev.format).toBe("json");
    expect(ev.text).toBe("count: 2");
  });

  it("should keep a string that only looks like JSON as text", () => {
    const ev = toEvidenceText("[1] Revenue grew 12%.", "report");
    expect(ev.format).toBe("text");
    expect(ev.text).toBe("[1] Revenue grew 12%.");
  });

  it("should throw EvidenceError for malformed JSON declared as JSON", () => {
    expect(() => toEvidenceText("{not json", "api", { format: "json" })).toThrow(EvidenceError);
    expect(() => toEvidenceText("{not json", "api", { format: "json" })).toThrow(/does not parse/);
  });

  it("should throw EvidenceError for invalid UTF-8 bytes", () => {
    expect(() => toEvidenceText(new Uint8Array([0x66, 0xff, 0xfe, 0x6f]), "file")).toThrow(/not valid UTF-8/);
  });

  it("should decode valid UTF-8 bytes", () => {
    expect(toEvidenceText(new TextEncoder().encode("Zürich: 5 °C"), "weather").text).toBe("Zürich: 5 °C");
  });

  it("should refuse binary content with a clear message", () => {
    expect(() => toEvidenceText("PNG\u0000\u0001\u0002\u0003", "img")).toThrow(/looks binary/);
  });

  it("should refuse undefined and functions", () => {
    expect(() => toEvidenceText(undefined, "t")).toThrow(EvidenceError);
    expect(() => toEvidenceText(() => 1, "t")).toThrow(/cannot be recorded/);
  });

  it("should refuse a record over the size limit instead of truncating it", () => {
    expect(() => toEvidenceText("x".repeat(100), "t", { maxBytes: 10 })).toThrow(/over the 10-byte limit/);
  });

  it("should flatten plain objects", () => {
    expect(toEvidenceText({ a: { b: 1 } }, "t")).toMatchObject({ format: "json", text: "a.b: 1" });
  });
});

describe("htmlToText", () => {
  it("should separate table cells so adjacent figures do not fuse", () => {
    const text = htmlToText("<table><tr><td>Housing</td><td>$2,850.00</td><td>67.2%</td></tr></table>");
    expect(text).toContain("$2,850.00 | 67.2%");
    expect(text).not.toContain("$2,850.0067");
  });

  it("should decode entities", () => {
    expect(htmlToText("<p>A &amp; B &#36;5</p>")).toBe("A & B $5");
  });
});
