import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const flights = JSON.parse(readFileSync(new URL("../fixtures/trial/flights.json", import.meta.url), "utf8")) as Record<string, unknown>;
const products = JSON.parse(readFileSync(new URL("../fixtures/trial/products.json", import.meta.url), "utf8")) as unknown[];

async function check(evidence: unknown, draft: string) {
  const fw = new Firewall();
  fw.record({ source: "tool", content: evidence });
  const report = await fw.verify(draft);
  // A clause cut into figure pieces reports each: the flagged one is what these tests are about.
  return { v: report.verdicts.find((v) => v.verdict === "contradicted") ?? report.verdicts[0]!, output: report.output };
}

describe("agent phrasings of tool results (found by trying the firewall as a new user)", () => {
  it.each([
    ["a gate next to a flight number", flights["LH-438"], "Flight LH-438 leaves from gate Z52.", "Z52", "Z25"],
    ["minutes from a delay_minutes field", flights["LH-438"], "Flight LH-438 is delayed by 58 minutes.", "58 minutes", "85 minutes"],
    ["an airline named by 'operated by'", flights["LH-438"], "Flight LH-438 is operated by United.", "United", "Lufthansa"],
    ["'units left' for a stock field", products, "The Zephyr Wireless Mouse has 301 units left.", "301", "310"],
    ["seconds, keeping the claim's unit word", { job: "J-9", duration_seconds: 30 }, "Job J-9 took 45 seconds.", "45 seconds", "30 seconds"],
    ["an amount in another currency", { invoice: "INV-7", total: 129.5, currency: "EUR" }, "Invoice INV-7 totals 129.50 USD.", "129.50 USD", "129.50 EUR"],
    [
      "'24 units are in stock' in a long sentence",
      products,
      "The Aurora Mechanical Keyboard (KB-101) costs 129.99 USD and 24 units are in stock in the Denver warehouse.",
      "24",
      "42",
    ],
  ])("should correct %s", async (_, evidence, draft, wrong, value) => {
    const { v } = await check(evidence, draft);
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([[wrong, value]]);
  });

  it.each([
    ["minutes", flights["LH-438"], "Flight LH-438 is delayed by 85 minutes."],
    ["kilograms", products, "The Aurora Mechanical Keyboard weighs 1.2 kg."],
    ["grams from a weight_kg field", products, "The Zephyr Wireless Mouse weighs 90 g."],
  ])("should support %s read from a key's unit", async (_, evidence, draft) => {
    expect((await check(evidence, draft)).v.verdict).toBe("supported");
  });

  it.each([
    ["Bellecour has 3 e-bikes available.", "supported"],
    ["Bellecour has 12 bikes and 3 e-bikes.", "supported"],
    ["Bellecour has 4 e-bikes available.", "unsupported"],
  ])("should read a hyphenated noun as the key that writes it joined: %s", async (draft, expected) => {
    const station = { stations: [{ name: "Bellecour", bikes_available: 12, ebikes_available: 3, docks_total: 30 }] };
    const fw = new Firewall();
    fw.record({ source: "station_status", content: station });
    const report = await fw.verify(draft);
    expect(report.verdicts.map((v) => v.verdict)).toEqual(report.verdicts.map(() => expected));
    expect(report.verdicts.flatMap((v) => v.corrections)).toEqual([]);
  });

  it("should never correct a figure to a value the claim states for another figure", async () => {
    const { v, output } = await check({ order: "A-1001", warehouse: "Denver", carrier: "FedEx" }, "Order A-1001 ships from the Denver warehouse with UPS.");
    expect(v.corrections.map((c) => c.value)).not.toContain("Denver");
    expect(output ?? "").not.toMatch(/with Denver/);
  });

  it("should read 'unpaid' against a status of paid", async () => {
    expect((await check({ invoice: "INV-7", total: 129.5, status: "paid" }, "Invoice INV-7 is unpaid.")).v.verdict).toBe("contradicted");
    expect((await check({ invoice: "INV-7", total: 129.5, status: "paid" }, "Invoice INV-7 is paid.")).v.verdict).toBe("supported");
  });
});

describe("opposites across a JSON record's fields", () => {
  it.each([
    [{ ticket: "T-88", priority: "high" }, "T-88 is a low priority ticket."],
    [{ account_id: "ACC-5521", churn_risk: "low" }, "The account is high churn risk."],
  ])("should contradict %j against %s", async (evidence, draft) => {
    expect((await check(evidence, draft)).v.verdict).toBe("contradicted");
  });

  it("should support the same wording when the field agrees", async () => {
    expect((await check({ ticket: "T-88", priority: "high" }, "T-88 is a high priority ticket.")).v.verdict).toBe("supported");
  });
});

describe("sources and ratios an agent names", () => {
  it("should read the tool a claim cites as its source, not as a fact to find", async () => {
    const fw = new Firewall();
    fw.record({ source: "apt_show", content: "Package: vim\nVersion: 2:9.0.1378-2+deb12u2\nSection: editors" });
    expect((await fw.verify("`apt-cache show` reports `vim` at version 2:9.0.1378-2+deb12u2.")).verdicts[0]!.verdict).toBe("supported");
    // The attribution split off its clause is not checkable; the clause is supported.
    const according = await fw.verify("According to `apt-cache`, vim is at version 2:9.0.1378-2+deb12u2.");
    expect(according.verdicts.map((v) => v.verdict)).toEqual(["not_checkable", "supported"]);
    // A name found nowhere, in no reporting role, is still unsupported.
    expect((await fw.verify("`vim` is maintained by Bram Moolenaar.")).verdicts[0]!.verdict).toBe("unsupported");
  });

  it("should support a whole-number ratio of two subjects' values ('roughly 404 times the size')", async () => {
    const fw = new Firewall();
    fw.record({
      source: "sql_query",
      content: {
        rows: [
          { name: "jq", installed_size_kb: 111 },
          { name: "git", installed_size_kb: 44890 },
        ],
      },
    });
    expect((await fw.verify("`git` is roughly 404 times the size of `jq`.")).verdicts[0]!.verdict).toBe("supported");
    expect((await fw.verify("`git` is roughly 900 times the size of `jq`.")).verdicts[0]!.verdict).not.toBe("supported");
  });

  it("should read 'N times' after a verb as a count of occurrences, no ratio of two values", async () => {
    const fw = new Firewall();
    fw.record({
      source: "billing",
      content: {
        invoice: "in_77",
        attempt_count: 2,
        lines: [
          { item: "Seats", quantity: 3 },
          { item: "Storage", quantity: 1 },
        ],
      },
    });
    // 3 / 1 of two line quantities is no support for a count of attempts.
    const v = (await fw.verify("Payment has been attempted 3 times.")).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual(["contradicted", ["2"]]);
    expect((await fw.verify("Payment has been attempted 2 times.")).verdicts[0]!.verdict).toBe("supported");
  });
});

describe("figures that carry a claim, and what they do not carry", () => {
  const costs = {
    ResultsByTime: [
      { Period: "2024-04", Groups: [{ Keys: ["Amazon Simple Queue Service"], Metrics: { UnblendedCost: { Amount: "40.00", Unit: "USD" } } }] },
      { Period: "2024-05", Groups: [{ Keys: ["Amazon Simple Queue Service"], Metrics: { UnblendedCost: { Amount: "50.00", Unit: "USD" } } }] },
    ],
  };

  it("should compute a change between amounts a tool writes as bare numbers beside their unit", async () => {
    const fw = new Firewall();
    fw.record({ source: "billing.costs()", content: costs });
    const report = await fw.verify("Queue costs went from $40.00 to $50.00, up 25%.");
    const v = report.verdicts.find((x) => report.claims.find((c) => c.id === x.claimId)!.text.includes("25%"))!;
    expect(v.verdict).toBe("supported");
  });

  it.each([
    ["a dash aside no tool states", "Queue costs went from $40.00 to $50.00 — mostly from the new retry storms.", "unsupported"],
    ["a dash aside the evidence words", "Queue costs went from $40.00 to $50.00 — Amazon Simple Queue Service.", "supported"],
  ])("should not let matched figures carry %s", async (_why, draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "billing.costs()", content: costs });
    const report = await fw.verify(draft);
    expect(report.verdicts.at(-1)!.verdict).toBe(want);
  });
});

describe("citations", () => {
  it("should read 'citations' as the times a work is cited (`is-referenced-by-count`), not its reference list", async () => {
    const fw = new Firewall();
    fw.record({
      source: "works_lookup",
      content: { message: { title: ["Soil moisture under drip irrigation"], "reference-count": 41, "is-referenced-by-count": 19 } },
    });
    const wrong = (await fw.verify("The paper has 41 citations.")).verdicts[0]!;
    expect([wrong.verdict, wrong.corrections.map((c) => c.value)]).toEqual(["contradicted", ["19"]]);
    expect((await fw.verify("The paper has been cited 19 times.")).verdicts[0]!.verdict).not.toBe("contradicted");
  });
});
