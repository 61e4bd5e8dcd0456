import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { flagsDiffer } from "../../src/verify/value-check.js";

/** A query result with one row per package, and apt records of two of them. */
function packages(fw: Firewall): void {
  fw.record({
    source: "sql_query",
    content: {
      rows: [
        { name: "tmux", installed_size_kb: 1106, section: "admin" },
        { name: "nginx", installed_size_kb: 1336, section: "httpd" },
        { name: "openssl", installed_size_kb: 2315, section: "utils" },
      ],
    },
  });
  fw.record({ source: "apt_show", content: "Package: tmux\nInstalled-Size: 1106\nSection: admin\nPriority: optional\nSize: 454536" });
  fw.record({ source: "npm_view", content: { name: "chalk", versionCount: 41 } });
  fw.record({ source: "npm_view", content: { name: "react", versionCount: 2963 } });
  fw.record({ source: "npm_view", content: { name: "yargs", versionCount: 267 } });
}

describe("superlatives", () => {
  it("should correct the entity, not the figure, when the figure is the extreme of another entity", async () => {
    const fw = new Firewall();
    packages(fw);
    const cases: Array<[string, string, string]> = [
      ["The largest is nginx at 2,315 KB.", "nginx", "openssl"],
      ["yargs has the most published versions, 2,963.", "yargs", "react"],
      ["The smallest is openssl at 1,106 KB.", "openssl", "tmux"],
    ];
    for (const [claim, wrong, value] of cases) {
      const v = (await fw.verify(claim)).verdicts[0]!;
      expect(v.verdict, claim).toBe("contradicted");
      expect(
        v.corrections.map((c) => [c.wrong, c.value]),
        claim,
      ).toEqual([[wrong, value]]);
      expect(
        v.quotes.some((q) => q.text.includes(value)),
        claim,
      ).toBe(true);
    }
  });

  it("should leave a true superlative supported and correct a figure that is no entity's extreme", async () => {
    const fw = new Firewall();
    packages(fw);
    expect((await fw.verify("The largest is openssl at 2,315 KB.")).verdicts[0]!.verdict).toBe("supported");
    // 1,500 KB is nobody's: the figure is what is wrong.
    const v = (await fw.verify("The largest is openssl at 1,500 KB.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => c.value)).toEqual(["2,315 KB"]);
    // Without a superlative, a value of another entity is the subject's figure gone wrong.
    const plain = (await fw.verify("nginx is 2,315 KB installed.")).verdicts[0]!;
    expect(plain.corrections.map((c) => c.value)).toEqual(["1,336 KB"]);
  });
});

describe("words that look like superlatives", () => {
  it("should not read 'the latest dist-tag' as a rank over the session's packages", async () => {
    const fw = new Firewall();
    fw.record({ source: "npm_view", content: { name: "commander", version: "15.1.0", versionCount: 125, dependencyCount: 0 } });
    fw.record({ source: "npm_view", content: { name: "moment", version: "2.31.0", versionCount: 77, dependencyCount: 0, "dist-tags": { latest: "2.31.0" } } });
    const v = (await fw.verify("`moment` is currently at version 2.31.0 (the `latest` dist-tag).")).verdicts[0]!;
    expect(v.verdict).toBe("supported");
    expect(v.corrections).toEqual([]);
  });
});

describe("superlatives over rows named by any of their fields", () => {
  it("should correct the field the claim names the row by ('CS240' for rows[1].course)", async () => {
    const fw = new Firewall();
    fw.record({
      source: "sql_query",
      content: {
        rows: [
          { instructor: "Dr. Helena Marsh", course: "CS101", rating: 4.6 },
          { instructor: "Prof. Tomas Okafor", course: "CS240", rating: 3.9 },
          { instructor: "Dr. Samuel Achebe", course: "PHYS120", rating: 3.4 },
        ],
      },
    });
    // Another query's rows of the same field are another group.
    fw.record({
      source: "sql_query",
      content: {
        rows: [
          { course: "BIO205", rating: 2.1 },
          { course: "BIO110", rating: 4.9 },
        ],
      },
    });
    const v = (await fw.verify("The lowest rating went to CS240 at 3.4.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["CS240", "PHYS120"]]);
    expect((await fw.verify("The lowest rating went to PHYS120 at 3.4.")).verdicts[0]!.verdict).toBe("supported");
  });
});

describe("superlative compounds", () => {
  it("should read 'highest-rated' as a word, not as an identifier to find", async () => {
    const fw = new Firewall();
    fw.record({
      source: "sql_query",
      content: {
        rows: [
          { instructor: "Dr. Helena Marsh", rating: 4.6 },
          { instructor: "Dr. Priya Raman", rating: 4.8 },
        ],
      },
    });
    expect((await fw.verify("The highest-rated instructor is Dr. Priya Raman at 4.8.")).verdicts[0]!.verdict).toBe("supported");
    const v = (await fw.verify("The highest-rated instructor is Dr. Helena Marsh at 4.8.")).verdicts[0]!;
    expect(v.corrections.map((c) => c.value)).toEqual(["Dr. Priya Raman"]);
  });
});

describe("a superlative holds only for the figure of its own clause", () => {
  const trips = {
    vehicles: [
      { name: "Heron", trips: 9, idle_events: 12 },
      { name: "Kestrel", trips: 4, idle_events: 26 },
      { name: "Osprey", trips: 11, idle_events: 17 },
    ],
  };
  it.each<[string, string]>([
    ["Kestrel had the most idle events, 26, even though it made only 4 trips.", "supported"],
    ["Kestrel made the most trips, 4.", "contradicted"],
  ])("%s → %s", async (draft, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "fleet", content: trips });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(verdict);
  });
});

/** A superlative after ", or" opens another option: it says nothing extreme of the figure before it. Invented slots. */
describe("a superlative of another option", () => {
  const slots = {
    slots: [
      { day: "Saturday", start: "10:00", fee_gbp: 3.0 },
      { day: "Saturday", start: "20:00", fee_gbp: 1.0 },
    ],
  };
  it.each<[string, string]>([
    ["On Saturday you can get 10:00 for £3.00, or the cheapest option, 20:00, for £1.00.", "supported"],
    ["The cheapest option is 10:00 for £3.00.", "contradicted"],
  ])("%s → %s", async (draft, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "slots", content: slots });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(verdict);
  });
});

describe("superlatives over rows that differ in a flag", () => {
  const offers = {
    offers: [
      { shop: "Northgate", price: 212.4, in_stock: true },
      { shop: "Riverside", price: 198.1, in_stock: false },
      { shop: "Hillcrest", price: 240.0, in_stock: true },
    ],
  };
  it.each<[string, string, string, string[]]>([
    // The cheaper row is out of stock: the claim's words ("in stock", "available") may leave it out.
    ["a cheaper row with another flag value", "The cheapest offer in stock is $212.40.", "supported", []],
    // A cheaper row shares the claimed row's flags: the superlative is wrong, and that row is the extreme.
    ["a cheaper row with the same flags", "The cheapest offer is $240.00.", "contradicted", ["212.4"]],
  ])("should read %s", async (_why, claim, verdict, quoted) => {
    const fw = new Firewall();
    fw.record({ source: "offers", content: offers });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(v.verdict, claim).toBe(verdict);
    for (const q of quoted) expect(v.quotes.some((x) => x.text.includes(q))).toBe(true);
    expect(v.quotes.some((x) => x.text.includes("198.1"))).toBe(false);
  });

  it.each<[string | undefined, string | undefined, boolean]>([
    ["results[0].available: true\nresults[0].price: 4", "results[2].available: false\nresults[2].price: 3", true],
    ["results[0].available: true", "results[2].available: true", false],
    ["rows[0].a.on: true", "rows[1].b.on: false", true],
    ["rows[0].on: true", "rows[1].off: false", false],
    [undefined, "rows[1].on: false", false],
  ])("should tell whether rows differ in a flag: %j and %j", (a, b, differ) => {
    expect(flagsDiffer(a, b)).toBe(differ);
  });
});

describe("a superlative's figure held by another element than the one the claim names", () => {
  const loads = {
    deliveries: [
      { ticket: "T-47", block: "AC-2", moisture_pct: 0.8, net_lb: 12240 },
      { ticket: "T-52", block: "AC-5", moisture_pct: 2.6, net_lb: 9810 },
      { ticket: "T-61", block: "AC-2", moisture_pct: 1.1, net_lb: 10900 },
    ],
  };
  it.each<[string, string, string[]]>([
    // 0.8% is the lowest, but T-47's: the element is wrong (corrected by name), and T-52's 2.6% is no lowest to
    // correct the figure to.
    ["Ticket T-52 had the lowest moisture at 0.8%.", "contradicted", ["T-47"]],
    ["Ticket T-47 had the lowest moisture at 0.8%.", "supported", []],
    // The figure is no extreme: the element's own value corrects it.
    ["Ticket T-52 had a moisture of 0.8%.", "contradicted", ["2.6%"]],
    ["Ticket T-52 had the highest moisture at 2.0%.", "contradicted", ["2.6%"]],
  ])("%s → %s %j", async (claim, verdict, corrections) => {
    const fw = new Firewall();
    fw.record({ source: "deliveries", content: loads });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, corrections]);
  });
});

describe("a superlative over the elements the claim's names pick", () => {
  const listings = {
    items: [
      { address: "12 Birch Lane, Millbrook", price: "389000", beds: "3" },
      { address: "40 Quarry Road, Millbrook", price: "245500", beds: "2" },
      { address: "7 Heron Way, Eastfield", price: "512000", beds: "4" },
    ],
  };
  const fleet = {
    laps: [
      { driver: "Okafor", fastest_lap: { lap: 41, time: "1:32.118" } },
      { driver: "Lindqvist", fastest_lap: { lap: 17, time: "1:31.940" } },
    ],
  };
  it.each<[unknown, string, string]>([
    // The element's own value agrees, but it is not the extreme of its field: the superlative stands.
    [listings, "The cheapest listing is 12 Birch Lane at $389,000.", "contradicted"],
    // A partitive's count is the group ranked, and the number that opens an address is the address's.
    [listings, "The cheapest of the three is 12 Birch Lane at $389,000.", "contradicted"],
    [listings, "The cheapest of the three is 40 Quarry Road at $245,500.", "supported"],
    // A superlative the key spells is the field's name, not a ranking.
    [fleet, "Okafor set his fastest lap on lap 41.", "supported"],
  ])("%#: %s -> %s", async (record, draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: record as never });
    expect((await fw.verify(draft)).verdicts.map((v) => v.verdict)).toEqual([want]);
  });

  it("should not rank a field the superlative's words do not name", async () => {
    const trains = {
      services: [
        { std: "08:52", platform: "9", eta: "09:19" },
        { std: "09:10", platform: "7", eta: "09:38" },
      ],
    };
    const fw = new Firewall();
    fw.record({ source: "departures", content: trains as never });
    const [v] = (await fw.verify("The 08:52 from platform 9 gets in at 09:19, the fastest option.")).verdicts;
    expect(v!.verdict).not.toBe("contradicted");
  });

  it("should not let a partitive's count alone carry a ranking", async () => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: listings as never });
    const [v] = (await fw.verify("7 Heron Way is the best value per bedroom of the three.")).verdicts;
    expect(v!.verdict).not.toBe("supported");
  });
});

describe("a superlative that names its element by a day", () => {
  const usage = {
    days: [
      { period: { start: "2025-03-03", end: "2025-03-04" }, usage: { kwh: 8.1 } },
      { period: { start: "2025-03-04", end: "2025-03-05" }, usage: { kwh: 12.9 } },
      { period: { start: "2025-03-05", end: "2025-03-06" }, usage: { kwh: 6.4 } },
    ],
  };
  const forecast = {
    daily: [
      { date: "2025-06-10", rain_mm: 0.4, temp_max_c: 24 },
      { date: "2025-06-11", rain_mm: 11.2, temp_max_c: 19 },
      { date: "2025-06-12", rain_mm: 3.0, temp_max_c: 21 },
    ],
  };
  it.each<[unknown, string, string]>([
    [forecast, "The wettest day will be 11 June, with the most rain.", "supported"],
    [forecast, "The most rain falls on 12 June.", "contradicted"],
    // A day that one period starts on and another ends on, one holding the extreme and one not: not settled.
    [usage, "Usage peaked with the most kWh on 5 March.", "unsupported"],
    [usage, "The lowest usage was on 6 March.", "supported"],
  ])("%#: %s -> %s", async (record, draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: record as never });
    expect((await fw.verify(draft)).verdicts.map((v) => v.verdict)).toEqual([want]);
  });
});

describe("a superlative's figure that no correction makes right", () => {
  const menu = {
    menu: [
      { name: "Lemon Tart", price: 6.95 },
      { name: "Plum Cake", price: 9.25 },
      { name: "Fig Roll", price: 7.5 },
    ],
  };
  async function report(draft: string) {
    const fw = new Firewall();
    fw.record({ source: "menu", content: menu as never });
    return fw.verify(draft);
  }

  it("should correct both the name and the figure to the extreme's, so no rewrite ships it half corrected", async () => {
    // $7.50 is the fig roll's, the plum cake's own is $9.25, and neither is the cheapest.
    const r = await report("Plum Cake is the cheapest dessert at $7.50.");
    expect(r.verdicts[0]!.verdict).toBe("contradicted");
    expect(r.verdicts[0]!.corrections.map((c) => c.value).sort()).toEqual(["$6.95", "Lemon Tart"]);
    expect(r.output).toContain("Lemon Tart is the cheapest dessert at $6.95");
  });

  it("should still correct the figure of the dessert that is the cheapest", async () => {
    const r = await report("Lemon Tart is the cheapest dessert at $5.95.");
    expect(r.verdicts[0]!.corrections.map((c) => c.value)).toEqual(["$6.95"]);
  });

  it.each([
    // No figure: the field is the one the superlative's words name through slot synonyms.
    ["The cheapest dessert is Fig Roll.", "contradicted", ["Lemon Tart"]],
    ["The cheapest dessert is Lemon Tart.", "supported", []],
    ["The most expensive dessert is Plum Cake.", "supported", []],
  ])("%s -> %s", async (draft, verdict, corrections) => {
    const v = (await report(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, corrections]);
  });
});

describe("a day that names another element than the extreme's", () => {
  it("should be corrected to the extreme element's day when it has one day field", async () => {
    const fw = new Firewall();
    fw.record({
      source: "forecast",
      content: {
        daily: [
          { date: "2025-06-10", rain_mm: 0.4 },
          { date: "2025-06-11", rain_mm: 11.2 },
        ],
      } as never,
    });
    const v = (await fw.verify("The most rain falls on 10 June.")).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual(["contradicted", ["11 June 2025"]]);
  });
});

describe("a superlative whose figure is the named entity's own, and no extreme", () => {
  it("should correct the name and the figure together, never the name alone", async () => {
    const fw = new Firewall();
    fw.record({
      source: "menu",
      content: {
        items: [
          { name: "Espresso", price: 3.25 },
          { name: "Cortado", price: 4.1 },
          { name: "Drip Coffee", price: 2.8 },
        ],
      } as never,
    });
    const r = await fw.verify("The cheapest item is the Espresso at $3.25.");
    expect(r.verdicts[0]!.verdict).toBe("contradicted");
    expect(r.output).toContain("the Drip Coffee at $2.80");
  });
});
