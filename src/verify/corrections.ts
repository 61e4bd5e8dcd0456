/**
 * Corrections: which evidence value a wrong figure meant, and how to write it in the claim's style without
 * stating anything the evidence does not.
 */
import { formatDateLike, matchDate } from "../quantity/date-parse.js";
import { extractQuantities } from "../quantity/quantity-extract.js";
import { formatLike } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import { weekdayOf, weekdayPrefix, weekdayWord } from "../quantity/weekdays.js";
import type { Correction, EvidenceQuote } from "../schema.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";
import type { TierItem } from "./tier.js";

/** Which of several equally ranked evidence values the claim meant: the nearest to the claim's value. */
export function pickCorrection(claim: FactValue, facts: EvidenceFact[]): EvidenceFact | undefined {
  return nearestOf(claim, facts);
}

/** Days since the epoch of a date (missing parts read as the first month/day), or null without a year. */
function dayOf(v: FactValue): number | null {
  if (v.type !== "date" || v.d.year === null) return null;
  return Date.UTC(v.d.year, (v.d.month ?? 1) - 1, v.d.day ?? 1) / 86_400_000;
}

/** The value nearest the claim's (log distance for numbers, days for dates): a wrong figure is usually a perturbed right one. */
function nearestOf(claim: FactValue, facts: EvidenceFact[]): EvidenceFact | undefined {
  const distance = (f: EvidenceFact): number => {
    if (claim.type === "quantity" && f.value.type === "quantity")
      return Math.abs(Math.log(Math.abs(f.value.q.value) + 1e-9) - Math.log(Math.abs(claim.q.value) + 1e-9));
    const a = dayOf(claim);
    const b = dayOf(f.value);
    return a !== null && b !== null ? Math.abs(a - b) : Infinity;
  };
  let best = facts[0];
  let bestDist = Infinity;
  for (const f of facts) {
    const d = distance(f);
    if (d < bestDist) (bestDist = d), (best = f);
  }
  return best;
}

/**
 * A correction must state the evidence value, not a rounding of it: "50 EUR" corrected by 129.50 reads
 * "129.5 EUR", not "130 EUR" (the claim's precision would invent a figure), and an approximate claim too ("about
 * 230k" corrected by 203,118 reads "203,118"). Percent corrections keep their form ("5%" for a fraction 0.05).
 */
function honest(value: string, claim: Quantity, ev: Quantity): string {
  if (claim.kind === "percent" || ev.kind === "percent") return value;
  // An approximate claim's style may round ("about 230k" corrected by 203,118 is no "203k"), but it may write the
  // evidence's own numeral in its own unit word ("about 480 KB" for 480 kB).
  if (claim.approx && digitsOf(value) === digitsOf(ev.text)) return value;
  const back = extractQuantities(value)[0];
  if (!back || back.kind !== ev.kind) return value;
  if (Math.abs(back.value - ev.value) <= Math.max(ev.precision, Math.abs(ev.value) * 1e-9) * 1.01) return value;
  // A value its key scales (`incurred_gbp_k: 310.0`, `amount_cents: 4210`): its own numeral is no amount.
  if (!writesItsValue(ev)) return value;
  const currency = claim.currency && !/[A-Z]{3}|[$€£¥₹]/.test(ev.text) ? ` ${claim.currency}` : "";
  let text = ev.text.trim();
  // A claim that groups digits or uses a magnitude word reads a long bare number grouped ("22,631,183").
  if (/^\d{5,}$/.test(text) && /\d,\d{3}|\b(?:thousand|million|billion|trillion)\b|\d\s*[kKmMbB]n?\b/.test(claim.text))
    text = Number(text).toLocaleString("en-US");
  // A bare number under a unit-named key (`Installed-Size: 19119`, in KiB) keeps its unit.
  const unit = ev.kind === "measure" && ev.unit && !/\p{L}/u.test(text) ? ` ${ev.unit}` : "";
  return `${text}${unit}${currency}`;
}

/**
 * Whether a value's own numeral is its value: not so for an amount its key scales (`incurred_gbp_k: 310.0` is
 * £310,000; `amount_cents: 4210` is $42.10). A measure's value is in base units, so its numeral is read in its
 * unit and always counts.
 */
function writesItsValue(ev: Quantity): boolean {
  if (ev.kind === "measure") return true;
  const n = Number(digitsOf(ev.text));
  return !Number.isFinite(n) || Math.abs(Math.abs(n) - Math.abs(ev.value)) <= Math.abs(ev.value) * 1e-9 + 1e-9;
}

/** The digits of a figure's numeral, without grouping or unit: "1,336 KB" and "1336" both give "1336". */
export function digitsOf(text: string): string {
  return /\d[\d,]*(?:\.\d+)?/.exec(text)?.[0].replace(/,/g, "") ?? "";
}

/**
 * The evidence value written for a claim whose figure is off by a unit or a magnitude word ("1,336 MB"
 * for `Installed-Size: 1336`, "267 thousand" for 267): the evidence's own number and unit, in the claim's
 * digit grouping, reads better than "1.368 MB" or "0.267 thousand".
 */
function scaleCorrection(claim: Quantity, ev: Quantity): string | null {
  const claimUnits = claim.kind === "measure" || /\b(?:thousand|million|billion|trillion)\b|\d\s*[kKmMbB]n?\b/.test(claim.text);
  if (!claimUnits) return null;
  const raw = ev.text.replace(/[^\d.,-]/g, "");
  const rawValue = Number(raw.replace(/,/g, ""));
  if (!Number.isFinite(rawValue) || !writesItsValue(ev)) return null;
  const grouped = /\d,\d{3}/.test(claim.text) ? rawValue.toLocaleString("en-US", { maximumFractionDigits: 6 }) : String(rawValue);
  // The claim's own word for the same unit ("bytes" for B, "minutes" for min), else the evidence's.
  const sameBase = claim.unit !== null && ev.unit !== null && /^(?:b|bytes?)$/i.test(claim.unit) && /^(?:b|bytes?)$/i.test(ev.unit);
  const sameUnit = claim.unit !== null && ev.unit !== null && claim.unit.toUpperCase() === ev.unit.toUpperCase();
  // The claim's own unit words, with a noun that qualifies them ("engine hours" of "38 engine hours").
  const ownWord = /^[^\d]*[\d.,]+\s*(\p{L}[\p{L}.]*(?:\s\p{L}[\p{L}.]*)?)$/u.exec(claim.text)?.[1];
  // A bare "B" reads as a letter: bytes are written out unless the claim wrote "B" itself.
  const evUnit = ev.unit === "B" ? "bytes" : ev.unit?.replace(/^kB$/, "KB");
  const unit =
    ev.unit && ev.kind === "measure" ? (sameBase ? (ownWord ?? claim.unit!) : sameUnit && ownWord ? ownWord : evUnit!) : claim.kind === "measure" ? null : "";
  if (unit === null) return null;
  return unit ? `${grouped} ${unit}` : grouped;
}

export function surface(f: EvidenceFact): string {
  const v = f.value;
  // An amount its key states in minor units (`late_fee_cents: 675`) is shown with its value: "675 (6.75 USD)".
  if (v.type === "quantity" && v.q.kind === "money" && /^-?\d+$/.test(v.q.text.trim()) && Number(v.q.text) !== v.q.value)
    return `${v.q.text.trim()} (${v.q.value.toFixed(2)}${v.q.currency ? ` ${v.q.currency}` : ""})`;
  return v.type === "quantity" ? v.q.text : v.type === "date" ? v.d.text : v.type === "version" ? v.v : v.type === "time" ? v.t.text : v.n.text;
}

export function correctionOf(figure: ClaimFigure, fact: EvidenceFact, item: TierItem): Correction | null {
  const claimText = item.extracted.text;
  const weekday = weekdayOnly(figure, fact);
  if (weekday) return spanCorrection(item, [figure.span[0], figure.span[0] + weekday.wrong.length], weekday.value, fact);
  const start = item.extracted.map[figure.span[0]];
  const endChar = item.extracted.map[figure.span[1] - 1];
  let value: string;
  const cv = figure.value;
  const ev = fact.value;
  if (cv.type === "quantity" && ev.type === "quantity") {
    const formatted = formatLike(ev.q.value, cv.q, ev.q);
    // Prefer the evidence's own number and unit when the claim's style would turn it into a fraction.
    const sameUnit = cv.q.unit !== null && ev.q.unit !== null && cv.q.unit.toUpperCase() === ev.q.unit.toUpperCase();
    // And when the claim wrote the evidence's own numeral in another unit ("612.8 MB" for `data_used_gb:
    // 612.8`): the slip is the unit, so the evidence's number and unit say it ("612.8 GB", not "612800 MB").
    const unitSlip = cv.q.kind === "measure" && ev.q.kind === "measure" && digitsOf(cv.q.text) === digitsOf(ev.q.text);
    value = sameUnit || unitSlip || /^[^\d]*0\.0*\d/.test(formatted) || /\d\.\d{3,}/.test(formatted) ? (scaleCorrection(cv.q, ev.q) ?? formatted) : formatted;
    value = honest(value, cv.q, ev.q);
    // A count in words whose style is the word itself ("no exceedances"): the evidence's own numeral, never "1no".
    if (cv.q.word && !/\d/.test(cv.q.text) && value.toLowerCase().includes(cv.q.text.toLowerCase())) value = ev.q.text;
    // Another currency is the error ("129.50 USD" for an amount in EUR): write the evidence's currency.
    if (cv.q.kind === "money" && ev.q.currency !== null && cv.q.currency !== null && cv.q.currency !== ev.q.currency) {
      value = `${value.replace(/[$€£¥₹]|US\$|\b[A-Z]{3}\b/g, "").trim()} ${ev.q.currency}`;
    }
  } else if (cv.type === "date" && ev.type === "date") value = formatDateLike(ev.d, cv.d);
  else value = surface(fact);
  const wrong = claimText.slice(figure.span[0], figure.span[1]);
  if (start === undefined || endChar === undefined || start < 0 || endChar < 0) return null;
  return { span: [start, endChar + 1], wrong, value, quote: fact.quote };
}

/**
 * A date whose day is right and whose weekday is not ("Thursday, March 1" for 2024-03-01, a Friday): only the
 * weekday word is wrong, and only it is corrected ("Friday"); the day the evidence supports is left alone.
 */
function weekdayOnly(figure: ClaimFigure, fact: EvidenceFact): { wrong: string; value: string } | null {
  const cv = figure.value;
  const ev = fact.value;
  if (cv.type !== "date" || ev.type !== "date" || cv.d.weekday === undefined) return null;
  const prefix = weekdayPrefix(cv.d.text);
  const actual = weekdayOf(ev.d);
  if (!prefix || actual === null || actual === cv.d.weekday) return null;
  if (matchDate({ ...cv.d, weekday: undefined }, ev.d) !== "match") return null;
  return { wrong: prefix.word, value: weekdayWord(actual, prefix.word) };
}

/** A correction of the claim's text between `span` (claim offsets), mapped onto the draft. */
function spanCorrection(item: TierItem, span: [number, number], value: string, fact: EvidenceFact): Correction | null {
  const start = item.extracted.map[span[0]];
  const endChar = item.extracted.map[span[1] - 1];
  if (start === undefined || endChar === undefined || start < 0 || endChar < 0) return null;
  return { span: [start, endChar + 1], wrong: item.extracted.text.slice(span[0], span[1]), value, quote: fact.quote };
}

export function uniqueQuotes(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const k = `${q.evidenceId}:${q.span[0]}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
