import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

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
