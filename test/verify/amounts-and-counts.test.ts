import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { numbersElements } from "../../src/verify/claim-scope.js";
import { check } from "./helpers.js";

describe("an amount or a percentage against numbers that count", () => {
  it("should not take a term's '1 year' for a price", async () => {
    const fw = new Firewall();
    fw.record({
      source: "membership_api",
      content: {
        membership_levels: [
          { level: "Individual", price_usd: 45, term: "1 year" },
          { level: "Family", price_usd: 80, term: "1 year" },
        ],
      },
    });
    expect(await check(fw, "An Individual membership is $45.")).toEqual(["supported", []]);
    expect(await check(fw, "An Individual membership is $50.")).toEqual(["contradicted", ["$45"]]);
  });

  // Known gap since tier 0 decides only on a typed slot: a prose value's slot is not typed, so the figure is unsupported rather than corrected; a derived difference still passes.
  it.fails("should not correct a percentage or a price to a bare number in prose", async () => {
    const fw = new Firewall();
    fw.record({ source: "web_page", content: "Children under 12 and museum members get in free. The talk is free, but places are limited to 80." });
    fw.record({ source: "membership_api", content: { benefits: ["10% off in the shop"] } });
    expect(await check(fw, "Members get 15% off in the shop.")).toEqual(["contradicted", ["10%"]]);
    const [, corrections] = await check(fw, "The talk costs $5 per person.");
    expect(corrections).toEqual([]);
  });
});

describe("differences of two values", () => {
  // Known gap since tier 0 decides only on a typed slot: a prose value's slot is not typed, so the figure is unsupported rather than corrected; a derived difference still passes.
  it.fails("should not read a second period as the difference of two others unless the claim says it is one", async () => {
    const fw = new Firewall();
    fw.record({ source: "web_page", content: "Books and audiobooks can be borrowed for 3 weeks, DVDs for 1 week." });
    const [verdict] = await check(fw, "Books can be kept for 3 weeks and DVDs for 2 weeks.");
    expect(verdict).not.toBe("supported");
  });
});

describe("a count of a named subject", () => {
  it("should not be covered by another record that never names the subject", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "render-plugin-764", version: "16.20.0", license: "MIT", versionCount: 30, dependencyCount: 25 } });
    fw.record({
      source: "doc_search",
      content: "It has 37 dependencies and 389 published versions. Security advisories are handled through the project's disclosure policy.",
    });
    expect((await check(fw, "render-plugin-764 has 37 published versions."))[0]).not.toBe("supported");
    expect((await check(fw, "render-plugin-764 has 30 versions."))[0]).toBe("supported");
  });
});

describe("a field's name that is also another record's status", () => {
  it("should read 'on its waitlist' as the waitlist field, not as the status 'waitlist' of another course", async () => {
    const fw = new Firewall();
    fw.record({ source: "get_course", content: { code: "CS240", title: "Data Structures", enrolled: 80, status: "full", waitlist: 12 } });
    fw.record({ source: "get_course", content: { code: "HIST150", title: "The Medieval Mediterranean", enrolled: 45, status: "waitlist", waitlist: 7 } });
    expect(await check(fw, "CS240 Data Structures has 12 students on its waitlist.")).toEqual(["supported", []]);
    expect((await check(fw, "CS240 Data Structures has 15 students on its waitlist."))[0]).not.toBe("supported");
  });
});

describe("an amount the claim qualifies in no way is the record's total", () => {
  const offer = { id: "1", itineraries: [{ segments: [{ carrierCode: "FI", number: "593", departure: { at: "2024-07-05T14:15:00" } }] }] };
  const firewall = (price: Record<string, string>) => {
    const fw = new Firewall();
    fw.record({ source: "flights.search", content: { data: [{ ...offer, price: { currency: "EUR", ...price } }] } });
    return fw;
  };

  it.each<[string, Record<string, string>, [string, string[]]]>([
    ["FI 593 leaves at 14:15 for €278.40.", { total: "287.40", base: "221.00", grandTotal: "287.40" }, ["contradicted", ["€287.40"]]],
    ["FI 593 leaves at 14:15 for €287.40.", { total: "287.40", base: "221.00", grandTotal: "287.40" }, ["supported", []]],
    // The claim's own word names the base fare, which is no total: never "corrected" to the total. Under
    // `price`, the bare `base` is an amount: the base fare's own value corrects it.
    ["The base fare of FI 593 is €212.", { total: "287.40", base: "221.00", grandTotal: "287.40" }, ["contradicted", ["€221"]]],
    // A rate is no total.
    ["FI 593 costs €140 a night.", { total: "287.40", base: "221.00" }, ["unsupported", []]],
    // Totals that disagree settle nothing.
    ["FI 593 leaves at 14:15 for €278.40.", { total: "287.40", base: "221.00", grandTotal: "297.40" }, ["unsupported", []]],
  ])("should read %j against %j as %j", async (claim, price, expected) => {
    const [verdict, values] = await check(firewall(price), claim);
    expect([verdict === "contradicted" || verdict === "supported" ? verdict : "unsupported", values]).toEqual(expected);
  });
});

describe("a field that counts against one that numbers its element", () => {
  it.each<[string, boolean]>([
    ["track_number", true],
    ["seat_no", true],
    ["position", true],
    ["Rank", true],
    ["order_numbers", true],
    ["Number of transactions", false],
    ["number_of_guests", false],
    ["numGuests", false],
    ["stats.numberOfPeople", false],
    ["num_items", false],
    ["guest_count", false],
  ])("should read the field %j as numbering its element: %s", (key, ordinal) => {
    const stems = new Set(
      key
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .split(/[^a-z]+/)
        .map((w) => (w === "position" ? "posit" : w.replace(/s$/, ""))),
    );
    expect(numbersElements(key, stems)).toBe(ordinal);
  });

  it("should check a count against a 'Number of ...' line, in the claim's own words", async () => {
    const fw = new Firewall();
    fw.record({ source: "statement", content: "Monthly statement - May 2025\nOpening balance: $2,915.40\nNumber of transactions: 23\nFees charged: $0.00\n" });
    expect(await check(fw, "You made 23 transactions during the month.")).toEqual(["supported", []]);
    expect(await check(fw, "You made 25 transactions during the month.")).toEqual(["contradicted", ["23"]]);
  });

  it.each<[string, string, [string, string[]]]>([
    ["the plural the claim counts", "The shop database has 41 indexes.", ["supported", []]],
    ["the plural the claim counts, another figure", "The shop database has 40 indexes.", ["contradicted", ["41"]]],
    ["the field of the noun counted, not the one whose value is written", "The shop database has 41 views.", ["contradicted", ["2"]]],
  ])("should read a field named by %s as its count: %j", async (_, claim, expected) => {
    const fw = new Firewall();
    fw.record({ source: "db.stats()", content: { db: "shop", collections: 14, indexes: 41, views: 2 } });
    expect(await check(fw, claim)).toEqual(expected);
  });

  it("should still read a count of a noun as no reading of the element's own number", async () => {
    const fw = new Firewall();
    fw.record({
      source: "music_api",
      content: {
        album: "Blue Hours",
        tracks: [
          { title: "Dawn", track_number: 3 },
          { title: "Dusk", track_number: 4 },
        ],
      },
    });
    const [verdict] = await check(fw, "Blue Hours has 2 tracks.");
    expect(verdict).not.toBe("contradicted");
  });
});

describe("a unit field that names a multiple", () => {
  it("should not read a line item's `unit: dozen` as a count of 12", async () => {
    const fw = new Firewall();
    fw.record({
      source: "orders_api",
      content: {
        order: {
          id: "BK-7",
          line_items: [
            { name: "Rye loaf", qty: 10, unit: "each" },
            { name: "Lemon tart", qty: 2, unit: "dozen" },
          ],
        },
      },
    });
    const [verdict, corrections] = await check(fw, "Lemon tart qty: 24");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
    // Read both ways: 2 dozen and 24 are both the line's count.
    expect(await check(fw, "The order has 2 dozen lemon tarts.")).toEqual(["supported", []]);
  });
});
