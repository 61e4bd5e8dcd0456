import type { Firewall } from "../../src/index.js";

/** The verdict on a one-claim draft and the values of its corrections. */
export async function check(fw: Firewall, claim: string): Promise<[string, string[]]> {
  const v = (await fw.verify(claim)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}
