import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictsOn } from "./helpers.js";

const verdict = async (evidence: string, claim: string): Promise<string> => (await verdictsOn(evidence, claim, "doc"))[0]!;

describe("polarity of multi-clause claims", () => {
  it("should not contradict a claim that repeats its evidence word for word", async () => {
    const s =
      "No records of the Techichi are available prior to the 9th century, although dog pots from Colima, Mexico, which date back to 300 BC are thought to depict Techichis.";
    expect(await verdict(s, s)).toBe("supported");
    const cod = "Dry cod may be prepared as unsalted stockfish, as cured salt cod or clipfish.";
    expect(await verdict(cod, cod)).toBe("supported");
  });

  // Known gap since tier 0 decides only on a typed slot: a polarity read on a prose sentence is unsupported, not contradicted.
  it.fails("should still contradict a clause whose negation the evidence does not share", async () => {
    const s = "The bridge was closed in 2019, although the ferry kept running every hour.";
    expect(await verdict(s, "The bridge was not closed in 2019, although the ferry kept running every hour.")).toBe("contradicted");
  });
});

describe("words that look like negations", () => {
  it("should read 'no 1' as a number sign, not a negation", async () => {
    expect(await verdict("Bridget: Think that's my no 1 fave beach, Whitehaven Beach.", "Whitehaven Beach is Bridget's favourite beach.")).not.toBe(
      "contradicted",
    );
  });

  it("should read 'Not sure but' as a hedge, not a negation", async () => {
    expect(
      await verdict("His music career began in 1954 with producer Sam Phillips.", "Not sure but his music career began in 1954 with producer Sam Phillips."),
    ).not.toBe("contradicted");
  });
});

describe("antonyms across a record's fields", () => {
  it("should not read 'departs' against a record that has both departure and arrival fields", async () => {
    const fw = new Firewall();
    fw.record({
      source: "flight_status",
      content: { flight: "LH-438", departure: { airport: "FRA", gate: "Z25" }, arrival: { airport: "DFW", city: "Dallas" }, status: "Delayed" },
    });
    expect((await fw.verify("Flight LH-438 departs from gate Z25.")).verdicts[0]!.verdict).toBe("supported");
    const fw2 = new Firewall();
    fw2.record({ source: "flight_status", content: { flight: "LH-439", arrival: { airport: "FRA", gate: "D18" } } });
    expect((await fw2.verify("Flight LH-439 departs from gate D18.")).verdicts[0]!.verdict).not.toBe("supported");
  });
});

describe("polarity read on what the claim says, not on the line that names its subject", () => {
  const pod = (restarts: number) => ({
    kind: "Pod",
    metadata: { name: "api-7d9f-fghij", namespace: "prod" },
    status: { phase: "Running", containerStatuses: [{ name: "api", ready: true, restartCount: restarts }] },
  });

  it("should support a negated claim that a zero count states, and contradict one that a named field denies", async () => {
    const fw = new Firewall();
    fw.record({ source: "kubectl", content: pod(0) });
    expect((await fw.verify("Pod api-7d9f-fghij has not restarted at all.")).verdicts[0]!.verdict).toBe("supported");
    const npm = new Firewall();
    npm.record({ source: "npm_view", content: { name: "uuid", version: "14.0.3", license: "MIT" } });
    expect((await npm.verify("uuid is not MIT-licensed.")).verdicts[0]!.verdict).toBe("contradicted");
  });

  it("should check a small count whose slot's verb comes right before it ('restarted 3 times')", async () => {
    const fw = new Firewall();
    fw.record({ source: "kubectl", content: pod(5) });
    const v = (await fw.verify("Pod api-7d9f-fghij has restarted 3 times.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => c.value)).toEqual(["5"]);
  });
});

describe("a reply's leading 'No'", () => {
  it("should read 'No, but ...' as an answer to the user, not a negation of what follows", async () => {
    const fw = new Firewall();
    fw.record({ source: "search", content: "Animal trapping is the use of a device to remotely catch an animal." });
    const report = await fw.verify("No. Animal trapping is the use of a device to remotely catch an animal.");
    expect(report.verdicts.filter((v) => v.verdict !== "not_checkable").map((v) => v.verdict)).toEqual(["supported"]);
  });
});

describe("field lines that say nothing of a polarity", () => {
  it("should not read a unit field ('volumeUnit: MB') as the opposite of a negated claim", async () => {
    const fw = new Firewall();
    fw.record({ source: "bundles", content: { bundles: [{ name: "Week 500MB", volume: 500, volumeUnit: "MB", autoRenewal: "N" }] } });
    const v = (await fw.verify("Your Week 500MB bundle gives you 500 MB and doesn't auto-renew.")).verdicts;
    expect(v.map((x) => x.verdict)).not.toContain("contradicted");
  });
});

describe("a negation denied only by a field it reaches, of the claim's entity", () => {
  const requests = {
    requests: [
      { id: "1842", name: "Dana Whitfield", status: { status: "approved" }, type: { name: "Vacation" } },
      { id: "1857", name: "Tomás Ibarra", status: { status: "requested" }, type: { name: "Vacation" } },
    ],
  };
  const subscription = { subscription: { id: "sub_1", coupons: [{ coupon_id: "SPRING10", applied_count: 0 }] } };
  const coupon = { coupon: { id: "SPRING10", discount_percentage: 10, apply_on: "invoice_amount", status: "active" } };
  const license = { name: "left-pad", license: "MIT" };
  it.each<[string, unknown[], string, string]>([
    // Dana's element says "approved"; Tomás's request is the claim's, and says nothing against it.
    ["another entity's element", [requests], "Tomás Ibarra's vacation is not yet approved.", "unsupported"],
    // `applied_count: 0` states the negation; `apply_on: invoice_amount` is no denial of it.
    ["a field that states the negation", [subscription, coupon], "The SPRING10 coupon hasn't been applied to an invoice yet.", "unsupported"],
    ["a field the negation reaches", [license], "left-pad is not released under the MIT license.", "contradicted"],
    // An inline pair states the negation: `require_2fa=false` for "doesn't require 2FA".
    ["an inline pair that states the negation", ["Master password policy: min_length=14, require_2fa=false"], "The policy doesn't require 2FA.", "supported"],
  ])("%s: %s", async (_, records, draft, verdict) => {
    const fw = new Firewall();
    for (const content of records) fw.record({ source: "api", content: content as never });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(verdict);
  });
});

describe("lines whose value has no polarity", () => {
  // Invented citations: the claim's "no-permit" is the violation's name; the matched due date's line
  // (`DUE: 2024-03-20`) says nothing for or against it.
  const table = [
    "CITATION   LOCATION        VIOLATION        FINE     STATUS   DUE",
    "QX-1101    Birch Lane      Expired meter    $40.00   PAID     2024-03-07",
    "QX-1102    North Garage    No valid permit  $80.00   UNPAID   2024-03-20",
  ].join("\n");
  it("should not read a negation on a date's line", async () => {
    const fw = new Firewall();
    fw.record({ source: "citations", content: table });
    const v = (await fw.verify("The $80 no-permit ticket from the North Garage is due March 20.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
  });

  // An aligned `key:    value` block states a negative value as plainly as `key: value` does.
  it("should read a negative value in an aligned key-value block", async () => {
    const fw = new Firewall();
    fw.record({ source: "bill", content: "Total due:             $212.40\nConcession applied:    No\nPayment plan:          None" });
    const v = (await fw.verify("No concession has been applied.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
  });

  // A score's "0" matched an empty list (`errors: []`): an empty list's line has no polarity either.
  it("should not read a negation on an empty list's line", async () => {
    const fw = new Firewall();
    fw.record({
      source: "fixtures",
      content: {
        errors: [],
        response: [
          { fixture: { date: "2022-08-20T14:00:00+00:00" }, teams: { home: { name: "Rovers" }, away: { name: "United" } }, goals: { home: 2, away: 2 } },
          { fixture: { date: "2022-08-31T18:30:00+00:00" }, teams: { home: { name: "Rovers" }, away: { name: "Athletic" } }, goals: { home: 4, away: 0 } },
        ],
      },
    });
    const v = (await fw.verify("Rovers thrashed Athletic 4–0 at home on 31 Aug.")).verdicts[0]!;
    expect(v.verdict).not.toBe("contradicted");
  });
});

describe("in full and in part", () => {
  const docket = `Date Filed   #    Docket Text
06/11/2024   41   ORDER granting in part and denying in part Plaintiff's Motion to Compel. Signed by Judge R. Okafor.`;
  it.each<[string, string]>([
    ["On June 11 the judge granted the motion to compel in full.", "not supported"],
    ["On June 11 the judge granted the motion to compel in part.", "supported"],
  ])("should read %j as %s", async (claim, expected) => {
    const got = await verdict(docket, claim);
    if (expected === "not supported") expect(got).not.toBe("supported");
    else expect(got).toBe(expected);
  });
});
