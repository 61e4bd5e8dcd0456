import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { dateKey } from "../../src/quantity/date-parse.js";
import { keyedTimestamp } from "../../src/verify/keyed-timestamps.js";

describe("keyedTimestamp", () => {
  it.each([
    ["created", "1432412561", "2015-05-23", "2015-05-23T20:22:41Z"],
    ["created_at", "1432412561000", "2015-05-23", "2015-05-23T20:22:41Z"],
    ["data.updatedAt", '"1700000000"', "2023-11-14", "2023-11-14T22:13:20Z"],
    ["detailOfferings[1].expireDate", "20240517235959", "2024-05-17", "2024-05-17T23:59:59Z"],
    ["invoice.due_date", "20240331", "2024-03-31", null],
    ["ts", "1717200000", "2024-06-01", "2024-06-01T00:00:00Z"],
    ["environments.production.lastModified", "1718031600000", "2024-06-10", "2024-06-10T15:00:00Z"],
    ["order.shipped_at", "1717502400", "2024-06-04", "2024-06-04T12:00:00Z"],
  ])("should read %s: %s as a date", (key, value, day, instant) => {
    const d = keyedTimestamp(key, value)!;
    expect(dateKey(d)).toBe(day);
    expect(d.instant).toBe(instant);
    expect(value.slice(d.span[0], d.span[1])).toBe(d.text);
  });

  it.each([
    ["amount", "1432412561"],
    ["format", "20240517"],
    ["runtime", "1432412561"],
    ["timeout", "1432412561"],
    ["id", "20240517235959"],
    ["created", "42"],
    ["created", "123456789"],
    ["expireDate", "20241345000000"],
    ["expireDate", "20240230"],
    ["created", "9999999999"],
    ["created", "1432412561.5"],
    ["last_four", "1709251200"],
    ["next_page", "1709251200"],
    ["first_name", "1709251200"],
  ])("should read %s: %s as no date", (key, value) => {
    expect(keyedTimestamp(key, value)).toBeNull();
  });
});

describe("a period's bound or the last, first or next event of a kind", () => {
  it.each([
    ["trial_start", "2024-03-01"],
    ["current_term_end", "2024-03-01"],
    ["periodEnd", "2024-03-01"],
    ["last_set", "2024-03-01"],
    ["next_payment_attempt", "2024-03-01"],
    ["lastSeen", "2024-03-01"],
    ["due", "2024-03-01"],
  ])("should read %s: 1709251200 as %s", (key, day) => {
    const d = keyedTimestamp(key, "1709251200")!;
    expect(`${d.year}-0${d.month}-0${d.day}`).toBe(day);
  });
});

describe("timestamps under time keys as evidence", () => {
  it("should check a creation date against Unix time", async () => {
    const fw = new Firewall();
    fw.record({ source: "payments.charge", content: { id: "ch_1", created: 1432412561, amount: 1230 } });
    const report = await fw.verify("The charge was created on 23 May 2015. The charge was created on 25 May 2015.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
    expect(report.verdicts[1]!.corrections.map((c) => c.value)).toEqual(["23 May 2015"]);
  });

  it("should read an expiry in the element the claim's other date picks, when every such element agrees", async () => {
    const offering = (start: string, end: string) => ({ effectiveDate: start, expireDate: end });
    const fw = new Firewall();
    fw.record({
      source: "subscriber.balance",
      content: {
        pools: [
          { name: "data", offerings: [offering("20240331203930", "20240430235959"), offering("20240417094955", "20240517235959")] },
          { name: "sms", offerings: [offering("20240331203930", "20240430235959"), offering("20240417094955", "20240517235959")] },
        ],
      },
    });
    const report = await fw.verify("The top-up from 17 April expires on 17 June. The top-up from 17 April expires on 17 May.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "supported"]);
    expect(report.verdicts[0]!.corrections.map((c) => c.value)).toEqual(["17 May 2024"]);
  });

  it("should leave an expiry unsettled when the elements the claim picks disagree", async () => {
    const fw = new Firewall();
    fw.record({
      source: "subscriber.balance",
      content: {
        offerings: [
          { effectiveDate: "20240417094955", expireDate: "20240517235959" },
          { effectiveDate: "20240417100000", expireDate: "20240617235959" },
        ],
      },
    });
    const v = (await fw.verify("The top-up from 17 April expires on 17 July.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
  });
});

describe("a date no word of the claim ties to one date field", () => {
  const fw = new Firewall();
  fw.record({
    source: "payroll.get_run",
    content: { run_id: "PR-2025-03B", status: "completed", pay_date: "2025-03-31", processed_at: "2025-03-28T16:42:10Z", employees_paid: 48 },
  });

  it.each<[string, string, string[]]>([
    // "completed on" names neither `pay_date` nor `processed_at`, and `processed_at` agrees: never "corrected".
    ["Payroll run PR-2025-03B completed on March 28, 2025, paying 48 employees.", "unsupported", []],
    // The claim's own words name the field: the difference stands.
    ["The pay date of run PR-2025-03B is April 1, 2025.", "contradicted", ["March 31, 2025"]],
    // "paid" names `pay_date` as "pay" does.
    ["Employees of run PR-2025-03B will be paid on April 1, 2025.", "contradicted", ["March 31, 2025"]],
    ["Payroll run PR-2025-03B was processed on March 28, 2025.", "supported", []],
  ])("should read %j as %s", async (claim, verdict, values) => {
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict === "contradicted" || v.verdict === "supported" ? v.verdict : "unsupported", v.corrections.map((c) => c.value)]).toEqual([
      verdict,
      values,
    ]);
  });
});
