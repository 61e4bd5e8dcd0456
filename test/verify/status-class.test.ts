/** Status classes of qualified values: one status word keeps its class; a degree or a negation makes another status. */
import { describe, expect, it } from "vitest";
import { statusClass } from "../../src/verify/categorical-fields.js";

describe("statusClass", () => {
  it.each<[string, string | null]>([
    ["delivered", "delivered"],
    ["rider_canceled", "cancelled"],
    ["payment_failed", "failure"],
    ["healthy", "healthy"],
    ["partially_refunded", null],
    ["not_started", null],
    ["inbound", null],
  ])("%s is %s", (value, cls) => {
    expect(statusClass(value)).toBe(cls);
  });
});
