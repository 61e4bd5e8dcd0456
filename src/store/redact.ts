/**
 * Redaction of personal data in what a store or the dashboard keeps: e-mail addresses, phone numbers, payment
 * card numbers and national id numbers (US SSN, UK National Insurance number, and any number labelled as a
 * phone, SSN, passport or national/tax id). Verification runs on the original text before anything is
 * redacted.
 *
 * Masks keep the length of what they replace (in UTF-16 code units), so every span into a draft or an
 * evidence text (claims, quotes, corrections, chunks) still points at the same place after redaction. A
 * mask holds no digit and no `@`, so redacting twice changes nothing.
 */
import { envSwitch } from "../env-switch.js";
import type { EvidenceRecord, Report } from "../schema.js";

/** Kinds of personal data found, as written in masks: `[email]•••••••`. */
export type PersonalDataKind = "email" | "phone" | "card" | "id";

const FILL = "•";

/** A mask of exactly `length` UTF-16 code units naming the kind when it fits. */
export function maskOf(kind: PersonalDataKind, length: number): string {
  const label = `[${kind}]`;
  return length >= label.length ? label + FILL.repeat(length - label.length) : FILL.repeat(length);
}

const EMAIL = /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/g;

/** A number after a label that names it (`phone: 5551234567`, `"ssn": "123456789"`, `passport no. X1234567`). */
const LABELLED =
  /\b(phone|telephone|tel|mobile|cell|fax|ssn|social security(?: number)?|national id(?: number)?|passport(?: number| no\.?)?|tax id|nino)(?![a-z])["']?\s*[:=#]?\s*["']?([+(]?[A-Z]{0,2}\d[\d ().-]{4,}\d[A-Z]?)(?![\w])/dgi;

/** 13-19 digits, optionally grouped by spaces or dashes; kept only with a card issuer prefix and a valid Luhn sum. */
const CARD = /(?<![\d.,-])\d(?:[ -]?\d){12,18}(?![\d-]|[.,]\d)/g;

/** US Social Security number as written, AAA-GG-SSSS (areas 000, 666, 9xx and zero groups are never issued). */
const SSN = /(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])/g;

/** UK National Insurance number: two prefix letters, six digits, a suffix A-D. */
const NINO = /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g;

/** `+` and a country code, then 7-14 more digits in groups. */
const PHONE_INTL = /(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?!\d)/g;
/** North American: (555) 123-4567, 555-123-4567, 555.123.4567. */
const PHONE_NANP = /(?<![\w.-])(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\w-]|\.\d)/g;
/** National trunk prefix 0 and 9-11 digits in groups of 2-4: 020 7946 0958, 06 12 34 56 78. */
const PHONE_TRUNK = /(?<![\w.,-])0\d{1,4}(?:[ -]\d{2,4}){2,4}(?![\w-]|[.,]\d)/g;

function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) n++;
  return n;
}

/** Luhn checksum (ISO/IEC 7812-1), which every payment card number satisfies. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes and lengths (Visa, Mastercard, American Express, Discover, JCB, Diners Club, UnionPay). */
function cardIssuer(digits: string): boolean {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  if (digits[0] === "4") return n === 13 || n === 16 || n === 19;
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16;
  if (p2 === 34 || p2 === 37) return n === 15;
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649)) return n >= 16 && n <= 19;
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19;
  if (p2 === 36 || p2 === 38 || (p3 >= 300 && p3 <= 305)) return n >= 14 && n <= 19;
  if (p2 === 62) return n >= 16 && n <= 19;
  return false;
}

function replaceAll(text: string, re: RegExp, kind: PersonalDataKind, keep?: (match: string) => boolean): string {
  return text.replace(re, (m: string) => (keep && !keep(m) ? m : maskOf(kind, m.length)));
}

function redactLabelled(text: string): string {
  let out = text;
  for (const m of text.matchAll(LABELLED)) {
    const span = m.indices?.[2];
    const value = m[2];
    if (!span || !value || digitCount(value) < 6) continue;
    const label = m[1]!.toLowerCase();
    const kind: PersonalDataKind = /phone|tel|mobile|cell|fax/.test(label) ? "phone" : "id";
    out = out.slice(0, span[0]) + maskOf(kind, span[1] - span[0]) + out.slice(span[1]);
  }
  return out;
}

/**
 * Masks personal data in a text, keeping its length.
 * @returns the text with each e-mail address, phone number, card number and national id replaced by a mask
 *   of the same length (`[email]••••••••••`); the same string when nothing was found.
 */
export function redactText(text: string): string {
  if (text.length === 0) return text;
  let out = replaceAll(text, EMAIL, "email");
  if (digitCount(out) < 6) return out;
  out = redactLabelled(out);
  out = replaceAll(out, CARD, "card", (m) => {
    const digits = m.replace(/\D/g, "");
    return cardIssuer(digits) && luhnValid(digits);
  });
  out = replaceAll(out, SSN, "id");
  out = replaceAll(out, NINO, "id");
  out = replaceAll(out, PHONE_INTL, "phone", (m) => digitCount(m) >= 8 && digitCount(m) <= 15);
  out = replaceAll(out, PHONE_NANP, "phone");
  out = replaceAll(out, PHONE_TRUNK, "phone", (m) => digitCount(m) >= 9 && digitCount(m) <= 11);
  return out;
}

const SENSITIVE_KEY =
  /(?:^|[_.\s-])(?:phone|telephone|tel|mobile|cell|fax|ssn|nino|passport|national_?id|tax_?id|card_?number|iban)(?:$|[_.\s-])|(?:phone|ssn|passport|nationalid|taxid|cardnumber)$/i;

/**
 * Masks personal data in a JSON value: every string (keys included) through {@link redactText}, and a number
 * or digit string under a key that names it (`phone`, `ssn`, `passport`, `card_number`, ...) whole.
 * @returns a new value; the input is not changed.
 */
export function redactJson(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    const out = redactText(value);
    return SENSITIVE_KEY.test(key) && /\d{4}/.test(out) ? maskOf(key.toLowerCase().includes("phone") ? "phone" : "id", out.length) : out;
  }
  if (typeof value === "number" || typeof value === "bigint") {
    if (!SENSITIVE_KEY.test(key)) return value;
    return maskOf(key.toLowerCase().includes("phone") ? "phone" : "id", String(value).length);
  }
  if (Array.isArray(value)) return value.map((v) => redactJson(v, key));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactText(k)] = redactJson(v, k);
    return out;
  }
  return value;
}

/** An evidence record with its content, text and arguments redacted (ids, source, hash and sizes kept). */
export function redactEvidence(record: EvidenceRecord): EvidenceRecord {
  const out: EvidenceRecord = { ...record, content: redactJson(record.content), text: redactText(record.text) };
  if ("args" in record && record.args !== undefined) out.args = redactJson(record.args);
  return out;
}

/**
 * A report with the draft, the output, claim texts, quotes, corrections, trace notes and reasons redacted.
 * Spans stay valid because masks keep lengths.
 */
export function redactReport(report: Report): Report {
  const quote = <Q extends { text: string }>(q: Q): Q => ({ ...q, text: redactText(q.text) });
  return {
    ...report,
    draft: redactText(report.draft),
    output: report.output === null ? null : redactText(report.output),
    reasons: report.reasons.map(redactText),
    claims: report.claims.map((c) => ({ ...c, text: redactText(c.text) })),
    verdicts: report.verdicts.map((v) => ({
      ...v,
      quotes: v.quotes.map(quote),
      corrections: v.corrections.map((c) => ({ ...c, wrong: redactText(c.wrong), value: redactText(c.value), quote: quote(c.quote) })),
      trace: v.trace.map((t) => ({ ...t, note: redactText(t.note) })),
    })),
  };
}

/** True when `HFW_REDACT` asks for redaction (`1`, `true`, `yes`, `on`). */
export function redactFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return envSwitch(env.HFW_REDACT) === true;
}
