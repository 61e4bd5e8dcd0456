/**
 * Aligned tables among other lines of a text tool output (a report's title and fields, then its table, then
 * a footer): each table read as rows of named columns, cells bound to the header they stand under, and the
 * other lines kept as text. Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { textWithTables } from "../../src/ledger/text-tables.js";

const chargers = `CHARGEPOINT STATUS  site Alder Yard   polled 2025-02-11T09:15:00Z
BAY   KIND   STATE      POWER_KW  SOC%  ENERGY_KWH
1A    CCS    CHARGING   48.2      61    17.4
1B    CCS    IDLE       0.0       -     -
2A    J1772  FAULTED    0.0       -     -          err=RCD_TRIP
2B    CCS    CHARGING   96.5      35    8.1
Site load: 144.7 kW   Bays: 4 (charging 2, idle 1, faulted 1)`;

const audit = `$ keyvault audit --org fernhill --format text
Organization: fernhill
Members: 28 (active 25, invited 3)
Vault items: 1,902

Findings
  SEVERITY  CHECK               COUNT
  high      reused_passwords       41
  medium    weak_passwords         88
  low       old_passwords         302

Last full audit: 2025-01-04`;

const results = `Hill Road 10k — results
POS  RUNNER          CLUB        TIME
---  --------------  ----------  -------
1    Ines Fahr       Kestrel AC  34:12
2    Omar Lindqvist              35:01
3    Tova Brandt     Ridge RC    35:40
DNF: Pia Holm`;

const activity = `Activity
2025-03-09 18:42  Dayton, OH    Departed facility
2025-03-10 06:15  Columbus, OH  Arrived at facility
2025-03-10 11:03  Columbus, OH  Out for delivery`;

const fields = `session_id:       PK-20250615-7712
zone:             4127 (Mission St)
rate:             $3.50/hr
total_charged:    $7.45`;

const backups = `BACKUP STATUS  host vault-2   run 2025-04-02T01:00:00Z
Policy: nightly
JOB          TARGET        STATUS    DURATION  SIZE_GB  FILES
db-primary   s3://bk/db    ok        42m       318.4    1,204
db-replica   s3://bk/dbr   ok        39m       317.9    1,198
media-store  s3://bk/med   failed    12m       80.2     55,120   (timeout at 12m)
logs-archive s3://bk/log   skipped   -         -        -
4 jobs, 2 ok, 1 failed, 1 skipped`;

const memory = `               total        used        free
Mem:           31Gi        24Gi        1.2Gi
Swap:          4.0Gi       3.1Gi       0.9Gi`;

describe("textWithTables", () => {
  it("should read a table under a title line as rows of its header's columns, a trailing note as its own", () => {
    const text = textWithTables(chargers)!;
    expect(text).toContain("rows[0].ENERGY_KWH: 17.4");
    expect(text).toContain("rows[2].Note: err=RCD_TRIP");
    expect(text).toContain("rows[3].POWER_KW: 96.5");
    // The lines around it stay as they are.
    expect(text.split("\n")[0]).toBe("CHARGEPOINT STATUS  site Alder Yard   polled 2025-02-11T09:15:00Z");
  });

  it("should name a table by the title right above it, and keep the report's fields as lines", () => {
    const text = textWithTables(audit)!;
    expect(text).toContain("Findings[1].CHECK: weak_passwords");
    expect(text).toContain("Findings[1].COUNT: 88");
    expect(text).toContain("Members: 28 (active 25, invited 3)");
    expect(text).toContain("Last full audit: 2025-01-04");
  });

  it("should skip rulers and leave an empty cell empty, not shift the next cell into it", () => {
    const text = textWithTables(results)!;
    const row = '["Hill Road 10k — results"][1]';
    expect(text).toContain(`${row}.RUNNER: Omar Lindqvist`);
    expect(text).toContain(`${row}.TIME: 35:01`);
    expect(text).not.toContain(`${row}.CLUB`);
    expect(text).toContain("DNF: Pia Holm");
  });

  it("should read a blank-headed first column as the rows' labels", () => {
    expect(textWithTables(memory)).toContain("used.Mem: 24Gi");
  });

  it.each([
    ["a log whose first line is data, not a header", activity],
    ["aligned `key: value` fields", fields],
    ["prose", "The job ran twice.  It failed at 04:10.\nNo data was lost."],
  ])("should find no table in %s", (_, text) => {
    expect(textWithTables(text)).toBeNull();
  });

  it("should write a line with a colon inside it so that it reads as text, no key", () => {
    const text = textWithTables(`BAY   KIND   STATE\n1A    CCS    CHARGING   \n2A    CCS    IDLE\n4 bays  (charging: 1, idle: 1)`);
    expect(text?.split("\n").at(-1)).toBe(" 4 bays  (charging: 1, idle: 1)");
  });
});

describe("a table among other lines, verified", () => {
  const verify = async (draft: string, content: string) => {
    const fw = new Firewall({ tiers: ["exact", "lexical"] });
    fw.record({ source: "cli", content });
    return (await fw.verify(draft)).verdicts[0]!;
  };

  it("should bind a header's unit to its column's figures", async () => {
    expect((await verify("Bay 1A has delivered 17.4 kWh.", chargers)).verdict).toBe("supported");
  });

  it("should rank a measure, never the code that names the rows", async () => {
    // "2B" reads as a figure; as the rows' name, it is no value to rank, and 96.5 kW is the most.
    const v = await verify("Bay 2B is drawing the most power, about 96.5 kW.", chargers);
    expect(v.verdict).toBe("supported");
  });

  it("should check a count in a named table's row", async () => {
    const v = await verify("There are 88 weak passwords.", audit);
    expect(v.verdict).toBe("supported");
  });

  it.each<[string, string]>([
    // "42m" in a DURATION column is minutes; "1,198" under FILES is no amount of gigabytes.
    ["db-primary wrote 318.4 GB in 42 minutes.", "supported"],
    ["media-store failed after 12 minutes.", "supported"],
    ["db-replica backed up 1,198 GB in 39 minutes.", "unsupported"],
  ])("should read a duration column's minutes: %j is %s", async (draft, verdict) => {
    expect((await verify(draft, backups)).verdict).toBe(verdict);
  });
});
