import { describe, expect, it } from "vitest";
import { spanTime } from "../../src/telemetry/span-time.js";

const ns = ([s, n]: [number, number]) => BigInt(s) * 1_000_000_000n + BigInt(n);

describe("spanTime", () => {
  it("should keep the order of performance.now() readings a microsecond apart, on the epoch clock", () => {
    const now = performance.now();
    const a = ns(spanTime(now));
    const b = ns(spanTime(now + 0.001));
    expect(b - a).toBeGreaterThan(500n);
    expect(b - a).toBeLessThan(1_500n);
    // Within a second of the wall clock (the two clocks drift, but not by that much).
    expect(Math.abs(Number(a / 1_000_000n) - Date.now())).toBeLessThan(1000);
    expect(spanTime(now)[1]).toBeLessThan(1_000_000_000);
  });
});
