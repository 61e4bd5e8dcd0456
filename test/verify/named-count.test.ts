import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check, verdictOf } from "./helpers.js";

const transactions = [
  { name: "Uber 063015 SF**POOL**", merchant_name: "Uber", amount: 5.4, date: "2024-03-25" },
  { name: "McDonald's", merchant_name: "McDonald's", amount: 12, date: "2024-03-22" },
  { name: "Uber 072515 SF**POOL**", merchant_name: "Uber", amount: 6.33, date: "2024-03-20" },
  { name: "SparkFun", merchant_name: "SparkFun", amount: 89.4, date: "2024-03-21" },
];

describe("a count of the elements a name picks", () => {
  const fw = new Firewall();
  fw.record({ source: "bank.transactions", content: transactions });

  it.each<[string, string]>([
    ["You took two Uber rides in March.", "supported"],
    ["There was one SparkFun purchase.", "supported"],
    // A different count is not contradicted: the page may hold fewer rows than the account has.
    ["You took three Uber rides in March.", "unsupported"],
  ])("should read %j as %s", async (claim, verdict) => {
    const [got] = await check(fw, claim);
    expect(got === "supported" || got === "contradicted" ? got : "unsupported").toBe(verdict);
  });
});

describe("a count against a page of rows beside a total field", () => {
  const issues = [
    { key: "PRJ-33", fields: { summary: "Upgrade the runner", status: { name: "Resolved" } } },
    { key: "PRJ-32", fields: { summary: "Fix the login page", status: { name: "Open" } } },
    { key: "PRJ-31", fields: { summary: "Rotate the keys", status: { name: "Open" } } },
  ];
  const fw = new Firewall();
  fw.record({ source: "tracker.search(project=PRJ, maxResults=50)", content: { startAt: 0, maxResults: 50, total: 34, issues } });

  it.each<[string, string]>([
    ["There are 34 issues in PRJ.", "supported"],
    // The page holds 3 rows of 34: another number is not contradicted by the count of the rows.
    ["There are 35 issues in PRJ.", "unsupported"],
  ])("should read %j as %s", async (claim, verdict) => {
    const [got] = await check(fw, claim);
    expect(got === "supported" || got === "contradicted" ? got : "unsupported").toBe(verdict);
  });
});

describe("a count of units before a name, against its order line's quantity", () => {
  const receipts = {
    results: [
      {
        buyer: "Ana Ruiz",
        transactions: [
          { title: "Stoneware Mug – Harbor Blue", quantity: 2 },
          { title: "Linen Napkin Set", quantity: 1 },
        ],
      },
      { buyer: "Ben Ode", transactions: [{ title: "Stoneware Mug – Harbor Blue", quantity: 1 }] },
    ],
  };
  it.each<[string, string, string[]]>([
    ["Ana Ruiz ordered three Harbor Blue mugs.", "contradicted", ["2"]],
    ["Ana Ruiz ordered two Harbor Blue mugs.", "supported", []],
    ["Ben Ode ordered one Harbor Blue mug.", "supported", []],
  ])("%s -> %s", async (draft, verdict, corrections) => {
    expect(await verdictOf(receipts, draft)).toEqual([verdict, corrections]);
  });

  it("should leave the count alone where two order lines name it and the claim picks neither", async () => {
    const [verdict] = await verdictOf(receipts, "Three Harbor Blue mugs were ordered.");
    expect(verdict).not.toBe("contradicted");
  });
});
