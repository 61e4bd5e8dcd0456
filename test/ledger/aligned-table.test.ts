/**
 * Space-aligned tables (CLI listings, printed statements) read as rows of named columns, with a caption's
 * scale bound to the figures; prose and ragged text stay text. Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { alignedTable, tableRecord } from "../../src/ledger/aligned-table.js";

const pods = `NAME                      READY   STATUS             RESTARTS   AGE
web-7d9f8b6c5-x2lkq       1/1     Running            0          3d4h
worker-5c6b7d8f9-qw8zt    0/1     CrashLoopBackOff   14         51m
cache-0                   1/1     Running            2          12d`;

const disks = `Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme0n1p1  100G   87G   13G  87% /
/dev/nvme1n1    500G  210G  290G  42% /data
tmpfs           7.8G     0  7.8G   0% /dev/shm`;

const statement = `BRIGHTWATER LABS INC.
STATEMENTS OF OPERATIONS
(in thousands, except per share data)
                         Q3 2024     Q3 2023
Revenue                  $ 1,214     $   986
Cost of revenue              702         611
Net income (loss)        $    64     $   (35)
Diluted EPS              $  0.12     $ (0.07)`;

describe("alignedTable", () => {
  it("should read a CLI listing by its header's columns", () => {
    expect(alignedTable(pods)?.rows[1]).toEqual({ NAME: "worker-5c6b7d8f9-qw8zt", READY: "0/1", STATUS: "CrashLoopBackOff", RESTARTS: "14", AGE: "51m" });
  });

  it("should read single-space columns token by token, a two-word last header as one", () => {
    expect(alignedTable(disks)?.rows[2]).toEqual({ Filesystem: "tmpfs", Size: "7.8G", Used: "0", Avail: "7.8G", "Use%": "0%", "Mounted on": "/dev/shm" });
  });

  it("should bind a statement's caption scale and column sign to its figures, not to per-share rows", () => {
    const table = alignedTable(statement)!;
    expect(table.caption).toContain("in thousands");
    expect(table.rows.map((r) => r["Q3 2023"])).toEqual(["986 thousand USD", "611 thousand USD", "-35 thousand USD", "-0.07 USD"]);
    expect(tableRecord(table)).toMatchObject({ "Q3 2024": { Revenue: "1,214 thousand USD", "Diluted EPS": "0.12 USD" } });
  });

  it.each([
    ["prose", "The service was restarted twice.  It recovered after 3 minutes.\nNo data was lost."],
    ["ragged rows", "name   size\nalpha  3\nbeta   4   extra   cells\ngamma"],
    ["no figures", "NAME    OWNER\nalpha   ana\nbeta    bo"],
  ])("should leave %s as text", (_, text) => {
    expect(alignedTable(text)).toBeNull();
  });
});

describe("aligned tables as evidence", () => {
  it.each<[string, string, string[], string]>([
    ["worker-5c6b7d8f9-qw8zt has restarted 14 times.", "supported", [], pods],
    ["worker-5c6b7d8f9-qw8zt has restarted 4 times.", "contradicted", ["14"], pods],
    // "$1.2 million" against "$ 1,214" under "(in thousands)": the scale is the caption's.
    ["Q3 2024 revenue was about $1.2 million.", "supported", [], statement],
    ["Diluted EPS was $0.12.", "supported", [], statement],
  ])("should read %j as %s %j", async (draft, verdict, fixes, evidence) => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: evidence });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});
