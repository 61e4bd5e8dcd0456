/**
 * The time between two named releases: "jest 30.5.2 followed 30.5.1 after 29 days" names both versions,
 * and a registry's `time["30.5.1"]` and `time["30.5.2"]` date them, so the interval is known and a wrong
 * one is contradicted with the right number of days.
 */
import { matchQuantity } from "../quantity/quantity-match.js";
import type { Quantity } from "../quantity/types.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { EvidenceFact } from "./evidence-facts.js";

const DAY_MS = 86_400_000;

/** Calendar day of a date value (UTC), or null without a full date. */
function dayOf(f: EvidenceFact): number | null {
  if (f.value.type !== "date") return null;
  const { year, month, day } = f.value.d;
  if (year === null || month === null || day === null) return null;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * The date recorded for a version: a date under a key that names it (`time["30.5.1"]`), or the date of the
 * array element whose version it is (`rows[2].version: v3.8.1`, `rows[2].deployed_at: 2024-11-03`).
 */
function dateOfVersion(version: string, facts: EvidenceFact[]): EvidenceFact | null {
  const key = version.replace(/^v/i, "").toLowerCase();
  const keyed = facts.find((f) => f.value.type === "date" && f.key.has(key) && dayOf(f) !== null);
  if (keyed) return keyed;
  const written = (f: EvidenceFact): string | null =>
    (f.value.type === "version" ? f.value.v : f.value.type === "name" ? f.value.n.text : null)?.replace(/^v/i, "").toLowerCase() ?? null;
  const rows = new Set(facts.filter((f) => written(f) === key && f.rowId !== undefined && !f.key.has(key)).map((f) => f.rowId!));
  if (rows.size !== 1) return null;
  const [row] = rows;
  const dates = facts.filter((f) => f.rowId === row && f.value.type === "date" && dayOf(f) !== null);
  return dates.length === 1 ? dates[0]! : null;
}

export interface Interval {
  /** The claim's duration figure. */
  figure: ClaimFigure;
  /** Whole days between the two dates. */
  days: number;
  /** The later of the two dated values (the correction's quote). */
  later: EvidenceFact;
  earlier: EvidenceFact;
  /** Whether the claim's duration agrees with `days` (within its own precision). */
  agrees: boolean;
}

/**
 * The interval between the two versions a claim names, when it states a duration and the evidence dates
 * both versions by key. Days are calendar days (UTC).
 * @returns null unless the claim has exactly one duration and two versions, both dated.
 */
export function versionInterval(figures: ClaimFigure[], facts: EvidenceFact[]): Interval | null {
  const durations = figures.filter((f) => f.value.type === "quantity" && f.value.q.kind === "measure" && f.value.q.dimension === "time");
  // Versions, and codes written like them ("v3.2": two-part versions are read as codes).
  const versionOf = (f: ClaimFigure): string | null =>
    f.value.type === "version" ? f.value.v : f.value.type === "name" && /^v?\d+(?:\.\d+)+$/i.test(f.value.n.text) ? f.value.n.text : null;
  const versions = figures.map(versionOf).filter((v): v is string => v !== null);
  if (durations.length !== 1 || versions.length !== 2) return null;
  const dated = versions.map((v) => dateOfVersion(v, facts));
  if (!dated[0] || !dated[1]) return null;
  const [a, b] = [dayOf(dated[0])!, dayOf(dated[1])!];
  const days = Math.abs(a - b);
  if (days === 0) return null;
  const figure = durations[0]!;
  const q = (figure.value as { q: Quantity }).q;
  const actual: Quantity = {
    ...q,
    text: `${days} days`,
    value: days * DAY_MS,
    alternatives: [],
    precision: 0,
    approx: false,
    bound: "eq",
    word: false,
    unit: "ms",
  };
  const [earlier, later] = a <= b ? [dated[0], dated[1]] : [dated[1], dated[0]];
  return { figure, days, later, earlier, agrees: matchQuantity(q, actual) === "match" };
}
