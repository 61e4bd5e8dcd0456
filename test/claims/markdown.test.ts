import { describe, expect, it } from "vitest";
import { extractClaimsSync } from "../../src/claims/index.js";
import { markdownBlocks } from "../../src/claims/markdown-blocks.js";
import { cleanInline } from "../../src/claims/markdown-inline.js";
import { expectWellFormed, view } from "./helpers.js";

function clean(text: string) {
  return cleanInline(text, 0, text.length, new Uint8Array(text.length));
}

describe("cleanInline", () => {
  it.each([
    ["**54** million", "54 million"],
    ["*Vesta* and _Terra_", "Vesta and Terra"],
    ["uses `dotenv` here", "uses dotenv here"],
    ["see ``a `b` c`` now", "see a `b` c now"],
    ["read [the docs](https://example.com/a_(b)) first", "read the docs first"],
    ["![logo](x.png) shown", "logo shown"],
    ["snake_case_name stays", "snake_case_name stays"],
    ["2*3 is 6 and ~5% is approximate", "2*3 is 6 and ~5% is approximate"],
    ["~~old~~ new", "old new"],
    ["line one\n  line two", "line one line two"],
    ["escaped \\*star\\*", "escaped *star*"],
    ["see <https://example.com> now", "see https://example.com now"],
    ["a<br>b", "a b"],
    ["unclosed `tick stays", "unclosed `tick stays"],
  ])("should clean %j to %j", (input, expected) => {
    const result = clean(input);
    expect(result.text).toBe(expected);
    result.map.forEach((at, i) => {
      if (at >= 0) expect(input[at]).toBe(result.text[i]);
    });
  });

  it.each([
    ["Revenue rose [1].", "Revenue rose.", ["1"]],
    ["Two sources [1, 3].", "Two sources.", ["1", "3"]],
    ["A range [2-4].", "A range.", ["2", "3", "4"]],
    ["A footnote[^1] here.", "A footnote here.", ["1"]],
    ["A named note [^src-a].", "A named note.", ["src-a"]],
    ["A link [2](https://x.y) is not one.", "A link 2 is not one.", []],
    ["Stacked markers [1][2].", "Stacked markers.", ["1", "2"]],
  ])("should lift citations out of %j", (input, text, labels) => {
    const result = clean(input);
    expect(result.text).toBe(text);
    expect(result.citations.map((c) => c.label)).toEqual(labels);
  });
});

describe("markdownBlocks", () => {
  it("should leave out fenced code, indented code, quotes and rules", () => {
    const draft = "Intro line.\n\n```js\nconst total = 5;\n```\n\n    indented 5\n\n> The user said 7.\n> still quoted\n\n---\n\nLast line.";
    const blocks = markdownBlocks(draft);
    expect(blocks.map((b) => draft.slice(b.start, b.end))).toEqual(["Intro line.", "Last line."]);
  });

  it("should read a line right under a quote as the agent's own, not as a lazy continuation", () => {
    const draft = "> What is the total?\nThe total is 5.";
    expect(markdownBlocks(draft).map((b) => draft.slice(b.start, b.end))).toEqual(["The total is 5."]);
  });

  it("should strip bullet markers and task boxes", () => {
    const draft = "- one\n* two\n1. three\n2) four\n- [x] five";
    expect(markdownBlocks(draft).map((b) => draft.slice(b.start, b.end))).toEqual(["one", "two", "three", "four", "five"]);
  });

  it("should join wrapped lines and split line-per-fact answers", () => {
    const draft = "Revenue rose 12% to $4.2M in\nthe third quarter.\nStatus: healthy\nRestarts: 14";
    expect(markdownBlocks(draft).map((b) => draft.slice(b.start, b.end))).toEqual([
      "Revenue rose 12% to $4.2M in\nthe third quarter.",
      "Status: healthy",
      "Restarts: 14",
    ]);
  });
});

describe("extractClaimsSync on markdown structure", () => {
  it("should give one claim per table data row with header: cell pairs", () => {
    const draft = "| Package | Version | License |\n|---|:---:|---|\n| axios | **1.7.2** | MIT |\n| `chalk` | 5.3.0 [2] | MIT |";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual([
      { span: "axios | **1.7.2** | MIT", text: "Package: axios; Version: 1.7.2; License: MIT", kind: "factual", citations: [] },
      { span: "`chalk` | 5.3.0 [2] | MIT", text: "Package: chalk; Version: 5.3.0; License: MIT", kind: "factual", citations: ["2"] },
    ]);
    const version = claims[0]!.text.indexOf("1.7.2");
    expect(claims[0]!.map[version]).toBe(draft.indexOf("1.7.2"));
  });

  it("should give one claim per figure cell of a labelled row, read with the row's label", () => {
    const draft = "| | Baseline | +$200/mo |\n|---|---|---|\n| Remaining payments | 312 | 242 |\n| Lender | Acme Bank | Acme Bank |";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims).map((c) => [c.span, c.text])).toEqual([
      ["312", "Remaining payments; Baseline: 312"],
      ["242", "Remaining payments; +$200/mo: 242"],
      ["Lender | Acme Bank | Acme Bank", "Lender; Baseline: Acme Bank; +$200/mo: Acme Bank"],
    ]);
  });

  it("should give no claims for a fenced code block", () => {
    expect(extractClaimsSync("```python\nprint('The total is 5.')\nx = 3\n```")).toEqual([]);
  });

  it("should give no claims for quoted user text", () => {
    expect(extractClaimsSync("> My invoice totals 3450 USD, right?")).toEqual([]);
  });

  it.each([
    ["# Weekly report", "Weekly report", "not_checkable"],
    ["## Results for 2025", "Results for 2025", "not_checkable"],
    ["## Revenue rose 12% in Q3 ##", "Revenue rose 12% in Q3", "factual"],
  ] as const)("should read the heading %j", (draft, text, kind) => {
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual([{ span: text, text, kind, citations: [] }]);
  });

  it("should read a link as its text and keep the span on the sentence", () => {
    const draft = "The [release notes](https://example.com/notes) list 3 fixes.";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual([{ span: draft, text: "The release notes list 3 fixes.", kind: "factual", citations: [] }]);
  });

  it("should extend a span over closing emphasis and a trailing citation", () => {
    const draft = "- Revenue was **$4.2M** [3]\n- Costs were flat";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims).map((c) => c.span)).toEqual(["Revenue was **$4.2M** [3]", "Costs were flat"]);
    expect(claims[0]!.citations).toEqual(["3"]);
  });

  it("should read short verbless labels as not checkable but keep key: value bullets", () => {
    const draft = "**Summary**\n\n- **Status:** healthy\n- Next steps";
    expect(extractClaimsSync(draft).map((c) => [c.text, c.kind])).toEqual([
      ["Summary", "not_checkable"],
      ["Status: healthy", "factual"],
      ["Next steps", "not_checkable"],
    ]);
  });

  it("should make each bullet its own claim unit", () => {
    const draft = "Here is what I found:\n* The pod restarted 14 times\n* The namespace is payments-prod";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims).map((c) => [c.span, c.kind])).toEqual([
      ["Here is what I found:", "not_checkable"],
      ["The pod restarted 14 times", "factual"],
      ["The namespace is payments-prod", "factual"],
    ]);
  });
});
