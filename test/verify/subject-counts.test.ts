/**
 * A count of the subjects the tools returned ("The search found 3 packages") against a count of stock or
 * pieces ("4 units"), which counts no subjects. Invented outputs across three tools joined by id.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

function firewall(): Firewall {
  const fw = new Firewall();
  fw.record({ source: "shop.variants.get", content: { variant: { id: 51, title: "Harbor Tote - Navy", inventory_item_id: 900 } } });
  fw.record({
    source: "shop.inventory_levels.list",
    content: {
      inventory_levels: [
        { inventory_item_id: 900, location_id: 11, available: 12 },
        { inventory_item_id: 900, location_id: 22, available: 0 },
        { inventory_item_id: 900, location_id: 33, available: 4 },
      ],
    },
  });
  fw.record({
    source: "shop.locations.list",
    content: {
      locations: [
        { id: 11, name: "Quayside Depot" },
        { id: 22, name: "Market Street Shop" },
        { id: 33, name: "Outlet Annex" },
      ],
    },
  });
  return fw;
}

describe("a count that equals the number of subjects", () => {
  it("should not read a count of units as a count of the subjects", async () => {
    // Four subjects were returned (a variant and three locations), and 4 is another location's stock: the
    // Market Street Shop has none.
    const v = (await firewall().verify("The Market Street Shop has 4 units.")).verdicts[0]!;
    expect(v.verdict).not.toBe("supported");
  });

  it("should never contradict the right stock", async () => {
    const v = (await firewall().verify("The Market Street Shop has 0 units.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
    expect(v.corrections).toEqual([]);
  });
});
