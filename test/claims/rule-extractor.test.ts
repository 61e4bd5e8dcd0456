import { describe, expect, it } from "vitest";
import { createRuleExtractor, extractClaimsSync } from "../../src/claims/index.js";
import { expectWellFormed, view, type ClaimView } from "./helpers.js";

const AGENT_DRAFT =
  "I looked this up for you.\n\n- The current release of `dotenv` landed on 2026-11-09\n- `dotenv` requires Node.js `>=12`\n- `dotenv` 18.0.10 followed 18.0.9 after 18 days\n- `dotenv` describes itself as “Loads environment variables from .env file” [1]\n\nWant me to check the changelog as well?";

const f = (span: string, text = span, citations: string[] = []): ClaimView => ({ span, text, kind: "factual", citations });

describe("extractClaimsSync on prose", () => {
  // wink tags some verbs as nouns: an irregular past right after its subject, or a third-person verb after "and"
  // before what a verb takes, still heads its clause; a plural noun after "and" does not.
  it.each<[string, string[]]>([
    ["Van 7 drove for about 6.2 hours and idled 40 minutes.", ["Van 7 drove for about 6.2 hours", "Van 7 idled 40 minutes."]],
    ["The 2019 Barolo is out of stock and lists at $58.", ["The 2019 Barolo is out of stock", "The 2019 Barolo lists at $58."]],
    ["The cabin is booked and sleeps 6 guests.", ["The cabin is booked", "The cabin sleeps 6 guests."]],
    ["The menu has soups and salads at $8.", ["The menu has soups and salads at $8."]],
    ["Maria drove the van.", ["Maria drove the van."]],
    // An identifier with underscores is one name, whatever wink tags its parts ("Vex" as a verb).
    ["Zed_Vex is second and is a verified player.", ["Zed_Vex is second", "Zed_Vex is a verified player."]],
    ["The job_runner service restarted twice.", ["The job_runner service restarted twice."]],
    // An -ing word before a noun and an amount is a subject of its own, not a participle of the clause before;
    // an instruction after ", so" takes no subject either.
    ["The box weighs 3.1 kg, and shipping cost $18.40.", ["The box weighs 3.1 kg", "shipping cost $18.40."]],
    ["A signature is required, so make sure someone is home.", ["A signature is required", "make sure someone is home."]],
    ["The band toured Europe, performing at 12 festivals.", ["The band toured Europe, performing at 12 festivals."]],
    // "he" or "she" after "and"/"but" stands for the named subject of the clause before.
    ["Okafor scored 22 points, and he played 31 minutes.", ["Okafor scored 22 points", "Okafor played 31 minutes."]],
    ["Lena Brandt filed 3 reports, but she closed none.", ["Lena Brandt filed 3 reports", "Lena Brandt closed none."]],
    // Not a subject that is no name, nor "they".
    ["The courier picked up 4 parcels, and he left at 9:10.", ["The courier picked up 4 parcels", "he left at 9:10."]],
    ["Okafor grabbed 9 rebounds, and they won by 7.", ["Okafor grabbed 9 rebounds", "they won by 7."]],
  ])("should split %j into its clauses", (draft, texts) => {
    expect(extractClaimsSync(draft).map((c) => c.text)).toEqual(texts);
  });

  it.each<[string, string, ClaimView[]]>([
    [
      "a compound sentence with a subject-less second clause",
      "The Birchwood Supply Co invoice totals 3450.0 USD and is due on 2026-10-15. A late fee of $120 applies after that date.",
      [
        f("The Birchwood Supply Co invoice totals 3450.0 USD"),
        f("is due on 2026-10-15.", "The Birchwood Supply Co invoice is due on 2026-10-15."),
        f("A late fee of $120 applies after that date."),
      ],
    ],
    [
      "bold figures",
      "The capital of Norland is **Vesta**. Its population is **54** million.",
      [f("The capital of Norland is **Vesta**.", "The capital of Norland is Vesta."), f("Its population is **54** million.", "Its population is 54 million.")],
    ],
    ["a first-person feeling", "I love snowy holidays!", [{ span: "I love snowy holidays!", text: "I love snowy holidays!", kind: "opinion", citations: [] }]],
    [
      "citation markers",
      "Revenue rose 12% to $4.2M [1]. The team has 58 people [2]. Revenue growth was driven mainly by the APAC region [1].",
      [
        f("Revenue rose 12% to $4.2M [1].", "Revenue rose 12% to $4.2M.", ["1"]),
        f("The team has 58 people [2].", "The team has 58 people.", ["2"]),
        f("Revenue growth was driven mainly by the APAC region [1].", "Revenue growth was driven mainly by the APAC region.", ["1"]),
      ],
    ],
    [
      "negations and bounds",
      "The API does not support batching. By default it retries no more than 3 times. Webhook payloads are unsigned.",
      [f("The API does not support batching."), f("By default it retries no more than 3 times."), f("Webhook payloads are unsigned.")],
    ],
    [
      "a relative clause and a two-subject compound",
      "Housing is the largest category at $2,850.00, which is 67.2% of spending. Food comes to $612.45 and transport is 16.4% of the total.",
      [
        f("Housing is the largest category at $2,850.00"),
        f("which is 67.2% of spending.", "Housing is 67.2% of spending."),
        f("Food comes to $612.45"),
        f("transport is 16.4% of the total."),
      ],
    ],
    [
      "a dated briefing with an approximate figure",
      "Here is your briefing for May 25. You have about 4 TB of free Drive storage. There are 3 new spam emails, and your last email went out 6 hours ago.",
      [
        f("Here is your briefing for May 25."),
        f("You have about 4 TB of free Drive storage."),
        f("There are 3 new spam emails"),
        f("your last email went out 6 hours ago."),
      ],
    ],
    [
      "three verb phrases sharing a subject",
      "The stock closed at 1,410.00 CNY, is up 17.93% year to date, and traded 1,250 lots.",
      [
        f("The stock closed at 1,410.00 CNY"),
        f("is up 17.93% year to date", "The stock is up 17.93% year to date"),
        f("traded 1,250 lots.", "The stock traded 1,250 lots."),
      ],
    ],
    [
      "a list of nouns and an unsplit figure phrase",
      "axios, chalk and debug are MIT-licensed. Revenue rose 12% to $4.2M.",
      [f("axios, chalk and debug are MIT-licensed."), f("Revenue rose 12% to $4.2M.")],
    ],
    [
      "contrast clauses",
      "Prices rose 5%, while costs fell 2%. Sales grew 3% whereas margins shrank; profit was flat.",
      [f("Prices rose 5%"), f("costs fell 2%."), f("Sales grew 3%"), f("margins shrank"), f("profit was flat.")],
    ],
    ["an abbreviation wink cuts after", "See Fig. 3. It shows U.S. sales.", [f("See Fig. 3."), f("It shows U.S. sales.")]],
  ])("should extract %s", (_name, draft, expected) => {
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual(expected);
  });

  it.each<[string, string, ClaimView[]]>([
    [
      "comma-joined clauses with their own subjects",
      "The conversion rate was 3.4%, churn was 0.05%, and there were about 182k sessions.",
      [f("The conversion rate was 3.4%"), f("churn was 0.05%"), f("there were about 182k sessions.")],
    ],
    [
      "comma-joined clauses without a conjunction",
      "Revenue grew 5%, costs fell 2%. Latency was 120 ms, the error rate was 0.3%.",
      [f("Revenue grew 5%"), f("costs fell 2%."), f("Latency was 120 ms"), f("the error rate was 0.3%.")],
    ],
    [
      "an apposition as a fact of the subject's own, a subordinate clause and an absolute phrase as one claim each",
      "Cammy Smith, a 21-year-old forward, joined the club in 2021. When the pod restarted, the logs were lost. The package has 3 dependencies, the largest being lodash.",
      [
        // The apposition's age and the main clause's year are two facts; the apposition stays in the main
        // claim's words as context.
        f("a 21-year-old forward", "Cammy Smith: a 21-year-old forward"),
        f("joined the club in 2021.", "Cammy Smith, a 21-year-old forward, joined the club in 2021."),
        f("When the pod restarted, the logs were lost."),
        f("The package has 3 dependencies, the largest being lodash."),
      ],
    ],
    [
      "a second predicate adjective after 'and', with the subject and its 'be'",
      "Nonna's Table is currently closed and pricier at $$$. Pepper is good with cats and already spayed.",
      [
        f("Nonna's Table is currently closed"),
        f("pricier at $$$.", "Nonna's Table is pricier at $$$."),
        f("Pepper is good with cats"),
        f("already spayed.", "Pepper is already spayed."),
      ],
    ],
    [
      "a second predicate adjective after a subject with an apposition, and a pronoun clause after it",
      "Pepper, the border collie puppy, is good with cats and already spayed, and she's available today.",
      [
        f("Pepper, the border collie puppy, is good with cats"),
        f("already spayed", "Pepper is already spayed"),
        f("she's available today.", "Pepper's available today."),
      ],
    ],
    [
      "a verb after an apposition's comma, whose subject a later clause carries",
      "Acme, our largest customer, renewed in May and pays $4,000 a month.",
      [f("Acme, our largest customer, renewed in May"), f("pays $4,000 a month.", "Acme pays $4,000 a month.")],
    ],
    [
      "an -ing word before a noun and a verb as a subject of its own",
      "Host fees came to $78.99, and cleaning fees added up to $290.",
      [f("Host fees came to $78.99"), f("cleaning fees added up to $290.")],
    ],
    [
      "an absolute phrase with its own subject after ', with'",
      "Night Bus earned $78.03, with YouTube Music contributing $58.90. The plan comes with a free trial.",
      [f("Night Bus earned $78.03"), f("YouTube Music contributing $58.90."), f("The plan comes with a free trial.")],
    ],
    [
      "an indefinite noun phrase with a figure after the clause, which sizes what it states",
      "Snow removal drops to $212, a 4.1% cut. The ferry left at 7:55, a 25-minute delay. Revenue was $4.2 million, a record.",
      [
        f("Snow removal drops to $212"),
        f("a 4.1% cut.", "Snow removal: a 4.1% cut."),
        f("The ferry left at 7:55"),
        f("a 25-minute delay.", "The ferry: a 25-minute delay."),
        f("Revenue was $4.2 million, a record."),
      ],
    ],
    [
      "a participial phrase after a quantifier, of the things the clause listed",
      "Oliver got his MMRV dose 2 and DTaP dose 4 on 6 May, both given by Nurse Ama Boateng.",
      [f("Oliver got his MMRV dose 2"), f("DTaP dose 4 on 6 May"), f("both given by Nurse Ama Boateng.")],
    ],
    [
      "a count after 'and' with modifiers, read with the subject or the label of the item before it",
      "The ICU has 22 of 24 beds filled and 2 pending admits. The ER is the busiest unit at 91.7%, with 22 of 24 beds filled and 3 pending admits. One thing stands out: the queue has 12 pending connections.",
      [
        f("The ICU has 22 of 24 beds filled"),
        f("2 pending admits.", "The ICU has 2 pending admits."),
        f("The ER is the busiest unit at 91.7%"),
        f("with 22 of 24 beds filled", "The ER: with 22 of 24 beds filled"),
        f("3 pending admits.", "The ER: 3 pending admits."),
        f("One thing stands out"),
        f("the queue has 12 pending connections."),
      ],
    ],
    [
      "a verb wink tags as a noun between a name and an adverb",
      "Priya drives twice, on Monday and Thursday, and Dan takes one day.",
      [f("Priya drives twice, on Monday and Thursday"), f("Dan takes one day.")],
    ],
    ["a predicate noun after 'and' kept with the first", "The lamp is cheap and good value.", [f("The lamp is cheap and good value.")]],
    [
      "a subject whose aside holds a verb, carried without the aside",
      "The image (pushed June 30, about 187 MB) was scanned and has two critical findings.",
      [f("The image (pushed June 30, about 187 MB) was scanned"), f("has two critical findings.", "The image has two critical findings.")],
    ],
    [
      "a clause with its own subject after a semicolon, whatever stands before it",
      "The Overstory — due 23 October; you've renewed it once.",
      [f("The Overstory — due 23 October"), f("you've renewed it once.")],
    ],
    [
      "a quotation with commas, kept whole",
      'moment describes itself as “Parse, validate, manipulate, and display dates”. The README says "fast, small, and safe".',
      [f("moment describes itself as “Parse, validate, manipulate, and display dates”."), f('The README says "fast, small, and safe".')],
    ],
    [
      "a parenthetical restatement and a trailing participial phrase",
      "The Team plan costs $2,400 per year (EUR 2.4k), billed annually.",
      [f("The Team plan costs $2,400 per year"), f("EUR 2.4k", "The Team plan costs EUR 2.4k"), f("billed annually.", "The Team plan is billed annually.")],
    ],
    [
      "a restatement after a rate and inside a clause",
      "Revenue rose 12% to $4.2M (about EUR 3.9M) last year.",
      [f("Revenue rose 12% to $4.2M", "Revenue rose 12% to $4.2M last year."), f("about EUR 3.9M", "Revenue rose to about EUR 3.9M")],
    ],
    [
      "parentheticals that restate nothing",
      "`ws` is currently at version 8.23.0 (the `latest` dist-tag). yargs depends on `string-width` (^8.2.1). The city has 54 million people (2020).",
      [
        f("`ws` is currently at version 8.23.0 (the `latest` dist-tag).", "ws is currently at version 8.23.0 (the latest dist-tag)."),
        f("yargs depends on `string-width` (^8.2.1).", "yargs depends on string-width (^8.2.1)."),
        f("The city has 54 million people (2020)."),
      ],
    ],
    [
      "participial phrases in the past and after a copula",
      "Version 2 shipped in May, released under MIT. The library is fast, maintained by Vercel.",
      [
        f("Version 2 shipped in May"),
        f("released under MIT.", "Version 2 was released under MIT."),
        f("The library is fast"),
        f("maintained by Vercel.", "The library is maintained by Vercel."),
      ],
    ],
    ["a second past verb that is not a participle", "The pod restarted 14 times, crashed twice.", [f("The pod restarted 14 times, crashed twice.")]],
    [
      "relative clauses without a figure or after an object",
      "It costs $5, which is cheap. Nicklaus hit a hole-in-one in 2015, which was his first at Augusta.",
      [f("It costs $5, which is cheap."), f("Nicklaus hit a hole-in-one in 2015, which was his first at Augusta.")],
    ],
    [
      "a relative clause on a name",
      "The war was fought against Charles V, who was King of Spain.",
      [f("The war was fought against Charles V"), f("who was King of Spain.", "Charles V was King of Spain.")],
    ],
    [
      "a relative clause on a person, without a figure",
      "The order was placed by Mei Tan, who has ordered from you before.",
      [f("The order was placed by Mei Tan"), f("who has ordered from you before.", "Mei Tan has ordered from you before.")],
    ],
    [
      "a relative clause on a named object",
      "The job has never run on `hotfix/3.1`, which was only cut today.",
      [f("The job has never run on `hotfix/3.1`", "The job has never run on hotfix/3.1"), f("which was only cut today.", "hotfix/3.1 was only cut today.")],
    ],
    [
      "a relative clause after a unit's letter",
      "The excursion peaked at 9.4 °C, which happened during a customs hold.",
      [f("The excursion peaked at 9.4 °C"), f("which happened during a customs hold.", "It happened during a customs hold.")],
    ],
  ])("should split %s", (_name, draft, expected) => {
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual(expected);
  });

  it("should map synthesised words to -1 and restated figures to the draft", () => {
    const draft = "The Team plan costs $2,400 per year (EUR 2.4k), billed annually.";
    const [, restated, billed] = extractClaimsSync(draft);
    const at = restated!.text.indexOf("EUR 2.4k");
    expect(restated!.map.slice(0, at).every((m) => m === -1)).toBe(true);
    expect(restated!.map[at]).toBe(draft.indexOf("EUR 2.4k"));
    expect(billed!.map.slice(0, "The Team plan is ".length).every((m) => m === -1)).toBe(true);
    expect(billed!.map["The Team plan is ".length]).toBe(draft.indexOf("billed"));
  });

  it("should keep the relative pronoun and no subject when subjects are not carried", () => {
    const draft = "Housing is the largest category at $2,850.00, which is 67.2% of spending.";
    expect(extractClaimsSync(draft, { carrySubject: false }).map((c) => c.text)).toEqual([
      "Housing is the largest category at $2,850.00",
      "which is 67.2% of spending.",
    ]);
  });

  it("should map the subject of a carried clause to -1 and its own words to the draft", () => {
    const draft = "The stock closed at 1,410.00 CNY, is up 17.93% year to date, and traded 1,250 lots.";
    const [, second] = extractClaimsSync(draft);
    expect(second!.map.slice(0, "The stock ".length).every((m) => m === -1)).toBe(true);
    expect(second!.map["The stock ".length]).toBe(draft.indexOf("is up"));
  });

  it("should keep compounds whole when splitting is off", () => {
    const draft = "Food comes to $612.45 and transport is 16.4% of the total.";
    expect(extractClaimsSync(draft, { splitCompounds: false }).map((c) => c.text)).toEqual([draft]);
  });

  it("should not carry the subject when told not to", () => {
    const draft = "The stock closed at 1,410.00 CNY and traded 1,250 lots.";
    expect(extractClaimsSync(draft, { carrySubject: false }).map((c) => c.text)).toEqual(["The stock closed at 1,410.00 CNY", "traded 1,250 lots."]);
  });

  it.each(["", "   ", "\n\n\t"])("should return no claims for the blank draft %j", (draft) => {
    expect(extractClaimsSync(draft)).toEqual([]);
  });

  it("should split Japanese on 。 into two factual claims", () => {
    const draft = "ユーザーは毎朝コーヒーを2杯飲む。勤務先は東京の渋谷にある。";
    const claims = extractClaimsSync(draft);
    expectWellFormed(draft, claims);
    expect(view(draft, claims)).toEqual([f("ユーザーは毎朝コーヒーを2杯飲む。"), f("勤務先は東京の渋谷にある。")]);
  });
});

describe("extractClaimsSync on an agent's markdown answer", () => {
  it("should match the gold spans and kinds", () => {
    const claims = extractClaimsSync(AGENT_DRAFT);
    expectWellFormed(AGENT_DRAFT, claims);
    expect(claims.map((c) => [c.span, c.kind])).toEqual([
      [[0, 25], "not_checkable"],
      [[29, 81], "factual"],
      [[84, 116], "factual"],
      [[119, 165], "factual"],
      [[168, 245], "factual"],
      [[247, 286], "question"],
    ]);
  });

  it("should read inline code as its name and lift the citation", () => {
    const claims = extractClaimsSync(AGENT_DRAFT);
    expect(claims.map((c) => c.text)).toEqual([
      "I looked this up for you.",
      "The current release of dotenv landed on 2026-11-09",
      "dotenv requires Node.js >=12",
      "dotenv 18.0.10 followed 18.0.9 after 18 days",
      "dotenv describes itself as “Loads environment variables from .env file”",
      "Want me to check the changelog as well?",
    ]);
    expect(claims[4]!.citations).toEqual(["1"]);
  });

  it("should map each figure to its place in the draft", () => {
    const claims = extractClaimsSync(AGENT_DRAFT);
    const third = claims[3]!;
    const at = third.text.indexOf("18.0.10");
    expect(third.map[at]).toBe(AGENT_DRAFT.indexOf("18.0.10"));
  });
});

describe("createRuleExtractor", () => {
  it("should resolve to the same claims as the sync function", async () => {
    const extractor = createRuleExtractor();
    expect(extractor.name).toBe("rules");
    await expect(extractor.extract(AGENT_DRAFT)).resolves.toEqual(extractClaimsSync(AGENT_DRAFT));
  });

  it("should take a name", () => {
    expect(createRuleExtractor({ name: "rules-v2" }).name).toBe("rules-v2");
  });
});

describe("extractClaimsSync on large drafts", () => {
  const unit =
    "The stock closed at 1,410.00 CNY, is up 17.93% year to date, and traded 1,250 lots. Revenue rose 12% to $4.2M [1].\n\n- `dotenv` requires Node.js `>=12`\n- The pod restarted **14** times\n\n";
  const sized = (bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
  const time = (draft: string) => {
    const t0 = performance.now();
    const claims = extractClaimsSync(draft);
    return { ms: performance.now() - t0, claims };
  };

  it("should grow linearly with the draft's size", () => {
    time(sized(64 * 1024));
    const small = time(sized(256 * 1024));
    const large = time(sized(1024 * 1024));
    expect(large.claims.length).toBeGreaterThan(3.9 * small.claims.length);
    // Four times the text should take about four times as long; 12x leaves room for a noisy machine.
    expect(large.ms).toBeLessThan(12 * Math.max(small.ms, 50));
  }, 60_000);

  it("should stay fast on unmatched markup", () => {
    for (const noise of ["[", "`", "[x](", "**a ", "| "]) {
      const { ms } = time(noise.repeat(Math.ceil(200_000 / noise.length)));
      expect(ms, noise).toBeLessThan(10_000);
    }
  }, 60_000);
});
