import { describe, expect, it } from "vitest";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import type { DerivedInput } from "../../src/verify/derived/index.js";
import { runningTotal } from "../../src/verify/derived/running-total.js";
import { sentenceOf } from "../../src/verify/derived/sentence.js";
import type { EvidenceFact } from "../../src/verify/evidence-facts.js";
import { verdictOf } from "./helpers.js";

/** An evidence amount as tier 0 reads it from a `path: value` line beside a `currency` field. */
function amount(line: string): EvidenceFact {
  const value = line.slice(line.indexOf(": ") + 2);
  const q = extractQuantities(value)[0]!;
  const chunk = { id: "c1", evidenceId: "e1", source: "tool", text: line, span: [0, line.length] as [number, number] };
  return {
    value: { type: "quantity", q: { ...q, kind: "money", currency: "USD", unit: "USD" } },
    slot: new Set(),
    context: new Set(),
    structured: true,
    key: new Set([line.slice(0, line.indexOf(":"))]),
    span: [0, line.length],
    quote: { evidenceId: "e1", span: [0, line.length], text: line },
    chunk,
  } as EvidenceFact;
}

function input(claim: string, figure: string, lines: string[]): DerivedInput {
  const at = claim.indexOf(figure);
  const q = extractQuantities(claim).find((x) => x.span[0] === at)!;
  const values = lines.map(amount);
  return { figure: q, span: q.span, text: claim, sentence: sentenceOf(claim, q.span, undefined), values, dates: [] };
}

describe("running total", () => {
  it.each([
    ["The food came to $34.75, add the $5.99 fee and your total is $40.74.", "$40.74", ["food: 34.75", "fee: 5.99"], "match"],
    ["The estimate is $620, of which $150 is paid, leaving $470.", "$470", ["estimate: 620", "paid: 150"], "match"],
    ["$12,842.50 available and $4,310.77 pending, about $17.2k in total.", "$17.2k", ["available: 12842.50", "pending: 4310.77"], "match"],
    // A total that differs is left to the slot reading: it may add what the sentence leaves out (tax).
    ["The food came to $34.75, add the $5.99 fee and your total is $44.10.", "$44.10", ["food: 34.75", "fee: 5.99"], null],
    // No total or remainder word: the sum is a coincidence.
    ["The food was $34.75, the fee $5.99 and the bag $40.74.", "$40.74", ["food: 34.75", "fee: 5.99"], null],
    // An earlier figure the evidence does not state: no check.
    ["The food came to $34.75, add a $9 tip and your total is $43.75.", "$43.75", ["food: 34.75"], null],
  ])("%s", (claim, figure, lines, want) => {
    const found = runningTotal.check(input(claim, figure, lines));
    expect(found === null ? null : found.outcome).toBe(want);
  });

  it("should support a remainder over an element's minor units (a whole tip in cents included)", async () => {
    const delivery = { delivery: { id: "D-1", order_value: 3475, fee: 599, tip: 700, currency: "USD" } };
    expect(await verdictOf(delivery, "The food came to $34.75, add the $5.99 fee and a $7 tip and your total is $47.74.")).toEqual(["supported", []]);
  });
});
