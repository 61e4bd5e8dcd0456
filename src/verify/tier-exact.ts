/**
 * Tier 0: exact checks of the figures, dates, versions and names a claim states.
 *
 * For each figure, the evidence values of a compatible kind are ranked by how well their slot (the words
 * of their line or sentence, the key path of a JSON value) and their subject (the names of their record)
 * match the claim. The best-ranked value decides: if it agrees (rounding-aware), the figure is supported;
 * if it states another value for the same slot, the claim is `contradicted` and the correction is that
 * value; if no evidence value shares the claim's slot or subject and none agrees, the figure is
 * `unsupported`. A name that occurs nowhere in the evidence makes the claim `unsupported`. When every
 * figure agrees, tier 0 passes the claim on with what it found, since the words around the figures
 * (a negation, an antonym) still need a check.
 */
import { nameOccursIn } from "../quantity/names.js";
import type { Quantity } from "../quantity/types.js";
import type { Correction, Passage } from "../schema.js";
import { claimFigures, extraNames, KEY_PREFIX, type ClaimFigure } from "./claim-figures.js";
import { correctionOf, pickCorrection, surface, uniqueQuotes } from "./corrections.js";
import { compare, compatible, hasCanon, specific } from "./figure-compare.js";
import { recordIdentity, recordsWithName } from "./record-names.js";
import { derivedMatch } from "./derived-values.js";
import { categoryMismatch, namingRows, offQualifier } from "./category-values.js";
import { factsAt, passageFacts, type EvidenceFact, type FactValue } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import type { Tier, TierContext, TierItem, TierOutcome } from "./tier.js";
import { recordTerms } from "./record-terms.js";
import { valueIndex } from "./value-index.js";
import { versionInterval } from "./intervals.js";
import { checkAggregate, type AggregateCheck } from "./aggregates.js";
import { quotedMismatch } from "./quoted-values.js";
import { extremeOf, fieldName, superlativeEntity, superlativeOf } from "./superlative.js";
import { checkBooleanField, checkStatusField } from "./categorical-fields.js";
import { attributeAgrees, dimensionStems, evidenceReading, fieldStemsOf, readSlot } from "./typed-slot.js";

/** A superlative word ("cheapest", "largest", "most expensive"). */
const SUPERLATIVE_WORD = /\b(?:most|least)\s+\w+|\b\w+est\b/i;

interface FigureResult {
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
  /** Matched by a combination of values (a sum, a count of subjects): its quote is one of several, not the claim's statement. */
  derived?: boolean;
}

/**
 * Passages tier 0 reads per claim: the retrieved ones plus whole small records they come from (their
 * passages that may state the claim's slot, see `mayHoldSlot`).
 */
const WHOLE_RECORD_CHUNKS = 4;

export function createExactTier(): Tier {
  return {
    tier: 0,
    name: "exact",
    run(items: TierItem[], context: TierContext): TierOutcome[] {
      return items.map((item) => checkClaim(item, context));
    },
  };
}

/** A claim name found in at most this many records is a subject whose records tier 0 reads whole. */
const SUBJECT_RECORDS = 3;

/** Most chunks the value index adds to one claim's candidates. */
const NEAR_CHUNKS = 8;

/** Below this many chunks tier 0 reads the whole ledger; above it, retrieved passages plus the value index. */
const SMALL_LEDGER_CHUNKS = 64;

function candidatePassages(item: TierItem, context: TierContext, claimStems: Set<string>): Passage[] {
  if (context.ledger.chunks.length <= SMALL_LEDGER_CHUNKS) return context.ledger.chunks.map((c) => ({ ...c, score: 0 }));
  const seen = new Set<string>();
  const out: Passage[] = [];
  const push = (p: Passage) => {
    if (!seen.has(p.id)) {
      seen.add(p.id);
      out.push(p);
    }
  };
  for (const p of item.passages) {
    push(p);
    const siblings = context.ledger.chunksOf(p.evidenceId);
    if (siblings.length <= WHOLE_RECORD_CHUNKS) for (const c of siblings) if (mayHoldSlot(c.text, claimStems)) push({ ...c, score: 0 });
  }
  return out;
}

/**
 * Whether a passage may state a value for the claim's slot: it holds one of the claim's words (a stem's
 * first letters, case-folded: "dependencyCount" holds "depend"). Reading a passage's facts is the costly
 * part of tier 0, and a subject's record holds many passages about other slots. A claim without slot words
 * reads every passage.
 */
function mayHoldSlot(text: string, claimStems: Set<string>): boolean {
  if (claimStems.size === 0) return true;
  const lower = text.toLowerCase();
  for (const s of claimStems) if (lower.includes(s.length > 4 ? s.slice(0, -1) : s)) return true;
  return false;
}

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
const AMOUNT_STEMS = new Set([
  "price",
  "cost",
  "amount",
  "total",
  "fee",
  "balanc",
  "valu",
  "revenu",
  "spend",
  "salari",
  "budget",
  "charg",
  "paid",
  "refund",
  "eur",
  "usd",
  "gbp",
  "subtot",
  "tax",
  "discount",
  "ship",
]);

/** A key that counts or identifies and names no amount: its bare numbers are not money. */
function countKey(key: Set<string>): boolean {
  let counts = false;
  for (const k of key) {
    if (AMOUNT_STEMS.has(k)) return false;
    if (COUNT_STEMS.has(k)) counts = true;
  }
  return counts;
}

interface Scored {
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
function rank(
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
    if (money && fact.value.type === "quantity" && fact.value.q.kind === "number" && countKey(fact.key)) continue;
    // Nor is an amount or a percentage stated by a number that counts something ("term: 1 year", "a staff of
    // 11"), or by a bare number in prose, where money and percentages carry their sign ("limited to 80").
    if ((money || percent) && fact.value.type === "quantity" && fact.value.q.kind === "number" && (fact.value.q.unit !== null || !fact.structured)) continue;
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

const EMPTY_STEMS: Set<string> = new Set();

/** Stems of a structured value's field name, the last segment of its key path, cached by path. */
const FIELD_STEMS = new Map<string, Set<string>>();
function fieldStems(fact: EvidenceFact): Set<string> {
  if (fact.key.size === 0) return fact.key;
  const colon = fact.quote.text.indexOf(": ");
  const path = colon > 0 ? fact.quote.text.slice(0, colon) : "";
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

/** An array element's line that names an entity of its own (`rows[2].package: openssl`). */
const ROW_IDENTITY = /(?:^|\n)[^\n:]*\.(?:name|package|pkg|title|id|sku|merchant|customer|company)(?:\[\d+\])?: /i;

/** Stems of count nouns that say nothing of what is counted ("24 units in stock", "3 items", "restarted 3 times"). */
const GENERIC_COUNTER = new Set(["unit", "item", "piec", "pc", "pcs", "copi", "instanc", "entri", "time"]);

/** Everything one claim's check needs, computed once per claim. */
interface ClaimScope {
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
  /** Ids of the records where each claim name occurs. */
  recordsOf: Map<ClaimFigure, Set<string>>;
  /** How many distinct subjects (record identities) the ledger holds: "the 3 packages". */
  subjects: number;
}

function checkClaim(item: TierItem, context: TierContext): TierOutcome {
  const text = item.extracted.text;
  const aggregate = checkAggregate(text, context.ledger);
  if (aggregate) return aggregateOutcome(aggregate, item);
  const figures = claimFigures(text, extraNames(item, context));
  const categorical = checkCategorical(text, figures, item, context);
  if (categorical) return categorical;
  if (figures.length === 0) return { pass: true, note: "no figure, date or name to check" };
  // Claim words outside its figures: the slot and subject a figure is about.
  let masked = text;
  for (const f of figures) masked = masked.slice(0, f.span[0]) + " ".repeat(f.span[1] - f.span[0]) + masked.slice(f.span[1]);
  const claimStems = featuresOf(masked).stems;
  const nameRecords = new Map<ClaimFigure, Set<string>>();
  for (const f of figures) if (f.value.type === "name") nameRecords.set(f, ownRecords(f.value.n.text, recordsWithName(f.value.n, context), context));
  // The records of the claim's specific names (each in at most a few records): its subject's.
  const subjectRecords = new Set<string>();
  for (const records of nameRecords.values()) if (records.size <= SUBJECT_RECORDS) for (const id of records) subjectRecords.add(id);
  // Records of other named entities than the claim's subject hold nothing for it (see `otherSubjects`).
  const foreign = otherSubjects(subjectRecords, context);
  // A name found in many records ("MIT", a maintainer of several packages) is checked against every record
  // retrieved: that it fills another entity's slot is evidence too. Other figures never use those records.
  const readForeign = [...nameRecords.values()].some((r) => r.size > SUBJECT_RECORDS);
  const facts: EvidenceFact[] = [];
  for (const p of candidatePassages(item, context, claimStems)) {
    if (!readForeign && foreign(p.evidenceId)) continue;
    const record = context.ledger.get(p.evidenceId);
    facts.push(...passageFacts(context.ledger, p, record?.format === "json").facts);
  }
  const large = context.ledger.chunks.length > SMALL_LEDGER_CHUNKS;
  if (large) {
    // The records of the subjects the claim names are read whole (up to a few): retrieval may rank another
    // package's record above the subject's own.
    const seenChunks = new Set(facts.map((f) => f.chunk.id));
    for (const id of subjectRecords) {
      const json = context.ledger.get(id)?.format === "json";
      const chunks = context.ledger.chunksOf(id);
      for (const chunk of chunks.slice(0, WHOLE_RECORD_CHUNKS * 2)) {
        // A small record is read whole: its fields may name the slot in other words ("gained" for change_pct).
        if (seenChunks.has(chunk.id) || (chunks.length > 2 && !mayHoldSlot(chunk.text, claimStems))) continue;
        seenChunks.add(chunk.id);
        facts.push(...passageFacts(context.ledger, chunk, json).facts);
      }
    }

    // Passages elsewhere in the ledger that state a value that could equal a figure: a figure is only
    // "absent" if none does. Capped per claim so a common value cannot pull in the whole ledger.
    const seen = new Set(facts.map((f) => f.chunk.id));
    const index = valueIndex(context.ledger);
    let budget = NEAR_CHUNKS;
    for (const f of figures) {
      if (f.value.type === "name") continue;
      if (budget <= 0) break;
      const near = index.chunksNear(f.value, budget, (ord) => seen.has(context.ledger.chunks[ord]!.id) || foreign(context.ledger.chunks[ord]!.evidenceId));
      budget -= near.size;
      for (const [ord, offsets] of near) {
        const chunk = context.ledger.chunks[ord]!;
        // Only the values that agree are needed from afar (to show the figure exists); values that differ
        // can only contradict from the passages retrieved for the claim. So only the sentences holding
        // those values are read.
        const json = context.ledger.get(chunk.evidenceId)?.format === "json";
        for (const fact of factsAt(context.ledger, chunk, json, offsets))
          if (compatible(f.value, fact.value) && compare(f.value, fact.value) === "match") facts.push(fact);
      }
    }
  }
  const offCase = offQualifier(text, context.ledger);
  const scope: ClaimScope = {
    text,
    masked,
    figures,
    facts,
    subjectRecords,
    foreign: (id) => foreign(id) || offCase(id),
    otherItem: otherNumbered(text, context),
    claimStems,
    fullStems: featuresOf(text).stems,
    context,
    recordsOf: new Map(),
    subjects: recordTerms(context.ledger).identityCount,
  };
  for (const [f, records] of nameRecords) scope.recordsOf.set(f, records);

  const results = checkInterval(
    swapSuperlative(
      withinRows(
        figures.map((figure) => (figure.value.type === "name" ? checkName(figure, scope) : checkValue(figure, scope))),
        scope,
      ),
      scope,
    ),
    scope,
  );
  if (!results.some((r) => r.outcome === "mismatch")) {
    const category = checkCategory(figures, nameRecords, scope) ?? checkQuoted(scope) ?? statusResult(scope);
    if (category) results.push(category);
  }
  return conclude(results, figures, item, text);
}

/**
 * A status or boolean the claim gives its entity, against the entity's own field (see
 * `categorical-fields.ts`): a value of another class contradicts; the same one supports a claim that states
 * nothing else (no figure or date). `null` when no such field settles it.
 */
function checkCategorical(text: string, figures: ClaimFigure[], item: TierItem, context: TierContext): TierOutcome | null {
  const names = figures.flatMap((f) => (f.value.type === "name" ? [f.value.n.text] : []));
  // A status of an entity the claim names is read after the figures (the tool's own status vocabulary
  // first, see `checkCategory`); a claim with nothing else to check is read here.
  const found = (figures.length === 0 ? checkStatusField(text, names, context.ledger) : null) ?? checkBooleanField(text, names, context.ledger);
  if (!found) return null;
  if (!found.agrees) {
    // A status word is corrected in place with the field's value ("is active" -> "is frozen"), unless the
    // claim negates it or a figure qualifies it.
    const corrections: Correction[] = [];
    const st = found.status;
    if (
      st &&
      !/\b(?:not|never)\b|n['’]t\b/i.test(text) &&
      !/^\s+(?:by|for|since|until|after|at|on|in|of)\s+(?:about\s+|around\s+)?[$€£]?\d/i.test(text.slice(st.span[1]))
    ) {
      const start = item.extracted.map[st.span[0]];
      const last = item.extracted.map[st.span[1] - 1];
      if (start !== undefined && last !== undefined && start >= 0 && last >= 0)
        corrections.push({ span: [start, last + 1], wrong: st.wrong, value: st.value, quote: found.quote });
    }
    return { verdict: "contradicted", confidence: 0.9, quotes: [found.quote], corrections, note: `${found.kind}: ${found.note}` };
  }
  if (figures.every((f) => f.value.type === "name"))
    return { verdict: "supported", confidence: 0.9, quotes: [found.quote], corrections: [], note: `${found.kind}: ${found.note}` };
  item.hints.matchedQuotes = [found.quote];
  return null;
}

/** The verdict on a quantified claim counted over a group of entities (see `checkAggregate`). */
function aggregateOutcome(check: AggregateCheck, item: TierItem): TierOutcome {
  const { quantifier, count, size, agrees, correction, quotes } = check;
  const note = `${count} of the ${size} entities of the tool output satisfy the claim's predicate`;
  if (agrees) return { verdict: "supported", confidence: 0.9, quotes: quotes.slice(0, 3), corrections: [], note };
  const text = item.extracted.text;
  const start = item.extracted.map[quantifier.span[0]];
  const last = item.extracted.map[quantifier.span[1] - 1];
  const corrections: Correction[] =
    correction !== null && start !== undefined && last !== undefined && start >= 0 && last >= 0
      ? [{ span: [start, last + 1], wrong: text.slice(quantifier.span[0], quantifier.span[1]), value: correction, quote: quotes[0]! }]
      : [];
  return { verdict: "contradicted", confidence: 0.9, quotes: quotes.slice(0, 4), corrections, note };
}

/**
 * One array element is one entity (a forecast day, a transaction, a tracking event): when the claim's names
 * (else its dates) match values of some elements ("Shell" = `transactions[1].merchant`, "June 15" =
 * `forecast[0].date`), its other figures are those elements' too. Each other figure is read against those
 * elements: it matches there, or the element's value in its slot (or its only value of that kind) is the
 * correction rather than a value from another element.
 */
function withinRows(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  const rowsOf = (type: "name" | "date"): Set<string> => {
    const rows = new Set<string>();
    for (const r of results) {
      if (r.outcome !== "match" || r.figure.value.type !== type) continue;
      for (const f of scope.facts) {
        if (!compatible(r.figure.value, f.value) || compare(r.figure.value, f.value) !== "match") continue;
        // Also a top-level value ("id: INV-2041" of the invoice itself): the claim is about that record, and
        // elements elsewhere that mention it (a payment of that invoice) are not its entity.
        if (f.rowId === undefined) return new Set();
        rows.add(f.rowId);
      }
    }
    return rows;
  };
  let anchors = rowsOf("name");
  const identity = new Set<string>(["name"]);
  if (anchors.size === 0) {
    anchors = rowsOf("date");
    identity.add("date");
  }
  if (anchors.size === 0) return results;
  // A claim about several elements ("Shell ... and Netflix ...") may only gain matches from them: which
  // element a disagreeing figure belongs to is not known, so nothing is corrected from one.
  const kindOf = (v: FactValue) => (v.type === "quantity" ? `q:${v.q.kind}` : v.type);
  const others = results.filter((r) => !identity.has(r.figure.value.type)).map((r) => kindOf(r.figure.value));
  const single = results.filter((r) => r.figure.value.type === (identity.has("date") ? "date" : "name")).length === 1 && new Set(others).size === others.length;
  return results.map((r) => {
    if (identity.has(r.figure.value.type)) return r;
    // A value that matched outside every array element (a top-level field) stays matched.
    if (r.outcome === "match" && (r.best?.rowId === undefined || anchors.has(r.best.rowId))) return r;
    // A disagreement already read in one of the claim's elements stands.
    if (r.outcome === "mismatch" && !r.weak && r.best?.rowId !== undefined && anchors.has(r.best.rowId)) return r;
    const inRow = scope.facts.filter((f) => f.rowId !== undefined && anchors.has(f.rowId) && compatible(r.figure.value, f.value));
    if (inRow.length === 0) return r;
    const ranked = rank(r.figure, inRow, scope.claimStems, () => 0, scope.fullStems, nearStems(r.figure, scope));
    const agree = ranked.find((x) => compare(r.figure.value, x.fact.value) === "match");
    if (agree)
      return {
        figure: r.figure,
        outcome: "match",
        best: agree.fact,
        score: agree.score,
        note: "agrees with the value in the array element the claim is about",
        anchored: true,
      };
    const top = ranked[0]!;
    // The element's value in the figure's slot, or its only value of this kind.
    const sure = single && (ranked.length === 1 || (top.slotHits > 0 && ranked[1]!.score < top.score));
    if (sure)
      return typedSlot(
        {
          figure: r.figure,
          outcome: "mismatch",
          best: top.fact,
          score: top.score + 3,
          note: `the array element the claim is about states ${surface(top.fact)} for this slot`,
        },
        inRow,
        scope,
      );
    if (r.outcome === "match") return r;
    return {
      ...r,
      outcome: r.outcome === "absent" ? "absent" : "unknown",
      best: undefined,
      note: `${r.note}; the array element the claim is about has no value in this slot`,
    };
  });
}

/** 1 per claim name (other than `except`) that occurs in the fact's record. */
function subjectScore(scope: ClaimScope, except: ClaimFigure | null): (f: EvidenceFact) => number {
  return (f) => {
    let n = 0;
    for (const [figure, records] of scope.recordsOf) {
      if (figure === except || !records.has(f.chunk.evidenceId)) continue;
      // Inside an array of entities, the subject must be named in the value's own row.
      if (f.row !== undefined && figure.value.type === "name" && !nameOccursIn(figure.value.n, f.row)) continue;
      n++;
    }
    return n;
  };
}

/** Stems of the words beside a figure (three words each side, within its clause): the figure's own slot words. */
function nearStems(figure: ClaimFigure, scope: ClaimScope): Set<string> {
  const before =
    scope.masked
      .slice(0, figure.span[0])
      .split(/[,;:()]/)
      .pop() ?? "";
  const after = scope.masked.slice(figure.span[1]).split(/[,;:()]/)[0] ?? "";
  const words = (t: string) => t.trim().split(/\s+/).filter(Boolean);
  return featuresOf(`${words(before).slice(-3).join(" ")} ${words(after).slice(0, 3).join(" ")}`).stems;
}

/**
 * Whether a record is that of another named entity than the claim's subject: the claim names a
 * subject found in a few records, and the value's record is none of them but names its own entity at its top
 * (`name: lodash`, `package: openssl`). Its values neither contradict nor support the claim's figures ("the
 * latest version of left-pad is 1.3.0" is not refuted by another package's `version: 2.0.1` that retrieval
 * ranked high, nor made true by a third package's `version: 1.3.0`); tier 0 reads it only to check a name
 * found in many records (that it fills another entity's slot).
 */
function otherSubjects(subject: Set<string>, context: TierContext): (evidenceId: string) => boolean {
  if (subject.size === 0) return () => false;
  return (id) => !subject.has(id) && recordIdentity(context.ledger, id) !== null;
}

/**
 * A categorical value the claim gives its subject against the subject's record (see `categoryMismatch`):
 * "Tim Koch is a silver tier customer" against `tier: gold`. Only for a subject with records of its own.
 */
function checkCategory(figures: ClaimFigure[], nameRecords: Map<ClaimFigure, Set<string>>, scope: ClaimScope): FigureResult | null {
  // The subject is an identifier the claim names ("Order A-1001"), else its most specific name: the one in
  // the fewest records (not "UPS").
  const ledger = scope.context.ledger;
  const nameOf = (f: ClaimFigure) => (f.value.type === "name" ? f.value.n.text.toLowerCase() : "");
  // A name that is some record's own identity (`name: search-api`, `code: CS101`) is the subject, however
  // many records mention it: its own records and the rows that name it are read.
  // A name in a few records keeps all of them (a shipment that refers to its order holds the order's carrier).
  const own = [...nameRecords]
    .filter(([f, r]) => [...r].some((id) => recordIdentity(ledger, id) === nameOf(f)))
    .map(
      ([f, r]) =>
        [f, r.size <= SUBJECT_RECORDS ? r : new Set([...r].filter((id) => recordIdentity(ledger, id) === nameOf(f) || rowsName(ledger, id, nameOf(f))))] as [
          ClaimFigure,
          Set<string>,
        ],
    )
    .filter(([, r]) => r.size <= SUBJECT_RECORDS * 2);
  const known = own.length > 0 ? own : [...nameRecords].filter(([, r]) => r.size > 0 && r.size <= SUBJECT_RECORDS);
  if (known.length === 0) return null;
  // A name that is a record's own identity (`Package: tmux`) is the subject; a value the claim gives it
  // ("in the `httpd` section", "priority `optional`") may be in fewer records, but is what it says of it.
  const identities = known.filter(
    ([f, r]) => f.value.type === "name" && [...r].some((id) => recordIdentity(ledger, id) === (f.value as { n: { text: string } }).n.text.toLowerCase()),
  );
  const ids = identities.length > 0 ? identities : known.filter(([f]) => isIdentifier(f, nameRecords.keys()));
  const fewest = Math.min(...known.map(([, r]) => r.size));
  const subject = new Set<string>();
  const chosen = ids.length > 0 ? ids : known.filter(([, r]) => r.size === fewest);
  for (const [, records] of chosen) for (const id of records) subject.add(id);
  const subjectNames = chosen.map(([f]) => (f.value as { n: { text: string } }).n.text);
  const found = categoryMismatch(
    scope.text,
    subject,
    ledger,
    scope.claimStems,
    figures.map((f) => f.span),
    subjectNames,
  );
  if (!found) return null;
  const { field } = found;
  const chunk = ledger.chunksOf(field.quote.evidenceId).find((c) => c.span[0] <= field.span[0] && field.span[0] < c.span[1]);
  if (!chunk) return null;
  const name = (text: string, span: [number, number]): FactValue => ({ type: "name", n: { text, span, key: text.toLowerCase(), type: "code" } });
  const keyStems = featuresOf(field.key).stems;
  const best: EvidenceFact = {
    value: name(field.value, field.span),
    slot: keyStems,
    context: keyStems,
    key: keyStems,
    structured: true,
    span: field.span,
    quote: field.quote,
    chunk,
  };
  // "is delayed by 35 minutes" would read "is On time by 35 minutes": a value that a figure qualifies is
  // contradicted without an in-place correction.
  const qualified = /^\s+(?:by|for|since|until|after|at|on|in|of)\s+(?:about\s+|around\s+)?[$€£]?\d/i.test(scope.text.slice(found.span[1]));
  return {
    figure: { value: name(found.wrong, found.span), span: found.span },
    outcome: "mismatch",
    best,
    score: 3,
    note: `the subject's record states ${field.value} for ${field.key}`,
    noFix: qualified,
  };
}

/** A status of the general vocabulary the claim gives its entity, against the entity's status field (see `checkStatusField`). */
function statusResult(scope: ClaimScope): FigureResult | null {
  const names = scope.figures.flatMap((f) => (f.value.type === "name" ? [f.value.n.text] : []));
  const found = checkStatusField(scope.text, names, scope.context.ledger);
  if (!found?.status) return null;
  const ledger = scope.context.ledger;
  const chunk = ledger.chunksOf(found.quote.evidenceId).find((c) => c.span[0] <= found.quote.span[0] && found.quote.span[0] < c.span[1]);
  if (!chunk) return null;
  const { wrong, span, value } = found.status;
  const name = (t: string, sp: [number, number]): FactValue => ({ type: "name", n: { text: t, span: sp, key: t.toLowerCase(), type: "code" } });
  const best: EvidenceFact = {
    value: name(value, found.quote.span),
    slot: EMPTY_STEMS,
    context: EMPTY_STEMS,
    key: EMPTY_STEMS,
    structured: true,
    span: found.quote.span,
    quote: found.quote,
    chunk,
  };
  const figure = { value: name(wrong, span), span };
  if (found.agrees) return { figure, outcome: "match", best, score: 3, note: found.note, anchored: true };
  // A negated claim ("has not been delivered") or a status a figure qualifies ("delayed by 35 minutes") is
  // contradicted without an in-place rewrite of the word.
  const qualified = /^\s+(?:by|for|since|until|after|at|on|in|of)\s+(?:about\s+|around\s+)?[$€£]?\d/i.test(scope.text.slice(span[1]));
  return { figure, outcome: "mismatch", best, score: 3, note: found.note, noFix: qualified || /\b(?:not|never)\b|n['’]t\b/i.test(scope.text) };
}

/** Quoted text the claim attributes to its subject but another entity's field holds (see `quotedMismatch`). */
function checkQuoted(scope: ClaimScope): FigureResult | null {
  const ledger = scope.context.ledger;
  const subjects = scope.figures.filter((f) => f.value.type === "name").map((f) => ({ text: (f.value as { n: { text: string } }).n.text, span: f.span }));
  const found = quotedMismatch(scope.text, subjects, ledger);
  if (!found) return null;
  const chunk = ledger.chunksOf(found.quote.evidenceId).find((c) => c.span[0] <= found.quote.span[0] && found.quote.span[0] < c.span[1]);
  if (!chunk) return null;
  const name = (text: string, span: [number, number]): FactValue => ({ type: "name", n: { text, span, key: text.toLowerCase(), type: "code" } });
  const best: EvidenceFact = {
    value: name(found.value, found.quote.span),
    slot: EMPTY_STEMS,
    context: EMPTY_STEMS,
    key: EMPTY_STEMS,
    structured: true,
    span: found.quote.span,
    quote: found.quote,
    chunk,
  };
  return {
    figure: { value: name(found.wrong, found.span), span: found.span },
    outcome: "mismatch",
    best,
    score: 3,
    note: `the quoted text is another entity's (${found.foreign.text.trim()}); the subject's own is ${found.quote.text.trim()}`,
  };
}

/** Whether a record lists entities one of which is named `name` (`rows[3].name: search-api`). */
function rowsName(ledger: TierContext["ledger"], id: string, name: string): boolean {
  const text = ledger.get(id)?.text ?? "";
  if (name === "" || !text.toLowerCase().includes(name)) return false;
  return namingRows(text, [name]).size > 0;
}

/** An item's number in a claim: "PR #318", "issue #1490", "#42". */
const ITEM_NUMBER = /(?<![\w&])#(\d{1,9})\b/g;
/** The number field of an item (a pull request, an issue, a ticket) in a record or an array element. */
const NUMBER_FIELD = /(?:^|\n)(?:[^\n:]*\.)?(?:number|iid|pr_number|issue_number)(?:\[\d+\])?: (\d+)(?=\n|$)/g;

/**
 * Values of other numbered items than those the claim names ("PR #318 was merged on ..." against a list of
 * pull requests): an array element, or a record at its top level, whose `number` field is another number
 * is another item. Its values neither support nor contradict the claim.
 */
function otherNumbered(text: string, context: TierContext): (f: EvidenceFact) => boolean {
  const named = new Set([...text.matchAll(ITEM_NUMBER)].map((m) => m[1]!));
  if (named.size === 0) return () => false;
  const numbersIn = (t: string) => [...t.matchAll(NUMBER_FIELD)].map((m) => m[1]!);
  return (f) => {
    const own = f.row !== undefined ? numbersIn(f.row) : numbersIn(topLevel(context.ledger, f.chunk.evidenceId));
    return own.length > 0 && !own.some((n) => named.has(n));
  };
}

/** A flattened JSON record's top-level lines (no array element's), memoised. */
function topLevel(ledger: TierContext["ledger"], id: string): string {
  return ledger.memo("top-level-lines", id, () => {
    const record = ledger.get(id);
    if (!record || record.format !== "json") return "";
    return record.text
      .split("\n")
      .filter((line) => !/^[^:]*\[\d+\]/.test(line))
      .join("\n");
  });
}

/** A code-like name with digits ("A-1051", "INV-2026-0331", "S-5042"). */
function codeWithDigits(f: ClaimFigure): boolean {
  return f.value.type === "name" && f.value.n.type === "code" && /\d/.test(f.value.n.text);
}

/**
 * The claim's identifier: its first code-like name with digits ("Order A-1051 shipped with DHL", "Flight
 * LH-4380 leaves from gate A12": A-1051, LH-4380), which names the entity the claim is about. Later ones
 * ("gate A12") are values and may be corrected.
 */
function isIdentifier(f: ClaimFigure, figures: Iterable<ClaimFigure>): boolean {
  if (!codeWithDigits(f)) return false;
  for (const g of figures) if (codeWithDigits(g) && g.span[0] < f.span[0]) return false;
  return true;
}

/**
 * A name's records without the look-alikes: when some record is the name's own (`name: express`,
 * `Package: nginx`), records of entities whose names contain it (`express-session`, `nginx-common`) are
 * dropped; records without an identity (prose) and records of other entities that refer to it stay.
 */
function ownRecords(name: string, records: Set<string>, context: TierContext): Set<string> {
  const key = name.toLowerCase();
  const identities = [...records].map((id) => [id, recordIdentity(context.ledger, id)] as const);
  if (!identities.some(([, identity]) => identity === key)) return records;
  // Records of other entities that merely refer to it (a shipment's `order_id: A-1021`) stay.
  return new Set(identities.filter(([, identity]) => identity === null || identity === key || !identity.includes(key)).map(([id]) => id));
}

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

/** Stems of what a plain number counts: its unit word and the two words after it ("28 published versions"). */
function nounAfter(text: string, unit: string | null): Set<string> {
  const after = /^\s*((?:[A-Za-z-]+\s+){0,2}[A-Za-z-]+)?/.exec(text)?.[1] ?? "";
  const stems = featuresOf(`${unit ?? ""} ${after}`).stems;
  for (const s of stems) if (GENERIC_COUNTER.has(s) || /^\d/.test(s)) stems.delete(s);
  return stems;
}

/** The claim figure's count noun (a plain number's), or null. */
function countedNoun(figure: ClaimFigure, scope: ClaimScope): Set<string> | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number") return null;
  const noun = nounAfter(scope.text.slice(figure.span[1]), null);
  return noun.size > 0 ? noun : null;
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

/** An evidence value the claim states for another of its figures ("Flight LH-438 ... gate Z52"): not this one's. */
function statedElsewhere(figure: ClaimFigure, fact: EvidenceFact, scope: ClaimScope): boolean {
  return scope.figures.some((f) => f !== figure && compatible(f.value, fact.value) && compare(f.value, fact.value) === "match");
}

/**
 * A mismatch stands only on a typed slot (see `readSlot`): among `pool`, the values of the figure's kind
 * whose field a governing word of the figure names must agree on one value, and none with the claim.
 * Otherwise a value of the slot that agrees makes a match, and anything else leaves the figure unsettled.
 */
function typedSlot(r: FigureResult, pool: readonly EvidenceFact[], scope: ClaimScope): FigureResult {
  if (r.outcome !== "mismatch") return r;
  // A figure of another period than the record's own ("down from 171 kWh the month before") has no slot here,
  // and a page of returned rows counts no total the record states (`total: 34` beside 4 `issues`).
  if (otherPeriod(r.figure, scope))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `a figure of another period than the record's (nearest: ${surface(r.best!)})` };
  if (r.best?.value.type === "quantity" && r.best.value.q.count && TOTAL_FIELD.test(scope.context.ledger.get(r.best.chunk.evidenceId)?.text ?? "")) {
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `the tool returned a page of rows beside a total field (nearest: ${surface(r.best)})` };
  }
  const governing = governingStems(r.figure, scope);
  const own = pool.filter((f) => compare(r.figure.value, f.value) === "match" || !statedElsewhere(r.figure, f, scope));
  const candidates = namedRows(own, scope);
  // The claim picks its entity by a name found in the evidence, or by an element its names or dates anchor.
  const picked = scope.subjectRecords.size > 0 || candidates.length < own.length || r.note.startsWith("the array element the claim is about");
  const reading = readSlot(r.figure.value, governing, candidates, picked);
  if (reading.outcome === "match")
    return { figure: r.figure, outcome: "match", best: reading.fact, score: r.score, note: "agrees with the value of its typed slot", anchored: true };
  if (reading.outcome === "unsettled") return { figure: r.figure, outcome: "unsettled", score: 0, note: `${reading.reason} (nearest: ${surface(r.best!)})` };
  return { ...r, best: reading.fact, note: `${r.note.replace(/ for this slot$/, "")} for its typed slot` };
}

/**
 * When the claim's names pick some elements of an array (`rows[1].region: eu-west-1`), the other elements
 * of that array are other entities: their values are no candidates for the claim's slot. A claim that names
 * no element picks them by its dates instead ("in June" picks the row whose `month` is June; a qualifier
 * restricts the period, it is not an asserted value). Both pick when both do.
 */
function namedRows(facts: EvidenceFact[], scope: ClaimScope, self?: ClaimFigure): EvidenceFact[] {
  const names = scope.figures.flatMap((x) => (x.value.type === "name" ? [x.value.n] : []));
  const dates = scope.figures.filter((x) => x !== self && x.value.type === "date");
  const arrayOf = (rowId: string) => rowId.replace(/\[\d+\][^[]*$/, "");
  const byName = new Set<string>();
  if (names.length > 0)
    for (const f of scope.facts) if (f.row !== undefined && f.rowId !== undefined && names.some((n) => nameOccursIn(n, f.row!))) byName.add(f.rowId);
  const byDate = new Set<string>();
  for (const d of dates)
    for (const f of scope.facts) if (f.rowId !== undefined && f.value.type === "date" && compare(d.value, f.value) === "match") byDate.add(f.rowId);
  const both = new Set([...byName].filter((id) => byDate.has(id)));
  const named = both.size > 0 ? both : byName.size > 0 ? byName : byDate;
  if (named.size === 0) return facts;
  const arrays = new Set([...named].map(arrayOf));
  return facts.filter((f) => f.rowId === undefined || named.has(f.rowId) || !arrays.has(arrayOf(f.rowId)));
}

/**
 * The figure's typed slot read first, among the values of the claim's entity and period (see `readSlot`):
 * a value of that slot decides, whatever another record's value of the same number says. `null` when the
 * slot is not settled.
 */
function typedFirst(figure: ClaimFigure, pool: readonly EvidenceFact[], scope: ClaimScope): FigureResult | null {
  const own = pool.filter((f) => compare(figure.value, f.value) === "match" || !statedElsewhere(figure, f, scope));
  const candidates = namedRows(own, scope, figure);
  const picked = scope.subjectRecords.size > 0 || candidates.length < own.length;
  if (!picked) return null;
  const governing = governingStems(figure, scope);
  const reading = readSlot(figure.value, governing, candidates, picked);
  if (reading.outcome === "match")
    return { figure, outcome: "match", best: reading.fact, score: 3, note: "agrees with the value of its typed slot", anchored: true };
  // A difference read first must be sure of its slot: a figure (not a date or version, whose slots a word
  // rarely names) whose own word names the field outright (`review_count` for "2,990 reviews"), of the same
  // written kind.
  if (reading.outcome === "mismatch" && figure.value.type === "quantity" && reading.fact.value.type === "quantity") {
    // The claim's own words, not the unit's dimension ("MB" names no field), must name the field.
    const own = featuresOf(governingText(figure, scope)).stems;
    const direct = [...fieldStemsOf(reading.fact)].some((w) => own.has(w));
    const sameKind = evidenceReading(reading.fact.value.q, fieldStemsOf(reading.fact)).kind === figure.value.q.kind;
    // Not a figure in words ("about a third"), which states no precision; not a count of the rows a tool
    // returned (a page of 4 issues is no total of 34); not a figure of another period ("the month before").
    const loose = figure.value.q.word || reading.fact.value.q.count === true || otherPeriod(figure, scope);
    // And a structured value: in prose, the words near a number are a weak sign of its slot.
    if (direct && sameKind && !loose && reading.fact.structured)
      return { figure, outcome: "mismatch", best: reading.fact, score: 3, note: `the claim's entity states ${surface(reading.fact)} for its typed slot` };
  }
  return null;
}

/**
 * Words that govern a figure in the claim: its neighbours in its clause (else the five words before it,
 * across an appositive's commas), what it counts, its unit, and for a version the word "version" itself.
 */
function governingStems(figure: ClaimFigure, scope: ClaimScope): Set<string> {
  const out = featuresOf(governingText(figure, scope)).stems;
  if (out.size === 0) {
    const before = scope.masked.slice(0, figure.span[0]).trim().split(/\s+/).slice(-5).join(" ");
    for (const s of featuresOf(before).stems) out.add(s);
  }
  if (figure.value.type === "version") out.add("version");
  // A date fills a date field whatever the words around it (`date`, `posted_at`, `departure.scheduledTime`).
  if (figure.value.type === "date") for (const w of ["date", "time", "day", "at", "on"]) out.add(w);
  const v = figure.value;
  if (v.type === "quantity" && v.q.unit) for (const s of featuresOf(v.q.unit).stems) out.add(s);
  if (v.type === "quantity" && v.q.kind === "measure") for (const s of dimensionStems(v.q.dimension)) out.add(s);
  for (const s of countedNoun(figure, scope) ?? []) out.add(s);
  return out;
}

/** A field that states a total beside a page of rows (`total: 34`, `totalCount`, `total_results`). */
const TOTAL_FIELD = /(?:^|\n)(?:[^\n:]*\.)?(?:total|count|totalCount|total_count|totalResults|total_results|totalItems|total_items|maxResults)(?:\[\d+\])?: \d/;

/** Words that put a figure in another period than the record's own ("the month before", "last year"). */
const RELATIVE_PERIOD = /\b(?:before|previous|prior|earlier|ago|last\s+(?:week|month|year|quarter|time)|a\s+year\s+earlier)\b/i;

/** Whether the figure's clause puts it in another period ("171 kWh the month before"), across other figures. */
function otherPeriod(figure: ClaimFigure, scope: ClaimScope): boolean {
  const after = scope.text.slice(figure.span[1]);
  const stop = PHRASE_END.exec(after);
  return RELATIVE_PERIOD.test(`${governingText(figure, scope)} ${stop ? after.slice(0, stop.index) : after}`);
}

/** What ends a figure's phrase: clause punctuation, a dash, or a conjunction. */
const PHRASE_END = /[,;:()\u2013\u2014]|\s-\s|\b(?:and|but|or|while|whereas|so|with)\b/i;

/**
 * The words of a figure's own phrase: up to six words before it and after it, stopping at another figure,
 * clause punctuation or a conjunction ("costs 129.99 USD and 24 units are in stock": "units are in stock"
 * governs 24, "costs" governs 129.99).
 */
function governingText(figure: ClaimFigure, scope: ClaimScope): string {
  const prevEnd = Math.max(0, ...scope.figures.filter((f) => f.span[1] <= figure.span[0]).map((f) => f.span[1]));
  const nextStart = Math.min(scope.text.length, ...scope.figures.filter((f) => f.span[0] >= figure.span[1]).map((f) => f.span[0]));
  // A key right before its value ("total: 4312.5") names the figure: its colon ends nothing.
  const beforeAll = scope.text.slice(prevEnd, figure.span[0]).replace(/:\s*$/, " ");
  const cut = [...beforeAll.matchAll(new RegExp(PHRASE_END.source, "gi"))].pop();
  const before = cut ? beforeAll.slice(cut.index! + cut[0].length) : beforeAll;
  const afterAll = scope.text.slice(figure.span[1], nextStart);
  const stop = PHRASE_END.exec(afterAll);
  const after = stop ? afterAll.slice(0, stop.index) : afterAll;
  const words = (t: string) => t.trim().split(/\s+/).filter(Boolean);
  return `${words(before).slice(-6).join(" ")} ${words(after).slice(0, 6).join(" ")}`;
}

/**
 * A measure against a bare structured number whose field the figure's own words name and whose value is the
 * figure as written ("about 6.7 mm of rain" for `rain.1h: 6.7`, "280 m away" for `distance: 280.4`): the
 * tool states the number in the claim's unit. Only a match: a bare number's unit is unknown, so a
 * difference settles nothing.
 */
function writtenMeasure(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "measure") return null;
  const written = Number(/[-+]?\d[\d,]*(?:\.\d+)?/.exec(v.q.text)?.[0]?.replace(/,/g, "") ?? NaN);
  if (!Number.isFinite(written) || written === 0) return null;
  const factor = v.q.value / written;
  const own = featuresOf(governingText(figure, scope)).stems;
  for (const f of namedRows(
    scope.facts.filter((x) => !scope.foreign(x.chunk.evidenceId)),
    scope,
    figure,
  )) {
    if (!f.structured || f.value.type !== "quantity" || f.value.q.kind !== "number" || f.value.q.unit !== null || f.value.q.count) continue;
    if (!attributeAgrees(own, f)) continue;
    const asClaimUnit = { ...f.value.q, kind: "measure" as const, dimension: v.q.dimension, unit: v.q.unit, value: f.value.q.value * factor, alternatives: [] };
    if (compare(v, { type: "quantity", q: asClaimUnit }) === "match")
      return { figure, outcome: "match", best: f, score: 3, note: "the tool's number in the claim's unit, under the field the claim names", anchored: true };
  }
  return null;
}

/** Checks a figure, date or version: the best-ranked evidence value of its kind decides. */
function checkValue(figure: ClaimFigure, scope: ClaimScope): FigureResult {
  const subjectOf = subjectScore(scope, null);
  const counted = countedNoun(figure, scope);
  const ranked = rank(figure, scope.facts, scope.claimStems, subjectOf, scope.fullStems, nearStems(figure, scope)).filter(
    (r) =>
      !scope.foreign(r.fact.chunk.evidenceId) &&
      !scope.otherItem(r.fact) &&
      (compare(figure.value, r.fact.value) === "match" || !statedElsewhere(figure, r.fact, scope)) &&
      !countsOtherInSentence(r.fact, counted, scope.facts),
  );
  const typed =
    typedFirst(
      figure,
      ranked.map((r) => r.fact),
      scope,
    ) ?? writtenMeasure(figure, scope);
  if (typed?.outcome === "match") return superlativeCheck(figure, typed.best!, scope) ?? typed;
  if (typed?.outcome === "mismatch" && !derivedMatch(figure.value, [typed.best!], [], [], scope.subjects, scope.text)) return typed;
  const agree = ranked.filter((r) => compare(figure.value, r.fact.value) === "match");
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
  // Without a named subject ("together the 3 packages"), every recorded value is the claim's.
  const named = scope.recordsOf.size > 0;
  const subjectValues = scope.facts.filter((f) => f.value.type === "quantity" && (!named || subjectOf(f) > 0));
  const derived = derivedMatch(
    figure.value,
    near,
    subjectDates.length > 0 ? subjectDates : dates,
    subjectValues,
    scope.subjects,
    scope.text,
    figure.span,
    scope.context.draft,
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
  if (!top) return { figure, outcome: "absent", score: 0, note: "no evidence value of this kind" };
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
    compare(figure.value, top.fact.value) === "mismatch"
  ) {
    // Among equally ranked values, the nearest is the likeliest intended one (a wrong figure is usually a perturbed right one).
    const tied = ranked.filter((r) => r.score === top.score && compare(figure.value, r.fact.value) === "mismatch");
    const nearest =
      pickCorrection(
        figure.value,
        tied.map((r) => r.fact),
      ) ?? top.fact;
    return typedSlot(
      { figure, outcome: "mismatch", best: nearest, score: top.score, note: `evidence states ${surface(nearest)} for this slot` },
      ranked.map((r) => r.fact),
      scope,
    );
  }
  // Dates, versions and sizes of the claim's subject: when its record states some and none agrees, the claim
  // contradicts them even without a shared slot word ("landed on Mar 7" against the record's release times).
  const v = figure.value;
  const subjectKind = v.type === "date" || v.type === "version" || (v.type === "quantity" && v.q.kind === "measure");
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
    );
  }
  if (bestAgree) return { figure, outcome: "match", best: bestAgree.fact, score: bestAgree.score, note: "agrees with an evidence value of weaker context" };
  if (top.score === 0) return { figure, outcome: "absent", score: 0, note: "no evidence value shares the claim's slot or subject, and none agrees" };
  return { figure, outcome: "unknown", best: top.fact, score: top.score, note: "evidence values of this kind differ but none shares the claim's slot" };
}

/**
 * A superlative claim ("The largest is nginx at 2,315 KB") holds only if its value is the extreme of the
 * same field over every record: a value that agrees but is not the largest is a swapped entity.
 */
function superlativeCheck(figure: ClaimFigure, agreed: EvidenceFact, scope: ClaimScope): FigureResult | null {
  const v = agreed.value;
  const which = superlativeOf(scope.text);
  if (v.type !== "quantity" || agreed.key.size === 0 || !which) return null;
  const field = fieldName(agreed);
  // The superlative must be about the value's own field ("the cheapest" and `price`, not `address`).
  const governing = governingStems(figure, scope);
  for (const s of featuresOf(scope.text.match(SUPERLATIVE_WORD)?.[0] ?? "").stems) governing.add(s);
  if (!attributeAgrees(governing, agreed)) return null;
  const extreme = extremeOf(field, scope.facts, which);
  if (!extreme || (extreme.value as { q: Quantity }).q.value === v.q.value) return null;
  return {
    figure,
    outcome: "mismatch",
    best: extreme,
    score: 3,
    note: `not the ${which === "most" ? "largest" : "smallest"} '${field}': ${extreme.quote.text} (${extreme.chunk.source}, ${extreme.chunk.evidenceId}) is`,
    noFix: true,
  };
}

/**
 * The time between two releases the claim names, when the evidence dates both (see `versionInterval`): it
 * replaces whatever the duration's own check found ("29 days" is absent from the evidence, but 17 days is
 * what the two dates say).
 */
function checkInterval(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  const interval = versionInterval(scope.figures, scope.facts);
  if (!interval) return results;
  const { figure, days, earlier, later, agrees } = interval;
  const between = `${earlier.quote.text} and ${later.quote.text}`;
  const q = (figure.value as { q: Quantity }).q;
  const value: FactValue = {
    type: "quantity",
    q: { ...q, text: `${days} days`, value: days * 86_400_000, alternatives: [], precision: 0, approx: false, bound: "eq", word: false, unit: "ms" },
  };
  const best: EvidenceFact = { ...later, value };
  const result: FigureResult = agrees
    ? { figure, outcome: "match", best: later, score: 3, note: `equals the time between ${between}`, anchored: true }
    : { figure, outcome: "mismatch", best, score: 3, note: `${days} days passed between ${between}` };
  return results.map((r) => (r.figure === figure ? result : r));
}

/**
 * Whose extreme a superlative claim names (see `superlativeEntity`). When the claim names another entity of
 * the field than the extreme's owner ("The largest is nginx at 2,315 KB" when 2,315 KB is openssl's, the
 * largest; "The region with the highest error rate is ap-southeast-2"), the name is wrong, not the figure:
 * the correction is the owner's name. When it names the owner, the claim's figure and names are its
 * record's, checked across every record.
 */
function swapSuperlative(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  if (!superlativeOf(scope.text)) return results;
  const ledger = scope.context.ledger;
  const names = scope.figures.filter((f) => f.value.type === "name").map((f) => (f.value as { n: { text: string } }).n.text.toLowerCase());
  const q = results.find((r) => r.figure.value.type === "quantity" && !r.noFix);
  const hint = q?.best !== undefined && q.best.key.size > 0 && (q.outcome === "match" || q.outcome === "mismatch") ? q.best : null;
  const found = superlativeEntity(scope.text, names, scope.fullStems, q?.figure.value ?? null, hint, ledger);
  if (!found) return results;
  const { extreme, owner, named, agrees, own } = found;
  const figure = scope.figures.find((f) => f.value.type === "name" && f.value.n.text.toLowerCase() === named)!;
  const which = superlativeOf(scope.text, fieldName(extreme)) === "most" ? "largest" : "smallest";
  if (agrees) {
    // Checked over every record: the named entity holds the extreme (and the figure is it).
    const note = `${surface(extreme)} is the ${which} value of its field, and it is ${owner.name}'s`;
    return results.map((r) =>
      r.figure === figure || r === q
        ? { ...r, outcome: "match", best: r === q ? extreme : own, anchored: true, note }
        : r.outcome === "unknown" && r.figure.value.type === "name"
          ? { ...r, outcome: "match", note: "a word of the superlative's field" }
          : r,
    );
  }
  const chunk = ledger.chunksOf(owner.evidenceId).find((c) => c.span[0] <= owner.span[0] && owner.span[0] < c.span[1]);
  if (!chunk) return results;
  const value: FactValue = { type: "name", n: { text: owner.name, span: owner.span, key: owner.name.toLowerCase(), type: "code" } };
  const quote = { evidenceId: owner.evidenceId, source: chunk.source, text: owner.line, span: owner.lineSpan };
  const best: EvidenceFact = { value, slot: EMPTY_STEMS, context: EMPTY_STEMS, key: EMPTY_STEMS, structured: true, span: owner.span, quote, chunk };
  const swapped: FigureResult = {
    figure,
    outcome: "mismatch",
    best,
    score: 3,
    note: `${surface(extreme)} is the ${which} value of its field, and it is ${owner.name}'s (${extreme.quote.text})`,
  };
  return [
    ...results.filter((x) => x !== q && x.figure !== figure),
    swapped,
    ...(q ? [{ ...q, outcome: "match" as const, best: extreme, note: "the value is right; its entity is not" }] : []),
  ];
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

/**
 * Checks a name or identifier. A name is fine where it occurs together with the claim's other names (or
 * anywhere, when it is the claim's only name). A name that occurs only away from them, in a slot the claim
 * talks about ("author: TJ Holowaychuk" in another package's record), is a swapped entity: the value in the
 * same slot of the subject's record is the correction. A name found nowhere is contradicted by a name in the
 * same slot when there is one ("namespace: payments-staging"), else unsupported.
 */
function checkName(figure: ClaimFigure, scope: ClaimScope): FigureResult {
  const records = scope.recordsOf.get(figure)!;
  const others = [...scope.recordsOf].filter(([f]) => f !== figure);
  const subjectRecords = new Set(others.flatMap(([, r]) => [...r]));
  const ranked = rank(figure, scope.facts, scope.claimStems, subjectScore(scope, figure), scope.fullStems, nearStems(figure, scope));
  const agree = ranked.filter((r) => compare(figure.value, r.fact.value) === "match");
  const inSubject = (r: Scored) => subjectRecords.size === 0 || subjectRecords.has(r.fact.chunk.evidenceId);
  // A replacement name must sit under a key the claim names ("Namespace: payments-staging"): in prose a
  // nearby different name is no evidence of a swap.
  const keyed = (r: Scored) => [...r.fact.key].some((k) => scope.claimStems.has(k) || hasCanon(scope.claimStems, k));
  const replacement = () =>
    ranked.find(
      (r) => r.slotHits > 0 && keyed(r) && inSubject(r) && compare(figure.value, r.fact.value) === "mismatch" && !statedElsewhere(figure, r.fact, scope),
    );
  if (records.size > 0) {
    const together = others.length === 0 || others.every(([, r]) => r.size === 0) || [...records].some((id) => subjectRecords.has(id));
    const quote = agree[0]?.fact;
    if (together) {
      // Anchored when it fills a slot the claim names ("license: MIT" for "published under the MIT license").
      const slotted = agree.find((r) => r.slotHits > 0 && inSubject(r));
      // Or when it is a field value of a structured record that also holds another claim name: in a tool's
      // JSON or key: value output, one record is one entity ("author: James Halliday" in minimist's record).
      const keyedTogether = others.some(([, r]) => r.size > 0) && agree.some((r) => r.fact.key.size > 0 && subjectRecords.has(r.fact.chunk.evidenceId));
      return {
        figure,
        outcome: "match",
        best: slotted?.fact ?? quote,
        score: agree[0]?.score ?? 0,
        note: "occurs in the evidence",
        anchored: slotted !== undefined || keyedTogether,
      };
    }
    // It occurs, but not with the claim's other names: as the value of a slot the claim talks about? Not when
    // it is the claim's subject, the most specific of its names ("Order A-1021 shipped with DHL": A-1021 is
    // in 3 records, DHL in many): the other name is the one to check against the subject's records.
    // An identifier ("A-1051", "INV-31") names the claim's entity, whatever the counts say.
    const subject = records.size <= SUBJECT_RECORDS && (isIdentifier(figure, scope.recordsOf.keys()) || others.some(([, r]) => r.size > records.size));
    if (subject) return { figure, outcome: "unknown", best: quote, score: 0, note: "the claim's subject; its other names do not occur in its records" };
    if (agree.some((r) => r.slotHits > 0)) {
      const other = replacement();
      if (other)
        return {
          figure,
          outcome: "mismatch",
          best: other.fact,
          score: other.score,
          note: `occurs only in another record; the subject's record states ${surface(other.fact)} for this slot`,
        };
      return { figure, outcome: "unknown", best: quote, score: 0, note: "occurs only in records without the claim's other names" };
    }
    return { figure, outcome: "match", best: quote, score: 0, note: "occurs in the evidence (as a subject)" };
  }
  if (reportingSource(figure, scope.text) && others.some(([, r]) => r.size > 0)) {
    // "`apt-cache show` reports vim at ...", "According to Stripe, ...": the tool or source that said it,
    // not a fact about the subject.
    return { figure, outcome: "match", score: 0, note: "names the tool or source that reported the claim" };
  }
  if (figure.span[0] === 0 && figure.value.type === "name" && ordinaryOpener(figure.value.n.text, scope) && others.some(([, r]) => r.size > 0)) {
    // A capitalised word opening the claim ("Upstream's", "License-wise") beside names that are found is an
    // ordinary word, not an invented entity, when it is a possessive or the evidence uses it in lower case.
    return { figure, outcome: "match", score: 0, note: "sentence-initial word not in the evidence; the claim's other names are" };
  }
  // A name found nowhere is a swapped value only where the claim's subject is known: a "key: value" claim
  // ("namespace: payments-prod"), or a claim whose other names are found. An unknown subject ("Order A-1002
  // was delivered") is unsupported: correcting it to another order's id would pin the claim on that order.
  const subjectKnown = KEY_PREFIX.test(scope.text) || others.some(([, r]) => r.size > 0);
  const other = subjectKnown ? replacement() : undefined;
  if (other && other.slotHits > 0)
    return {
      figure,
      outcome: "mismatch",
      best: other.fact,
      score: other.score,
      note: `not in the evidence, which states ${surface(other.fact)} for this slot`,
    };
  // The tool call that was made names what it was about (`flights.search(from="Lisbon", to="Reykjavík")`,
  // `runs(branch="release/2.4")`): its arguments are evidence of the entity, not of any value of it.
  if (figure.value.type === "name" && namedInToolCall(figure.value.n.text, scope.context.ledger)) {
    return { figure, outcome: "match", score: 0, note: "named in the arguments of the tool call" };
  }
  return { figure, outcome: "absent", score: 0, note: "occurs nowhere in the evidence" };
}

/** Whether a name occurs, as a whole word, in the source of a recorded tool output (its call and arguments). */
function namedInToolCall(name: string, ledger: TierContext["ledger"]): boolean {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  if (folded.length < 2) return false;
  const escaped = folded.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u");
  return ledger.records.some((r) => re.test(r.source.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()));
}

/** A reporting verb after a name ("`apt-cache show` reports", "the registry lists", "Stripe says"). */
const REPORTS_AFTER = /^[`'"]?\s*(?:[\w-]+\s+)?(?:reports?|says?|shows?|lists?|returns?|states?|confirms?|gives?)\b/i;
const ACCORDING_BEFORE = /\b(?:according to|as reported by)\s*[`'"]?$/i;

/** Whether a name is the source a claim cites ("`apt-cache show` reports ...", "according to Stripe"). */
function reportingSource(figure: ClaimFigure, text: string): boolean {
  return REPORTS_AFTER.test(text.slice(figure.span[1])) || ACCORDING_BEFORE.test(text.slice(0, figure.span[0]));
}

function ordinaryOpener(word: string, scope: ClaimScope): boolean {
  if (/\s/.test(word) || word === word.toUpperCase()) return false;
  if (/['’]s$/.test(word)) return true;
  const base = word.split(/[-'’]/)[0]!.toLowerCase();
  return recordTerms(scope.context.ledger).withToken(base).size > 0;
}

/** How well a matched figure cites its claim: a specific value (money, a day, a version) best, a name least. */
function weight(v: FactValue): number {
  return v.type === "name" ? 0 : specific(v) ? 2 : 1;
}

function conclude(results: FigureResult[], figures: ClaimFigure[], item: TierItem, text: string): TierOutcome {
  // Lines that state the claim's figures, dates and versions are its citation; a name only shows whose they are.
  const byWeight = results.filter((r) => r.outcome === "match" && r.best).sort((a, b) => weight(b.figure.value) - weight(a.figure.value));
  const quotes = uniqueQuotes(byWeight.map((r) => r.best!.quote));
  const absent = results.filter((r) => r.outcome === "absent" || r.outcome === "unsettled");
  // A claim about something the evidence never mentions ("rewritten in Rust in 2025") is unsupported, even
  // if one of its dates differs from the subject's: only a mismatch in a shared slot outranks absence.
  const mismatches = results.filter((r) => r.outcome === "mismatch" && (!r.weak || absent.length === 0));
  if (mismatches.length > 0) {
    const corrections = mismatches
      .filter((r) => !r.noFix)
      .map((r) => correctionOf(r.figure, r.best!, item))
      .filter((c): c is Correction => c !== null);
    const confident = mismatches.some((r) => r.score >= 3);
    return {
      verdict: "contradicted",
      confidence: confident ? 0.92 : 0.8,
      quotes: uniqueQuotes([...mismatches.map((r) => r.best!.quote), ...quotes]),
      corrections,
      note: mismatches.map((r) => `${text.slice(r.figure.span[0], r.figure.span[1])}: ${r.note}`).join("; "),
    };
  }
  if (absent.length > 0) {
    const what = absent.map((r) => `${text.slice(r.figure.span[0], r.figure.span[1])}${r.outcome === "unsettled" ? ` (${r.note})` : ""}`);
    const lead = absent.every((r) => r.outcome === "absent") ? "not found in any evidence" : "not found in any evidence or not settled by a typed slot";
    return { verdict: "unsupported", confidence: 0.85, quotes, corrections: [], note: `${lead}: ${what.join(", ")}` };
  }
  const matched = results.every((r) => r.outcome === "match");
  item.hints.hasFigures = figures.some((f) => f.value.type !== "name") || results.some((r) => r.anchored);
  // Every figure agrees and at least one sits in a slot the claim names: the figures carry the claim. Names
  // that merely occur ("Jack Sock ... played badminton") leave the other words to the next tier.
  // Only structured evidence (JSON fields, "Key: value" lines, table rows) anchors strongly: in prose, words
  // near a value are a weak sign of its slot, so the claim's other words still need covering.
  item.hints.figuresMatched = matched && results.some((r) => r.anchored && r.best !== undefined && (r.best.key.size > 0 || specific(r.figure.value)));
  item.hints.figuresKeyed = item.hints.figuresMatched && results.some((r) => r.anchored && r.best !== undefined && r.best.structured);
  item.hints.matchedQuotes = quotes;
  item.hints.valueQuotes = uniqueQuotes(byWeight.filter((r) => r.figure.value.type !== "name" && !r.derived).map((r) => r.best!.quote));
  item.hints.focus = results.filter((r) => r.best).map((r) => ({ ...r.best!.chunk, score: 0 }));
  return {
    pass: true,
    note: matched
      ? `every figure and name agrees with the evidence (${results.length})`
      : results.map((r) => `${text.slice(r.figure.span[0], r.figure.span[1])}: ${r.note}`).join("; "),
  };
}
