import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { categoryFields, fieldVocabulary } from "../../src/verify/category-values.js";

function supportLedger(fw: Firewall): void {
  const tiers = ["gold", "silver", "bronze"];
  const names = ["Tim Koch", "Marie Becker", "Nina Wagner", "Felix Fischer", "Anna Schmidt", "Jonas Weber"];
  for (let i = 0; i < 6; i++)
    fw.record({ source: "crm", content: { customer_id: `C-${200 + i}`, name: names[i], tier: tiers[i % 3], country: i % 2 ? "NL" : "FR" } });
  const statuses = ["open", "paid", "overdue"];
  for (let i = 0; i < 9; i++)
    fw.record({ source: "billing", content: { invoice_id: `INV-${300 + i}`, status: statuses[i % 3], currency: i % 2 ? "USD" : "EUR", amount: 100 + i } });
  for (let i = 0; i < 9; i++)
    fw.record({ source: "shipping", content: { shipment_id: `S-${500 + i}`, order_id: `A-${1000 + i}`, carrier: i % 3 === 0 ? "UPS" : "DHL" } });
  fw.record({ source: "apt", content: "Package: redis-tools\nSection: vcs\nPriority: optional" });
  fw.record({ source: "apt", content: "Package: sqlite3\nSection: database\nPriority: optional" });
}

describe("categorical fields", () => {
  it("should learn each field's values from the ledger's records", () => {
    const ledger = new EvidenceLedger();
    const a = ledger.record({ source: "billing", content: { invoice_id: "INV-1", status: "open", note: "Call the customer", lines: [{ status: "paid" }] } });
    ledger.record({ source: "billing", content: { invoice_id: "INV-2", status: "paid" } });
    expect(categoryFields(ledger, a.id).map((f) => `${f.key}=${f.value}`)).toEqual(["status=open", "status=paid"]);
    // Fields are per tool: a flight's status is not an invoice's.
    ledger.record({ source: "flights", content: { flight: "LH-438", status: "Delayed" } });
    expect([...fieldVocabulary(ledger).get("billing\u0000status")!].sort()).toEqual(["open", "paid"]);
    expect([...fieldVocabulary(ledger).get("flights\u0000status")!]).toEqual(["delayed"]);
    // Free text and ids are no categories.
    expect(fieldVocabulary(ledger).has("billing\u0000note")).toBe(false);
    expect(fieldVocabulary(ledger).has("billing\u0000invoice_id")).toBe(false);
  });

  it("should contradict another value of a field the subject's record sets, with the record's value", async () => {
    const fw = new Firewall();
    supportLedger(fw);
    const cases: Array<[string, string, string]> = [
      ["Tim Koch is a silver tier customer.", "silver", "gold"],
      ["Invoice INV-300 has been paid.", "paid", "open"],
      ["Invoice INV-301 was billed in EUR.", "EUR", "USD"],
      ["Order A-1001 shipped with UPS.", "UPS", "DHL"],
      ["redis-tools is in the database section.", "database", "vcs"],
    ];
    for (const [claim, wrong, value] of cases) {
      const v = (await fw.verify(claim)).verdicts[0]!;
      expect(v.verdict, claim).toBe("contradicted");
      expect(
        v.corrections.map((c) => [c.wrong, c.value]),
        claim,
      ).toEqual([[wrong, value]]);
    }
  });

  it("should take the record's own entity as the subject, not a value the claim gives it", async () => {
    const fw = new Firewall();
    fw.record({ source: "apt_show", content: "Package: tmux\nVersion: 3.3a-3\nSection: admin\nPriority: optional" });
    fw.record({ source: "apt_show", content: "Package: nginx\nVersion: 1.22.1-9\nProvides: httpd, httpd-cgi\nSection: httpd\nPriority: optional" });
    fw.record({ source: "doc_search", content: { results: [{ title: "Debian -- Details of package tmux in bookworm", snippet: "terminal multiplexer" }] } });
    // "httpd" is in fewer records than "tmux", but it is a section, and `Package: tmux` names the subject.
    const v = (await fw.verify("tmux sits in the `httpd` section with priority `optional`.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["httpd", "admin"]]);
    expect((await fw.verify("nginx sits in the `httpd` section with priority `optional`.")).verdicts[0]!.verdict).toBe("supported");
  });

  it("should leave true values, unnamed fields' common words and subjects without records alone", async () => {
    const fw = new Firewall();
    supportLedger(fw);
    for (const claim of ["Marie Becker is a silver tier customer.", "Invoice INV-301 is paid.", "Order A-1000 shipped with UPS."]) {
      expect((await fw.verify(claim)).verdicts[0]!.verdict, claim).toBe("supported");
    }
    // "open" is the status of INV-300, but here it is an ordinary word in a claim about another field.
    const v = (await fw.verify("Invoice INV-301 was opened in EUR.")).verdicts[0]!;
    expect(v.corrections.map((c) => c.value)).not.toContain("paid");
    // No record of its own: nothing to contradict.
    expect((await fw.verify("Invoice INV-999 has been paid.")).verdicts[0]!.verdict).not.toBe("contradicted");
  });
});

describe("cases of one entity", () => {
  it("should read the record of the case the claim names (the afternoon check, not the morning one)", async () => {
    const fw = new Firewall();
    for (const region of ["us-east-1", "eu-west-1"]) {
      fw.record({ source: "health", content: { service: "checkout-api", region, check: "morning", status: "healthy", p99_latency_ms: 254 } });
      fw.record({ source: "health", content: { service: "checkout-api", region, check: "afternoon", status: "down", p99_latency_ms: 1238 } });
    }
    const wrong = (await fw.verify("checkout-api in us-east-1 had a p99 latency of 254 ms in the afternoon.")).verdicts[0]!;
    expect(wrong.verdict).toBe("contradicted");
    expect(wrong.corrections[0]!.value).toBe("1238 ms");
    expect((await fw.verify("checkout-api in us-east-1 had a p99 latency of 1,238 ms in the afternoon.")).verdicts[0]!.verdict).toBe("supported");
    expect((await fw.verify("checkout-api in us-east-1 had a p99 latency of 254 ms in the morning.")).verdicts[0]!.verdict).toBe("supported");
  });

  it("should correct the field the claim's value belongs to, across the records that refer to the subject", async () => {
    const fw = new Firewall();
    for (let i = 0; i < 6; i++) fw.record({ source: "orders", content: { order_id: `A-${1000 + i}`, status: i % 2 ? "shipped" : "paid", total: 100 + i } });
    for (let i = 0; i < 6; i++)
      fw.record({ source: "shipments", content: { shipment_id: `S-${500 + i}`, order_id: `A-${1000 + i}`, carrier: i % 3 ? "DHL" : "UPS" } });
    const v = (await fw.verify("Order A-1000 shipped with DHL.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["DHL", "UPS"]]);
  });
});

describe("other tools' fields and clock times", () => {
  it("should not read a pod's status word in a claim about a flight, nor a UTC offset as a count", async () => {
    const fw = new Firewall();
    for (let i = 0; i < 4; i++) fw.record({ source: "kubectl_get_pods", content: { name: `api-${i}`, status: i % 2 ? "Running" : "Pending", restarts: i } });
    for (let i = 0; i < 4; i++)
      fw.record({ source: "flight_status", content: { flight: `LH-43${i}`, status: i % 2 ? "Delayed" : "On time", delay_minutes: i * 20 } });
    fw.record({
      source: "kubectl_describe",
      content: "Name:             api-worker-5c8b-xk2lp\nStart Time:       Mon, 18 Nov 2024 09:12:44 +0000\nRestart Count:    47",
    });
    const late = (await fw.verify("LH-431 is running more than half an hour late.")).verdicts[0]!;
    expect(late.corrections.map((c) => c.wrong)).not.toContain("running");
    const restarts = (await fw.verify("Pod api-worker-5c8b-xk2lp has restarted 47 times.")).verdicts[0]!;
    expect(restarts.verdict).toBe("supported");
    expect(restarts.corrections).toEqual([]);
  });

  it("should not correct a claim about a subject with records from a snippet that never names it", async () => {
    const fw = new Firewall();
    fw.record({ source: "stock_quote", content: { symbol: "ACMX", date: "2024-11-15", close: 145.86, change_pct: 2.65 } });
    fw.record({ source: "web_search", content: "Reuters reported on 2024-11-04 that the Nasdaq gained 1.2%." });
    const v = (await fw.verify("ACMX gained 3.1% on 15 November.")).verdicts[0]!;
    expect(v.corrections.map((c) => c.value)).not.toContain("1.2%");
  });
});

describe("identifiers as subjects", () => {
  it("should take the order id as the subject even when the carrier is in fewer records", async () => {
    const fw = new Firewall();
    fw.record({ source: "billing_get_invoice", content: { invoice_id: "INV-31", order_id: "A-1051", amount: 622.5, currency: "EUR", status: "open" } });
    fw.record({ source: "billing_get_invoice", content: { invoice_id: "INV-32", order_id: "A-1052", amount: 80, currency: "USD", status: "paid" } });
    fw.record({ source: "shipments", content: { shipment_id: "S-5051", order_id: "A-1051", carrier: "UPS", status: "delivered" } });
    fw.record({ source: "shipments", content: { shipment_id: "S-5052", order_id: "A-1052", carrier: "DHL", status: "in transit" } });
    const v = (await fw.verify("Order A-1051 shipped with DHL.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["DHL", "UPS"]]);
  });
});

describe("a categorical value that a figure qualifies", () => {
  it("should contradict 'delayed by 35 minutes' against 'On time' without rewriting it to 'On time by 35 minutes'", async () => {
    const fw = new Firewall();
    fw.record({ source: "flight_status", content: { flight: "LH-4380", status: "On time", delay_minutes: 0 } });
    fw.record({ source: "flight_status", content: { flight: "LH-438", status: "Delayed", delay_minutes: 58 } });
    const v = (await fw.verify("LH-4380 is delayed by 35 minutes.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => c.value)).not.toContain("On time");
    // Unqualified, the status is corrected in place.
    const plain = (await fw.verify("LH-4380 is delayed.")).verdicts[0]!;
    expect(plain.corrections.map((c) => c.value)).toEqual(["On time"]);
  });
});

describe("an element the claim names by a word of its values", () => {
  // A list whose elements have no name field: the claim names one by its place, as a word in a value.
  function catalogue(): Firewall {
    const fw = new Firewall();
    const event = (mag: number, place: string, status: string) => ({ properties: { mag, place, status } });
    fw.record({
      source: "catalogue",
      content: {
        features: [event(4.6, "12 km SSW of Lindholm, CA", "reviewed"), event(2.9, "5 km NE of Varga, CA", "automatic"), event(5.3, "Osk Islands", "reviewed")],
      },
    });
    return fw;
  }

  it.each([
    ["The event near Varga has already been reviewed.", "contradicted", [["reviewed", "automatic"]]],
    ["The Lindholm event is automatic.", "contradicted", [["automatic", "reviewed"]]],
    // The record's own value is never contradicted (the words left over may leave it unsupported).
    ["The event near Varga is automatic.", "not contradicted", []],
    // A name two elements mention picks neither; a claim about every other element is not about the one it names.
    ["The event near CA has been reviewed.", "unsupported", []],
    ["Every event except the Varga one has been reviewed.", "unsupported", []],
  ])("%j", async (claim, verdict, corrections) => {
    const v = (await catalogue().verify(claim)).verdicts[0]!;
    if (verdict === "not contradicted") expect(v.verdict).not.toBe("contradicted");
    else expect(v.verdict).toBe(verdict);
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual(corrections);
  });
});
