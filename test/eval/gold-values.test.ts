import { describe, expect, it } from "vitest";
import { goldValues } from "../../scripts/eval/agent-cases.js";

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
