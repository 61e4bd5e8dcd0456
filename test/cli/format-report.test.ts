/**
 * `hfw verify`'s human output never contradicts itself: a flagged verdict the policy did not act on says so,
 * and a draft without claims says there was nothing to verify.
 */
import { describe, expect, it } from "vitest";
import { Firewall, firewallVersion, formatReport } from "../../src/index.js";

describe("formatReport", () => {
  it("should mark a contradicted claim below the policy's threshold as not acted on", async () => {
    const fw = new Firewall({ strictness: "lenient", telemetry: false });
    fw.record({ source: "orders.get", content: { order_id: "A-1001", items: 3 } });
    // Lenient flags only contradictions at confidence 0.7 or more: raise the bar so this one is left alone.
    const report = await fw.verify("Order A-1001 holds 5 items.", { flagContradicted: 1 });
    expect(report.decision).toBe("pass");
    expect(report.verdicts[0]!.verdict).toBe("contradicted");
    expect(formatReport(report)).toMatch(/contradicted +"Order A-1001 holds 5 items\." \(confidence 0\.\d\d is below the policy's threshold: not acted on\)/);
  });

  it("should not add the note to a claim the policy acted on", async () => {
    const fw = new Firewall({ telemetry: false });
    fw.record({ source: "orders.get", content: { order_id: "A-1001", items: 3 } });
    const report = await fw.verify("Order A-1001 holds 5 items.");
    expect(report.decision).toBe("rewrite");
    expect(formatReport(report)).not.toMatch(/not acted on/);
  });

  it("should name the firewall's version on the decision line", async () => {
    const report = await new Firewall({ telemetry: false }).verify("   ");
    expect(report.firewallVersion).toBe(firewallVersion());
    expect(formatReport(report)).toMatch(new RegExp(`^decision: pass .* ms · hallucination-firewall ${report.firewallVersion!.replaceAll(".", "\\.")}$`, "m"));
    const { firewallVersion: _version, ...stored } = report;
    expect(formatReport(stored)).toMatch(/^decision: pass .* ms$/m);
  });

  it("should say there was nothing to verify for a draft without claims", async () => {
    const report = await new Firewall({ telemetry: false }).verify("   ");
    expect(formatReport(report).split("\n")[0]).toBe("nothing to verify: the draft states no claim");
  });
});
