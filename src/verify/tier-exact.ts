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
import type { Correction, Passage } from "../schema.js";
import { nameOccursIn } from "../quantity/names.js";
import type { NameMention } from "../quantity/types.js";
import { claimFigures, extraNames, KEY_PREFIX, type ClaimFigure } from "./claim-figures.js";
import { correctionOf, uniqueQuotes } from "./corrections.js";
import { joinedRecords, referringRows } from "./id-joins.js";
import { withinNamedSources } from "./named-source.js";
import { withNameNumbers } from "./name-numbers.js";
import { compare, compatible, specific } from "./figure-compare.js";
import { recordIdentity, recordsWithName } from "./record-names.js";
import { checkAbsence, checkEmptyCount } from "./absence.js";
import { checkMembership } from "./list-membership.js";
import { offQualifier } from "./category-values.js";
import { factsAt, passageFacts, type EvidenceFact, type FactValue } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import type { FigureOutcome } from "./figure-pieces.js";
import type { Tier, TierContext, TierItem, TierOutcome } from "./tier.js";
import { recordTerms } from "./record-terms.js";
import { categoryFields } from "./category-values.js";
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { valueIndex } from "./value-index.js";
import { checkAggregate } from "./aggregates.js";
import { type FigureResult, SUBJECT_RECORDS, type ClaimScope, draftNear, readEndOf } from "./claim-scope.js";
import {
  checkCategorical,
  aggregateOutcome,
  withinRows,
  checkCategory,
  statusResult,
  checkQuoted,
  checkInterval,
  swapSuperlative,
  gradeResult,
} from "./claim-shapes.js";
import { ownRecords, checkName } from "./name-check.js";
import { withoutQualifiedAgreement } from "./qualified-field.js";
import { checkValue } from "./value-check.js";
import { checkClock } from "./clock-check.js";
import { toTheMinute } from "./clock-times.js";
import { statusUndecided } from "./categorical-fields.js";

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
    prepare(ledger: EvidenceLedger): void {
      valueIndex(ledger);
      recordTerms(ledger);
      for (const record of ledger.records.slice(-PREPARED_RECORDS)) {
        recordIdentity(ledger, record.id);
        categoryFields(ledger, record.id);
      }
    },
  };
}

/** Most records whose per-record tables `prepare` builds (the latest ones): the rest are built on demand. */
const PREPARED_RECORDS = 500;

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

/** The claim's sentence in the draft, from its start to the claim's end (the claim alone when the draft lacks it). */
function sentenceOf(item: TierItem, context: TierContext): string {
  const [start, end] = item.claim.span;
  if (context.draft.slice(start, end).length === 0) return item.extracted.text;
  const before = context.draft.slice(Math.max(0, start - 300), start);
  const cut = Math.max(before.search(/[^.!?\n]*$/), 0);
  return before.slice(cut) + context.draft.slice(start, end);
}

/** A count of what an empty result lists ("2 orders waiting to be processed"), corrected to 0 (see `checkEmptyCount`). */
function emptyCountOutcome(text: string, figures: ClaimFigure[], item: TierItem, context: TierContext): TierOutcome | null {
  let found: ReturnType<typeof checkEmptyCount> = null;
  for (const f of figures) {
    if (f.value.type !== "quantity" || f.value.q.kind !== "number") continue;
    found = checkEmptyCount(text, { value: f.value.q.value, span: f.span }, context.ledger);
    if (found) break;
  }
  if (!found) return null;
  const start = item.extracted.map[found.span[0]];
  const last = item.extracted.map[found.span[1] - 1];
  const corrections =
    start !== undefined && last !== undefined && start >= 0 && last >= 0
      ? [{ span: [start, last + 1] as [number, number], wrong: text.slice(found.span[0], found.span[1]), value: "0", quote: found.quote }]
      : [];
  return { verdict: "contradicted", confidence: 0.9, quotes: [found.quote], corrections, note: `empty result: ${found.note}` };
}

function checkClaim(item: TierItem, context: TierContext): TierOutcome {
  const text = item.extracted.text;
  const aggregate = checkAggregate(text, context.ledger);
  if (aggregate) return aggregateOutcome(aggregate, item);
  const absence = checkAbsence(text, sentenceOf(item, context), context.ledger);
  if (absence)
    return {
      verdict: absence.outcome === "none" ? "supported" : "unsupported",
      confidence: 0.9,
      quotes: [absence.quote],
      corrections: [],
      note: `absence: ${absence.note}`,
    };
  // A name as the claim's label ("Mercer: 11 rebounds") picks its subject's record; a label no record names
  // ("RSVPs: 87 going") is the answer's own heading, no name to find.
  const labelEnd = KEY_PREFIX.exec(text)?.[0].replace(/:\s*$/, "").length ?? -1;
  const figures = claimFigures(text, extraNames(item, context)).filter(
    (f) => !(f.value.type === "name" && f.span[0] === 0 && f.span[1] === labelEnd && recordsWithName(f.value.n, context).size === 0),
  );
  const empty = emptyCountOutcome(text, figures, item, context);
  if (empty) return empty;
  const member = checkMembership(
    text,
    figures.flatMap((f) => (f.value.type === "name" ? [f.value.n.text] : [])),
    context.ledger,
  );
  if (member)
    return { verdict: member.agrees ? "supported" : "contradicted", confidence: 0.9, quotes: [member.quote], corrections: [], note: `list: ${member.note}` };
  const categorical = checkCategorical(text, figures, item, context);
  if (categorical) return categorical;
  if (figures.length === 0) return { pass: true, note: "no figure, date or name to check" };
  // Claim words outside its figures: the slot and subject a figure is about.
  let masked = text;
  for (const f of figures) masked = masked.slice(0, f.span[0]) + " ".repeat(f.span[1] - f.span[0]) + masked.slice(f.span[1]);
  // A hyphenated word names a key that writes it joined ("e-bikes" for `ebikes_available`) as well as its parts.
  const joined = masked.replace(/(?<=\p{L})-(?=\p{L})/gu, "");
  const claimStems = joined === masked ? featuresOf(masked).stems : new Set([...featuresOf(masked).stems, ...featuresOf(joined).stems]);
  const nameRecords = new Map<ClaimFigure, Set<string>>();
  for (const f of figures) {
    if (f.value.type !== "name") continue;
    const own = ownRecords(f.value.n.text, recordsWithName(f.value.n, context), context);
    // A record that refers by id to the named element ("inventory_levels[1].location_id" for the location
    // named) is the name's too.
    const joined = own.size <= SUBJECT_RECORDS ? joinedRecords(own, [f.value.n], context.ledger) : new Set<string>();
    nameRecords.set(f, joined.size > 0 ? new Set([...own, ...joined]) : own);
  }
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
  const readEnd = readEndOf(item.extracted.unit, item.claim.span, context.draft.length);
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
    draft: draftNear(context.draft.slice(0, readEnd), item.claim.span),
    readEnd,
    recordsOf: new Map(),
    joinedRows: new Map(),
    subjects: recordTerms(context.ledger).identityCount,
  };
  for (const [f, records] of nameRecords) scope.recordsOf.set(f, records);
  for (const f of nameRecords.keys()) {
    const name = (f.value as { n: NameMention }).n;
    const own = new Set(facts.flatMap((x) => (x.row !== undefined && x.rowId !== undefined && nameOccursIn(name, x.row) ? [x.rowId] : [])));
    const joined = referringRows(own, facts);
    if (joined.size > 0) scope.joinedRows.set(f, joined);
  }

  // Times of day are read on their own (see `clock-check.ts`): found, absent, or (where absence says nothing) left out.
  const chunks = new Map(facts.map((f) => [f.chunk.id, f.chunk]));
  for (const id of subjectRecords) for (const chunk of context.ledger.chunksOf(id)) chunks.set(chunk.id, chunk);
  const clocks: FigureResult[] = [];
  const unread = new Set<ClaimFigure>();
  for (const f of figures) {
    if (f.value.type !== "time") continue;
    const r = checkClock(f, f.value.t, scope, [...chunks.values()], !large);
    if (r) clocks.push(r);
    else if (!item.focus || (f.span[0] >= item.focus[0] && f.span[1] <= item.focus[1])) unread.add(f);
  }
  const results = withoutQualifiedAgreement(
    withLabelFigures(
      withNameNumbers(
        withinNamedSources(
          checkInterval(
            swapSuperlative(
              withinRows(
                figures
                  .filter((figure) => figure.value.type !== "time")
                  .map((figure) => (figure.value.type === "name" ? checkName(figure, scope) : checkValue(figure, scope))),
                scope,
              ),
              scope,
            ),
            scope,
          ),
          text,
          context.ledger,
        ),
        text,
        scope,
      ),
      item,
    ),
    scope,
  );
  results.push(...clocks);
  if (!results.some((r) => r.outcome === "mismatch")) {
    const category = checkCategory(figures, nameRecords, scope) ?? checkQuoted(scope) ?? statusResult(scope) ?? gradeResult(scope);
    if (category) results.push(category);
  }
  const outcome = conclude(
    results,
    figures.filter((f) => !unread.has(f)),
    item,
    text,
  );
  item.hints.unread = [...unread].map((f) => text.slice(f.span[0], f.span[1]));
  // A time to the minute that tier 0 could not read (a UTC record may hold it in another clock, or it may be
  // a duration: "runs 3:34") is part of what the claim asserts: its other figures do not carry it. A round
  // hour or a time in a named zone is left to the words, as before.
  if ([...unread].some((f) => f.value.type === "time" && f.value.t.zone !== "other" && toTheMinute(f.value.t))) {
    item.hints.figuresMatched = false;
    item.hints.figuresKeyed = false;
  }
  // A status the session's status fields leave undecided: the figures and names that agree do not carry it.
  const names = figures.flatMap((f) => (f.value.type === "name" ? [f.value.n.text] : []));
  const status = "pass" in outcome && item.hints.figuresMatched ? statusUndecided(text, names, context.ledger) : null;
  // Unless a figure matched under a field the status word names ("shipped on June 4" for `shipped_at`).
  const word = status === null ? null : featuresOf(status).stems;
  if (word && !results.some((r) => r.outcome === "match" && r.best !== undefined && [...r.best.key].some((k) => word.has(k)))) {
    item.hints.figuresMatched = false;
    item.hints.figuresKeyed = false;
    item.hints.figuresUnsettled = true;
  }
  return outcome;
}

/**
 * Whether a record is that of another named entity than the claim's subject: the claim names a
 * subject found in a few records, and the value's record is none of them but names its own entity at its top
 * (`name: lodash`, `package: openssl`). Its values neither contradict nor support the claim's figures ("the
 * latest version of left-pad is 1.3.0" is not refuted by another package's `version: 2.0.1` that retrieval
 * ranked high, nor made true by a third package's `version: 1.3.0`); tier 0 reads it only to check a name
 * found in many records (that it fills another entity's slot).
 */
/**
 * A figure in words the extractor wrote rather than the draft (a table row's column header "+$200/mo", a
 * carried subject) labels the claim's value; its difference from the evidence is not checked, never
 * contradicted (the draft holds no span to correct, and the figure is checked where the draft states it).
 */
function withLabelFigures(results: FigureResult[], item: TierItem): FigureResult[] {
  const map = item.extracted.map;
  // Where the draft states a figure of its own, a label's figure that does not agree only names whose value it
  // is: it is checked in the claim that states it, and left out here rather than leave this claim unsettled.
  const own = results.filter((r) => map[r.figure.span[0]] !== -1 || r.outcome === "match");
  if (own.some((r) => map[r.figure.span[0]] !== -1)) return own;
  return results.map((r) =>
    r.outcome !== "match" && r.outcome !== "unknown" && map[r.figure.span[0]] === -1
      ? { ...r, outcome: "unknown", best: undefined, note: `a figure of words the draft does not hold here (a header, a carried subject), a label: ${r.note}` }
      : r,
  );
}

function otherSubjects(subject: Set<string>, context: TierContext): (evidenceId: string) => boolean {
  if (subject.size === 0) return () => false;
  return (id) => !subject.has(id) && recordIdentity(context.ledger, id) !== null;
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

/** An identifier: a code or a name that mixes letters and digits ("BK-7731", "INV-2041", "TP1351"). */
function isIdentifier(v: FactValue): boolean {
  return v.type === "name" && /\p{L}/u.test(v.n.text) && /\d/.test(v.n.text) && !/\s/.test(v.n.text.trim());
}

/** How well a matched figure cites its claim: a specific value (money, a day, a version) best, a name least. */
function weight(v: FactValue): number {
  return v.type === "name" ? 0 : specific(v) ? 2 : 1;
}

/** How tier 0 read a figure, for `figurePieces`: a matched name or an unread figure is context. */
function outcomeOf(r: FigureResult, anyAbsent: boolean): FigureOutcome {
  const span = r.figure.span;
  if (r.outcome === "unknown") return { span, outcome: "context" };
  if (r.outcome === "mismatch") return { span, outcome: (r.weak && anyAbsent) || r.noFix || r.unfixable ? "whole" : "mismatch" };
  if (r.figure.value.type === "name") return { span, outcome: "context" };
  return { span, outcome: r.outcome === "match" ? "match" : "absent" };
}

function conclude(all: FigureResult[], allFigures: ClaimFigure[], item: TierItem, text: string): TierOutcome {
  const anyAbsent = all.some((r) => r.outcome === "absent" || r.outcome === "unsettled");
  item.hints.figureOutcomes = all.map((r) => outcomeOf(r, anyAbsent));
  // A figure's piece of a clause asserts the figures in its range; the others are its context.
  const focus = item.focus;
  const inFocus = (span: [number, number]) => !focus || (span[0] >= focus[0] && span[1] <= focus[1]);
  const results = all.filter((r) => inFocus(r.figure.span));
  const figures = allFigures.filter((f) => inFocus(f.span));
  // Lines that state the claim's figures, dates and versions are its citation; a name only shows whose they are.
  const byWeight = results.filter((r) => r.outcome === "match" && r.best).sort((a, b) => weight(b.figure.value) - weight(a.figure.value));
  const quotes = uniqueQuotes(byWeight.map((r) => r.best!.quote));
  const absent = results.filter((r) => r.outcome === "absent" || r.outcome === "unsettled");
  // A claim about something the evidence never mentions ("rewritten in Rust in 2025") is unsupported, even
  // if one of its dates differs from the subject's: only a mismatch in a shared slot outranks absence.
  // An identifier the claim names that no evidence holds ("BK-7731" when only BK-7732 was fetched) is another
  // entity than the evidence's: its figures cannot be corrected from another entity's values.
  const otherEntity = absent.some((r) => r.outcome === "absent" && isIdentifier(r.figure.value));
  const mismatches = otherEntity ? [] : results.filter((r) => r.outcome === "mismatch" && (!r.weak || absent.length === 0));
  if (mismatches.length > 0) {
    const corrections = mismatches.some((r) => r.unfixable)
      ? []
      : mismatches
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
  // A figure in words ("two films", "about a third") states no precision; the next tier reads it with the words.
  item.hints.figuresUnsettled = results.some(
    (r) => r.outcome !== "match" && r.figure.value.type !== "name" && !(r.figure.value.type === "quantity" && r.figure.value.q.word),
  );
  item.hints.hasFigures = figures.some((f) => f.value.type !== "name") || results.some((r) => r.anchored);
  // Every figure agrees and at least one sits in a slot the claim names: the figures carry the claim. Names
  // that merely occur ("Jack Sock ... played badminton") leave the other words to the next tier.
  // Only structured evidence (JSON fields, "Key: value" lines, table rows) anchors strongly: in prose, words
  // near a value are a weak sign of its slot, so the claim's other words still need covering.
  item.hints.figuresMatched = matched && results.some((r) => r.anchored && r.best !== undefined && (r.best.key.size > 0 || specific(r.figure.value)));
  item.hints.figuresKeyed = item.hints.figuresMatched && results.some((r) => r.anchored && r.best !== undefined && r.best.structured);
  item.hints.figuresAgreeing = matched ? results.length : 0;
  item.hints.valuesAgreeing = matched ? results.filter((r) => r.figure.value.type !== "name" && r.best?.structured === true).length : 0;
  item.hints.matchedQuotes = quotes;
  const values = results.filter((r) => r.outcome === "match" && r.figure.value.type !== "name");
  item.hints.figuresDerived = values.length > 0 && values.every((r) => r.derived);
  item.hints.valueQuotes = uniqueQuotes(byWeight.filter((r) => r.figure.value.type !== "name" && !r.derived).map((r) => r.best!.quote));
  item.hints.focus = results.filter((r) => r.best).map((r) => ({ ...r.best!.chunk, score: 0 }));
  return {
    pass: true,
    note: matched
      ? `every figure and name agrees with the evidence (${results.length})`
      : results.map((r) => `${text.slice(r.figure.span[0], r.figure.span[1])}: ${r.note}`).join("; "),
  };
}
