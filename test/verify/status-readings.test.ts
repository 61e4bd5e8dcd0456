/**
 * Statuses the claim gives its subject, read without overreach: health is another dimension than a phase,
 * a bare verb in a subordinate clause has another subject, a qualified value (`rider_canceled`) keeps its
 * class, an initialism of an evidence term is the tool's own word. Invented records.
 */
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { verdictOf } from "./helpers.js";

const pods = {
  items: [
    { metadata: { name: "web-6f7c-a1" }, status: { phase: "Running", restartCount: 0 } },
    { metadata: { name: "web-6f7c-b2" }, status: { phase: "Running", restartCount: 7 } },
    { metadata: { name: "batch-91d-c3" }, status: { phase: "Pending" } },
  ],
};
const rides = {
  trips: [
    { trip_id: "t_1", status: "completed", vehicle_type: "Standard" },
    { trip_id: "t_2", status: "rider_canceled", vehicle_type: "Comfort" },
  ],
};
const runs = {
  workflow_runs: [
    { run_number: 311, name: "Build", event: "pull_request", conclusion: "failure" },
    { run_number: 312, name: "Build", event: "push", conclusion: "success" },
  ],
};

const incidents = {
  incidents: [
    { incident_number: 511, title: "latency", status: "triggered" },
    { incident_number: 512, title: "disk usage", status: "resolved" },
    { incident_number: 515, title: "webhook errors", status: "acknowledged" },
  ],
};

const docks = "dock,trailer_id,pallets,status\nD01,TRL-4471,26,unloading\nD02,TRL-8802,18,waiting\nD03,TRL-4519,22,departed";

const tickets = {
  data: [
    { id: "MT-19", unit: "101", category: "appliance", status: "closed", assigned_vendor: "FixRight" },
    { id: "MT-40", unit: "102", category: "paint", status: "in_progress", assigned_vendor: null },
  ],
};

describe("status readings", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // FixRight's ticket is closed, but the paint ticket of unit 102 has the claim's status: which ticket the
    // claim means is open, so its status contradicts nothing.
    ["a status another element described by the claim holds", tickets, "The paint job in 102 is in progress with FixRight.", "unsupported", []],
    ["a status of the element the name picks alone", tickets, "The FixRight job is in progress.", "contradicted", ["closed"]],
    // `phase: Running` says where the pod is in its life, not whether it is healthy.
    ["health against a phase", pods, "web-6f7c-a1 is healthy.", "supported", []],
    ["an outcome against a phase", pods, "batch-91d-c3 has failed.", "contradicted", ["is Pending"]],
    // "failed" is the image pull's, not the pod's: the pod's own status word is "Pending".
    ["a bare verb in a subordinate clause", pods, "batch-91d-c3 is Pending because its image pull failed.", "supported", []],
    ["a count of restarts is no count of pods", pods, "web-6f7c-b2 has 3 restarts.", "contradicted", ["7"]],
    // `rider_canceled` is a cancellation of the element the claim names.
    ["a qualified status value", rides, "Your Comfort ride was canceled.", "supported", []],
    ["a qualified status value, denied", rides, "Your Comfort ride was completed.", "contradicted", ["rider canceled"]],
    // "PR" abbreviates `pull_request`: no name to correct to the workflow's name.
    ["an initialism of an evidence term", runs, "The PR run #311 failed.", "unsupported", []],
    // An id field (`trailer_id`) names its element: another element's status is no value of it.
    ["a status another element holds", docks, "TRL-8802 is unloading.", "contradicted", ["waiting"]],
    ["the element's own status", docks, "TRL-8802 is waiting at D02.", "supported", []],
    // "#512" names the element whose number field holds 512: another element's status is no value of it, and
    // a status outside the vocabulary ("acknowledged") settles nothing.
    ["a numbered element's status", incidents, "#512 is still open.", "contradicted", ["resolved"]],
    ["a numbered element's unclassed status", incidents, "#515 is still open.", "unsupported", []],
    // A field with no value (`conclusion: null` while a run is in progress) is no status outside the
    // vocabulary; "finished successfully" gives the run success; a state after a bare verb takes "is".
    [
      "a run in progress said to have succeeded",
      { workflow_runs: [{ run_number: 88, name: "Deploy", status: "in_progress", conclusion: null }] },
      "The Deploy run #88 finished successfully.",
      "contradicted",
      ["is in progress"],
    ],
    [
      "a run that succeeded",
      { workflow_runs: [{ run_number: 88, name: "Deploy", status: "completed", conclusion: "success" }] },
      "The Deploy run #88 finished successfully.",
      "supported",
      [],
    ],
    // "after it was opened": a status in a clause of time is a past state, not the one the claim gives.
    ["a status in a clause of time", incidents, "#512 was closed the day after it was opened.", "unsupported", []],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });
});

describe("levels and statuses of a named entity", () => {
  // Invented freight and billing records: the invoice only refers to the shipment.
  const freight = { shipment_id: "SHP-7", status: "in_transit", priority: "high", pallets: 14 };
  const billing = { invoice: "INV-9", shipment_id: "SHP-7", status: "unpaid", amount_due_eur: 3140.75 };
  it.each<[string, string, string[]]>([
    // The record whose identity is the name holds its status; the invoice's status is the invoice's.
    ["Shipment SHP-7 has been delivered.", "contradicted", ["in transit"]],
    ["Shipment SHP-7 is in transit.", "supported", []],
    ["Invoice INV-9 has been paid.", "contradicted", ["unpaid"]],
    // A level the claim gives a level field it names.
    ["The priority is low.", "contradicted", ["high"]],
    ["Shipment SHP-7 has high priority.", "supported", []],
  ])("%j is %s %j", async (draft, verdict, corrections) => {
    const fw = new Firewall();
    fw.record({ source: "freight_tracker", content: freight });
    fw.record({ source: "billing_api", content: billing });
    const v = (await fw.verify(draft)).verdicts[0]!;
    expect([v.verdict, v.corrections.map((c) => c.value)]).toEqual([verdict, corrections]);
  });
});
