import { describe, expect, it } from "vitest";
import { flattenJson } from "../../src/ledger/flatten-json.js";

describe("flattenJson", () => {
  it("should keep each value's key path", () => {
    expect(flattenJson({ invoices: [{ total: 4213450, currency: "USD" }] })).toBe("invoices[0].total: 4213450\ninvoices[0].currency: USD");
  });

  it("should quote keys that are not identifiers", () => {
    expect(flattenJson({ time: { "18.0.10": "2026-11-09" }, "dist-tags": { latest: "1.0.0" } })).toBe('time["18.0.10"]: 2026-11-09\ndist-tags.latest: 1.0.0');
  });

  it("should keep empty results as evidence that nothing was found", () => {
    expect(flattenJson({ orders: [], meta: {} })).toBe("orders: []\nmeta: {}");
    expect(flattenJson([])).toBe("(root): []");
  });

  it("should render scalars, null and booleans", () => {
    expect(flattenJson(42)).toBe("42");
    expect(flattenJson({ a: null, b: true, c: "x\ny" })).toBe("a: null\nb: true\nc: x y");
  });

  it("should flatten deeply nested values without overflowing the stack", () => {
    let v: unknown = { leaf: 1 };
    for (let i = 0; i < 20_000; i++) v = { n: v };
    expect(flattenJson(v).endsWith(".leaf: 1")).toBe(true);
  });
});
