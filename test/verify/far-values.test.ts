import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { factsAt, passageFacts } from "../../src/verify/evidence-facts.js";
import { sentenceSpans } from "../../src/verify/lexical-features.js";
import { valueIndex } from "../../src/verify/value-index.js";

function ledgerOf(): EvidenceLedger {
  const ledger = new EvidenceLedger();
  ledger.record({
    source: "orders",
    content: {
      orders: [
        { id: "A-1", total: 4213450, currency: "USD", placed: "2024-03-01T10:00:00Z" },
        { id: "A-2", total: 129.5, placed: "2024-03-02" },
      ],
      version: "18.0.10",
    },
  });
  ledger.record({ source: "doc", content: "Invoice A-1 was paid on 1 March 2024. The refund of $52.10 reached the card in 3 days. Release 18.0.10 followed." });
  return ledger;
}

describe("far values (value index offsets, sentence reads)", () => {
  it("should read the same facts from every sentence's offset as from the whole passage", () => {
    const ledger = ledgerOf();
    for (const chunk of ledger.chunks) {
      const json = ledger.get(chunk.evidenceId)!.format === "json";
      const offsets = sentenceSpans(chunk.text).map((s) => s.start);
      const strip = (fs: ReturnType<typeof factsAt>) =>
        fs.map((f) => ({ value: f.value, span: f.span, slot: [...f.slot].sort(), row: f.row, rowId: f.rowId, quote: f.quote.text }));
      const partial = strip(factsAt(ledger, chunk, json, offsets));
      // No facts were cached by the sentence read: the whole read below computes them afresh.
      expect(ledger.peekMemo("facts", chunk.id)).toBeUndefined();
      expect(partial).toEqual(strip(passageFacts(ledger, chunk, json).facts));
    }
  });

  it("should point at the sentence that states a value, and read only that sentence", () => {
    const ledger = ledgerOf();
    const index = valueIndex(ledger);
    const refund = {
      type: "quantity" as const,
      q: {
        text: "$52.10",
        span: [0, 6] as [number, number],
        kind: "money" as const,
        value: 52.1,
        alternatives: [],
        currency: "USD",
        dimension: null,
        unit: "USD",
        precision: 0.01,
        approx: false,
        bound: "eq" as const,
        word: false,
      },
    };
    const near = index.chunksNear(refund);
    expect(near.size).toBe(1);
    const [ord, offsets] = [...near][0]!;
    const chunk = ledger.chunks[ord]!;
    expect(chunk.text.slice(offsets[0]!)).toMatch(/^\$?52\.10/);
    const facts = factsAt(ledger, chunk, false, offsets);
    expect(new Set(facts.map((f) => f.quote.text))).toEqual(new Set(["The refund of $52.10 reached the card in 3 days."]));
    // Dates and versions are found by their written year or text.
    const version = index.chunksNear({ type: "version", v: "18.0.10" });
    expect(version.size).toBe(2);
    for (const [o, ats] of version) expect(ats.map((at) => ledger.chunks[o]!.text.slice(at, at + 7))).toContain("18.0.10");
  });

  it("should find a figure stated far from the retrieved passages in a large ledger", async () => {
    const fw = new Firewall();
    for (let i = 0; i < 120; i++)
      fw.record({ source: "npm_view", content: { name: `pkg-${i}`, version: `1.${i}.0`, dependencyCount: i % 17, description: "A small package." } });
    fw.record({ source: "changelog", content: "The 2025 audit counted 9,731 open advisories across the registry." });
    const report = await fw.verify("An audit counted 9,731 open advisories.");
    expect(report.verdicts[0]!.verdict).toBe("supported");
  });
});

describe("another entity's record", () => {
  it("should never correct a claim with a value from the record of another named entity", async () => {
    const fw = new Firewall();
    const words = ["parser", "stream", "client", "server", "router"];
    const name = (i: number) => `${words[i % 5]}-${words[(i * 3) % 5]}-${i}`;
    const version = (i: number) => `${1 + (i % 9)}.${i % 7}.${i % 5}`;
    for (let i = 0; i < 160; i++) {
      if (i % 2 === 0) fw.record({ source: "npm_view", content: { name: name(i), version: version(i), license: "MIT", dependencyCount: i % 13 } });
      else
        fw.record({
          source: "doc_search",
          content: `${name(i)} ${version(i)} is licensed under MIT. It has ${i % 13} dependencies. The package works in Node.js and in browsers.`,
        });
    }
    // Prose packages: their records say the version without the word "version"; JSON records of other
    // packages that share name parts say "version: ..." and rank high.
    for (const i of [41, 77, 123]) {
      const wrong = version(i).replace(/^\d+/, (m) => String(Number(m) + 1));
      const report = await fw.verify(`The latest version of ${name(i)} is ${wrong}.`);
      const v = report.verdicts[0]!;
      for (const c of v.corrections) expect(c.value).toBe(version(i));
      expect(v.verdict).not.toBe("supported");
    }
    // A JSON package's own record still corrects its claim.
    const report = await fw.verify(`The latest version of ${name(40)} is 9.9.9.`);
    expect(report.verdicts[0]!.verdict).toBe("contradicted");
    expect(report.verdicts[0]!.corrections[0]!.value).toBe(version(40));
  });
});

describe("prose values of a named subject", () => {
  it("should read the number counted by the claim's noun, not another count in the same sentence", async () => {
    const fw = new Firewall();
    fw.record({ source: "doc_search", content: "left-pad 1.3.0 is licensed under WTFPL. It has 35 dependencies and 28 published versions." });
    const wrong = await fw.verify("left-pad has 35 published versions.");
    expect(wrong.verdicts[0]!.verdict).toBe("contradicted");
    expect(wrong.verdicts[0]!.corrections[0]!.value).toBe("28");
    const right = await fw.verify("left-pad has 35 dependencies.");
    expect(right.verdicts[0]!.verdict).toBe("supported");
  });

  it("should take a version written right after the subject's name as the subject's version", async () => {
    const fw = new Firewall();
    fw.record({ source: "doc_search", content: "left-pad 1.3.0 is licensed under WTFPL. It has no dependencies." });
    fw.record({ source: "doc_search", content: "Install lodash@4.17.21 for the fixed template function." });
    const report = await fw.verify("The latest version of left-pad is 2.3.0. The current lodash is 4.17.20.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "contradicted"]);
    expect(report.verdicts.map((v) => v.corrections[0]?.value)).toEqual(["1.3.0", "4.17.21"]);
  });
});

describe("loose prose slots", () => {
  it("should not correct an invented figure with a value that shares only a distant word of its sentence", async () => {
    const fw = new Firewall();
    fw.record({ source: "policy", content: "## Shipping\n\nOrders above 100 EUR ship free within Germany. Returns are accepted for 30 days." });
    fw.record({ source: "orders", content: { order_id: "A-1022", total: 2600.9, currency: "EUR", status: "pending" } });
    const report = await fw.verify("Order A-1022 includes a free gift voucher worth 25 EUR.");
    expect(report.verdicts[0]!.corrections).toEqual([]);
    expect(report.verdicts[0]!.verdict).not.toBe("supported");
  });

  it("should not take a bare number under a counting key for an amount", async () => {
    const fw = new Firewall();
    fw.record({ source: "env_dump", content: "MAX_ITEMS_PER_ORDER: 25\nMAX_RETRIES: 3" });
    fw.record({ source: "orders", content: { order_id: "A-1022", total: 2600.9, currency: "EUR", shipping_fee: 4.9 } });
    const invented = await fw.verify("Order A-1022 includes a free gift voucher worth 25 EUR.");
    expect(invented.verdicts[0]!.verdict).toBe("unsupported");
    // A bare number under an amount key is still an amount.
    expect((await fw.verify("Shipping for order A-1022 cost 4.90 EUR.")).verdicts[0]!.verdict).toBe("supported");
  });

  it("should not read a number in a product's name as a count", async () => {
    const fw = new Firewall();
    fw.record({ source: "web_search", content: "3. **GitHub discussion**: react-router v7 requires React 18 or later." });
    const report = await fw.verify("react-router declares 1 runtime dependency.");
    expect(report.verdicts[0]!.corrections).toEqual([]);
    // Still found where it is stated.
    expect((await fw.verify("react-router v7 requires React 18.")).verdicts[0]!.verdict).toBe("supported");
  });

  it("should take an id as a record's first field for its identity (another order's values are not this one's)", async () => {
    const fw = new Firewall();
    for (let i = 0; i < 80; i++)
      fw.record({ source: "orders", content: { order_id: `A-${1000 + i}`, customer_id: `C-${200 + (i % 9)}`, shipping: 4.9 + (i % 5), total: 100 + i * 7.5 } });
    // A-1021 ships at 5.90; other orders' records hold 6.90.
    const report = await fw.verify("The shipping cost for order A-1021 was 6.90 EUR.");
    const v = report.verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(Number(v.corrections[0]!.value.replace(/[^\d.]/g, ""))).toBeCloseTo(5.9);
  });
});

describe("look-alike names and the claim's subject", () => {
  it("should read a package's own record, not one whose name merely contains it", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "express-session", version: "1.18.1", license: "MIT" } });
    fw.record({ source: "npm_view", content: { name: "express", version: "5.1.0", license: "Apache-2.0" } });
    fw.record({ source: "apt", content: "Package: nginx-common\nVersion: 1.22.1-9\nInstalled-Size: 35296\n\nPackage: nginx-core\nVersion: 1.22.1-9" });
    fw.record({ source: "apt", content: "Package: nginx\nVersion: 1.22.1-9\nInstalled-Size: 19119" });
    const report = await fw.verify("express is licensed under MIT. nginx has an installed size of 35296 KB.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "contradicted"]);
    expect(report.verdicts[0]!.corrections[0]!.value).toBe("Apache-2.0");
    // apt's Installed-Size is in KiB: the correction keeps the evidence's number, with its unit.
    expect(report.verdicts[1]!.corrections[0]!.value).toBe("19119 kB");
  });

  it("should write a byte count's correction in bytes, in the claim's own word for them", async () => {
    const fw = new Firewall();
    fw.record({ source: "apt", content: "Package: jq\nInstalled-Size: 102\nSize: 64432" });
    fw.record({ source: "apt", content: "Package: tmux\nInstalled-Size: 1106\nSize: 454536" });
    const report = await fw.verify("The .deb download for tmux is 1,106 bytes. The .deb download for jq is 64,432 KB.");
    expect(report.verdicts.map((v) => v.corrections.map((c) => c.value))).toEqual([["454,536 bytes"], ["64,432 bytes"]]);
  });

  it("should never replace the claim's subject id with another entity's to fit a wrong value", async () => {
    const fw = new Firewall();
    for (let i = 0; i < 30; i++)
      fw.record({ source: "shipments", content: { shipment_id: `S-${5000 + i}`, order_id: `A-${1000 + i}`, carrier: i % 3 === 0 ? "UPS" : "DHL" } });
    const report = await fw.verify("Order A-1021 shipped with DHL.");
    for (const c of report.verdicts[0]!.corrections) expect(c.wrong).not.toBe("A-1021");
    expect(report.verdicts[0]!.verdict).not.toBe("supported");
  });
});

describe("correction style", () => {
  it("should group a long evidence number for a claim written with a magnitude word", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "vite", weeklyDownloads: 22631183 } });
    const report = await fw.verify("vite has 8.6 million weekly downloads.");
    expect(report.verdicts[0]!.corrections[0]!.value).toBe("22,631,183");
    expect(report.output).toContain("vite has 22,631,183 weekly downloads");
  });
});

describe("numbered items", () => {
  it("should read a pull request's own values, never another element's of a list", async () => {
    const fw = new Firewall();
    fw.record({
      source: "github_pulls",
      content: [1189, 1166, 1102, 1050].map((n, i) => ({
        repository: "acme/api-client",
        number: n,
        state: "closed",
        merged_at: `2024-11-${11 + i}T10:00:00Z`,
      })),
    });
    fw.record({
      source: "gh_pr_view",
      content: { repository: "acme/api-client", number: 318, title: "Support cursor pagination", state: "open", merged_at: null },
    });
    const open = (await fw.verify("PR #318 in acme/api-client was merged on 2024-11-15.")).verdicts[0]!;
    expect(open.corrections).toEqual([]);
    expect(open.verdict).not.toBe("supported");
    const listed = (await fw.verify("PR #1166 in acme/api-client was merged on 2024-11-15.")).verdicts[0]!;
    expect(listed.verdict).toBe("contradicted");
    expect(listed.corrections[0]!.value).toMatch(/^2024-11-12/);
    expect((await fw.verify("PR #1166 in acme/api-client was merged on 2024-11-12.")).verdicts[0]!.verdict).toBe("supported");
  });
});
