import { describe, expect, it } from "vitest";
import { ConfigError, labelMap, roleOfLabel } from "../../src/index.js";

describe("roleOfLabel", () => {
  it.each([
    ["entailment", "entailment"],
    ["ENTAILMENT", "entailment"],
    ["Entails", "entailment"],
    ["SUPPORTS", "entailment"],
    ["supported", "entailment"],
    ["contradiction", "contradiction"],
    ["CONTRADICTION", "contradiction"],
    ["REFUTES", "contradiction"],
    ["neutral", "neutral"],
    ["Neutral", "neutral"],
    ["NOT ENOUGH INFO", "neutral"],
    ["not_entailment", "not_entailment"],
    ["NON-ENTAILMENT", "not_entailment"],
    ["not supported", "not_entailment"],
    ["unsupported", "not_entailment"],
    ["inconsistent", "not_entailment"],
    ["LABEL_0", null],
    ["positive", null],
  ])("should read %j as %s", (label, role) => {
    expect(roleOfLabel(label)).toBe(role);
  });
});

describe("labelMap", () => {
  it.each([
    [{ 0: "contradiction", 1: "entailment", 2: "neutral" }, 1, 0],
    [{ 0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION" }, 0, 2],
    [{ 0: "Neutral", 1: "Contradiction", 2: "Entailment" }, 2, 1],
  ])("should find the entailment and contradiction outputs of %j by name", (id2label, entailment, contradiction) => {
    const map = labelMap("m", id2label);
    expect(map.classes).toBe(3);
    expect(map.entailment).toBe(entailment);
    expect(map.contradiction).toBe(contradiction);
  });

  it("should read a two-class model as entailment against the rest, with no contradiction output", () => {
    const map = labelMap("m", { 0: "not_entailment", 1: "entailment" });
    expect(map).toMatchObject({ classes: 2, entailment: 1, contradiction: -1, other: [0] });
  });

  it("should take the user's meaning for labels a model names generically", () => {
    const map = labelMap("m", { 0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2" }, { LABEL_0: "entailment", LABEL_1: "neutral", LABEL_2: "contradiction" });
    expect(map).toMatchObject({ entailment: 0, contradiction: 2 });
  });

  it("should throw a ConfigError naming the labels and the option when they mean nothing known", () => {
    expect(() => labelMap("my/model", { 0: "LABEL_0", 1: "LABEL_1" })).toThrow(ConfigError);
    expect(() => labelMap("my/model", { 0: "LABEL_0", 1: "LABEL_1" })).toThrow(/my\/model.*LABEL_0.*labels/);
  });

  it("should throw a ConfigError when there is no id2label, or no entailment output", () => {
    expect(() => labelMap("m", undefined)).toThrow(/no usable id2label/);
    expect(() => labelMap("m", { 0: "neutral", 1: "contradiction" })).toThrow(/exactly one must mean entailment/);
  });
});
