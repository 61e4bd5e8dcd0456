/**
 * Unit conversion between two figures the claim writes side by side ("14.9 °C (about 59 °F)", "42 therms,
 * roughly 1,230 kWh"): the converted figure agrees when the other one, converted, gives it. The parser reads
 * temperatures as bare numbers and therms or MJ as count nouns, so their scales are read here; watt-hours,
 * lengths, masses, data sizes and durations are measures in base units (see `matchQuantity`).
 *
 * Factors: °F = °C × 9/5 + 32, K = °C + 273.15; 1 therm = 29.3071 kWh (US therm, 100,000 BTU), 1 MJ =
 * 1/3.6 kWh, 1 Wh = 0.001 kWh (NIST SP 811, appendix B).
 */
import type { Quantity } from "../../quantity/types.js";
import { agreesWith, atCorners, computedFact, stating } from "./arithmetic.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";
import { claimQuantities, gapBetween } from "./sentence.js";

type Scale = { dimension: "temperature" | "energy"; unit: string; toBase: (x: number) => number; fromBase: (x: number) => number };

const SCALES: Record<string, Scale> = {
  c: { dimension: "temperature", unit: "°C", toBase: (x) => x, fromBase: (x) => x },
  f: { dimension: "temperature", unit: "°F", toBase: (x) => ((x - 32) * 5) / 9, fromBase: (x) => (x * 9) / 5 + 32 },
  k: { dimension: "temperature", unit: "K", toBase: (x) => x - 273.15, fromBase: (x) => x + 273.15 },
  kwh: { dimension: "energy", unit: "kWh", toBase: (x) => x, fromBase: (x) => x },
  mwh: { dimension: "energy", unit: "MWh", toBase: (x) => x * 1000, fromBase: (x) => x / 1000 },
  wh: { dimension: "energy", unit: "Wh", toBase: (x) => x / 1000, fromBase: (x) => x * 1000 },
  therm: { dimension: "energy", unit: "therm", toBase: (x) => x * 29.3071, fromBase: (x) => x / 29.3071 },
  mj: { dimension: "energy", unit: "MJ", toBase: (x) => x / 3.6, fromBase: (x) => x * 3.6 },
};

/** "°C", "ºF", "degrees Fahrenheit", a glued "68F"; not a bare " C" (a grade, a section). */
const TEMPERATURE_AFTER = /^(?:\s*[°º]\s*|\s*degrees?\s+|(?=[CFK]\b))(C|F|K|Celsius|centigrade|Fahrenheit|Kelvin)\b/i;

/** The scale a figure is written in, read from its unit or the words right after it. */
export function scaleOf(q: Quantity, after: string): Scale | null {
  // A measure of energy ("1,230 kWh") holds its value in watt-hours, the parser's base unit.
  if (q.kind === "measure" && q.dimension === "energy")
    return { dimension: "energy", unit: q.unit ?? "Wh", toBase: (x) => x / 1000, fromBase: (x) => x * 1000 };
  if (q.kind !== "number") return null;
  const unit = q.unit?.toLowerCase().replace(/s$/, "");
  if (unit && SCALES[unit]?.dimension === "energy") return SCALES[unit]!;
  const t = TEMPERATURE_AFTER.exec(after);
  return t ? SCALES[t[1]![0]!.toLowerCase()]! : null;
}

/** What may stand between a figure and its conversion: brackets, a comma or slash, "or", "is", a hedge. */
const CONVERSION_GAP =
  /^[\s(,/=~–—-]*(?:of\s+\w+\s+)?(?:(?:or|is|i\.e\.|that is|which is|works out to|about|around|roughly|approximately|approx\.|nearly|some|just under|just over|almost)[\s(,~]*)*$/i;

function check(input: DerivedInput): DerivedFinding | null {
  const { text, span, figure } = input.sentence.text === input.text ? { ...input } : { ...input, text: input.sentence.text, span: input.sentence.span };
  const all = claimQuantities(text);
  const own = scaleOf(input.figure, text.slice(span[1]));
  if (!own) return null;
  const partners = all.filter((q) => {
    if (q.span[0] === span[0]) return false;
    const scale = scaleOf(q, text.slice(q.span[1]));
    if (!scale || scale.dimension !== own.dimension || scale.unit === own.unit) return false;
    // Side by side: only brackets, punctuation, a unit word and a hedge between them.
    return CONVERSION_GAP.test(gapBetween(text, q, span).replace(/^\s*(?:[°º]\s*)?(?:degrees?\s+)?[A-Za-z]*\b/, ""));
  });
  if (partners.length !== 1) return null;
  const partner = partners[0]!;
  const fact = stating(partner, input.values);
  if (!fact) return null;
  const from = scaleOf(partner, text.slice(partner.span[1]))!;
  const convert = ([x]: number[]) => own.fromBase(from.toBase(x!));
  const values = atCorners([partner], convert);
  const note = `equals ${partner.text} ${from.unit} in ${own.unit}`;
  if (agreesWith(figure, values) === "match") return { outcome: "match", fact, note };
  const computed = computedFact(figure, values[0]!, fact);
  return computed
    ? {
        outcome: "mismatch",
        fact: computed,
        note: `${partner.text} ${from.unit} is ${computed.value.type === "quantity" ? computed.value.q.text : ""} ${own.unit}, not ${figure.text}`,
      }
    : null;
}

export const unitConversion: DerivedShape = { name: "unit conversion", check };
