import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

function registry(fw: Firewall): void {
  fw.record({ source: "npm_view", content: { name: "moment", version: "2.31.0", description: "Parse, validate, manipulate, and display dates" } });
  fw.record({
    source: "doc_search",
    content: {
      query: "moment npm package",
      results: [
        { title: "moment - npm", snippet: "Parse, validate, manipulate, and display dates" },
        { title: "yargs - npm", snippet: "yargs the modern, pirate-themed, successor to optimist." },
      ],
    },
  });
}

describe("quoted text attributed to a subject", () => {
  it("should contradict another entity's description quoted as the subject's, with the subject's own", async () => {
    const fw = new Firewall();
    registry(fw);
    const v = (await fw.verify("`moment` describes itself as “yargs the modern, pirate-themed, successor to optimist” [1]")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([
      ["yargs the modern, pirate-themed, successor to optimist", "Parse, validate, manipulate, and display dates"],
    ]);
  });

  it("should leave the subject's own quote and a quote found nowhere alone", async () => {
    const fw = new Firewall();
    registry(fw);
    expect((await fw.verify("`moment` describes itself as “Parse, validate, manipulate, and display dates”.")).verdicts[0]!.verdict).toBe("supported");
    const nowhere = (await fw.verify("`moment` describes itself as “the fastest date library in the world”.")).verdicts[0]!;
    expect(nowhere.corrections).toEqual([]);
    expect(nowhere.verdict).not.toBe("supported");
  });
});

describe("quoted text given to array elements named by their keys", () => {
  const board = {
    issues: [
      { key: "WEB-12", fields: { summary: "Checkout button is grey" } },
      { key: "WEB-11", fields: { summary: "Checkout button is blue" } },
      { key: "WEB-10", fields: { summary: "Footer links are broken" } },
    ],
  };
  async function verdict(draft: string) {
    const fw = new Firewall();
    fw.record({ source: "tracker.search(project=WEB)", content: board });
    const v = (await fw.verify(draft)).verdicts[0]!;
    return [v.verdict, v.corrections.map((c) => c.value)];
  }

  it.each<[string, [string, string[]]]>([
    ['WEB-12 is titled "Checkout button is grey".', ["supported", []]],
    // One element named: its own title corrects the quote.
    ['WEB-11 is titled "Checkout button is grey".', ["contradicted", ["Checkout button is blue"]]],
    // Several named at once: one of them differs, and no single title is the fix.
    ['WEB-12 and WEB-11 are both titled "Checkout button is grey".', ["contradicted", []]],
  ])("%s", async (draft, want) => {
    expect(await verdict(draft)).toEqual(want);
  });
});
