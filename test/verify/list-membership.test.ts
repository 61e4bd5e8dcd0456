/**
 * Membership in a list attribute ("is labelled bug", "is tagged travel") against the entity's own list: table
 * tests over invented records, end to end through the firewall, and the claim frames.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { membershipOf } from "../../src/verify/list-membership.js";

const search = {
  total_count: 2,
  items: [
    { number: 7, title: "Kettle won't boil", labels: [{ name: "bug" }, { name: "kitchen" }] },
    { number: 8, title: "Add a timer", labels: [] },
  ],
};
const post = { slug: "fjord-walks", tags: ["travel", "norway"] };

async function verdictOf(content: unknown, draft: string) {
  const fw = new Firewall();
  fw.record({ source: "tracker.search(q=kettle)", content: content as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => [v.verdict, v.corrections.length]);
}

describe("list membership", () => {
  it.each<[string, unknown, string, string]>([
    ["a value in the element's list", search, "Issue #7 is labelled bug.", "supported"],
    ["a value not in the element's list", search, "Issue #7 is labelled enhancement.", "contradicted"],
    ["an empty list", search, 'Issue #8 "Add a timer" is labelled bug.', "contradicted"],
    ["a negation inside a quoted title is the title's", search, 'Issue #7 "Kettle won\'t boil" is labelled kitchen.', "supported"],
    ["the only list of its attribute", post, "The post is tagged norway.", "supported"],
    ["the only list, without the value", post, "The post is tagged sweden.", "contradicted"],
  ])("%s", async (_why, content, draft, want) => {
    expect(await verdictOf(content, draft)).toEqual([[want, 0]]);
  });

  it("should decide nothing when the claim's entity picks no list and several exist", async () => {
    expect((await verdictOf(search, "It is labelled bug."))[0]![0]).not.toBe("contradicted");
  });

  it.each<[string, { attribute: string; value: string } | null]>([
    ["Issue #7 is labelled `bug`.", { attribute: "label", value: "bug" }],
    ["The post was tagged as travel, too.", { attribute: "tag", value: "travel" }],
    ["Issue #7 is not labelled bug.", null],
    ["The parcel is labelled fragile and heavy.", { attribute: "label", value: "fragile" }],
  ])("should read %s", (text, want) => {
    expect(membershipOf(text)).toEqual(want);
  });
});

describe("labels and tags are one kind of list", () => {
  const shipments = {
    shipments: [
      { id: "SH-1", labels: [] },
      { id: "SH-2", labels: ["fragile", "refrigerated"] },
    ],
  };
  it.each([
    ["SH-1 is tagged refrigerated.", "contradicted"],
    ["SH-1 has the label refrigerated.", "contradicted"],
    ["SH-1 has the fragile tag.", "contradicted"],
    ["SH-2 is tagged refrigerated.", "supported"],
    ["SH-2 has the fragile label.", "supported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "ship.list()", content: shipments });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(want);
  });
});

describe("an element named by an id the claim writes as a word", () => {
  const units = [
    { unit_id: "4B", tags: ["pet-friendly", "balcony"] },
    { unit_id: "7A", tags: ["furnished"] },
  ];
  it.each([
    ["Unit 4B is tagged pet-friendly.", "supported"],
    ["Unit 7A is tagged pet-friendly too.", "contradicted"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "get_units", content: units });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(want);
  });
});
