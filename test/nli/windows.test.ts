import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { windowSpans } from "../../src/index.js";

/** One token per word, and one per 4 characters of a long word (as subword tokenizers split rare strings). */
const words = (s: string) =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .reduce((n, w) => n + Math.max(1, Math.ceil(w.length / 4)), 0);

function covered(text: string, spans: Array<[number, number]>): boolean {
  const mark = new Array<boolean>(text.length).fill(false);
  for (const [s, e] of spans) for (let i = s; i < e; i++) mark[i] = true;
  return [...text].every((ch, i) => mark[i] || /\s/.test(ch));
}

describe("windowSpans", () => {
  it("should return the whole trimmed premise as one window when it fits", () => {
    expect(windowSpans("  cors has two dependencies.  ", 10, words)).toEqual([[2, 28]]);
  });

  it("should return no window for a blank premise", () => {
    expect(windowSpans(" \n ", 10, words)).toEqual([]);
  });

  it("should cut at sentence ends and share the boundary sentence between neighbours", () => {
    const perWord = (s: string) => s.split(/\s+/).filter(Boolean).length;
    const text = "One two three. Four five six. Seven eight nine. Ten eleven twelve.";
    const spans = windowSpans(text, 7, perWord);
    const parts = spans.map(([s, e]) => text.slice(s, e));
    expect(parts).toEqual(["One two three. Four five six.", "Four five six. Seven eight nine.", "Seven eight nine. Ten eleven twelve."]);
  });

  it("should cut an overlong sentence at words and an overlong word at characters", () => {
    const hash = "a".repeat(80);
    const text = `The digest is ${hash} and it never changes.`;
    const spans = windowSpans(text, 5, words);
    for (const [s, e] of spans) expect(words(text.slice(s, e))).toBeLessThanOrEqual(5);
    expect(covered(text, spans)).toBe(true);
  });

  it("should keep every window within the budget and cover every non-blank character (property)", () => {
    const word = fc.stringMatching(/^[a-z]{1,30}[.!?]?$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 200 }),
        fc.array(fc.constantFrom(" ", " ", "\n", "  "), { minLength: 200, maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }),
        (ws, seps, budget) => {
          const text = ws.map((w, i) => w + seps[i]!).join("");
          const spans = windowSpans(text, budget, words);
          for (const [s, e] of spans) expect(words(text.slice(s, e))).toBeLessThanOrEqual(budget);
          for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![0]);
          expect(covered(text, spans)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("should throw a RangeError for a budget below one token", () => {
    expect(() => windowSpans("text", 0, words)).toThrow(RangeError);
  });
});
