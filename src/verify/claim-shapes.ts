/**
 * Shapes of a whole claim that tier 0 reads around its figures (see `tier-exact.ts`): a status or boolean of
 * its entity, a quantified aggregate, the array element it is about, a category or quoted text of its
 * subject, a superlative and an interval between releases.
 */
import { dateRanges } from "./date-ranges.js";
import type { Quantity } from "../quantity/types.js";
import type { Correction } from "../schema.js";
import type { ClaimFigure } from "./claim-figures.js";
import { surface } from "./corrections.js";
import { compare, compatible } from "./figure-compare.js";
import { recordIdentity } from "./record-names.js";
import { categoryMismatch, namingRows } from "./category-values.js";
import type { EvidenceFact, FactValue } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import { fieldStemsOf } from "./typed-slot.js";
import type { TierContext, TierItem, TierOutcome } from "./tier.js";
import { versionInterval } from "./intervals.js";
import type { AggregateCheck } from "./aggregates.js";
import { quotedMismatch } from "./quoted-values.js";
import { fieldName, superlativeDay, superlativeEntity, superlativeOf } from "./superlative.js";
import { checkBooleanField, checkLevelField, checkStatusField, statusClass } from "./categorical-fields.js";
import { checkGrade } from "./letter-grades.js";
import { type FigureResult, SUBJECT_RECORDS, rank, EMPTY_STEMS, type ClaimScope, nearStems } from "./claim-scope.js";
import { isIdentifier } from "./name-check.js";
import { otherReading } from "./other-readings.js";
import { pickedElements, typedSlot } from "./slot-reading.js";

/**
 * A status or boolean the claim gives its entity, against the entity's own field (see
 * `categorical-fields.ts`): a value of another class contradicts; the same one supports a claim that states
 * nothing else (no figure or date). `null` when no such field settles it.
 */
export function checkCategorical(text: string, figures: ClaimFigure[], item: TierItem, context: TierContext): TierOutcome | null {
  const names = figures.flatMap((f) => (f.value.type === "name" ? [f.value.n.text] : []));
  // A status of an entity the claim names is read after the figures (the tool's own status vocabulary
  // first, see `checkCategory`); a claim with nothing else to check is read here.
  const found =
    (figures.length === 0 ? checkStatusField(text, names, context.ledger) : null) ??
    checkBooleanField(text, names, context.ledger) ??
    checkLevelField(text, names, context.ledger);
  if (!found) return null;
  if (found.presupposed || found.unsettled)
    return { verdict: "unsupported", confidence: 0.6, quotes: [found.quote], corrections: [], note: `${found.kind}: ${found.note}` };
  if (!found.agrees) {
    // A status word is corrected in place with the field's value ("is active" -> "is frozen"), unless the
    // claim negates it or a figure qualifies it.
    // A boolean is corrected by giving its predicate the field's polarity ("are allowed" -> "are not allowed").
    const corrections: Correction[] = [];
    const st =
      found.status &&
      !/\b(?:not|never)\b|n['’]t\b/i.test(text) &&
      !/^\s+(?:by|for|since|until|after|at|on|in|of)\s+(?:about\s+|around\s+)?[$€£]?\d/i.test(text.slice(found.status.span[1]))
        ? found.status
        : found.flip;
    if (st && !found.noFix) {
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
  item.hints.polaritySettled = true;
  return null;
}

/** The verdict on a quantified claim counted over a group of entities (see `checkAggregate`). */
export function aggregateOutcome(check: AggregateCheck, item: TierItem): TierOutcome {
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
export function withinRows(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  /** The figures of a type that pick elements. */
  const anchoring = new Set<ClaimFigure>();
  const rowsOf = (type: "name" | "date"): Set<string> => {
    const rows = new Set<string>();
    const rowRecords = new Set<string>();
    const containers = new Set<string>();
    anchoring.clear();
    for (const r of results) {
      if (r.outcome !== "match" || r.figure.value.type !== type) continue;
      const own = new Set<string>();
      const topLevel = new Set<string>();
      for (const f of scope.facts) {
        if (!compatible(r.figure.value, f.value) || compare(r.figure.value, f.value) !== "match") continue;
        if (f.rowId === undefined) topLevel.add(f.chunk.evidenceId);
        else {
          own.add(f.rowId);
          rowRecords.add(f.chunk.evidenceId);
        }
      }
      // Also a top-level value ("id: INV-2041" of the invoice itself): the claim is about that record, and
      // elements elsewhere that mention it (a payment of that invoice) are not its entity.
      if (topLevel.size > 0 && own.size > 0) return new Set();
      for (const id of topLevel) containers.add(id);
      if (own.size === 0) continue;
      anchoring.add(r.figure);
      for (const id of own) rows.add(id);
    }
    // A name only a record's top level holds ("restaurant: Harbor & Vine") is the record the elements sit in:
    // it picks none of them, when the elements are its own; a top-level name of another record (the product
    // beside the warehouse it is stocked in) says the claim is about that record.
    if ([...containers].some((id) => !rowRecords.has(id))) return new Set();
    // Elements of other lists that refer by id to a named element are that entity's too (see `id-joins.ts`).
    for (const f of anchoring) for (const id of scope.joinedRows.get(f) ?? []) rows.add(id);
    return rows;
  };
  let anchors = rowsOf("name");
  const identity = new Set<string>(["name"]);
  // A range's dates ("Over Jan 8–10") pick every element inside it, not the one dated at its first day: a
  // claim about several elements gains no correction from one (see `pickedElements`).
  const ranged =
    dateRanges(
      scope.text,
      scope.figures.flatMap((f) => (f.value.type === "date" ? [f.value.d] : [])),
    ).length > 0;
  if (anchors.size === 0 && !ranged) {
    anchors = rowsOf("date");
    identity.add("date");
  }
  // Only the elements the claim's period picks too ("Lambda ... in June": June's Lambda element, not
  // May's or July's).
  const keep = pickedElements(scope);
  if (keep) anchors = new Set([...anchors].filter((rowId) => keep({ rowId } as EvidenceFact)));
  if (anchors.size === 0) return results;
  // A claim about several elements ("Shell ... and Netflix ...") may only gain matches from them: which
  // element a disagreeing figure belongs to is not known, so nothing is corrected from one.
  const kindOf = (v: FactValue) => (v.type === "quantity" ? `q:${v.q.kind}` : v.type);
  const others = results.filter((r) => !identity.has(r.figure.value.type)).map((r) => kindOf(r.figure.value));
  // One entity: one name picks the elements, and no two of the claim's other figures are of one kind. A date
  // is read in the one element the claim's names pick together ("Chelsea beat West Ham": the fixture that
  // holds both) when no other figure is a date: the two numbers of a score "2–1" do not stop it being read.
  const allSingle = anchoring.size === 1 && new Set(others).size === others.length;
  const single = (r: FigureResult) => allSingle || (r.figure.value.type === "date" && anchors.size === 1 && others.filter((k) => k === "date").length === 1);
  // An element's own lists are its values too: a pay run's bonus line under the employee it pays.
  const within = (rowId: string) => anchors.has(rowId) || [...anchors].some((a) => rowId.startsWith(`${a}.`));
  return results.map((r) => {
    if (identity.has(r.figure.value.type)) return r;
    // A value that matched outside every array element (a top-level field) stays matched; so does one of an
    // element that holds the claim's element (the order's `orderTotal` around the item the claim names).
    const holding = (rowId: string) => [...anchors].some((a) => a.startsWith(`${rowId}.`));
    if (r.outcome === "match" && (r.best?.rowId === undefined || within(r.best.rowId) || holding(r.best.rowId))) return r;
    // A disagreement already read in one of the claim's elements stands; so does a superlative's, whose
    // extreme is another element's ("The cheapest is X at $419,950" when $280,000 is Y's).
    if (r.outcome === "mismatch" && !r.weak && r.best?.rowId !== undefined && within(r.best.rowId)) return r;
    const ofAnchors = (f: EvidenceFact) => [...anchors].some((a) => a.startsWith(`${f.chunk.evidenceId}:`));
    if (r.outcome === "mismatch" && r.noFix === true && r.best?.rowId !== undefined && ofAnchors(r.best) && superlativeOf(scope.text)) return r;
    // A day is read against the element's days, not its years or months (`league.season: 2022` beside `date`).
    const coarser = (f: EvidenceFact) =>
      r.figure.value.type === "date" && r.figure.value.d.granularity === "day" && f.value.type === "date" && f.value.d.granularity !== "day";
    const inRow = scope.facts.filter((f) => f.rowId !== undefined && within(f.rowId) && compatible(r.figure.value, f.value) && !coarser(f));
    if (inRow.length === 0) return r;
    const ranked = rank(r.figure, inRow, scope.claimStems, () => 0, scope.fullStems, nearStems(r.figure, scope));
    // A value of another field agrees only while no value a word beside the figure names differs ("placed on May 4"
    // against `placed: 2024-05-02` and `shipped: 2024-05-04`: the shipping date is no support).
    const near = nearStems(r.figure, scope);
    const named = (f: EvidenceFact) => [...fieldStemsOf(f)].some((w) => near.has(w));
    const namedDiffers = ranked.some((x) => named(x.fact) && compare(r.figure.value, x.fact.value) === "mismatch");
    const agree = ranked.find((x) => compare(r.figure.value, x.fact.value) === "match" && (named(x.fact) || !namedDiffers));
    if (agree)
      return {
        figure: r.figure,
        outcome: "match",
        best: agree.fact,
        score: agree.score,
        note: "agrees with the value in the array element the claim is about",
        anchored: true,
      };
    const top = ranked[0];
    if (!top) return r;
    // The element's value in the figure's slot, or its only value of this kind.
    const sure = single(r) && (ranked.length === 1 || (top.slotHits > 0 && ranked[1]!.score < top.score));
    // The element that holds the claim's element states the figure's very value (the order's total around
    // the item the claim names): the claim may be about that one, and nothing is corrected.
    const heldAbove = scope.facts.find((f) => f.rowId !== undefined && holding(f.rowId) && compare(r.figure.value, f.value) === "match");
    if (sure && heldAbove)
      return {
        ...r,
        outcome: "unknown",
        best: heldAbove,
        note: `the element holding the claim's element states this value (${surface(heldAbove)}), its own another`,
      };
    if (sure) {
      const read = typedSlot(
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
      // The element's value is still read against the figure's other readings (a year of a name, a start bound).
      return otherReading(r.figure, read, scope) ?? read;
    }
    if (r.outcome === "match") return r;
    return {
      ...r,
      outcome: r.outcome === "absent" ? "absent" : "unknown",
      best: undefined,
      note: `${r.note}; the array element the claim is about has no value in this slot`,
    };
  });
}

/**
 * A categorical value the claim gives its subject against the subject's record (see `categoryMismatch`):
 * "Tim Koch is a silver tier customer" against `tier: gold`. Only for a subject with records of its own.
 */
export function checkCategory(figures: ClaimFigure[], nameRecords: Map<ClaimFigure, Set<string>>, scope: ClaimScope): FigureResult | null {
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
  // A status value is written in words ("pending_confirmation" reads "pending confirmation"), as the status
  // check writes it.
  const written = /(?:^|_)(?:status|state)$/i.test(field.key) ? field.value.replace(/_/g, " ") : field.value;
  const best: EvidenceFact = {
    value: name(written, field.span),
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

/** A name or code value at a span (of a claim or an evidence record). */
function nameValue(text: string, span: [number, number]): FactValue {
  return { type: "name", n: { text, span, key: text.toLowerCase(), type: "code" } };
}

/** An evidence fact for a value a field line states (its quote), in the chunk that holds it; null when none does. */
function quotedFact(value: string, quote: EvidenceFact["quote"], ledger: ClaimScope["context"]["ledger"]): EvidenceFact | null {
  const chunk = ledger.chunksOf(quote.evidenceId).find((c) => c.span[0] <= quote.span[0] && quote.span[0] < c.span[1]);
  if (!chunk) return null;
  return { value: nameValue(value, quote.span), slot: EMPTY_STEMS, context: EMPTY_STEMS, key: EMPTY_STEMS, structured: true, span: quote.span, quote, chunk };
}

/** A status of the general vocabulary the claim gives its entity, against the entity's status field (see `checkStatusField`). */
export function statusResult(scope: ClaimScope): FigureResult | null {
  // A capitalised status word ("is Running") is the value the claim gives, never a name of its entity.
  const names = scope.figures.flatMap((f) => (f.value.type === "name" && statusClass(f.value.n.text) === null ? [f.value.n.text] : []));
  const found = checkStatusField(scope.text, names, scope.context.ledger);
  if (!found?.status) return null;
  const { wrong, span, value } = found.status;
  const fact = quotedFact(value, found.quote, scope.context.ledger);
  if (!fact) return null;
  // Keyed by its field (`statuses[1].state`), so a status that agrees carries the claim as a keyed figure does.
  const best = { ...fact, key: featuresOf(found.quote.text.slice(0, Math.max(0, found.quote.text.indexOf(": ")))).stems };
  const figure = { value: nameValue(wrong, span), span };
  if (found.agrees) return { figure, outcome: "match", best, score: 3, note: found.note, anchored: true };
  // A negated claim ("has not been delivered") or a status a figure qualifies ("delayed by 35 minutes") is
  // contradicted without an in-place rewrite of the word.
  const qualified = /^\s+(?:by|for|since|until|after|at|on|in|of)\s+(?:about\s+|around\s+)?[$€£]?\d/i.test(scope.text.slice(span[1]));
  return {
    figure,
    outcome: "mismatch",
    best,
    score: 3,
    note: found.note,
    noFix: qualified || found.noFix === true || /\b(?:not|never)\b|n['’]t\b/i.test(scope.text),
  };
}

/** A letter grade the claim gives its subject, against the grade field of its element (see `checkGrade`). */
export function gradeResult(scope: ClaimScope): FigureResult | null {
  const found = checkGrade(scope);
  if (!found) return null;
  const fact = quotedFact(found.value, found.quote, scope.context.ledger);
  if (!fact) return null;
  // Keyed by its field (`Letters`), so a grade that agrees carries the claim as a keyed figure does.
  const best = { ...fact, key: featuresOf(found.quote.text.slice(0, found.quote.text.indexOf(": "))).stems };
  const figure = { value: nameValue(found.wrong, found.span), span: found.span };
  const note = `${found.quote.text} ${found.agrees ? "is" : "is not"} the grade the claim gives (${found.wrong})`;
  return { figure, outcome: found.agrees ? "match" : "mismatch", best, score: 3, note, anchored: true };
}

/** Quoted text the claim attributes to its subject but another entity's field holds (see `quotedMismatch`). */
export function checkQuoted(scope: ClaimScope): FigureResult | null {
  const ledger = scope.context.ledger;
  const subjects = scope.figures.filter((f) => f.value.type === "name").map((f) => ({ text: (f.value as { n: { text: string } }).n.text, span: f.span }));
  const found = quotedMismatch(scope.text, subjects, ledger);
  if (!found) return null;
  const best = quotedFact(found.value, found.quote, ledger);
  if (!best) return null;
  return {
    figure: { value: nameValue(found.wrong, found.span), span: found.span },
    outcome: "mismatch",
    best,
    score: 3,
    note: `the quoted text is another entity's (${found.foreign.text.trim()}); the subject's own is ${found.quote.text.trim()}`,
    noFix: found.shared === true,
  };
}

/** Whether a record lists entities one of which is named `name` (`rows[3].name: search-api`). */
function rowsName(ledger: TierContext["ledger"], id: string, name: string): boolean {
  const text = ledger.get(id)?.text ?? "";
  if (name === "" || !text.toLowerCase().includes(name)) return false;
  return namingRows(text, [name]).size > 0;
}

/**
 * Whether the duration names its two ends: "between A and B", "N after/before/since A", or two versions one
 * phrase relates ("30.5.2 followed 30.5.1 after 29 days") with no aside between them.
 */
function intervalEnds(text: string, figure: ClaimFigure, figures: readonly ClaimFigure[]): boolean {
  if (/\bbetween\b/i.test(text.slice(0, figure.span[0]))) return true;
  if (/^\s*(?:\p{L}+\s+)?(?:after|before|ahead of|since|than|from)\s+v?\d/iu.test(text.slice(figure.span[1]))) return true;
  const versions = figures.filter((f) => f.value.type === "version" || (f.value.type === "name" && /^v?\d+(?:\.\d+)+$/i.test(f.value.n.text)));
  if (versions.length !== 2) return false;
  const [a, b] = versions[0]!.span[0] < versions[1]!.span[0] ? [versions[0]!, versions[1]!] : [versions[1]!, versions[0]!];
  return !/[—–();,]|\s-\s|\band\b/.test(text.slice(a.span[1], b.span[0]));
}

/**
 * The time between two releases the claim names, when the evidence dates both (see `versionInterval`): it
 * replaces whatever the duration's own check found ("29 days" is absent from the evidence, but 17 days is
 * what the two dates say).
 */
export function checkInterval(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  const interval = versionInterval(scope.figures, scope.facts);
  if (!interval) return results;
  const { figure, days, earlier, later, agrees } = interval;
  // A difference needs the two versions to be the duration's own ends ("3.4.1 came 23 days after 3.4.0",
  // "between 1.2 and 1.3"); "3.4.0 on October 15, about three weeks earlier, and 3.4.0-RC2" measures from
  // another release: the interval only supports.
  if (!agrees && !intervalEnds(scope.text, figure, scope.figures)) return results;
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
 * A superlative claim that names its element by a day ("The most expensive day was 12 February", see
 * `superlativeDay`): the day's element must hold the extreme of the field the claim ranks. Where it does not,
 * the day is corrected to the extreme element's day, or, where that element has two (a period's start and
 * end), contradicted without a correction.
 */
function superlativeOfDay(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  const days = scope.figures.filter((f) => f.value.type === "date" && f.value.d.granularity === "day");
  if (days.length !== 1 || days[0]!.value.type !== "date") return results;
  const found = superlativeDay(scope.text, days[0]!.value.d, scope.fullStems, scope.context.ledger);
  if (!found) return results;
  const which = superlativeOf(scope.text, fieldName(found.extreme)) === "most" ? "largest" : "smallest";
  const note = `${surface(found.extreme)} is the ${which} value of its field`;
  return results.map((r) =>
    r.figure !== days[0]
      ? r
      : found.agrees === true
        ? { ...r, outcome: "match", best: found.extreme, score: 3, anchored: true, note: `${note}, and it is the day's` }
        : found.agrees === false
          ? found.day
            ? { ...r, outcome: "mismatch", best: found.day, score: 3, note: `${note}, and it is ${surface(found.day)}'s (${found.extreme.quote.text})` }
            : {
                ...r,
                outcome: "mismatch",
                best: found.extreme,
                score: 3,
                noFix: true,
                unfixable: true,
                note: `${note}, and it is another day's (${found.extreme.quote.text})`,
              }
          : { ...r, outcome: "unsettled", score: 0, note: `${note}; of the periods the day names, some hold it and some do not` },
  );
}

/**
 * Whose extreme a superlative claim names (see `superlativeEntity`). When the claim names another entity of
 * the field than the extreme's owner ("The largest is nginx at 2,315 KB" when 2,315 KB is openssl's, the
 * largest; "The region with the highest error rate is ap-southeast-2"), the name is wrong, not the figure:
 * the correction is the owner's name. When it names the owner, the claim's figure and names are its
 * record's, checked across every record.
 */
export function swapSuperlative(results: FigureResult[], scope: ClaimScope): FigureResult[] {
  if (!superlativeOf(scope.text)) return results;
  const ledger = scope.context.ledger;
  const names = scope.figures.filter((f) => f.value.type === "name").map((f) => (f.value as { n: { text: string } }).n.text.toLowerCase());
  // A figure left without an edit because it is no extreme (`unfixable`) is read here too: it may be the
  // extreme's own value, put beside another entity's name.
  const q = results.find((r) => r.figure.value.type === "quantity" && (!r.noFix || r.unfixable === true));
  const hint = q?.best !== undefined && q.best.key.size > 0 && (q.outcome === "match" || q.outcome === "mismatch") ? q.best : null;
  let found = superlativeEntity(scope.text, names, scope.fullStems, q?.figure.value ?? null, hint, ledger);
  // A figure that is no extreme, beside a name that holds none either ("Oncology has the longest stay at 6.8
  // days", ICU's 8.9 the longest): both are wrong, and both are corrected to the extreme's.
  const bothWrong = !found && q?.unfixable === true && names.length > 0;
  if (bothWrong) found = superlativeEntity(scope.text, names, scope.fullStems, null, hint, ledger);
  if (!found || (bothWrong && found.agrees)) return names.length === 0 ? superlativeOfDay(results, scope) : results;
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
    ...(q
      ? [
          bothWrong
            ? { figure: q.figure, outcome: "mismatch" as const, best: extreme, score: 3, note: `the ${which} value of its field is ${surface(extreme)}` }
            : { ...q, outcome: "match" as const, best: extreme, note: "the value is right; its entity is not" },
        ]
      : []),
  ];
}
