/**
 * Memory figures against the table `free -h` prints: the tool labels the memory row `Mem`, claims say "RAM"
 * or "memory". The slot words meet through the memory synonyms, so the swap row's figures are not the RAM's.
 * An invented output.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

const FREE_H = `               total        used        free      shared  buff/cache   available
Mem:            31Gi        24Gi       1.2Gi       412Mi       5.8Gi       6.3Gi
Swap:          4.0Gi       3.1Gi       0.9Gi
`;

async function verdict(claim: string): Promise<string> {
  const fw = new Firewall();
  fw.record({ source: "shell: free -h", content: FREE_H });
  const report = await fw.verify(claim);
  return report.verdicts.map((v) => v.verdict).join(", ");
}

describe("memory claims against free -h", () => {
  it.each([
    ["The box has 31 GiB of RAM with 24 GiB used.", "supported"],
    ["Only 1.2 GiB of RAM is free.", "supported"],
    // The swap row's figures, said of RAM.
    ["The box has 3.1 GiB of RAM used.", "unsupported"],
    ["Only 0.9 GiB of RAM is free.", "unsupported"],
  ])("%j is %s", async (claim, expected) => {
    expect(await verdict(claim)).toBe(expected);
  });
});
