/**
 * The hand-made agent cases over real API fixtures (test/fixtures/agent-cases-dev.jsonl, copied from the
 * shared case files) as tests. The first value of the verifier is never to make an answer worse: a draft
 * that is entirely correct may have nothing contradicted, corrected or blocked; over the whole file, harmful
 * outcomes (a right claim reported contradicted, a correction with a wrong value) may not rise, and the share
 * of gold verdicts may not fall. Those two floors are measured figures: raise them as the verifier improves.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../src/index.js";
import { agentMetrics, parseAgentCases, runAgentCases } from "../scripts/eval/agent-cases.js";

const text = readFileSync(new URL("./fixtures/agent-cases-dev.jsonl", import.meta.url), "utf8");
const cases = parseAgentCases(text, "agent-cases-dev.jsonl");
const correct = cases.filter((c) => /fully correct/i.test(c.kind ?? ""));

describe("agent cases over real API fixtures", { timeout: 120_000 }, () => {
  it.each(correct.map((c) => [c.id, c] as const))("should leave the entirely correct draft %s uncorrected and unblocked", async (_id, c) => {
    const fw = new Firewall();
    for (const ev of c.evidence) fw.record({ source: ev.source, content: ev.content as never });
    const report = await fw.verify(c.draft);
    expect(report.verdicts.filter((v) => v.verdict === "contradicted").map((v) => report.claims.find((x) => x.id === v.claimId)!.text)).toEqual([]);
    expect(report.verdicts.flatMap((v) => v.corrections)).toEqual([]);
    expect(report.decision).not.toBe("block");
  });

  it("should keep harmful outcomes and gold accuracy at or better than the measured floors", async () => {
    const { outcomes, errors } = await runAgentCases(cases);
    const m = agentMetrics("agent-cases-dev", cases.length, outcomes, errors);
    expect(errors).toBe(0);
    expect(m.claims).toBe(226);
    // Measured: 0 harmful (34 before the typed-slot rule), 0.757 of gold verdicts.
    expect(
      m.harmful,
      outcomes
        .filter((o) => o.harmful)
        .map((o) => `${o.caseId}: ${o.claim}`)
        .join("\n"),
    ).toBeLessThanOrEqual(0);
    expect(m.goldAccuracy).toBeGreaterThanOrEqual(0.7);
  });
});
