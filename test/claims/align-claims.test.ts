import { describe, expect, it } from "vitest";
import { alignClaims, type ClaimToAlign } from "../../src/claims/align-claims.js";
import { extractClaimsSync } from "../../src/claims/index.js";

/** Sentence units as the LLM extractor gets them: the rule extractor's claims, compounds unsplit. */
function units(draft: string) {
  return extractClaimsSync(draft, { splitCompounds: false, carrySubject: false }).map((c) => c.span);
}

function align(draft: string, claims: Array<Partial<ClaimToAlign> & { text: string }>) {
  return alignClaims(
    draft,
    claims.map((c) => ({ kind: "factual", source: "", ...c })),
    units(draft),
  ).map((a) => ({ ...a, at: draft.slice(a.span[0], a.span[1]) }));
}

describe("alignClaims", () => {
  it("should place a claim that occurs verbatim on its own words, with a character map", () => {
    const draft = "cors has 35 versions and 2 dependencies.";
    const [a] = align(draft, [{ text: "cors has 35 versions", source: draft }]);
    expect(a).toMatchObject({ at: "cors has 35 versions", alignment: "exact" });
    const i = a!.text.indexOf("35");
    expect(draft.slice(a!.map[i]!, a!.map[i + 1]! + 1)).toBe("35");
  });

  it("should place a paraphrased claim on the clause that holds its words", () => {
    const draft = "The package, which TJ Holowaychuk maintains, was first published in 2011.";
    const [a] = align(draft, [{ text: "TJ Holowaychuk maintains the package.", source: draft }]);
    expect(a).toMatchObject({ at: "The package, which TJ Holowaychuk maintains", alignment: "words" });
  });

  it("should place a claim whose pronoun the model resolved on its sentence, mapping its figure", () => {
    const draft = "cors is small. It has 35 published versions.";
    const [a, b] = align(draft, [
      { text: "cors is small.", source: "cors is small." },
      { text: "cors has 35 published versions.", source: "It has 35 published versions." },
    ]);
    expect(a).toMatchObject({ at: "cors is small.", alignment: "exact" });
    expect(b).toMatchObject({ at: "It has 35 published versions.", alignment: "words" });
    const i = b!.text.indexOf("35");
    expect(b!.map[i]).toBe(draft.indexOf("35"));
    expect(b!.map[b!.text.indexOf("cors")]).toBe(-1);
  });

  it("should give each copy of a repeated sentence its own claim, in order", () => {
    const draft = "cors has 35 versions. moment is large. cors has 35 versions.";
    const claims = align(draft, [
      { text: "cors has 35 versions.", source: "cors has 35 versions." },
      { text: "moment is large.", source: "moment is large." },
      { text: "cors has 35 versions.", source: "cors has 35 versions." },
    ]);
    expect(claims.map((c) => c.span[0])).toEqual([0, 22, 39]);
    expect(claims.map((c) => c.at)).toEqual(["cors has 35 versions.", "moment is large.", "cors has 35 versions."]);
  });

  it("should give two claims of one sentence the same sentence, and repeated sentences one each", () => {
    const draft = "cors has 35 versions and 2 dependencies. cors has 35 versions and 2 dependencies.";
    const sentence = "cors has 35 versions and 2 dependencies.";
    const claims = align(draft, [
      { text: "cors has 35 versions", source: sentence },
      { text: "cors has 2 dependencies", source: sentence },
      { text: "cors has 35 versions", source: sentence },
      { text: "cors has 2 dependencies", source: sentence },
    ]);
    expect(claims.map((c) => c.span[0] >= 41)).toEqual([false, false, true, true]);
  });

  it("should find the sentence by its words when the model's source is not in the draft", () => {
    const draft = "I checked the registry. The license of cors is MIT. Let me know if you need more.";
    const [a] = align(draft, [{ text: "cors is MIT-licensed.", source: "The cors license is MIT." }]);
    expect(a!.at).toBe("The license of cors is MIT.");
    expect(a!.alignment).toBe("words");
  });

  it("should keep a claim that matches nothing with the sentence span", () => {
    const draft = "cors has 35 versions. It is maintained by Troy Goode.";
    const [a, b] = align(draft, [
      { text: "cors has 35 versions.", source: "cors has 35 versions." },
      { text: "The moon orbits quickly.", source: "" },
    ]);
    expect(a!.alignment).toBe("exact");
    expect(b).toMatchObject({ alignment: "none", at: "cors has 35 versions." });
  });

  it("should read citation markers on or right after the span", () => {
    const draft = "cors has 35 versions [1]. Its license is MIT [2][3].";
    const claims = align(draft, [
      { text: "cors has 35 versions", source: "cors has 35 versions [1]." },
      { text: "cors's license is MIT", source: "Its license is MIT [2][3]." },
    ]);
    expect(claims.map((c) => c.citations)).toEqual([["1"], ["2", "3"]]);
  });

  it("should align inside a window of the draft only", () => {
    const draft = "cors has 35 versions. cors has 35 versions.";
    const all = units(draft);
    const [a] = alignClaims(draft, [{ text: "cors has 35 versions.", kind: "factual", source: "cors has 35 versions." }], [all[1]!], [22, 43]);
    expect(a!.span).toEqual([22, 43]);
  });
});
