import { describe, expect, it } from "vitest";
import type { EvalResults } from "../../scripts/eval/case-result.js";
import { datasetMetrics } from "../../scripts/eval/dataset-metrics.js";
import { prCurveSvg } from "../../scripts/eval/pr-curve.js";
import { fmt, markdownTable, renderMarkdown, renderText, textTable } from "../../scripts/eval/table.js";

const empty = datasetMetrics([], 0.6);
const results: EvalResults = {
  config: {
    data: ["toy.jsonl"],
    limit: 10,
    seed: 20250601,
    tiers: ["exact", "lexical"],
    strictness: "balanced",
    operatingPoint: 0.6,
    cache: false,
    startedAt: "2025-06-01T00:00:00.000Z",
    durationMs: 1500,
    node: "v20",
    commit: null,
  },
  datasets: { toy: empty },
  tasks: { qa: empty },
  cases: [],
};

describe("fmt", () => {
  it("should print null and NaN as a dash", () => {
    expect(fmt(null)).toBe("-");
    expect(fmt(Number.NaN)).toBe("-");
    expect(fmt(0.12345)).toBe("0.123");
  });
});

describe("tables", () => {
  it("should pad text columns and escape Markdown pipes", () => {
    expect(textTable(["a", "bb"], [["xyz", "1"]])).toBe("a    bb\n---  --\nxyz   1");
    expect(markdownTable(["k", "v"], [["a|b", "1"]])).toBe("| k | v |\n| --- | ---: |\n| a\\|b | 1 |");
  });

  it("should render a run with no data without NaN", () => {
    const text = renderText(results);
    expect(text).toContain("toy");
    expect(text).not.toContain("NaN");
    const md = renderMarkdown(results, { curve: "pr-curve.svg" });
    expect(md).toContain("| 0.60* |");
    expect(md).toContain("![precision/recall curve](pr-curve.svg)");
  });
});

describe("prCurveSvg", () => {
  it("should draw one curve per dataset and ring the operating point", () => {
    const svg = prCurveSvg([
      {
        name: "a<b",
        points: [
          { threshold: 0.5, precision: 0.5, recall: 0.9, f1: 0.64, operatingPoint: false },
          { threshold: 0.6, precision: 0.7, recall: 0.6, f1: 0.65, operatingPoint: true },
          { threshold: 0.7, precision: null, recall: 0, f1: null, operatingPoint: false },
        ],
      },
    ]);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.match(/<polyline/g)).toHaveLength(1);
    expect(svg).toContain("a&lt;b");
    expect(svg.match(/r="6"/g)).toHaveLength(2); // operating point + its legend
  });
});
