/**
 * Space-aligned tables (CLI listings, printed statements) read as rows of named columns, with a caption's
 * scale bound to the figures; prose and ragged text stay text. Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { alignedTable, tableRecord } from "../../src/ledger/aligned-table.js";
import { verdictOf } from "../verify/helpers.js";

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

const processes = `USER       PID %CPU %MEM    VSZ   RSS TTY  STAT START   TIME COMMAND
svc       4410 88.2 12.5 912344 61440 ?    Rl   07:55  31:02 python3 -m worker --queue bulk
root         1  0.0  0.1 167740 11856 ?    Ss   Mar04   0:41 /sbin/init`;

// Cells of several words ("Exited (0) 3 hours ago") under single-space headers: no column reading holds.
const containers = `CONTAINER ID   IMAGE        STATUS                   PORTS      NAMES
4b1e0c9d2a11   redis:7.2    Exited (0) 3 hours ago              cache-a
9f2d7e6c5b40   nginx:1.25   Up 2 days                80/tcp     proxy
7c3a5e1f0b22   pg:16        Up 2 days                5432/tcp   db`;

describe("alignedTable", () => {
  it("should read a CLI listing by its header's columns", () => {
    expect(alignedTable(pods)?.rows[1]).toEqual({ NAME: "worker-5c6b7d8f9-qw8zt", READY: "0/1", STATUS: "CrashLoopBackOff", RESTARTS: "14", AGE: "51m" });
  });

  it("should read single-space columns token by token, a two-word last header as one", () => {
    expect(alignedTable(disks)?.rows[2]).toEqual({ Filesystem: "tmpfs", Size: "7.8G", Used: "0", Avail: "7.8G", "Use%": "0%", "Mounted on": "/dev/shm" });
  });

  it("should read a last column of free text, left-aligned under its header, as one cell", () => {
    expect(alignedTable(processes)?.rows[0]).toMatchObject({ PID: "4410", "%CPU": "88.2", COMMAND: "python3 -m worker --queue bulk" });
    expect(alignedTable(containers)).toBeNull();
  });

  it("should bind a statement's caption scale and column sign to its figures, not to per-share rows", () => {
    const table = alignedTable(statement)!;
    expect(table.caption).toContain("in thousands");
    expect(table.rows.map((r) => r["Q3 2023"])).toEqual(["986 thousand USD", "611 thousand USD", "-35 thousand USD", "-0.07 USD"]);
    expect(tableRecord(table)).toMatchObject({ "Q3 2024": { Revenue: "1,214 thousand USD", "Diluted EPS": "0.12 USD" } });
  });

  it('should read a header with one figure-like name among words ("3PT")', () => {
    const box = "PLAYER       MIN  PTS  REB  3PT\nA. Okafor     31   22    9  2-5\nL. Brandt     28   14    3  4-7\nJ. Ruiz       19    6    5  0-2";
    expect(alignedTable(box)?.rows[1]).toEqual({ PLAYER: "L. Brandt", MIN: "28", PTS: "14", REB: "3", "3PT": "4-7" });
  });

  it.each([
    // A header with a bare figure is a data row under a rule line: no table.
    [
      "a data row as header",
      "NAME          STAGE       AMOUNT  PROB\n────────────  ──────────  ──────  ────\nAcme renewal  Closed Won  18000   100\nBeta pilot    Prospecting 24000   10\nGamma upsell  Proposal    9000    50",
    ],
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
    // A `%CPU` column holds percentages; the process is named by its command.
    ["The bulk worker is at 88.2% CPU.", "supported", [], processes],
  ])("should read %j as %s %j", async (draft, verdict, fixes, evidence) => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: evidence });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, fixes]);
  });
});

describe("columns that a wide-gap split would misplace", () => {
  // `ps aux` without TTY: "PID %CPU %MEM" one space apart, right-aligned numbers under them, so every line
  // splits into four cells on wide gaps, but "1.2" sits under `%CPU`, not under `VSZ`.
  const ps = `USER         PID %CPU %MEM    VSZ   RSS COMMAND
redis       2210  1.2  0.8  12984  4923 redis-server
app         2231  4.2  3.1  12984  4923 node server.js`;

  it("should read one token per column when the cells do not sit under their headers", () => {
    expect(alignedTable(ps)?.rows[0]).toEqual({ USER: "redis", PID: "2210", "%CPU": "1.2", "%MEM": "0.8", VSZ: "12984", RSS: "4923", COMMAND: "redis-server" });
  });

  it.each([
    ["redis-server uses 0.8% of memory.", "supported", []],
    ["redis-server uses 3.1% of memory.", "contradicted", ["0.8%"]],
    ["redis-server is at 1.2% CPU.", "supported", []],
  ])("should check %j against the %MEM and %CPU columns: %s", async (claim, verdict, corrections) => {
    expect(await verdictOf(ps, claim, "ps aux")).toEqual([verdict, corrections]);
  });
});

describe("a column named by its unit or a percent sign", () => {
  const ports = `PORT  TYPE     STATE      POWER_KW  SOC%
1A    CCS1     CHARGING   61.4      54
2B    CCS1     CHARGING   118.9     23
3A    J1772    FINISHING  6.6       -`;

  it.each([
    ["Port 2B draws 118.9 kW of power.", "supported", []],
    // 61.4 kW is port 1A's: the row the claim names (`PORT: 2B`) gives the power.
    ["Port 2B draws 61.4 kW of power.", "contradicted", ["118.9 kW"]],
    ["Port 2B is at 23% SOC.", "supported", []],
  ])("%j is %s", async (claim, verdict, corrections) => {
    expect(await verdictOf(ports, claim, "charger status")).toEqual([verdict, corrections]);
  });
});
