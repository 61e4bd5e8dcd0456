import { describe, expect, it } from "vitest";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { recordTerms } from "../../src/verify/record-terms.js";

describe("recordTerms", () => {
  it("should find the records holding a token, a stem, an identifier and an identity, in any number", () => {
    const ledger = new EvidenceLedger();
    const a = ledger.record({ source: "npm", content: { name: "dotenv", version: "18.0.10", description: "Loads environment variables" } });
    const b = ledger.record({ source: "npm", content: { name: "ledger-api-7d9f", version: "2.1.0", description: "Loads ledgers" } });
    const c = ledger.record({ source: "doc", content: "The dotenv package loads variables from a .env file." });
    const terms = recordTerms(ledger);
    expect([...terms.withToken("dotenv")].sort()).toEqual([a.id, c.id].sort());
    expect([...terms.withToken("environment")]).toEqual([a.id]);
    expect(terms.withToken("absent").size).toBe(0);
    expect([...terms.withStem("loading")].sort()).toEqual([a.id, b.id, c.id].sort());
    expect([...terms.withCode("Ledger-API-7d9f")]).toEqual([b.id]);
    expect(terms.hasIdentity("dotenv")).toBe(true);
    expect(terms.hasIdentity("variables")).toBe(false);
    expect(terms.identityCount).toBe(2);
  });

  it("should intersect tokens and stems across records, as the single-term lookups would", () => {
    const ledger = new EvidenceLedger();
    const ids = Array.from(
      { length: 40 },
      (_, i) => ledger.record({ source: "npm", content: `${i % 2 ? "bundle" : "client"} ${i % 3 ? "server" : "router"} loads packages ${i}` }).id,
    );
    const terms = recordTerms(ledger);
    const bySingle = (words: string[], one: (w: string) => ReadonlySet<string>) => ids.filter((id) => words.every((w) => one(w).has(id)));
    for (const words of [["bundle"], ["bundle", "server"], ["client", "router", "loads"], ["bundle", "client"], ["bundle", "absent"], []]) {
      expect([...terms.withAllTokens(words)].sort()).toEqual(words.length === 0 ? [] : bySingle(words, (w) => terms.withToken(w)).sort());
    }
    expect([...terms.withAllStems(["loading", "package", "bundles"])].sort()).toEqual(
      bySingle(["loading", "package", "bundles"], (w) => terms.withStem(w)).sort(),
    );
    expect(terms.withAllStems(["bundles", "routers", "client"]).size).toBe(0);
  });

  it("should take records added after the first query", () => {
    const ledger = new EvidenceLedger();
    ledger.record({ source: "a", content: "alpha beta" });
    expect(recordTerms(ledger).withToken("gamma").size).toBe(0);
    const later = ledger.record({ source: "b", content: "gamma alpha" });
    expect([...recordTerms(ledger).withToken("gamma")]).toEqual([later.id]);
    expect(recordTerms(ledger).withToken("alpha").size).toBe(2);
  });
});

describe("EvidenceLedger.memo", () => {
  it("should keep a verify's whole working set and trim to the bound afterwards, least recently used first", () => {
    const ledger = new EvidenceLedger();
    let computed = 0;
    const get = (key: string) => ledger.memo("test", key, () => ++computed, 2);
    for (const key of ["a", "b", "c", "d"]) get(key);
    expect(computed).toBe(4);
    get("a"); // within a verify nothing is evicted
    expect(computed).toBe(4);
    ledger.trimMemos();
    get("a");
    get("d");
    expect(computed).toBe(4);
    get("b"); // evicted by the trim
    expect(computed).toBe(5);
  });
});
