/**
 * Redaction of personal data: what is masked, what is left alone (figures, dates, versions, ids that are
 * not personal), and a redacting store that keeps no personal data in its file while verification still
 * runs on the original text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { Firewall, redactJson, redactText, SqliteStore } from "../../src/index.js";
import { luhnValid, maskOf } from "../../src/store/redact.js";
import { tempDb } from "./helpers.js";

describe("redactText", () => {
  it.each([
    ["email", "Write to alice.smith+billing@example.co.uk today", "alice.smith+billing@example.co.uk"],
    ["phone, international", "Call +1 415 555 2671 now", "+1 415 555 2671"],
    ["phone, international with parentheses", "Office: +44 (20) 7946 0958.", "+44 (20) 7946 0958"],
    ["phone, North American", "or (415) 555-2671 after 5", "(415) 555-2671"],
    ["phone, dashes", "cell 415-555-2671", "415-555-2671"],
    ["phone, trunk prefix", "Tél. 06 12 34 56 78", "06 12 34 56 78"],
    ["phone, labelled", "user.phone: 4155552671", "4155552671"],
    ["card, Visa grouped", "paid with 4111 1111 1111 1111 on", "4111 1111 1111 1111"],
    ["card, Mastercard", "card 5500-0000-0000-0004", "5500-0000-0000-0004"],
    ["card, Amex", "amex 378282246310005", "378282246310005"],
    ["SSN", "SSN 123-45-6789 on file", "123-45-6789"],
    ["SSN, labelled without dashes", "ssn: 123456789", "123456789"],
    ["UK National Insurance number", "NI number AB 12 34 56 C.", "AB 12 34 56 C"],
    ["passport, labelled", "passport no. X1234567", "X1234567"],
  ])("should mask a %s, keeping the length", (_kind, text, secret) => {
    const out = redactText(text);
    expect(out).not.toContain(secret);
    expect(out.length).toBe(text.length);
    const at = text.indexOf(secret);
    expect(out.slice(0, at)).toBe(text.slice(0, at));
    expect(out.slice(at + secret.length)).toBe(text.slice(at + secret.length));
    expect(out.slice(at, at + secret.length)).toMatch(/^(\[(email|phone|card|id)\])?•*$/);
  });

  it.each([
    ["figures", "Revenue was 4,213,450 (up 12.5%) and cost $1,250,000.00."],
    ["dates and times", "Released 2024-01-15, at 2024-01-15T10:00:00.000Z, or 01/15/2024."],
    ["versions and ranges", "cors 2.8.6 needs node >= 0.10; vary ^1; 10.2.3.4"],
    ["epoch milliseconds", "recordedAt: 1717171717171"],
    ["a 16-digit number that fails the Luhn check", "order id 4111111111111112"],
    ["a long id without a card prefix", "trace 9876543210987654"],
    ["a UUID", "request 550e8400-e29b-41d4-a716-446655440000"],
    ["an IP address", "host 192.168.100.200 port 8080"],
    ["an npm scope", "depends on @types/node and @scope/pkg"],
    ["key: value lines of figures", "versionCount: 35\ndependencyCount: 2\nsize: 123456789"],
  ])("should leave %s alone", (_kind, text) => {
    expect(redactText(text)).toBe(text);
  });

  it("should change nothing when run twice", () => {
    const once = redactText("mail bob@example.org or call +33 6 12 34 56 78, card 4242 4242 4242 4242");
    expect(redactText(once)).toBe(once);
    expect(once).toBe(`mail ${maskOf("email", 15)} or call ${maskOf("phone", 17)}, card ${maskOf("card", 19)}`);
  });

  it("should name the kind only when the mask is long enough", () => {
    expect(maskOf("email", 10)).toBe("[email]•••");
    expect(maskOf("id", 3)).toBe("•••");
  });

  it("should check card numbers with the Luhn sum", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
  });
});

describe("redactJson", () => {
  it("should mask strings, keys, and numbers under personal keys, and leave other numbers", () => {
    const value = { user: { email: "bob@example.org", phone: 4155552671, age: 42 }, "carol@example.org": ["SSN 123-45-6789"], total: 129.5 };
    expect(redactJson(value)).toEqual({
      user: { email: "[email]••••••••", phone: "[phone]•••", age: 42 },
      "[email]••••••••••": ["SSN [id]•••••••"],
      total: 129.5,
    });
    expect(value.user.phone).toBe(4155552671);
  });
});

describe("a redacting SqliteStore", () => {
  const customer = { name: "Dana Reyes", email: "dana.reyes@example.com", phone: "+1 415 555 2671", plan: "Pro", seats: 12 };

  it("should verify on the original text and keep no personal data in the database file", async () => {
    const path = tempDb();
    const store = new SqliteStore({ path, redact: true });
    const fw = new Firewall({ store, sessionId: "support-7" });
    fw.record({ source: "crm_lookup", content: customer, args: { email: "dana.reyes@example.com" } });
    const draft = "Dana Reyes can be reached at dana.reyes@example.com. Her Pro plan has 14 seats.";
    const report = await fw.verify(draft);

    expect(report.draft).toBe(draft);
    const seats = report.verdicts[report.claims.findIndex((c) => c.text.includes("seats"))]!;
    expect(seats.verdict).toBe("contradicted");
    expect(seats.corrections[0]?.value).toBe("12");

    const stored = store.listReports("support-7")[0]!;
    expect(stored.draft).toBe("Dana Reyes can be reached at [email]•••••••••••••••. Her Pro plan has 14 seats.");
    for (const c of stored.claims) expect(stored.draft.slice(c.span[0], c.span[1]).length).toBe(c.span[1] - c.span[0]);
    const storedSeats = stored.verdicts.find((v) => v.claimId === seats.claimId)!;
    expect(stored.draft.slice(...storedSeats.corrections[0]!.span)).toBe("14");
    const evidence = store.listEvidence("support-7")[0]!;
    expect(evidence.content).toEqual({ ...customer, email: "[email]•••••••••••••••", phone: "[phone]••••••••" });
    expect(evidence.args).toEqual({ email: "[email]•••••••••••••••" });
    expect(evidence.text).not.toContain("dana.reyes");
    for (const q of storedSeats.quotes) expect(evidence.text.slice(q.span[0], q.span[1])).toBe(q.text);
    store.close();

    const files = readdirSync(dirname(path)).map((f) => readFileSync(join(dirname(path), f)));
    expect(files.length).toBeGreaterThan(0);
    for (const bytes of files) {
      expect(bytes.includes("dana.reyes")).toBe(false);
      expect(bytes.includes("555 2671")).toBe(false);
      expect(bytes.includes("Dana Reyes")).toBe(true);
    }
  });

  it("should follow HFW_REDACT when the option is not given", () => {
    const saved = process.env.HFW_REDACT;
    process.env.HFW_REDACT = "1";
    try {
      const on = new SqliteStore(tempDb());
      const off = new SqliteStore({ path: tempDb(), redact: false });
      expect([on.redact, off.redact]).toEqual([true, false]);
      on.close();
      off.close();
    } finally {
      if (saved === undefined) delete process.env.HFW_REDACT;
      else process.env.HFW_REDACT = saved;
    }
  });
});
