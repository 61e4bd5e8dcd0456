/**
 * Booleans and statuses as categorical values of their attribute: table tests over invented records, end to
 * end through the firewall (the rule is general: no entity of a dev case is named).
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { deniedStatus, flagName, polarityEdit, statusClass } from "../../src/verify/categorical-fields.js";

async function verdictOf(evidence: unknown[], draft: string) {
  const fw = new Firewall();
  for (const e of evidence) fw.record({ source: "tool", content: e as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => v.verdict);
}

describe("boolean fields", () => {
  it.each([
    [{ flat: "2B", pets: { cats: true, dogs: false } }, "Dogs are welcome.", "contradicted"],
    [{ flat: "2B", pets: { cats: true, dogs: false } }, "Cats are allowed.", "supported"],
    [{ flat: "2B", pets: { cats: true, dogs: false } }, "Dogs are not allowed.", "supported"],
    [{ account: "A-1", settings: { autoPay: "OFF" } }, "AutoPay is on.", "contradicted"],
    [{ account: "A-1", settings: { autoPay: "OFF" } }, "AutoPay is off.", "supported"],
    [{ repo: "api", allow_force_pushes: { enabled: false } }, "Force pushes are allowed.", "contradicted"],
    [{ repo: "api", allow_force_pushes: { enabled: true } }, "Force pushes are allowed.", "supported"],
    [{ unit: "4C", parking: { included: false, fee: 150 } }, "Parking is included.", "contradicted"],
    [{ charge: "ch_1", refunded: false }, "Nothing has been refunded.", "supported"],
    // A flag named with a generic tail ("roamingPlan", "darkMode") is named by its head word.
    [{ bundle: "Lite 2GB", roamingPlan: "NO" }, "The Lite 2GB bundle works when roaming.", "contradicted"],
    [{ app: "Notes", darkMode: true }, "Notes supports dark mode.", "supported"],
    // A hyphenated claim word names a camel-case key word by word; it names the attribute, not the entity.
    [
      {
        plans: [
          { offerName: "Lite  Weekly 1GB", autoRenewal: "N" },
          { offerName: "Max 9GB", autoRenewal: "Y" },
        ],
      },
      "Your Lite Weekly 1GB doesn't auto-renew.",
      "supported",
    ],
    [
      {
        plans: [
          { offerName: "Lite  Weekly 1GB", autoRenewal: "N" },
          { offerName: "Max 9GB", autoRenewal: "Y" },
        ],
      },
      "Your Max 9GB doesn't auto-renew.",
      "contradicted",
    ],
  ])("should read %j for %s as %s", async (record, draft, want) => {
    expect(await verdictOf([record], draft)).toEqual([want]);
  });

  it.each([
    // Two flags of one entity named by antonyms answer different questions (closed for good, closed now):
    // where they disagree about the claim, it is not settled.
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: false }] }] }, "Casa Verde is closed.", "unsupported"],
    // "now" or "currently" names the flag of the moment.
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: false }] }] }, "Casa Verde is currently closed.", "supported"],
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: true }] }] }, "Casa Verde is closed right now.", "contradicted"],
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: false }] }] }, "Casa Verde is open now.", "contradicted"],
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: false }] }] }, "Casa Verde is open.", "unsupported"],
    // "for good" names the lasting flag: the flag of the moment does not unsettle it.
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: false }] }] }, "Casa Verde has closed for good.", "contradicted"],
    [{ shops: [{ name: "Casa Verde", is_closed: false, hours: [{ is_open_now: true }] }] }, "Casa Verde is closed.", "contradicted"],
    [{ shops: [{ name: "Casa Verde", is_closed: false }] }, "Casa Verde is closed.", "contradicted"],
    [{ pool: "north", active: false, inactive: false }, "The north pool is active.", "unsupported"],
    [{ pool: "north", active: false }, "The north pool is active.", "contradicted"],
  ])("should leave a denial unsettled by an antonym flag that agrees: %j, %s -> %s", async (record, draft, want) => {
    expect(await verdictOf([record], draft)).toEqual([want]);
  });

  it("should not read a named object's own flag as the word its key names (`assignee.active`)", async () => {
    const issues = {
      issues: [
        { key: "OPS-7", assignee: { displayName: "Ines Varga", active: true } },
        { key: "OPS-9", assignee: null },
      ],
    };
    expect(await verdictOf([issues], "OPS-9 is assigned to Ines Varga.")).not.toEqual(["supported"]);
    // A flag whose parent is no named object is still named by it.
    expect(await verdictOf([{ unit: "4C", parking: { included: false, fee: 150 } }], "Parking is included.")).toEqual(["contradicted"]);
  });

  it("should not read an empty list or a zero count as a false flag", async () => {
    expect(await verdictOf([{ issue: 7, labels: [], locked: false }], "Issue 7 is locked.")).toEqual(["contradicted"]);
    const courses = [0, 5, 5, 5].map((credits, i) => ({ code: `C${i}`, credits }));
    expect(await verdictOf([{ term: "Autumn", courses }], "In Autumn you took 4 courses for 15 credits.")).not.toEqual(["contradicted"]);
  });

  it("should decide nothing when two records disagree and the claim names neither", async () => {
    const verdicts = await verdictOf(
      [
        { plan: "Basic", roaming: false },
        { plan: "Plus", roaming: true },
      ],
      "Roaming is included.",
    );
    expect(verdicts).not.toEqual(["contradicted"]);
    expect(
      await verdictOf(
        [
          { plan: "Basic", roaming: false },
          { plan: "Plus", roaming: true },
        ],
        "The Basic plan has roaming.",
      ),
    ).toEqual(["contradicted"]);
  });

  it.each([
    ["allow_force_pushes.enabled", ["forc", "push"]],
    ["parking.included", ["park"]],
    ["pets.dogs", ["dog"]],
  ])("should name %s by %j", (path, stems) => {
    expect([...flagName(path)].sort()).toEqual([...stems].sort());
  });
});

describe("status fields", () => {
  it.each([
    [{ order_id: "ORD-1", status: "in_transit" }, "Your order ORD-1 has been delivered.", "contradicted"],
    [{ order_id: "ORD-1", status: "in_transit" }, "Your order ORD-1 is in transit.", "supported"],
    [{ order_id: "ORD-1", status: "delivered" }, "Your order ORD-1 has been delivered.", "supported"],
    [{ order_id: "ORD-1", status: "delivered" }, "Your order ORD-1 has not been delivered.", "contradicted"],
    [{ run_id: "R-88", conclusion: "success" }, "The workflow run R-88 failed on main.", "contradicted"],
    [{ invoice: "INV-7", status: "overdue", payments: [{ amount: 100 }] }, "A payment arrived yesterday.", "unsupported"],
  ])("should read %j for %s as %s", async (record, draft, want) => {
    expect(await verdictOf([record], draft)).toEqual([want]);
  });

  it("should decide nothing for a status of an entity the claim does not pick", async () => {
    const v = await verdictOf(
      [
        { order_id: "ORD-1", status: "in_transit" },
        { order_id: "ORD-2", status: "delivered" },
      ],
      "Your order has been delivered.",
    );
    expect(v).not.toEqual(["contradicted"]);
  });

  it.each([
    ["in_transit", "in transit"],
    ["Delivered", "delivered"],
    ["succeeded", "success"],
    ["failure", "failure"],
    ["completed", "closed"],
    ["blue", null],
  ])("should class %s as %s", (word, cls) => {
    expect(statusClass(word)).toBe(cls);
  });
});

describe("a status picked by the claim's subject noun", () => {
  it("should read the status of the record whose tool names the subject, and correct it in place", async () => {
    const fw = new Firewall();
    fw.record({ source: "get_card", content: { card_id: "c_1", last4: "4417", status: "frozen" } });
    fw.record({ source: "get_invoice", content: { invoice: "INV-7", status: "overdue" } });
    const report = await fw.verify("Your card is active. A payment arrived yesterday.");
    expect(report.verdicts.map((v) => v.verdict)).toEqual(["contradicted", "unsupported"]);
    expect(report.verdicts[0]!.corrections.map((c) => [c.wrong, c.value])).toEqual([["active", "frozen"]]);
  });
});

describe("amounts in minor units", () => {
  it.each([
    ["Your balance is $1,247.60.", "supported", []],
    ["Your balance is about $1.2k.", "supported", []],
    ["Your balance is $1,274.60.", "contradicted", ["$1,247.60"]],
    // The key's number read as dollars: the field's value misread a hundredfold, corrected.
    ["Your balance is $124,760.", "contradicted", ["$1,247.60"]],
  ])("should read balance_cents for %s", async (draft, verdict, corrections) => {
    const fw = new Firewall();
    fw.record({ source: "get_account", content: { account: "CHK-1", balance_cents: 124760, currency: "USD" } });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, corrections]);
  });
});

describe("the one status a session holds", () => {
  const subscriber = { responseSubscriber: { status: { subStatus: "Active" }, primaryOffering: { offeringId: "1719912011" } } };

  it.each<[string, string]>([
    // A camel-case status key (`subStatus`, `orderStatus`) is a status field.
    ["Your line is active.", "supported"],
    // Nothing picks the subject: a different status settles nothing.
    ["Your line is suspended.", "unsupported"],
    ["Your line is not active.", "unsupported"],
  ])("should read %j against it as %s", async (claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "subscriber.balance", content: subscriber });
    expect((await fw.verify(claim)).verdicts[0]!.verdict).toBe(verdict);
  });

  it("should not read it when the session holds another status too", async () => {
    const fw = new Firewall();
    fw.record({ source: "subscriber.balance", content: subscriber });
    fw.record({ source: "orders.get", content: { orderStatus: "shipped" } });
    expect((await fw.verify("Your line is active.")).verdicts[0]!.verdict).not.toBe("contradicted");
  });
});

describe("statuses of approval and health", () => {
  const fw = new Firewall();
  fw.record({ source: "get_refund", content: { refund_id: "RF-0931", order_id: "ORD-58213", status: "pending", amount: 57.55 } });
  fw.record({ source: "get_order", content: { order_id: "ORD-58213", status: "shipped", total: 1843.75, shipped_at: 1717502400 } });
  fw.record({ source: "tail_logs", content: "2024-06-05T10:00:00Z service=payments-api status=degraded latency_ms=420 retries=3" });
  fw.record({ source: "get_job", content: { job: "nightly-etl", state: "error" } });

  it.each<[string, string, string[]]>([
    ["Refund RF-0931 has been approved.", "contradicted", ["pending"]],
    ["Refund RF-0931 is pending.", "supported", []],
    ["The payments-api service is healthy.", "contradicted", ["degraded"]],
    ["The payments-api service is degraded.", "supported", []],
    // The refund only refers to the order (`order_id` after its own `refund_id`): the order's own record,
    // whose identity is ORD-58213, states its status.
    ["Order ORD-58213 has been delivered.", "contradicted", ["shipped"]],
    // A figure under the field the status word names carries it (`shipped_at`, in Unix time).
    ["Order ORD-58213 shipped on June 4, 2024.", "supported", []],
    // Near classes rule nothing out: a job in error may be called degraded.
    ["The nightly-etl job is degraded.", "unsupported", []],
  ])("should read %j as %s", async (claim, verdict, values) => {
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect([v.verdict === "contradicted" || v.verdict === "supported" ? v.verdict : "unsupported", v.corrections.map((c) => c.value)]).toEqual([
      verdict,
      values,
    ]);
  });
});

describe("a status word corrected in place", () => {
  it.each<[string, string, string]>([
    ["Your order ORD-1 has been delivered.", "delivered", "in transit"],
    // A state takes no perfect: "has arrived" becomes "is in transit", not "has in transit".
    ["Your order ORD-1 has arrived.", "has arrived", "is in transit"],
  ])("should correct %j", async (claim, wrong, value) => {
    const fw = new Firewall();
    fw.record({ source: "get_order", content: { order_id: "ORD-1", status: "in_transit" } });
    const v = (await fw.verify(claim)).verdicts[0]!;
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([[wrong, value]]);
  });
});

describe("a status word under a modifier that denies it", () => {
  it.each<[string, string, boolean]>([
    ["pending_confirmation", "confirmed", true],
    ["awaiting_approval", "approved", true],
    ["partially_refunded", "refunded", true],
    ["not_started", "started", true],
    ["pending_review", "reviewed", true],
    // The value is the word itself, or another word under the modifier: no denial of the claim's word.
    ["confirmed", "confirmed", false],
    ["pending_payment", "confirmed", false],
    ["review_complete", "reviewed", false],
  ])("%s against %j: %s", (value, word, denied) => {
    expect(deniedStatus(value, word)).toBe(denied);
  });

  const bookings = {
    bookings: [
      { id: "bk_1", guest: { name: "Ines Varga" }, room: "12", status: "confirmed" },
      { id: "bk_2", guest: { name: "Omar Haddad" }, room: "14", status: "pending_confirmation" },
    ],
  };

  it("should contradict the word and correct it to the modified value", async () => {
    const fw = new Firewall();
    fw.record({ source: "bookings.list", content: bookings });
    const v = (await fw.verify("Omar Haddad's booking is confirmed.")).verdicts[0]!;
    expect(v.verdict).toBe("contradicted");
    expect(v.corrections.map((c) => [c.wrong, c.value])).toEqual([["confirmed", "pending confirmation"]]);
    expect(await verdictOf([bookings], "Ines Varga's booking is confirmed.")).toEqual(["supported"]);
  });
});

describe("a boolean corrected in place", () => {
  it.each<[string, boolean, string | null]>([
    ["AutoPay is on.", false, "off"],
    ["AutoPay is OFF.", true, "ON"],
    ["Stock tracking is switched on.", false, "off"],
    ["Parking is included.", false, "is not included"],
    ["Force pushes are allowed on main.", false, "are not allowed"],
    ["Dogs aren't allowed.", true, "are allowed"],
    ["Dogs are not welcome.", true, "are welcome"],
    // The edit must give the field's polarity; a predicate it cannot place is left alone.
    ["AutoPay is on.", true, null],
    ["Dogs are allowed and cats are welcome.", false, null],
    ["Nobody is allowed in.", true, null],
    ["It is a plan with roaming.", false, null],
    ["Pets welcome.", false, null],
    // Other auxiliaries and contractions carry the polarity too.
    ["You can book it instantly.", false, "cannot book"],
    ["The deposit has already been paid.", false, "has not been paid"],
    ["It's open right now.", false, "'s not open"],
    ["You're eligible for the weekly pass.", false, "'re not eligible"],
    ["Nonna's Table is closed.", false, "is not closed"],
  ])("should edit %j to the field's %s as %j", (claim, truth, value) => {
    const edit = polarityEdit(claim, truth);
    expect(edit?.value ?? null).toBe(value);
    if (edit) expect(claim.slice(edit.span[0], edit.span[1])).toBe(edit.wrong);
  });

  it.each<[string, string, string | null]>([
    // An article's predicate is negated only when the flag is its own word.
    ["#ops is a private channel.", "privat", "is not a private"],
    ["It is a plan with roaming.", "roam", null],
  ])("should edit %j for the flag %j as %j", (claim, stem, value) => {
    expect(polarityEdit(claim, false, new Set([stem]))?.value ?? null).toBe(value);
  });

  it("should rewrite a wrong boolean to the field's polarity and re-read the result as supported", async () => {
    const fw = new Firewall({ policy: { action: "rewrite" } });
    fw.record({ source: "listing", content: { unit: "4C", parking: { included: false, fee: 150 }, pets: { dogs: true } } });
    const report = await fw.verify("Parking is included. Dogs aren't allowed.");
    expect(report.verdicts.map((v) => v.corrections.map((c) => c.value))).toEqual([["is not included"], ["are allowed"]]);
    // The rewrite cites the record each fix comes from ("[1]", and a "Sources:" list).
    const rewritten = (report.output ?? "").split("\n\nSources:")[0]!.replace(/ \[\d+\]/g, "");
    expect(rewritten).toBe("Parking is not included. Dogs are allowed.");
    expect((await fw.verify(rewritten)).verdicts.map((v) => v.verdict)).toEqual(["supported", "supported"]);
  });
});

describe("statuses of array elements", () => {
  const combined = {
    state: "failure",
    statuses: [
      { context: "ci/node-18", state: "failure" },
      { context: "ci/node-20", state: "success" },
    ],
  };
  const runs = {
    total_count: 40,
    workflow_runs: [
      { run_number: 40, head_branch: "trunk", status: "completed", conclusion: "failure" },
      { run_number: 39, head_branch: "trunk", status: "completed", conclusion: "success" },
    ],
  };

  it.each([
    // The element the name picks is the entity, not the record's combined state.
    [combined, "ci/node-20 failed as well.", "contradicted"],
    [combined, "ci/node-18 failed.", "supported"],
    // Several entities named at once: one of another status denies the claim.
    [runs, "The runs #40 and #39 both succeeded.", "contradicted"],
    [runs, "The runs #40 and #39 both failed.", "contradicted"],
    // A name every element holds ("trunk") scopes the claim and names no element.
    [runs, "On `trunk`, the runs #40 and #39 both succeeded.", "contradicted"],
  ])("should read %j for %s as %s", async (record, draft, want) => {
    expect(await verdictOf([record], draft)).toEqual([want]);
  });

  it("should not correct a status word that is right for one of the entities it names", async () => {
    const fw = new Firewall();
    fw.record({ source: "tool", content: runs });
    const report = await fw.verify("The runs #40 and #39 both succeeded.");
    expect(report.verdicts[0]!.corrections).toEqual([]);
  });
});

describe("statuses and flags read as the predicate the claim gives", () => {
  const claims = {
    claims: [
      { id: "PL-1", status: "reopened" },
      { id: "PL-2", status: "open" },
      { id: "PL-3", status: "closed" },
    ],
  };
  const alert = { alerts: [{ labels: { instance: "pg-replica-2" }, status: { state: "active" } }] };
  it.each<[string, unknown, string, string]>([
    // One class: "open" for `reopened` rules nothing out.
    ["a status of the same class", claims, "PL-1 is still open.", "supported"],
    ["a status of another class", claims, "PL-3 is still open.", "contradicted"],
    // "down to 11.2%" is a change of a figure, not a health.
    ["a change word before a figure", alert, "Free disk on pg-replica-2 is down to 11.2%.", "unsupported"],
    // A capability is another predicate than the state its stem names.
    ["a capability against a state", { charge: "ch_1", is_charge_refundable: false }, "The charge has already been refunded.", "unsupported"],
    ["a capability the claim names", { listing: "L-9", instant_bookable: false }, "You can book L-9 instantly.", "contradicted"],
    // A modality in the flag's name is its predicate: members having 2FA on says nothing of a requirement.
    ["a modality flag against a state", { org: "acme", policy: { require_2fa: false } }, "At acme, 35 members have 2FA turned on.", "unsupported"],
    ["a modality flag the claim names", { org: "acme", policy: { require_2fa: false } }, "At acme, the policy requires 2FA.", "contradicted"],
    // A record's own top-level flag is named by its word.
    ["a record's top-level flag", { unit: "3B", available: false }, "Unit 3B is available.", "contradicted"],
  ])("%s: %s", async (_, evidence, draft, verdict) => {
    expect((await verdictOf([evidence], draft))[0]).toBe(verdict);
  });
});
