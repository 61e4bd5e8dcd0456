/**
 * The offline default for tier 1: lexical support scoring. A claim is contradicted when the sentence that
 * best covers it states its negation or an antonym; supported when the retrieved evidence holds enough of
 * its content words (the share found, as in a content-word-overlap detector) or tier 0 matched its figures;
 * unsupported otherwise. It decides every claim it sees. A claim that opens with names is covered by what a
 * prose passage says about them: the sentences that name them, the next one unless it opens on another
 * name, and those that go on with a pronoun, not the whole passage. A claim about what the answer's author
 * did or has ("I attended ...") is unsupported: no tool output states it.
 *
 * Thresholds were set on the development files of `shared/data` (see docs/evaluation.md); the NLI model of
 * a later tier replaces this backend where installed.
 */
import type { EvidenceQuote, Passage } from "../schema.js";
import { antonymsOf } from "./antonyms.js";
import { coverage, featuresOf, sentencesOf, type EvidenceSentence, type TextFeatures } from "./lexical-features.js";
import type { Tier, TierContext, TierItem, TierOutcome } from "./tier.js";
import { weightOf } from "../text/word-weights.js";
import { NEGATIONS, STOP_WORDS } from "../text/stop-words.js";
import { extractNames } from "../quantity/names.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import { claimFigures } from "./claim-figures.js";
import { unstatedStatus } from "./unstated-status.js";

export interface LexicalThresholds {
  /**
   * Share of the claim's content words (stems, stop words left out) that the retrieved evidence must hold
   * for support, 0..1. For a prose passage only what it says about the claim's opening names counts.
   */
  support: number;
  /** A claim word at least this rare (bits, SUBTLEX-US) missing from the passage outweighs a figure found in prose. */
  rareWordBits: number;
  /** Best-sentence coverage (0..1, word-weighted) at or above which a polarity or antonym mismatch makes a claim contradicted. */
  contradict: number;
}

/**
 * Defaults set on the dev files of `shared/data` (see docs/evaluation.md): 0.7 is where the share-covered
 * rule has its best balanced accuracy over BEGIN, FaithBench, HaluEval, SummEdits and WiCE taken together.
 */
export const DEFAULT_LEXICAL_THRESHOLDS: LexicalThresholds = {
  support: 0.7,
  rareWordBits: 16,
  contradict: 0.6,
};

interface Alignment {
  passage: Passage;
  sentence: EvidenceSentence;
  coverage: number;
  /** Claim stems covered only through an "un-"/"in-"/"non-" prefix flip. */
  prefixFlips: number;
}

/**
 * A tool's echo of its own input (`query: SELECT ... WHERE name IN ('ws', 'jest')`, `command: ...`): it
 * names what was asked, not what was found, so it neither covers a claim's words nor sets its polarity.
 */
const ECHO = /^\s*(?:[\w.[\]"-]*\.)?(?:query|sql|command|cmd|args|arguments|params|request)\s*:/i;
const ECHO_ANYWHERE = /(?:^|\n|\.)\s*(?:query|sql|command|cmd|args|arguments|params|request)\s*:/im;

/** Passages whose sentence features stay cached; older ones are recomputed when retrieved again. */
const CACHE = 512;

const NEG_PREFIX = /^(un|non|in|im|dis)(.{3,})$/;

/** Coverage with prefix negation: claim "unsign" is covered by "sign" and counts as one flip. */
function align(claim: TextFeatures, target: Set<string>): { coverage: number; flips: number } {
  if (claim.stems.size === 0) return { coverage: 1, flips: 0 };
  let hit = 0;
  let all = 0;
  let flips = 0;
  for (const s of claim.stems) {
    const w = weightOf(s);
    all += w;
    if (target.has(s)) hit += w;
    else {
      const m = NEG_PREFIX.exec(s);
      if (m && target.has(m[2]!)) {
        hit += w;
        flips++;
      }
    }
  }
  // Evidence "unsigned" against a claim "signed": the flip is on the evidence side.
  for (const t of target) {
    const m = NEG_PREFIX.exec(t);
    if (m && claim.stems.has(m[2]!) && !target.has(m[2]!)) flips++;
  }
  return { coverage: hit / all, flips };
}

/**
 * A `key: value` line of structured output (a flattened JSON field, a header line): a short key and a short
 * value. A transcript's "Speaker 1: <a whole sentence>" is prose.
 */
const FIELD_LINE = /^[\w.[\]"'-]+(?: [\w.()-]+){0,3}: [^\n]{1,60}$/;

/** A field line whose value is a number, an amount or a percentage. */
const NUMBER_LINE = /:\s+[-+]?[$€£¥]?\s?\d[\d,.]*\s?(?:%|[A-Za-z]{0,4})$/;
/** A line whose value is an empty list or object (`errors: []`): a count tier 0 compared, no polarity of its own. */
const EMPTY_LINE = /:\s+(?:\[\]|\{\})$/;
/** A line whose value is a date or a time (`DUE: 2024-03-20`, `started_at: 2024-06-11T05:10:00Z`): no polarity of its own. */
const DATE_LINE = /:\s+\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$|:\s+\d{1,2}:\d{2}(?::\d{2})?$/;
/** A field whose value is itself a negative (`autoRenew: N`, `roaming: 0`, `labels: []`, `enabled: false`). */
const NEGATIVE_VALUE = /:\s+(?:false|no|n|0|0\.0+|none|null|off|disabled|\[\]|\{\})$/i;
/**
 * A field whose value is a status that negates (`FailedScheduling`, `NotReady`, `no_show`, `Unhealthy`): a claim
 * that negates may say the same thing ("can't be scheduled"), so the field denies nothing.
 */
const NEGATIVE_STATUS =
  /:\s+(?:(?:Failed|Fail|Not|Non|No|Cannot|Unable|Missing|Invalid|Denied)(?:[A-Z]|[_-][a-z])|(?:failed|fail|not|non|no|cannot|unable|missing|invalid|denied)[_-][a-z]|(?:[Ff]ailed|[Ff]ailing|[Uu]nhealthy|[Uu]navailable|[Uu]nreachable|[Uu]nschedulable)\b)/;
/** An inline `key=value` pair with a negative value (`require_2fa=false`). */
const NEGATIVE_PAIR = /(?:^|[\s,;])([\w.-]+)=(?:false|no|0|none|null|off|disabled)(?=$|[\s,;])/gi;
/** A line that names its record's entity (`name: ...`, `items[0].title: ...`, `[0].unit_id: 4B`): it says nothing of a polarity. */
const IDENTITY_LINE =
  /^(?:[^:\n]*[.\]])?(?:name|title|label|id|sku|code|description|summary|displayName|display_name|productName|product_name|offerName|offer_name)\b[^:\n]*: |^(?:[^:\n]*[.\]])?[A-Za-z][A-Za-z0-9]*(?:_id|Id|_key|Key|_code|Code|_number|Number|_no|_name|Name)(?:\[\d+\])?: /;
/** A line that gives where an entity is: a place's identity, not a predicate. */
const ADDRESS_LINE = /^(?:[^:\n]*[.\]])?(?:address|street|location|addr)\b[^:\n]*: /i;
/** A line that gives a figure's unit or currency (`volumeUnit: MB`, `currency: EUR`): it says nothing of a polarity. */
const UNIT_LINE = /(?:unit|units|uom|currency)(?:\[\d+\])?: /i;
/** A negation that quantifies over entities ("Nothing in Cycle 12 is blocked", "none of them", "nobody"): an aggregate, not a field's polarity. */
/** A table's caption, kept as a `caption:` line by the table readers: prose, whatever its key. */
const CAPTION_LINE = /^caption: /;
const QUANTIFIED_NEGATION = /\b(?:nothing|none|nobody|no one|neither|no\s+\w+s)\b/i;

/** Whether the value part of a field line holds a content word of the claim (`license: MIT` for "not MIT-licensed"). */
/** The claim's names and codes, lower case, without a possessive "'s" ("Tomás Ibarra's" gives "tomás ibarra"); `namesOnly` drops codes. */
function claimNames(claimText: string, namesOnly: boolean): string[] {
  return extractNames(claimText)
    .filter((n) => !namesOnly || n.type === "name")
    .map((n) => n.text.replace(/['’]s$/, "").toLowerCase());
}

/**
 * Whether the claim names an entity that the record holds elsewhere but `element` (the lines of one array
 * element) does not: the element is another entity's.
 */
function namesAnotherElement(element: string, record: string, claimText: string): boolean {
  const names = claimNames(claimText, true).filter((n) => n.length >= 3);
  if (names.length === 0) return false;
  const own = element.toLowerCase();
  if (names.some((n) => own.includes(n))) return false;
  const all = record.toLowerCase();
  return names.some((n) => all.includes(n));
}

/**
 * Whether the read line's field is held by several elements of its record (`Invoice[2].EmailStatus` and
 * `Invoice[0].EmailStatus`) while the claim names nothing of the read one's own lines.
 */
function unnamedAmongSeveral(element: string, readLine: string, record: string, claimText: string): boolean {
  const field = readLine.slice(element.length, readLine.indexOf(": ")).replace(/\[\d+\]/g, "[]");
  if (field === "") return false;
  const base = element.replace(/\[\d+\]$/, "");
  const escaped = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const holders = new Set(
    [...record.matchAll(new RegExp(`^${escaped(base)}(\\[\\d+\\])${escaped(field).replace(/\\\[\\\]/g, "\\[\\d+\\]")}: `, "gm"))].map((m) => m[1]),
  );
  if (holders.size < 2) return false;
  const names = claimNames(claimText, false).filter((n) => n.length >= 2);
  const own = record
    .split("\n")
    .filter((l) => l.startsWith(`${element}.`))
    .join("\n")
    .toLowerCase();
  return !names.some((n) => own.includes(n));
}

/**
 * Whether a field of the retrieved passages states the claim's negation: a key named by the word the negation
 * governs, with a negative value ("hasn't been applied" and `coupons[0].applied_count: 0`), in a passage that
 * names the claim's entity. The evidence then agrees with one reading of the claim, and a field elsewhere that
 * seems to deny it contradicts nothing.
 */
function negationStated(passages: readonly Passage[], claimText: string): boolean {
  const negated = negatedStems(claimText);
  if (negated === null) return false;
  // Only passages about the claim's entity: another package's `dependencies: {}` states nothing of this one.
  const names = claimNames(claimText, false).filter((n) => n.length >= 2);
  for (const p of passages) {
    const lower = p.text.toLowerCase();
    if (names.length > 0 && !names.some((n) => lower.includes(n))) continue;
    for (const line of p.text.split("\n")) {
      const l = line.trim();
      // `key: false` lines and inline `key=false` pairs ("policy: min_length=14, require_2fa=false").
      const keys = NEGATIVE_VALUE.test(l) ? [l.slice(0, l.lastIndexOf(": "))] : [];
      for (const m of l.matchAll(NEGATIVE_PAIR)) keys.push(m[1]!);
      for (const key of keys) {
        const last =
          key
            .split(/[.[\]"]+/)
            .filter((x) => x !== "" && !/^\d+$/.test(x))
            .pop() ?? "";
        if ([...featuresOf(last).stems].some((k) => negated.has(k))) return true;
      }
    }
  }
  return false;
}

/** Words a negation cue of the claim governs: the three content words after each "not", "no", "never", "-n't", "without". */
function negatedStems(claimText: string): Set<string> | null {
  const toks = tokenize(claimText);
  let cue = false;
  const out = new Set<string>();
  toks.forEach((t, i) => {
    if (!NEGATIONS.has(t) && !t.endsWith("n't") && t !== "without") return;
    cue = true;
    let taken = 0;
    for (const w of toks.slice(i + 1, i + 8)) {
      if (STOP_WORDS.has(w)) continue;
      out.add(stemOf(w));
      if (++taken === 3) break;
    }
  });
  return cue ? out : null;
}

/**
 * Whether the claim's negation, when it has one, reaches the field line: a word it governs is the line's
 * value or key ("not MIT-licensed" on `license: MIT`). "pending, not yet approved" negates "approved", so
 * `status: pending` agrees with it rather than denying it. A claim without a negation cue always reaches.
 */
function negationReaches(line: string, claimText: string): boolean {
  const negated = negatedStems(claimText);
  if (negated === null) return true;
  const stems = featuresOf(line.replace(/[._[\]]+/g, " ")).stems;
  for (const s of negated) if (stems.has(s) || [...stems].some((x) => x.length >= 4 && s.length >= 4 && (x.startsWith(s) || s.startsWith(x)))) return true;
  return false;
}

function fieldValueNamed(line: string, claim: TextFeatures, claimText: string): boolean {
  const value = line.slice(line.indexOf(": ") + 2);
  // Words, not figures: a number the claim shares (`volume: 500` for "500 MB") is tier 0's to check, and says
  // nothing of the polarity of the claim's predicate.
  for (const s of featuresOf(value).stems) if (/\p{L}/u.test(s) && claim.stems.has(s)) return true;
  // A hyphenated claim word holds the value too ("MIT-licensed" for `license: MIT`).
  const text = claimText.toLowerCase();
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some(
      (w) =>
        w.length >= 2 && /\p{L}/u.test(w) && new RegExp(`(?<![\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u").test(text),
    );
}

function antonymClash(claim: TextFeatures, sentence: Set<string>): string | null {
  for (const s of claim.stems) {
    if (sentence.has(s)) continue;
    const opposite = antonymsOf(s);
    if (!opposite) continue;
    // The evidence has the word itself in another form ("departure" for "departs"): a record with both
    // `departure.gate` and `arrival.city` states no opposite.
    if (hasDerived(sentence, s)) continue;
    for (const o of opposite) if (sentence.has(o) && !claim.stems.has(o)) return `${s}/${o}`;
  }
  return null;
}

/** Whether a stem set holds a longer form of a stem ("departur" for "depart"), at most 3 letters longer. */
function hasDerived(stems: Set<string>, stem: string): boolean {
  if (stem.length < 4) return false;
  for (const t of stems) if (t.length > stem.length && t.length - stem.length <= 3 && t.startsWith(stem)) return true;
  return false;
}

/**
 * A claim word and its "un-"/"in-"/"non-" opposite or its antonym across a JSON record's lines ("Invoice
 * INV-7 is unpaid" against `status: paid`, "a low priority ticket" against `priority: high`): one record is
 * one entity, so its field states what the claim negates, even on a line other than the one that names the
 * subject. Either side may carry the prefix.
 */
/** A line of a list's second (or later) element: `items[1].name: ...`. */
const ELEMENT_LINE = /^[^\n:]*\[[1-9]\d*\][^\n:]*: /m;

function prefixClash(claim: TextFeatures, passage: Passage, context: TierContext): string | null {
  if (context.ledger.get(passage.evidenceId)?.format !== "json") return null;
  // A list of look-alike elements (`records[1].IsClosed`) holds many entities' words: an antonym in one
  // element says nothing of the element the claim is about.
  if (ELEMENT_LINE.test(passage.text)) return null;
  const stems = context.ledger.memo("passage-stems", passage.id, () => featuresOf(passage.text).stems, CACHE);
  for (const s of claim.stems) {
    if (stems.has(s)) continue;
    const m = NEG_PREFIX.exec(s);
    if (m && stems.has(m[2]!)) return `${s}/${m[2]}`;
  }
  for (const t of stems) {
    const m = NEG_PREFIX.exec(t);
    if (m && claim.stems.has(m[2]!) && !stems.has(m[2]!)) return `${m[2]}/${t}`;
  }
  // And antonyms ("T-88 is a low priority ticket" against `priority: high`).
  return antonymClash(claim, stems);
}

function quoteOf(passage: Passage, sentence: EvidenceSentence): EvidenceQuote {
  const raw = passage.text.slice(sentence.start, sentence.end);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const start = passage.span[0] + sentence.start + lead;
  return { evidenceId: passage.evidenceId, source: passage.source, text, span: [start, start + text.length] };
}

export function createLexicalTier(thresholds: Partial<LexicalThresholds> = {}): Tier {
  const th = { ...DEFAULT_LEXICAL_THRESHOLDS, ...thresholds };
  return {
    tier: 1,
    name: "lexical",
    thresholds: { ...th },
    run(items: TierItem[], context: TierContext): TierOutcome[] {
      return items.map((item) => decide(item, context, th));
    },
  };
}

function decide(item: TierItem, context: TierContext, th: LexicalThresholds): TierOutcome {
  // "The passage also mentions that 23 percent of the students are minorities": the frame names the
  // evidence; what it says the evidence holds is what needs covering.
  const claim = featuresOf(item.claim.text.replace(ABOUT_THE_EVIDENCE, ""));
  const seen = new Set<string>();
  const passages = [...item.hints.focus, ...item.passages].filter((p) => !seen.has(p.id) && seen.add(p.id));
  if (passages.length === 0) {
    return { verdict: "unsupported", confidence: 0.9, quotes: [], corrections: [], note: "no evidence passage shares a word with the claim" };
  }
  let best: Alignment | null = null;
  /** The best sentence that holds a word of what the claim says of its names (not only the names). */
  let saying: Alignment | null = null;
  let bestPassageCoverage = 0;
  let bestPassage: Passage = passages[0]!;
  /** The stems of every retrieved passage (of a prose passage, only what it says about the claim's subject). */
  const covered: Array<ReadonlySet<string>> = [];
  const elsewhere: Array<ReadonlySet<string>> = [];
  // Only for a claim that counts something of its subject, where another record's count is a trap.
  const allFigures = claimFigures(item.claim.text);
  const counts = allFigures.some((f) => f.value.type === "quantity" && f.value.q.kind === "number" && !f.value.q.word);
  // The claim's subject names: those it opens with (within its first three words).
  const opening = /^\s*(?:\S+\s+){0,3}/.exec(item.claim.text)![0].length;
  const nameFigures = allFigures.filter((f) => f.value.type === "name");
  // And the names joined to them ("Jack Sock and Raffaella Reggi played tennis").
  const subjects = nameFigures.filter((f) => f.span[0] < opening);
  for (const f of nameFigures) {
    const last = subjects[subjects.length - 1];
    if (last && f.span[0] > last.span[0] && /^\s*(?:,|,?\s*and|&|,?\s*or)\s*$/.test(item.claim.text.slice(last.span[1], f.span[0]))) subjects.push(f);
  }
  const names = [...new Set(subjects)].map((f) => (f.value as { n: { text: string } }).n.text.toLowerCase());
  // The claim's words outside its names: what it says of them.
  const nameStems = featuresOf(nameFigures.map((f) => (f.value as { n: { text: string } }).n.text).join(" ")).stems;
  const predicate = [...claim.stems].filter((x) => !nameStems.has(x));
  for (const passage of passages) {
    const all = context.ledger.memo("sentences", passage.id, () => sentencesOf(passage.text), CACHE);
    const sentences = context.ledger.memo(
      "echo-free",
      passage.id,
      () => (ECHO_ANYWHERE.test(passage.text) ? all.filter((s) => !ECHO.test(passage.text.slice(s.start, s.end))) : all),
      CACHE,
    );
    const union = context.ledger.memo(
      "passage-stems",
      passage.id,
      () => {
        const all = new Set<string>();
        for (const s of sentences) for (const x of s.stems) all.add(x);
        return all;
      },
      CACHE,
    );
    // What the passage says about the claim's subject: "Hot Rod is a food magazine" is not covered by a
    // passage whose "food" is in the sentence about Cooking Light.
    // Prose only: a JSON record or a "Key: value" listing is one entity, whose name is on one line.
    const window = names.length > 0 && prose(passage, context) ? subjectWindow(passage, sentences, names) : null;
    const scope = window && new Set(window.flatMap((x) => [...x.stems]));
    // For a count, a passage that never names the claim's subject covers nothing of it when others do
    // ("render-plugin-764 has 37 published versions" is not covered by another package's "It has 37
    // dependencies and 389 published versions").
    const aboutSubject = !counts || names.length === 0 || window !== null || names.some((n) => passage.text.toLowerCase().includes(n));
    (aboutSubject ? covered : elsewhere).push(scope ?? union);
    // The tool's name says what its output is about ("get_invoice": an invoice, "get_weather": the weather).
    (aboutSubject ? covered : elsewhere).push(
      context.ledger.memo("source-stems", passage.source, () => featuresOf(passage.source.replace(/[_\W\d]+/g, " ")).stems, CACHE),
    );
    const pc = coverage(claim.stems, scope ?? union);
    if (pc > bestPassageCoverage) {
      bestPassageCoverage = pc;
      bestPassage = passage;
    }
    for (const sentence of sentences) {
      const a = align(claim, sentence.stems);
      if (!best || a.coverage > best.coverage) best = { passage, sentence, coverage: a.coverage, prefixFlips: a.flips };
      if ((!saying || a.coverage > saying.coverage) && predicate.some((x) => sentence.stems.has(x)))
        saying = { passage, sentence, coverage: a.coverage, prefixFlips: a.flips };
    }
  }
  const quotes = best ? [quoteOf(best.passage, best.sentence)] : [];
  const figureQuotes = item.hints.matchedQuotes;
  if (best && !item.hints.polaritySettled && (best.coverage >= th.contradict || item.hints.figuresMatched)) {
    // Polarity is read on the clause of the sentence that best covers the claim: a "not" in another
    // clause of a long evidence sentence says nothing about this one.
    // When tier 0 matched the claim's figures, their evidence lines are the claim's statement: "no runtime
    // dependencies" is read against "dependencies: {}", not against whichever line shares more words.
    // Only value lines anchor: "Invoice INV-7 is unpaid" is read on "status: paid", not on "invoice: INV-7".
    // A number's, a date's or an empty list's line (`perc: 0`, `DUE: 2024-03-20`, `errors: []`) has no polarity of its own:
    // tier 0 compared its value.
    const anchorLines = item.hints.figuresMatched ? (item.hints.valueQuotes ?? item.hints.matchedQuotes).map((q) => q.text) : [];
    // Nor has a line that only names the entity (`Address: 14 Alder Ct`, `name: Queue depth orders`).
    const anchors = anchorLines.filter(
      (t) => !NUMBER_LINE.test(t) && !DATE_LINE.test(t.trim()) && !EMPTY_LINE.test(t.trim()) && !IDENTITY_LINE.test(t.trim()) && !ADDRESS_LINE.test(t.trim()),
    );
    // A line that only names the subject (`name: uuid`, `metadata.name: api-7d9f`) says nothing for or
    // against what the claim says of it: polarity is read on the best line that holds one of those words
    // ("uuid is not MIT-licensed" on `license: MIT`), if any.
    const namesOnly = predicate.length > 0 && !predicate.some((x) => best!.sentence.stems.has(x));
    const read = namesOnly ? saying : best;
    // Figures tier 0 matched only as derived values (a column's sum, a mean) have no line of their own: the
    // claim's polarity is read against none, so only a negation of the claim's own differs.
    const derivedOnly = item.hints.figuresMatched === true && item.hints.figuresDerived === true;
    const polarity = derivedOnly
      ? clausePolarity("", item.claim.text).differs
      : anchorLines.length > 0 && anchors.length === 0
        ? false
        : anchors.length > 0
          ? anchors.every((text) => clausePolarity(text, withoutQuotedValues(item.claim.text, text)).differs)
          : read !== null &&
            clausePolarity(read.passage.text.slice(read.sentence.start, read.sentence.end), withoutQuotedValues(item.claim.text, read.passage.text)).differs;
    const clash = antonymClash(claim, best.sentence.stems) ?? prefixClash(claim, best.passage, context);
    if (polarity && read !== best && read) quotes.splice(0, quotes.length, quoteOf(read.passage, read.sentence));
    if (polarity || clash) {
      const why = clash ? `antonym ${clash}` : "negation differs";
      // Precision first: a polarity read on a field line whose value is the claim's word (`license: MIT` for
      // "not MIT-licensed") contradicts; one read on a prose sentence that merely shares the most words, on a
      // field whose value is itself a negative, or under a quantified negation leaves the claim unsupported.
      // The field line may be another line of the same record than the one read ("uuid is not MIT-licensed"
      // is read on `name: uuid`; `license: MIT` is the field that states the opposite).
      // Within the read line's own array element, when it is one: another element's field (the 8:45 sailing's
      // spaces) states nothing of this one.
      const readLine = read ? read.passage.text.slice(read.sentence.start, read.sentence.end).trim() : "";
      const element = /^(.*?\[\d+\])\./.exec(readLine)?.[1];
      const passageLines = read ? read.passage.text : "";
      const line = element
        ? passageLines
            .split("\n")
            .filter((l) => l.trim().startsWith(`${element}.`))
            .join("\n")
        : passageLines;
      // An antonym clash names its field by the opposite word the field holds (`priority: high` for "a low
      // priority ticket").
      const opposite = clash?.split("/")[1];
      // Another entity's element (Dana's approved request, for a claim about Tomás's): its fields deny nothing.
      const record = read ? (context.ledger.get(read.passage.evidenceId)?.text ?? passageLines) : passageLines;
      // Nor an element the claim does not name, among several that hold the field ("it was never emailed"
      // against a list of invoices, each with its `EmailStatus`): which one it means is unknown.
      const othersElement =
        element !== undefined && (namesAnotherElement(line, record, item.claim.text) || unnamedAmongSeveral(element, readLine, record, item.claim.text));
      const typed =
        !othersElement &&
        ((opposite !== undefined &&
          line
            .split("\n")
            .some((l) => FIELD_LINE.test(l.trim()) && !IDENTITY_LINE.test(l.trim()) && featuresOf(l.slice(l.indexOf(": ") + 2)).stems.has(opposite))) ||
          // A field that affirms denies only a claim that negates ("is not MIT-licensed"): an affirmative claim
          // read against a negative sentence ("has no active members on some partitions") is no typed denial.
          (!QUANTIFIED_NEGATION.test(item.claim.text) &&
            negatedStems(item.claim.text) !== null &&
            line
              .split("\n")
              .some(
                (l) =>
                  FIELD_LINE.test(l.trim()) &&
                  !IDENTITY_LINE.test(l.trim()) &&
                  !UNIT_LINE.test(l.trim()) &&
                  !CAPTION_LINE.test(l.trim()) &&
                  fieldValueNamed(l.trim(), claim, item.claim.text) &&
                  negationReaches(l.trim(), item.claim.text) &&
                  !namesSubject(l.trim(), item.claim.text) &&
                  !NEGATIVE_VALUE.test(l.trim()) &&
                  !NEGATIVE_STATUS.test(l.trim()),
              )));
      return {
        verdict: typed && !negationStated(passages, item.claim.text) ? "contradicted" : "unsupported",
        confidence: round(Math.min(0.9, 0.45 + best.coverage / 2)),
        quotes,
        corrections: [],
        note: `${why} in the best-matching ${typed ? "field line" : "sentence, not a typed field: unsupported"} (coverage ${best.coverage.toFixed(2)})`,
      };
    }
  }
  // A JSON record states its entity's fields across lines: the claim's words spread over them.
  if (bestPassage && bestPassageCoverage >= th.contradict) {
    const clash = prefixClash(claim, bestPassage, context);
    if (clash) {
      return {
        verdict: "contradicted",
        confidence: round(Math.min(0.9, 0.45 + bestPassageCoverage / 2)),
        quotes: [quoteOf(bestPassage, wholePassage(bestPassage))],
        corrections: [],
        note: `antonym ${clash} in the record's fields (coverage ${bestPassageCoverage.toFixed(2)})`,
      };
    }
  }
  const sentenceCov = best?.coverage ?? 0;
  // The share of the claim's content words that the retrieved evidence holds (as a content-word-overlap
  // detector counts them: unweighted, so a paraphrase's common words count like rare ones).
  // Figures tier 0 matched are checked: their words ("3450.0 USD") need no covering here.
  // A figure tier 0 left unread (a time it could not find nor rule out) keeps its words to cover.
  const unread = item.hints.unread ?? [];
  const checked = item.hints.figuresMatched
    ? figureStems(
        item.claim.text,
        allFigures.filter((f) => !unread.includes(item.claim.text.slice(f.span[0], f.span[1]))),
      )
    : null;
  const cov = shareCovered(checked ? new Set([...claim.stems].filter((x) => !checked.has(x))) : claim.stems, covered.length > 0 ? covered : elsewhere);
  // Figures tier 0 matched under a key of structured output carry the claim; the words around them need only
  // not contradict ("The team has 58 people" against "Headcount: 58").
  // A specific figure found in prose carries the claim too, unless the claim adds a rare word the passage
  // lacks ("Account 4421 is overdrawn").
  const figures =
    item.hints.figuresMatched === true &&
    (item.hints.figuresKeyed === true || rarestMissing(claim, bestPassage, context) < th.rareWordBits) &&
    asidesCovered(item.claim.text, allFigures, covered.length > 0 ? covered : elsewhere);
  // Three or more figures, dates and names of the claim, every one of which tier 0 found in the evidence,
  // carry it as well, in whatever words it puts them: a chance agreement of each is unlikely. At least one
  // must be a figure or date read from a tool's fields or rows: names, and a year, occur in prose about other
  // things too ("a British actor known for Doctor Who").
  const many =
    !figures &&
    (item.hints.figuresAgreeing ?? 0) >= MANY_FIGURES &&
    (item.hints.valuesAgreeing ?? 0) >= 1 &&
    !item.hints.figuresUnsettled &&
    cov >= MANY_MIN_COVERAGE;
  // "I attended the Academy Drama School", "I usually have Irish coffee": what the answer's author did or
  // does is in no tool output, whatever words the evidence shares with it.
  if (!item.hints.figuresMatched && SPEAKER.test(item.claim.text)) {
    return {
      verdict: "unsupported",
      confidence: 0.7,
      quotes: [],
      corrections: [],
      note: `a claim about the answer's author (content words covered: ${cov.toFixed(2)}): no tool output states it`,
    };
  }
  // Word overlap never supports a status the evidence states in no word of its class ("is pending" beside a
  // `status: confirmed`): the one word that carries the claim is not the tool's.
  const unstated = !figures && cov >= th.support ? unstatedStatus(item.claim.text, context.ledger) : null;
  if (unstated !== null)
    return {
      verdict: "unsupported",
      confidence: 0.6,
      quotes: [],
      corrections: [],
      note: `content words covered: ${cov.toFixed(2)}, but no tool output states the status "${unstated}"`,
    };
  if (figures || many || (cov >= th.support && !item.hints.figuresUnsettled)) {
    return {
      verdict: "supported",
      confidence: round(Math.min(0.95, figures ? 0.8 + cov / 5 : many ? 0.6 + cov / 4 : 0.5 + cov / 2)),
      quotes: [...figureQuotes, ...(sentenceCov >= bestPassageCoverage ? quotes : [quoteOf(bestPassage, wholePassage(bestPassage))])].slice(0, 3),
      corrections: [],
      note: `${figures ? "figures agree (tier 0), no negation or antonym; " : many ? `${item.hints.figuresAgreeing} figures and names agree (tier 0), no negation or antonym; ` : ""}content words covered: ${cov.toFixed(2)} (best sentence ${sentenceCov.toFixed(2)})`,
    };
  }
  return {
    verdict: "unsupported",
    confidence: round(Math.min(0.9, 0.5 + (1 - cov) / 2)),
    quotes,
    corrections: [],
    note:
      cov >= th.support && item.hints.figuresUnsettled
        ? `content words covered: ${cov.toFixed(2)}, but tier 0 left a figure unsettled: words alone do not support it`
        : `content words covered: ${cov.toFixed(2)} (best sentence ${sentenceCov.toFixed(2)}), below the support threshold ${th.support}`,
  };
}

/** Figures, dates and names that carry a claim when tier 0 found every one of them (see `many`). */
const MANY_FIGURES = 3;
/** The least share of content words the evidence must still hold for them to (0..1). */
const MANY_MIN_COVERAGE = 0.25;

/** The rarest claim word (bits, SUBTLEX-US) that a passage lacks; figures aside. */
function rarestMissing(claim: TextFeatures, passage: Passage, context: TierContext): number {
  const stems = context.ledger.memo("passage-stems", passage.id, () => featuresOf(passage.text).stems, CACHE);
  let rarest = 0;
  for (const s of claim.stems) if (!stems.has(s) && !/^[\d.,]+$/.test(s)) rarest = Math.max(rarest, weightOf(s));
  return rarest;
}

/** Where a claim sets a statement of its own beside its figures: a dash, a semicolon, a parenthesis. */
const ASIDE_BREAK = /\s[\u2013\u2014]\s|\s-{1,2}\s|;\s|\s\(|\)/g;

/**
 * Whether every part of a claim that holds no figure ("up about 62% — mostly from the new log buckets") has
 * at least half its content words in the evidence: matched figures carry the words around them, not a
 * statement set beside them.
 */
function asidesCovered(text: string, figures: ReturnType<typeof claimFigures>, targets: ReadonlyArray<ReadonlySet<string>>): boolean {
  let start = 0;
  const parts: Array<[number, number]> = [];
  for (const m of text.matchAll(ASIDE_BREAK)) {
    parts.push([start, m.index!]);
    start = m.index! + m[0].length;
  }
  if (parts.length === 0) return true;
  parts.push([start, text.length]);
  return parts.every(([a, b]) => {
    if (figures.some((f) => f.span[0] < b && a < f.span[1])) return true;
    const stems = featuresOf(text.slice(a, b)).stems;
    return stems.size < 2 || shareCovered(stems, targets) >= 0.5;
  });
}

/** The stems of a claim's figures, dates and versions (not its names). */
function figureStems(text: string, figures: ReturnType<typeof claimFigures>): Set<string> {
  const out = new Set<string>();
  for (const f of figures) if (f.value.type !== "name") for (const x of featuresOf(text.slice(f.span[0], f.span[1])).stems) out.add(x);
  return out;
}

/**
 * A claim whose subject is the speaker doing or having something ("I attended ...", "I've been to
 * Belfast", "I usually have ..."), not knowing, thinking or reporting it ("I know ...", "I found ...", "I
 * love that ...", which say something about the world).
 */
const SPEAKER =
  /^\W*(?:(?:yes|yeah|yea|well|oh|and|but|so|actually|also|haha|wow)[\s,!.]+)*(?:i|i've|i'm|i'd|i 've|i 'm)\s+(?:(?:also|really|usually|actually|just|always|still|once|often)\s+)*(?!(?:think|know|knew|believe|guess|heard|hear|have heard|'ve heard|learned|learnt|understand|read|remember|recall|found|find|checked|looked|see|saw|noticed|mean|agree|suppose|wonder|bet|hope|doubt|imagine|assume|love (?:that|how)|like (?:that|how)|not sure|am not sure|did know|do know|can|could|would|will|should|must|may|might|do n't|don't|did n't|didn't|have no idea|had no idea)\b)\w/i;

/** The share of `stems` found in any of `targets` (0..1; 1 for a claim without content words). */
function shareCovered(stems: Set<string>, targets: ReadonlyArray<ReadonlySet<string>>): number {
  if (stems.size === 0) return 1;
  let hit = 0;
  for (const s of stems) if (targets.some((t) => t.has(s))) hit++;
  return hit / stems.size;
}

const EMPTY_FIELD = /:\s*(?:\{\}|\[\]|0|none|null|false|n\/a)\s*$/i;

const CLAUSE_BREAK = /[,;:]\s+(?:but|and|while|whereas|although|though|yet)?\s*|\s+(?:but|while|whereas|although|though)\s+|\s+\(|\)\s*/g;

/** Clauses of a sentence (commas, semicolons, colons, contrast words, parentheses). */
function clausesOf(sentence: string): string[] {
  const parts: string[] = [];
  let start = 0;
  // "orders: []" is one statement (nothing found), not a key clause and a value clause.
  const breaks = EMPTY_FIELD.test(sentence) ? [] : sentence.matchAll(CLAUSE_BREAK);
  for (const m of breaks) {
    parts.push(sentence.slice(start, m.index!));
    start = m.index! + m[0].length;
  }
  parts.push(sentence.slice(start));
  return parts;
}

/**
 * Polarity of the claim against the clauses of an evidence sentence: `differs` when the clause that best
 * covers the claim has the other polarity and no other clause covering it nearly as well agrees ("A Bloom
 * filter can report false positives, but it never reports false negatives" supports "cannot report false
 * negatives" through its second clause). A claim of several clauses is read clause by clause, each
 * against the evidence clause that covers it: a negation in one clause of the claim is compared with the
 * evidence clause that says the same thing, not with whichever clause shares most words.
 */
/** The claim's first verb: where its subject ends. */
const FIRST_VERB = /\b(?:is|are|was|were|has|have|had|does|do|did|can|cannot|will|won't|isn't|aren't|wasn't|weren't|hasn't|haven't|doesn't|don't|didn't)\b/i;

/**
 * Whether a field line's value is written in the claim's subject, before its first verb ("The 9:40 sailing on
 * the MV Harbor Wren has no space left" against `vessel: MV Harbor Wren`): such a line names what the claim
 * is about, no field whose value the predicate denies ("uuid is not MIT-licensed" against `license: MIT`).
 */
function namesSubject(line: string, claimText: string): boolean {
  const colon = line.indexOf(": ");
  if (colon < 0) return false;
  const value = line.slice(colon + 2).trim();
  if (value.length < 3) return false;
  const at = claimText.toLowerCase().indexOf(value.toLowerCase());
  const verb = FIRST_VERB.exec(claimText)?.index ?? -1;
  if (at >= 0 && verb > at) return true;
  // A code the subject writes inside the value (`pod/ledger-worker-5f6d7` for "ledger-worker can't ..."): the
  // value names the entity, and states nothing of it.
  const subject = verb > 0 ? claimText.slice(0, verb).toLowerCase() : "";
  return [...subject.matchAll(SUBJECT_CODE)].some((m) => value.toLowerCase().includes(m[0]));
}

/** A code of several parts ("ledger-worker", "api_v2", "eu-west-1"). */
const SUBJECT_CODE = /[\p{L}\p{N}]{2,}(?:[-_./][\p{L}\p{N}]+)+/gu;

/** A capitalised value that opens with a negation word ("No Data", "Not Started", "None Found"). */
const NEGATIVE_NAME = /\b(?:No|Not|Non|None|Never)\s+\p{Lu}[\p{L}-]*/gu;

/**
 * The claim without the values it quotes from the passage: "shows No Data" names the monitor's state
 * `No Data`, which is no negation of the claim.
 */
function withoutQuotedValues(claimText: string, passage: string): string {
  return claimText.replace(NEGATIVE_NAME, (m) => (passage.includes(m) ? " ".repeat(m.length) : m));
}

function clausePolarity(sentence: string, claimText: string): { differs: boolean } {
  const evidence = clausesOf(sentence).map((part) => featuresOf(part));
  const whole = polarity(evidence, featuresOf(claimText));
  if (!whole.differs) return { differs: false };
  const parts = clausesOf(claimText)
    .map((part) => featuresOf(part))
    .filter((f) => f.stems.size > 0);
  if (parts.length <= 1) return { differs: true };
  const read = parts.map((part) => polarity(evidence, part)).filter((r) => r.coverage >= 0.5);
  if (read.length === 0) return { differs: true };
  return { differs: read.some((r) => r.differs) };
}

/** The claim (or one of its clauses) against the evidence clauses: best coverage and whether polarity differs. */
function polarity(evidence: TextFeatures[], claim: TextFeatures): { coverage: number; differs: boolean } {
  // Unweighted here: a clause that says "it" for the subject must not lose to one that names it.
  const scored = evidence.map((f) => {
    const a = align(claim, f.stems);
    let hit = 0;
    for (const st of claim.stems) if (f.stems.has(st)) hit++;
    return { coverage: claim.stems.size ? hit / claim.stems.size : 1, differs: (claim.negations + a.flips + f.negations) % 2 === 1 };
  });
  const best = scored.reduce((a, b) => (b.coverage > a.coverage ? b : a));
  if (!best.differs) return { coverage: best.coverage, differs: false };
  const floor = Math.max(0.5, best.coverage - 0.2 - 1e-9);
  return { coverage: best.coverage, differs: !scored.some((c) => !c.differs && c.coverage >= floor) };
}

/** The frame of a claim about the evidence itself ("The passage discusses ...", "It also mentions that ..."). */
const ABOUT_THE_EVIDENCE =
  /^\W*(?:(?:additionally|also|however|furthermore|moreover|overall|finally|in addition|in summary|in short)\s*,?\s*)?(?:(?:the|this|that)\s+(?:given\s+|provided\s+|original\s+|above\s+)?(?:passage|text|article|document|summary|report|story|source|excerpt|snippet|output|page|record)s?|it)\s+(?:(?:also|further|primarily|mainly|briefly|then|first|only)\s+)?(?:discusses|describes|mentions|covers|provides(?:\s+information)?(?:\s+(?:about|on))?|talks about|is about|focuses on|states|notes|says|reports|explains|highlights|presents|lists|contains|includes|introduces|details|outlines|refers to|touches on)\b(?:\s+(?:that|how))?/i;

/** A sentence that goes on about the entity of the one before: it opens with a pronoun. */
const CONTINUES =
  /^\s*(?:he|she|it|they|his|her|its|their|this|these|the (?:company|band|film|group|album|team|city|game|show|series|book|song|player|club))\b/i;

/**
 * The sentences that name one of the claim's names, each with the sentence after it (which
 * may go on about the same entity as "he", "it"): what the passage says about the claim's subject. Null
 * when no sentence names any of them.
 */
function subjectWindow(passage: Passage, sentences: EvidenceSentence[], names: string[]): EvidenceSentence[] | null {
  const lower = passage.text.toLowerCase();
  const out = new Set<EvidenceSentence>();
  sentences.forEach((s, i) => {
    if (!names.some((n) => lower.slice(s.start, s.end).includes(n))) return;
    out.add(s);
    // The sentence after it (which may go on about it: "The same year, ...") and those that go on with a
    // pronoun ("He also ...", "Its ...").
    // Not one that opens on another name: it is about that one ("Twenty One Pilots is a duo from Ohio").
    const next = sentences[i + 1];
    if (next && !opensOnOtherName(passage.text.slice(next.start, next.end), names)) out.add(next);
    for (let j = i + 1; j < sentences.length && CONTINUES.test(passage.text.slice(sentences[j]!.start, sentences[j]!.end)); j++) out.add(sentences[j]!);
  });
  return out.size > 0 ? [...out] : null;
}

/** Whether a sentence opens on a capitalised name that is none of `names` ("Twenty One Pilots is ..."). */
function opensOnOtherName(sentence: string, names: string[]): boolean {
  const m = /^\W*((?:\p{Lu}[\p{L}\p{N}'’.&-]*\s+){0,4}\p{Lu}[\p{L}\p{N}'’.&-]*)/u.exec(sentence);
  if (
    !m ||
    CONTINUES.test(sentence) ||
    /^(?:The|A|An|In|On|At|By|For|After|Before|During|Since|This|That|These|Those|It|He|She|They|Its|His|Her|Their)\b/.test(m[1]!)
  )
    return false;
  const lead = m[1]!.toLowerCase();
  return !names.some((n) => lead.includes(n) || n.includes(lead));
}

/** Whether a passage is prose: not from JSON output, and not mostly "Key: value" lines. */
function prose(passage: Passage, context: TierContext): boolean {
  if (context.ledger.get(passage.evidenceId)?.format === "json") return false;
  const lines = passage.text.split("\n").filter((l) => l.trim() !== "");
  return lines.filter((l) => /^[^\s:][^:]{0,40}: \S/.test(l)).length * 2 < lines.length;
}

function wholePassage(p: Passage): EvidenceSentence {
  return { start: 0, end: p.text.length, stems: new Set(), negations: 0 };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
