/**
 * The typed slot a contradiction needs (DESIGN.md, "Typed facts"). Tier 0 may report a figure
 * `contradicted` only when the evidence value it would cite fills the same typed slot as the claim's
 * figure:
 * - **attribute**: a word that governs the figure in the claim (its neighbours in the clause, its count
 *   noun) names the value's field (the last segment of its key path, its header, or its own neighbours in
 *   prose), directly or through a slot synonym;
 * - **kind**: the two values are of one kind (an amount and an amount, a percentage and a percentage, a
 *   count and a count, a measure and a measure of its dimension). A bare number is an amount or a
 *   percentage only under a key that says so (`price`, `amount_cents`, `error_rate_pct`), and a measure
 *   only when its order of magnitude is the claim's (a bare number has no unit to convert);
 * - **one value**: every value of that kind and attribute that could be the claim's (same entity, same
 *   period: the candidates the caller passes) agrees on one value, and none agrees with the claim.
 *
 * Each dimension is reported on its own ({@link SlotAgreement}); nothing is summed into a score. When any
 * fails, the figure is not contradicted: it is unsupported (or matched, if a value of its slot agrees).
 */
import { stemOf, tokenize } from "../text/tokenize.js";
import type { Quantity } from "../quantity/types.js";
import { lookupUnit } from "../quantity/units.js";
import { type EvidenceFact, type FactValue, lastSegment } from "./evidence-facts.js";
import { compare, compatible, hasCanon } from "./figure-compare.js";
import { featuresOf } from "./lexical-features.js";
import { MONEY_FIELD } from "./money-field.js";

/** How a claim figure and an evidence value line up, one dimension at a time. */
export interface SlotAgreement {
  /** A governing word of the figure names the value's field. */
  attribute: boolean;
  /** The values are of one kind (amount, percentage, count, measure of one dimension, date, version, name). */
  kind: boolean;
}

export { MONEY_FIELD } from "./money-field.js";
/** Stems of field words that name a percentage or share. */
const PERCENT_FIELD = new Set(["pct", "percent", "percentag", "share", "ratio", "humid", "probabl", "chanc", "pop", "util", "usag", "rate"]);

/** Stems of field names that say how, not what: the parent key names the slot. */
const GENERIC_FIELD = new Set([
  "valu",
  "amount",
  "total",
  "count",
  "number",
  "min",
  "max",
  "avg",
  "mean",
  "current",
  "text",
  "unit",
  "raw",
  "display",
  "formatted",
  "actual",
  "local",
  "utc",
]);

/** The stems of a value's own field: the key path's last named segment, or its prose neighbours. */
/** The key path a structured fact's line states its value under (`rows[2].installed_size_kb`), or "". */
function keyPathOf(fact: EvidenceFact): string {
  const colon = fact.quote.text.indexOf(": ");
  return fact.field ?? (colon > 0 ? fact.quote.text.slice(0, colon) : "");
}

/** A key path's names, array indexes dropped: `["rows", "installed_size_kb"]`. */
function keySegments(path: string): string[] {
  return path.split(/[.[\]"]+/).filter((p) => p !== "" && !/^\d+$/.test(p));
}

export function fieldStemsOf(fact: EvidenceFact): Set<string> {
  // A count of what a tool returned (`orders: []`) is named by its key; a prose value by its neighbours.
  if (fact.value.type === "quantity" && fact.value.q.count) return new Set([...fact.key, ...fact.slot]);
  if (!fact.structured) return fact.slot;
  const path = keyPathOf(fact);
  if (path === "" || path.length > 200) return fact.key;
  const segments = keySegments(path);
  const last = segments.pop() ?? path;
  const stems = featuresOf(last).stems;
  // A generic last segment (`value`, `amount` under `fees.processing`, `1h` under `rain`) is named by its parent too.
  const parent = segments.pop();
  if (parent !== undefined && (/^\d/.test(last) || [...stems].every((x) => GENERIC_FIELD.has(x) || /^\d/.test(x))))
    for (const x of featuresOf(parent).stems) stems.add(x);
  // A name/value pair (`statistics[3].type: Ball Possession`, `statistics[3].value: 60%`): the value's
  // attribute is its row's label.
  if (fact.row !== undefined && [...featuresOf(last).stems].every((x) => GENERIC_FIELD.has(x))) {
    const label = LABEL_FIELD.exec(fact.row);
    if (label) for (const x of featuresOf(label[1]!).stems) stems.add(x);
  }
  return stems.size > 0 ? stems : fact.key;
}

/** The label of a name/value row: its `type`, `name`, `label`, `key`, `metric` or `stat` field. */
const LABEL_FIELD = /(?:^|\n)[^\n:]*?\.?(?:type|name|label|key|metric|stat|displayName)(?:\[\d+\])?: ([^\n]{1,60})/;

function intersects(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) if (b.has(x) || hasCanon(b, x) || prefixIn(x, b)) return true;
  return false;
}

/**
 * Whether a stem and a field stem are one word in two forms: one a prefix of the other, 4 letters or more
 * ("month" and "monthli" of `monthly_rent`, "sign" and "signatur").
 */
export function prefixIn(stem: string, field: Set<string>): boolean {
  if (stem.length < 4) return false;
  for (const f of field) {
    if (f.length < 4) continue;
    const [a, b] = stem.length <= f.length ? [stem, f] : [f, stem];
    if (b.startsWith(a)) return true;
  }
  return false;
}

/**
 * Records (evidence ids) that write some amount with decimals (`fee: 15.00`): their amounts are in major
 * units, so none of their whole numbers is an amount in minor units.
 */
export function recordsWithDecimalAmounts(facts: readonly EvidenceFact[]): Set<string> {
  const ids = new Set<string>();
  for (const f of facts) if (f.value.type === "quantity" && f.value.q.kind === "money" && /\d\.\d/.test(f.value.q.text)) ids.add(f.chunk.evidenceId);
  return ids;
}

/** Whether an evidence value's field names an amount of money. */
export function moneyField(field: Set<string>): boolean {
  for (const s of field) if (MONEY_FIELD.has(s)) return true;
  return false;
}

function percentField(field: Set<string>): boolean {
  for (const s of field) if (PERCENT_FIELD.has(s)) return true;
  return false;
}

/**
 * Whether two values are of one kind. A bare evidence number takes the kind its field names; a measure
 * against a bare number needs the same order of magnitude (within a factor of 3), since the number's unit
 * is unknown and a scale slip (m and km, cents and dollars) must not read as a different value.
 */
export function kindAgrees(claim: FactValue, fact: EvidenceFact, own: Set<string> = fieldStemsOf(fact)): boolean {
  if (!compatible(claim, fact.value)) return false;
  if (claim.type !== "quantity" || fact.value.type !== "quantity") return claim.type === fact.value.type;
  const field = kindStemsOf(fact, own);
  const a = claim.q;
  const b = evidenceReading(fact.value.q, field);
  if (a.kind === "money") {
    // A bare number under a key in minor units (`amount_cents`, `rate_cents_per_day`) is no amount in the
    // claim's units: its slot is read only by the minor-units check, never as major units here.
    if (b.kind !== "money" && MINOR_UNIT_KEY.test(keyPathOf(fact))) return false;
    // Another currency is another value of the same kind: "129.50 USD" against a total of 129.50 EUR. A bare
    // amount (no currency sign of its own) may be in minor units (Stripe's `amount: 140000` is $1,400.00):
    // it is of the claim's kind only at the claim's order of magnitude.
    // Under a key that says its unit, an amount that is the key's number read as major units ("$300.00" for
    // `idle_fee_cents: 300`, which is $3.00) is that field's value misread: of the claim's kind.
    if (b.kind === "money")
      return (
        /[\p{Sc}]|[A-Z]{3}/u.test(b.text) ||
        sameAmountMagnitude(a.value, b.value) ||
        (MINOR_UNIT_KEY.test(keyPathOf(fact)) && Math.abs(Math.abs(a.value) - Math.abs(b.value) * 100) < 1e-6)
      );
    return b.kind === "number" && b.unit === null && moneyField(field) && sameAmountMagnitude(a.value, b.value);
  }
  if (a.kind === "percent") return b.kind === "percent" || (b.kind === "number" && b.unit === null && percentField(field) && sameMagnitude(a.value, b.value));
  if (a.kind === "measure")
    return (
      (b.kind === "measure" && a.dimension === b.dimension) ||
      (b.kind === "number" && b.unit === null && !b.count && sameMagnitude(a.value / unitFactor(a), b.value))
    );
  // A whole count of things ("37 versions") is no fraction (`version: "2.2"`, a protocol's number).
  if (a.kind === "number" && a.unit !== null && /\p{L}s$/u.test(a.unit) && Number.isInteger(a.value) && !Number.isInteger(b.value)) return false;
  // A number a thousand times larger or smaller is an identifier or a timestamp, not the count's value.
  if (a.value !== 0 && b.value !== 0 && Math.abs(a.value / b.value) > 1000) return false;
  if (a.value !== 0 && b.value !== 0 && Math.abs(b.value / a.value) > 1000) return false;
  // A bare number stated for a money field ("total: 4312.5" in a JSON answer) is an amount at its magnitude;
  // a plain count against a money or percentage value, or a bare number against a measure, is another kind.
  if (b.kind === "money") return a.unit === null && moneyField(field) && sameMagnitude(a.value, b.value);
  if (b.kind === "percent") return false;
  if (b.kind === "measure") return false;
  if (a.unit !== null && b.unit !== null && a.unit.toLowerCase() !== b.unit.toLowerCase()) return false;
  return !moneyField(field) || a.unit !== null || b.count === true ? true : sameMagnitude(a.value, b.value);
}

/**
 * The stems that tell a structured value's kind: its own field's, and its parent key's when that names money
 * (`balances.available`, `fees.processing`): the parent says what its children are, the child which one.
 */
export function kindStemsOf(fact: EvidenceFact, own: Set<string> = fieldStemsOf(fact)): Set<string> {
  if (!fact.structured || moneyField(own)) return own;
  const segments = keySegments(keyPathOf(fact));
  const parent = segments.length > 1 ? featuresOf(segments[segments.length - 2]!).stems : null;
  return parent && moneyField(parent) ? new Set([...own, ...parent]) : own;
}

/** A key segment that says its amounts are in minor units: `amount_cents`, `priceInCents`, `fee_pence`. */
const MINOR_UNIT_KEY = /(?:^|[_\-.])(?:cents?|pence|minor)(?:[_\-.]|$)|[a-z](?:Cents|Pence)(?:[A-Z_]|$)/;

/** A measure's value in the unit it was written in (base units over the written unit's factor). */
export function unitFactor(q: { value: number; text: string }): number {
  const written = Number(/[-+]?\d[\d,]*(?:\.\d+)?/.exec(q.text)?.[0]?.replace(/,/g, "") ?? NaN);
  return Number.isFinite(written) && written !== 0 ? q.value / written : 1;
}

/**
 * An evidence number's own kind: a record's `currency` field makes the ledger read its bare numbers as
 * amounts, but only a field that names money (`price`, `total`) or a figure written with its currency holds
 * one; `stock: 310` beside `currency: USD` is a count.
 */
export function evidenceReading<Q extends { kind: string; text: string; currency: string | null; unit: string | null }>(q: Q, field: Set<string>): Q {
  if (q.kind !== "money" || moneyField(field) || /[\p{Sc}]|[A-Z]{3}/u.test(q.text)) return q;
  return { ...q, kind: "number", currency: null, unit: null };
}

/**
 * Whether a bare amount may be in the claim's currency unit: within a factor of ten. Minor units (cents,
 * pence: a factor of 100) and thousands headers (1,000) are scale slips, not other values; "$6" against
 * `price: 18` is another price.
 */
function sameAmountMagnitude(a: number, b: number): boolean {
  if (a === 0 || b === 0) return a === b || Math.abs(a - b) < 10;
  const r = Math.abs(a / b);
  return r > 1 / 10 && r < 10;
}

function sameMagnitude(a: number, b: number): boolean {
  if (a === 0 || b === 0) return a === b || Math.abs(a - b) < 10;
  const r = Math.abs(a / b);
  return r > 1 / 3 && r < 3;
}

/** Words that name a dimension's slot, added to a measure's governing words: `duration_seconds` for "45 seconds". */
const DIMENSION_WORDS: Record<string, string> = {
  time: "time duration second seconds minute minutes hour hours day days millisecond ms runtime uptime elapsed interval timeout",
  data: "size byte bytes kb mb gb kib mib gib",
  length: "length distance meter metre km mile elevation altitude height depth width",
  mass: "weight mass kg gram pound",
  energy: "energy consumption usage kwh",
  power: "power demand load",
  pressure: "pressure strength stress",
  frequency: "frequency clock",
  bitrate: "speed bandwidth throughput download upload down up rate",
  volume: "volume capacity usage consumption water fuel",
};

/** Stems of the words that name a measure's dimension (empty for an unknown dimension). */
export function dimensionStems(dimension: string | null): Set<string> {
  return dimension ? featuresOf(DIMENSION_WORDS[dimension] ?? dimension).stems : new Set();
}

/** Field words the claim names, directly (1) or by a slot synonym (0.75), less 0.25 per other field word it does not (see `NEUTRAL_FIELD`). */
export function attributeStrength(governing: Set<string>, field: Set<string>): number {
  let score = 0;
  for (const f of field) {
    if (governing.has(f)) score += 1;
    else if (hasCanon(governing, f) || prefixIn(f, governing)) score += 0.75;
    else if (!NEUTRAL_FIELD.has(f)) score -= 0.25;
  }
  return score;
}

/**
 * Field words that say how a value is given, not which value it is: "Total Passes" is what "412 passes" means
 * unqualified, so `total` costs the field nothing ("Passes Completed" says more than the claim, and loses).
 */
const NEUTRAL_FIELD = new Set(["total", "valu", "amount", "count", "number", "raw", "display", "formatted", "text"]);

/** Whether a governing word of the figure names the evidence value's field. */
export function attributeAgrees(governing: Set<string>, fact: EvidenceFact, field: Set<string> = fieldStemsOf(fact)): boolean {
  return governing.size > 0 && intersects(governing, field);
}

/** The agreement of a claim figure with an evidence value, dimension by dimension. */
export function slotAgreement(claim: FactValue, governing: Set<string>, fact: EvidenceFact): SlotAgreement {
  const field = fieldStemsOf(fact);
  return { attribute: attributeAgrees(governing, fact, field), kind: kindAgrees(claim, fact, field) };
}

/**
 * Governing stems a caller added for the figure's kind rather than read from the claim's words (the money
 * vocabulary for an amount): they name a slot only where the candidates agree (see `readSlot`).
 */
export const WEAK_STEMS = new WeakMap<Set<string>, Set<string>>();

/** What the evidence says of a figure's typed slot. */
export type SlotReading =
  | { outcome: "match"; fact: EvidenceFact }
  /** `byTotal`: no word of the claim named the field; the amount was read as the record's total. */
  | { outcome: "mismatch"; fact: EvidenceFact; byTotal?: boolean }
  | { outcome: "unsettled"; reason: string };

/**
 * Reads a figure's typed slot among candidate values (the caller has dropped other entities' and other
 * periods' values; `picks` tells the array elements the claim picked by its names or dates; `claimWords`, the
 * stems of the whole claim, lets an amount no word names be read as its record's total). A value of the slot that agrees makes a match; one value (or several that agree with
 * each other) that differs makes a mismatch; anything else leaves the figure unsettled, with the reason.
 */
export function readSlot(
  claim: FactValue,
  governing: Set<string>,
  candidates: readonly EvidenceFact[],
  entityPicked = true,
  picks?: (rowId: string) => boolean,
  claimWords?: ReadonlySet<string>,
  answerWords?: ReadonlySet<string>,
): SlotReading {
  let byTotal = false;
  let typed = candidates.filter((f) => {
    const a = slotAgreement(claim, governing, f);
    return a.attribute && a.kind;
  });
  // An amount read from a key in minor units was put in major units by its key (`idle_fee_cents: 300` is
  // $3.00): when the figure's own words name every word of that field and the figure writes its digits with
  // the decimal point moved ("a $30.00 idle fee"), it is that field's value misread. Another magnitude ("$2,408
  // in surcharges" for `surcharge_cents: 800`) may be a total of many: no reading. Nor a rate ("$3.50 per night").
  if (claim.type === "quantity" && claim.q.kind === "money" && !perUnit(governing))
    for (const f of candidates) if (!typed.includes(f) && minorUnitNamed(f, governing) && decimalSlip(claim.q.value, f)) typed.push(f);
  if (typed.length === 0) return { outcome: "unsettled", reason: "no evidence value of the same kind fills the figure's slot" };
  // An amount whose own words name a field ("in earnings") that holds a value of another magnitude (minor
  // units: `earnings: "253885"`) has that field as its slot: another money field of the claim's magnitude
  // (`fee`) is no value of it.
  if (claim.type === "quantity" && claim.q.kind === "money") {
    const weak = WEAK_STEMS.get(governing) ?? new Set<string>();
    // Period words ("$2,150/month") name a rate, not a field.
    const own = new Set([...governing].filter((g) => !weak.has(g) && !PERIOD_STEMS.has(g)));
    const ownNamed = (f: EvidenceFact) => [...fieldStemsOf(f)].some((x) => own.has(x));
    if (candidates.some((f) => !typed.includes(f) && f.value.type === "quantity" && ownNamed(f)) && !typed.some(ownNamed))
      return { outcome: "unsettled", reason: "the field the claim names holds a value of another magnitude" };
  }
  // The values whose field names the figure best: "disk space once installed" names `Installed-Size` more
  // closely than `Size`; a field that says more than the claim fits it less well.
  // A measure's unit and dimension words ("GB", "size") name any field of that dimension: when only they
  // name the candidates and these differ, the claim's own words do not pick one (`Size` or `Installed-Size`).
  if (claim.type === "quantity" && (claim.q.kind === "measure" || claim.q.kind === "money")) {
    const weak =
      claim.q.kind === "money"
        ? (WEAK_STEMS.get(governing) ?? new Set<string>())
        : new Set([...dimensionStems(claim.q.dimension), ...featuresOf(claim.q.unit ?? "").stems]);
    const own = new Set([...governing].filter((g) => !weak.has(g)));
    const ownHit = (f: EvidenceFact) => [...fieldStemsOf(f)].some((x) => own.has(x) || hasCanon(own, x) || prefixIn(x, own));
    const values = new Set(typed.map((f) => (f.value.type === "quantity" ? f.value.q.value : NaN)));
    if (values.size > 1 && !typed.some(ownHit)) {
      // An amount the claim qualifies in no way ("leaves at 09:40 for €164.20") is what the record totals,
      // when its total fields agree: not a base fare or a tax beside it. Not a rate ("€120 a night").
      const totals = claim.q.kind === "money" && !perUnit(governing) ? typed.filter(totalField) : [];
      const one = totals.length > 0 && totals.every((f) => sameEvidenceValue(f.value, totals[0]!.value));
      if (!one) return { outcome: "unsettled", reason: "only the unit names the slot, and fields of that dimension differ" };
      typed = totals;
    }
    // Anywhere in the claim, a word of another field of that magnitude ("The base fare of that ticket is €98"
    // names `price.base`) says the amount is not the total.
    byTotal =
      claim.q.kind === "money" &&
      claimWords !== undefined &&
      !otherFieldNamed(claim.q, candidates, claimWords, totalField) &&
      !typed.some(ownHit) &&
      !perUnit(governing) &&
      typed.every(totalField);
  }
  // Fields the claim's own words name rank by those words alone: the stems added for the figure's kind name
  // every money field alike.
  const added = WEAK_STEMS.get(governing);
  const strong = added ? new Set([...governing].filter((g) => !added.has(g))) : governing;
  const namedOwn = added !== undefined && typed.some((f) => attributeAgrees(strong, f));
  // The claim's own words name a field that is not of the figure's kind as read ("The base fare is €212"
  // names `price.base: 221.00`, a bare number): the money vocabulary alone must not put the figure in
  // another field (`price.total`) instead.
  const rival = (f: EvidenceFact) =>
    !typed.includes(f) &&
    claim.type === "quantity" &&
    f.value.type === "quantity" &&
    f.value.q.kind === "number" &&
    sameMagnitude(claim.q.value, f.value.q.value) &&
    attributeAgrees(strong, f);
  if (added && !namedOwn && strong.size > 0 && candidates.some(rival))
    return { outcome: "unsettled", reason: "the claim's own words name a field of another kind than the figure's" };
  const naming = namedOwn ? strong : governing;
  const strength = (f: EvidenceFact) => attributeStrength(naming, fieldStemsOf(f));
  const best = Math.max(...typed.map(strength));
  const inSlot = typed.filter((f) => strength(f) === best);
  const agree = inSlot.find((f) => compare(claim, f.value) === "match");
  if (agree) return { outcome: "match", fact: agree };
  // Another amount the claim's words name as well, left out only for its magnitude (`idle_fee_cents: 300`
  // beside `energy_fee_cents: 744` for "a $30.00 fee"): which field the claim means is not known.
  if (
    claim.type === "quantity" &&
    claim.q.kind === "money" &&
    candidates.some(
      (f) =>
        !typed.includes(f) && f.value.type === "quantity" && f.value.q.kind === "money" && slotAgreement(claim, governing, f).attribute && strength(f) >= best,
    )
  )
    return { outcome: "unsettled", reason: "another field the claim's words name as well holds an amount of another magnitude" };
  // A field that only a measure's unit and dimension words name ("min" and "time" for `Time below 2.0 °C`)
  // while the claim's own words ("intervals") name another of its kind (`Log interval`): no difference is
  // read from the field the vocabulary ranked first.
  if (claim.type === "quantity" && claim.q.kind === "measure") {
    const vocabulary = new Set([...dimensionStems(claim.q.dimension), ...featuresOf(claim.q.unit ?? "").stems]);
    const own = new Set([...governing].filter((g) => !vocabulary.has(g)));
    if (own.size > 0 && !inSlot.some((f) => attributeAgrees(own, f)) && typed.some((f) => attributeAgrees(own, f)))
      return { outcome: "unsettled", reason: "only the unit's words name this field, and the claim's own words name another" };
  }
  // The figure's own noun ("2,800 kcal") names another field (`energy_kcal`), not this one (`servings`): the
  // words around it picked the wrong field, so no difference is read from it.
  if (claim.type === "quantity" && claim.q.kind === "number" && claim.q.unit) {
    const noun = featuresOf(claim.q.unit).stems;
    const names = (f: EvidenceFact) => [...fieldStemsOf(f)].some((x) => noun.has(x) || hasCanon(noun, x));
    const rival = (f: EvidenceFact) => f.value.type === "quantity" && !/(?:ed|ing)$/i.test(claim.q.unit ?? "") && names(f);
    if (!inSlot.some(names) && candidates.some(rival)) return { outcome: "unsettled", reason: "the figure's own noun names another field" };
  }
  // Several elements of an array fill the slot and the caller kept them all: the claim picked none of them
  // (by a name or a date), so which element it means is not known, even when their values agree.
  // Rivals count whatever their magnitude: a bare amount of another order of magnitude (`Amount: 38.2` beside
  // `Amount: 13.75`) is still another element's value of the slot, so neither is the claim's for sure.
  const rivals = candidates.filter((f) => compatible(claim, f.value) && attributeAgrees(governing, f) && strength(f) === best);
  const rows = new Set([...inSlot, ...rivals].map((f) => f.rowId ?? ""));
  // Unless the claim picked each of them itself (by a name or a date in it): then, when they agree, their
  // value is the claim's whichever it means ("the top-up from 17 April" where several lines share that date).
  if (rows.size > 1 && !rows.has("") && !(picks && [...rows].every(picks)))
    return { outcome: "unsettled", reason: `${rows.size} elements of the tool's output fill the slot and the claim names none of them` };
  // Nor may a claim that names no entity of the evidence take one record's value among several records'.
  const entities = new Set(inSlot.map((f) => f.rowId ?? f.chunk.evidenceId));
  if (!entityPicked && entities.size > 1) return { outcome: "unsettled", reason: `${entities.size} records fill the slot and the claim names none of them` };
  const first = inSlot[0]!;
  const oneValue = inSlot.every((f) => sameEvidenceValue(first.value, f.value));
  if (!oneValue) return { outcome: "unsettled", reason: `${inSlot.length} values of the slot differ from each other: which is the claim's is not known` };
  // Only the money vocabulary names the slot: a difference stands only as the record's total (see above); a
  // rate ("€140 a night") or any other amount is no value of whichever money field is left.
  // A date whose own words name no date field ("completed on March 28", against `pay_date` and
  // `processed_at`) differs from none while another date of the entity agrees with it.
  // Nor does a date differ from a field that only the date vocabulary names ("runs until Oct 13" against
  // `createDateTime`): which of the record's dates the claim gives is not known.
  if (claim.type === "date") {
    const own = new Set([...governing].filter((g) => !DATE_WORDS.has(g)));
    if (!attributeAgrees(own, first) && candidates.some((f) => f.value.type === "date" && compare(claim, f.value) === "match"))
      return { outcome: "unsettled", reason: "another date of the entity agrees, and no word of the claim names this one" };
    if (!attributeAgrees(own, first) && candidates.some((f) => f !== first && f.value.type === "date" && !sameEvidenceValue(first.value, f.value)))
      return { outcome: "unsettled", reason: "only the date vocabulary names the field, and the record states other dates" };
    // The claim's words name two date fields that differ ("the billing period runs until ..." names `billed_at`
    // and `billing_period.ends_at`): which one it gives is not known.
    const named = candidates.filter((f) => f.value.type === "date" && attributeStrength(own, fieldStemsOf(f)) > 0);
    if (named.some((f) => !sameEvidenceValue(first.value, f.value))) return { outcome: "unsettled", reason: "the claim's words name date fields that differ" };
  }
  // Only the money vocabulary names the slot, and a word of the claim names another field of the figure's
  // magnitude: which one the amount is, is not known.
  if (
    added &&
    !namedOwn &&
    !byTotal &&
    claim.type === "quantity" &&
    (claimWords === undefined || otherFieldNamed(claim.q, candidates, claimWords, (f) => inSlot.includes(f)))
  )
    return { outcome: "unsettled", reason: "only the money vocabulary names the slot, and the claim's words name another field" };
  // A rate ("€140 a night", "$35/month") differs only from a field that states a rate (`nightly_rate`, `rent`,
  // `price_per_month`) or whose element or record states its period (`billing_period: annual`): a record's
  // total or base price is no value of it.
  if (claim.type === "quantity" && claim.q.kind === "money" && perUnit(governing) && !statesRate(first))
    return { outcome: "unsettled", reason: "the claim states a rate, and the field states none" };
  // Only a difference is a mismatch: a value the figure cannot be compared with ("over 120,000" against
  // 120000) settles nothing.
  if (compare(claim, first.value) !== "mismatch") return { outcome: "unsettled", reason: "the slot's value neither agrees nor differs" };
  // A count differs only from a field it names whole: `penaltyNights` says more than "4 nights" (a penalty),
  // so its 1 is another attribute's value, not the claim's.
  const extra =
    claim.type === "quantity" && claim.q.kind === "number" && claimWords
      ? unnamedFieldWord(first, new Set([...claimWords, ...governing, ...(answerWords ?? []), ...featuresOf(claim.q.unit ?? "").stems]))
      : null;
  if (extra !== null) return { outcome: "unsettled", reason: `the field says more than the claim (${extra})` };
  return byTotal ? { outcome: "mismatch", fact: first, byTotal } : { outcome: "mismatch", fact: first };
}

/** Stems of period words: a rate's period, which names no field of its own. */
const PERIOD_STEMS = new Set(["month", "monthli", "year", "yearli", "annual", "week", "weekli", "day", "daili", "night", "nightli", "hour", "hourli"]);

/** Words that say a field counts (`num_bikes`, `cnt_users`, `party_size`), not what it counts. */
const COUNT_PREFIX = new Set(["num", "nr", "cnt", "qty", "size"]);

/** A word of a structured fact's own field name (its last key segment) that the claim does not write, or null. */
function unnamedFieldWord(fact: EvidenceFact, claimWords: ReadonlySet<string>): string | null {
  if (!fact.structured || (fact.value.type === "quantity" && fact.value.q.count)) return null;
  const last = keySegments(keyPathOf(fact)).pop();
  if (last === undefined) return null;
  // The field's words written as one ("pageviews" for `pageViews`) name it whole.
  const joined = stemOf(tokenize(last).join(""));
  if (claimWords.has(joined)) return null;
  for (const w of featuresOf(last).stems) {
    if (NEUTRAL_FIELD.has(w) || GENERIC_FIELD.has(w) || COUNT_PREFIX.has(w) || /^\d/.test(w) || w.length < 3) continue;
    if (claimWords.has(w) || hasCanon(claimWords as Set<string>, w) || prefixIn(w, claimWords as Set<string>)) continue;
    return w;
  }
  return null;
}

/**
 * Whether the claim's words name a structured fact's own field outright: every word of its last key segment
 * (`employer_taxes` for "employer taxes"), one of them more than a word of how or of money (`total` alone
 * names no field). Never a count of what a tool returned (`alarms: []`): its key names the records, not a slot.
 */
function namesFieldOutright(fact: EvidenceFact, claimWords: ReadonlySet<string>): boolean {
  if (
    !fact.structured ||
    (fact.value.type === "quantity" && (fact.value.q.count || /^[[{]/.test(fact.value.q.text))) ||
    unnamedFieldWord(fact, claimWords) !== null
  )
    return false;
  const last = keySegments(keyPathOf(fact)).pop() ?? "";
  // A unit the key ends in (`gross_weight_kg`) is the value's unit, which the claim writes with its figure.
  const words = [...featuresOf(last).stems].filter(
    (w) => !NEUTRAL_FIELD.has(w) && !GENERIC_FIELD.has(w) && !MONEY_FIELD.has(w) && !/^\d/.test(w) && !unitWord(w),
  );
  return words.length > 0 && words.every((w) => claimWords.has(w) || hasCanon(claimWords as Set<string>, w) || prefixIn(w, claimWords as Set<string>));
}

/** Whether a key word is a unit symbol (`kg`, `ms`, `mb`, `kwh`) or a percent or minor-unit word. */
function unitWord(w: string): boolean {
  return /^(?:pct|percent|cents?|pence)$/.test(w) || (w.length <= 4 && lookupUnit(w) !== undefined);
}

/**
 * Whether a value was put in another field's slot: the claim names the slot's field outright and no word of it
 * names the field that holds the figure's value ("Employer taxes add $1,850.00" against `employer_taxes:
 * 3688.11` and `benefits: 1850.00`). The holder's agreeing value is then no alibi for the figure.
 */
export function swappedInto(slot: EvidenceFact, holder: EvidenceFact, claimWords: ReadonlySet<string>): boolean {
  if (!namesFieldOutright(slot, claimWords)) return false;
  // The words the two fields share ("medicare" of `medicare_tax` and `medicare_wages`) name both alike: only
  // the holder's own words would name it.
  const slotWords = fieldStemsOf(slot);
  const holderOwn = [...fieldStemsOf(holder)].filter((w) => !slotWords.has(w));
  return holderOwn.length > 0 && !holderOwn.some((w) => namesWord(w, claimWords));
}

/** Whether a word of the claim names a field word, as written, by a slot synonym or as a prefix. */
function namesWord(w: string, claimWords: ReadonlySet<string>): boolean {
  return claimWords.has(w) || hasCanon(claimWords as Set<string>, w) || prefixIn(w, claimWords as Set<string>);
}

/** Whether a word of the claim (not of the money vocabulary) names a field of the figure's magnitude other than `own` ones. */
function otherFieldNamed(q: Quantity, candidates: readonly EvidenceFact[], claimWords: ReadonlySet<string>, own: (f: EvidenceFact) => boolean): boolean {
  return candidates.some(
    (f) =>
      !own(f) &&
      f.value.type === "quantity" &&
      sameMagnitude(q.value, f.value.q.value) &&
      [...fieldStemsOf(f)].some((x) => claimWords.has(x) && !MONEY_FIELD.has(x)),
  );
}

/** Words `governingStems` adds to every date's slot (any date field is a date's slot): they name no field of their own. */
const DATE_WORDS = new Set(["date", "time", "day", "at", "on"]);

/** A field that states a record's total: `total`, `price.grandTotal`, `amount_due`, `totalAmount`. */
const TOTAL_KEY =
  /(?:^|[._\-\s[\]"])(?:grand[_-]?)?total(?:[_-]?(?:amount|price|due))?["\]]*$|grandTotal["\]]*$|(?:^|[._])amount[_-]?due["\]]*$|[a-z]Total["\]]*$/i;

function totalField(f: EvidenceFact): boolean {
  const colon = f.quote.text.indexOf(": ");
  const path = f.field ?? (colon > 0 ? f.quote.text.slice(0, colon) : "");
  return path !== "" && TOTAL_KEY.test(path);
}

/** Stems that make an amount a rate (per night, a month, each, per person): no record's total. */
const PER_UNIT = new Set([
  "per",
  "each",
  "night",
  "month",
  "year",
  "week",
  "day",
  "hour",
  "person",
  "head",
  "unit",
  "item",
  "seat",
  "user",
  "ticket",
  "adult",
  "child",
  "passeng",
  "kwh",
  "mile",
  "km",
]);

/** Field stems that say a value is a rate though they name no unit: `rent`, `rate`, `daily_fee`, `annual_fee`. */
const RATE_FIELD = new Set(["rent", "rate", "daili", "annual", "recur", "subscript", "plan"]);

/** Whether a fact's field, or the element or record it sits in, states a rate or a period. */
function statesRate(f: EvidenceFact): boolean {
  if ([...fieldStemsOf(f)].some((x) => PER_UNIT.has(x) || RATE_FIELD.has(x))) return true;
  return /(?:^|\n)[^\n:]*(?:[Pp]eriod|[Ii]nterval|[Ff]requency|[Bb]illing|[Cc]adence|[Rr]ecurr|[_.]per[_.]|[a-z]Per[A-Z])[^\n:]*: /.test(f.row ?? f.chunk.text);
}

/** Words of a minor-unit key that name its unit or kind, not its attribute (`amount_cents`, `fee_pence`). */
const MINOR_UNIT_WORDS = new Set(["cent", "pence", "minor", "amount", "in", "usd", "eur", "gbp"]);

/** Whether a fact is an amount read from a key in minor units whose every attribute word the governing words hold. */
function minorUnitNamed(f: EvidenceFact, governing: Set<string>): boolean {
  if (f.value.type !== "quantity" || f.value.q.kind !== "money" || !/^-?\d+$/.test(f.value.q.text.trim()) || !MINOR_UNIT_KEY.test(keyPathOf(f))) return false;
  const words = [
    ...featuresOf(
      lastSegment(keyPathOf(f))
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .replace(/[_-]+/g, " "),
    ).stems,
  ].filter((w) => !MINOR_UNIT_WORDS.has(w));
  return words.length > 0 && words.every((w) => governing.has(w) || hasCanon(governing, w));
}

/** Whether an amount is a fact's amount with its decimal point moved one to three places (30.00 for 3.00). */
function decimalSlip(value: number, f: EvidenceFact): boolean {
  if (f.value.type !== "quantity" || f.value.q.value === 0 || value === 0) return false;
  const ratio = Math.abs(value / f.value.q.value);
  return [10, 100, 1000, 0.1, 0.01, 0.001].some((k) => Math.abs(ratio - k) < k * 1e-6);
}

function perUnit(governing: Set<string>): boolean {
  for (const g of governing) if (PER_UNIT.has(g)) return true;
  return false;
}

/** Whether two evidence values state the same value. */
export function sameEvidenceValue(a: FactValue, b: FactValue): boolean {
  if (a.type === "quantity" && b.type === "quantity") return a.q.value === b.q.value && a.q.kind === b.q.kind;
  if (a.type === "date" && b.type === "date") return a.d.year === b.d.year && a.d.month === b.d.month && a.d.day === b.d.day && a.d.instant === b.d.instant;
  if (a.type === "version" && b.type === "version") return a.v === b.v;
  if (a.type === "name" && b.type === "name") return a.n.text.toLowerCase() === b.n.text.toLowerCase();
  return false;
}
