import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractDates } from "../../src/quantity/date-parse.js";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";
import { derivedShape, type DerivedInput } from "../../src/verify/derived/index.js";
import { percentChange } from "../../src/verify/derived/percent-change.js";
import { perUnit } from "../../src/verify/derived/per-unit.js";
import { ratio } from "../../src/verify/derived/ratio.js";
import { identifiedRow, scheduleOffset } from "../../src/verify/derived/schedule-offset.js";
import { draftNear, NEAR_DRAFT_CHARS } from "../../src/verify/claim-scope.js";
import { sentenceOf } from "../../src/verify/derived/sentence.js";
import { share } from "../../src/verify/derived/share.js";
import { spread } from "../../src/verify/derived/spread.js";
import { unitConversion } from "../../src/verify/derived/unit-conversion.js";
import type { EvidenceFact } from "../../src/verify/evidence-facts.js";

/** An evidence value as tier 0 reads it from a `path: value` line. */
function fact(line: string, rowId?: string, row?: string): EvidenceFact {
  const value = line.slice(line.indexOf(": ") + 2);
  const d = extractDates(value)[0];
  const q = extractQuantities(value)[0];
  const chunk = { id: "c1", evidenceId: "e1", source: "tool", text: line, span: [0, line.length] as [number, number] };
  return {
    value: d && d.span[1] - d.span[0] >= value.length - 1 ? { type: "date", d } : { type: "quantity", q: q! },
    slot: new Set(),
    context: new Set(),
    structured: true,
    key: new Set(["k"]),
    span: [0, line.length],
    quote: { evidenceId: "e1", span: [0, line.length], text: line },
    chunk,
    ...(rowId ? { rowId, row: row ?? line } : {}),
  } as EvidenceFact;
}

/** The input for the figure `figure` (its first occurrence) of `claim`. */
function input(claim: string, figure: string, lines: string[], draft?: string): DerivedInput {
  const at = claim.indexOf(figure);
  const q = extractQuantities(claim).find((x) => x.span[0] === at)!;
  const facts = lines.map((l) => fact(l));
  return {
    figure: q,
    span: q.span,
    text: claim,
    sentence: sentenceOf(claim, q.span, draft),
    values: facts.filter((f) => f.value.type === "quantity"),
    dates: facts.filter((f) => f.value.type === "date"),
  };
}

const outcome = (shape: { check(i: DerivedInput): { outcome: string; fact: EvidenceFact } | null }, i: DerivedInput) => {
  const r = shape.check(i);
  return r === null ? null : r.outcome === "mismatch" ? `mismatch ${(r.fact.value as { q: { text: string } }).q.text}` : r.outcome;
};

describe("unitConversion", () => {
  it.each([
    ["Ashburn is at 14.9 °C (about 59 °F).", "59", ["temp: 14.9"], "match"],
    ["It is 20 °C (68 °F) today.", "68", ["high: 20"], "match"],
    ["A high near 94 °F (about 37 °C).", "37", ["temperature: 94"], "mismatch 34.4"],
    ["It is 100 °F, about 38 °C.", "38", ["temp: 100"], "match"],
    ["Water boils at 212 °F (100 °C).", "100", ["boil: 212"], "match"],
    ["42 therms, roughly 1,230 kWh.", "1,230", ["gas: 42"], "match"],
    // The other figure is not stated by the evidence: no support from a conversion of it.
    ["It is 20 °C (68 °F) today.", "68", ["high: 21"], null],
    // Not side by side: other words between them.
    ["It was 20 °C at noon and 68 °F at night.", "68", ["t: 20"], null],
    // No unit on the figure: no conversion is announced.
    ["Ashburn is at 14.9 °C with 59 percent humidity.", "59", ["temp: 14.9"], null],
    // Same scale on both sides.
    ["Between 12 °C and 54 °C.", "54", ["t: 12"], null],
  ])("%s (%s)", (claim, figure, lines, want) => {
    expect(outcome(unitConversion, input(claim, figure, lines))).toBe(want);
  });
});

describe("scheduleOffset", () => {
  const flight = [
    "departure.scheduled: 2024-03-18T22:45:00+00:00",
    "departure.actual: 2024-03-18T23:22:00+00:00",
    "arrival.scheduledTime: 2024-03-19T16:15:00+00:00",
    "arrival.actualTime: 2024-03-19T16:27:00+00:00",
  ];
  it.each([
    ["It pushed back 37 minutes late.", "37 minutes", "match"],
    ["It departed about 90 minutes late.", "90 minutes", "mismatch 37 minutes"],
    ["It arrived 12 minutes behind schedule.", "12 minutes", "match"],
    ["It landed 20 minutes late.", "20 minutes", "mismatch 12 minutes"],
    ["It was delayed by 37 minutes on departure.", "37 minutes", "match"],
    // Early against a late departure: the words are wrong, not the figure.
    ["It pushed back 37 minutes early.", "37 minutes", null],
    // No schedule words: no offset is announced.
    ["The flight took 37 minutes to board.", "37 minutes", null],
    // Neither event named and the two offsets differ: which one is meant is not known.
    ["It was 15 minutes late.", "15 minutes", null],
  ])("%s", (claim, figure, want) => {
    expect(outcome(scheduleOffset, input(claim, figure, flight))).toBe(want);
  });

  it("should read a quarter of an hour as 15 minutes, and never correct it", () => {
    const lines = ["arrival.scheduledTime: 2023-01-10T07:45:00Z", "arrival.actualTime: 2023-01-10T07:30:00Z"];
    expect(outcome(scheduleOffset, input("It landed a quarter of an hour ahead of schedule.", "a quarter", lines))).toBe("match");
    expect(outcome(scheduleOffset, input("It landed half an hour ahead of schedule.", "half", lines))).toBeNull();
  });

  it.each([
    ["KL 1164 landed early", "a"],
    ["KL 1167 landed early", "b"],
    ["The flight to Helsinki landed early", null],
    ["KL 1164 and KL 1167 landed early", null],
  ])("should pick the element a token names only once: %s", (words, want) => {
    const rows = new Map([
      ["a", "number: KL 1164\ncity: Helsinki"],
      ["b", "number: KL 1167\ncity: Helsinki"],
    ]);
    expect(identifiedRow(rows, words)).toBe(want);
  });
});

describe("percentChange", () => {
  it.each([
    ["S3 grew from $56.03 to $90.68, up about 62%.", "62%", ["a: 56.03 USD", "b: 90.68 USD"], "match"],
    ["Costs fell from $217.77 to $36.10, an 83% drop.", "83%", ["a: 217.77 USD", "b: 36.10 USD"], "match"],
    ["It rose about 35% from $39.48 to $45.93.", "35%", ["a: 39.48 USD", "b: 45.93 USD"], "mismatch 16.3%"],
    ["The bill of $159.85 is up about 18% on last month's $139.20.", "18%", ["a: 159.85 USD", "b: 139.20 USD"], "mismatch 14.8%"],
    ["The bill of $159.85 is up about 15% on last month's $139.20.", "15%", ["a: 159.85 USD", "b: 139.20 USD"], "match"],
    // A rise that the figures show as a fall.
    ["It rose 20% from $50 to $40.", "20%", ["a: 50 USD", "b: 40 USD"], null],
    // No change words: not a change.
    ["Of $50 and $40, 20% is tax.", "20%", ["a: 50 USD", "b: 40 USD"], null],
    // An operand the evidence does not state.
    ["S3 grew from $56.03 to $90.68, up about 62%.", "62%", ["a: 56.03 USD"], null],
    // Three amounts: the nearest two support, but none can contradict.
    ["From $10 to $20 and then $30, up 70%.", "70%", ["a: 10 USD", "b: 20 USD", "c: 30 USD"], null],
  ])("%s", (claim, figure, lines, want) => {
    expect(outcome(percentChange, input(claim, figure, lines))).toBe(want);
  });

  it.each([
    ["Your June invoice is $240.00. That's up about 20% on May's $200.00.", "20%", "match"],
    ["Your June invoice is $240.00. That's up about 30% on May's $200.00.", "30%", "mismatch 20%"],
    // "That" is the amount the nearest earlier sentence asserts, past a sentence of another kind.
    ["Your June invoice is $240.00. Usage came to 610 kWh. That's up about 30% on May's $200.00.", "30%", "mismatch 20%"],
    // No earlier sentence asserts an amount: nothing to compare with.
    ["The tank holds 300 litres. That's up about 30% on May's $200.00.", "30%", null],
  ])("should read 'That' in %s as the amount asserted before", (draft, figure, want) => {
    const claim = draft.slice(draft.lastIndexOf("That's"));
    expect(outcome(percentChange, input(claim, figure, ["a: 240.00 USD", "b: 200.00 USD"], draft))).toBe(want);
  });
});

describe("share", () => {
  it.each([
    ["The $1,400.00 charge carried $225.00 in fees, about 16%.", "16%", ["a: 1400 USD", "b: 225 USD"], "match"],
    ["You have 4,459.5 of 5,000 left, about 11% used.", "11%", ["a: 4459.5", "b: 5000"], "match"],
    ["You have 4,459.5 of 5,000 left, about 89%.", "89%", ["a: 4459.5", "b: 5000"], "match"],
    ["You have 4,459.5 of 5,000 left, about 30% used.", "30%", ["a: 4459.5", "b: 5000"], "mismatch 10.8%"],
    // Without "of" a wrong share is left unsettled (the percentage may be of something else).
    ["The $1,400.00 charge carried $225.00 in fees, about 30%.", "30%", ["a: 1400 USD", "b: 225 USD"], null],
    // A change is no share.
    ["It rose from 50 to 80, up 62%.", "62%", ["a: 50", "b: 80"], null],
    // Operands after the percentage are not its whole.
    ["About 16% went to fees of $225.00 on $1,400.00.", "16%", ["a: 1400 USD", "b: 225 USD"], null],
    // ...unless they are an explicit "A of B" right after it, which only supports.
    ["The garage is about 71% full (664 of 930 spaces).", "71%", ["a: 664", "b: 930"], "match"],
    ["The garage is about 80% full (664 of 930 spaces).", "80%", ["a: 664", "b: 930"], null],
    // A participle after a count counts the noun before it: "51,077 delivered" are requests.
    ["52,340 requests and 51,077 delivered, a delivery rate of 97.6%.", "97.6%", ["requests: 52340", "delivered: 51077"], "match"],
    ["52,340 requests and 51,077 delivered, a delivery rate of 95.6%.", "95.6%", ["requests: 52340", "delivered: 51077"], null],
    // Two nouns are two families: no share of one in the other.
    ["52,340 requests and 51,077 users, a rate of 97.6%.", "97.6%", ["requests: 52340", "users: 51077"], null],
  ])("%s", (claim, figure, lines, want) => {
    expect(outcome(share, input(claim, figure, lines))).toBe(want);
  });

  it('should read an explicit "A of B" from a total row when the claim names the board\'s title', async () => {
    const fw = new Firewall();
    fw.record({
      source: "lot board",
      content:
        "RIVERSIDE GARAGE — LIVE OCCUPANCY\n\nLEVEL   TYPE             CAPACITY   OCCUPIED   AVAILABLE   STATUS\nP1      General               200        150          50   OPEN\nP2      General               300        150         150   OPEN\n------  --------------   --------   --------   ---------\nTOTAL                         500        300         200",
    });
    const right = await fw.verify("Riverside Garage is about 60% full (300 of 500 spaces).");
    expect(right.verdicts[0]!.verdict).toBe("supported");
    // A wrong share is only left unsettled: the shape never contradicts an "A of B" after the figure.
    const wrong = await fw.verify("Riverside Garage is about 75% full (300 of 500 spaces).");
    expect(wrong.verdicts[0]!.verdict).not.toBe("supported");
    expect(wrong.verdicts[0]!.corrections).toEqual([]);
  });
});

describe("perUnit", () => {
  it.each([
    ["The Hot Pot for 2 ($58) works out to $29 a head.", "$29", ["price: 58 USD"], "match"],
    ["The Hot Pot for 2 ($58) works out to $35 a head.", "$35", ["price: 58 USD"], "mismatch $29"],
    ["The $120 bill split between 4 people is $30 each.", "$30", ["total: 120 USD"], "match"],
    // No count of people: no division is announced.
    ["The $58 dish is $29 a head.", "$29", ["price: 58 USD"], null],
    // No per-person words.
    ["The Hot Pot for 2 ($58) and a $29 wine.", "$29", ["price: 58 USD"], null],
    // Two amounts: the nearest supports, neither can contradict.
    ["Oysters are $6 and the Hot Pot for 2 ($58) is $35 a head.", "$35", ["a: 6 USD", "b: 58 USD"], null],
  ])("%s", (claim, figure, lines, want) => {
    expect(outcome(perUnit, input(claim, figure, lines))).toBe(want);
  });
});

describe("spread", () => {
  it.each([
    ["From 12.8 to 17.2, a spread of about 4.4 degrees.", "4.4", ["min: 12.78", "max: 17.22"], "match"],
    ["From 12.8 to 17.2, a spread of about 6.4 degrees.", "6.4", ["min: 12.78", "max: 17.22"], "mismatch 4.44"],
    ["Between $30 and $45, a gap of $15.", "$15", ["a: 30 USD", "b: 45 USD"], "match"],
    // A figure that equals the difference without saying so.
    ["From 12.8 to 17.2, with 4.4 mm of rain.", "4.4", ["min: 12.78", "max: 17.22"], null],
    // An operand the evidence does not state.
    ["From 12.8 to 17.2, a spread of about 6.4 degrees.", "6.4", ["min: 12.78"], null],
    // A final score's margin.
    ["The Owls beat the Larks 98–91, a 7-point win.", "7", ["home.score: 98", "away.score: 91"], "match"],
    // A wrong margin is left unsettled: the score's dash joins its two figures into one operand group.
    ["The Owls beat the Larks 98–91, a 9-point win.", "9", ["home.score: 98", "away.score: 91"], null],
    ["City won 3–1, a 2-goal margin.", "2", ["home: 3", "away: 1"], "match"],
    // A count of points is no margin.
    ["The Owls beat the Larks 98–91 with 7 points from Reyes.", "7", ["home.score: 98", "away.score: 91"], null],
  ])("%s", (claim, figure, lines, want) => {
    expect(outcome(spread, input(claim, figure, lines))).toBe(want);
  });
});

describe("spread over two elements", () => {
  it("should support a margin whose operands are two teams' scores, and correct a wrong one", async () => {
    const fw = new Firewall();
    fw.record({
      source: "judging.results",
      content: {
        submissions: [
          { team: "Tide Tables", weighted_total: 7.94, rank: 2 },
          { team: "Lumen", weighted_total: 8.02, rank: 1 },
        ],
      },
    });
    // The margin reads with the winner's name as its label ("Lumen: a margin of 0.08"): the runner-up's score
    // is another element's, and still an operand of the difference.
    const right = await fw.verify("Lumen won the finals with a weighted score of 8.02, just ahead of Tide Tables at 7.94 — a margin of 0.08.");
    expect(right.claims.at(-1)!.text).toBe("Lumen: a margin of 0.08.");
    expect(right.verdicts.map((v) => v.verdict)).toEqual(["supported", "supported", "supported"]);
    const wrong = await fw.verify("Lumen won with 8.02, just ahead of Tide Tables at 7.94, a margin of 0.3.");
    expect(wrong.verdicts.at(-1)!.verdict).toBe("contradicted");
    expect(wrong.verdicts.flatMap((v) => v.corrections.map((c) => c.value))).toEqual(["0.08"]);
  });
});

describe("ratio", () => {
  it.each([
    ["Estimated at 3 hours but 469 hours logged, over 150 times the estimate.", "150", ["a: 3 h", "b: 469 h"], "match"],
    ["It is 2.1 times the size: 2,100 KB against 1,000 KB.", "2.1", ["a: 2100 KB", "b: 1000 KB"], "match"],
    ["It is 3.5 times the size: 2,100 KB against 1,000 KB.", "3.5", ["a: 2100 KB", "b: 1000 KB"], "mismatch 2.1"],
    // No "times": a number that happens to equal a ratio.
    ["2,100 KB against 1,000 KB, and 2.1 GB free.", "2.1", ["a: 2100 KB", "b: 1000 KB"], null],
    // "N times" that counts occurrences is no multiple of the sentence's other counts.
    ["Maths comes up five times, English four times.", "five", ["maths: 5", "english: 4"], null],
    ["It ran 3 times, twice on 2 hosts.", "3", ["runs: 6", "hosts: 2"], null],
  ])("%s", (claim, figure, lines, want) => {
    expect(outcome(ratio, input(claim, figure, lines))).toBe(want);
  });
});

describe("sentenceOf", () => {
  it("should find a split claim's sentence in the draft", () => {
    const draft = "That **$1,400.00** charge carried **$225.00** in fees — about 16% — including more. Next.";
    const s = sentenceOf("about 16%", [6, 9], draft);
    expect(s.text).toBe("That $1,400.00 charge carried $225.00 in fees — about 16% — including more.");
    expect(s.text.slice(s.span[0], s.span[1])).toBe("16%");
  });

  it("should look near the claim in a long draft, so a far repeat of its words does not hide its sentence", () => {
    const core = "That **$1,400.00** charge carried **$225.00** in fees — about 16% — including more.";
    const draft = `${core}\n\n${"We looked at the account history.\n\n".repeat(400)}${core}`;
    const span: [number, number] = [0, core.length];
    expect(sentenceOf("about 16%", [6, 9], draft).text).toBe("about 16%");
    const near = draftNear(draft, span);
    expect(near.length).toBeLessThanOrEqual(2 * NEAR_DRAFT_CHARS + core.length);
    expect(sentenceOf("about 16%", [6, 9], near).text).toBe("That $1,400.00 charge carried $225.00 in fees — about 16% — including more.");
  });

  it.each([
    ["a short draft is kept whole", 2_000, [500, 600], 2_000],
    ["a long draft is cut to the claim's neighbourhood", 100_000, [50_000, 50_100], 2 * 4_000 + 100],
    ["at the draft's start", 100_000, [0, 100], 4_000 + 100],
    ["at the draft's end", 100_000, [99_900, 100_000], 4_000 + 100],
  ] as const)("draftNear: %s", (_, length, span, expected) => {
    const draft = "x".repeat(length);
    expect(draftNear(draft, span).length).toBe(expected);
  });

  it("should keep the claim when its figure occurs twice in the draft", () => {
    expect(sentenceOf("up 5%", [3, 5], "Sales are up 5%. Costs are up 5%.").text).toBe("up 5%");
  });

  it("should let a split percentage take its operands from its sentence", () => {
    const draft = "S3 grew from $56.03 to $90.68, up about 62% — mostly from logs.";
    const i = input("up about 62% — mostly from logs.", "62%", ["a: 56.03 USD", "b: 90.68 USD"], draft);
    expect(derivedShape(i)?.outcome).toBe("match");
  });
});

describe("operands in minor units", () => {
  it.each([
    ["The $1,400.00 charge carried $225.00 in fees, about 16%.", "supported"],
    ["The $1,400.00 charge carried $225.00 in fees, about 16% of the charge.", "supported"],
  ])("should compute a share of amounts a tool states in cents: %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "payments.get(id=py_1)", content: { id: "py_1", amount: 140000, fee: 22500, net: 117500, currency: "usd" } });
    const report = await fw.verify(draft);
    const claim = report.claims.find((c) => c.text.includes("16%"))!;
    expect(report.verdicts.find((v) => v.claimId === claim.id)!.verdict).toBe(want);
  });
});
