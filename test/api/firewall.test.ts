import { describe, expect, it } from "vitest";
import { ConfigError, DraftError, EvidenceError, Firewall, FirewallError, HallucinationBlocked } from "../../src/index.js";

const npmView = {
  name: "cors",
  version: "2.8.6",
  license: "MIT",
  dependencyCount: 2,
  versionCount: 35,
  author: "Troy Goode",
  time: { "2.8.5": "2024-06-07T13:16:37.235000+00:00", "2.8.6": "2026-01-22T16:16:44.851000+00:00" },
};

describe("Firewall.verify", () => {
  it("should return claims with spans, one verdict each, a grounding score and a decision", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: npmView, callId: "call-1" });
    const draft = "The registry lists 40 published versions of cors. cors is released under the MIT license.";
    const report = await fw.verify(draft);
    expect(report.claims.map((c) => c.id)).toEqual(["r1.c1", "r1.c2"]);
    for (const c of report.claims) expect(draft.slice(c.span[0], c.span[1]).replace(/[`*]/g, "")).toContain(c.text.slice(0, 10));
    const [wrong, right] = report.verdicts;
    expect(wrong?.verdict).toBe("contradicted");
    expect(wrong?.tier).toBe(0);
    expect(wrong?.corrections[0]?.value).toBe("35");
    expect(draft.slice(...wrong!.corrections[0]!.span)).toBe("40");
    expect(wrong?.corrections[0]?.quote.text).toBe("versionCount: 35");
    expect(right?.verdict).toBe("supported");
    expect(report.groundingScore).toBe(0.5);
    expect(report.decision).toBe("rewrite");
    expect(report.output).toContain("The registry lists 35 published versions of cors");
  });

  it("should make every factual claim unsupported when the ledger is empty", async () => {
    const report = await new Firewall().verify("Your order A-5521 shipped on March 3 via FedEx.");
    expect(report.verdicts.every((v) => v.verdict === "unsupported")).toBe(true);
    expect(report.groundingScore).toBe(0);
  });

  it("should report a null grounding score, not 1, when nothing is checkable", async () => {
    const report = await new Firewall().verify("Hi! Want me to check anything else?");
    expect(report.groundingScore).toBeNull();
    expect(report.decision).toBe("pass");
  });

  it("should give an empty draft an empty report", async () => {
    const report = await new Firewall().verify("");
    expect(report.claims).toEqual([]);
    expect(report.groundingScore).toBeNull();
    expect(report.output).toBe("");
  });

  it("should keep sessions isolated", async () => {
    const fw = new Firewall();
    fw.session("a").record({ source: "npm_view", content: npmView });
    const inA = await fw.session("a").verify("cors has 35 published versions.");
    const inB = await fw.session("b").verify("cors has 35 published versions.");
    expect(inA.verdicts[0]?.verdict).toBe("supported");
    expect(inB.verdicts[0]?.verdict).toBe("unsupported");
  });

  it("should explain a claim and total a session", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: npmView });
    await fw.verify("The registry lists 40 published versions of cors.");
    expect(fw.explain("r1.c1").text).toMatch(/contradicted.*\n.*\n.*35/s);
    const totals = fw.sessionReport();
    expect(totals.responses).toBe(1);
    expect(totals.claims.contradicted).toBe(1);
    expect(() => fw.explain("r9.c9")).toThrow(FirewallError);
    fw.reset();
    expect(fw.sessionReport().responses).toBe(0);
  });
});

describe("Firewall.guard and rewriteGrounded", () => {
  it("should throw HallucinationBlocked carrying the report under a block policy", async () => {
    const fw = new Firewall({ strictness: "strict" });
    fw.record({ source: "npm_view", content: npmView });
    const error = await fw.guard("The registry lists 40 published versions of cors.").catch((e: unknown) => e);
    expect(HallucinationBlocked.isInstance(error)).toBe(true);
    expect((error as HallucinationBlocked).report.verdicts[0]?.verdict).toBe("contradicted");
  });

  it("should return the rewritten text when the policy rewrites", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: npmView });
    const text = await fw.guard("The registry lists 40 published versions of cors.");
    expect(text).toContain("35 published versions");
    expect(text).toMatch(/Sources:\n\[1\] npm_view \(e1\)/);
  });

  it("should list no source whose marker went with a removed sentence", async () => {
    const fw = new Firewall();
    fw.record({ source: "ride_stats", content: { stations: [{ name: "Bellecour", trips_started: 1843, revenue_eur: 2715.4 }] } });
    fw.record({ source: "npm_view", content: npmView });
    const { text, report } = await fw.rewriteGrounded("Bellecour was opened in 1999, with revenue of €2,715.40. cors is released under the MIT license.", {
      unsupported: "remove",
    });
    expect(text).not.toContain("Bellecour");
    expect(text).not.toContain("ride_stats");
    expect(report.sources.map((s) => s.source)).toEqual(["npm_view"]);
  });

  it("should hedge or remove unsupported claims and never add facts", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: npmView });
    const draft = "cors is released under the MIT license. cors was rewritten in Rust in 2025.";
    const hedged = await fw.rewriteGrounded(draft, { unsupported: "hedge" });
    expect(hedged.text).toContain("rewritten in Rust in 2025 (not confirmed by the tool results)");
    const removed = await fw.rewriteGrounded(draft, { unsupported: "remove" });
    expect(removed.text).not.toContain("Rust");
    expect(removed.text).toContain("MIT license");
  });

  it("should annotate flagged claims inline", async () => {
    const fw = new Firewall({ policy: { action: "annotate" } });
    fw.record({ source: "npm_view", content: npmView });
    const report = await fw.verify("The registry lists 40 published versions of cors.");
    expect(report.decision).toBe("annotate");
    expect(report.output).toContain("⟦contradicted: evidence says 35⟧");
  });
});

describe("Firewall.record and watch", () => {
  it("should record each return value of a watched function, and not its errors", async () => {
    const fw = new Firewall();
    const lookup = fw.watch(async (name: string) => ({ name, versionCount: 35 }), { source: "npm_view" });
    const fail = fw.watch((): string => {
      throw new Error("registry down");
    });
    await lookup("cors");
    expect(() => fail()).toThrow("registry down");
    const ledger = fw.session().ledger;
    expect(ledger.records).toHaveLength(1);
    expect(ledger.records[0]).toMatchObject({ source: "npm_view", format: "json", args: "cors" });
  });

  it("should throw typed errors for bad evidence and bad drafts", async () => {
    const fw = new Firewall();
    expect(() => fw.record({ source: "x", content: "{oops", format: "json" })).toThrow(EvidenceError);
    expect(() => fw.record({ source: "x", content: new Uint8Array([0xc3, 0x28]) })).toThrow(/not valid UTF-8/);
    await expect(fw.verify(42 as unknown as string)).rejects.toThrow(DraftError);
    await expect(fw.verify("a\u0000b")).rejects.toThrow(/NUL/);
    await expect(new Firewall({ maxDraftChars: 10 }).verify("x".repeat(11))).rejects.toThrow(/over the 10-character limit/);
    expect(() => new Firewall({ strictness: "paranoid" as "strict" })).toThrow(ConfigError);
  });

  it("should verify a 5 MB draft without losing claims", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: npmView });
    const sentence = "cors has 35 published versions. ";
    const draft = sentence.repeat(Math.ceil((5 * 1024 * 1024) / sentence.length));
    const report = await fw.verify(draft);
    expect(report.claims.length).toBe(Math.ceil((5 * 1024 * 1024) / sentence.length));
    expect(report.counts.supported).toBe(report.claims.length);
  }, 120_000);

  it("should keep 50 MB of evidence whole", () => {
    const fw = new Firewall();
    const big = "The quarterly report lists revenue by region and product line. ".repeat(800_000);
    const rec = fw.record({ source: "warehouse", content: big });
    expect(rec.bytes).toBe(Buffer.byteLength(big));
    expect(rec.text.length).toBe(big.length);
    expect(fw.session().ledger.chunksOf(rec.id).length).toBe(rec.chunkCount);
  }, 120_000);
});

describe("Firewall with a failing tier", () => {
  it("should keep the claim going, note the error in the trace and warn the logger", async () => {
    const warnings: string[] = [];
    const broken = {
      tier: 1,
      name: "broken",
      run: () => {
        throw new Error("model file missing");
      },
    };
    const fw = new Firewall({ tiers: ["exact", broken, "lexical"], logger: { warn: (m: string) => warnings.push(m) } });
    fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
    const report = await fw.verify("cors was rewritten from scratch by a new team.");
    const trace = report.verdicts[0]!.trace;
    expect(trace.some((t) => t.outcome === "error" && t.note.includes("model file missing"))).toBe(true);
    expect(report.verdicts[0]!.verdict).toBe("unsupported");
    expect(warnings[0]).toMatch(/tier 1 \(broken\) tier failed: model file missing/);
  });
});

describe("empty tool results", () => {
  // Known gap since tier 0 decides only on a typed slot: a count against an empty array's length is unsettled (left unsupported).
  it.fails("should support a claim that nothing was found and contradict a count of something", async () => {
    const fw = new Firewall();
    fw.record({ source: "orders_api", content: { orders: [] } });
    const report = await fw.verify("No orders were found. You have 3 open orders.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
    expect(report.verdicts[1]!.quotes[0]!.text).toBe("orders: []");
  });
});

describe("Firewall.warmup", () => {
  it("should load the lazy parts without touching the user's sessions or store", async () => {
    const fw = new Firewall();
    const ms = await fw.warmup();
    expect(ms).toBeGreaterThan(0);
    expect(fw.sessionIds()).toEqual([]);
    expect(fw.store.listSessions()).toEqual([]);
    fw.record({ source: "npm_view", content: { name: "dotenv", version: "18.0.10" } });
    expect((await fw.verify("dotenv's latest version is 18.0.10.")).verdicts[0]!.verdict).toBe("supported");
  });
});
