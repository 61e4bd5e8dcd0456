/**
 * Readings that must not turn a right claim into a contradiction: a number's line has no polarity, "at
 * zero" is a value, an antonym in another element of a list is no clash, a superlative over part of the
 * records, a difference of two values of one element, a deadline "due at". Invented records.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const mix = {
  region: "North",
  generationmix: [
    { fuel: "coal", perc: 0 },
    { fuel: "wind", perc: 41.2 },
  ],
};
const deals = {
  records: [
    { Name: "Birch Renewal", Owner: "Lena Hart", IsClosed: false, StageName: "Negotiation" },
    { Name: "Birch Expansion", Owner: "Lena Hart", IsClosed: false, StageName: "Proposal" },
    { Name: "Cedar Pilot", Owner: "Omar Diaz", IsClosed: true, StageName: "Closed Won" },
  ],
};
const wards = "ward,beds_total,beds_occupied,avg_los_days\nCardiology,32,29,4.2\nOncology,28,21,6.8\nPediatrics,24,14,3.1\nICU,16,16,8.9";
const docks = "dock,trailer_id,pallets,status,eta\nD01,TRL-4471,26,unloading,\nD02,TRL-8802,18,waiting,\nD05,TRL-8831,30,inbound,14:40";

const listings =
  "| Listing | Address | Price | HOA/mo |\n|---|---|---|---|\n| MLS 1 | 14 Alder Ct | $685,000 | $0 |\n| MLS 2 | 220 Pine St | $515,000 | $385 |";
const monitors = {
  monitors: [
    { name: "Queue depth orders", overall_state: "No Data" },
    { name: "API latency", overall_state: "OK" },
  ],
};
const ferries = {
  sailings: [
    { sailing_id: 5521, vessel: "MV Cedar Point", depart: "2024-06-15T08:45:00-07:00", drive_up_spaces_available: 34 },
    { sailing_id: 5522, vessel: "MV Harbor Wren", depart: "2024-06-15T09:40:00-07:00", drive_up_spaces_available: 0 },
  ],
};
const wines = { wines: [{ sku: "WN-0412", name: "Chablis", vintage: 2019, bottle_ml: 750, qty_on_hand: 36 }] };
const courses = {
  term: "2024FA",
  courses: [
    {
      code: "CS-2110",
      prerequisites: ["CS-1110"],
      sections: [
        { id: "001", days: "MWF" },
        { id: "002", days: "TR" },
      ],
    },
    { code: "CS-3110", prerequisites: ["CS-2110"], sections: [{ id: "001", days: "TR" }] },
  ],
};
const orders = {
  orders: [
    { id: "A-1", placed: "2024-05-02", shipped: "2024-05-04", total: 58.5 },
    { id: "A-2", placed: "2024-05-09", shipped: "2024-05-12", total: 21 },
  ],
};

describe("no overreach", () => {
  it.each<[string, unknown, string, string]>([
    ["a value at zero", mix, "Coal is at zero.", "supported"],
    ["an antonym in another element of the list", deals, "Lena Hart owns two open opportunities.", "unsupported"],
    ["a superlative over part of the records", wards, "Oncology has the longest average stay outside ICU at 6.8 days.", "supported"],
    ["a difference of two values of one element", wards, "Pediatrics has 10 empty beds.", "unsupported"],
    ["the field the claim names", orders, "Order A-1 shipped on May 4.", "supported"],
    // "drop-off" holds no off-word: the flag is what the claim says.
    // The vessel's name line names the claim's subject: no field whose value "no ... left" denies. The sailing's
    // time picks its element, whose `drive_up_spaces_available: 0` agrees with "no ... left".
    ["a name line of the claim's subject", ferries, "The 9:40 sailing on the MV Harbor Wren has no drive-up space left.", "supported"],
    ["a compound with off", { order: "D-77", delivery: { contactless_dropoff: true } }, "Order D-77 is set for contactless drop-off.", "supported"],
    // A count noun never reads a field that holds a measure by its key's unit.
    ["a count against a unit key", wines, "We have 36 bottles of the 2019 Chablis.", "supported"],
    // The subject is no value it gives itself, and a season is the claim's period.
    ["the subject listed by another record", courses, "For Fall 2024, CS-2110 has two sections.", "unsupported"],
    ["a deadline, not a status", docks, "TRL-8831 is due at 14:40 with 30 pallets.", "supported"],
    // A zero amount is "no fee"; the row's address line only names the entity.
    ["a zero amount read as none", listings, "14 Alder Ct has no HOA fee.", "supported"],
    // "No Data" is the monitor's state as the tool writes it, not a negation.
    ["a value that opens with a negation word", monitors, "Queue depth orders shows No Data.", "supported"],
    // "closing June 28" says what will happen: `IsClosed: false` does not deny it.
    ["an -ing verb before a date", deals, "Birch Renewal is in Negotiation, closing June 28.", "unsupported"],
  ])("%s: %j is %s", async (_, evidence, draft, verdict) => {
    const [got, fixes] = await verdictOf(evidence, draft);
    expect(got).toBe(verdict);
    expect(fixes).toEqual([]);
  });

  it.each<[string, unknown, string, string[]]>([
    // The same records still contradict what they do state.
    // Oncology's own 6.8 is no extreme either: the name and the figure are both corrected to ICU's, so the
    // rewrite never ships "ICU has the longest average stay at 6.8 days".
    ["a wrong superlative", wards, "Oncology has the longest average stay at 6.8 days.", ["ICU", "8.9 days"]],
    ["a wrong cell of the element", wards, "Pediatrics has 30 beds in total.", ["24"]],
    // Another element's equal date (A-2 was placed on May 9) does not save the claim about A-1.
    ["a value only another element states", orders, "Order A-1 was placed on May 9.", ["May 2, 2024"]],
    // The element's shipping date agrees with "May 4", but the claim's word names `placed`.
    ["another field of the element agrees", orders, "Order A-1 was placed on May 4.", ["May 2, 2024"]],
    ["an -ing noun names its flag", { listing: "L-3", parking: { included: false, monthly_fee: 150 } }, "At L-3 parking is included.", ["is not included"]],
  ])("%s: %j is contradicted %j", async (_, evidence, draft, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual(["contradicted", fixes]);
  });
});

describe("a name found nowhere is corrected only by a value of the attribute the claim names", () => {
  const whois =
    "Domain Name: lumen.example\nRegistrar: Example Registrar, Inc.\nRegistrant Organization: Privacy service provided by Hidden ehf\nRegistrant State/Province: Capital Region\nRegistrant Country: IS";
  const flag = { key: "new-checkout", rules: [{ clauses: [{ attribute: "country", op: "in", values: ["DE", "FR", "NL"] }], variation: "off" }] };
  it.each<[string, unknown, string, string]>([
    // "registrant" names the entity the key qualifies, not its state: Iceland is no wrong state, and the
    // tool writes it as its ISO code (`Registrant Country: IS`), so the claim is supported.
    ["a text key's qualifier", whois, "The registrant is hidden behind a privacy service (Hidden ehf, Iceland).", "supported"],
    // Country codes are the tool's; the claim's country names are no wrong values of `values`, but the
    // countries those codes name.
    ["a list of codes", flag, "On new-checkout, users in Germany, France and the Netherlands are sent off by a rule.", "supported"],
  ])("%s: %s", async (_, evidence, draft, verdict) => {
    expect((await verdictOf(evidence, draft))[0]).toBe(verdict);
  });
});
