/**
 * A total or an average over one field of a tool's list is supported; a total the claim announces over every
 * row of the column its figure names is contradicted by the column's sum, and no other. A date range ("from
 * 12 to 14 March") picks every element dated inside it. Invented meter readings, expenses and episodes.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractDates } from "../../src/quantity/date-parse.js";
import { dateRanges } from "../../src/verify/date-ranges.js";

// 9.4 + 8.9 + 10.2 + 8.0 + 8.3 + 12.6 + 11.8 = 69.2 kWh over seven days, 9.89 a day.
const readings = {
  results: [
    ["2024-03-11", 9.412],
    ["2024-03-12", 8.876],
    ["2024-03-13", 10.231],
    ["2024-03-14", 7.954],
    ["2024-03-15", 8.31],
    ["2024-03-16", 12.605],
    ["2024-03-17", 11.842],
  ].map(([day, kwh]) => ({ consumption: kwh, interval_start: `${day}T00:00:00Z`, interval_end: `${day}T23:59:59Z` })),
};
// Each element carries a flag that is false: the sum has no line of its own, so no "false" is read against it.
const costs = {
  days: [
    { day: "2024-02-11", estimated: false, amount: 0.25 },
    { day: "2024-02-12", estimated: false, amount: 1.5 },
    { day: "2024-02-13", estimated: false, amount: 1.5 },
  ],
};
const expenses = {
  currency: "EUR",
  expenses: [
    { who: "Ines", amount: 42.5 },
    { who: "Tom", amount: 17.25 },
    { who: "Ada", amount: 30 },
  ],
};

async function verdictOf(content: unknown, draft: string) {
  const fw = new Firewall();
  fw.record({ source: "tool", content: content as never });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

describe("a total or a mean over one field of a list", () => {
  it.each<[string, string, unknown]>([
    ["You used 69.2 kWh.", "supported", readings],
    ["You used about 9.9 kWh a day.", "supported", readings],
    ["Daily use averaged 9.9 kWh.", "supported", readings],
    // 12 to 14 March: 8.876 + 10.231 + 7.954 = 27.06.
    ["From 12 to 14 March you used 27.1 kWh.", "supported", readings],
    ["Over March 12–14 you used 27.1 kWh.", "supported", readings],
    // A range picks every day inside it: the first day's reading is no correction of the range's total.
    ["Over March 12–14 you used 30.5 kWh.", "unsupported", readings],
    ["The expenses came to €89.75 in total.", "supported", expenses],
    ["On average each person spent €29.92.", "supported", expenses],
    ["The costs came to $3.25 in total.", "supported", costs],
    ["The costs did not come to $3.25 in total.", "unsupported", costs],
    // No column adds up to these: not supported, and not contradicted either (a total of something else).
    ["You used 75.0 kWh.", "unsupported", readings],
    ["You used about 15 kWh a day.", "unsupported", readings],
    ["The expenses came to €95.00 in total.", "unsupported", expenses],
    // A mean needs words that say so: 9.9 kWh alone is no value of the list.
    ["On Friday you used 9.9 kWh.", "unsupported", readings],
  ])("should read %j as %s", async (draft, verdict, content) => {
    const [got, fixes] = await verdictOf(content, draft);
    expect(got).toBe(verdict);
    expect(fixes).toEqual([]);
  });
});

describe("date ranges", () => {
  it.each<[string, Array<[number, number]>]>([
    ["From 11 to 17 March you used 69.2 kWh", [[311, 317]]],
    ["Over 11–17 March", [[311, 317]]],
    ["From 2 March to 5 April", [[302, 405]]],
    // A month, a day, then the range's last day.
    ["Over March 12–14 you used 27.1 kWh", [[312, 314]]],
    ["At March 12 - 10:30 the meter reset", []],
    ["from 2024-03-11 through 2024-03-17", [[20240311, 20240317]]],
    // Two days joined by "and" are a range only after "between".
    ["On 2 March and 5 April it rained", []],
    ["A single day: 4 March", []],
  ])("should read %j as %j", (text, want) => {
    expect(dateRanges(text, extractDates(text)).map((r) => [r.from, r.to])).toEqual(want);
  });
});

describe("a total over the rows a categorical value picks", () => {
  const deals = {
    deals: [
      { id: "d1", name: "Acme renewal", amount_eur: 40000, stage: "open" },
      { id: "d2", name: "Beta upsell", amount_eur: 45700, stage: "open" },
      { id: "d3", name: "Gamma", amount_eur: 12000, stage: "won" },
      { id: "d4", name: "Delta", amount_eur: 9000, stage: "lost" },
    ],
  };
  it.each([
    ["The open deals are worth €85,700 in total.", "supported"],
    ["All deals total €106,700.", "supported"],
    // Another subset's total, or none: unsupported, never corrected to a sum the claim may not mean.
    ["The open deals are worth €95,700 in total.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "crm", content: deals });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(v.verdict).toBe(verdict);
    expect(v.corrections).toEqual([]);
  });
});

describe("a share of a column's total that the rows a claim's word picks make up", () => {
  const costs = {
    period: "2024-05",
    groups: [
      { service: "EC2", cost: 4821.5 },
      { service: "S3", cost: 1200 },
      { service: "RDS", cost: 2400.25 },
      { service: "Lambda", cost: 78.25 },
    ],
  };
  it.each([
    ["EC2 was about 57% of the bill.", "supported"],
    ["RDS made up roughly 28% of spend.", "supported"],
    // No subset gives it: unsupported, never "corrected" to a share the claim may not mean.
    ["EC2 was about 40% of the bill.", "unsupported"],
  ])("%j", async (claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "cost_explorer", content: costs });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(v.verdict).toBe(verdict);
    expect(v.corrections).toEqual([]);
  });
});

describe("a total the claim announces over every row of the column its figure names", () => {
  const episodes = "Episode,Streams,Followers gained,Expiring soon\nEp 47,3894,61,2\nEp 48,3402,38,0\nEp 49,4911,97,1\n";
  it.each<[string, string, string[]]>([
    // 61 + 38 + 97 = 196; 3894 + 3402 + 4911 = 12,207.
    ["The episodes gained 200 followers in total.", "contradicted", ["196"]],
    ["Across the three episodes that's 12,500 streams in total.", "contradicted", ["12,207"]],
    ["The episodes gained 196 followers in total.", "supported", []],
    // A count of rows that is not the table's picks a part of them; so do "only", "top" and another column the
    // claim's words name; a small count counts the rows; an approximate total may round.
    ["Across the two episodes that's 12,500 streams in total.", "unsupported", []],
    ["The top episodes gained 200 followers in total.", "unsupported", []],
    ["The episodes expiring soon gained 200 followers in total.", "unsupported", []],
    ["That's 4 episodes in total.", "unsupported", []],
    // A sentence that names one of the rows may total that row's part.
    ["Ep 48 did well, with 200 followers in total.", "unsupported", []],
  ])("%s → %s %j", async (draft, verdict, fixes) => {
    expect(await verdictOf(episodes, draft)).toEqual([verdict, fixes]);
  });
});
