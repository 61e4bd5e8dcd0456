/**
 * The docs tests' Markdown reader: fences, link destinations and GitHub's heading anchors.
 */
import { describe, expect, it } from "vitest";
import { anchors, codeBlocks, githubSlug, links } from "./markdown.js";

describe("githubSlug", () => {
  // Expected values as GitHub renders them (github-slugger's test cases and headings seen on github.com).
  it.each([
    ["LangChain.js", "langchainjs"],
    ["Vercel AI SDK", "vercel-ai-sdk"],
    ["Tiers 1 and 2: NLI & the LLM judge", "tiers-1-and-2-nli--the-llm-judge"],
    ["`hfw verify`", "hfw-verify"],
    ["What's new?", "whats-new"],
    ["Über café", "über-café"],
    ["snake_case_name", "snake_case_name"],
    ["`snake_case` in code", "snake_case-in-code"],
    ["*Emphasis* and _under_ and **strong**", "emphasis-and-under-and-strong"],
    ["[A link](other.md#x) in a heading", "a-link-in-a-heading"],
    ["C++ / Node 20", "c--node-20"],
    ["🚀 Launch", "-launch"],
    ["Fleets (PostgreSQL, `hfw serve`)", "fleets-postgresql-hfw-serve"],
    ["1.2.3 -> 2.0", "123---20"],
  ])("should turn %j into %j", (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });
});

describe("anchors", () => {
  it("should number repeated headings as GitHub does and skip headings inside code", () => {
    const text = ["# Limits", "", "## Limits", "", "```md", "# Not a heading", "```", "", "Setext", "======", "", "# Limits #"].join("\n");
    expect([...anchors(text)]).toEqual(["limits", "limits-1", "setext", "limits-2"]);
  });

  it("should take HTML ids and names as anchors", () => {
    expect(anchors('<a name="verdicts"></a>\n<h2 id="x-y">X</h2>')).toEqual(new Set(["verdicts", "x-y"]));
  });
});

describe("codeBlocks", () => {
  it("should read language, flags, options, line and body of each fence", () => {
    const text = ["intro", "```ts fragment", "const a = 1;", "```", "", "  ~~~~sh runnable exit=1", "  hfw verify", "  ~~~", "  ~~~~"].join("\n");
    const [ts, sh] = codeBlocks("docs/x.md", text);
    expect(ts).toMatchObject({ file: "docs/x.md", line: 2, lang: "ts", code: "const a = 1;" });
    expect([...ts!.flags]).toEqual(["fragment"]);
    expect(sh).toMatchObject({ line: 6, lang: "sh", code: "hfw verify\n~~~" });
    expect([...sh!.flags]).toEqual(["runnable"]);
    expect(sh!.options.get("exit")).toBe("1");
  });

  it("should mark a fence left open as unclosed", () => {
    const [block] = codeBlocks("a.md", "```sh\nnpm test\n");
    expect(block!.flags.has("unclosed")).toBe(true);
  });

  it("should not take inline code with backticks for a fence", () => {
    expect(codeBlocks("a.md", "```a``` b\ntext")).toEqual([]);
  });
});

describe("links", () => {
  it("should find inline links, images, nested images, reference definitions and HTML tags, outside code", () => {
    const text = [
      'See [the CLI](cli.md#hfw-verify) and ![chart](eval-pr-curve.svg "PR").',
      "[![dashboard](docs/dashboard.png)](docs/store-and-dashboard.md)",
      "`[not](a-link.md)` and ``[nor](this.md)``",
      '<img src="docs/dashboard.png" width="600">',
      "[ref]: <docs/limits.md#principles>",
      "```md",
      "[in code](no.md)",
      "```",
      "[paren](https://en.wikipedia.org/wiki/F1_(score))",
    ].join("\n");
    expect(links("README.md", text).map((l) => [l.line, l.target])).toEqual([
      [1, "cli.md#hfw-verify"],
      [1, "eval-pr-curve.svg"],
      [2, "docs/dashboard.png"],
      [2, "docs/store-and-dashboard.md"],
      [4, "docs/dashboard.png"],
      [5, "docs/limits.md#principles"],
      [9, "https://en.wikipedia.org/wiki/F1_(score)"],
    ]);
  });
});
