/**
 * Restart points of a streaming answer's extraction: where the rest of the draft reads as a draft of its own.
 */
import { describe, expect, it } from "vitest";
import { extractClaimsSync } from "../../src/claims/rule-extractor.js";
import { isRestartPoint } from "../../src/stream/restart-point.js";

/** The draft with `^` marking the point. */
const cases: Array<[string, boolean]> = [
  ["The order shipped. ^It holds 3 items.", true],
  ["- The order shipped.\n^- It holds 3 items.", true],
  ["# Order\n\n^The order shipped.", true],
  ["The order shipped.\n\n^It holds 3 items.", true],
  ["**The order shipped. ^It holds 3 items.**", false],
  ["The `order shipped. ^It` holds 3 items.", false],
  ["See [the order. ^It holds](https://example.com) 3 items.", false],
  ["| field | value |\n|---|---|\n^| items | 3 |", false],
  ["```\ncode. \n^More code.\n```", false],
  ["- The order shipped.\n^    It holds 3 items.", false],
  ["The order shipped\n^===", false],
  ["The order shipped: ^it holds 3 items.", false],
  ["^The order shipped.", false],
  ["> The order shipped. ^It holds 3 items.", false],
];

describe("isRestartPoint", () => {
  it.each(cases)("%j -> %s", (marked, expected) => {
    const at = marked.indexOf("^");
    expect(isRestartPoint(marked.replace("^", ""), at)).toBe(expected);
  });

  it.each(cases.filter(([, ok]) => ok))("should give from the point on the claims of the whole draft: %j", (marked) => {
    const at = marked.indexOf("^");
    const draft = marked.replace("^", "");
    const whole = extractClaimsSync(draft).filter((c) => c.span[0] >= at);
    const part = extractClaimsSync(draft.slice(at)).map((c) => ({
      ...c,
      span: [c.span[0] + at, c.span[1] + at],
      map: c.map.map((m) => (m < 0 ? m : m + at)),
      unit: c.unit ? [c.unit[0] + at, c.unit[1] + at] : undefined,
    }));
    expect(part).toEqual(whole);
  });
});
