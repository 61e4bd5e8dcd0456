/**
 * What a claim asserts of a flag or a status, and what it only presupposes or denies: a flag's word before
 * the noun it modifies ("the refundable plan") asserts nothing; a polarity edit changes the predicate that
 * carries the flag, not another verb; a status the claim denies ("producing nothing") or a field whose value
 * itself negates (`FailedScheduling`) contradicts no negated claim. Invented records.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const draws = { draws: [{ time: "07:45", test: "CBC", fasting: false, status: "completed" }] };
const plan = { subscription: "S-1", refundable: false, auto_renew: true };
const site = { host: "shop.example.com", tls: { protocol: "TLSv1.3", chain_valid: true, hsts: false } };
const channel = { channel: { name: "eng-news", is_private: false, members: 120 } };
const listing = { listing: "L-9", pets: { dogs: true }, parking: { included: false } };
const inverters = {
  inverters: [
    { id: "INV-1", status: "producing", ac_kw: 140 },
    { id: "INV-2", status: "fault", ac_kw: 0 },
  ],
};
const robots = { robots: [{ robot_id: "AMR-7", state: "error", battery: { soc_pct: 9 }, charging: false }] };
const events = { events: [{ type: "Warning", reason: "FailedScheduling", object: "pod/ledger-worker-5f6d7c9b8-9hj2m", message: "0/6 nodes are available" }] };

describe("flags a claim asserts, presupposes or denies", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // "fasting" modifies "glucose": the claim says the draw is done, nothing of fasting.
    ["a flag's word before its noun", draws, "The CBC after the fasting glucose is done.", "unsupported", []],
    ["a presupposed flag the record denies", plan, "The refundable S-1 plan renews in May.", "unsupported", []],
    // The flag is the article's own adjective: the copula takes the negation ("S-1 is not a refundable plan").
    ["a flag in the predicate noun phrase", plan, "S-1 is a refundable plan.", "contradicted", ["is not a refundable"]],
    // The noun names a flag too (`is_channel: true`): what the thing is, not what the claim says of it.
    [
      "a flag beside the flag of its noun",
      { channel: { name: "ops-war-room", is_channel: true, is_private: false } },
      "ops-war-room is a private channel.",
      "contradicted",
      ["is not a private"],
    ],
    [
      "a flag of its noun that agrees",
      { channel: { name: "ops-war-room", is_channel: true, is_private: true } },
      "ops-war-room is a private channel.",
      "supported",
      [],
    ],
    // A participle flag is named by the participle or the verb, not by the noun made from it.
    [
      "a noun of a participle flag",
      { parcel: { id: "P-1", delivered: false, estimated_delivery: "2025-03-14" } },
      "Estimated delivery is March 14, 2025.",
      "supported",
      [],
    ],
    ["the participle itself", { parcel: { id: "P-1", delivered: false } }, "P-1 was delivered.", "contradicted", ["was not delivered"]],
    // Two attributes of one entity, each asserted: the one the claim gets wrong decides, with no edit of the
    // other's predicate ("is not furnished" would deny the right one).
    ["two flags of one entity", { flat: { id: "F-2", furnished: true, parking: false } }, "F-2 is furnished with parking.", "contradicted", []],
    ["two flags of one entity that agree", { flat: { id: "F-2", furnished: true, parking: true } }, "F-2 is furnished with parking.", "supported", []],
    ["after a contraction and an adverb", channel, "It's also a private channel.", "contradicted", []],
    ["a flag the predicate states", channel, "eng-news is private.", "contradicted", ["is not private"]],
    // "with HSTS enabled": HSTS is the noun, "enabled" its state; "is served" is no predicate of the flag.
    ["a state word after the flag's noun", site, "The site is served over TLS 1.3 with HSTS enabled.", "contradicted", []],
    ["the flag as the subject", listing, "Dogs aren't allowed.", "contradicted", ["are allowed"]],
    ["the flag after the predicate", listing, "Parking is included at L-9.", "contradicted", ["is not included"]],
    // "9% charge" says how much charge is left, not that the robot is charging.
    ["a figure's noun is no flag", robots, "AMR-7 is in an error state with only 9% charge.", "supported", []],
    ["the flag itself, beside the figure", robots, "AMR-7 is charging at 9%.", "contradicted", ["is not charging"]],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });
});

describe("statuses a claim denies", () => {
  it.each<[string, unknown, string]>([
    // INV-2 is in `fault`; "producing nothing" denies the status "producing", it does not give it.
    ["a status with a negative object", inverters, "INV-2 is producing nothing."],
    // The reason itself negates: "can't be scheduled" says what `FailedScheduling` says.
    ["a negated claim against a negating status", events, "ledger-worker can't be scheduled."],
  ])("%s: %j is not contradicted", async (_, evidence, draft) => {
    const [verdict] = await verdictOf(evidence, draft);
    expect(verdict).not.toBe("contradicted");
  });

  it("should still contradict a status the claim gives", async () => {
    expect(await verdictOf(inverters, "INV-2 is producing.")).toEqual(["contradicted", ["fault"]]);
  });
});

describe("flags on both sides of one 'and'", () => {
  it("should not give one clause that states two facts the verdict of the wrong one", async () => {
    // Cats are welcome, dogs are not: "contradicted" would condemn the right half with the wrong one.
    const [got, corrections] = await verdictOf({ flat: { id: "F-2", pets: { cats: true, dogs: false } } }, "At F-2, cats and dogs are welcome.");
    expect(got).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });
});

describe("flags named by one of their words or spelled in full", () => {
  // Invented shelter records: Pepper's `good_with_cats` is unknown (null), another animal's is true.
  const shelter = {
    animals: [
      { animal_id: "A1", name: "Biscuit", spayed_neutered: true, good_with_cats: true },
      { animal_id: "A2", name: "Pepper", spayed_neutered: false, good_with_cats: null },
    ],
  };
  it.each<[string, string, string]>([
    // Participles joined in one key are alternatives of one state: either names it.
    ["one participle of a joined key, false", "Pepper is spayed.", "contradicted"],
    ["the other participle of a joined key, true", "Biscuit is neutered.", "supported"],
    // Another animal's flag spelled in full does not hide this one's.
    ["another entity's spelled flag beside this one's", "The good-with-cats puppy Pepper is spayed.", "contradicted"],
    ["a spelled flag of the claim's entity", "Biscuit is good with cats.", "supported"],
    // The entity's own value is null while another's is a boolean: the record does not say.
    ["a named flag that is null for the claim's entity", "Pepper is good with cats.", "unsupported"],
  ])("%s: %j is %s", async (_why, draft, verdict) => {
    expect((await verdictOf(shelter, draft))[0]).toBe(verdict);
  });
});
