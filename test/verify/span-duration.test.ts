import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

const AGENDA = {
  day: "2025-03-14",
  sessions: [
    { id: "s-1", title: "Schema Migrations", speakers: [{ name: "Oda Lindqvist" }], track: "Backend", start: "09:30", end: "10:15" },
    { id: "s-2", title: "Edge Caching", speakers: [{ name: "Kofi Mensimah" }], track: "Backend", start: "10:30", end: "11:00" },
    { id: "s-3", title: "Design Tokens", speakers: [{ name: "Lea Varga" }], track: "Frontend", start: "10:30", end: "11:20" },
  ],
};

const CALENDAR = {
  items: [
    { summary: "Quarterly Planning", start: { dateTime: "2025-03-14T13:00:00+01:00" }, end: { dateTime: "2025-03-14T14:30:00+01:00" } },
    { summary: "Vendor Call", start: { dateTime: "2025-03-14T16:00:00+01:00" }, end: { dateTime: "2025-03-15T09:00:00+01:00" } },
  ],
};

const SAILINGS = {
  sailings: [
    { sailing_id: "KE-101", depart: "2025-06-14T07:15:00+01:00", arrive: "2025-06-14T08:40:00+01:00" },
    { sailing_id: "KE-103", depart: "2025-06-14T10:30:00+01:00", arrive: "2025-06-14T11:50:00+01:00" },
  ],
};

describe("a duration between an element's start and end", () => {
  it.each<[unknown, string, string]>([
    [AGENDA, "Oda Lindqvist's talk is 45 minutes.", "supported"],
    [AGENDA, "Kofi Mensimah gives a 30-minute talk.", "supported"],
    [AGENDA, "Lea Varga's talk runs about 50 minutes.", "supported"],
    [CALENDAR, "Quarterly Planning runs 90 minutes.", "supported"],
    [CALENDAR, "Quarterly Planning lasts 1.5 hours.", "supported"],
    // Another element's interval is no reading of the named one's; a wrong one is left open, never "corrected".
    [AGENDA, "Kofi Mensimah's talk is 45 minutes.", "unsupported"],
    [AGENDA, "Lea Varga's talk runs about 30 minutes.", "unsupported"],
    [SAILINGS, "The KE-103 crossing takes 1 hour 20 minutes.", "supported"],
    [SAILINGS, "The KE-101 crossing takes 1 hour 20 minutes.", "unsupported"],
    // A span over two days is not read.
    [CALENDAR, "The Vendor Call lasts 17 hours.", "unsupported"],
  ])("should read %#: %s as %s", async (content, claim, verdict) => {
    const fw = new Firewall();
    fw.record({ source: "agenda_api", content });
    const [got, corrections] = await check(fw, claim);
    expect(got).toBe(verdict);
    expect(corrections).toEqual([]);
  });
});
