import { describe, expect, it } from "vitest";
import { extractClaimsSync } from "../../src/claims/index.js";
import { extractJsonClaims, negateStatement } from "../../src/claims/json-draft.js";
import { scanJson } from "../../src/claims/json-scan.js";
import { expectWellFormed, view } from "./helpers.js";

const POD = `{"pod": "ledger-api-7d9f", "namespace": "payments-prod", "restarts": 14, "root_cause": "OOMKilled (exit code 137)"}`;
const QUIZ = `{"quiz": [{"question": "True or False: A Bloom filter can report false negatives.", "answer": "false"}, {"question": "True or False: A Bloom filter can report false positives.", "answer": "true"}]}`;

function mapped(text: string) {
  return { text, map: Array.from(text, (_, k) => k) };
}

describe("scanJson", () => {
  it("should give the offsets of keys and values", () => {
    const text = ' { "a" : [1, "x\\"y"] } ';
    const root = scanJson(text);
    expect(root?.type).toBe("object");
    if (root?.type !== "object") return;
    const member = root.members[0]!;
    expect(text.slice(member.keyStart, member.keyEnd)).toBe('"a"');
    expect(text.slice(member.value.start, member.value.end)).toBe('[1, "x\\"y"]');
  });

  it.each(["{", '{"a": }', "[1, 2,]", '{"a": 1} x', "nope"])("should reject %j", (text) => {
    expect(scanJson(text)).toBeNull();
  });

  it("should give up on nesting deeper than it allows rather than overflow", () => {
    expect(scanJson("[".repeat(2000) + "]".repeat(2000))).toBeNull();
  });
});

describe("extractJsonClaims", () => {
  it("should make one claim per leaf spanning the key and value", () => {
    const claims = extractClaimsSync(POD);
    expectWellFormed(POD, claims);
    expect(view(POD, claims)).toEqual([
      { span: '"pod": "ledger-api-7d9f"', text: "pod: ledger-api-7d9f", kind: "factual", citations: [] },
      { span: '"namespace": "payments-prod"', text: "namespace: payments-prod", kind: "factual", citations: [] },
      { span: '"restarts": 14', text: "restarts: 14", kind: "factual", citations: [] },
      { span: '"root_cause": "OOMKilled (exit code 137)"', text: "root_cause: OOMKilled (exit code 137)", kind: "factual", citations: [] },
    ]);
  });

  it("should map the value characters so a correction replaces just the value", () => {
    const restarts = extractClaimsSync(POD)[2]!;
    const at = restarts.text.indexOf("14");
    expect(restarts.map.slice(at, at + 2)).toEqual([POD.indexOf("14"), POD.indexOf("14") + 1]);
  });

  it("should use the ledger's path style for nesting and arrays", () => {
    const draft = '{"invoices": [{"total": 4213450, "paid": true}], "orders": [], "note": null}';
    expect(extractClaimsSync(draft).map((c) => [c.text, c.kind])).toEqual([
      ["invoices[0].total: 4213450", "factual"],
      ["invoices[0].paid: true", "factual"],
      ["orders: []", "factual"],
      ["note: null", "not_checkable"],
    ]);
  });

  it("should turn quiz items into one claim each with the truth value applied", () => {
    const claims = extractClaimsSync(QUIZ);
    expectWellFormed(QUIZ, claims);
    expect(claims.map((c) => [c.text, c.kind])).toEqual([
      ["A Bloom filter cannot report false negatives", "factual"],
      ["A Bloom filter can report false positives", "factual"],
    ]);
    expect(QUIZ.slice(...claims[0]!.span)).toBe('{"question": "True or False: A Bloom filter can report false negatives.", "answer": "false"}');
  });

  it.each([
    ["The cache is warm", "The cache is not warm"],
    ["A Bloom filter can report false negatives", "A Bloom filter cannot report false negatives"],
    ["Paris is larger than Lyon and Nice is larger than Lyon", "It is not the case that Paris is larger than Lyon and Nice is larger than Lyon"],
    ["TCP guarantees ordering", "It is not the case that TCP guarantees ordering"],
    ["The disk is not full", "It is not the case that the disk is not full"],
  ])("should negate %j as %j", (statement, negated) => {
    expect(negateStatement(mapped(statement)).text).toBe(negated);
  });

  it("should return null for drafts that are not a JSON object or array", () => {
    expect(extractJsonClaims("The total is 5.")).toBeNull();
    expect(extractJsonClaims('"just a string"')).toBeNull();
    expect(extractJsonClaims("{not json}")).toBeNull();
  });

  it("should read a draft that only looks like JSON as prose", () => {
    const draft = "{not json} The total is 5.";
    expect(extractClaimsSync(draft).map((c) => c.text)).toEqual(["{not json} The total is 5."]);
  });
});
