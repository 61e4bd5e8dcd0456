/**
 * A row picked by a word of the claim that only its own values hold ("the checkpointer process" for the `ps`
 * row whose COMMAND is `postgres: checkpointer`): the figure is read in that row, not in any row. Invented
 * output.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const ps = `USER         PID %CPU %MEM    VSZ   RSS COMMAND
postgres    2184 38.2  4.1  12984  4923 postgres: walreceiver
postgres    2201 12.7  9.3  12984  4923 postgres: checkpointer
root        1001  4.1  0.2  12984  4923 containerd
`;

const check = (claim: string) => verdictOf(ps, claim, "ps aux");

describe("a row picked by a word of its own values", () => {
  it.each<[string, [string, string[]]]>([
    ["The checkpointer process is using 12.7% CPU.", ["supported", []]],
    // 38.2% is the walreceiver's.
    ["The checkpointer process is using 38.2% CPU.", ["contradicted", ["12.7%"]]],
    ["The walreceiver process is using 38.2% CPU.", ["supported", []]],
    // "postgres" is in two rows: it picks neither, and the figure is found in one of them.
    ["A postgres process is using 38.2% CPU.", ["supported", []]],
  ])("%j is %j", async (claim, expected) => {
    expect(await check(claim)).toEqual(expected);
  });
});
