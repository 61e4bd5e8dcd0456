/**
 * Beside a record's currency field, numbers are amounts unless their key says otherwise: a whole number under
 * a plural noun that is no money word (`players`, `nights`) counts things; `earnings`, `fees` and
 * `per_bottle` stay amounts. A value of the element that holds the claim's element (an order's total around
 * the item the claim names) keeps its agreement. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { passageFacts } from "../../src/verify/evidence-facts.js";
import { verdictOf } from "./helpers.js";

function kinds(content: unknown): Map<string, string> {
  const ledger = new EvidenceLedger();
  const record = ledger.record({ source: "tool", content: content as never });
  ledger.flush();
  const out = new Map<string, string>();
  for (const chunk of ledger.chunksOf(record.id))
    for (const f of passageFacts(ledger, chunk, true).facts) if (f.value.type === "quantity") out.set(f.quote.text.split(": ")[0]!, f.value.q.kind);
  return out;
}

describe("numbers beside a currency field", () => {
  const club = {
    currency: "USD",
    guest_fee_per_player: 8,
    bookings: [
      { id: "BK-1", players: 4, nights: 2, fee: 12, earnings: 250 },
      { id: "BK-2", players: 2, nights: 3, fee: 0, earnings: 90 },
    ],
  };
  it.each<[string, string]>([
    ["bookings[0].players", "number"],
    ["bookings[0].nights", "number"],
    ["bookings[0].fee", "money"],
    ["bookings[0].earnings", "money"],
    ["guest_fee_per_player", "money"],
  ])("%s is read as %s", (key, kind) => {
    expect(kinds(club).get(key)).toBe(kind);
  });

  it("should not read a sum of counts as an amount", async () => {
    // 4 + 2 players is no fee of $6; the guest fee is $8.
    expect(await verdictOf(club, "Guests pay $6 each.")).toEqual(["contradicted", ["$8"]]);
  });
});

describe("a value of the element that holds the claim's element", () => {
  const orders = {
    currency: "USD",
    orders: [
      {
        orderId: "112-1",
        items: [
          { title: "Anker Power Bank", unitPrice: { amount: 54.99 } },
          { title: "Basics USB-C Cable 2-Pack", unitPrice: { amount: 9.99 } },
        ],
        orderTotal: { amount: 68.47 },
      },
    ],
  };
  it("should keep an order total's agreement when the claim names one of its items", async () => {
    const [verdict, corrections] = await verdictOf(orders, "The order with the Anker Power Bank came to $68.47.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});
