import { Firewall } from "../../src/index.js";

/** The verdict on a one-claim draft and the values of its corrections. */
export async function check(fw: Firewall, claim: string): Promise<[string, string[]]> {
  const v = (await fw.verify(claim)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

/** The verdicts on a draft checked against one text tool output, in a fresh firewall. */
export async function verdictsOn(evidence: string, draft: string, source = "search"): Promise<string[]> {
  const fw = new Firewall();
  fw.record({ source, content: evidence });
  return (await fw.verify(draft)).verdicts.map((v) => v.verdict);
}

/** The verdict on the first claim of a draft checked against one tool output, in a fresh firewall, and its corrections' values. */
export async function verdictOf(evidence: unknown, draft: string, source = "tool"): Promise<[string, string[]]> {
  const fw = new Firewall();
  fw.record({ source, content: evidence as never });
  const v = (await fw.verify(draft)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}
