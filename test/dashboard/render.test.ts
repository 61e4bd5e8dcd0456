/** The dashboard's renderers: escaping templates, inline highlighting, Markdown escaping, the chart. */
import { describe, expect, it } from "vitest";
import type { Claim, ClaimVerdict } from "../../src/index.js";
import { renderChart } from "../../src/dashboard/chart.js";
import { highlightDraft } from "../../src/dashboard/highlight.js";
import { escapeHtml, html, trusted } from "../../src/dashboard/html.js";
import { mdFence, mdText } from "../../src/dashboard/markdown-report.js";

describe("html", () => {
  it("should escape every interpolated value, in content and in quoted attributes", () => {
    const evil = `"><script>alert('x')</script>&`;
    const escaped = "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;";
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(`<p title="${escaped}">${escaped}</p>`);
  });

  it("should nest safe pieces and arrays unescaped, and render null, undefined and false as nothing", () => {
    const items = ["<a>", "b"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}${0}</ul>`.value).toBe("<ul><li>&lt;a&gt;</li><li>b</li>0</ul>");
    expect(html`${trusted("<br>")}`.value).toBe("<br>");
  });
});

function claim(id: string, text: string, draft: string, kind: Claim["kind"] = "factual"): Claim {
  const start = draft.indexOf(text);
  return { id, text, kind, span: [start, start + text.length], citations: [] };
}

function verdict(claimId: string, label: ClaimVerdict["verdict"], corrections: ClaimVerdict["corrections"] = []): ClaimVerdict {
  return { claimId, verdict: label, confidence: 0.9, tier: 0, quotes: [], corrections, trace: [] };
}

describe("highlightDraft", () => {
  const draft = "Hi <there>. cors has 40 versions. It is MIT.";
  const c1 = claim("r1.c1", "cors has 40 versions.", draft);
  const c2 = claim("r1.c2", "It is MIT.", draft);
  const at40 = draft.indexOf("40");
  const quote = { evidenceId: "e1", source: "npm_view", text: "versionCount: 35", span: [0, 16] as [number, number] };

  it("should mark each claim by verdict, with the wrong value struck and the evidence value beside it", () => {
    const out = highlightDraft(
      draft,
      [c1, c2],
      [verdict("r1.c1", "contradicted", [{ span: [at40, at40 + 2], wrong: "40", value: "35", quote }]), verdict("r1.c2", "supported")],
    ).value;
    expect(out).toBe(
      'Hi &lt;there&gt;. <a class="claim v-contradicted" href="#claim-r1.c1" title="r1.c1: contradicted (0.90)">cors has <del>40</del><span class="arrow"> → </span><ins title="evidence: npm_view e1 &quot;versionCount: 35&quot;">35</ins> versions.</a> ' +
        '<a class="claim v-supported" href="#claim-r1.c2" title="r1.c2: supported (0.90)">It is MIT.</a>',
    );
  });

  it("should leave overlapping, empty and out-of-range spans unmarked and keep all the text", () => {
    const inner: Claim = { ...c1, id: "r1.c3", span: [c1.span[0] + 5, c1.span[1]] };
    const outside: Claim = { ...c2, id: "r1.c4", span: [40, 400] };
    const empty: Claim = { ...c2, id: "r1.c5", span: [3, 3] };
    const out = highlightDraft(draft, [inner, c1, outside, empty], [verdict("r1.c1", "supported"), verdict("r1.c3", "unsupported")]).value;
    expect(out.match(/class="claim/g)).toHaveLength(1);
    expect(out.replace(/<[^>]+>/g, "")).toBe(escapeHtml(draft));
  });
});

describe("Markdown escaping", () => {
  it("should keep untrusted text from becoming links, images, HTML or table cells", () => {
    expect(mdText("a | b ![x](http://e) <script>*y*</script>\nnext")).toBe("a \\| b \\!\\[x\\](http://e) &lt;script&gt;\\*y\\*&lt;/script&gt; next");
  });

  it("should fence text with more backticks than any run inside it", () => {
    expect(mdFence("code ```js\nx\n```")).toBe("````text\ncode ```js\nx\n```\n````");
    expect(mdFence("plain")).toBe("```text\nplain\n```");
  });
});

describe("renderChart", () => {
  it("should draw a bar per flagged count, break the line at answers with nothing checkable, and title each point", () => {
    const svg = renderChart(
      [
        { label: "r1", score: 0.5, flagged: 2, title: "r1 <b>" },
        { label: "r2", score: null, flagged: 0, title: "r2" },
        { label: "r3", score: 1, flagged: 0, title: "r3" },
      ],
      "answers",
    ).value;
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(1);
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg.match(/<circle/g)).toHaveLength(2);
    expect(svg).toContain("<title>r1 &lt;b&gt;</title>");
    expect(renderChart([], "x").value).toContain("No answers to chart yet.");
  });
});
