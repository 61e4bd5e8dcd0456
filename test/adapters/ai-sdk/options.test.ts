import { describe, expect, it } from "vitest";
import { ConfigError, Firewall } from "../../../src/index.js";
import { firewallMiddleware, type FirewallMiddlewareOptions } from "../../../adapters/ai-sdk/index.js";

describe("firewallMiddleware options", () => {
  it.each<[string, unknown, RegExp]>([
    ["stream", { stream: "buffer" }, /Unknown stream "buffer".*gate, observe or progressive/],
    ["onBlock", { onBlock: "raise" }, /Unknown onBlock "raise".*refuse or throw/],
    ["failMode", { failMode: "ignore" }, /Unknown failMode "ignore".*open or closed/],
    ["session", { session: 42 }, /session must be a string or a function/],
    ["empty session", { session: " " }, /session is an empty string/],
    ["sessionHeader", { sessionHeader: "x session" }, /sessionHeader must be a header name/],
    ["refusal", { refusal: 1 }, /refusal must be a string or a function/],
    ["onReport", { onReport: "log" }, /onReport must be a function/],
    ["verify strictness", { verify: { strictness: "paranoid" } }, /Unknown strictness "paranoid"/],
    ["verify field", { verify: { blockBelowScore: 3 } }, /Invalid policy field/],
    ["verify topK", { verify: { topK: 0 } }, /topK must be a positive integer/],
    ["options", "gate", /options must be an object/],
  ])("should refuse a bad %s with a ConfigError", (_name, options, message) => {
    let error: unknown;
    try {
      firewallMiddleware(new Firewall(), options as FirewallMiddlewareOptions);
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it("should refuse something that is not a firewall", () => {
    expect(() => firewallMiddleware({} as Firewall)).toThrow(/fw must be a Firewall/);
  });

  it("should build a v3 middleware with the three hooks from defaults", () => {
    const mw = firewallMiddleware(new Firewall());
    expect(mw.specificationVersion).toBe("v3");
    expect([typeof mw.transformParams, typeof mw.wrapGenerate, typeof mw.wrapStream]).toEqual(["function", "function", "function"]);
  });
});
