import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EvalResults } from "../../scripts/eval/case-result.js";
import { type ResultsSummary, readResultsBlock, renderResultsTable, replaceResultsBlock, summariseResults } from "../../scripts/docs/results-table.js";

const root = new URL("../../", import.meta.url);

describe("the README's accuracy and speed table", () => {
  it("should be what docs:results generates from docs/results.json (regenerate with npm run docs:results)", () => {
    const summary = JSON.parse(readFileSync(new URL("docs/results.json", root), "utf8")) as ResultsSummary;
    const readme = readFileSync(new URL("README.md", root), "utf8");
    expect(readResultsBlock(readme), "README.md's results table was edited by hand or is stale: run npm run eval, then npm run docs:results").toBe(
      renderResultsTable(summary),
    );
  });
});

describe("summariseResults", () => {
  const dataset = (
    balancedAccuracy: number,
    p50: number,
    gold: null | { accuracy: number; correctionAccuracy: number | null; corrections: number; ece: number },
  ) => ({
    n: 12,
    response: { balancedAccuracy },
    latencyMs: { p50, p95: p50 * 2 },
    goldClaims: gold,
  });
  const results = {
    config: { commit: "abc1234", startedAt: "2026-12-07T10:00:00.000Z", node: "v20.20.2", tiers: ["exact", "lexical"], strictness: "balanced" },
    datasets: {
      wice: dataset(0.625, 6.25, null),
      agent_traces: dataset(1, 19.4, { accuracy: 0.99, correctionAccuracy: 0.75, corrections: 8, ece: 0.15 }),
    },
    agentCases: {
      files: [{ name: "my-cases", cases: 5, goldAccuracy: 0.8, correctionsRight: 3, corrections: 4, harmful: 1, ece: 0.1 }],
    },
  } as unknown as EvalResults;

  it("should list case files first, then datasets by name, with the figures of each", () => {
    const s = summariseResults(results);
    expect(s.rows.map((r) => r.set)).toEqual(["my-cases", "agent traces (npm, Debian)", "WiCE (Wikipedia claims)"]);
    expect(s.rows[0]).toMatchObject({ answers: 5, claimAccuracy: 0.8, corrections: { right: 3, of: 4 }, harmful: 1, balancedAccuracy: null });
    expect(s.rows[1]).toMatchObject({ claimAccuracy: 0.99, corrections: { right: 6, of: 8 }, harmful: null, balancedAccuracy: 1, p50Ms: 19.4 });
    expect(s.rows[2]).toMatchObject({ claimAccuracy: null, corrections: null, ece: null, balancedAccuracy: 0.625 });
  });

  it("should render empty cells for figures a set does not have, and say where the figures come from", () => {
    const table = renderResultsTable(summariseResults(results));
    expect(table).toContain("| WiCE (Wikipedia claims) | 12 |  |  |  |  | 0.625 | 6.3 |");
    expect(table).toContain("| agent traces (npm, Debian) | 12 | 0.990 | 6/8 |  | 0.150 | 1.000 | 19 |");
    expect(table).toContain("measured on 2026-12-07 at commit abc1234");
  });

  it("should replace only what lies between the markers", () => {
    const readme = "# T\n<!-- results:begin (generated) -->\nold\n<!-- results:end -->\nafter\n";
    const next = replaceResultsBlock(readme, "new table");
    expect(next).toBe("# T\n<!-- results:begin (generated) -->\nnew table\n<!-- results:end -->\nafter\n");
    expect(readResultsBlock(next)).toBe("new table");
    expect(() => replaceResultsBlock("# no markers\n", "x")).toThrow(/results:begin/);
  });
});
