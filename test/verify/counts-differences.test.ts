import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { arrayCounts, arrayNoun } from "../../src/verify/array-counts.js";

function billing(): Firewall {
  const fw = new Firewall();
  fw.record({
    source: "get_invoice",
    content: { id: "INV-2041", customer: "Lindqvist Bakery AB", total: 4213.5, currency: "EUR", status: "overdue", dueDate: "2026-10-31" },
  });
  fw.record({ source: "list_payments", content: [{ invoice: "INV-2041", date: "2026-10-12", amount: 1500, currency: "EUR" }] });
  return fw;
}

describe("arrayCounts", () => {
  it("should count the elements of top-level, keyed and nested arrays from the flattened lines", () => {
    const text = "orders[0].id: 1\norders[0].items[0].sku: a\norders[0].items[1].sku: b\norders[1].id: 2\ntags[0]: x\n[0].a: 1\n[1].a: 2\n[2].a: 3";
    const got = Object.fromEntries(arrayCounts(text).map((c) => [c.path, c.count]));
    expect(got).toEqual({ orders: 2, "orders[0].items": 2, tags: 1, "": 3 });
  });
});

describe("arrayNoun", () => {
  it.each([
    ["orders", "orders"],
    ["orders[0].items", "items"],
    ["data.orders.edges", "orders"],
    ["repository.issues.nodes", "issues"],
    ["page.results", "results"],
    // A wrapper inside an element lists that element's parts, and `items` names what it lists.
    ["orders[0].edges", "edges"],
    ["cart.items", "items"],
  ])("should count the elements of %j by %j", (path, noun) => {
    expect(arrayNoun(path)).toBe(noun);
  });

  it("should read a count of a GraphQL connection's edges by the connection's name", async () => {
    const fw = new Firewall();
    const edge = (id: string) => ({ node: { id, status: "PAID" } });
    fw.record({ source: "graphql", content: { data: { orders: { edges: [edge("o1"), edge("o2"), edge("o3")] } } } });
    expect((await fw.verify("You have placed 3 orders.")).verdicts[0]!.verdict).toBe("supported");
    const wrong = (await fw.verify("You have placed 4 orders.")).verdicts[0]!;
    expect([wrong.verdict, wrong.corrections.map((c) => c.value)]).toEqual(["contradicted", ["3"]]);
  });
});

describe("counts of what tools returned", () => {
  it("should support a count that equals an array's length, named by the tool ('One payment')", async () => {
    const report = await billing().verify("One payment arrived on 2026-10-12.");
    expect(report.verdicts[0]!.verdict).toBe("supported");
  });

  it("should contradict a wrong count of a keyed array and correct it", async () => {
    const fw = new Firewall();
    fw.record({ source: "orders", content: { customer: "ACME", orders: [{ id: "A-1" }, { id: "A-2" }] } });
    const report = await fw.verify("ACME has 3 orders.");
    expect(report.verdicts[0]!.verdict).toBe("contradicted");
    expect(report.verdicts[0]!.corrections[0]!.value).toBe("2");
  });

  it("should never compare an array's length with an amount", async () => {
    const report = await billing().verify("A payment of 1,500 EUR arrived on 2026-10-12.");
    expect(report.verdicts[0]!.verdict).toBe("supported");
    expect(report.verdicts[0]!.corrections).toEqual([]);
  });
});

describe("differences of amounts", () => {
  // Known gap since tier 0 decides only on a typed slot: the split clause ('so X is still open') is checked without the payment that derives it.
  it.fails("should support what is left after a payment, in the same currency", async () => {
    const report = await billing().verify("A payment of 1,500 EUR arrived on 2026-10-12, so 2,713.50 EUR is still open.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported"]);
    expect(report.verdicts[0]!.corrections).toEqual([]);
  });

  // Known gap since tier 0 decides only on a typed slot: the split clause ('so X is still open') is checked without the payment that derives it.
  it.fails("should not take a difference that matches no pair", async () => {
    const report = await billing().verify("A payment of 1,500 EUR arrived on 2026-10-12, so 2,900.00 EUR is still open.");
    expect(report.verdicts[0]!.verdict).not.toBe("supported");
  });
});

describe("citations", () => {
  it("should cite the line that states the claim's figure before a line that only names its subject", async () => {
    const report = await billing().verify("Invoice INV-2041 totals 4,213.50 EUR.");
    expect(report.verdicts[0]!.verdict).toBe("supported");
    expect(report.verdicts[0]!.quotes[0]!.text).toBe("total: 4213.5");
  });
});

describe("JSON answers", () => {
  const draft = JSON.stringify(
    { summary: "Invoice INV-2041 totals 4,312.50 EUR.", due: "It is due on 2026-10-31.", note: "The customer was founded in 1990." },
    null,
    2,
  );

  it("should rewrite inside the strings, without markers, so the answer still parses", async () => {
    const report = await billing().verify(draft);
    expect(report.decision).toBe("rewrite");
    const out = JSON.parse(report.output!) as Record<string, string>;
    expect(out.summary).toBe("Invoice INV-2041 totals 4,213.50 EUR.");
    expect(out.due).toBe("It is due on 2026-10-31.");
    expect(out.note).toMatch(/^The customer was founded in 1990 \(not confirmed/);
    expect(report.sources).toEqual([]);
  });

  it("should empty a removed claim's string and annotate inside the string", async () => {
    const removed = await billing().rewriteGrounded(draft, { unsupported: "remove" });
    expect((JSON.parse(removed.text) as Record<string, string>).note).toBe("");
    const annotated = await billing().verify(draft, { action: "annotate" });
    expect((JSON.parse(annotated.output!) as Record<string, string>).note).toContain("⟦unsupported");
  });
});

describe("JSON answers about an entity", () => {
  it("should check each field against the record of the object's identity (a swapped customer)", async () => {
    const fw = new Firewall();
    fw.record({ source: "get_invoice", content: { id: "INV-2041", customer: "Lindqvist Bakery AB", total: 4213.5 } });
    fw.record({ source: "get_invoice", content: { id: "INV-2042", customer: "Nordhavn Freight ApS", total: 980 } });
    const report = await fw.verify('{"invoice": "INV-2041", "customer": "Nordhavn Freight ApS", "total": 4213.5}');
    expect(report.claims.map((c) => c.text)).toEqual(["invoice: INV-2041", "INV-2041 customer: Nordhavn Freight ApS", "INV-2041 total: 4213.5"]);
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted", "supported"]);
    expect(JSON.parse(report.output!)).toEqual({ invoice: "INV-2041", customer: "Lindqvist Bakery AB", total: 4213.5 });
  });
});

describe("re-verifying a rewrite", () => {
  it("should leave the source list the rewrite added unflagged", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "dotenv", version: "18.0.10" } });
    const first = await fw.verify("dotenv's latest version is 18.0.9.");
    expect(first.output).toContain("Sources:");
    const again = await fw.verify(first.output!);
    expect(again.decision).toBe("pass");
    expect(again.counts.unsupported + again.counts.contradicted).toBe(0);
  });
});

describe("small counts that two nearby values add up to", () => {
  it("should not take a small count for a sum of two values unless the claim says it adds up", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "queue-schema", version: "1.26.4", dependencyCount: 0, dependencies: {} } });
    // Other packages' prose: 1 + 2 dependencies make the claim's 3 by chance.
    fw.record({ source: "doc_search", content: "worker-cache 1.0.0 is licensed under MIT. It has 1 dependencies and 40 published versions." });
    fw.record({ source: "doc_search", content: "router-queue 2.0.0 is licensed under MIT. It has 2 dependencies and 7 published versions." });
    const v = (await fw.verify("queue-schema has 3 dependencies.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.trace[0]!.note).not.toContain("sum");
    // Said to add up, a sum is read.
    const fw2 = new Firewall();
    fw2.record({ source: "npm_view", content: { name: "a", dependencyCount: 1 } });
    fw2.record({ source: "npm_view", content: { name: "b", dependencyCount: 2 } });
    expect((await fw2.verify("a and b have 3 dependencies in total.")).verdicts[0]!.verdict).toBe("supported");
  });
});
