/** Status classes of qualified values: one status word keeps its class; a degree or a negation makes another status. */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { exclusive, statusClass } from "../../src/verify/categorical-fields.js";
import { verdictOf } from "./helpers.js";

describe("statusClass", () => {
  it.each<[string, string | null]>([
    ["delivered", "delivered"],
    ["rider_canceled", "cancelled"],
    ["payment_failed", "failure"],
    ["CrashLoopBackOff", "failure"],
    ["OOMKilled", "failure"],
    ["healthy", "healthy"],
    ["partially_refunded", null],
    ["not_started", null],
    ["inbound", null],
    ["PAUSED", "paused"],
    ["No Data", "no data"],
    ["needs_response", "pending"],
    ["requires_payment_method", "pending"],
    ["won", "won"],
    ["lost", "lost"],
  ])("%s is %s", (value, cls) => {
    expect(statusClass(value)).toBe(cls);
  });

  it("should rule out a running campaign by a paused one, and a healthy monitor by one with no data", () => {
    expect(exclusive("in progress", "paused")).toBe(true);
    expect(exclusive("healthy", "no data")).toBe(true);
    expect(exclusive("paused", "suspended")).toBe(false);
  });

  it("should let a closed contest be won or lost, and rule out a win by a pending one", () => {
    expect(exclusive("won", "closed")).toBe(false);
    expect(exclusive("lost", "failure")).toBe(false);
    expect(exclusive("won", "pending")).toBe(true);
    expect(exclusive("won", "lost")).toBe(true);
  });

  it.each<[string, [string, string[]]]>([
    ["Dispute dp_88K1 has been won.", ["contradicted", ["needs response"]]],
    ["Dispute dp_88K1 is closed.", ["contradicted", ["needs response"]]],
    ["Dispute dp_88K1 has been withdrawn.", ["contradicted", ["needs response"]]],
  ])("should check a dispute's status: %j", async (claim, expected) => {
    // An invented dispute record, as payment APIs return it.
    const dispute = { id: "dp_88K1", amount: 312.0, currency: "USD", reason: "product_not_received", status: "needs_response" };
    expect(await verdictOf(dispute, claim)).toEqual(expected);
  });

  it.each<[string, [string, string[]]]>([
    ["Payout po_3003 has been paid.", ["contradicted", ["in transit"]]],
    ["Payout po_3001 has been paid.", ["supported", []]],
    // An amount that qualifies the payout does not make the status an amount's.
    ["Payout po_3003 of $9,120.55 has been paid.", ["contradicted", ["in transit"]]],
    // A status in a clause of cause is another entity's ("the bank account was closed").
    ["Payout po_3003 is in transit because the bank account was closed.", ["supported", []]],
  ])("should read paid as later than a payout's in_transit: %j", async (claim, expected) => {
    // Invented payouts: their status field takes `paid` and no delivery stage, so money in transit is unpaid.
    const payouts = {
      data: [
        { id: "po_3001", amount: 12450.0, currency: "USD", status: "paid" },
        { id: "po_3003", amount: 9120.55, currency: "USD", status: "in_transit" },
      ],
    };
    expect(await verdictOf(payouts, claim)).toEqual(expected);
  });

  it("should correct a campaign said to be running when its status is PAUSED", async () => {
    const campaigns = {
      results: [{ campaign: { name: "Competitor - Conquest", status: "PAUSED" } }, { campaign: { name: "Brand - Exact", status: "ENABLED" } }],
    };
    expect(await verdictOf(campaigns, "Competitor - Conquest is still running.")).toEqual(["contradicted", ["PAUSED"]]);
  });
});

// A capitalised status word in a text table ("is Running") is the claim's value, no name of its entity; a
// container's crash loop is a failure. Invented pods.
describe("a status word written as a name", () => {
  const pods = [
    "NAME            READY   STATUS             RESTARTS   AGE",
    "web-frontend    1/1     Running            0          2d",
    "queue-worker    0/1     CrashLoopBackOff   9          1d",
    "batch-runner    0/1     Pending            0          4m",
  ].join("\n");
  it.each<[string, string, string[]]>([
    ["queue-worker is Running.", "contradicted", ["CrashLoopBackOff"]],
    ["web-frontend is Running.", "supported", []],
  ])("should read %j as %s", async (draft, verdict, fixes) => {
    const fw = new Firewall();
    fw.record({ source: "kubectl", content: pods });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});

describe("a proposal is pending", () => {
  it.each(["proposed", "draft", "under_review", "in review"])("should read %j as pending, no approval", (value) => {
    expect(statusClass(value)).toBe("pending");
  });
});
