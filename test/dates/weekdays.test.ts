/**
 * A weekday written before a day is part of the date: a wrong weekday is a wrong date, and only the weekday
 * word is corrected. Table tests over the parser, the comparison and the correction; invented records.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractDates, formatDateLike, matchDate } from "../../src/quantity/date-parse.js";
import { weekdayOf } from "../../src/quantity/weekdays.js";

const one = (text: string) => {
  const d = extractDates(text)[0];
  if (!d) throw new Error(`no date in ${JSON.stringify(text)}`);
  return d;
};

describe("weekdays in date mentions", () => {
  it.each<[string, string, number | undefined]>([
    ["issued on Thursday, March 1.", "Thursday, March 1", 4],
    ["due Fri 2024-03-01", "Fri 2024-03-01", 5],
    ["on Sat. 3 Sept 2022", "Sat. 3 Sept 2022", 6],
    // A month alone takes no weekday; a lower-case word is no weekday.
    ["every Monday, March 2024", "March 2024", undefined],
    ["the sun March 1", "March 1", undefined],
  ])("should read %j as %j with weekday %s", (text, mention, weekday) => {
    const d = one(text);
    expect([d.text, d.weekday]).toEqual([mention, weekday]);
  });

  it.each<[string, string, string]>([
    ["Friday, March 1", "2024-03-01", "match"],
    ["Thursday, March 1", "2024-03-01", "mismatch"],
    // No year in the evidence: the weekday cannot be checked, the day still agrees.
    ["Thursday, March 1", "March 1", "match"],
    ["Thu 2024-02-29", "2024-02-29", "match"],
  ])("should compare %j with %j as %s", (claim, evidence, expected) => {
    expect(matchDate(one(claim), one(evidence))).toBe(expected);
  });

  it("should compute weekdays of the proleptic Gregorian calendar", () => {
    expect(weekdayOf(one("2000-01-01"))).toBe(6);
    expect(weekdayOf(one("2024-02-29"))).toBe(4);
    expect(weekdayOf(one("March 1"))).toBeNull();
  });

  it("should write a correction's weekday in the claim's form", () => {
    expect(formatDateLike(one("2024-03-05"), one("Thursday, March 1"))).toBe("Tuesday, March 5, 2024");
    expect(formatDateLike(one("2024-03-05"), one("Thu Mar 1"))).toBe("Tue Mar 5, 2024");
  });
});

describe("a wrong weekday end to end", () => {
  const tickets = [
    { citation: "PX-1", location: "Elm Row", issued: "2024-03-01T07:58:00" },
    { citation: "PX-2", location: "Quay St", issued: "2024-03-04T16:30:00" },
  ];
  it.each<[string, string, Array<[string, string]>]>([
    ["The Elm Row ticket was issued on Thursday, March 1.", "contradicted", [["Thursday", "Friday"]]],
    ["The Elm Row ticket was issued on Friday, March 1.", "supported", []],
    ["The Quay St ticket was issued on Mon, March 4.", "supported", []],
  ])("should read %j as %s", async (draft, verdict, fixes) => {
    const fw = new Firewall({ policy: { action: "rewrite" } });
    fw.record({ source: "citations", content: tickets });
    const report = await fw.verify(draft);
    const v = report.verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => [c.wrong, c.value])]).toEqual([verdict, fixes]);
  });

  it("should rewrite only the weekday word", async () => {
    const fw = new Firewall({ policy: { action: "rewrite" } });
    fw.record({ source: "citations", content: tickets });
    const report = await fw.verify("The Elm Row ticket was issued on Thursday, March 1.");
    expect(report.output).toContain("issued on Friday, March 1");
  });
});
