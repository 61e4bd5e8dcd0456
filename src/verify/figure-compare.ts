/**
 * Which evidence values can be compared with a claim's figure, and how they compare: rounding-aware
 * quantities, dates at the claim's granularity, exact versions, alias-aware names.
 */
import { roundHour } from "./clock-times.js";
import { matchDate } from "../quantity/date-parse.js";
import { nameOccursIn } from "../quantity/names.js";
import { temperatureScale } from "../quantity/quantity-extract.js";
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { FactValue } from "./evidence-facts.js";
import { slotWord } from "./slot-synonyms.js";

/** Whether a slot holds a word of the same synonym group as `stem` ("price" for "cost"). */
export function hasCanon(slot: Set<string>, stem: string): boolean {
  const canon = slotWord(stem);
  if (canon === stem && !slot.size) return false;
  for (const x of slot) if (slotWord(x) === canon) return true;
  return false;
}

/** A four-digit whole number that reads as a year: only comparable with another year. */
function isYearLike(q: Quantity): boolean {
  return q.kind === "number" && !q.word && q.unit === null && Number.isInteger(q.value) && q.value >= 1800 && q.value <= 2100 && /^\d{4}$/.test(q.text.trim());
}

export function compatible(claim: FactValue, ev: FactValue): boolean {
  if (claim.type === "quantity" && ev.type === "quantity") {
    const a = claim.q;
    const b = ev.q;
    if (b.count) return a.kind === "number" && !isYearLike(a);
    if (a.kind === "measure" || b.kind === "measure") return a.kind === b.kind && a.dimension === b.dimension;
    // A bare year-like number of the evidence is read as a count too where its key names one
    // (`trips_started: 1843`, see `asYear`): a claim's count with its noun ("1,843 trips") may agree with it,
    // never differ from it (whether it is a year is not known).
    if (isYearLike(a) !== isYearLike(b) && !(isYearLike(b) && a.kind === "number" && a.unit !== null && a.value === b.value)) return false;
    if (a.kind === "percent") return b.kind === "percent" || b.kind === "number";
    if (a.kind === "money") return b.kind === "money" || b.kind === "number";
    return b.kind === "number" || (b.kind === "money" && a.kind === "number");
  }
  if (claim.type === "name" && ev.type === "name") return claim.n.type === ev.n.type;
  return claim.type === ev.type;
}

export function compare(claim: FactValue, ev: FactValue): "match" | "mismatch" | "incomparable" {
  if (claim.type === "quantity" && ev.type === "quantity") {
    const scales = temperatureScales(claim.q, ev.q);
    if (scales !== null) return scales;
    const m = matchQuantity(claim.q, ev.q);
    // A debit as APIs write it ("amount": -52.10) is the amount a claim states without a sign ("charged $52.10").
    if (m === "mismatch" && claim.q.kind === "money" && claim.q.value > 0 && ev.q.value < 0 && !/[-−]\s*[$€£¥]?\s*\d/.test(claim.q.text)) {
      return matchQuantity(claim.q, { ...ev.q, value: -ev.q.value, alternatives: ev.q.alternatives.map((a) => -a) });
    }
    return m;
  }
  if (claim.type === "date" && ev.type === "date") return matchDate(claim.d, ev.d);
  if (claim.type === "version" && ev.type === "version") return claim.v === ev.v ? "match" : "mismatch";
  if (claim.type === "name" && ev.type === "name") return nameOccursIn(claim.n, ev.n.text) || nameOccursIn(ev.n, claim.n.text) ? "match" : "mismatch";
  return "incomparable";
}

/**
 * How a claim's temperature compares with an evidence number, when the claim writes its scale: in the same
 * scale, as numbers (null: compare as usual); in the other scale, converted, and only a match counts (a
 * correction would be written in the evidence's scale); against a number of unknown scale, the same numeral
 * matches (tools most often state the scale the answer repeats) and another settles nothing.
 */
function temperatureScales(a: Quantity, b: Quantity): "match" | "incomparable" | null {
  const claimScale = temperatureScale(a);
  if (claimScale === null || a.kind !== "number" || b.kind !== "number") return null;
  const evScale = temperatureScale(b);
  if (evScale === claimScale) return null;
  const stated = evScale === null ? b.value : evScale === "°C" ? (b.value * 9) / 5 + 32 : ((b.value - 32) * 5) / 9;
  const slack = evScale === null ? a.precision : a.precision + b.precision * (evScale === "°C" ? 9 / 5 : 5 / 9);
  return Math.abs(stated - a.value) <= slack + 1e-9 ? "match" : "incomparable";
}

/** A figure precise enough that agreeing with it is no coincidence: money, a percent, a measure, a day, a version, 3+ digits. */
export function specific(v: FactValue): boolean {
  if (v.type === "version") return true;
  if (v.type === "date") return v.d.granularity === "day";
  // A time to the minute ("09:14", "7:58 pm"), not a round hour ("7 PM").
  if (v.type === "time") return !roundHour(v.t);
  if (v.type === "quantity") return v.q.kind !== "number" || (/\d[\d,.]{2,}/.test(v.q.text) && !Number.isInteger(v.q.value)) || Math.abs(v.q.value) >= 1000;
  return false;
}
