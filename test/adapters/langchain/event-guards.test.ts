import { describe, expect, it } from "vitest";
import { isUnitVerdictEvent, isVerdictEvent, UNIT_VERDICT_EVENT, VERDICT_EVENT } from "../../../adapters/langchain/index.js";

describe("isVerdictEvent and isUnitVerdictEvent", () => {
  it.each([
    [{ type: VERDICT_EVENT, decision: "pass" }, true, false],
    [{ type: UNIT_VERDICT_EVENT, index: 0 }, false, true],
    [{ type: "progress", step: 1 }, false, false],
    [{ kind: VERDICT_EVENT }, false, false],
    [VERDICT_EVENT, false, false],
    [null, false, false],
    [undefined, false, false],
    [[VERDICT_EVENT], false, false],
  ])("should tell %j apart (answer event %j, unit event %j)", (chunk, answer, unit) => {
    expect(isVerdictEvent(chunk)).toBe(answer);
    expect(isUnitVerdictEvent(chunk)).toBe(unit);
  });
});
