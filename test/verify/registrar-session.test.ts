import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

/** A registrar agent's session: course records keyed by `code`, query rows, a student record, a news snippet. */
function session(): Firewall {
  const fw = new Firewall();
  fw.record({
    source: "get_course",
    content: { code: "CS101", title: "Introduction to Programming", capacity: 120, enrolled: 118, status: "open", room: "Hall B-12" },
  });
  fw.record({
    source: "get_course",
    content: { code: "CS240", title: "Data Structures", capacity: 80, enrolled: 80, status: "full", waitlist: 12, room: "Lab 3.04" },
  });
  fw.record({
    source: "get_course",
    content: { code: "BIO205", title: "Genetics", capacity: 60, enrolled: 60, status: "waitlist", waitlist: 7, room: "Science 210" },
  });
  fw.record({
    source: "sql_query",
    content: {
      rows: [
        { room: "Hall A-01", seats: 150 },
        { room: "Hall B-12", seats: 130 },
        { room: "Science 210", seats: 64 },
      ],
    },
  });
  fw.record({
    source: "sql_query",
    content: {
      rows: [
        { code: "CS101", section: "A", status: "open" },
        { code: "CS240", section: "A", status: "full" },
      ],
    },
  });
  fw.record({ source: "get_student", content: { student_id: "S-20417", name: "Maya Lindqvist", year: 3, gpa: 3.82, status: "enrolled" } });
  fw.record({ source: "get_student", content: { student_id: "S-20533", name: "Daniel Osei", year: 2, gpa: 3.41, status: "on_leave" } });
  fw.record({
    source: "sql_query",
    content: {
      rows: [
        { course: "CS101", exam: "midterm", date: "2025-10-14", room: "Hall B-12" },
        { course: "CS240", exam: "midterm", date: "2025-10-21", room: "Lab 3.04" },
        { course: "CS101", exam: "final", date: "2025-12-15", room: "Gym East" },
      ],
    },
  });
  fw.record({
    source: "news_search",
    content: "Dr. Marsh said demand for CS240 had 'never been this strong.' The department plans to open CS315 to second-year students next spring.",
  });
  return fw;
}

describe("a registrar session", () => {
  it("should take a course's code as its identity and read room values across tools", async () => {
    const fw = session();
    expect(await check(fw, "CS101 meets in Hall A-01.")).toEqual(["contradicted", ["Hall B-12"]]);
    expect((await check(fw, "CS101 meets in Hall B-12."))[0]).toBe("supported");
  });

  it("should not read a precise claim as matching a whole number of another field ('GPA is 3.28' vs year: 3)", async () => {
    const fw = session();
    expect((await check(fw, "Maya Lindqvist's GPA is 3.28."))[0]).not.toBe("supported");
    // A claim's own rounding still covers the evidence: "about 3.8" for 3.82.
    expect((await check(fw, "Maya Lindqvist has a GPA of about 3.8."))[0]).toBe("supported");
  });

  it("should not take a status word used as a noun for a status ('12 students on its waitlist')", async () => {
    const fw = session();
    expect((await check(fw, "CS240 has 12 students on its waitlist."))[0]).not.toBe("contradicted");
  });

  it("should read a row the claim picks by a qualifier ('the CS101 final'), and the course record otherwise", async () => {
    const fw = session();
    expect((await check(fw, "The CS101 final is on 2025-12-15 in Gym East."))[0]).toBe("supported");
    expect(await check(fw, "CS101 meets in Hall A-01.")).toEqual(["contradicted", ["Hall B-12"]]);
  });

  it("should read a status only where the claim gives it to its subject ('is enrolled', not '118 students enrolled')", async () => {
    const fw = session();
    expect((await check(fw, "CS101 has 118 students enrolled."))[0]).toBe("supported");
    expect(await check(fw, "Daniel Osei is enrolled.")).toEqual(["contradicted", ["on leave"]]);
  });

  it("should end an evidence sentence after a closing quote, so its 'never' stays in it", async () => {
    const fw = session();
    expect((await check(fw, "The department plans to open CS315 to second-year students next spring."))[0]).toBe("supported");
  });
});
