import { describe, expect, it } from "vitest";
import { goldValues, roundsTo } from "../../scripts/eval/agent-cases.js";

describe("goldValues", () => {
  it.each<[string, string[]]>([
    ["37 minutes (departure.delay: 37)", ["37 minutes", "departure.delay: 37"]],
    ["0.05 (= 5%)", ["0.05", "5%"]],
    ["EUR 2,400 (€2,400)", ["EUR 2,400", "€2,400", "2,400 EUR"]],
    ["94 °F = about 34 °C", ["94 °F = about 34 °C", "34 °C"]],
    ["allow_force_pushes.enabled: false", ["false"]],
    // A status restated as the boolean field it comes from.
    ["open (paid: false)", ["open", "false"]],
    // A gold that places its figure: the figure it opens with.
    ["$15.70 in June; $25.96 was July", ["$15.70 in June; $25.96 was July", "$15.70"]],
    ["3.32 after Spring 2018-2019 (3.36 was the cumulative GPA after Autumn 2018-2019)", ["3.32 after Spring 2018-2019", "3.32"]],
  ])("should read %j as %j", (gold, values) => {
    expect(goldValues(gold)).toEqual(values);
  });
});

describe("roundsTo", () => {
  it.each<[string, string, boolean]>([
    // A correction with a scale word states the gold at its own precision.
    ["$25.0k", "$24,960", true],
    ["$4.21 million", "4,213,450", true],
    ["$25.1k", "$24,960", false],
    ["$2.6k", "$2,612", true],
    // A correction in the claim's precision; a gold that says it is rounded.
    ["4.4", "4.44", true],
    ["34 °C", "about 34.4 °C", true],
    ["35", "34.4", false],
  ])("%j for gold %j → %s", (predicted, gold, rounds) => {
    expect(roundsTo(predicted, gold)).toBe(rounds);
  });
});
