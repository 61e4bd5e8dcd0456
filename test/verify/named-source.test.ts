/**
 * A claim that names a tool by a noun ("The catalog lists ...") is read against that tool's output: another
 * tool's value neither corrects it nor, as a count of another array, supports it. Invented records.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { EvidenceLedger } from "../../src/ledger/evidence-ledger.js";
import { namedSources } from "../../src/verify/named-source.js";

const catalog = { shop: "Hillside Cycles", items: [{ name: "Alder 7" }, { name: "Birch E" }, { name: "Cedar 3" }, { name: "Dune 2" }] };
const booking = { booking_id: "BK-1", bikes_reserved: 2, helmet_included: true };

async function verdictOf(draft: string) {
  const fw = new Firewall();
  fw.record({ source: "rental_catalog", content: catalog });
  fw.record({ source: "booking_lookup", content: booking });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

describe("a claim about a named tool's output", () => {
  it.each<[string, string, string[]]>([
    // The booking's `bikes_reserved` is not the catalog's count.
    ["The catalog lists 5 bikes.", "unsupported", []],
    ["Your booking reserves 3 bikes.", "contradicted", ["2"]],
    ["Your booking reserves 2 bikes.", "supported", []],
  ])("should read %j as %s %j", async (draft, verdict, fixes) => {
    expect(await verdictOf(draft)).toEqual([verdict, fixes]);
  });

  it.each<[string, string[], string[] | null]>([
    ["The catalog lists 5 bikes.", ["rental_catalog", "booking_lookup"], ["rental_catalog"]],
    ["The slot search returned 4 slots.", ['available_slots(date="2025-07-12")', "rental_catalog"], ['available_slots(date="2025-07-12")']],
    // No tool named, or every tool named: nothing to narrow.
    ["You have 5 bikes.", ["rental_catalog", "booking_lookup"], null],
    ["The catalog and the booking agree.", ["rental_catalog", "booking_lookup"], null],
    // Call words ("get", "list") name no tool.
    ["Get the list of 5 bikes.", ["get_bikes_list", "booking_lookup"], ["get_bikes_list"]],
  ])("should find in %j the tools named among %j: %j", (text, sources, want) => {
    const ledger = new EvidenceLedger();
    for (const source of sources) ledger.record({ source, content: { x: 1 } });
    const named = namedSources(text, ledger);
    expect(named === null ? null : [...named].map((id) => ledger.get(id)!.source)).toEqual(want);
  });
});
