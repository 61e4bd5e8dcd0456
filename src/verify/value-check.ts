/**
 * Tier 0's check of a figure, date or version (see `tier-exact.ts`): the best-ranked evidence value of its
 * kind decides, unless its typed slot, a derived value or a superlative settles it otherwise.
 */
import { nameOccursIn } from "../quantity/names.js";
import type { DateMention, Quantity } from "../quantity/types.js";
import { matchDate } from "../quantity/date-parse.js";
import { weekdayOf } from "../quantity/weekdays.js";
import type { ClaimFigure } from "./claim-figures.js";
import { otherReading } from "./other-readings.js";
import { pickCorrection, surface } from "./corrections.js";
import { compare, hasCanon } from "./figure-compare.js";
import { derivedMatch } from "./derived-values.js";
import { elementQuantity, namedElementCount, opensName, partitiveAt, partitiveCount } from "./named-count.js";
import { listHead } from "./list-head.js";
import { spanDuration } from "./span-duration.js";
import { eventInterval } from "./event-interval.js";
import { fillLevel } from "./derived/fill-level.js";
import { sentenceOf } from "./derived/sentence.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import { compatibleFacts, qualifiedAgreement, unstatedQualifier } from "./qualified-field.js";
import { extremeOf, fieldName, namesItsRow, superlativeOf } from "./superlative.js";
import { attributeAgrees, kindAgrees, swappedInto } from "./typed-slot.js";
import { scaleSlip, unitSlip } from "./unit-slip.js";
import { type FigureResult, type Scored, rank, type ClaimScope, subjectScore, nearStems, statedElsewhere } from "./claim-scope.js";
import {
  GENERIC_COUNTER,
  nounAfter,
  countedNoun,
  typedSlot,
  typedFirst,
  governingStems,
  versionDate,
  writtenMeasure,
  minorUnitAmount,
  pickedElements,
  recordElementFacts,
} from "./slot-reading.js";

/** Words that restrict a superlative to part of the records, or rank below the first. */
const EXCLUDING =
  /\b(?:outside(?:\s+of)?|other than|excluding|except(?:\s+for)?|apart from|aside from|besides|not counting|leaving out|after|behind|second|third|next|runner-up)\b/i;

/** A figure joined to its unit by a hyphen, as a modifier of the noun after it: "1-minute", "5-kg". */
const COMPOUND_MODIFIER = /\d-\p{L}/u;

/** A superlative word ("cheapest", "largest", "most expensive"). */
const SUPERLATIVE_WORD = /\b(?:most|least)\s+\w+|\b\w+est\b/i;

/** An array element's line that names an entity of its own (`rows[2].package: openssl`). */
const ROW_IDENTITY = /(?:^|\n)[^\n:]*\.(?:name|package|pkg|title|id|sku|merchant|customer|company)(?:\[\d+\])?: /i;

/**
 * A bare whole number in prose right after a capitalised word ("requires React 18", "on Node 20", "Windows
 * 11"): part of a product's name or version, not a count of anything, so it cannot contradict a count.
 */
function nameNumber(f: EvidenceFact): boolean {
  const v = f.value;
  if (v.type !== "quantity" || v.q.kind !== "number" || !Number.isInteger(v.q.value) || (v.q.unit && /^\p{Ll}/u.test(v.q.unit))) return false;
  const before = f.quote.text.slice(0, f.span[0] - f.quote.span[0]);
  return /(?:^|[^.!?]\s)\p{Lu}[\p{L}.]*\s$/u.test(before) && !/^\s*\p{Lu}[\p{L}.]*\s$/u.test(before);
}

/** A version in prose written right after one of the claim's names: that name's version. */
function versionOfName(f: EvidenceFact, scope: ClaimScope): boolean {
  if (f.value.type !== "version") return false;
  const before = f.quote.text.slice(0, f.span[0] - f.quote.span[0]).toLowerCase();
  return scope.figures.some((n) => {
    if (n.value.type !== "name") return false;
    const name = n.value.n.text.toLowerCase();
    return before.endsWith(`${name} `) || before.endsWith(`${name}@`) || before.endsWith(`${name} v`);
  });
}

/** The count noun of an evidence number in prose, read from its sentence. */
function factNoun(f: EvidenceFact): Set<string> | null {
  if (f.structured || f.value.type !== "quantity" || f.value.q.kind !== "number") return null;
  return nounAfter(f.quote.text.slice(f.span[1] - f.quote.span[0]), null);
}

const sharesNoun = (a: Set<string>, b: Set<string>) => [...a].some((s) => b.has(s) || hasCanon(b, s));

/**
 * A prose number that counts something else than the claim's figure, in a sentence that also gives a number
 * for the claim's count noun: in "It has 35 dependencies and 28 published versions", 35 is no value for
 * "35 published versions" (28 is). Without such a rival in the sentence, a different noun is left to the
 * slot ranking (a paraphrase: "35 packages" for "35 dependencies").
 */
function countsOtherInSentence(fact: EvidenceFact, counted: Set<string> | null, facts: EvidenceFact[]): boolean {
  if (!counted) return false;
  const own = factNoun(fact);
  if (!own || own.size === 0 || sharesNoun(counted, own)) return false;
  return facts.some(
    (f) =>
      f !== fact &&
      f.quote.span[0] === fact.quote.span[0] &&
      f.chunk.evidenceId === fact.chunk.evidenceId &&
      (factNoun(f)?.size ?? 0) > 0 &&
      sharesNoun(counted, factNoun(f)!),
  );
}

/**
 * Checks a figure, date or version: the best-ranked evidence value of its kind decides, unless another
 * reading of the figure explains it (see `other-readings.ts`): then it is never contradicted.
 */
export function checkValue(figure: ClaimFigure, scope: ClaimScope): FigureResult {
  const result = readValue(figure, scope);
  if (result.outcome !== "match") {
    const fall = signedFall(figure, scope);
    if (fall) return fall;
  }
  if (result.outcome === "match" && fallWritten(figure, scope) && riseOfAChange(result.best))
    return {
      figure,
      outcome: "mismatch",
      best: result.best,
      score: 3,
      noFix: true,
      unfixable: true,
      note: `a fall, where the tool's change is a rise (${surface(result.best!)})`,
    };
  const read = otherReading(figure, result, scope) ?? result;
  return read.outcome === "mismatch" && !read.noFix && notTheExtreme(figure, read.best, scope)
    ? { ...read, noFix: true, unfixable: true, note: `${read.note}, which is no extreme of its field` }
    : read;
}

/**
 * Whether a superlative claim's figure would be corrected to a value that is not the extreme of its field
 * ("Tonkotsu Ramen is the cheapest dish at $13.50" to the ramen's own $15.25): the corrected claim would still
 * be wrong, and would ship with a citation. The figure is then contradicted without an in-place edit.
 */
function notTheExtreme(figure: ClaimFigure, best: EvidenceFact | undefined, scope: ClaimScope): boolean {
  const which = superlativeOf(scope.text);
  if (!which || !best || best.value.type !== "quantity" || best.key.size === 0) return false;
  if (!superlativeReaches(scope.text, figure.span, scope.figures) || !superlativeNames(scope.text, best)) return false;
  const extreme = extremeOf(fieldName(best), scope.facts, superlativeOf(scope.text, fieldName(best)) ?? which);
  return extreme !== null && (extreme.value as { q: Quantity }).q.value !== best.value.q.value;
}

/** A word of falling right before a figure: "is down 1.8%", "fell about $12", "a drop of 4 points". */
const FALL_BEFORE =
  /\b(?:down|fell|falls?|fallen|dropped|drops?|declined|declines?|decreased|decreases?|slid|slipped|lost|shed|a (?:drop|fall|decline|decrease|loss) of)\s+(?:by\s+)?(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|some\s+|~\s?)?$/i;

/** Whether the claim writes its figure as a fall: a word of falling right before it or a noun of one right after. */
function fallWritten(figure: ClaimFigure, scope: ClaimScope): boolean {
  return FALL_BEFORE.test(scope.text.slice(Math.max(0, figure.span[0] - 40), figure.span[0])) || FALL_AFTER.test(scope.text.slice(figure.span[1]));
}

/** A key of a signed change: `priceChangePercent`, `change_pct`, `delta`, `diff`, `growth`. */
const CHANGE_KEY = /^(?:chang|chg|delta|diff|differ|growth|pctchang|percentchang)/;

/** Whether a value is a positive change under a key of a signed change (a rise, which "down 3.4%" denies). */
function riseOfAChange(best: EvidenceFact | undefined): boolean {
  return best !== undefined && best.value.type === "quantity" && best.value.q.value > 0 && [...best.key].some((k) => CHANGE_KEY.test(k));
}

/** A noun of falling right after a figure: "a 6.5% cut", "a 12-point drop". */
const FALL_AFTER = /^[\s-]*(?:points?\s+|percentage points?\s+|pts?\s+)?(?:cut|drop|decline|decrease|fall|loss|reduction|dip|slump)\b/i;

/**
 * A fall the claim writes as a word and a magnitude ("ETH is down about 1.8%") against a signed change in the
 * evidence (`priceChangePercent: -1.763`): the figure is read as its negative, and only a match counts (a
 * rise word, or a change stored as a magnitude, keeps the figure's first reading).
 */
function signedFall(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  if (figure.value.type !== "quantity" || figure.value.q.value <= 0) return null;
  if (!fallWritten(figure, scope)) return null;
  const q = figure.value.q;
  const negated: ClaimFigure = { ...figure, value: { ...figure.value, q: { ...q, value: -q.value } } };
  const read = readValue(negated, scope);
  if (read.outcome !== "match") return null;
  return { ...read, figure, note: `a fall the claim writes as a magnitude: ${read.note}` };
}

function readValue(figure: ClaimFigure, scope: ClaimScope): FigureResult {
  const subjectOf = subjectScore(scope, null);
  const counted = countedNoun(figure, scope);
  // The elements of the tool's arrays that the claim's names and dates pick: another element's value (another
  // month's, another team's) neither supports nor contradicts it.
  const inPicked = pickedElements(scope, figure, true) ?? (() => true);
  const outsidePicked = outsideDates(figure, scope, inPicked);
  const eligible = rank(figure, scope.facts, scope.claimStems, subjectOf, scope.fullStems, nearStems(figure, scope)).filter(
    (r) =>
      inPicked(r.fact) &&
      !scope.foreign(r.fact.chunk.evidenceId) &&
      !scope.otherItem(r.fact) &&
      !countsOtherInSentence(r.fact, counted, scope.facts) &&
      !otherPeriodKey(r.fact, scope, figure) &&
      !outsidePicked(r.fact),
  );
  // A value the claim states for another of its figures is no reading of this one (but still fills its slot).
  const statedOther = (r: Scored) => compare(figure.value, r.fact.value) !== "match" && statedElsewhere(figure, r.fact, scope);
  const ranked = eligible.filter((r) => !statedOther(r));
  const stated = eligible.filter(statedOther).map((r) => r.fact);
  // An amount in the tool's minor units under the field the claim names agrees before any other reading.
  const minor = minorUnitAmount(figure, scope);
  if (minor) return minor;
  // "The top bid is €60,118.50" against a later bid: the head's value.
  const head = listHead(figure, scope);
  if (head) return head;
  // "three Speckled Sage mugs" against the quantity of the order line that names them.
  const units = elementQuantity(figure, scope);
  if (units) return units;
  const weekday = weekdayMisread(
    figure,
    ranked.map((r) => r.fact),
  );
  if (weekday) return weekday;
  const typed =
    versionDate(figure, scope) ??
    typedFirst(
      figure,
      ranked.map((r) => r.fact),
      scope,
    ) ??
    writtenMeasure(figure, scope) ??
    minorUnitAmount(figure, scope) ??
    namedElementCount(figure, scope) ??
    partitiveCount(figure, scope) ??
    spanDuration(figure, scope) ??
    eventInterval(figure, scope);
  if (typed?.outcome === "match") return superlativeCheck(figure, typed.best!, scope) ?? typed;
  // A percentage of a level over the capacity beside it in the picked record (`level` over `max_capacity`):
  // a ratio the typed slot cannot hold, read before a slot's difference settles anything (it only supports).
  // The quantities of the claim's subject, in the elements its names pick (every recorded value without a named subject).
  const subjectValues = scope.facts.filter((f) => f.value.type === "quantity" && inPicked(f) && (scope.recordsOf.size === 0 || subjectOf(f) > 0));
  const level = fillLevelOf(figure, scope, subjectValues);
  if (level) return level;
  if (typed?.outcome === "mismatch" && !derivedMatch(figure.value, [typed.best!], [], [], scope.subjects, scope.text)) {
    // Nothing in the evidence may agree: a value equal to the figure under a field that the figure's own
    // neighbouring words name as fully as the typed slot's ("28 upper" for `upper_aligners: 28` beside
    // `attachments.upper: 6`) leaves the slot the claim means unknown. A slot the claim names more fully
    // ("2 pending admits": `pending_admits` over `pending_discharges`) decides.
    const typedHits = ranked.find((r) => r.fact === typed.best)?.slotHits ?? 0;
    const named = ranked.find((r) => r.nearHits > 0 && r.slotHits >= typedHits && r.fact !== typed.best && compare(figure.value, r.fact.value) === "match");
    if (named)
      return {
        figure,
        outcome: "unsettled",
        score: 0,
        note: `a field the figure's words name agrees (${surface(named.fact)}); its typed slot states ${surface(typed.best!)}`,
      };
    return extremeOfAnother(figure, typed, scope) ?? typed;
  }
  // A count whose noun a field names ("one stop" for `numberOfStops`) agrees only with the fields that name it:
  // an equal number under another field (`terminal: 1`) is another slot's.
  const nounSlots = counted ? ranked.filter((r) => [...counted].some((n) => r.fact.slot.has(n) || hasCanon(r.fact.slot, n))) : [];
  const agreeing = ranked.filter((r) => compare(figure.value, r.fact.value) === "match" && (nounSlots.length === 0 || nounSlots.includes(r)));
  // An agreeing value under a field the claim does not qualify as its own (`summary.avg` for "PM10 is 268.4")
  // is another attribute's: it agrees only when no plain field does, and then settles nothing.
  let siblings: EvidenceFact[] | undefined;
  const compatibleOnce = () => (siblings ??= compatibleFacts(figure, scope.facts));
  const agree = agreeing.filter((r) => unstatedQualifier(r.fact, scope.text, compatibleOnce) === null);
  if (agree.length === 0 && agreeing.length > 0) {
    const first: FigureResult = {
      figure,
      outcome: "match",
      best: agreeing[0]!.fact,
      score: agreeing[0]!.score,
      note: "agrees with the best-matching evidence value",
    };
    return qualifiedAgreement(first, scope) ?? first;
  }
  const top = ranked[0];
  const bestAgree = agree[0];
  // The sentence that states the best-ranked value also states an agreeing one ("January 4, 1918 – April 3, 2002").
  const sameSentence =
    top &&
    bestAgree &&
    bestAgree.slotHits > 0 &&
    bestAgree.fact.chunk.evidenceId === top.fact.chunk.evidenceId &&
    bestAgree.fact.quote.span[0] === top.fact.quote.span[0];
  if (top && bestAgree && (bestAgree.score >= top.score || sameSentence)) {
    const extreme = superlativeCheck(figure, bestAgree.fact, scope);
    if (extreme) return extreme;
    return {
      figure,
      outcome: "match",
      best: bestAgree.fact,
      score: bestAgree.score,
      note: "agrees with the best-matching evidence value",
      anchored: anchoredValue(figure, bestAgree, subjectOf, scope),
    };
  }
  const near = top ? ranked.filter((r) => r.score >= Math.max(1, top.score - 1)).map((r) => r.fact) : [];
  const dates = scope.facts.filter((f) => f.value.type === "date");
  const subjectDates = dates.filter((f) => subjectOf(f) > 0);
  const readable = () => scope.facts.filter((f) => f.value.type === "quantity" && !scope.foreign(f.chunk.evidenceId) && !scope.otherItem(f));
  const derived = derivedMatch(
    figure.value,
    near,
    subjectDates.length > 0 ? subjectDates : dates,
    subjectValues,
    scope.subjects,
    scope.text,
    figure.span,
    scope.draft,
    readable,
  );
  if (derived)
    return {
      figure,
      outcome: derived.outcome ?? "match",
      best: derived.fact,
      score: derived.outcome === "mismatch" ? 3 : (top?.score ?? 0),
      note: derived.note,
      anchored: derived.fact.key.size > 0,
      derived: true,
    };
  // A small count in words ("two films", "three topics") that no evidence value shares: a summary counting
  // what the evidence lists, which tier 0 cannot settle; the words are left to the next tier.
  // A small count ("Three of the 4 packages") is usually about the answer's own grouping: it needs a strong slot.
  const smallCount =
    figure.value.type === "quantity" && figure.value.q.kind === "number" && Number.isInteger(figure.value.q.value) && Math.abs(figure.value.q.value) <= 12;
  const spelledCount = smallCount && figure.value.type === "quantity" && figure.value.q.word;
  if (spelledCount && (!top || top.score === 0))
    return { figure, outcome: "unknown", score: 0, note: "a count in words that no evidence value states: left to the next tier" };
  // The claim's numeral in another unit of its dimension ("6.4 GB" for the tool's "6.4MB"): a unit misread.
  const slipped = () => unitSlip(figure, readable().filter(inPicked)) ?? scaleSlip(figure, readable().filter(inPicked), scope.claimStems);
  if (!top) return periodKey(figure, scope) ?? slipped() ?? { figure, outcome: "absent", score: 0, note: "no evidence value of this kind" };
  // "4 packages" counts packages: a value whose slot never names packages cannot contradict it.
  // The counted noun: the unit the parser read, or the words right after the figure ("3 open orders").
  const after = /^\s+((?:[A-Za-z-]+\s+){0,2}[A-Za-z-]+)/.exec(scope.text.slice(figure.span[1]))?.[1] ?? "";
  // Generic counters ("24 units", "3 items") name no slot: the slot is elsewhere in the claim ("in stock").
  const noun =
    figure.value.type === "quantity" && figure.value.q.kind === "number" && (figure.value.q.unit || after)
      ? [...featuresOf(`${figure.value.q.unit ?? ""} ${after}`).stems].filter((n) => !GENERIC_COUNTER.has(n))
      : [];
  const countsSomethingElse = noun.length > 0 && !noun.some((n) => top.fact.slot.has(n) || hasCanon(top.fact.slot, n));
  // ...unless its count noun names the slot ("3 open orders" against "orders: []").
  const nounInSlot = noun.length > 0 && !countsSomethingElse;
  // In prose, a shared word elsewhere in the sentence is a weak slot ("a free gift voucher worth 25 EUR"
  // against "orders above 100 EUR ship free"): the value must share a word with the figure's own neighbours.
  // Nor when the claim's subject has records and this passage's record never names it ("ACME gained 3.1%"
  // against a news snippet "the Nasdaq gained 1.2%").
  const subjectKnown = [...scope.recordsOf.values()].some((r) => r.size > 0);
  const proseOnlyLoosely = !top.fact.structured && (top.nearHits === 0 || nameNumber(top.fact) || (subjectKnown && subjectOf(top.fact) === 0));
  // A small count needs two slot words, or its count noun, or its slot's verb right before it ("restarted 3 times").
  const before = featuresOf(/(\S+)\s*$/.exec(scope.masked.slice(0, figure.span[0]))?.[1] ?? "").stems;
  const adjacent = [...before].some((w) => top.fact.slot.has(w));
  if (
    top.slotHits > (smallCount && !nounInSlot && !adjacent ? 1 : 0) &&
    !countsSomethingElse &&
    !proseOnlyLoosely &&
    !figureRow(top.fact) &&
    !conversionFactor(top.fact) &&
    compare(figure.value, top.fact.value) === "mismatch"
  ) {
    // Among equally ranked values, the nearest is the likeliest intended one (a wrong figure is usually a perturbed right one).
    const tied = ranked.filter((r) => r.score === top.score && compare(figure.value, r.fact.value) === "mismatch");
    const nearest =
      pickCorrection(
        figure.value,
        tied.map((r) => r.fact),
      ) ?? top.fact;
    const read = typedSlot(
      { figure, outcome: "mismatch", best: nearest, score: top.score, note: `evidence states ${surface(nearest)} for this slot` },
      ranked.map((r) => r.fact),
      scope,
      stated,
    );
    // The same record also states the figure's value, of its kind ("297 (23.1% of visits)" beside "down 6%
    // from week 40"): nothing may be corrected while the evidence agrees; which value is the claim's is open.
    // Not a count of another noun ("37 dependencies" for "37 published versions"): that value is another slot's.
    const otherNoun =
      bestAgree !== undefined && counted !== null && (factNoun(bestAgree.fact)?.size ?? 0) > 0 && !sharesNoun(counted, factNoun(bestAgree.fact)!);
    // Unless that is another field's value put in this one (see `swappedInto`).
    const swapped =
      read.best !== undefined && bestAgree !== undefined && kindAgrees(figure.value, read.best) && swappedInto(read.best, bestAgree.fact, scope.claimStems);
    const agreeing =
      bestAgree && !otherNoun && !swapped && bestAgree.fact.chunk.evidenceId === read.best?.chunk.evidenceId && kindAgrees(figure.value, bestAgree.fact);
    if (read.outcome === "mismatch" && agreeing)
      return {
        figure,
        outcome: "unknown",
        best: read.best,
        score: read.score,
        note: `the record states ${surface(read.best!)} for the slot, and also the figure's value (${surface(bestAgree!.fact)})`,
      };
    return read;
  }
  // Dates, versions and sizes of the claim's subject: when its record states some and none agrees, the claim
  // contradicts them even without a shared slot word ("landed on Mar 7" against the record's release times).
  const v = figure.value;
  // Not a figure written as a compound modifier ("a 1-minute load average", "a 5-kg bag"): it qualifies the
  // noun after it, and without a slot word the record's other figures are no reading of it.
  const subjectKind = v.type === "date" || v.type === "version" || (v.type === "quantity" && v.q.kind === "measure" && !COMPOUND_MODIFIER.test(v.q.text));
  // Keyed facts only (`time["1.2.8"]: ...`, `Installed-Size: 489`): in prose, one record holds many subjects.
  // Or a version written right after the subject's name ("worker-bundle 8.10.7 is licensed...", "lodash@4.17.21").
  // The subject must be specific (a name in a few records): "ACME" in a hundred repositories' records is none.
  const own = ranked.filter(
    (r) => subjectOf(r.fact) > 0 && scope.subjectRecords.has(r.fact.chunk.evidenceId) && (r.fact.key.size > 0 || versionOfName(r.fact, scope)),
  );
  // An agreeing value that belongs to another subject does not save the claim ("nginx at 2,315 KB" when
  // 2,315 is openssl's row).
  // A value in an element of the subject's own record that names no other entity (a forecast day of the
  // city's weather record) is the subject's too.
  const inOwnRecord = (f: EvidenceFact) =>
    f.row !== undefined && !ROW_IDENTITY.test(f.row) && [...scope.recordsOf.values()].some((records) => records.has(f.chunk.evidenceId));
  const agreeIsOwn = bestAgree !== undefined && (subjectOf(bestAgree.fact) > 0 || inOwnRecord(bestAgree.fact));
  if (subjectKind && !agreeIsOwn && own.length > 0 && own.every((r) => compare(v, r.fact.value) === "mismatch")) {
    const nearest =
      pickCorrection(
        v,
        own.map((r) => r.fact),
      ) ?? own[0]!.fact;
    return typedSlot(
      { figure, outcome: "mismatch", best: nearest, score: 1, note: `the subject's record states ${surface(nearest)}, and nothing that agrees`, weak: true },
      own.map((r) => r.fact),
      scope,
      stated,
    );
  }
  if (bestAgree) return { figure, outcome: "match", best: bestAgree.fact, score: bestAgree.score, note: "agrees with an evidence value of weaker context" };
  if (top.score === 0)
    return slipped() ?? { figure, outcome: "absent", score: 0, note: "no evidence value shares the claim's slot or subject, and none agrees" };
  return (
    scaleSlip(figure, readable().filter(inPicked), scope.claimStems) ?? {
      figure,
      outcome: "unknown",
      best: top.fact,
      score: top.score,
      note: "evidence values of this kind differ but none shares the claim's slot",
    }
  );
}

/** Days around a day within which another date on the claim's weekday makes the weekday no sure error. */
const WEEKDAY_REACH_DAYS = 3;

/**
 * A day written with a weekday that is not its own ("Wednesday 12 November" where the record states
 * 2024-11-12, a Tuesday): whatever field holds the day, the weekday is what is wrong, and only it is corrected.
 * Not when a date of the claim's records within a few days falls on the claim's weekday: then which part of
 * the claim is wrong, the day or the weekday, is open.
 */
function weekdayMisread(figure: ClaimFigure, facts: EvidenceFact[]): FigureResult | null {
  const v = figure.value;
  if (v.type !== "date" || v.d.weekday === undefined || v.d.day === null) return null;
  const plain = { ...v.d, weekday: undefined };
  const dates = facts.filter((f) => f.value.type === "date");
  const same = dates.filter((f) => matchDate(plain, (f.value as { d: DateMention }).d) === "match");
  if (same.length === 0 || same.some((f) => compare(v, f.value) === "match")) return null;
  const dayOf = (d: DateMention) => (d.year !== null && d.month !== null && d.day !== null ? Date.UTC(d.year, d.month - 1, d.day) / 86_400_000 : null);
  const at = dayOf((same[0]!.value as { d: DateMention }).d);
  if (at === null) return null;
  const rival = dates.some((f) => {
    const d = (f.value as { d: DateMention }).d;
    const n = dayOf(d);
    return n !== null && Math.abs(n - at) <= WEEKDAY_REACH_DAYS && weekdayOf(d) === v.d.weekday;
  });
  if (rival) return null;
  return { figure, outcome: "mismatch", best: same[0]!, score: 3, note: `the records state ${surface(same[0]!)}, which falls on another weekday` };
}

/**
 * Whether a prose value is a conversion factor of a definition ("1 CCF = 100 cubic feet = 748 gallons"): it
 * states how units relate, no reading of any slot, so it corrects no figure ("about 12,270 gallons").
 */
function conversionFactor(f: EvidenceFact): boolean {
  if (f.structured || f.value.type !== "quantity") return false;
  const written = f.value.q.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return /\b1\s*\p{L}[\p{L} ]{0,20}=/u.test(f.quote.text) && new RegExp(`[=≈]\\s*${written}`).test(f.quote.text);
}

/** Three numbers apart from each other on one line of text: a row of a table no reader bound to its header. */
const FIGURE_ROW = /(?:^|\s)[-+]?[$€£]?\d[\d,.]*%?(?=\s)(?:.*?\s[-+]?[$€£]?\d[\d,.]*%?(?=\s|$)){2}/;

/**
 * Whether an unstructured fact sits in a row of figures ("ROOF  General  150  37  113  0/0  OPEN"): which
 * column a number fills is unknown without its header, so the words of the row name no number's slot, and the
 * row can support a figure that agrees but contradict none.
 */
function figureRow(f: EvidenceFact): boolean {
  return !f.structured && f.key.size === 0 && !/:\s|\|/.test(f.quote.text) && FIGURE_ROW.test(f.quote.text);
}

/**
 * A year the claim's period names ("In the 2021–22 winter term you took ...") that the tool writes only in a key of
 * its output (`["Winter 2021-2022"].courses[0].credits`): the key names the period its values belong to, so the
 * year is stated there, as a match. Only whole years in a key path of a fact the claim reads.
 */
/**
 * For a date of a claim whose names pick array elements that hold dates ("Chelsea beat West Ham ... on 4
 * Sept" picks its fixture), the dates outside those elements in the same record: a request's echoed
 * parameters (`parameters.to: 2022-09-04`), which say nothing of the picked element's own date.
 */
function outsideDates(figure: ClaimFigure, scope: ClaimScope, inPicked: ReturnType<typeof pickedElements> | (() => boolean)): (f: EvidenceFact) => boolean {
  const picks = (inPicked as { picks?: (rowId: string) => boolean }).picks;
  if (figure.value.type !== "date" || picks === undefined) return () => false;
  const records = new Set<string>();
  for (const f of scope.facts) if (f.value.type === "date" && f.rowId !== undefined && picks(f.rowId)) records.add(f.chunk.evidenceId);
  // Not a record's own field whose line names the claim's subject too ("Trip: Munich & Zurich ... Approved
  // on 2025-02-11" above a Zürich hotel's line): the claim may be about the record, not the element.
  const namesSubject = (f: EvidenceFact) => [...scope.recordsOf.keys()].some((name) => name.value.type === "name" && nameOccursIn(name.value.n, f.quote.text));
  return (f) => f.value.type === "date" && f.rowId === undefined && f.structured && records.has(f.chunk.evidenceId) && !namesSubject(f);
}

const MONTH_KEYS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** A season as a word of a key ("Spring 2018-2019"), and as the claim names it, capitalised ("in Autumn 2018–19"). */
const SEASON = /(?:^|[^\p{L}])(spring|summer|autumn|fall|winter)(?![\p{L}])/gu;
const CLAIM_SEASON = /\b(Spring|Summer|Autumn|Fall|Winter)\b/g;
/** A month the claim names, capitalised ("in February", "Feb"): "may" in lower case is a verb. */
const CLAIM_MONTH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b/g;
/** A month as a whole word of a key ("Feb 2024", "march_total"), never a prefix of another ("market_cap"). */
const MONTH_WORD =
  /(?:^|[^\p{L}])(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?![\p{L}])/gu;

/** The quarters (1..4) and months (1..12) a key names: a table's column "Q2", "Feb 2024", "2024-02". */
function keyPeriods(key: string): { quarters: Set<number>; months: Set<number>; seasons: Set<string>; spans: Set<string> } {
  const quarters = new Set<number>();
  const months = new Set<number>();
  const seasons = new Set<string>();
  for (const m of key.toLowerCase().matchAll(SEASON)) seasons.add(m[1] === "fall" ? "autumn" : m[1]!);
  const spans = yearSpans(key);
  for (const m of key.matchAll(/(?:^|[^\p{L}\p{N}])Q([1-4])(?![\p{L}\p{N}])/gu)) quarters.add(Number(m[1]));
  for (const m of key.toLowerCase().matchAll(MONTH_WORD)) months.add(MONTH_KEYS.indexOf(m[1]!.slice(0, 3)) + 1);
  for (const m of key.matchAll(/(?<!\d)\d{4}-(0[1-9]|1[0-2])(?![\d-])/g)) months.add(Number(m[1]));
  return { quarters, months, seasons, spans };
}

/**
 * Where a figure's own period is written: after it, up to the next figure ("84 in Autumn 2018–19"), and
 * before it when no figure comes first ("In Autumn 2017–18 you took 7 courses"); "from 2.52 in Autumn to
 * 3.43" gives 3.43 no period of its own.
 */
function ownPeriodText(figure: ClaimFigure, scope: ClaimScope): string {
  const others = scope.figures.filter((f) => f !== figure && f.value.type === "quantity").map((f) => f.span);
  const after = Math.min(scope.text.length, ...others.filter(([b]) => b >= figure.span[1]).map(([b]) => b));
  const first = !others.some(([, e]) => e <= figure.span[0]);
  return `${first ? scope.text.slice(0, figure.span[0]) : ""} ${scope.text.slice(figure.span[1], after)}`;
}

/** Year ranges a text names ("2018–19", "2018-2019"), as "2018-2019". */
function yearSpans(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<!\d)((?:19|20)\d{2})\s?[-–/]\s?(\d{2}|(?:19|20)\d{2})(?!\d)/g)) {
    const end = m[2]!.length === 2 ? `${m[1]!.slice(0, 2)}${m[2]}` : m[2]!;
    if (Number(end) === Number(m[1]) + 1) out.add(`${m[1]}-${end}`);
  }
  return out;
}

/**
 * A value under a key that names another period than the claim's ("Q1" for a claim "in Q2", "Jan 2024" for
 * "in February"): another column's value, which neither supports nor contradicts the claim.
 */
function otherPeriodKey(fact: EvidenceFact, scope: ClaimScope, figure: ClaimFigure): boolean {
  if (!fact.structured) return false;
  const quarters = new Set<number>();
  const months = new Set<number>();
  for (const f of scope.figures) {
    if (f.value.type !== "date") continue;
    if (f.value.d.granularity === "quarter" && f.value.d.quarter !== null) quarters.add(f.value.d.quarter);
    else if (f.value.d.granularity === "month" && f.value.d.month !== null) months.add(f.value.d.month);
  }
  // "in February": a month named without a year is no date figure, but it still picks the column.
  for (const m of scope.text.matchAll(CLAIM_MONTH)) months.add(MONTH_KEYS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1);
  // "84 in Autumn 2018–19": a term named by its season and its academic or fiscal year, next to the figure
  // (up to the figures around it), picks the term's key; a key's "Spring" or "2017-2018" is another term.
  const own = ownPeriodText(figure, scope);
  const seasons = new Set([...own.matchAll(CLAIM_SEASON)].map((m) => (m[1]!.toLowerCase() === "fall" ? "autumn" : m[1]!.toLowerCase())));
  const spans = yearSpans(own);
  if (quarters.size === 0 && months.size === 0 && seasons.size === 0 && spans.size === 0) return false;
  const key = /^(.*?): /.exec(fact.quote.text)?.[1];
  if (key === undefined) return false;
  const named = keyPeriods(key);
  return (
    (spans.size > 0 && named.spans.size > 0 && ![...named.spans].some((x) => spans.has(x))) ||
    (seasons.size > 0 && named.seasons.size > 0 && ![...named.seasons].some((x) => seasons.has(x))) ||
    (quarters.size > 0 && named.quarters.size > 0 && ![...named.quarters].some((q) => quarters.has(q))) ||
    (months.size > 0 && named.months.size > 0 && ![...named.months].some((m) => months.has(m)))
  );
}

function periodKey(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "date") return null;
  // "in Q2", "Q2 2024": a quarter that names a column of a table ("rows[0].Q2: 14.0 million EUR").
  if (v.d.granularity === "quarter" && v.d.quarter !== null) {
    const quarter = new RegExp(`(?:^|[^\\p{L}\\p{N}])Q${v.d.quarter}(?![\\p{L}\\p{N}])`, "u");
    const year = v.d.year === null ? null : new RegExp(`(?<!\\d)${v.d.year}(?!\\d)`);
    for (const f of scope.facts) {
      const key = /^(.*?): /.exec(f.quote.text)?.[1];
      if (f.structured && key !== undefined && quarter.test(key) && (year === null || year.test(key)))
        return { figure, outcome: "match", best: f, score: 1, note: "the quarter is in the key of the tool's output that holds the claim's values" };
    }
    return null;
  }
  // "in February 2025": a month of a year that names a column ("Feb 2025").
  if (v.d.granularity === "month" && v.d.month !== null && v.d.year !== null) {
    const year = new RegExp(`(?<!\\d)${v.d.year}(?!\\d)`);
    for (const f of scope.facts) {
      const key = /^(.*?): /.exec(f.quote.text)?.[1];
      if (f.structured && key !== undefined && year.test(key) && keyPeriods(key).months.has(v.d.month))
        return { figure, outcome: "match", best: f, score: 1, note: "the month is in the key of the tool's output that holds the claim's values" };
    }
    return null;
  }
  if (v.d.granularity !== "year" || v.d.year === null) return null;
  const year = new RegExp(`(?<!\\d)${v.d.year}(?!\\d)`);
  for (const f of scope.facts) {
    const key = /^(.*?): /.exec(f.quote.text)?.[1];
    if (f.structured && key !== undefined && year.test(key))
      return { figure, outcome: "match", best: f, score: 1, note: "the year is in the key of the tool's output that holds the claim's values" };
  }
  return null;
}

/** A clause break between a superlative and a figure: a second comma, a semicolon, or a conjunction that opens a clause. */
const CLAUSE_BREAK = /;|,[^,]*,|,\s*(?:and|or)\b|\bor\b|\b(?:though|although|while|whereas|but|because|since|yet|and then)\b/i;

/**
 * Whether the claim's superlative word is in the figure's own clause, with no other figure of the claim
 * between them: "The largest fill was 0.02 BTC at $61,234.50" says the 0.02 BTC is the largest, not the price.
 */
function superlativeReaches(text: string, span: [number, number], figures: readonly ClaimFigure[] = []): boolean {
  for (const m of text.matchAll(new RegExp(SUPERLATIVE_WORD.source, "gi"))) {
    const [from, to] = m.index! < span[0] ? [m.index! + m[0].length, span[0]] : [span[1], m.index!];
    const between = text.slice(from, to);
    // A name or a time of day between them names the element ("The cheapest option is 10:00 for £3.00").
    // A number that opens a name ("1774 Kapow Drive") or the count of a partitive ("the cheapest of the
    // four": the group the superlative ranks) is no figure between them.
    const figureBetween = figures.some(
      (f) => f.value.type !== "name" && f.value.type !== "time" && !opensName(f, figures) && !partitiveAt(text, f) && f.span[0] >= from && f.span[1] <= to,
    );
    if (!CLAUSE_BREAK.test(between) && !figureBetween) return true;
  }
  return false;
}

/**
 * Whether one of the claim's superlatives names a value's field by its own words: the superlative ("cheapest"
 * for `price`), the noun it ranks ("the largest fill" for `fills[2].size`) or the subject it says it of ("Ping
 * was lowest" for `ping_ms`). Not one the key spells (`FastestLap.lap`: the field's name, no ranking).
 */
function superlativeNames(text: string, agreed: EvidenceFact): boolean {
  for (const m of text.matchAll(new RegExp(SUPERLATIVE_WORD.source, "gi"))) {
    const own = featuresOf(m[0]).stems;
    // The superlative adjective itself ("fastest"), not the noun of "most trips".
    const adjective = featuresOf(/^(?:most|least)\s/i.test(m[0]) ? "" : m[0]).stems;
    if ([...adjective].some((w) => agreed.key.has(w))) continue;
    const ranked = /^\s+(?:(?:of\s+)?(?:the|all|these|those)\s+)?([\p{L}-]+)/u.exec(text.slice(m.index! + m[0].length))?.[1] ?? "";
    const subject =
      /([\p{L}-]+)\s+(?:was|is|were|are|had|has|have|got|came)\s+(?:the\s+)?$/iu.exec(text.slice(Math.max(0, m.index! - 40), m.index!))?.[1] ?? "";
    if (attributeAgrees(new Set([...own, ...featuresOf(`${ranked} ${subject}`).stems]), agreed)) return true;
  }
  return false;
}

/**
 * A superlative claim ("The largest is nginx at 2,315 KB") holds only if its value is the extreme of the
 * same field over every record: a value that agrees but is not the largest is a swapped entity.
 */
function superlativeCheck(figure: ClaimFigure, agreed: EvidenceFact, scope: ClaimScope): FigureResult | null {
  const v = agreed.value;
  const which = superlativeOf(scope.text);
  if (v.type !== "quantity" || agreed.key.size === 0 || !which) return null;
  if (namesItsRow(agreed)) return null;
  // The superlative must be the figure's own: "had the most idling, about 2.6 hours, even though it made only
  // 4 trips" says nothing extreme of the 4.
  if (!superlativeReaches(scope.text, figure.span, scope.figures)) return null;
  // "the longest stay outside ICU", "the second largest", "the biggest after Berlin": the extreme over a part
  // of the records, or a rank below the first; which records are left out is not typed here.
  if (EXCLUDING.test(scope.text)) return null;
  const field = fieldName(agreed);
  // The superlative must be about the value's own field ("the cheapest" and `price`, not `address`).
  const governing = governingStems(figure, scope);
  const word = scope.text.match(SUPERLATIVE_WORD);
  for (const s of featuresOf(word?.[0] ?? "").stems) governing.add(s);
  if (!attributeAgrees(governing, agreed)) return null;
  // ...and the superlative's own words name it: the word ("cheapest" for `price`) or the noun it ranks
  // ("the largest fill" for `fills[2].size`). "The 08:52 is the fastest option" ranks no `platform`; a
  // superlative the key spells (`FastestLap.lap`) is the field's name, no ranking.
  if (word && !superlativeNames(scope.text, agreed)) return null;
  // "The cheapest bookable car" when the cheaper row is `available: false`: rows that differ from the claim's
  // row in a flag may be what the claim's words leave out, which tier 0 does not read. The extreme is taken
  // over the rows that share its flags.
  const differs = flagsDifferFrom(agreed.row);
  const extreme = extremeOf(
    field,
    scope.facts.filter((f) => !differs(f.row)),
    which,
  );
  if (!extreme || (extreme.value as { q: Quantity }).q.value === v.q.value) return null;
  return {
    figure,
    outcome: "mismatch",
    best: extreme,
    score: 3,
    note: `not the ${which === "most" ? "largest" : "smallest"} '${field}': ${extreme.quote.text} (${extreme.chunk.source}, ${extreme.chunk.evidenceId}) is`,
    // The figure is its entity's own and no extreme: an edit of the name alone ("the Drip Coffee at $3.25")
    // would ship a wrong figure, so the claim takes no edit at all.
    noFix: true,
    unfixable: true,
  };
}

/**
 * A superlative claim whose figure is the extreme of its field, held by another element than the one the claim
 * names ("Ticket 0052 had the lowest MOG at 0.8%" where ticket 0047's 0.8% is the lowest and 0052's is 2.6%):
 * the figure and the superlative agree with each other, and the element is what the claim got wrong. The claim
 * is contradicted, but its figure is not corrected to the named element's value, which is no extreme.
 */
function extremeOfAnother(figure: ClaimFigure, typed: FigureResult, scope: ClaimScope): FigureResult | null {
  const own = typed.best;
  const which = superlativeOf(scope.text);
  if (!own || own.value.type !== "quantity" || figure.value.type !== "quantity" || !which) return null;
  if (!superlativeReaches(scope.text, figure.span, scope.figures) || EXCLUDING.test(scope.text)) return null;
  const extreme = extremeOf(fieldName(own), recordElementFacts(scope), which);
  if (!extreme || extreme.rowId === own.rowId || compare(figure.value, extreme.value) !== "match") return null;
  return {
    figure,
    outcome: "mismatch",
    best: own,
    score: typed.score,
    note: `the ${which === "most" ? "largest" : "smallest"} '${fieldName(own)}' is another element's (${extreme.quote.text}); the element the claim names states ${surface(own)}`,
    noFix: true,
  };
}

/** A boolean field of an array element's row text: `results[2].available: false`. */
const ROW_FLAG = /(?:^|\n)[^\n:]*?([^.\n\]]+): (true|false)(?=\n|$)/g;

/** Whether another row holds a boolean field of row `a`'s with another value (`a` is read once). */
function flagsDifferFrom(a: string | undefined): (b: string | undefined) => boolean {
  if (a === undefined) return () => false;
  const flags = new Map([...a.matchAll(ROW_FLAG)].map((m) => [m[1]!, m[2]!]));
  if (flags.size === 0) return () => false;
  return (b) => {
    if (b === undefined) return false;
    for (const m of b.matchAll(ROW_FLAG)) {
      const other = flags.get(m[1]!);
      if (other !== undefined && other !== m[2]) return true;
    }
    return false;
  };
}

/** Whether two rows hold a boolean field of the same name with different values. */
export function flagsDiffer(a: string | undefined, b: string | undefined): boolean {
  return flagsDifferFrom(a)(b);
}

/**
 * An agreeing value carries the claim when it fills a slot the claim names, belongs to the record of a
 * subject the claim names, or, in a claim that names no subject, is specific enough to be no coincidence
 * (not a small count and not a bare year).
 */
function anchoredValue(figure: ClaimFigure, agree: Scored, subjectOf: (f: EvidenceFact) => number, scope: ClaimScope): boolean {
  if (agree.slotHits > 0 || (subjectOf(agree.fact) > 0 && agree.fact.key.size > 0)) return true;
  if (scope.recordsOf.size > 0) return false;
  const v = figure.value;
  if (v.type === "quantity") return !(Number.isInteger(v.q.value) && Math.abs(v.q.value) <= 12 && v.q.kind === "number");
  return v.type === "version" || (v.type === "date" && v.d.granularity !== "year");
}

/** The fill-level shape (see `derived/fill-level.ts`) over the quantities of the picked record of the claim's subject. */
function fillLevelOf(figure: ClaimFigure, scope: ClaimScope, values: EvidenceFact[]): FigureResult | null {
  if (figure.value.type !== "quantity" || figure.value.q.kind !== "percent") return null;
  const found = fillLevel.check({
    figure: figure.value.q,
    span: figure.span,
    text: scope.text,
    sentence: sentenceOf(scope.text, figure.span, scope.draft),
    values,
    dates: [],
  });
  return found ? { figure, outcome: "match", best: found.fact, score: 1, note: `fill level: ${found.note}`, anchored: true, derived: true } : null;
}
