/**
 * An element of one list that refers by id to an element the claim names (`location_id` of an inventory
 * level, the `id` of the location named "Harbour Depot") is about the same entity: its value decides, and
 * another element's value neither supports nor corrects the claim. Invented inventory.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const levels = {
  inventory_levels: [
    { location_id: 700100, available: 12, reserved: 1 },
    { location_id: 700200, available: 0, reserved: 0 },
    { location_id: 700300, available: 5, reserved: 2 },
  ],
};
const locations = {
  locations: [
    { id: 700100, name: "Harbour Depot" },
    { id: 700200, name: "Airport Kiosk" },
    { id: 700300, name: "Old Town Shop" },
  ],
};

async function verdictOf(draft: string) {
  const fw = new Firewall();
  fw.record({ source: "inventory_levels", content: levels });
  fw.record({ source: "locations", content: locations });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

describe("elements joined by id", () => {
  it.each<[string, string, string[]]>([
    ["The Harbour Depot has 12 available.", "supported", []],
    ["The Old Town Shop has 5 available.", "supported", []],
    ["The Old Town Shop has 2 reserved.", "supported", []],
    // 5 is the Old Town Shop's, 12 the Harbour Depot's: the Airport Kiosk's own element says 0.
    ["The Airport Kiosk has 5 available.", "contradicted", ["0"]],
    ["The Airport Kiosk has 12 available.", "contradicted", ["0"]],
    ["The Harbour Depot has 1 reserved.", "supported", []],
    ["The Harbour Depot has 2 reserved.", "contradicted", ["1"]],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    expect(await verdictOf(draft)).toEqual([verdict, fixes]);
  });
});

describe("what joins", () => {
  const level = (key: string, ids: [number, number]) => ({
    levels: [
      { [key]: ids[0], available: 12 },
      { [key]: ids[1], available: 0 },
    ],
  });
  const places = (ids: [number, number]) => ({
    locations: [
      { id: ids[0], name: "Harbour Depot" },
      { id: ids[1], name: "Airport Kiosk" },
    ],
  });
  it.each<[string, string, unknown, unknown]>([
    ["a referring key and a long id", "supported", level("location_id", [700100, 700200]), places([700100, 700200])],
    // A short id ("7") or a key that does not say it refers (`quantity`) joins nothing: no element is picked.
    ["a short id", "unsupported", level("location_id", [7, 8]), places([7, 8])],
    ["a key that does not refer", "unsupported", level("quantity", [700100, 700200]), places([700100, 700200])],
  ])("%s: should read 'The Harbour Depot has 12 available.' as %s", async (_, verdict, a, b) => {
    const fw = new Firewall();
    fw.record({ source: "levels", content: a as never });
    fw.record({ source: "locations", content: b as never });
    expect((await fw.verify("The Harbour Depot has 12 available.")).verdicts[0]!.verdict).toBe(verdict);
  });
});
