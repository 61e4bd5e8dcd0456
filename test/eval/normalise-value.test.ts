import { describe, expect, it } from "vitest";
import { normaliseValue, parseDate, parseNumber, samePolarity, sameValue } from "../../scripts/eval/normalise-value.js";

describe("normaliseValue", () => {
  it.each([
    ["1,336 KB", "1336kb"],
    ["$1,234.50", "1234.5"],
    ["€ 12.00", "12"],
    ["1.00%", "1%"],
    ["100", "100"],
    ["2.050 MB", "2.05mb"],
    ["30.5.0", "30.5.0"],
    ["`>=12`", ">=12"],
    ["Troy Goode", "troygoode"],
    ["“Parse, validate”", "parsevalidate"],
  ])("should normalise %j to %j", (input, expected) => {
    expect(normaliseValue(input)).toBe(expected);
  });
});

describe("parseNumber", () => {
  it.each([
    ["1,336 KB", { value: 1336, unit: "kb" }],
    ["17 days", { value: 17, unit: "days" }],
    ["267 thousand", { value: 267000, unit: "" }],
    ["-3.5%", { value: -3.5, unit: "%" }],
    ["4.4.3", null],
    ["react", null],
  ])("should read %j as %j", (input, expected) => {
    expect(parseNumber(input)).toEqual(expected);
  });
});

describe("parseDate", () => {
  it.each([
    ["2024-02-27", "2024-02-27"],
    ["2026-11-09T00:53:33+00:00", "2026-11-09"],
    ["Feb 27, 2024", "2024-02-27"],
    ["February 27 2024", "2024-02-27"],
    ["27 February 2024", "2024-02-27"],
    ["9th Oct 2026", "2026-10-09"],
    ["Sept. 3, 2025", "2025-09-03"],
    ["Feb 30, 2024", null],
    ["Marathon 3, 2024", null],
    ["18.0.10", null],
    ["Friday, March 1, 2024", "2024-03-01"],
    ["Wed 2024-09-18", "2024-09-18"],
  ])("should read %j as %j", (input, expected) => {
    expect(parseDate(input)).toBe(expected);
  });
});

describe("sameValue", () => {
  it.each([
    ["1,336 KB", "1336 KB", true],
    ["$12.50", "12.5", true],
    ["Feb 27, 2024", "2024-02-27", true],
    ["10 October 2026", "2026-10-10", true],
    ["17", "17 days", true],
    ["100%", "100.0%", true],
    ["July 23, 2024", "July 23", true],
    ["Oct 2, 2024", "2 October", true],
    ["Wednesday, September 18, 2024", "September 18", true],
    ["Tuesday", "Tuesday, February 24", true],
    ["Monday", "Tuesday, February 24", false],
    ["Oct 3, 2024", "Oct 2", false],
    ["1,336 MB", "1,336 KB", false],
    ["14.0.3", "14.0.30", false],
    ["2024-02-28", "2024-02-27", false],
    ["React", "react", true],
    ["vue", "react", false],
  ])("should compare %j with gold %j as %s", (predicted, gold, expected) => {
    expect(sameValue(predicted, gold)).toBe(expected);
  });
});

describe("samePolarity", () => {
  it.each([
    ["is not included", "false", true],
    ["cannot book", "false", true],
    ["cannot book", "true", false],
    ["off", "OFF", true],
    ["aren't allowed", "no", true],
    ["are allowed", "true", true],
    ["off", "no night skiing", true],
    ["on", "no night skiing", false],
    // A gold that writes the polarity as a short answer ("it is", "it isn't").
    ["is set", "it is", true],
    ["is not set", "it isn't", true],
    ["is not set", "it is", false],
    ["on", "ON", true],
    ["is included", "false", false],
    ["is not included", "true", false],
    ["$12", "false", false],
    ["is included", "12", false],
  ])("should read %j against the gold %j as %s", (predicted, gold, want) => {
    expect(samePolarity(predicted, gold)).toBe(want);
  });
});
