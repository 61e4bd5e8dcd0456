/**
 * An item a claim names inside a record that holds many (a menu's dishes, a catalogue's products): the
 * record's own name does not stop the item from picking its element; a number word in the item's name is
 * the name's; a bare price within a factor of ten of the claim's amount is another price, while minor units
 * (a factor of 100) are a scale, not a value. Invented records; the rules are general.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractNames } from "../../src/quantity/names.js";
import { claimFigures } from "../../src/verify/claim-figures.js";

const menu = {
  venue: "Copper Kettle",
  currency: "USD",
  sections: [
    {
      name: "Starters",
      items: [
        { name: "Half Dozen Wings", price: 14, available: true },
        { name: "Three Cheese Toast", price: 9, available: true },
      ],
    },
    { name: "Mains", items: [{ name: "Pie of the Day", price: 21, available: false }] },
  ],
};

async function verdictOf(evidence: Array<[string, unknown]>, draft: string) {
  const fw = new Firewall();
  for (const [source, content] of evidence) fw.record({ source, content: content as never });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => `${c.wrong} -> ${c.value}`)];
}

describe("a number word in a name", () => {
  it.each<[string, string[]]>([
    ["At Copper Kettle the Half Dozen Wings are $14.", ["Copper Kettle", "Half Dozen Wings", "$14"]],
    ["We watched Ocean's Eleven twice.", ["Ocean's Eleven"]],
    ["I'd order the Three Cheese Toast.", ["Three Cheese Toast"]],
    // A number word that opens a run is a count.
    ["Two Uber rides cost $11.73.", ["Two", "$11.73"]],
  ])("should read the figures of %j as %j", (text, want) => {
    expect(claimFigures(text).map((f) => text.slice(f.span[0], f.span[1]))).toEqual(want);
  });

  it("should keep a field's whole value as one name", () => {
    expect(extractNames("Three Cheese Toast").map((n) => n.text)).toEqual(["Three Cheese Toast"]);
  });
});

describe("an item of a record that names itself", () => {
  it.each<[string, string, string[]]>([
    ["At Copper Kettle the Half Dozen Wings are $6.", "contradicted", ["$6 -> $14"]],
    ["At Copper Kettle the Half Dozen Wings are $14.", "supported", []],
    ["The Three Cheese Toast is $9.", "supported", []],
    ["At Copper Kettle the Three Cheese Toast is $12.", "contradicted", ["$12 -> $9"]],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    expect(await verdictOf([["menu.get", menu]], draft)).toEqual([verdict, fixes]);
  });

  it("should not correct an amount that may be in minor units", async () => {
    const charge = { id: "ch_9", currency: "usd", amount: 1230, status: "succeeded" };
    expect((await verdictOf([["charges.get", charge]], "The charge was $12.30."))[0]).toBe("supported");
    expect((await verdictOf([["charges.get", charge]], "The charge was $0.12."))[0]).not.toBe("contradicted");
  });

  it("should not pick an element of another record by its name when the claim names a record's top level", async () => {
    const product = { product: { title: "Trail Pack", sku: "TP-1", inventory_item_id: 77 } };
    const levels = {
      levels: [
        { inventory_item_id: 77, location_id: 1, available: 12 },
        { inventory_item_id: 77, location_id: 2, available: 0 },
      ],
    };
    const locations = {
      locations: [
        { id: 1, name: "North Depot" },
        { id: 2, name: "South Depot" },
      ],
    };
    const [verdict] = await verdictOf(
      [
        ["products.get", product],
        ["levels.list", levels],
        ["locations.list", locations],
      ],
      "The Trail Pack has 12 at the North Depot.",
    );
    expect(verdict).not.toBe("contradicted");
  });
});
