/**
 * An element named by "<noun> <number>" where the noun names one of its fields and the number is that field's
 * value ("partition 4" for `PARTITION: 4`, "Floor 2" for `floor: 2`). Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const lag = `GROUP     TOPIC      PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG
billing   invoices   0          5100            5140            40
billing   invoices   1          4870            7270            2400
billing   invoices   2          6010            6010            0
billing   invoices   3          3900            4800            900`;

const floors = {
  floors: [
    { floor: 1, guests: 31, staff: 4 },
    { floor: 2, guests: 12, staff: 3 },
    { floor: 3, guests: 38, staff: 5 },
  ],
};

async function check(content: unknown, draft: string) {
  const [verdict, corrections] = await verdictOf(content, draft, "tool");
  return { verdict, corrections };
}

describe("an element named by its numbered field", () => {
  it.each<[unknown, string, string, string[]]>([
    [lag, "Partition 3 has a lag of 900.", "supported", []],
    [lag, "Partition 1 has a lag of 900.", "contradicted", ["2400"]],
    [lag, "The lag on partition 1 is 2,400 messages.", "supported", []],
    [floors, "Floor 2 has 12 guests.", "supported", []],
    [floors, "Floor 2 has 31 guests.", "contradicted", ["12"]],
  ])("%#: %s", async (content, draft, verdict, corrections) => {
    expect(await check(content, draft)).toEqual({ verdict, corrections });
  });

  const fleet = "unit,driver,idle_duration_s,trips\nTruck 7,Ana Lucero,5520,7\nTruck 12,Bo Fenn,9360,4\nVan 3,Chidi Obi,2880,11\n";

  it.each<[string, string, string[]]>([
    // A value that is a word and a number ("Truck 7") names its row, written so in the claim.
    ["Truck 7 idled about 92 minutes.", "supported", []],
    ["Truck 7 idled about 55 minutes.", "contradicted", ["92 minutes"]],
    ["Van 3 made 11 trips.", "supported", []],
    // Another number after the word names no row.
    ["Truck 9 idled about 55 minutes.", "unsupported", []],
  ])("%s", async (draft, verdict, corrections) => {
    expect(await check(fleet, draft)).toEqual({ verdict, corrections });
  });

  it("should not read a number after another noun as the field's value", async () => {
    // "3 partitions" counts partitions; no element is named, so no single lag settles the figure.
    expect((await check(lag, "The topic has 3 partitions with a lag of 900.")).verdict).not.toBe("contradicted");
  });
});
