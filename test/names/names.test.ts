import { describe, expect, it } from "vitest";
import { cjkTerms, extractNames, foldText, nameOccursIn, prepareNameIndex } from "../../src/quantity/names.js";
import type { NameMention } from "../../src/quantity/types.js";

const found = (text: string) => extractNames(text).map((n) => [n.text, n.key, n.type]);
const nameOf = (text: string): NameMention => {
  const [n] = extractNames(`We saw ${text} there.`);
  if (!n) throw new Error(`no name in ${JSON.stringify(text)}`);
  return n;
};

describe("extractNames", () => {
  it.each([
    ["Invoices came from Birchwood Supply Co last week.", [["Birchwood Supply Co", "birchwood supply co", "name"]]],
    ["Invoices came from Birchwood Supply Co. last week.", [["Birchwood Supply Co.", "birchwood supply co", "name"]]],
    ["The invoice went to Jane Smith today.", [["Jane Smith", "jane smith", "name"]]],
    ["Norland is a country.", [["Norland", "norland", "name"]]],
    [
      "We shipped to Norland and Vesta.",
      [
        ["Norland", "norland", "name"],
        ["Vesta", "vesta", "name"],
      ],
    ],
    ["Sales in APAC rose.", [["APAC", "apac", "name"]]],
    // A word that opens the sentence before an id names the id's kind, no entity of its own.
    ["Payout po_3003 has been paid.", [["po_3003", "po_3003", "code"]]],
    ["Ticket OPS-12 is open.", [["OPS-12", "ops-12", "code"]]],
    ["Boeing 737 jets are grounded.", [["Boeing", "boeing", "name"]]],
    // A time zone after a clock time is part of the time; elsewhere an initialism is a name.
    ["Amara picked you up at 8:45 PM PT.", [["Amara", "amara", "name"]]],
    ["The meetup starts 6:30 ET sharp.", []],
    ["The PT team has four staff.", [["PT", "pt", "name"]]],
    // Technical terms name no entity: "public IP", "DC voltage", "SSH is open" check their figures, not the term.
    ["The host's public IP is in the VPC range.", [["VPC", "vpc", "name"]]],
    ["DC voltage is near 400 V and the AC side is at 240 V.", []],
    ["SSH is open to the office subnet.", []],
    // A month, a day or a day word with its possessive is a time, not a name; another possessive name stays one, without its ending.
    ["April's bill was higher than Today's.", []],
    ["Saturday's game is at Mayfair's stadium.", [["Mayfair", "mayfair", "name"]]],
    [
      "It runs on Debian and ships via FedEx.",
      [
        ["Debian", "debian", "name"],
        ["FedEx", "fedex", "name"],
      ],
    ],
    ["Two pods were OOMKilled overnight.", [["OOMKilled", "oomkilled", "name"]]],
    ["The economy grew.", []],
    ["Revenue rose 5%.", []],
    ["Housing costs fell.", []],
    // Pronouns of quantity open sentences and name nothing.
    ["Everything except one ride went through.", []],
    ["Everyone on the team got it.", []],
    ["It is fine. This works.", []],
    ["- Latency rose\n- Norland grew", [["Norland", "norland", "name"]]],
    ["The Norland economy grew.", [["Norland", "norland", "name"]]],
    ["We met Dr. Smith.", [["Dr. Smith", "smith", "name"]]],
    [
      "Ask Prof. Ana de la Cruz at Norland Bank of Commerce.",
      [
        ["Prof. Ana de la Cruz", "ana de la cruz", "name"],
        ["Norland Bank of Commerce", "norland bank of commerce", "name"],
      ],
    ],
    ["Paid by Johnson & Johnson.", [["Johnson & Johnson", "johnson & johnson", "name"]]],
    ["Signed by José García.", [["José García", "jose garcia", "name"]]],
    ["Reviewed by Jane Q. Smith.", [["Jane Q. Smith", "jane q. smith", "name"]]],
    [
      "Your order A-5521 shipped on March 3 via FedEx",
      [
        ["A-5521", "a-5521", "code"],
        ["FedEx", "fedex", "name"],
      ],
    ],
    ["The current release of `dotenv` landed on 2026-11-09", [["dotenv", "dotenv", "code"]]],
    [
      "Upgrade to 18.0.10 or v1.2.3, not 30.5.2.",
      [
        ["18.0.10", "18.0.10", "code"],
        ["v1.2.3", "v1.2.3", "code"],
        ["30.5.2", "30.5.2", "code"],
      ],
    ],
    [
      "Needs node >=12 and react ^3.2.0.",
      [
        [">=12", ">=12", "code"],
        ["^3.2.0", "^3.2.0", "code"],
      ],
    ],
    [
      "Install body-parser and @jest/core.",
      [
        ["body-parser", "body-parser", "code"],
        ["@jest/core", "@jest/core", "code"],
      ],
    ],
    [
      "Pod ledger-api-7d9f in payments-staging restarted.",
      [
        ["ledger-api-7d9f", "ledger-api-7d9f", "code"],
        ["payments-staging", "payments-staging", "code"],
      ],
    ],
    [
      "Licensed under MIT or BSD-2-Clause.",
      [
        ["MIT", "mit", "code"],
        ["BSD-2-Clause", "bsd-2-clause", "code"],
      ],
    ],
    [
      "See https://example.com/docs. Mail ops@example.com.",
      [
        ["https://example.com/docs", "https://example.com/docs", "code"],
        ["ops@example.com", "ops@example.com", "code"],
      ],
    ],
    [
      "Paid with a US-issued Visa card from a Berlin-based Norland Ltd.",
      [
        ["US", "us", "name"],
        ["Visa", "visa", "name"],
        ["Berlin", "berlin", "name"],
        ["Norland Ltd.", "norland ltd", "name"],
      ],
    ],
    [
      "Rolls-Royce and Jean-Luc stay whole.",
      [
        ["Rolls-Royce", "rolls-royce", "name"],
        ["Jean-Luc", "jean-luc", "name"],
      ],
    ],
    ["At £0.24 per kWh, or 240 £/MWh, a 2 kW heater costs little.", []],
    ["A real-time, well-known and end-to-end system and/or e.g. 3.14 km/h.", []],
    ["WARNING: DISK IS FULL. ERROR from the API.", []],
    ["Q3 revenue in March rose on Monday.", []],
    ["東京都の田中太郎さん", []],
  ])("should find in %j: %j", (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it("should give exact spans", () => {
    const text = "Your order A-5521 shipped on March 3 via FedEx from Birchwood Supply Co. to `dotenv` users.";
    for (const n of extractNames(text)) expect(text.slice(...n.span)).toBe(n.text);
    expect(extractNames(text).map((n) => n.span)).toEqual([
      [11, 17],
      [41, 46],
      [52, 72],
      [77, 83],
    ]);
  });

  it.each<[string, Array<[string, boolean]>]>([
    ["The fee for Luis Ortega's stay was $834.80.", [["Luis Ortega", true]]],
    [
      "We met Acme’s buyer and Jane Smith.",
      [
        ["Acme", true],
        ["Jane Smith", false],
      ],
    ],
    ["Trader Joe's opens at 8.", [["Trader Joe", true]]],
    // A short word's "'s" is left alone: "It's" and "He's" are no names.
    ["Then Al's van came.", [["Al", true]]],
  ])("should leave a possessive ending out of the name and mark it: %s", (text, expected) => {
    const names = extractNames(text);
    for (const n of names) expect(text.slice(...n.span)).toBe(n.text);
    expect(names.map((n) => [n.text, n.possessive === true])).toEqual(expected);
  });

  it("should count a sentence-initial common word when it is capitalised mid-sentence elsewhere", () => {
    expect(found("Smith said hi. We thanked Smith.")).toEqual([
      ["Smith", "smith", "name"],
      ["Smith", "smith", "name"],
    ]);
  });
});

describe("prepareNameIndex", () => {
  const evidence = 'Jane Smith of Birchwood Supply Company met Jose Garcia. J. Doe signed. {"18.0.10":"2026-11-09T00:53:33+00:00"} dotenv-expand A-5521';
  const index = prepareNameIndex(evidence);

  it.each([
    ["Dr. Smith", true],
    ["Smith", true],
    ["Jane Smith", true],
    ["John Smith", false],
    ["José García", true],
    ["Birchwood Supply Co", true],
    ["Birchwood Supply Co.", true],
    ["Birchwood Supply", true],
    ["Birchwood Supply Inc", false],
    ["Jane Q. Smith", true],
    ["J. Smith", true],
    ["John Doe", true],
    ["Norland", false],
  ])("should look up the name %j as %s", (text, expected) => {
    expect(index.has(nameOf(text))).toBe(expected);
  });

  it.each([
    ["18.0.10", true],
    ["18.0.1", false],
    ["v18.0.10", true],
    ["dotenv", false],
    ["dotenv-expand", true],
    ["a-5521", true],
    ["A-5521", true],
  ])("should look up the identifier %j as %s", (text, expected) => {
    expect(index.has({ text, span: [0, text.length], key: foldText(text), type: "code" })).toBe(expected);
  });

  it.each<[string, string[]]>([
    ["You scored 69.2 in Physics I.", ["Physics I"]],
    ["Physics I: you scored 69.2", ["Physics I"]],
    ["Henry VIII had six wives.", ["Henry VIII"]],
    ["World War II ended in 1945.", ["World War II"]],
    // The pronoun "I" after a name opens a clause.
    ["In Physics I think you did well.", ["Physics"]],
  ])("should keep a Roman numeral that ends a name in %j", (text, names) => {
    expect(extractNames(text).map((n) => n.text)).toEqual(names);
  });

  it.each([
    ["CloudWatch", "Keys[0]: AmazonCloudWatch", true],
    ["GuardDuty", "service: AmazonGuardDuty", true],
    ["AmazonCloudWatch", "Keys[0]: AmazonCloudWatch", true],
    // A tail of one part is no name of the whole ("Watch" is not "AmazonCloudWatch").
    ["Watch Tower", "Keys[0]: AmazonCloudWatch", false],
    ["Amazon", "Keys[0]: AmazonCloudWatch", false],
  ])("should find %j in the camel-case word of %j: %s", (name, evidence, expected) => {
    expect(nameOccursIn(nameOf(name), evidence)).toBe(expected);
  });

  it("should match a surname-first evidence name", () => {
    expect(nameOccursIn(nameOf("John Smith"), "Smith, John (CFO)")).toBe(true);
  });

  it("should find a country by its demonym and back, but no other word", () => {
    expect(nameOccursIn(nameOf("Libyan"), "They were in Misrata, Libya.")).toBe(true);
    expect(nameOccursIn(nameOf("Canada"), "The Canadian team won.")).toBe(true);
    expect(nameOccursIn(nameOf("Japanese"), "Sold in Japan.")).toBe(true);
    expect(nameOccursIn(nameOf("Germany"), "German forces moved.")).toBe(true);
    expect(nameOccursIn(nameOf("Libyan"), "They were in Misrata, Tunisia.")).toBe(false);
    expect(nameOccursIn(nameOf("England"), "The English game.")).toBe(false);
  });

  it("should find a person 'of' an organisation when both are named", () => {
    const [person] = extractNames("Emilee Lindner of MTV called the video tasteful.");
    expect(person?.text).toBe("Emilee Lindner of MTV");
    expect(nameOccursIn(person!, "MTV's Emilee Lindner wrote about it.")).toBe(true);
    expect(nameOccursIn(person!, "Rolling Stone's Emilee Lindner wrote about it.")).toBe(false);
    expect(nameOccursIn(nameOf("Duke of Cambridge"), "the Duke of Kent and Cambridge")).toBe(false);
  });

  it("should read dotted initials as one word and drop a title's 'The'", () => {
    expect(found('Annie Zaleski of "The A.V. Club" liked it.')).toEqual([
      ["Annie Zaleski", "annie zaleski", "name"],
      ["A.V. Club", "a.v. club", "name"],
    ]);
    expect(found("He met J.R.R. Tolkien in the U.S. Army.").map((n) => n[0])).toEqual(["J.R.R. Tolkien", "U.S. Army"]);
    expect(nameOccursIn(extractNames('read "The A.V. Club"')[0]!, "A.V. Club review")).toBe(true);
  });

  it("should find an acronym the evidence spells out, and a name the evidence abbreviates", () => {
    expect(nameOccursIn(nameOf("UK"), "He moved to the United Kingdom in 1990.")).toBe(true);
    expect(nameOccursIn(nameOf("NFL"), "the National Football League")).toBe(true);
    expect(nameOccursIn(nameOf("United Nations"), "The UN said so.")).toBe(true);
    expect(nameOccursIn(nameOf("AI"), "an interesting idea")).toBe(false);
    expect(nameOccursIn(nameOf("UK"), "He moved to the United States.")).toBe(false);
  });

  it("should read a counted acronym, whose digit counts its last initial ('S3', 'EC2')", () => {
    expect(nameOccursIn(extractNames("S3 grew")[0]!, "Keys: Amazon Simple Storage Service")).toBe(true);
    expect(nameOccursIn(extractNames("Costs on EC2 rose")[0]!, "Keys: Amazon Elastic Compute Cloud")).toBe(true);
    expect(nameOccursIn(extractNames("S3 grew")[0]!, "Keys: Amazon Simple Service")).toBe(false);
  });

  it("should not read a reply word and an article as a name ('Well The thought ...'), nor 'I'm'", () => {
    expect(found("Well The thought was that it would fail.")).toEqual([]);
    expect(found("Yes, I'm sure I've seen it.")).toEqual([]);
  });

  it("should verify the dotenv claim against its registry record", () => {
    const claim = extractNames("The current release of `dotenv` landed on 2026-11-09");
    expect(claim.map((n) => nameOccursIn(n, '{"name":"dotenv","time":{"18.0.10":"2026-11-09T00:53:33+00:00"}}'))).toEqual([true]);
  });
});

describe("a host's short name", () => {
  it.each([
    ["It runs on ip-10-0-13-7 now.", "NODE ip-10-0-13-7.ec2.internal", true],
    ["It runs on web-02 now.", "host: web-02.staging.example.net", true],
    // A version's prefix is no version.
    ["It runs on v1.2 now.", "version 1.2.3", false],
  ])("%j in %j: %s", (claim, evidence, want) => {
    const names = extractNames(claim).filter((n) => /\d/.test(n.text));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => nameOccursIn(n, evidence))).toBe(want);
  });
});

describe("cjkTerms", () => {
  it.each([
    ["東京都", ["東京", "京都"]],
    ["語 and Tokyo", ["語"]],
    ["田中さん。東京", ["田中", "中さ", "さん", "東京"]],
    ["서울시", ["서울", "울시"]],
    ["no CJK here", []],
  ])("should split %j into %j", (text, expected) => {
    expect(cjkTerms(text)).toEqual(expected);
  });
});

describe("unit symbols and eras after a number", () => {
  it.each([
    ["We used 612 kWh at 2.4 GHz and 503 MPa.", []],
    ["made around 1400–1300 BC", []],
    ["Mr Watt measured 3 W.", ["Mr Watt"]],
    ["the MPa column", ["MPa"]],
  ])("should read %j as names %j", (text, names) => {
    expect(extractNames(text).map((n) => n.text)).toEqual(names);
  });
});

describe("clipped words of a name", () => {
  it.each([
    ["Univ Library opened.", "University Library opened at nine.", true],
    ["Jon Smith called.", "Jonathan Smith called.", true],
    // The last word is matched whole, and a clip needs three letters and a longer word.
    ["Ann Lee said so.", "Anna Lee said so.", false],
    ["Univ Library opened.", "Library of the University opened.", false],
    ["University Lib opened.", "University Library opened.", false],
  ])("should find %j in %j: %s", (claim, evidence, found) => {
    expect(nameOccursIn(extractNames(claim)[0]!, evidence)).toBe(found);
  });
});
