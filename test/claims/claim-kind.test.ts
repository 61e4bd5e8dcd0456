import { describe, expect, it } from "vitest";
import { classifyClaim, extractClaimsSync, KIND_RULES } from "../../src/claims/index.js";
import type { ClaimKind } from "../../src/schema.js";

describe("classifyClaim", () => {
  it.each<[string, ClaimKind]>([
    ["Want me to check the changelog as well?", "question"],
    ["Shall I open a ticket for the 3 failures", "question"],
    ["Let me know if you need the raw logs.", "question"],
    ["Is the pod healthy?", "question"],
    ["Here is what I found:", "not_checkable"],
    ["I looked this up for you.", "not_checkable"],
    ["Hope this helps!", "not_checkable"],
    ["Sure!", "not_checkable"],
    ["Great question", "not_checkable"],
    ["Run npm install to update.", "not_checkable"],
    ["Please restart the service after upgrading to 2.1.0.", "not_checkable"],
    ["I love snowy holidays!", "opinion"],
    ["I think this is a great library", "opinion"],
    ["This is an excellent choice", "opinion"],
    ["Sales may rise 5% next quarter.", "hedge"],
    ["The outage was likely caused by the DNS change.", "hedge"],
    ["It appears to be fixed in 18.0.10.", "hedge"],
    ["Revenue reportedly doubled.", "hedge"],
    ["You have about 4 TB of free Drive storage.", "factual"],
    ["Here is your briefing for May 25.", "factual"],
    ["I found 3 vulnerabilities in axios.", "factual"],
    ["The API does not support batching.", "factual"],
    ["Webhook payloads are unsigned.", "factual"],
    ["Use of the API is limited to 100 calls per minute.", "factual"],
    ["勤務先は東京の渋谷にある。", "factual"],
  ])("should classify %j as %s", (text, kind) => {
    expect(classifyClaim(text)).toBe(kind);
  });

  it("should treat inline code as a name a claim can be checked on", () => {
    expect(classifyClaim("I like dotenv")).toBe("opinion");
    expect(classifyClaim("I like dotenv", { hasCode: true })).toBe("factual");
  });

  it("should give every rule a reason", () => {
    for (const rule of KIND_RULES) expect(rule.why.length).toBeGreaterThan(10);
  });
});

describe("extractClaimsSync kinds", () => {
  it("should not split a question into clauses", () => {
    const claims = extractClaimsSync("Do you want me to check the changelog, and should I open a ticket?");
    expect(claims.map((c) => c.kind)).toEqual(["question"]);
  });

  it("should keep a hedged claim checkable", () => {
    const claims = extractClaimsSync("The invoice might total 3450 USD. Hope this helps!");
    expect(claims.map((c) => c.kind)).toEqual(["hedge", "not_checkable"]);
  });
});
