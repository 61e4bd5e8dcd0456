/**
 * Rounding-aware comparison of a claim's figure with an evidence figure, and formatting of an evidence
 * value in the style of the claim (for corrections).
 */
import type { Bound, MatchResult, Quantity } from "./types.js";
import { parseNumberCore, readMagnitude, readingValue, type CoreParse, type CoreReading } from "./number-parse.js";
import { CJK_NUMERAL_RE, readNumberWords } from "./number-words.js";
import { currencyCandidates, lookupUnit } from "./units.js";

/**
 * Relative tolerance added by a hedge ("about", "~"): a hedged figure matches within
 * max(its precision, 3% of its value). 3% covers the rounding people do when they say "about 182k" for
 * 182,340 or "about 1.5k" for 1,480, yet stays far below a power-of-ten slip; there is no published
 * standard, so this is a judgement call kept in one constant.
 */
export const APPROX_TOLERANCE = 0.03;

/**
 * The widest a hedge stretches a figure that writes its last digits ("about 11,785"): five units of its last
 * significant place, what rounding one place coarser allows. "About 1,500" (last significant place 100) keeps
 * the whole `APPROX_TOLERANCE`; "about 11,785" matches 11,780 but not 11,875, which it leaves unsettled (a
 * hedged figure is never contradicted inside `APPROX_TOLERANCE`).
 */
function hedgeCap(value: number, precision: number): number {
  let place = precision * 2;
  if (!(place > 0) || !Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  let digits = Math.round(Math.abs(value) / place);
  for (let i = 0; i < 30 && digits !== 0 && digits % 10 === 0; i++) {
    digits /= 10;
    place *= 10;
  }
  return 5 * place;
}

/** Every value a quantity may mean: `value` first, then its `alternatives` ("1.000" -> [1, 1000]). */
export function valuesOf(q: Quantity): number[] {
  return [q.value, ...q.alternatives];
}

/** One reading in a common scale: value, half-width, and the data-unit convention it assumes. */
interface Reading {
  v: number;
  tol: number;
  /** A hedged figure's widest reach (`APPROX_TOLERANCE`), beyond `tol` where the hedge is capped: no match, no mismatch. */
  loose: number;
  conv: "si" | "bin" | "any";
}

function readingsOf(q: Quantity, scale = 1, unitScale = false): Reading[] {
  const info = q.kind === "measure" && q.unit ? lookupUnit(q.unit) : undefined;
  const toUnit = unitScale && info ? 1 / info.factor : 1;
  const out: Reading[] = [];
  for (const raw of valuesOf(q)) {
    const precision = q.value === 0 ? q.precision : q.precision * Math.abs(raw / q.value);
    const v = raw * scale * toUnit;
    const p = precision * scale * toUnit;
    const loose = q.approx ? Math.max(p, APPROX_TOLERANCE * Math.abs(v)) : p;
    const tol = q.approx ? Math.max(p, Math.min(loose, hedgeCap(raw, precision) * scale * toUnit)) : p;
    if (info?.binaryFactor && !unitScale) {
      const b = info.binaryFactor / info.factor;
      out.push({ v, tol, loose, conv: "si" }, { v: v * b, tol: tol * b, loose: loose * b, conv: "bin" });
    } else {
      out.push({ v, tol, loose, conv: "any" });
    }
  }
  return out;
}

/** A plain number within [-1, 1] next to a percentage is read as a fraction (0.034 -> 3.4%). */
const asPercent = (q: Quantity): number => (Math.abs(q.value) <= 1 ? 100 : 1);

/** Puts both sides on one scale, or says why they cannot be compared. */
function commonScale(claim: Quantity, ev: Quantity): [Reading[], Reading[]] | MatchResult {
  const c = claim.kind;
  const e = ev.kind;
  if (c === "percent" && e === "percent") return [readingsOf(claim), readingsOf(ev)];
  // A number of something named (degrees, patients) is no percentage: "38%" is not a battery at 38.5 °C.
  if (c === "percent" && e === "number" && ev.unit !== null && ev.unit !== "%") return "incomparable";
  // A whole 0 or 1 read as a fraction is exactly 0% or 100%: its rounding interval (±0.5) is no ±50 points.
  if (c === "percent" && e === "number")
    return [readingsOf(claim), readingsOf(ev, asPercent(ev)).map((r) => (Number.isInteger(ev.value) && asPercent(ev) === 100 ? { ...r, tol: 0 } : r))];
  if (c === "number" && e === "percent") return [readingsOf(claim, asPercent(claim)), readingsOf(ev)];
  if (c === "percent" || e === "percent") return "incomparable";
  if (c === "money" && e === "money") {
    const a = currencyCandidates(claim.currency, claim.text);
    const b = currencyCandidates(ev.currency, ev.text);
    if (a.length > 0 && b.length > 0 && !a.some((x) => b.includes(x))) return "mismatch";
  }
  if ((c === "money" && e === "measure") || (c === "measure" && e === "money")) return "incomparable";
  if (c === "measure" && e === "measure") {
    if (claim.dimension && ev.dimension && claim.dimension !== ev.dimension) return "incomparable";
    return [readingsOf(claim), readingsOf(ev)];
  }
  // A measure against a plain number: compare in the measure's written unit and in base units; the caller
  // decides whether the number's field implies that unit (`duration_minutes: 35`).
  if (c === "measure") return [[...readingsOf(claim, 1, true), ...readingsOf(claim)], readingsOf(ev)];
  if (e === "measure") return [readingsOf(claim), [...readingsOf(ev, 1, true), ...readingsOf(ev)]];
  return [readingsOf(claim), readingsOf(ev)];
}

interface Interval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

function interval(v: number, bound: Bound, halfWidth: number): Interval {
  switch (bound) {
    case "ge":
    case "gt":
      return { lo: v - halfWidth, hi: Infinity, loOpen: bound === "gt", hiOpen: true };
    case "le":
    case "lt":
      return { lo: -Infinity, hi: v + halfWidth, loOpen: true, hiOpen: bound === "lt" };
    default:
      return { lo: v - halfWidth, hi: v + halfWidth, loOpen: false, hiOpen: false };
  }
}

const inside = (a: Interval, b: Interval): boolean =>
  (a.lo > b.lo || (a.lo === b.lo && (a.loOpen || !b.loOpen))) && (a.hi < b.hi || (a.hi === b.hi && (a.hiOpen || !b.hiOpen)));
const apart = (a: Interval, b: Interval): boolean =>
  a.hi < b.lo || b.hi < a.lo || (a.hi === b.lo && (a.hiOpen || b.loOpen)) || (b.hi === a.lo && (b.hiOpen || a.loOpen));

/** Ratio within 5% of 10^k, k != 0: the classic "5.4 million" vs "54 million" slip. */
function powerOfTenSlip(a: number, b: number): boolean {
  if (a === 0 || b === 0) return false;
  const k = Math.log10(Math.abs(a / b));
  return Math.round(k) !== 0 && Math.abs(k - Math.round(k)) < 0.02;
}

/** An evidence figure written as a bare whole number (an optional symbol, digits and separators). */
const BARE_INTEGER = /^\s*[^\d\s]{0,3}\d[\d,.\s]*$/;

function comparePair(c: Reading, cb: Bound, e: Reading, eb: Bound, claimApprox: boolean, exactEvidence = false): MatchResult {
  // "up to 50 items" against "up to 30 items": both state the limit, which must be the same.
  if (cb !== "eq" && cb === eb) return comparePair(c, "eq", e, "eq", claimApprox, exactEvidence);
  const eps = 1e-9 * Math.max(Math.abs(c.v), Math.abs(e.v));
  // A plain claim covers its rounding interval (or either side's, if the evidence was rounded too); a
  // bound claim ("at least 50") is read literally, widened only by a hedge; float noise never lets an
  // equal value pass a strict bound ("more than 50" vs 50).
  // A strict bound at the very value ("over 120,000 rows" against 120000) is no decisive difference: "over"
  // and "under" are as often loose ("ran over 120,000 rows") as strict, and the only correction would
  // restate the claim's own figure.
  if ((cb === "gt" || cb === "lt") && eb === "eq" && Math.abs(c.v - e.v) <= eps) return "incomparable";
  const hedge = claimApprox ? APPROX_TOLERANCE * Math.abs(c.v) : 0;
  const width = cb === "eq" ? Math.max(c.tol, exactEvidence ? 0 : e.tol) + eps : hedge + (cb === "gt" || cb === "lt" ? -eps : eps);
  const claimSet = interval(c.v, cb, width);
  // A plain claim at an evidence limit's very value ("the daily max is $28" against "Daily max $28.00")
  // states the limit: nothing else in the evidence is that value.
  if (cb === "eq" && eb !== "eq" && eb !== "gt" && eb !== "lt" && Math.abs(c.v - e.v) <= width) return "match";
  const evSet = interval(e.v, eb, 0);
  if (inside(evSet, claimSet)) return cb === "eq" && eb === "eq" && powerOfTenSlip(c.v, e.v) ? "mismatch" : "match";
  if (cb === "eq" && c.loose > c.tol && !apart(evSet, interval(c.v, cb, Math.max(c.loose, exactEvidence ? 0 : e.tol) + eps))) return "incomparable";
  return apart(evSet, claimSet) ? "mismatch" : "incomparable";
}

/**
 * Compares a claim's figure with an evidence figure.
 *
 * - Rounding: a claim stands for the interval its last written digit allows ("$4.2M" covers
 *   [4.15M, 4.25M], so it matches 4,213,450; "4,213,450" must be exact). A hedged claim widens to
 *   max(precision, `APPROX_TOLERANCE` x value), capped at five units of its last significant place
 *   ("about 11,785" is no match for 11,875, nor a mismatch: "incomparable"). A power-of-ten slip never matches.
 * - Bounds: "no more than 3" vs 5 -> mismatch; "at least 50" vs 60 -> match. When the evidence states the
 *   same kind of bound ("up to 50" vs "up to 30"), both state one limit, compared as values (mismatch);
 *   another bound is a match if it implies the claim, a mismatch if it excludes it, else incomparable.
 * - Percent: against a plain evidence number v, |v| <= 1 is read only as a fraction (0.034 -> 3.4%, and
 *   0.05 is not 0.05%), a larger v as points (`growth_pct: 17.93`). A plain claim number within [-1, 1]
 *   ("a quarter") against a percentage is read as a fraction too.
 * - Money: stated currencies must agree ("$2,400" vs "2400 EUR" -> mismatch). Against a plain number only
 *   values are compared: the evidence may state its currency in another field, which the caller checks.
 * - Measures compare in base units; decimal data units (KB, MB, GB...) may mean powers of 1024, and each
 *   side may use either convention as long as both use the same one. A measure against a plain number is
 *   compared in the measure's written unit and in base units (the caller decides the unit is implied).
 *   Different dimensions, or money or percent against a measure, are "incomparable".
 * - Every reading in `alternatives` is tried on both sides; any match is a match.
 *
 * Never throws.
 */
export function matchQuantity(claim: Quantity, evidence: Quantity): MatchResult {
  const scaled = commonScale(claim, evidence);
  if (typeof scaled === "string") return scaled;
  const [cs, es] = scaled;
  // A whole number written bare in the evidence (`year: 3`, `enrolled: 118`) is exact: it does not stand
  // for a rounding interval, so "3.28" is no match for it (a claim's own "3" still covers 3.4).
  const exact = evidence.precision > claim.precision && Number.isInteger(evidence.value) && !evidence.approx && BARE_INTEGER.test(evidence.text);
  let result: MatchResult = "mismatch";
  let compared = false;
  for (const c of cs) {
    for (const e of es) {
      if (c.conv !== "any" && e.conv !== "any" && c.conv !== e.conv) continue;
      compared = true;
      const r = comparePair(c, claim.bound, e, evidence.bound, claim.approx, exact);
      if (r === "match") return r;
      if (r === "incomparable") result = r;
    }
  }
  return compared ? result : "incomparable";
}

/** Style of a figure's surface text, as needed to write another value like it. */
interface Style {
  prefix: string;
  magnitude: string;
  suffix: string;
  exponent: number;
  decimals: number;
  significant: number;
  group: string | null;
  decimalMark: string;
  plus: boolean;
}

const CORE_RE = /[-+\u2212]?(?:\d(?:[\d.,]|[ \u00A0\u202F](?=\d{3}))*\d|\d)/;
const EMPHASIS_RE = /[*_`]/g;
const WORD_MAGNITUDE_RE = /[ \t]+(million|billion|trillion)$/i;

function cjkLength(surface: string): number {
  CJK_NUMERAL_RE.lastIndex = 0;
  const m = CJK_NUMERAL_RE.exec(surface);
  return m?.index === 0 ? m[0].length : 0;
}

/**
 * An amount too short to show its digit grouping ("$940.00") groups a longer one in thousands, as amounts are
 * written ("$2,210.40"), unless its decimal mark is a comma.
 */
function moneyStyle(like: Quantity, style: Style): Style {
  if (like.kind !== "money" || style.group !== null || style.decimalMark !== "." || Math.abs(like.value) >= 1000) return style;
  return { ...style, group: "," };
}

function styleOf(like: Quantity, surface: string, unitScale: number): Style | null {
  if (like.word) {
    const end = readNumberWords(surface, 0)?.end ?? cjkLength(surface);
    const phrase = surface.slice(0, end);
    const mag = WORD_MAGNITUDE_RE.exec(phrase);
    const exponent = mag ? ({ million: 6, billion: 9, trillion: 12 }[mag[1]?.toLowerCase() ?? "million"] ?? 6) : 0;
    const digits = String(Math.round(Math.abs(like.value / unitScale / 10 ** exponent) * 1e6) / 1e6).replace(/\D|^0+/g, "");
    return {
      prefix: "",
      magnitude: mag ? ` ${mag[1]}` : "",
      suffix: surface.slice(end),
      exponent,
      decimals: 0,
      significant: digits.length,
      group: ",",
      decimalMark: ".",
      plus: false,
    };
  }
  const m = CORE_RE.exec(surface);
  const parse = m ? parseNumberCore(m[0]) : null;
  if (!m || !parse) return null;
  const rest = surface.slice(m.index + m[0].length);
  const mag = readMagnitude(rest, 0, like.kind === "money");
  const exponent = mag?.exponent ?? 0;
  const expected = Math.abs(like.value) / unitScale / 10 ** exponent;
  const candidates = [parse.en, parse.de].filter((r): r is CoreReading => r !== null);
  const pick = (r: CoreReading): number => Math.abs(readingValue(r, false) - expected);
  const chosen = candidates.sort((a, b) => pick(a) - pick(b))[0];
  if (!chosen) return null;
  const german = chosen === parse.de && chosen !== parse.en;
  return {
    prefix: surface.slice(0, m.index),
    magnitude: mag ? rest.slice(0, mag.end) : "",
    suffix: rest.slice(mag?.end ?? 0),
    exponent,
    decimals: chosen.decimals,
    significant: Math.max(1, chosen.digits.replace(/^0+/, "").length),
    group: groupOf(parse, chosen, german),
    decimalMark: german || (parse.group === null && m[0].includes(",")) ? "," : ".",
    plus: m[0].startsWith("+"),
  };
}

function groupOf(parse: CoreParse, chosen: CoreReading, german: boolean): string | null {
  if (parse.group === null) return null;
  if (parse.group !== "," && parse.group !== ".") return parse.group;
  // "1,000" read as 1.0 (German decimal) has no group separator.
  if (chosen.decimals > 0 && parse.group === (german ? "," : ".")) return null;
  return german ? "." : ",";
}

function roundTo(n: number, decimals: number): number {
  const r = Math.round(Number(`${Math.abs(n)}e${decimals}`));
  return Math.sign(n) * Number(`${r}e-${decimals}`);
}

/** Fixed-point text of |n| with `decimals` digits, trailing zeros trimmed down to `keep`, marks per `style`. */
function writeNumber(n: number, decimals: number, keep: number, style: Style): string {
  const [int = "0", fixed = ""] = Math.abs(n).toFixed(decimals).split(".");
  let frac = fixed;
  while (frac.length > keep && frac.endsWith("0")) frac = frac.slice(0, -1);
  const grouped = style.group && int.length > 3 ? int.replace(/\B(?=(\d{3})+$)/g, style.group) : int;
  return grouped + (frac ? style.decimalMark + frac : "");
}

/**
 * Writes `value` (in the base units of `like`, see `Quantity.value`) in the style of `like`'s surface:
 * same currency symbol or code, magnitude suffix or word, group and decimal marks, percent sign, unit.
 *
 * Digits: the claim's count of significant digits (at least two) and no fewer of its decimals than that
 * allows, then more decimals until the written figure is within 1% of `value` (an honest rounding); if that
 * fails, the exact value without a magnitude. Examples: "54 million" by 5400000 -> "5.4 million"; "1,250"
 * by 1000 -> "1,000"; "16.4%" by 18.4 -> "18.4%"; "$4.7M" by 4213450 -> "$4.2M"; "$3,450.00" by 3400 ->
 * "$3,400.00". Spelled numbers come back as digits ("twelve hundred" by 1020 -> "1,020"). Markdown
 * emphasis in the surface is dropped.
 *
 * @param evidence the quantity `value` came from, if any. Then `value` is first put on the claim's scale
 *   as `matchQuantity` does (0.034 -> "3.4%", 25% -> "0.25" for a fraction claim, a plain number next to a
 *   measure is taken in the measure's written unit), and no more decimals are written than the evidence
 *   itself has. Never throws; a value that cannot be styled comes back as `String(value)`.
 */
export function formatLike(value: number, like: Quantity, evidence?: Quantity): string {
  const surface = like.text.replace(EMPHASIS_RE, "");
  const info = like.kind === "measure" && like.unit ? lookupUnit(like.unit) : undefined;
  const unitScale = info?.factor ?? (like.unit === "bps" ? 0.01 : like.unit === "‰" ? 0.1 : 1);
  const written = styleOf(like, surface, unitScale);
  if (!written || !Number.isFinite(value)) return String(value);
  const style = moneyStyle(like, written);
  let scale = 1;
  if (evidence?.kind === "number" && like.kind === "percent") scale = asPercent(evidence);
  if (evidence?.kind === "percent" && like.kind === "number" && Math.abs(like.value) <= 1) scale = 0.01;
  if (evidence?.kind === "number" && like.kind === "measure") scale = unitScale;
  const exact = (value * scale) / unitScale;
  const n = exact / 10 ** style.exponent;
  const intDigits = n === 0 ? 1 : Math.floor(Math.log10(Math.abs(n))) + 1;
  const significant = Math.max(style.significant, 2);
  // An amount written to the cent keeps its cents whatever its length ("$940.00" corrected by 2210.4 reads
  // "$2,210.40"): its decimals are a style, not a precision.
  const cents = like.kind === "money" && style.decimals === 2;
  const keep = cents ? 2 : Math.min(style.decimals, Math.max(0, significant - intDigits));
  const evidenceDecimals =
    evidence && evidence.precision > 0 ? Math.max(0, Math.round(-Math.log10((2 * evidence.precision * scale) / unitScale / 10 ** style.exponent))) : 12;
  const most = Math.min(12, Math.max(keep, evidenceDecimals));
  let decimals = Math.min(most, Math.max(keep, significant - intDigits, 0));
  const honest = (d: number): boolean => n === 0 || Math.abs(roundTo(n, d) - n) <= 0.01 * Math.abs(n);
  while (!honest(decimals) && decimals < most) decimals++;
  let body: string;
  let magnitude = style.magnitude;
  if (honest(decimals)) {
    body = writeNumber(roundTo(n, decimals), decimals, keep, style);
  } else {
    magnitude = "";
    body = writeNumber(exact, Math.min(6, most), keep, { ...style, group: style.group ?? (style.exponent > 0 ? "," : null) });
  }
  // An amount the claim wrote in whole units takes cents, when it needs any, to the cent: "$1,247.60", not
  // "$1,247.6".
  if (like.kind === "money" && magnitude === "" && style.exponent === 0 && style.decimals === 0 && new RegExp(`\\${style.decimalMark}\\d$`).test(body))
    body += "0";
  const sign = value < 0 ? "-" : style.plus && value > 0 ? "+" : "";
  return `${sign}${style.prefix.replace(/^[-+\u2212]/, "")}${body}${magnitude}${style.suffix}`;
}
