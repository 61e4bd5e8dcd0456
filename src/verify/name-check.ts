/**
 * Tier 0's check of a name or identifier (see `tier-exact.ts`): where it occurs, whether with the claim's
 * other names, and which value of the subject's record replaces a swapped one.
 */
import { abbreviatesEvidence } from "./initialisms.js";
import { inPairSymbol } from "./pair-symbols.js";
import { KEY_PREFIX, type ClaimFigure } from "./claim-figures.js";
import { surface } from "./corrections.js";
import { compare, hasCanon } from "./figure-compare.js";
import { nameOccursIn } from "../quantity/names.js";
import { recordIdentity } from "./record-names.js";
import type { TierContext } from "./tier.js";
import { recordTerms } from "./record-terms.js";
import { pickedElements, recordElementFacts } from "./slot-reading.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";

/** A season named as the claim's period. */
const SEASON = /^(?:Spring|Summer|Autumn|Fall|Winter)$/;
import { type FigureResult, SUBJECT_RECORDS, type Scored, rank, type ClaimScope, subjectScore, nearStems, statedElsewhere } from "./claim-scope.js";

/** A code-like name with digits ("A-1051", "INV-2026-0331", "S-5042"). */
function codeWithDigits(f: ClaimFigure): boolean {
  return f.value.type === "name" && f.value.n.type === "code" && /\d/.test(f.value.n.text);
}

/**
 * The claim's identifier: its first code-like name with digits ("Order A-1051 shipped with DHL", "Flight
 * LH-4380 leaves from gate A12": A-1051, LH-4380), which names the entity the claim is about. Later ones
 * ("gate A12") are values and may be corrected.
 */
export function isIdentifier(f: ClaimFigure, figures: Iterable<ClaimFigure>): boolean {
  if (!codeWithDigits(f)) return false;
  for (const g of figures) if (codeWithDigits(g) && g.span[0] < f.span[0]) return false;
  return true;
}

/** An element's title line: a name, title or summary field (`items[0].summary: Sprint Planning`). */
const TITLE_LINE = /(?:^|\n)[^\n:]*?\[\d+\]\.(?:name|title|summary|subject|label|display_?name|displayName): ([^\n]{1,80})(?=\n|$)/g;

/**
 * Whether a name the claim states before another is the whole title of exactly one array element
 * ("Sprint Planning" for `items[0].summary: Sprint Planning`): it names that element as an identifier would.
 */
function titlesOneElement(f: ClaimFigure, scope: ClaimScope): boolean {
  return titledElements(f, scope).size === 1;
}

/** A preposition that gives the subject a value of a slot: "stayed at X", "taught by X", "stored in X". */
const SLOT_PREPOSITION = /\b(?:at|by|in|with|from|to|for|under|via)\s+(?:the\s+)?$/i;

/**
 * The claim's subject as a row: a name before the checked one that occurs in exactly one element or row
 * ("Luis Ortega stayed at Sunny Loft"), when the checked name is the object of a slot's preposition. A name
 * after "than", "of" or a verb ("beat Alvarado", "two ahead of Ridgeview") is another row the claim compares.
 */
function rowSubject(figure: ClaimFigure, scope: ClaimScope): ClaimFigure | undefined {
  if (!SLOT_PREPOSITION.test(scope.text.slice(Math.max(0, figure.span[0] - 12), figure.span[0]))) return undefined;
  // In one phrase with it: a list ("a M4.9 south of Fiji, a M4.5 in the Kuril Islands") or an aside names
  // other rows in turn.
  return [...scope.recordsOf.keys()].find(
    (f) => f !== figure && f.span[1] <= figure.span[0] && !/[,;()—–]/.test(scope.text.slice(f.span[1], figure.span[0])) && inOneElement(f, scope),
  );
}

/**
 * Whether a name occurs in exactly one array element or table row of the session ("Luis Ortega" in one row of
 * a bookings export): a person or thing of one row, which names that row as an identifier would.
 */
function inOneElement(f: ClaimFigure, scope: ClaimScope): boolean {
  if (f.value.type !== "name" || f.value.n.type !== "name") return false;
  const n = f.value.n;
  const rows = new Map<string, string>();
  for (const fact of recordElementFacts(scope)) if (fact.row !== undefined && fact.rowId !== undefined) rows.set(fact.rowId, fact.row);
  let holding = 0;
  for (const row of rows.values()) if (nameOccursIn(n, row) && ++holding > 1) return false;
  return holding === 1;
}

/** Whether a name is the whole title of some array element. */
function titlesSome(f: ClaimFigure, scope: ClaimScope): boolean {
  return titledElements(f, scope).size > 0;
}

/** The array elements (record id and path) whose title field's whole value is the name. */
function titledElements(f: ClaimFigure, scope: ClaimScope): Set<string> {
  if (f.value.type !== "name") return new Set();
  const key = f.value.n.text.toLowerCase();
  const elements = new Set<string>();
  for (const id of scope.recordsOf.get(f) ?? []) {
    const text = scope.context.ledger.get(id)?.text ?? "";
    for (const m of text.matchAll(TITLE_LINE)) if (m[1]!.trim().toLowerCase() === key) elements.add(`${id}:${m[0].trim().split(": ")[0]}`);
  }
  return elements;
}

/**
 * A name's records without the look-alikes: when some record is the name's own (`name: express`,
 * `Package: nginx`), records of entities whose names contain it (`express-session`, `nginx-common`) are
 * dropped; records without an identity (prose) and records of other entities that refer to it stay.
 */
export function ownRecords(name: string, records: Set<string>, context: TierContext): Set<string> {
  const key = name.toLowerCase();
  const identities = [...records].map((id) => [id, recordIdentity(context.ledger, id)] as const);
  if (!identities.some(([, identity]) => identity === key)) return records;
  // Records of other entities that merely refer to it (a shipment's `order_id: A-1021`) stay.
  return new Set(identities.filter(([, identity]) => identity === null || identity === key || !identity.includes(key)).map(([id]) => id));
}

/** Key segments that say "the value", not which attribute: the segment before them names it (`assignee.displayName`). */
const GENERIC_SEGMENT = /^(?:name|display_?name|full_?name|value|id|login|label|text|title|key)s?$/i;

/** The stems of a structured fact's attribute: its key's last segment, past generic ones (`assignee.displayName` → assignee). */
function attributeStems(f: EvidenceFact): Set<string> {
  const path = /^(.*?): /.exec(f.quote.text)?.[1] ?? "";
  const segments = path.split(/[.[\]]+/).filter((x) => x !== "" && !/^\d+$/.test(x));
  while (segments.length > 1 && GENERIC_SEGMENT.test(segments.at(-1)!)) segments.pop();
  // A text key of several words names its attribute after the entity it qualifies ("Registrant State/Province").
  const words = (segments.at(-1) ?? "").split(/\s+/);
  return featuresOf(words.length > 1 ? words.slice(1).join(" ") : words[0]!).stems;
}

/**
 * The name an entity's own array element states under the attribute the claim names ("is assigned to" reads
 * `fields.assignee.displayName: User2`), of any kind (a login or a code is a person's name there too), or
 * undefined when the element states none or several.
 */
function ownSlotValue(figure: ClaimFigure, ownRows: Set<string>, scope: ClaimScope): EvidenceFact | undefined {
  const found = scope.facts.filter((f) => {
    if (f.value.type !== "name" || f.rowId === undefined || !ownRows.has(f.rowId) || !f.structured) return false;
    const attribute = attributeStems(f);
    return [...attribute].some((k) => scope.claimStems.has(k) || hasCanon(scope.claimStems, k)) && compare(figure.value, f.value) === "mismatch";
  });
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Checks a name or identifier. A name is fine where it occurs together with the claim's other names (or
 * anywhere, when it is the claim's only name). A name that occurs only away from them, in a slot the claim
 * talks about ("author: TJ Holowaychuk" in another package's record), is a swapped entity: the value in the
 * same slot of the subject's record is the correction. A name found nowhere is contradicted by a name in the
 * same slot when there is one ("namespace: payments-staging"), else unsupported.
 */
export function checkName(figure: ClaimFigure, scope: ClaimScope): FigureResult {
  const records = scope.recordsOf.get(figure)!;
  const others = [...scope.recordsOf].filter(([f]) => f !== figure);
  const subjectRecords = new Set(others.flatMap(([, r]) => [...r]));
  const ranked = rank(figure, scope.facts, scope.claimStems, subjectScore(scope, figure), scope.fullStems, nearStems(figure, scope));
  const agree = ranked.filter((r) => compare(figure.value, r.fact.value) === "match");
  const inSubject = (r: Scored) => subjectRecords.size === 0 || subjectRecords.has(r.fact.chunk.evidenceId);
  // A replacement name must sit under a key the claim names ("Namespace: payments-staging"): in prose a
  // nearby different name is no evidence of a swap.
  // The attribute, not a path segment above it: "in Iceland" names no `registrant.state`, though it says "registrant".
  const keyed = (r: Scored) => [...attributeStems(r.fact)].some((k) => scope.claimStems.has(k) || hasCanon(scope.claimStems, k));
  // Nor from another array element than those the claim's other names and dates pick (another row's value).
  const inPicked = pickedElements(scope, figure, true) ?? (() => true);
  const replacement = () =>
    ranked.find(
      (r) =>
        r.slotHits > 0 &&
        keyed(r) &&
        inSubject(r) &&
        inPicked(r.fact) &&
        compare(figure.value, r.fact.value) === "mismatch" &&
        sameShape(figure, r.fact) &&
        !statedElsewhere(figure, r.fact, scope),
    );
  // The claim's subject as a row (see `rowSubject`), read at most once and only where needed.
  let rowRead = false;
  let rowFound: ClaimFigure | undefined;
  const byRowSubject = (): ClaimFigure | undefined => {
    if (!rowRead) [rowRead, rowFound] = [true, rowSubject(figure, scope)];
    return rowFound;
  };
  const subject =
    [...scope.recordsOf.keys()].find((f) => f !== figure && isIdentifier(f, scope.recordsOf.keys())) ??
    // Not when the name checked is a title too: the claim then lists elements by their names ("Genres: Action,
    // Science Fiction, Adventure").
    (titlesSome(figure, scope)
      ? undefined
      : [...scope.recordsOf.keys()].find((f) => f !== figure && f.span[0] < figure.span[0] && titlesOneElement(f, scope))) ??
    // A name after a slot's preposition ("stayed at Juniper Cottage") is a value of the subject's row, even
    // where it titles an element of another list (the listing's own record).
    byRowSubject();
  // A possessive ("Binh matched Rosa's 10 credits") names an owner of its own, no value of the subject's slot.
  const owner = figure.value.type === "name" && figure.value.n.possessive === true;
  if (records.size > 0 && figure.value.type === "name" && subject?.value.type === "name" && !owner) {
    // Within one record, an array element is one entity: a name that the claim gives its identifier's entity
    // ("OPS-1 is assigned to Lee Park") must occur in that entity's element, not only in another one.
    const n = figure.value.n;
    const id = subject.value.n;
    const rows = new Map<string, string>();
    const recordOf = new Map<string, string>();
    for (const f of scope.facts)
      if (f.row !== undefined && f.rowId !== undefined) {
        rows.set(f.rowId, f.row);
        recordOf.set(f.rowId, f.chunk.evidenceId);
      }
    // An element nested in a record whose own top-level fields name the identifier ("tracking_number:
    // PX-1" above `events[1]`) is that entity's too: a parcel's events, an order's lines.
    const nestedInOwn = (rowId: string): boolean => {
      const text = scope.context.ledger.get(recordOf.get(rowId) ?? "")?.text ?? "";
      return text.split("\n").some((line) => {
        const colon = line.indexOf(": ");
        return colon > 0 && !line.slice(0, colon).includes("[") && nameOccursIn(id, line.slice(colon + 2));
      });
    };
    const own = [...rows].filter(([rowId, row]) => nameOccursIn(id, row) || nestedInOwn(rowId));
    const holding = [...rows].filter(([, row]) => nameOccursIn(n, row));
    // A claim about several elements ("Aspirin (CID 2244): C9H8O4; Salicylic acid (CID 338): C7H6O3") names
    // the holding element too, by another of its names: the name is that element's, no swap.
    const otherNames = [...scope.recordsOf.keys()].flatMap((f) => (f !== figure && f !== subject && f.value.type === "name" ? [f.value.n] : []));
    const holdingNamed = holding.some(([, row]) => otherNames.some((o) => nameOccursIn(o, row))) || coordinated(scope.text, subject, figure);
    if (own.length > 0 && holding.length > 0 && !holdingNamed && !holding.some(([rowId]) => own.some(([o]) => o === rowId))) {
      // A subject known only by the one row it is in settles no replacement: its row may be another's.
      const byRow = subject === byRowSubject();
      const other = byRow ? undefined : (replacement()?.fact ?? ownSlotValue(figure, new Set(own.map(([rowId]) => rowId)), scope));
      if (other)
        return {
          figure,
          outcome: "mismatch",
          best: other,
          score: 3,
          note: `occurs only in another element than ${id.text}'s, which states ${surface(other)} for this slot`,
        };
      return { figure, outcome: "unsettled", score: 0, note: `occurs only in other elements than ${id.text}'s` };
    }
  }
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
  if (
    figure.span[0] === 0 &&
    figure.value.type === "name" &&
    (figure.value.n.possessive === true || ordinaryOpener(figure.value.n.text, scope)) &&
    !/\s/.test(figure.value.n.text) &&
    others.some(([, r]) => r.size > 0)
  ) {
    // A capitalised word opening the claim ("Upstream's", "License-wise") beside names that are found is an
    // ordinary word, not an invented entity, when it is a possessive or the evidence uses it in lower case.
    return { figure, outcome: "match", score: 0, note: "sentence-initial word not in the evidence; the claim's other names are" };
  }
  // A name found nowhere is a swapped value only where the claim's subject is known: a "key: value" claim
  // ("namespace: payments-prod"), or a claim whose other names are found. An unknown subject ("Order A-1002
  // was delivered") is unsupported: correcting it to another order's id would pin the claim on that order.
  // An initialism of an evidence term ("the PR run" for `event: pull_request`) is the tool's own word.
  if (figure.value.type === "name" && abbreviatesEvidence(figure.value.n.text, scope.context.ledger))
    return { figure, outcome: "unknown", score: 0, note: "an initialism of a term of the evidence" };
  // A season ("For Fall 2024") names the claim's period, a qualifier: no value of a slot to correct.
  if (figure.value.type === "name" && SEASON.test(figure.value.n.text))
    return { figure, outcome: "unknown", score: 0, note: "a season: the claim's period, not a value" };
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
  if (figure.value.type === "name" && inPairSymbol(figure.value.n.text, scope.context.ledger))
    return { figure, outcome: "match", score: 0, note: "one side of a market pair symbol of the evidence" };
  return { figure, outcome: "absent", score: 0, note: "occurs nowhere in the evidence" };
}

/** Whether two names are coordinated in the claim ("web-01 and web-02 had 2 changes each"): both are its subjects. */
function coordinated(text: string, a: ClaimFigure, b: ClaimFigure): boolean {
  const [first, second] = a.span[0] < b.span[0] ? [a, b] : [b, a];
  return /^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*|\/\s*)$/.test(text.slice(first.span[1], second.span[0]));
}

/**
 * Whether a replacement is a name of the claim's kind: an ordinary word in lower case ("quadruple-blind") is
 * replaced by no code with digits ("BWT-ZLV-201"), nor such a code by a lower-case word. A study's id is no
 * value of what the study is called; a licence ("MIT" for "Apache-2.0") or a flight ("UA 90") still is.
 */
function sameShape(figure: ClaimFigure, fact: EvidenceFact): boolean {
  if (figure.value.type !== "name" || fact.value.type !== "name") return true;
  const word = (t: string) => /^[\p{Ll}]+(?:-[\p{Ll}]+)*$/u.test(t);
  const code = (t: string) => /\d/.test(t);
  const [a, b] = [figure.value.n.text, fact.value.n.text];
  return !((word(a) && code(b)) || (code(a) && word(b)));
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
