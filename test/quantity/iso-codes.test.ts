import { describe, expect, it } from "vitest";
import { codedNames, isoCodesFor } from "../../src/quantity/iso-codes.js";
import { extractNames, prepareNameIndex } from "../../src/quantity/names.js";

describe("ISO codes of countries and currencies", () => {
  it.each<[string, string[]]>([
    ["germany", ["DE"]],
    ["netherlands", ["NL"]],
    ["united kingdom", ["GB"]],
    ["mexican", ["MXN"]],
    ["norland", []],
  ])("should give the codes of %j", (key, codes) => {
    // ICU also names a few reserved or historic codes ("UK" beside "GB"): the listed ones must be among them.
    if (codes.length === 0) expect(isoCodesFor(key)).toEqual([]);
    else expect(isoCodesFor(key)).toEqual(expect.arrayContaining(codes));
  });

  it("should name only the codes a text writes as whole words in capitals", () => {
    const names = codedNames("country in [DE, FR]\nbase: USD\nDEADLINE: soon\nid: de-1");
    expect([...names].sort()).toEqual(["france", "germany", "us", "us dollar"]);
  });

  it.each<[string, boolean]>([
    ["Users in Germany and France are sent the old flow.", true],
    ["The Mexican peso trades at 17.05.", true],
    ["Users in Spain are sent the old flow.", false],
  ])("should find the names of %j in evidence that writes codes: %s", (claim, found) => {
    const index = prepareNameIndex("rules[0].clauses[0].values[0]: DE\nrules[0].clauses[0].values[1]: FR\nbase: USD\nrates.MXN: 17.05");
    expect(extractNames(claim).every((n) => index.has(n))).toBe(found);
  });
});
