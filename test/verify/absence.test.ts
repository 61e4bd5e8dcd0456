/**
 * Absence claims against empty values: table tests over invented records, end to end through the firewall
 * (the rule is general: no entity of a dev case is named), and the frames a claim is read by.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { absenceFrame } from "../../src/verify/absence.js";

async function verdictsOf(evidence: Array<{ source: string; content: unknown }>, draft: string) {
  const fw = new Firewall();
  for (const e of evidence) fw.record({ source: e.source, content: e.content as never });
  const report = await fw.verify(draft);
  // The absence is the draft's last clause ("Frame the walls is next, and nobody owns it yet").
  return report.verdicts.map((v) => ({ verdict: v.verdict, note: v.trace.map((t) => t.note).join(" | ") })).reverse();
}

const tasks = {
  source: 'tracker.tasks(project="Garden shed")',
  content: {
    data: [
      { gid: "71", name: "Pour the slab", completed: true, assignee: { name: "Rui" } },
      { gid: "72", name: "Frame the walls", completed: false, assignee: null },
      { gid: "73", name: "Order shingles", completed: false, assignee: { name: "Ola" } },
    ],
  },
};
const pr = {
  source: "git.pulls.get(number=42)",
  content: { number: 42, state: "open", draft: false, auto_merge: null, labels: [], requested_reviewers: [] },
};
const emptyQuery = {
  source: 'tickets.search(queue="Billing", status="escalated")',
  content: { results: [], total: 0 },
};
const fullQuery = {
  source: 'tickets.search(queue="Refunds", status="escalated")',
  content: { results: [{ id: "T-9", status: "escalated" }], total: 1 },
};
const alerts = { source: "weather.alerts(zone=7)", content: { type: "FeatureCollection", features: [], title: "Current storm warnings for Tromsø" } };

describe("absence claims", () => {
  it.each<[string, Array<{ source: string; content: unknown }>, string, string]>([
    ["a null field the claim names", [pr], "PR #42 has no auto-merge set.", "supported"],
    ["an empty list the claim names", [pr], "PR #42 has no labels.", "supported"],
    ["an empty result whose call names the filter", [emptyQuery, fullQuery], "Nothing in the Billing queue is escalated.", "supported"],
    ["an empty result whose title names the thing", [alerts], "There are no storm warnings for Tromsø right now.", "supported"],
    ["an element the sentence names", [tasks], "Frame the walls is next, and nobody owns it yet.", "supported"],
    ["an element whose field holds someone", [tasks], "Order shingles is next, and nobody owns it yet.", "unsupported"],
    ["no element named while the others hold someone", [tasks], "Nobody owns it yet.", "unsupported"],
    ["a field that names something else", [pr], "PR #42 has no merge conflicts.", "unsupported"],
    ["a second statement riding on the absence", [emptyQuery], "Nothing in the Billing queue is escalated because of the holiday.", "unsupported"],
  ])("%s", async (_why, evidence, draft, want) => {
    const [v] = await verdictsOf(evidence, draft);
    expect(v!.verdict, v!.note).toBe(want);
  });

  it("should quantify 'none of them' over every element", async () => {
    const none = {
      source: "tracker.tasks()",
      content: {
        data: [
          { name: "A1", assignee: null },
          { name: "B2", assignee: null },
        ],
      },
    };
    expect((await verdictsOf([none], "None of them has an assignee."))[0]!.verdict).toBe("supported");
    expect((await verdictsOf([tasks], "None of them has an assignee."))[0]!.verdict).not.toBe("supported");
  });

  it.each<[string, string[] | null]>([
    ["There are no open incidents for the EU region.", ["open", "incid"]],
    ["It has no auto-merge set.", ["auto", "merg"]],
    ["Nobody owns it yet.", ["own"]],
    ["The job has never run on main.", ["run"]],
    ["ENG-9 is still unassigned.", ["assign"]],
    ["The queue holds no more than 3 jobs.", null],
    ["No, it shipped on Monday.", null],
    ["It shipped with no delay.", ["delay"]],
  ])("should read the absence in %s", (text, want) => {
    const frame = absenceFrame(text);
    expect(frame === null ? null : [...frame.what]).toEqual(want);
  });

  it("should not change its verdict when unrelated records are added", async () => {
    const draft = "PR #42 has no auto-merge set.";
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ id: fc.integer({ min: 1000, max: 9999 }), note: fc.lorem({ maxCount: 4 }) }), { maxLength: 5 }), async (extra) => {
        const evidence = [pr, ...extra.map((x) => ({ source: "notes.list()", content: x }))];
        expect((await verdictsOf(evidence, draft))[0]!.verdict).toBe("supported");
      }),
      { numRuns: 20 },
    );
  });
});

describe("a count of what an empty result lists", () => {
  const none = { source: 'shop.orders.list(status="refunded")', content: [] };
  const some = { source: 'shop.orders.list(status="pending")', content: [{ id: 11, status: "pending" }] };

  it.each<[string, Array<{ source: string; content: unknown }>, string, string, string[]]>([
    ["the call filtered on what the claim counts", [none, some], "You have 3 orders that were refunded.", "contradicted", ["0"]],
    ["a count the call does not filter on", [none, some], "You have 1 order pending.", "supported", []],
    ["a bare count with nothing to name the filter", [none], "You have 3 orders.", "unsupported", []],
    // A number before a singular noun is no count of it: a year ("2023 refunded order").
    ["a year before a singular noun", [none, some], "Your 2023 refunded order was handled.", "unsupported", []],
    [
      "another call with the same filter holds something",
      [none, { source: 'shop.orders.list(status="refunded", page=2)', content: [{ id: 4 }] }],
      "You have 3 orders that were refunded.",
      "unsupported",
      [],
    ],
  ])("%s", async (_why, evidence, draft, want, fixes) => {
    const fw = new Firewall();
    for (const e of evidence) fw.record({ source: e.source, content: e.content as never });
    const report = await fw.verify(draft);
    expect(report.verdicts[0]!.verdict).toBe(want);
    expect(report.verdicts[0]!.corrections.map((c) => c.value)).toEqual(fixes);
  });
});

describe("a call's arguments recorded apart from its name (as the adapters record them)", () => {
  it("should read the filter from the arguments", async () => {
    const fw = new Firewall();
    fw.record({ source: "orders_list", args: { status: "refunded" }, content: [] });
    fw.record({ source: "tickets_search", args: { queue: "Billing", status: "escalated" }, content: { results: [], total: 0 } });
    const report = await fw.verify("You have 3 orders that were refunded. Nothing in the Billing queue is escalated.");
    expect(report.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)])).toEqual([
      ["contradicted", ["0"]],
      ["supported", []],
    ]);
  });
});

describe("absence claims about an element named by its id (found by a new user's trial)", () => {
  const units = [
    { unit_id: "4B", assigned_technician: null, complaints: [] },
    { unit_id: "7A", assigned_technician: "Dana Ruiz", complaints: [{ type: "noise", status: "open" }] },
  ];
  it.each([
    // The id line names the entity: it is no field whose value the claim negates.
    ["No technician is assigned to unit 4B.", "supported"],
    ["Unit 4B has no assigned technician.", "supported"],
    ["There are no complaints on file for unit 4B.", "supported"],
    // 7A's own list holds a complaint: 4B's empty list is no support.
    ["There are no complaints on file for unit 7A.", "unsupported"],
  ])("should read %s as %s", async (draft, want) => {
    const fw = new Firewall();
    fw.record({ source: "get_units", args: { building: "Maple Court" }, content: units });
    expect((await fw.verify(draft)).verdicts[0]!.verdict).toBe(want);
  });
});
