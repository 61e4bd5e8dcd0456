/**
 * A figure that another reading of the evidence explains is never contradicted by the value it was ranked
 * against: a compound modifier, a strict bound at the very value, a rate key, a count against an array's
 * length or an element's number, a count of the elements that meet a condition. Invented records.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const host = { host: "web-3", uptime_seconds: 86400, load_average: [0.42, 0.38, 0.35] };
const job = { job: "nightly-etl", rows: 120000, retries: 3 };
const technician = { technician: "R. Osei", hourly_rate: 44.9, minimum_charge: 145, currency: "USD" };
const leave = {
  name: "Marcus Lind",
  leave_balances: [
    { type: "annual", used_hours: 76, balance_hours: 44 },
    { type: "sick", used_hours: 8, balance_hours: 56 },
    { type: "parental", used_hours: 0, balance_hours: 0 },
  ],
};
const album = {
  album: "Paper Kites",
  total_tracks: 4,
  items: [
    { track_number: 1, name: "Ember", explicit: false },
    { track_number: 2, name: "Tideline", explicit: false },
    { track_number: 3, name: "North of Nowhere", explicit: true },
    { track_number: 4, name: "Lanterns", explicit: false },
  ],
};

const builds = {
  builds: [
    { id: 71, target: "linux-x64", run: { branch: "main", status: "success" } },
    { id: 72, target: "macos-arm64", run: { branch: "main", status: "success" } },
    { id: 60, target: "linux-x64", run: { branch: "release-1.4", status: "success" } },
  ],
};

const order = {
  order: {
    id: "ord_1",
    items: [
      { name: "Dal", qty: 2 },
      { name: "Naan", qty: 3 },
      { name: "Lassi", qty: 1 },
    ],
  },
};
const student = {
  student: "Amara",
  registrations: [
    { course: "CS 341", credits: 4 },
    { course: "STAT 400", credits: 4, status: "WAITLISTED" },
  ],
};

const report = "Riverside Clinic weekly report (week 41). The clinic saw 1,284 visits, down 6% from week 40. Admissions: 297 (23.1% of visits).";

describe("a figure another reading explains", () => {
  it.each<[string, unknown, string, string, string[]]>([
    // "1-minute" qualifies "load average": the record's uptime is no value of it.
    ["a compound modifier", host, "web-3 has a 1-minute load average of 0.42.", "unsupported", []],
    // "over" is as often loose as strict: the very value settles nothing, and is no correction of itself.
    ["a strict bound at the very value", job, "nightly-etl ran over 120,000 rows.", "unsupported", []],
    ["a strict bound past the value", job, "nightly-etl loaded more than 150,000 rows.", "contradicted", ["120,000"]],
    // `hourly_rate` states a rate per hour, not a count of hours.
    ["a rate key", technician, "R. Osei charges $44.90 an hour.", "supported", []],
    // "charges" names any amount: the entity holds $44.90 under another field, so no correction to $145.
    ["money vocabulary beside the figure", technician, "R. Osei charges $44.90.", "unsupported", []],
    ["a field named by another word", technician, "R. Osei has a minimum charge of $150.", "contradicted", ["$145"]],
    // 76 counts no noun: the array's length (3 balances) is no value of it.
    ["a bare figure against an array's length", leave, "Marcus has 44 hours of annual leave left after using 76.", "unsupported", []],
    // "one track" is no value of `track_number`, nor of the total: it counts the explicit ones.
    ["a count of the elements that meet a condition", album, 'Only one track is explicit ("North of Nowhere").', "supported", []],
    ["a count of the list", album, "Paper Kites has 5 tracks.", "contradicted", ["4"]],
    // "main" is the branch of two of the three builds: the claim counts those, not the list.
    ["a count of the elements a qualifier picks", builds, "The last run on main made two builds.", "unsupported", []],
    ["a count of the elements a qualifier picks, alone", builds, "There are 2 builds on main.", "unsupported", []],
    ["a count of the list, no qualifier", builds, "There are 4 builds.", "contradicted", ["3"]],
    // A value every element holds picks no part of the list.
    ["a qualifier every element meets", builds, "There are 4 builds with status success.", "contradicted", ["3"]],
    // Three line items hold six units: "six items" may count either.
    ["a count of units against the list's length", order, "Order ord_1 has six items.", "supported", []],
    // "would bring her to 12 credits": what would be, not a value the tool states.
    ["a figure of a hypothetical", student, "STAT 400 would bring Amara to 12 credits.", "unsupported", []],
    // "week 41" names the period the claim is about: a qualifier, not a value to correct to "week 40".
    ["a period's number", report, "The clinic had 1,284 visits in week 41.", "supported", []],
    // The passage states 23.1% too: "down 6%" is no correction while the evidence agrees. The share is a claim
    // of its own ("297 patients: about 23% of visits"); the count agrees with `Admissions: 297`.
    ["a value the same passage also states", report, "297 patients were admitted, about 23% of visits.", "supported", []],
    ["a value the same passage also states, alone", report, "About 23% of visits were admissions.", "supported", []],
  ])("%s: %j is %s %j", async (_, evidence, draft, verdict, fixes) => {
    expect(await verdictOf(evidence, draft)).toEqual([verdict, fixes]);
  });
});
