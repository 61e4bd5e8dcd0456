/**
 * The typed-slot reading of a claim's figure in tier 0 (see `typed-slot.ts`): the words that govern the
 * figure, what it counts, its period, and the values of the claim's own entity that a mismatch must stand on.
 */
import type { DateMention } from "../quantity/types.js";
import { dateRanges, dayKey, inRange } from "./date-ranges.js";
import { nameOccursIn } from "../quantity/names.js";
import { wordAt } from "./category-values.js";
import { ID_KEY_SOURCE } from "./id-keys.js";
import type { ClaimFigure } from "./claim-figures.js";
import { surface } from "./corrections.js";
import { compare, compatible, hasCanon } from "./figure-compare.js";
import { type EvidenceFact, fieldPath, keyDenominator, passageFacts } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import { stemOf } from "../text/tokenize.js";
import { STOP_WORDS } from "../text/stop-words.js";
import {
  attributeAgrees,
  dimensionStems,
  evidenceReading,
  fieldStemsOf,
  kindStemsOf,
  attributeStrength,
  swappedInto,
  kindAgrees,
  MONEY_FIELD,
  moneyField,
  readSlot,
  recordsWithDecimalAmounts,
  WEAK_STEMS,
} from "./typed-slot.js";
import { type FigureResult, type ClaimScope, nearStems, statedElsewhere } from "./claim-scope.js";

/** Stems of count nouns that say nothing of what is counted ("24 units in stock", "3 items", "restarted 3 times"). */
export const GENERIC_COUNTER = new Set(["unit", "item", "piec", "pc", "pcs", "copi", "instanc", "entri", "time"]);

/** Stems of what a plain number counts: its unit word and the two words after it ("28 published versions"). */
export function nounAfter(text: string, unit: string | null): Set<string> {
  const after = /^\s*((?:[A-Za-z-]+\s+){0,2}[A-Za-z-]+)?/.exec(text)?.[1] ?? "";
  const stems = featuresOf(`${unit ?? ""} ${after}`).stems;
  for (const s of stems) if (GENERIC_COUNTER.has(s) || /^\d/.test(s)) stems.delete(s);
  return stems;
}

/** The claim figure's count noun (a plain number's), or null. */
export function countedNoun(figure: ClaimFigure, scope: ClaimScope): Set<string> | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "number") return null;
  const noun = nounAfter(scope.text.slice(figure.span[1]), null);
  return noun.size > 0 ? noun : null;
}

/**
 * Stems of the draft up to the end of the claim's unit, once per verify and unit end: words the answer wrote
 * up to there (an elliptical clause's noun).
 */
const draftStemsOf = new WeakMap<object, Map<number, Set<string>>>();
function draftStems(scope: ClaimScope): Set<string> {
  let byEnd = draftStemsOf.get(scope.context);
  if (byEnd === undefined) {
    byEnd = new Map();
    draftStemsOf.set(scope.context, byEnd);
  }
  const end = Math.min(200_000, scope.readEnd);
  let stems = byEnd.get(end);
  if (stems === undefined) {
    stems = featuresOf(scope.context.draft.slice(0, end)).stems;
    byEnd.set(end, stems);
  }
  return stems;
}

/**
 * A mismatch stands only on a typed slot (see `readSlot`): among `pool`, the values of the figure's kind
 * whose field a governing word of the figure names must agree on one value, and none with the claim.
 * Otherwise a value of the slot that agrees makes a match, and anything else leaves the figure unsettled.
 */
export function typedSlot(r: FigureResult, pool: readonly EvidenceFact[], scope: ClaimScope, statedOther: readonly EvidenceFact[] = []): FigureResult {
  if (r.outcome !== "mismatch") return r;
  // A figure of another period than the record's own ("down from 171 kWh the month before") has no slot here,
  // and a page of returned rows counts no total the record states (`total: 34` beside 4 `issues`).
  if (otherPeriod(r.figure, scope))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `a figure of another period than the record's (nearest: ${surface(r.best!)})` };
  if (anotherEntity(scope))
    return {
      figure: r.figure,
      outcome: "unsettled",
      score: 0,
      note: `the claim introduces another entity than those the tool returned (nearest: ${surface(r.best!)})`,
    };
  if (r.best?.value.type === "quantity" && r.best.value.q.count && TOTAL_FIELD.test(scope.context.ledger.get(r.best.chunk.evidenceId)?.text ?? "")) {
    // The total the page stands beside is the count ("There are 34 issues" for `total: 34` over 4 rows).
    const evidenceId = r.best.chunk.evidenceId;
    const total = pool.find(
      (f) => f.chunk.evidenceId === evidenceId && f.rowId === undefined && TOTAL_KEY_LINE.test(f.quote.text) && compare(r.figure.value, f.value) === "match",
    );
    if (total)
      return {
        figure: r.figure,
        outcome: "match",
        best: total,
        score: r.score,
        note: "agrees with the total the tool states beside its page of rows",
        anchored: true,
      };
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `the tool returned a page of rows beside a total field (nearest: ${surface(r.best)})` };
  }
  const governing = governingStems(r.figure, scope);
  const stated = pool.filter((f) => compare(r.figure.value, f.value) === "match" || !statedElsewhere(r.figure, f, scope));
  // Only the claim's entity's values fill its slot: with a specific subject named, its own records'.
  const own = scope.subjectRecords.size > 0 ? stated.filter((f) => scope.subjectRecords.has(f.chunk.evidenceId)) : stated;
  const keep = pickedElements(scope);
  const candidates = keep === null ? own : own.filter(keep);
  // The elements the claim picks by its other names and dates: a figure never picks its own element.
  const picks = pickedElements(scope, r.figure)?.picks;
  // The claim picks its entity by a name found in the evidence, or by an element its names or dates anchor.
  const picked =
    scope.subjectRecords.size > 0 ||
    candidates.length < own.length ||
    r.note.startsWith("the array element the claim is about") ||
    candidates.some((f) => f.rowId !== undefined && picks?.(f.rowId) === true);
  const reading = readSlot(r.figure.value, governing, candidates, picked, picks, scope.claimStems, draftStems(scope));
  if (reading.outcome === "match")
    return { figure: r.figure, outcome: "match", best: reading.fact, score: r.score, note: "agrees with the value of its typed slot", anchored: true };
  if (reading.outcome === "unsettled") return { figure: r.figure, outcome: "unsettled", score: 0, note: `${reading.reason} (nearest: ${surface(r.best!)})` };
  // A value the claim states for another figure is no reading of this one, but it still fills the slot: with
  // it the slot holds two values, and which is this figure's is not known ("May rent was $2,125, ... leaving
  // $552 outstanding on rent" beside `monthly_rent_cents` and `offered_rent_cents`).
  const everyValue = [...pool, ...statedOther];
  const withStated = scope.subjectRecords.size > 0 ? everyValue.filter((f) => scope.subjectRecords.has(f.chunk.evidenceId)) : everyValue;
  const allCandidates = keep === null ? withStated : withStated.filter(keep);
  if (allCandidates.length > candidates.length) {
    const all = readSlot(r.figure.value, governing, allCandidates, picked, picks, scope.claimStems, draftStems(scope));
    if (all.outcome === "unsettled")
      return {
        figure: r.figure,
        outcome: "unsettled",
        score: 0,
        note: `${all.reason}, one of them stated for another figure (nearest: ${surface(reading.fact)})`,
      };
  }
  // The slot's reading is the page's row count beside a total field: the count does not settle the total.
  const read = reading.fact;
  if (read.value.type === "quantity" && read.value.q.count && TOTAL_FIELD.test(scope.context.ledger.get(read.chunk.evidenceId)?.text ?? ""))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `the tool returned a page of rows beside a total field (nearest: ${surface(read)})` };
  const held = heldElsewhere(r.figure, reading.fact, candidates, scope);
  if (held) return held;
  const ownWords = featuresOf(governingText(r.figure, scope)).stems;
  if (remainderOfOther(ownWords, read))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `what is left, which no field holds (nearest: ${surface(read)})` };
  if (boundApart(ownWords, read))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `a bound and a reading are apart (the figure's words and ${surface(read)})` };
  // An amount only the money vocabulary names, beside a rate the claim states ("At 8¢ per kWh that's about
  // $1.11 earned"): it may be computed from that rate, no value of the record's one money field.
  if (onlyVocabularyNames(r.figure, governing, read) && statesRate(scope.text, r.figure))
    return { figure: r.figure, outcome: "unsettled", score: 0, note: `an amount the claim may compute from the rate it states (nearest: ${surface(read)})` };
  // The note names the value the slot reading settled on, which may not be the nearest ranked one.
  const said = r.best ? surface(r.best) : "";
  const note = said && reading.fact !== r.best ? r.note.replace(said, surface(reading.fact)) : r.note;
  return { ...r, best: reading.fact, note: `${note.replace(/ for this slot$/, "")} for its typed slot` };
}

/**
 * When the claim's names pick some elements of an array (`rows[1].region: eu-west-1`), the other elements
 * of that array are other entities: their values are no candidates for the claim's slot. A claim that names
 * no element picks them by its dates instead ("in June" picks the row whose `month` is June; a qualifier
 * restricts the period, it is not an asserted value). Both pick when both do, across nesting: "Backups
 * ... in June" picks `months[1].services[3]`, the backup service's element inside June's, and every other
 * element of either array (another month's backup element too) is another entity or period.
 * With `either`, an element that the names or the dates pick is kept.
 */
export function namedRows(facts: EvidenceFact[], scope: ClaimScope, self?: ClaimFigure, either = false): EvidenceFact[] {
  const keep = pickedElements(scope, self, either);
  return keep === null ? facts : facts.filter(keep);
}

/** The array an element id lies in, its own index dropped: `e1:rows[2].items[]` for `e1:rows[2].items[3]`. */
function arrayOf(rowId: string): string {
  return rowId.replace(/\[\d+\]$/, "[]");
}

/** An element's id line (`[0].unit_id: 4B`, `items[2].key: A-12`): a key that identifies, a value of letters and digits. */
const ID_LINE = new RegExp(String.raw`(?:^|\n)[^\n:]*?(?:^|[.\]])${ID_KEY_SOURCE}(?:\[\d+\])?: ([A-Za-z0-9][\w-]{0,15})(?=\n|$)`, "g");

/**
 * Whether the claim writes an element's id as a word ("unit 4B" for `unit_id: 4B`), when the id mixes letters
 * and digits: a bare number ("id: 12") could be any figure of the claim.
 */
function idWritten(row: string, lowerClaim: string): boolean {
  return idsOf(row).some((id) => wordAt(lowerClaim, id) >= 0);
}

/** Rows whose ids {@link idsOf} read last, most recent last (a long draft asks about the same rows claim after claim). */
const ROW_IDS = new Map<string, string[]>();
const ROW_IDS_MAX = 1024;

/** The ids of a row's id lines that mix letters and digits, lower-cased. */
function idsOf(row: string): string[] {
  let ids = ROW_IDS.get(row);
  if (ids !== undefined) return ids;
  ids = [];
  for (const m of row.matchAll(ID_LINE)) {
    const id = m[1]!.toLowerCase();
    if (/\d/.test(id) && /[a-z]/.test(id)) ids.push(id);
  }
  if (ROW_IDS.size >= ROW_IDS_MAX) ROW_IDS.delete(ROW_IDS.keys().next().value!);
  ROW_IDS.set(row, ids);
  return ids;
}

/** A field whose value is a word and a small number (`device_name: Truck 14`, `gate: Gate 12`). */
const NAMED_NUMBER_VALUE = /(?:^|\n)[^\n:]*: ([A-Za-z][A-Za-z-]{1,23} #?\d{1,4})(?=\n|$)/g;

/** A field of a small number or short code (`rows[3].PARTITION: 4`, `rooms[1].floor: 2`, `rows[3]["PORT"]: 2B`): its key's last name and its value. */
const NUMBER_LINE = /(?:^|\n)[^\n:]*?(?:^|[.\]]|\[")([A-Za-z][A-Za-z-]{2,23})(?:"\])?(?:\[\d+\])?: (\d{1,4}[A-Za-z]?|[A-Za-z]\d{1,4})(?=\n|$)/g;

/**
 * Whether the claim writes an element's numbered field as "<noun> <number>" ("partition 4" for
 * `PARTITION: 4`, "Floor 2" for `floor: 2`): the noun names the field and the number its value, which together
 * name the element as an id would.
 */
function numberWritten(row: string, lowerClaim: string): boolean {
  if (!/\d/.test(lowerClaim)) return false;
  // Or a value that is a word and a number ("device_name: Truck 14", "route: Route 22"), written so in the claim.
  for (const m of row.matchAll(NAMED_NUMBER_VALUE)) {
    const at = wordAt(lowerClaim, m[1]!.toLowerCase());
    if (at >= 0 && !/^[\d.,:]/.test(lowerClaim.slice(at + m[1]!.length))) return true;
  }
  for (const m of row.matchAll(NUMBER_LINE)) {
    const key = m[1]!.toLowerCase();
    let at = lowerClaim.indexOf(key);
    while (at >= 0) {
      const before = at === 0 ? "" : lowerClaim[at - 1]!;
      const rest = lowerClaim.slice(at + key.length);
      if (!/[a-z0-9]/.test(before) && new RegExp(`^s?\\s+(?:#|no\\.\\s*)?${m[2]!.toLowerCase()}(?![\\w.,:])`).test(rest)) return true;
      at = lowerClaim.indexOf(key, at + 1);
    }
  }
  return false;
}

/** An element's kind line (`balances[0].type: annual`): a field that says which kind of thing the element is. */
const KIND_LINE = /(?:^|\n)[^\n:]*?(?:^|[.\]])(?:type|kind|category|class|variant)(?:\[\d+\])?: (\p{Ll}[\p{Ll} _-]{1,23})(?=\n|$)/gu;

/**
 * The elements picked by the word of their kind field the claim writes (`type: annual` for "annual leave"),
 * when the other elements of their array hold other kinds that the claim does not write: "annual" beside
 * "sick". None when the claim writes the kinds of two elements of one array, or of none.
 */
function kindPicked(facts: readonly EvidenceFact[], lowerClaim: string): Set<string> {
  const kinds = new Map<string, string>();
  for (const f of facts) {
    if (f.row === undefined || f.rowId === undefined || kinds.has(f.rowId)) continue;
    const own = f.rowOwnEnd === undefined ? f.row : f.row.slice(0, f.rowOwnEnd);
    const m = KIND_LINE.exec(own);
    KIND_LINE.lastIndex = 0;
    if (m) kinds.set(f.rowId, m[1]!.replace(/_/g, " ").trim());
  }
  const byArray = new Map<string, Array<[string, string]>>();
  for (const [id, kind] of kinds) byArray.set(arrayOf(id), [...(byArray.get(arrayOf(id)) ?? []), [id, kind]]);
  const out = new Set<string>();
  for (const elements of byArray.values()) {
    const written = elements.filter(([, kind]) => wordAt(lowerClaim, kind) >= 0);
    const distinct = new Set(elements.map(([, kind]) => kind));
    if (distinct.size < 2 || new Set(written.map(([, kind]) => kind)).size !== 1) continue;
    for (const [id] of written) out.add(id);
  }
  return out;
}

/**
 * The elements picked by a word of the claim that their own values alone hold among the elements of their
 * array ("checkpointer" in one `ps` row's `COMMAND`): words of four letters or more, no stop word, no word of
 * the array's field names. Every such word must pick the same element of an array; an array of one element,
 * or words that pick different elements, pick nothing.
 */
function wordPicked(facts: readonly EvidenceFact[], lowerClaim: string): Set<string> {
  const words = (lowerClaim.match(/\p{L}[\p{L}-]{3,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w));
  if (words.length === 0) return new Set();
  // Each element's own values, and the words of its field names, per array.
  const values = new Map<string, string>();
  const fieldWords = new Map<string, Set<string>>();
  for (const f of facts) {
    if (f.row === undefined || f.rowId === undefined || values.has(f.rowId)) continue;
    const own = f.rowOwnEnd === undefined ? f.row : f.row.slice(0, f.rowOwnEnd);
    const lines = own.split("\n").filter((l) => l.includes(": "));
    values.set(f.rowId, lines.map((l) => l.slice(l.indexOf(": ") + 2).toLowerCase()).join("\n"));
    const names = fieldWords.get(arrayOf(f.rowId)) ?? new Set<string>();
    for (const l of lines)
      for (const w of l
        .slice(0, l.indexOf(": "))
        .toLowerCase()
        .match(/\p{L}+/gu) ?? [])
        names.add(w);
    fieldWords.set(arrayOf(f.rowId), names);
  }
  const byArray = new Map<string, string[]>();
  for (const id of values.keys()) byArray.set(arrayOf(id), [...(byArray.get(arrayOf(id)) ?? []), id]);
  const out = new Set<string>();
  for (const [array, ids] of byArray) {
    if (ids.length < 2) continue;
    let picked: string | null = null;
    let clash = false;
    for (const w of words) {
      if (fieldWords.get(array)!.has(w)) continue;
      const hits = ids.filter((id) => wordAt(values.get(id)!, w) >= 0);
      if (hits.length !== 1) continue;
      if (picked !== null && picked !== hits[0]) clash = true;
      picked = hits[0]!;
    }
    if (picked !== null && !clash) out.add(picked);
  }
  return out;
}

/**
 * The test {@link namedRows} applies: whether a fact lies in an element the claim picks, or in no array it
 * picks from; `null` when the claim picks no element (every fact is kept). Verdicts per row are memoised.
 */
export function pickedElements(scope: ClaimScope, self?: ClaimFigure, either = false): ElementTest | null {
  // A figure never picks its own element: a name is checked against the elements the claim's other names pick.
  const names = scope.figures.flatMap((x) => (x !== self && x.value.type === "name" ? [x.value.n] : []));
  const dates = scope.figures.filter((x) => x !== self && x.value.type === "date");
  const month = self?.value.type === "date" ? null : qualifierMonth(scope.text);
  const memo = picksOfScope.get(scope) ?? { byName: new Map(), byDate: new Map() };
  picksOfScope.set(scope, memo);
  const nameKey = self?.value.type === "name" ? self : undefined;
  let byName = memo.byName.get(nameKey);
  if (byName === undefined) {
    byName = new Set<string>();
    // An element's row may differ between passages (the lines of the elements holding it): each is read.
    const seen = new Map<string, Set<string>>();
    const lower = scope.text.toLowerCase();
    // Elements that name the claim's entity in their own lines, and those that do only through an element
    // holding them (a match's statistics of each team under its fixture's lines, which name both teams).
    const ownHits = new Set<string>();
    const heldHits = new Set<string>();
    // How many of the claim's names (and its written id or number) each element's own lines hold.
    const hitCount = new Map<string, number>();
    for (const f of scope.facts) {
      if (f.row === undefined || f.rowId === undefined || ownHits.has(f.rowId)) continue;
      const texts = seen.get(f.rowId) ?? new Set<string>();
      if (texts.has(f.row)) continue;
      texts.add(f.row);
      seen.set(f.rowId, texts);
      const own = f.rowOwnEnd === undefined ? f.row : f.row.slice(0, f.rowOwnEnd);
      const hits = names.filter((n) => nameOccursIn(n, own)).length + (idWritten(own, lower) ? 1 : 0) + (numberWritten(own, lower) ? 1 : 0);
      if (hits > 0) {
        ownHits.add(f.rowId);
        hitCount.set(f.rowId, hits);
      } else if (names.some((n) => nameOccursIn(n, f.row!)) || idWritten(f.row, lower)) heldHits.add(f.rowId);
    }
    // "Mara Lind's issue OPS-13": an element that holds two of the claim's names is the one both name, not
    // the other elements that hold one of them (Mara Lind's other issues).
    const most = Math.max(0, ...hitCount.values());
    const best = [...hitCount].find(([, n]) => n === most)?.[0];
    if (most >= 2 && best !== undefined) for (const [id, n] of hitCount) if (n < most && arrayOf(id) === arrayOf(best)) ownHits.delete(id);
    // A name stated in one element's own lines names that element, not its siblings that only sit under the
    // element holding both (nor what lies inside those siblings: the other team's statistics).
    const ownArrays = new Set([...ownHits].map(arrayOf));
    const besideOwn = (id: string) => {
      for (const m of id.matchAll(/\[\d+\]/g)) {
        const element = id.slice(0, m.index! + m[0].length);
        if (ownArrays.has(arrayOf(element)) && !ownHits.has(element)) return true;
      }
      return false;
    };
    for (const id of ownHits) byName.add(id);
    for (const id of heldHits) if (!besideOwn(id)) byName.add(id);
    // With no name, an element whose kind field's word the claim writes ("annual leave" for `type: annual`
    // beside `type: sick`) is the claim's.
    // Only for a claim of one figure: "Adult tickets are $18.50, seniors $14" gives each kind its own figure.
    const figures = scope.figures.filter((x) => x.value.type !== "name").length;
    if (ownHits.size === 0 && heldHits.size === 0 && figures <= 1) for (const id of kindPicked(scope.facts, lower)) byName.add(id);
    // Nor a kind: an element whose own values alone hold a word of the claim ("the checkpointer process" for
    // `COMMAND: postgres: checkpointer`, beside the walreceiver's row) is the claim's.
    if (byName.size === 0 && figures <= 1) for (const id of wordPicked(scope.facts, lower)) byName.add(id);
    // Elements of other lists that refer by id to a named element are the named entity's too.
    for (const [figure, rows] of scope.joinedRows) if (figure !== self) for (const id of rows) byName.add(id);
    memo.byName.set(nameKey, byName);
  }
  let byDate = memo.byDate.get(self);
  if (byDate === undefined) {
    byDate = new Set<string>();
    // A range ("from 11 to 17 March") picks the elements whose first date lies inside it; its dates pick
    // nothing on their own.
    const ranges = dateRanges(
      scope.text,
      dates.flatMap((d) => (d.value.type === "date" ? [d.value.d] : [])),
    );
    const inSomeRange = (d: ClaimFigure) => ranges.some((r) => r.spans.some((s) => s[0] === d.span[0]));
    const single = dates.filter((d) => !inSomeRange(d));
    if (dates.length > 0 || month !== null)
      for (const f of recordDates(scope)) {
        if (f.rowId === undefined || f.value.type !== "date" || byDate.has(f.rowId)) continue;
        if (single.some((d) => compare(d.value, f.value) === "match") || (month !== null && monthOfElement(f) === month)) byDate.add(f.rowId);
      }
    if (ranges.length > 0) for (const [row, first] of firstDates(recordDates(scope))) if (ranges.some((r) => inRange(r, first))) byDate.add(row);
    memo.byDate.set(self, byDate);
  }
  // A named element inside a dated one (or the other way round) is picked by both.
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  const both = new Set<string>();
  for (const a of byName) for (const b of byDate) if (within(a, b)) both.add(a);
  for (const b of byDate) for (const a of byName) if (within(b, a)) both.add(b);
  const skeleton = (id: string) => id.replace(/\[\d+\]/g, "[]");
  const elementsOf = (id: string) => [...id.matchAll(/\[\d+\]/g)].map((m) => id.slice(0, m.index! + m[0].length));
  // `either`: an element that the claim's names or its dates pick (a figure may be another element's than
  // the claim's name: "sent $10 by wire with a $1.50 fee" on the same day), unless it lies in an element of
  // an outer array that the other kind of pick passes over ("Backups ... in June" keeps May's backup element out).
  const consistent = (id: string, other: Set<string>) => {
    const levels = new Set([...other].map(skeleton));
    // Outer levels only: at its own level an element sits beside the other picks, as a figure's own element may.
    return elementsOf(id)
      .slice(0, -1)
      .every((e) => !levels.has(skeleton(e)) || other.has(e) || [...other].some((o) => within(o, e)));
  };
  const named = either
    ? new Set([...[...byName].filter((id) => consistent(id, byDate)), ...[...byDate].filter((id) => consistent(id, byName))])
    : both.size > 0
      ? both
      : byName.size > 0
        ? byName
        : byDate;
  if (named.size === 0) return null;
  // The picked elements and the elements that hold them; any other element of the same arrays is another's.
  const picked = new Set<string>();
  for (const id of named) for (const e of elementsOf(id)) picked.add(e);
  const arrays = new Set([...picked].map(skeleton));
  const byRow = new Map<string, boolean>();
  const keep: ElementTest = (f) => {
    if (f.rowId === undefined) return true;
    let kept = byRow.get(f.rowId);
    if (kept === undefined) {
      // Kept when every element on its path is picked, or lies in an array the claim picks nothing from.
      kept = elementsOf(f.rowId).every((e) => picked.has(e) || !arrays.has(skeleton(e)));
      byRow.set(f.rowId, kept);
    }
    return kept;
  };
  // An element the claim picked itself (by a name or date in it), not one kept only for lying outside the picks.
  keep.picks = (rowId) => named.has(rowId);
  return keep;
}

/** The test of {@link pickedElements}, with `picks`: whether an element (a fact's `rowId`) is one the claim picked. */
export type ElementTest = ((f: EvidenceFact) => boolean) & { picks?: (rowId: string) => boolean };

/** Per claim: the elements its names pick, and per figure the elements its other dates pick. */
const picksOfScope = new WeakMap<ClaimScope, { byName: Map<ClaimFigure | undefined, Set<string>>; byDate: Map<ClaimFigure | undefined, Set<string>> }>();

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** "in June", "for March", "during October": a month named without a year, a qualifier of the claim's period. */
const MONTH_QUALIFIER =
  /\b(?:[Ii]n|[Ff]or|[Dd]uring|of|[Oo]ver|[Tt]hrough)\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b(?!\s*\d)/;

/** The month (1-12) a claim's qualifier names without a year, or null. */
function qualifierMonth(text: string): number | null {
  const m = MONTH_QUALIFIER.exec(text);
  return m ? MONTHS.indexOf(m[1]!.toLowerCase()) + 1 : null;
}

/** The key of a period's end bound: `TimePeriod.End`, `period_end`, `endDate`, `to`, `until`. */
const END_KEY = /(?:^|[._[\]"])(?:end|to|until|end_?date|period_?end)["\]]*$|[a-z](?:End|EndDate|To)["\]]*$/i;

/**
 * The month a date gives the element it sits in: an end bound on the first of a month is exclusive, as
 * AWS Cost Explorer's `TimePeriod: {Start: 2023-05-01, End: 2023-06-01}` is May, so it closes the month before.
 */
function monthOfElement(f: EvidenceFact): number | null {
  if (f.value.type !== "date") return null;
  const d = f.value.d;
  const key = fieldPath(f);
  if (d.day === 1 && d.month !== null && END_KEY.test(key) && (d.instant === null || /T00:00(?::00)?/.test(d.instant))) return d.month === 1 ? 12 : d.month - 1;
  return d.month;
}

/** Most chunks of one record read for its array elements (the dates that pick them, the rows a name counts). */
const RECORD_CHUNKS = 24;

const elementsOfScope = new WeakMap<ClaimScope, EvidenceFact[]>();

/**
 * The facts in array elements of the records the claim's facts come from, read whole (up to
 * {@link RECORD_CHUNKS} chunks each): the element a claim's month picks may hold its date in a chunk that was
 * not retrieved, and a count of named elements needs every element. Memoised per claim.
 */
export function recordElementFacts(scope: ClaimScope): EvidenceFact[] {
  const cached = elementsOfScope.get(scope);
  if (cached) return cached;
  const out = scope.facts.filter((f) => f.rowId !== undefined);
  const seen = new Set(scope.facts.map((f) => f.chunk.id));
  const ledger = scope.context.ledger;
  for (const id of new Set(out.map((f) => f.chunk.evidenceId))) {
    const json = ledger.get(id)?.format === "json";
    for (const chunk of ledger.chunksOf(id).slice(0, RECORD_CHUNKS)) {
      if (seen.has(chunk.id)) continue;
      seen.add(chunk.id);
      for (const f of passageFacts(ledger, chunk, json).facts) if (f.rowId !== undefined) out.push(f);
    }
  }
  elementsOfScope.set(scope, out);
  return out;
}

const datesOfScope = new WeakMap<ClaimScope, EvidenceFact[]>();

/** The dates of {@link recordElementFacts}. */
/** Each element's earliest date (an interval element is known by its start: `interval_start`, not `interval_end`). */
function firstDates(dates: readonly EvidenceFact[]): Map<string, DateMention> {
  const first = new Map<string, DateMention>();
  for (const f of dates) {
    if (f.rowId === undefined || f.value.type !== "date") continue;
    const d = f.value.d;
    const was = first.get(f.rowId);
    const key = (x: DateMention) => dayKey(x, true) ?? Number.POSITIVE_INFINITY;
    if (!was || key(d) < key(was)) first.set(f.rowId, d);
  }
  return first;
}

function recordDates(scope: ClaimScope): EvidenceFact[] {
  let dates = datesOfScope.get(scope);
  if (!dates) datesOfScope.set(scope, (dates = recordElementFacts(scope).filter((f) => f.value.type === "date")));
  return dates;
}

/**
 * Field words that make a value a reference's (the county's average, the market price, a target, a cap), not
 * the entity's own: `county_avg_bu_per_acre`, `target_minutes`, `market_price`.
 */
const REFERENCE_WORDS = new Set(
  "counti state nation region market industri peer benchmark target goal budget plan quota forecast baselin threshold".split(" "),
);

/**
 * A difference read from a field that no word beside the figure names, while another field of the claim's
 * entity holds the figure's very value ("TR-214 is in service ..., at 412,880 km" against `odometer_km:
 * 412880` and `next_service_km: 420000`: "service" named the other field from another phrase), or a
 * reference's value no word names (`county_avg_bu_per_acre`). Which field
 * the figure means is then not settled: `unsettled`, never a correction to the other field's value.
 */
function heldElsewhere(figure: ClaimFigure, slotValue: EvidenceFact, candidates: readonly EvidenceFact[], scope: ClaimScope): FigureResult | null {
  const near = nearStems(figure, scope);
  // The money vocabulary ("charges", "costs", "paid") names any amount: only another word beside the figure
  // names the field ("$44.90 an hour" against `minimum_charge` and `hourly_rate`).
  const names = (w: string) =>
    !(figure.value.type === "quantity" && figure.value.q.kind === "money" && MONEY_FIELD.has(w)) && (near.has(w) || hasCanon(near, w));
  const same = candidates.find((f) => f !== slotValue && f.structured && kindAgrees(figure.value, f) && compare(figure.value, f.value) === "match");
  if (!same) return null;
  // A word beside the figure that names the slot's field settles it, unless the field is a reference's value
  // that no word names ("corn averaged 195 bu/acre" names `avg` of `county_avg_bu_per_acre`, not `county`,
  // while `yield_bu_per_acre` holds 195).
  const slotField = fieldStemsOf(slotValue);
  const holderField = fieldStemsOf(same);
  const unnamedReference = [...slotField].some((w) => REFERENCE_WORDS.has(w) && !holderField.has(w) && !names(w));
  if ([...slotField].some(names) && !unnamedReference) return null;
  // Nor when that is the other field's value put in this one (see `swappedInto`).
  if (swappedInto(slotValue, same, scope.claimStems)) return null;
  return {
    figure,
    outcome: "unsettled",
    score: 0,
    note: `the claim's entity holds this value under another field (${surface(same)}); the field no word beside the figure names (${surface(slotValue)}) settles nothing`,
  };
}

/**
 * The figure's typed slot read first, among the values of the claim's entity and period (see `readSlot`):
 * a value of that slot decides, whatever another record's value of the same number says. `null` when the
 * slot is not settled.
 */
export function typedFirst(figure: ClaimFigure, pool: readonly EvidenceFact[], scope: ClaimScope): FigureResult | null {
  const own = pool.filter((f) => compare(figure.value, f.value) === "match" || !statedElsewhere(figure, f, scope));
  // The claim's entity is its subject's records when it names a specific one: another record's equal number
  // (a prose page about another package) is no value of its slot.
  const entity = scope.subjectRecords.size > 0 ? own.filter((f) => scope.subjectRecords.has(f.chunk.evidenceId)) : own;
  const keep = pickedElements(scope, figure);
  const candidates = keep === null ? entity : entity.filter(keep);
  const picked = scope.subjectRecords.size > 0 || candidates.length < entity.length;
  if (!picked) return null;
  const governing = governingStems(figure, scope);
  const reading = readSlot(figure.value, governing, candidates, picked, keep?.picks, scope.claimStems, draftStems(scope));
  if (reading.outcome === "match")
    return { figure, outcome: "match", best: reading.fact, score: 3, note: "agrees with the value of its typed slot", anchored: true };
  // A difference read first must be sure of its slot: a figure (not a date or version, whose slots a word
  // rarely names) whose own word names the field outright (`review_count` for "2,990 reviews"), of the same
  // written kind.
  if (reading.outcome === "mismatch" && figure.value.type === "quantity" && reading.fact.value.type === "quantity") {
    // The claim's own words, not the unit's dimension ("MB" names no field), must name the field.
    const own = featuresOf(governingText(figure, scope)).stems;
    // Or an amount the claim qualifies in no way, read as the record's total (see `readSlot`).
    // A slot synonym names it too ("a table for 6" names `party_size`, "costs" names `price`).
    const direct =
      (reading.byTotal === true || [...fieldStemsOf(reading.fact)].some((w) => own.has(w) || hasCanon(own, w))) && !remainderOfOther(own, reading.fact);
    const sameKind = evidenceReading(reading.fact.value.q, kindStemsOf(reading.fact)).kind === figure.value.q.kind;
    // Not a figure in words ("about a third"), which states no precision; not a count of the rows a tool
    // returned (a page of 4 issues is no total of 34); not a figure of another period ("the month before").
    const loose = figure.value.q.word || reading.fact.value.q.count === true || otherPeriod(figure, scope) || rangeEndOfOtherField(figure, reading.fact, scope);
    // And a structured value: in prose, the words near a number are a weak sign of its slot.
    if (direct && sameKind && !loose && reading.fact.structured && !boundApart(own, reading.fact))
      return (
        heldElsewhere(figure, reading.fact, candidates, scope) ?? {
          figure,
          outcome: "mismatch",
          best: reading.fact,
          score: 3,
          note: `the claim's entity states ${surface(reading.fact)} for its typed slot`,
        }
      );
  }
  return null;
}

/** Words that make a figure what is left of a whole ("6 seats left", "12 spots remaining"). */
const REMAINDER = featuresOf("left remaining remain available spare unused vacant").stems;

/** Field words of a whole or of the part used of it (`seatsTotal`, `seats_taken`, `capacity`, `booked`). */
const WHOLE_OR_USED = featuresOf("total capacity max maximum limit cap taken used booked sold filled enrolled reserved occupied claimed").stems;

/**
 * Whether the figure's words say it is what is left ("6 seats left") while the field is the whole or the
 * part used (`seatsTotal`, `seatsTaken`): the figure is a difference of fields, and the field no reading of
 * it. A level (`toner_black_pct` for "20% toner left") is what is left, and still reads it.
 */
function remainderOfOther(own: ReadonlySet<string>, fact: EvidenceFact): boolean {
  if (![...own].some((w) => REMAINDER.has(w))) return false;
  return [...fieldStemsOf(fact)].some((w) => WHOLE_OR_USED.has(w));
}

/** Words that make a value in prose a bound or a reference ("limit +5%", "target 40", "max 12 kg"). */
const BOUND_WORDS = featuresOf("limit cap ceiling tolerance threshold target goal quota budget max maximum min minimum").stems;

/**
 * Whether a prose value is a bound that its own label names ("baseline 60 mm, limit +5%") while the
 * figure's words name no bound ("about 3% over its baseline"): the figure is a reading measured against it,
 * and the bound no value of its slot.
 */
function unnamedBound(own: Set<string>, fact: EvidenceFact): boolean {
  const bound = [...boundLabel(fact)];
  return bound.length > 0 && !bound.some((w) => own.has(w) || hasCanon(own, w));
}

/** The bound words of a value's own label: its field's, or in prose the word right before it. */
function boundLabel(fact: EvidenceFact): Set<string> {
  if (fact.structured) return new Set([...fieldStemsOf(fact)].filter((w) => BOUND_WORDS.has(w)));
  const at = fact.span[0] - fact.quote.span[0];
  const label = /([\p{L}]+)\W{0,3}$/u.exec(fact.quote.text.slice(Math.max(0, at - 24), Math.max(0, at)))?.[1];
  return new Set(label ? [...featuresOf(label).stems].filter((w) => BOUND_WORDS.has(w)) : []);
}

/** Words of a key that make all its values bounds (`limits.water_temp_c.max`, `rate_limit.limit`). */
const KEY_BOUND_WORDS = featuresOf("limit limits cap ceiling tolerance threshold target goal quota budget").stems;

/**
 * Whether a keyed value is a bound by its key (`limits.water_temp_c.max: 32.0`, `rate.limit: 100`): a
 * segment that holds it is a bound's, or its own segment is a bound's word alone. A count of crossings
 * (`speed_limit_exceedances`) is no bound, nor a value whose own segment the claim writes ("42 requests
 * remaining" for `rate_limit.remaining`). The figure's words must name no bound (see `boundApart`).
 */
function keyedBound(own: Set<string>, fact: EvidenceFact): boolean {
  if (![...fact.key].some((w) => KEY_BOUND_WORDS.has(w))) return false;
  const key = /^(.*?):\s/.exec(fact.quote.text)?.[1] ?? "";
  const segments = key.split(/[.[\]"]+/).filter((x) => x !== "" && !/^\d+$/.test(x));
  const last = segments.pop() ?? "";
  if ([...featuresOf(last.replace(/[_-]/g, " ")).stems].some((w) => own.has(w))) return false;
  const bound = (segment: string) => [...featuresOf(segment.replace(/[_-]/g, " ")).stems].some((w) => KEY_BOUND_WORDS.has(w));
  return segments.some(bound) || [...featuresOf(last.replace(/[_-]/g, " ")).stems].every((w) => KEY_BOUND_WORDS.has(w));
}

/**
 * Whether a bound and a reading are apart: a prose bound the figure's words do not name (see
 * `unnamedBound`), or a figure its words call a bound ("over the 0.5% limit") read from a field that holds
 * no bound (`abv_test`). Either way the value is no reading of the figure's slot.
 */
export function boundApart(own: Set<string>, fact: EvidenceFact): boolean {
  if (!fact.structured && unnamedBound(own, fact)) return true;
  const claimBound = [...own].some((w) => BOUND_WORDS.has(w));
  if (!claimBound && fact.structured && keyedBound(own, fact)) return true;
  return claimBound && boundLabel(fact).size === 0;
}

/** A measure written with a noun between its numeral and its unit ("786 business minutes"): the noun. */
const QUALIFIED_UNIT = /^[^\s\d]*[\d.,]+\s+(\p{L}+)\s+\p{L}+$/u;

/**
 * Words that govern a figure in the claim: its neighbours in its clause (else the five words before it,
 * across an appositive's commas), what it counts, its unit, and for a version the word "version" itself.
 */
export function governingStems(figure: ClaimFigure, scope: ClaimScope): Set<string> {
  const text = governingText(figure, scope);
  const out = featuresOf(text).stems;
  // A hyphenated word names a key that writes it joined ("3 e-bikes" for `ebikes_available`) as well as its
  // parts.
  const joined = text.replace(/(?<=\p{L})-(?=\p{L})/gu, "");
  if (joined !== text) for (const s of featuresOf(joined).stems) out.add(s);
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
  // A noun between a measure's numeral and its unit ("786 business minutes") says which field holds it.
  const qualifier = v.type === "quantity" && v.q.kind === "measure" ? QUALIFIED_UNIT.exec(v.q.text) : null;
  if (qualifier) for (const s of featuresOf(qualifier[1]!).stems) out.add(s);
  // An amount fills a money field whatever the words around it ("leaves at 09:40 for €164.20"): the money
  // vocabulary names the slot as a unit's dimension does, weakly (see `readSlot`).
  if (v.type === "quantity" && v.q.kind === "money") {
    const added = new Set([...MONEY_FIELD].filter((s) => !out.has(s)));
    for (const s of added) out.add(s);
    WEAK_STEMS.set(out, added);
  }
  for (const s of countedNoun(figure, scope) ?? []) out.add(s);
  return out;
}

/** Whether only the money vocabulary, no word of the claim's own, names an amount's slot field. */
function onlyVocabularyNames(figure: ClaimFigure, governing: Set<string>, fact: EvidenceFact): boolean {
  if (figure.value.type !== "quantity" || figure.value.q.kind !== "money") return false;
  const weak = WEAK_STEMS.get(governing);
  if (!weak) return false;
  const own = new Set([...governing].filter((g) => !weak.has(g)));
  return !attributeAgrees(own, fact);
}

/** Another amount of the claim given per unit: "8¢ per kWh", "$35/hour", "€120 a night". */
const RATE_AMOUNT = /(?:[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:¢|c\b|cents?\b|p\b|pence\b))\s*(?:per|\/|an?|each)\s*\p{L}/giu;

/** Whether the claim states an amount per unit other than the figure. */
function statesRate(text: string, figure: ClaimFigure): boolean {
  for (const m of text.matchAll(RATE_AMOUNT)) if (m.index! + m[0].length <= figure.span[0] || m.index! >= figure.span[1]) return true;
  return false;
}

/** A field that states a total beside a page of rows (`total: 34`, `totalCount`, `total_results`). */
const TOTAL_FIELD =
  /(?:^|\n)(?:[^\n:]*\.)?(?:total|count|totalCount|total_count|total_[a-z]+|total[A-Z][A-Za-z]*|[a-z]+_count|[a-z]+Count|maxResults)(?:\[\d+\])?: \d/;

/** A total field's own line (`total: 34`, `totalCount: 34`): the one {@link TOTAL_FIELD} finds. */
const TOTAL_KEY_LINE = new RegExp(`^${TOTAL_FIELD.source.replace("(?:^|\\n)", "")}`);

/** Words that put a figure in another period than the record's own ("the month before", "last year"). */
const RELATIVE_PERIOD = /\b(?:before|previous|prior|earlier|ago|last\s+(?:week|month|year|quarter|time)|a\s+year\s+earlier)\b/i;

/** Whether the figure's clause puts it in another period ("171 kWh the month before"), across other figures. */
function otherPeriod(figure: ClaimFigure, scope: ClaimScope): boolean {
  const after = scope.text.slice(figure.span[1]);
  const stop = PHRASE_END.exec(after);
  return RELATIVE_PERIOD.test(`${governingText(figure, scope)} ${stop ? after.slice(0, stop.index) : after}`);
}

/** "There's also a cheaper departure ...", "There is another flight ...": a further entity, not one already returned. */
const ANOTHER_ENTITY = /^\s*there(?:['’]s| is| are| was| were)\s+(?:also\s+(?:an?\s+)?|(?:an?\s+)?other\b|another\b)/i;

/** Whether the claim names no entity of the evidence and introduces one of its own, beyond those returned. */
function anotherEntity(scope: ClaimScope): boolean {
  return scope.subjectRecords.size === 0 && ANOTHER_ENTITY.test(scope.text);
}

/** What ends a figure's phrase: clause punctuation, a dash, or a conjunction. */
const PHRASE_END = /[,;:()\u2013\u2014]|\s-\s|\b(?:and|but|or|while|whereas|so|with)\b/i;

/**
 * The words of a figure's own phrase: up to six words before it and after it, stopping at another figure,
 * clause punctuation or a conjunction ("costs 129.99 USD and 24 units are in stock": "units are in stock"
 * governs 24, "costs" governs 129.99).
 */
/** A short all-capitals term: "TTL", "CPU", "CNAME". */
const INITIALISM = /^\p{Lu}{2,5}$/u;

/** Words after a figure that are no phrase of its own ("$5 as well", "$12 apiece"). */
const FILLER_AFTER = new Set(["well", "apiece", "total", "overall", "altogether", "today", "now", "yet", "already", "again", "instead"]);

function governingText(figure: ClaimFigure, scope: ClaimScope): string {
  // An initialism read as a name ("TTL", "CPU") is a term of the figure's phrase ("a TTL of 30 minutes"), not
  // another figure that ends it.
  const bounds = scope.figures.filter((f) => !(f.value.type === "name" && INITIALISM.test(f.value.n.text)));
  const prevEnd = Math.max(0, ...bounds.filter((f) => f.span[1] <= figure.span[0]).map((f) => f.span[1]));
  const nextStart = Math.min(scope.text.length, ...bounds.filter((f) => f.span[0] >= figure.span[1]).map((f) => f.span[0]));
  // A key right before its value ("total: 4312.5") names the figure: its colon ends nothing.
  const beforeAll = scope.text.slice(prevEnd, figure.span[0]).replace(/:\s*$/, " ");
  const cut = [...beforeAll.matchAll(new RegExp(PHRASE_END.source, "gi"))].pop();
  const before = cut ? beforeAll.slice(cut.index! + cut[0].length) : beforeAll;
  const afterAll = scope.text.slice(figure.span[1], nextStart);
  const stop = PHRASE_END.exec(afterAll);
  const after = stop ? afterAll.slice(0, stop.index) : afterAll;
  const words = (t: string) => t.trim().split(/\s+/).filter(Boolean);
  // A short clause opening before its first figure ("Installed, vim takes about 3.6 GB", "The previous react
  // release, 19.3.0, ...") is all the figure's: its commas set off the subject, not another figure's phrase.
  const opening = scope.text.slice(0, figure.span[0]);
  const first = !scope.figures.some((f) => f.span[1] <= figure.span[0] && f.value.type !== "name");
  // Unless the figure has words of its own after it ("part-paid, $332.50 left of $632.50"): they are its phrase.
  const ownWords = words(after)
    .slice(0, 2)
    .some((w) => /^\p{L}{3,}$/u.test(w) && !STOP_WORDS.has(w.toLowerCase()) && !FILLER_AFTER.has(w.toLowerCase()));
  const lead = first && !ownWords && words(opening).length <= 6 && !/[;.!?]/.test(opening) ? opening.replace(/[,()\u2013\u2014]/g, " ") : before;
  return `${words(lead).slice(-6).join(" ")} ${words(after).slice(0, 6).join(" ")}`;
}

/**
 * A measure against a bare structured number whose field the figure's own words name and whose value is the
 * figure as written ("about 6.7 mm of rain" for `rain.1h: 6.7`, "280 m away" for `distance: 280.4`): the
 * tool states the number in the claim's unit. Only a match: a bare number's unit is unknown, so a
 * difference settles nothing.
 */
export function writtenMeasure(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "measure") return null;
  const written = Number(/[-+]?\d[\d,]*(?:\.\d+)?/.exec(v.q.text)?.[0]?.replace(/,/g, "") ?? NaN);
  if (!Number.isFinite(written) || written === 0) return null;
  const factor = v.q.value / written;
  const own = featuresOf(governingText(figure, scope)).stems;
  const dimensionWords = dimensionStems(v.q.dimension);
  // A rate per the claim's unit (`export_rate_cents_per_kwh` for "13.9 kWh") counts no such units.
  const unitWords = new Set([v.q.unit?.toLowerCase() ?? "", ...featuresOf(v.q.unit ?? "").stems]);
  const perClaimUnit = (f: EvidenceFact) => {
    const per = keyDenominator(f);
    return per !== null && (unitWords.has(per) || unitWords.has(stemOf(per)));
  };
  const read: EvidenceFact[] = [];
  const bare = namedRows(
    scope.facts.filter((x) => !scope.foreign(x.chunk.evidenceId)),
    scope,
    figure,
  ).filter(
    (f) => f.structured && f.value.type === "quantity" && f.value.q.kind === "number" && f.value.q.unit === null && !f.value.q.count && !perClaimUnit(f),
  );
  // A field the claim's words name less well than another they name by the same words and more ("wait" of
  // `longest_wait_min`, beside "average wait" of `avg_wait_min`) is no reading of the figure.
  const strength = (f: EvidenceFact) => attributeStrength(own, fieldStemsOf(f));
  const namers = (f: EvidenceFact) => [...own].filter((w) => attributeAgrees(new Set([w]), f));
  const named = bare.filter((f) => attributeAgrees(own, f));
  const outnamed = (f: EvidenceFact) => {
    const mine = namers(f);
    return named.some((g) => g !== f && strength(g) > strength(f) && mine.every((w) => namers(g).includes(w)));
  };
  for (const f of bare) {
    if (f.value.type !== "quantity") continue;
    // The field is named by the claim's words, or, for a match only and where they name no field, by the
    // measure's dimension (`distance` for "280 m away").
    const namedHere = named.includes(f);
    // Not by the dimension where the claim's own words name another field of it in the same row ("exported
    // 9,640 kWh" names `kwh_export`, not `kwh_import`, though both are in kWh).
    const sameRow = (g: EvidenceFact) => g.chunk.evidenceId === f.chunk.evidenceId && g.rowId === f.rowId;
    if (!namedHere && (!attributeAgrees(dimensionWords, f) || named.some((g) => sameRow(g) && attributeAgrees(dimensionWords, g)))) continue;
    if (namedHere && outnamed(f)) continue;
    const asClaimUnit = { ...f.value.q, kind: "measure" as const, dimension: v.q.dimension, unit: v.q.unit, value: f.value.q.value * factor, alternatives: [] };
    // Or in the dimension's base unit (`distance: 1057.3` in metres for "about 1 km"), or a duration in
    // seconds (`estimate: 10800` for "3 hours"): as APIs most often state them.
    const stated = f.value.q.value;
    const readings = [factor, 1, ...(v.q.dimension === "time" ? [1000] : [])].map((k) => ({ ...asClaimUnit, value: stated * k }));
    if (readings.some((q) => compare(v, { type: "quantity", q }) === "match"))
      return { figure, outcome: "match", best: f, score: 3, note: "the tool's number in the claim's unit, under the field the claim names", anchored: true };
    if (namedHere && APART_UNITS.has(v.q.dimension ?? "") && (scope.subjectRecords.size === 0 || scope.subjectRecords.has(f.chunk.evidenceId)))
      read.push({ ...f, value: { type: "quantity", q: asClaimUnit } });
  }
  // Where a dimension's units lie a factor of ten or more apart (kWh and Wh, MPa and kPa, GHz and MHz), a bare
  // number of the claim's magnitude under the field its own words name is in the claim's unit: one such value
  // settles a difference too. Not for time, length or mass: minutes or seconds, miles or km, lb or kg all fit.
  if (read.length === 0 || figure.value.type !== "quantity" || figure.value.q.word || otherPeriod(figure, scope)) return null;
  const reading = readSlot(v, governingStems(figure, scope), read, scope.subjectRecords.size > 0);
  if (reading.outcome !== "mismatch" || reading.fact.value.type !== "quantity") return null;
  const ratio = reading.fact.value.q.value / v.q.value;
  const direct = [...fieldStemsOf(reading.fact)].some((w) => own.has(w));
  if (!direct || !(ratio > 1 / 3 && ratio < 3)) return null;
  // A value of the claim's dimension that agrees, under a field its words name, is the claim's: no bare number beside it differs.
  if (scope.facts.some((f) => f.value.type === "quantity" && f.value.q.kind === "measure" && compare(v, f.value) === "match" && attributeAgrees(own, f)))
    return null;
  return { figure, outcome: "mismatch", best: reading.fact, score: 3, note: `the tool states ${surface(reading.fact)} in the claim's unit for its typed slot` };
}

/**
 * An amount written to the cent ("€12.30", "$1,175.00") against a whole number under a money field of a record
 * that names its currency (`amount: 1230` beside `currency: eur`): many payment APIs state amounts in
 * minor units. Only a match, and only for a figure written with its cents, where a coincidence is unlikely;
 * a difference settles nothing, since the field may as well be in major units.
 */
export function minorUnitAmount(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  const v = figure.value;
  if (v.type !== "quantity" || v.q.kind !== "money" || v.q.value === 0) return null;
  const toCent = /\d[.,]\d{2}(?!\d)/.test(v.q.text);
  // An approximate amount ("about €2,539") agrees with minor units it rounds ("earnings": "253885") under a
  // field its own words name; a whole amount ("the $15 dispute fee") with the hundredfold integer under the
  // field it names (`fee: 1500`), in a record that writes no amount with decimals (one that does is in major
  // units).
  const whole = !toCent && !v.q.approx && Number.isInteger(v.q.value);
  if (!toCent && !v.q.approx && !whole) return null;
  const cents = Math.round(Math.abs(v.q.value) * 100);
  const decimalRecords = whole ? recordsWithDecimalAmounts(scope.facts) : new Set<string>();
  for (const f of scope.facts) {
    if (!f.structured || f.value.type !== "quantity" || f.value.q.kind !== "money" || !/^-?\d+$/.test(f.value.q.text)) continue;
    if (v.q.currency !== null && f.value.q.currency !== null && v.q.currency !== f.value.q.currency) continue;
    const named = [...fieldStemsOf(f)].some((w) => scope.claimStems.has(w));
    const agrees = toCent
      ? Math.abs(f.value.q.value) === cents
      : whole
        ? named && Math.abs(f.value.q.value) === cents && !decimalRecords.has(f.chunk.evidenceId)
        : named && Math.abs(Math.abs(f.value.q.value) / 100 - Math.abs(v.q.value)) <= v.q.precision;
    if (!agrees) continue;
    if (scope.foreign(f.chunk.evidenceId) || !(moneyField(fieldStemsOf(f)) || named)) continue;
    return { figure, outcome: "match", best: f, score: 3, note: "the tool's amount in minor units (cents) under a money field", anchored: true };
  }
  return null;
}

/** A figure written as an end of a range: "ranged from 4 to 985", "between 30 and 45", "from $56 to $90". */
const RANGE_BEFORE =
  /\b(?:from|between)\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$|\b(?:from|between)\s+[$€£]?\d[\d.,]*\s*[^\s\d]{0,12}\s*(?:to|and|through|–|-)\s*(?:about\s+|around\s+)?[$€£]?$/i;
/** Fields that hold an end of a range or a change: `min`, `max`, `low`, `high`, `from`, `to`, `previous`. */
const END_FIELD =
  /\b(?:min|minimum|max|maximum|low|lowest|high|highest|from|to|start|end|first|last|previous|prev|old|new|current|before|after|open|close|peak|floor|ceiling|range|lower|upper|bound)\b/i;

/**
 * Whether the figure is an end of a range the claim writes ("has ranged from 4 to 985 µg/m³") and the slot it
 * was read in holds no end of one (`latest.value`): a range states its bounds, not the record's current value.
 */
function rangeEndOfOtherField(figure: ClaimFigure, fact: EvidenceFact, scope: ClaimScope): boolean {
  if (!RANGE_BEFORE.test(scope.text.slice(Math.max(0, figure.span[0] - 48), figure.span[0]))) {
    const after = scope.text.slice(figure.span[1], figure.span[1] + 40);
    if (!/^\s*[^\s\d]{0,12}\s*(?:to|and|through|–|-)\s*(?:about\s+|around\s+)?[$€£]?\d/i.test(after)) return false;
    if (!/\b(?:from|between)\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(scope.text.slice(Math.max(0, figure.span[0] - 24), figure.span[0])))
      return false;
  }
  const field = [...fieldStemsOf(fact)].join(" ");
  return !END_FIELD.test(field) && !END_FIELD.test(fact.quote.text.split(": ")[0] ?? "");
}

/** Dimensions whose units lie a factor of ten or more apart, so a bare number's magnitude tells its unit. */
const APART_UNITS = new Set(["energy", "power", "pressure", "frequency"]);

/** Words that name a record's current release ("the current release", "the latest version", "last shipped"). */
const CURRENT_RELEASE = /\b(?:current|latest|newest|most recent|last)\b/i;

/**
 * A date of a release, read from a date keyed by that release (`time["1.2.8"]: 2024-02-27T...`): the claim
 * names the version ("minimist 1.2.8 came out on ...") or the record's current one ("The current release
 * ... landed on ..." reads the record's `version` / `latest` value). The key binds the date's entity, so one
 * keyed date settles the figure either way. `null` when no keyed date is the claim's.
 */
export function versionDate(figure: ClaimFigure, scope: ClaimScope): FigureResult | null {
  if (figure.value.type !== "date") return null;
  const versions = new Set(scope.figures.flatMap((f) => (f.value.type === "version" ? [f.value.v] : [])));
  if (versions.size === 0 && CURRENT_RELEASE.test(scope.text)) {
    for (const f of scope.facts) {
      if (f.value.type !== "version" || (scope.subjectRecords.size > 0 && !scope.subjectRecords.has(f.chunk.evidenceId))) continue;
      if (/(?:^|\.)(?:version|latest)(?:\[\d+\])?: /.test(f.quote.text)) versions.add(f.value.v);
    }
  }
  if (versions.size !== 1) return null;
  const [v] = [...versions];
  const keyed = scope.facts.filter(
    (f) =>
      f.value.type === "date" &&
      !scope.foreign(f.chunk.evidenceId) &&
      (scope.subjectRecords.size === 0 || scope.subjectRecords.has(f.chunk.evidenceId)) &&
      f.quote.text.includes(`["${v}"]: `),
  );
  if (keyed.length !== 1) return null;
  const fact = keyed[0]!;
  if (compare(figure.value, fact.value) === "match")
    return { figure, outcome: "match", best: fact, score: 3, note: `the date of release ${v}`, anchored: true };
  return { figure, outcome: "mismatch", best: fact, score: 3, note: `release ${v} is dated ${surface(fact)}` };
}
