import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateKey, extractDates, formatDateLike, matchDate } from "../../src/quantity/date-parse.js";
import type { DateMention } from "../../src/quantity/types.js";

const REF = new Date("2026-06-01T12:00:00Z");
const keys = (text: string, locale?: "us" | "gb") => extractDates(text, { reference: REF, locale }).map((d) => [d.text, dateKey(d)]);
const one = (text: string): DateMention => {
  const found = extractDates(text, { reference: REF });
  if (found.length !== 1) throw new Error(`expected one date in ${JSON.stringify(text)}, got ${found.length}`);
  return found[0] as DateMention;
};

describe("extractDates", () => {
  it.each([
    // ISO dates and timestamps
    ["Released 2024-03-01.", [["2024-03-01", "2024-03-01"]]],
    ["at 2026-05-28T09:25:00Z", [["2026-05-28T09:25:00Z", "2026-05-28"]]],
    ['"18.0.10":"2026-11-09T00:53:33+00:00"', [["2026-11-09T00:53:33+00:00", "2026-11-09"]]],
    ["2026-08-28T09:24:29.847000+00:00", [["2026-08-28T09:24:29.847000+00:00", "2026-08-28"]]],
    // A timestamp with its own offset names its local calendar day (the instant stays in UTC).
    ["2026-05-28T23:30:00-05:00", [["2026-05-28T23:30:00-05:00", "2026-05-28"]]],
    ["2024-02-29 was a leap day", [["2024-02-29", "2024-02-29"]]],
    // month names
    ["on 1 March 2024", [["1 March 2024", "2024-03-01"]]],
    ["on March 1st, 2024", [["March 1st, 2024", "2024-03-01"]]],
    ["by March 1, 2024", [["March 1, 2024", "2024-03-01"]]],
    ["Oct 9, 2026", [["Oct 9, 2026", "2026-10-09"]]],
    ["Oct. 9, 2026", [["Oct. 9, 2026", "2026-10-09"]]],
    ["Sept 3, 2024", [["Sept 3, 2024", "2024-09-03"]]],
    ["9 October 2026", [["9 October 2026", "2026-10-09"]]],
    ["the 1st of March 2024", [["1st of March 2024", "2024-03-01"]]],
    ["Your order A-5521 shipped on March 3 via FedEx", [["March 3", "--03-03"]]],
    ["Here is your briefing for May 25.", [["May 25", "--05-25"]]],
    ["revenue in October 2024 rose", [["October 2024", "2024-10"]]],
    ["since Oct 2024", [["Oct 2024", "2024-10"]]],
    [
      "March 1 - 5, 2024",
      [
        ["March 1", "2024-03-01"],
        ["5, 2024", "2024-03-05"],
      ],
    ],
    // numeric day/month dates
    ["03/01/2024", [["03/01/2024", "2024-03-01"]]],
    ["25/12/2024", [["25/12/2024", "2024-12-25"]]],
    ["12/25/2024", [["12/25/2024", "2024-12-25"]]],
    ["01.02.2024", [["01.02.2024", "2024-01-02"]]],
    // years
    ["in 2024", [["2024", "2024"]]],
    ["since 1998 the firm grew", [["1998", "1998"]]],
    [
      "from 2019 to 2024",
      [
        ["2019", "2019"],
        ["2024", "2024"],
      ],
    ],
    ["during 2100,", [["2100", "2100"]]],
    // quarters
    ["Q3 2024", [["Q3 2024", "2024-Q3"]]],
    ["Q3 results", [["Q3", "Q3"]]],
    ["the third quarter of 2024", [["third quarter of 2024", "2024-Q3"]]],
    ["3Q24 revenue", [["3Q24", "2024-Q3"]]],
    ["2024-Q3", [["2024-Q3", "2024-Q3"]]],
    ["Q1'25", [["Q1'25", "2025-Q1"]]],
    // not dates
    ["31/02/2024", []],
    ["2024-02-30", []],
    ["2023-02-29", []],
    ["13/13/2024", []],
    ["2024 requests were served", []],
    ["in 2024 cases the check failed", []],
    ["You may want to check the logs", []],
    ["We will march on", []],
    ["6 hours ago", []],
    ["yesterday", []],
    ["now", []],
    ["today", []],
    ["for the second time", []],
    ["version 1.2.2024", []],
    ["port 2024", []],
    ["", []],
  ])("should read %j as %j", (text, expected) => {
    expect(keys(text)).toEqual(expected);
  });

  it.each([
    ["03/01/2024", "us", "2024-03-01"],
    ["03/01/2024", "gb", "2024-01-03"],
    ["25/12/2024", "us", "2024-12-25"],
    ["12/25/2024", "gb", "2024-12-25"],
  ] as const)("should read %s under locale %s as %s", (text, locale, key) => {
    expect(keys(text, locale)).toEqual([[text, key]]);
  });

  it("should give exact spans and the UTC instant of a timestamp", () => {
    const text = "The current release of `dotenv` landed on 2026-11-09T00:53:33+00:00 after review.";
    const [d] = extractDates(text);
    expect(d?.span).toEqual([42, 67]);
    expect(text.slice(...(d?.span ?? [0, 0]))).toBe("2026-11-09T00:53:33+00:00");
    expect(d).toMatchObject({ year: 2026, month: 11, day: 9, granularity: "day", instant: "2026-11-09T00:53:33.000Z" });
  });

  it("should keep the other dates when one is invalid", () => {
    expect(keys("31/02/2024 then 2024-02-30 then 2024-03-01")).toEqual([["2024-03-01", "2024-03-01"]]);
  });

  it("should not throw on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (s) => Array.isArray(extractDates(s))));
  });

  const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const pad = (n: number) => String(n).padStart(2, "0");
  const STYLES: Record<string, (y: number, m: number, d: number) => string> = {
    iso: (y, m, d) => `${y}-${pad(m)}-${pad(d)}`,
    dayMonthYear: (y, m, d) => `${d} ${MONTHS[m - 1]} ${y}`,
    monthDayYear: (y, m, d) => `${MONTHS[m - 1]} ${d}, ${y}`,
    abbreviated: (y, m, d) => `${MONTHS[m - 1]?.slice(0, 3)} ${d}, ${y}`,
    usSlash: (y, m, d) => `${pad(m)}/${pad(d)}/${y}`,
  };

  it.each(Object.keys(STYLES))("should parse back any valid date written in the %s style", (style) => {
    const write = STYLES[style] as (y: number, m: number, d: number) => string;
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        const found = extractDates(`It happened on ${write(y, m, d)}.`, { reference: REF });
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ year: y, month: m, day: d, granularity: "day" });
      }),
      { numRuns: 200 },
    );
  });
});

describe("matchDate", () => {
  it.each([
    ["March 2024", "2024-03-15", "match"],
    ["2024-03-01", "2024-03-02", "mismatch"],
    ["2024-03-01", "March 1, 2024", "match"],
    ["March 3", "2026-03-03T10:00:00Z", "match"],
    ["May 25", "2026-05-28T10:00:00Z", "mismatch"],
    ["in 2024", "2025-01-10", "mismatch"],
    ["in 2024", "2024-12-31", "match"],
    ["Q1 2024", "2024-02-10", "match"],
    ["Q1 2024", "2024-04-10", "mismatch"],
    ["Q3", "2025-08-01", "match"],
    ["2024-03-05", "October 2024", "mismatch"],
    ["2024-03-05", "March 2024", "incomparable"],
    ["March 5, 2024", "March 5", "incomparable"],
    ["2024-03-05", "Q1 2024", "incomparable"],
    ["2024-05-05", "Q1 2024", "mismatch"],
  ] as const)("should compare claim %j with evidence %j as %s", (claim, evidence, expected) => {
    expect(matchDate(one(claim), one(evidence))).toBe(expected);
  });

  it("should match the dotenv release date against its timestamp", () => {
    const claim = extractDates("The current release of `dotenv` landed on 2026-11-09")[0] as DateMention;
    const evidence = extractDates('{"18.0.10":"2026-11-09T00:53:33+00:00"}')[0] as DateMention;
    expect(matchDate(claim, evidence)).toBe("match");
  });
});

describe("formatDateLike", () => {
  it.each([
    ["May 25", "2026-05-28T10:00:00Z", "May 28, 2026"],
    ["17 June", "2024-05-17", "17 May 2024"],
    ["Oct 9, 2026", "2026-11-09", "Nov 9, 2026"],
    ["OCT 9, 2026", "2026-11-09", "NOV 9, 2026"],
    ["9 October 2026", "2026-11-09", "9 November 2026"],
    ["March 1st, 2024", "2024-03-22", "March 22nd, 2024"],
    ["2024-03-01", "March 5, 2024", "2024-03-05"],
    ["03/01/2024", "2024-12-25", "12/25/2024"],
    ["25/12/2024", "2024-03-05", "05/03/2024"],
    ["October 2024", "2024-03-02", "March 2024"],
    ["Q3 2024", "2024-11-02", "Q4 2024"],
    ["3Q24", "2024-11-02", "4Q24"],
    ["third quarter of 2024", "2024-11-02", "fourth quarter of 2024"],
    ["in 2024", "2001-01-01", "2001"],
    ["2026-05-28T09:25:00Z", "2026-08-28T09:24:29Z", "2026-08-28T09:24:29Z"],
    ["March 5, 2024", "March 2024", "March 2024"],
  ])("should write evidence for claim %j from %j as %j", (claim, evidence, expected) => {
    expect(formatDateLike(one(evidence), one(claim))).toBe(expected);
  });

  it("should correct the briefing date in the claim's own style", () => {
    const claim = extractDates("Here is your briefing for May 25.")[0] as DateMention;
    const evidence = extractDates("scheduled_at: 2026-05-28T10:00:00Z")[0] as DateMention;
    expect(matchDate(claim, evidence)).toBe("mismatch");
    expect(formatDateLike(evidence, claim)).toBe("May 28, 2026");
  });
});

describe("formatDateLike with four-letter month names", () => {
  it("should keep 'June' and 'July' whole and abbreviate only abbreviations", () => {
    const [ev] = extractDates("2024-06-11");
    const [june] = extractDates("June 12");
    const [jun] = extractDates("Jun 12");
    const [july] = extractDates("July 4, 2024");
    expect(formatDateLike(ev!, june!)).toBe("June 11, 2024");
    expect(formatDateLike(ev!, jun!)).toBe("Jun 11, 2024");
    expect(formatDateLike(ev!, july!)).toBe("June 11, 2024");
  });
});

describe("a day against a moment written in UTC", () => {
  const one = (text: string) => {
    const [d] = extractDates(text);
    if (!d) throw new Error(`no date in ${JSON.stringify(text)}`);
    return d;
  };
  it.each<[string, string, string]>([
    // 01:00Z on June 7 is the evening of June 6 in the Americas: no sure difference.
    ["June 6, 2025", "2025-06-07T01:00:00Z", "incomparable"],
    ["June 7, 2025", "2025-06-07T01:00:00Z", "match"],
    ["June 5, 2025", "2025-06-07T01:00:00Z", "mismatch"],
    // 20:00Z on June 6 is June 7 east of UTC+4.
    ["June 7, 2025", "2025-06-06T20:00:00Z", "incomparable"],
    ["Saturday, June 7, 2025", "2025-06-06T20:00:00Z", "incomparable"],
    ["Sunday, June 8, 2025", "2025-06-06T20:00:00Z", "mismatch"],
    // A day's own bound names its written day; a timestamp with its own offset keeps its written day.
    ["October 23, 2024", "2024-10-22T23:59:00Z", "mismatch"],
    ["June 6, 2025", "2025-06-07T00:00:00Z", "mismatch"],
    ["June 6, 2025", "2025-06-07T01:00:00+02:00", "mismatch"],
  ])("%s against %s → %s", (claim, evidence, want) => {
    expect(matchDate(one(claim), one(evidence))).toBe(want);
  });
});
