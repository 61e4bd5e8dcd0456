/**
 * The scope of one claim's check in tier 0 (see `tier-exact.ts`): what is computed once per claim, the result
 * of checking one of its figures, and the ranking of evidence values by how well their slot and subject match
 * the claim.
 */
import { MONEY_FIELD } from "./money-field.js";
import { nameOccursIn } from "../quantity/names.js";
import type { ClaimFigure } from "./claim-figures.js";
import { compare, compatible, hasCanon } from "./figure-compare.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import { stemOf } from "../text/tokenize.js";
import type { TierContext } from "./tier.js";

/** What checking one of the claim's figures found: its outcome, the evidence value that decided it, and why. */
export interface FigureResult {
  figure: ClaimFigure;
  /** `unsettled`: a difference that no typed slot settles (see `typed-slot.ts`): unsupported, never contradicted. */
  outcome: "match" | "mismatch" | "absent" | "unknown" | "unsettled";
  best?: EvidenceFact;
  score: number;
  note: string;
  /** The agreeing value fills a slot the claim names ("versionCount: 35", "license: MIT"). */
  anchored?: boolean;
  /** A mismatch found without a shared slot word (only the subject is shared): it yields to an absent figure. */
  weak?: boolean;
  /** The figure is right but the claim around it is not (a superlative): no in-place correction of the figure. */
  noFix?: boolean;
  /**
   * The figure is wrong and no in-place edit makes it right (a superlative's figure that is no extreme, a day
   * that names another element than the extreme's): the claim's other corrections are not made either, so no
   * rewrite ships the claim half corrected.
   */
  unfixable?: true;
  /** Matched by a combination of values (a sum, a count of subjects): its quote is one of several, not the claim's statement. */
  derived?: boolean;
}

/** A claim name found in at most this many records is a subject whose records tier 0 reads whole. */
export const SUBJECT_RECORDS = 3;

/** Stems of key words that count or identify (items, retries, ids) and of words that name an amount. */
const COUNT_STEMS = new Set([
  "count",
  "qty",
  "quantiti",
  "item",
  "limit",
  "num",
  "number",
  "id",
  "version",
  "port",
  "retri",
  "attempt",
  "day",
  "hour",
  "minut",
  "second",
  "size",
  "seat",
  "user",
  "unit",
]);

// Key words that name an amount: the money vocabulary of the typed slot, less "rate" (a count per period
// as often as a price: `rate_limit`, `retry_rate`).
const AMOUNT_STEMS = new Set([...MONEY_FIELD].filter((x) => x !== "rate"));

/** A key that counts or identifies and names no amount: its bare numbers are not money. */
function countKey(key: Set<string>): boolean {
  let counts = false;
  for (const k of key) {
    if (AMOUNT_STEMS.has(k)) return false;
    if (COUNT_STEMS.has(k)) counts = true;
  }
  return counts;
}

/**
 * Field stems that number an element (`track_number`, `position`, `rank`): no count of anything. Ids are
 * left to the slot reading: a subject's id line is what tells that its record holds no value of the slot.
 */
const ORDINAL_FIELD = new Set(["number", "num", "no", "index", "posit", "rank", "seq", "sequenc", "ordin"]);

/**
 * One count definition: an array's element count is read only by a figure that counts a noun ("3 leave
 * types", "one payment"), and a figure that counts a noun ("one track") never reads a field that numbers or
 * identifies elements (`track_number: 3`).
 */
function countReadable(claim: FactValue, fact: EvidenceFact): boolean {
  if (claim.type !== "quantity" || fact.value.type !== "quantity" || claim.q.kind !== "number") return true;
  if (fact.value.q.count === true) return claim.q.unit !== null;
  // Identifiers ("AF 3242 departed") are no counts: only a small count of a noun is read this way.
  if (claim.q.unit === null || fact.value.q.kind !== "number" || !fact.structured) return true;
  // Nor a field that holds a measure by its key's unit ("36 bottles" against `bottle_ml: 750`).
  if (UNIT_KEY.test(keyPath(fact))) return false;
  if (claim.q.value > 100) return true;
  return namesCountedPlural(keyPath(fact), claim.q.unit) || !numbersElements(keyPath(fact), fieldStems(fact));
}

/**
 * Whether a field's whole name is the plural noun a claim counts ("41 indexes" against `indexes: 41`, "3
 * positions" against `open_positions: 3`): the field counts those things, even where its word could number
 * an element (`index`, `position`).
 */
function namesCountedPlural(key: string, unit: string): boolean {
  const last = key
    .slice(key.lastIndexOf(".") + 1)
    .replace(/\[\d+\]/g, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "")
    .at(-1);
  const noun = unit.toLowerCase().split(/\s+/).at(-1);
  return last !== undefined && noun !== undefined && /s$/.test(last) && /s$/.test(noun) && stemOf(last) === stemOf(noun);
}

/**
 * Whether a field numbers its element rather than counting something: the ordinal word ends the field's name
 * (`track_number`, `seat_no`, `position`, `Rank`). Where it opens the name (`Number of transactions`,
 * `num_guests`, `numberOfItems`), the words after it name what is counted.
 */
export function numbersElements(key: string, stems: ReadonlySet<string>): boolean {
  if (![...stems].some((k) => ORDINAL_FIELD.has(k))) return false;
  const field = key.slice(key.lastIndexOf(".") + 1).replace(/\[\d+\]/g, "");
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== "");
  const last = words.at(-1);
  return last === undefined || !/s$|^(?:people|children|men|women|staff)$/.test(last) || ORDINAL_WORD.test(last);
}

/** The whole words that number an element, as a field's last word. */
const ORDINAL_WORD = /^(?:numbers|nos|indexes|indices|positions|ranks|seqs)$/;

/** A key that ends in a unit: `bottle_ml`, `weight_kg`, `duration_ms`, `size_bytes`, `price_cents`, `share_pct`. */
const UNIT_KEY =
  /[_-](?:ml|cl|l|oz|mg|g|kg|lb|lbs|ms|s|sec|secs|seconds|min|mins|minutes|h|hr|hrs|hours|km|m|mi|ft|cm|mm|kb|mb|gb|tb|bytes?|pct|percent|cents|pence|kwh|kw|w|mph|kph|c|f)(?:\[\d+\])?$|[a-z](?:Ml|Kg|Ms|Bytes|Pct|Cents|Kwh)$/;

/** A key word that makes its value a rate per period: `hourly_rate`, `nightlyFee`, `monthly_price`. */
const PER_PERIOD_KEY = /(?:hourly|daily|nightly|weekly|monthly|yearly|annual)(?![a-z])/i;

/** The key path a structured value was read under (`plan.hourly_rate`), or "" for prose. */
function keyPath(fact: EvidenceFact): string {
  const colon = fact.quote.text.indexOf(": ");
  return colon > 0 ? fact.quote.text.slice(0, colon) : "";
}

/** An evidence value ranked for a figure (see `rank`). */
export interface Scored {
  fact: EvidenceFact;
  score: number;
  slotHits: number;
  /** Slot words that are also the figure's own neighbours in the claim (see `nearStems`). */
  nearHits: number;
}

/**
 * Ranks compatible evidence values: 2 points per claim word in the value's slot (key path, or nearby
 * words; the claim's count noun such as "lots" counts too), 0.5 per claim word elsewhere in its sentence,
 * and 1 per other claim name found in the value's record (its subject).
 */
export function rank(
  figure: ClaimFigure,
  facts: EvidenceFact[],
  claimStems: Set<string>,
  subjectOf: (f: EvidenceFact) => number,
  fullStems: Set<string> = claimStems,
  near: Set<string> = EMPTY_STEMS,
): Scored[] {
  const unit = figure.value.type === "quantity" && figure.value.q.kind === "number" && figure.value.q.unit ? featuresOf(figure.value.q.unit).stems : null;
  const out: Scored[] = [];
  const money = figure.value.type === "quantity" && figure.value.q.kind === "money";
  const percent = figure.value.type === "quantity" && figure.value.q.kind === "percent";
  for (const fact of facts) {
    if (!compatible(figure.value, fact.value)) continue;
    // An amount is not stated by a bare number under a key that counts ("MAX_ITEMS_PER_ORDER: 25").
    // A key that says "per period" ("hourly_rate", "nightly_fee") names a rate, not a count of hours or nights.
    // A value with decimals counts nothing ("limit_remaining: 3715.7"): it may be an amount.
    if (
      money &&
      fact.value.type === "quantity" &&
      fact.value.q.kind === "number" &&
      Number.isInteger(fact.value.q.value) &&
      countKey(fact.key) &&
      !PER_PERIOD_KEY.test(keyPath(fact))
    )
      continue;
    // Nor is an amount or a percentage stated by a number that counts something ("term: 1 year", "a staff of
    // 11"), or by a bare number in prose, where money and percentages carry their sign ("limited to 80").
    if ((money || percent) && fact.value.type === "quantity" && fact.value.q.kind === "number" && (fact.value.q.unit !== null || !fact.structured)) continue;
    if (!countReadable(figure.value, fact)) continue;
    let slotHits = 0;
    let contextHits = 0;
    let nearHits = 0;
    for (const s of claimStems) {
      if (fact.slot.has(s) || hasCanon(fact.slot, s)) {
        slotHits++;
        if (near.has(s)) nearHits++;
      } else if (fact.context.has(s)) contextHits++;
    }
    if (unit) for (const u of unit) if (fact.slot.has(u)) slotHits++;
    // A key that says more than the claim ("Installed-Size" for "the .deb download size") fits it less well
    // than one that says no more ("Size").
    // Only the field's own name counts: the path above it (`status.containerStatuses[0].`) says where, not what.
    let extra = 0;
    for (const k of fieldStems(fact)) if (!fullStems.has(k) && !hasCanon(fullStems, k)) extra++;
    // A slot word right beside the figure ("gate Z52", "delayed by 58 minutes") names its slot more surely
    // than one elsewhere in the claim ("Flight LH-438 ... gate Z52": "flight" is LH-438's slot).
    const score = 2 * slotHits + nearHits + 0.5 * contextHits + subjectOf(fact) - (slotHits > 0 ? 0.5 * extra : 0);
    out.push({ fact, score, slotHits, nearHits });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** No stems: the slot, context and key of a value built from a field rather than read from a passage. */
export const EMPTY_STEMS: Set<string> = new Set();

/** Stems of a structured value's field name, the last segment of its key path, cached by path. */
const FIELD_STEMS = new Map<string, Set<string>>();

function fieldStems(fact: EvidenceFact): Set<string> {
  if (fact.key.size === 0) return fact.key;
  const path = keyPath(fact);
  // Prose and table rows: the whole key.
  if (path === "" || path.length > 200) return fact.key;
  let stems = FIELD_STEMS.get(path);
  if (!stems) {
    const last =
      path
        .split(/[.[\]"]+/)
        .filter((p) => p !== "" && !/^\d+$/.test(p))
        .pop() ?? path;
    stems = featuresOf(last).stems;
    // A key whose last segment names nothing of the path's stems is read whole.
    if ([...stems].some((x) => !fact.key.has(x))) stems = fact.key;
    if (FIELD_STEMS.size > 4096) FIELD_STEMS.clear();
    FIELD_STEMS.set(path, stems);
  }
  return stems;
}

/** Everything one claim's check needs, computed once per claim. */
export interface ClaimScope {
  text: string;
  /** The claim with every figure blanked out (same length as `text`). */
  masked: string;
  figures: ClaimFigure[];
  facts: EvidenceFact[];
  /** Records of the claim's specific names (each found in at most `SUBJECT_RECORDS` records). */
  subjectRecords: Set<string>;
  /** Whether a value belongs to another numbered item than the one the claim names (see `otherNumbered`). */
  otherItem: (f: EvidenceFact) => boolean;
  /**
   * Whether a record is another named entity's (see `otherSubjects`) or another case of the claim's (see
   * `offQualifier`): its values are not the claim's.
   */
  foreign: (evidenceId: string) => boolean;
  claimStems: Set<string>;
  /** Stems of the whole claim, names included: what a key may name ("dependencies.string-width"). */
  fullStems: Set<string>;
  context: TierContext;
  /**
   * The draft around the claim, where a derived figure's operands are sought (see `derived/sentence.ts`): all
   * of it up to {@link NEAR_DRAFT_CHARS} characters each side of the claim, so each claim's look costs the same
   * however long the draft. It ends where the claim's unit ends (`ExtractedClaim.unit`): a claim is read in
   * light of what the answer said before it, never after, so a streamed answer's sentence gets the verdict
   * the whole answer would give it.
   */
  draft: string;
  /** Draft offset where the claim's unit ends: the draft is read up to here (see {@link draft}). */
  readEnd: number;
  /** Ids of the records where each claim name occurs, and of those that refer by id to its element (see `id-joins.ts`). */
  recordsOf: Map<ClaimFigure, Set<string>>;
  /** Per claim name, the array elements (`rowId`s) of other lists that refer by id to the element it names. */
  joinedRows: Map<ClaimFigure, Set<string>>;
  /** How many distinct subjects (record identities) the ledger holds: "the 3 packages". */
  subjects: number;
}

/** Characters of the draft each side of a claim that {@link ClaimScope.draft} keeps. */
export const NEAR_DRAFT_CHARS = 4_000;

/**
 * Where a claim's reading of the draft stops: the end of its unit (`ExtractedClaim.unit`), else the draft's end.
 */
export function readEndOf(unit: readonly [number, number] | undefined, span: readonly [number, number], draftLength: number): number {
  if (!unit) return draftLength;
  return Math.min(draftLength, Math.max(unit[1], span[1]));
}

/** The draft within {@link NEAR_DRAFT_CHARS} characters of `span` (the whole draft when it is that short). */
export function draftNear(draft: string, span: readonly [number, number]): string {
  if (draft.length <= 2 * NEAR_DRAFT_CHARS + (span[1] - span[0])) return draft;
  return draft.slice(Math.max(0, span[0] - NEAR_DRAFT_CHARS), Math.min(draft.length, span[1] + NEAR_DRAFT_CHARS));
}

/** 1 per claim name (other than `except`) that occurs in the fact's record. */
export function subjectScore(scope: ClaimScope, except: ClaimFigure | null): (f: EvidenceFact) => number {
  return (f) => {
    let n = 0;
    for (const [figure, records] of scope.recordsOf) {
      if (figure === except || !records.has(f.chunk.evidenceId)) continue;
      // Inside an array of entities, the subject must be named in the value's own row.
      if (f.row !== undefined && figure.value.type === "name" && !nameOccursIn(figure.value.n, f.row) && !scope.joinedRows.get(figure)?.has(f.rowId!)) continue;
      n++;
    }
    return n;
  };
}

/** Stems of the words beside a figure (three words each side, within its clause): the figure's own slot words. */
export function nearStems(figure: ClaimFigure, scope: ClaimScope): Set<string> {
  const before =
    scope.masked
      .slice(0, figure.span[0])
      .split(/[,;:()]/)
      .pop() ?? "";
  const after = scope.masked.slice(figure.span[1]).split(/[,;:()]/)[0] ?? "";
  const words = (t: string) => t.trim().split(/\s+/).filter(Boolean);
  return featuresOf(`${words(before).slice(-3).join(" ")} ${words(after).slice(0, 3).join(" ")}`).stems;
}

/** An evidence value the claim states for another of its figures ("Flight LH-438 ... gate Z52"): not this one's. */
export function statedElsewhere(figure: ClaimFigure, fact: EvidenceFact, scope: ClaimScope): boolean {
  if (scope.figures.some((f) => f !== figure && compatible(f.value, fact.value) && compare(f.value, fact.value) === "match")) return true;
  // An ordinal of the claim ("placed 187th out of 3,421") is no figure of its own, but states its number.
  if (fact.value.type !== "quantity" || fact.value.q.kind !== "number") return false;
  return ordinalsOf(scope).has(fact.value.q.value);
}

const ORDINALS = new WeakMap<ClaimScope, Set<number>>();

/** The numbers of the claim's ordinals, memoised per claim. */
function ordinalsOf(scope: ClaimScope): Set<number> {
  let out = ORDINALS.get(scope);
  if (!out) {
    out = new Set();
    if (/\d(?:st|nd|rd|th)\b/.test(scope.text)) for (const m of scope.text.matchAll(ORDINAL)) out.add(Number(m[1]!.replace(/,/g, "")));
    ORDINALS.set(scope, out);
  }
  return out;
}

/** An ordinal written in digits: "187th", "1st", "22nd", "3rd". */
const ORDINAL = /(?<![\d.,])(\d{1,3}(?:,\d{3})*|\d+)(?:st|nd|rd|th)\b/g;
