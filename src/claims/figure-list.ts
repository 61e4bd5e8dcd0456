/**
 * One claim per figure in a clause that lists several: "We have 312 seats, MRR of $48k, and churn of about 2%"
 * states three facts, any of which may be wrong, so it gives three claims ("We have 312 seats", "We have MRR of
 * $48k", "We have churn of about 2%"), each with the span of its own words in the draft.
 *
 * The rules are about punctuation and figures, never about what the figures measure:
 * - **A list item** follows ", ", " and ", ", and ", ", plus " or ", then " after the clause's first verb, and
 *   is cut off only when it and the item before it each carry a figure (a digit) and a word, and the item has no
 *   clause of its own. "runs on Node, Deno and Bun 1.1" (one figure for several nouns), "supports
 *   Node 18, 20 and 22" (bare figures) and "costs $5 or $6" (alternatives) stay whole.
 * - **A dash aside** (" — about 16% — ", or a trailing " — an 83% drop") and what follows its closing dash are
 *   cut off when they carry a figure; so is the list after a colon ("was the outlier: $217.77 in May, ...").
 * - **Never cut** inside parentheses, quotations, inline code or links; between "between X and Y"; between two
 *   proper names ("Gotham, NY"); before a year ("3 May, 2024"); between a bare number and the number after it,
 *   which share the unit after the last ("at 471 and 464 Mbps"); after a figure joined to a word by a hyphen, which is an adjective of a noun to
 *   come ("a 2-bed, 1-bath, 880 sq ft apartment"); or before a clause with its own subject and verb (a
 *   compound sentence is {@link splitClauses}'s business).
 *
 * An item that directly follows the verb, as its object or complement, reads with the clause's subject and
 * verb ("We have" + "MRR of $48k"); a continuation after an aside reads with them too ("It's pouring" + "at
 * 16.8 °C"); anything else (a prepositional phrase, an aside, the items after a colon) reads as its own words.
 */
import { extractDates } from "../quantity/date-parse.js";
import { asideEntity } from "./aside-entity.js";
import { isParticiple, isVerb, parenDepth, quotedSpans, type Clause } from "./clause-split.js";
import type { Token } from "./wink.js";

const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
/** Dashes that set off an aside when written with spaces around them. */
const DASH = /^(?:—|–|--)$/;
/** Words after a comma that open a list item and stay in its text. */
const KEPT_OPENERS = new Set(["plus", "then"]);
/** Words after a comma that make what follows no item: an alternative or a restatement ("$5, or $6"). */
const ALTERNATIVES = new Set(["or", "nor", "i.e.", "e.g."]);
/** Tags of the words an object or complement noun phrase opens with. */
const NOUN_PHRASE_START = /^(?:DET|NUM|SYM|ADJ|NOUN|PROPN|ADV)$/;
/** Tags allowed between the verb and the first figure when the list is the verb's own object or complement. */
const DIRECT = /^(?:DET|NUM|SYM|ADJ|ADV|PART)$/;
/** A figure joined to a word by a hyphen ("2-bed", "12-month") as wink splits it: digit, "-", word. */
const HYPHEN = "-";
/** Words that open a subordinate or relative clause. */
const SUBORDINATE = /^(?:that|which|who|whom|whose|where|when|whether|if|because|although|though|unless|until)$/;
/** A year after a comma continues a date ("on 3 May, 2024"); it starts no item. */
const YEAR = /^[12]\d{3}$/;
/**
 * Whether an item opens with a subject of its own and then the preposition that follows the clause's verb
 * ("S3 to $612.05" after "RDS came to $1,655.30"): a gapped clause, whose verb is the clause's.
 */
function gapped(tokens: Token[], from: number, to: number, verbEnd: number): boolean {
  const prep = tokens[verbEnd + 1];
  if (!prep || !/^(?:ADP|PART)$/.test(prep.pos)) return gappedValue(tokens, from, to);
  if (!/^(?:PROPN|NOUN|X|NUM)$/.test(tokens[from]?.pos ?? "")) return false;
  for (let k = from + 1; k < Math.min(to, from + 4); k++) {
    const t = tokens[k]!;
    if (t.value.toLowerCase() === prep.value.toLowerCase()) return true;
    if (!/^(?:PROPN|NOUN|X|NUM|PUNCT)$/.test(t.pos)) return false;
  }
  return false;
}

/**
 * Whether an item is a noun phrase of its own and then a figure, after a verb with no preposition ("the high
 * will be 52 °F and the low 37 °F", "Revenue was $5M and costs $3M"): a gapped clause whose subject is its
 * noun, not the head's.
 */
function gappedValue(tokens: Token[], from: number, to: number): boolean {
  let k = from;
  const determiner = tokens[k]?.pos === "DET";
  if (determiner) k++;
  // After an article, an adjective used as a noun too ("the low 37 °F").
  if (!(determiner ? /^(?:NOUN|PROPN|ADJ)$/ : /^(?:NOUN|PROPN)$/).test(tokens[k]?.pos ?? "")) return false;
  k++;
  if (k < to && tokens[k]!.pos === "NOUN") k++;
  if (k < to && /^[$€£¥]$/.test(tokens[k]!.value)) k++;
  return k < to && tokens[k]!.pos === "NUM";
}

/** Longest subject-and-verb head a later item carries, in characters; a longer one is no simple subject. */
const HEAD_MAX = 90;

type SeparatorKind = "comma" | "and" | "dash" | "colon" | "phrase" | "relative";

interface Separator {
  kind: SeparatorKind;
  /** Token index of the separator (the comma, "and", dash or colon). */
  at: number;
  /** Where the left item ends and where the right item's words start (clean-text offsets). */
  leftEnd: number;
  rightStart: number;
  /** Token index of the right item's first token. */
  rightFrom: number;
}

/** First token index at or after `offset` (binary search, so many clauses in one sentence stay linear). */
export function firstTokenAt(tokens: Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether a bare number ends the left item and a number opens the right one: "at 471 and 464 Mbps", "182, 209
 * and 230 ms" share the unit or noun after the last figure, so no item stands without it.
 */
function sharedUnit(left: Token, right: Token | undefined): boolean {
  return right !== undefined && BARE_NUMBER.test(left.value) && BARE_NUMBER.test(right.value);
}

/** Pronouns a partitive's "of" takes: "three of them", "two of which". */
const PARTITIVE_OF = new Set(["them", "these", "those", "which", "whom"]);

/** Whether tokens from `k` (before `to`) open a partitive of a figure: "three of them", "12 of which". */
function partitiveAt(tokens: Token[], k: number, to: number): boolean {
  if (k + 2 >= to) return false;
  const figure = tokens[k]!;
  return (
    (DIGIT.test(figure.value) || figure.pos === "NUM") && tokens[k + 1]!.value.toLowerCase() === "of" && PARTITIVE_OF.has(tokens[k + 2]!.value.toLowerCase())
  );
}

/** Words that open a relative clause after a comma. */
const RELATIVE = new Set(["which", "who", "whose"]);

/**
 * Whether tokens from `k` open a relative clause that runs to `to` with no comma, semicolon or dash of its
 * own: ", which had 3 upvotes", ", of which 1,064 are visible", ", most of which ...".
 */
function relativeAt(tokens: Token[], k: number, to: number): boolean {
  let j = k;
  const first = tokens[j]?.value.toLowerCase() ?? "";
  if (!RELATIVE.has(first)) {
    if (first !== "of" || !RELATIVE.has(tokens[j + 1]?.value.toLowerCase() ?? "")) return false;
    j++;
  }
  for (let i = j + 1; i < to; i++) if (/^(?:[,;:(]|—|–|--)$/.test(tokens[i]!.value)) return false;
  return j + 1 < to;
}

/**
 * Whether every figure in `text[start, end)` is part of a date the date parser reads there ("March 2",
 * "2 May 2024"), and none is a count in words: a clause that pins its record by a date alone.
 */
function datesOnly(text: string, tokens: Token[], start: number, end: number): boolean {
  // A count in words ("one rider-cancelled trip") is a figure no date holds.
  for (let k = firstTokenAt(tokens, start); k < tokens.length && tokens[k]!.start < end; k++)
    if (tokens[k]!.pos === "NUM" && !DIGIT.test(tokens[k]!.value)) return false;
  const part = text.slice(start, end);
  const dates = extractDates(part).map((d) => d.span);
  for (const m of part.matchAll(/\d+/g)) if (!dates.some(([a, b]) => a <= m.index! && m.index! < b)) return false;
  return true;
}

/** A number written in digits alone: "471", "1,204", "3.5". */
const BARE_NUMBER = /^\d[\d,]*(?:\.\d+)?$/;

/** Whether tokens `[from, to)` hold a figure in digits or words ("8.4", "three times"). */
function hasFigure(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (DIGIT.test(tokens[k]!.value) || tokens[k]!.pos === "NUM") return true;
  return false;
}

/** Counts in words that may open a list item ("two critical", "four high findings"); not "one", often a pronoun. */
const COUNT_WORD = /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|dozen)$/i;

/** Whether tokens `[from, to)` hold a figure and a word: "312 seats", "at 93%", "four high findings", not "$6" or "2024". */
function figureWithWord(tokens: Token[], from: number, to: number): boolean {
  let figure = false;
  let word = false;
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    // A count in words is an item's figure only where it opens the item ("four high findings"), not inside a
    // phrase about it ("spread across two pods").
    const countWord = t.pos === "NUM" && COUNT_WORD.test(t.value) && k === from;
    if (DIGIT.test(t.value) || countWord) figure = true;
    if (LETTER.test(t.value) && !countWord && t.pos !== "CCONJ" && t.pos !== "DET") word = true;
  }
  return figure && word;
}

/** Whether tokens `[from, to)` hold a proper name and another word: "Haaland with a hat-trick". */
/** Whether tokens `[from, to)` hold a figure with a currency or unit sign: "$2,300", "93%". */
function figureWithSymbol(tokens: Token[], from: number, to: number): boolean {
  let figure = false;
  let sign = false;
  for (let k = from; k < to; k++) {
    if (DIGIT.test(tokens[k]!.value)) figure = true;
    else if (tokens[k]!.pos === "SYM") sign = true;
  }
  return figure && sign;
}

function nameWithWord(tokens: Token[], from: number, to: number): boolean {
  let name = false;
  let word = false;
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.pos === "PROPN" && /^\p{Lu}/u.test(t.value)) name = true;
    else if (LETTER.test(t.value) && /^(?:NOUN|VERB|ADJ|NUM)$/.test(t.pos)) word = true;
  }
  return name && word;
}

/**
 * Whether tokens `[from, to)` hold a clause of their own: an auxiliary ("2 are done"), a finite verb after a
 * pronoun ("it closed at $3.2M"), or a finite verb that is no participle after a noun ("Lechon has 2,990
 * reviews"). "two rides totalling $11.73", "a table booked by Ana" and "the north dock" are no clauses.
 */
function hasOwnClause(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (!isVerb(tokens, k)) continue;
    const v = t.value.toLowerCase();
    if (/ing$/.test(v) || v === "to") continue;
    if (t.pos === "AUX") return true;
    const prev = k > from ? tokens[k - 1]!.pos : "";
    if (prev === "PRON" || ((prev === "NOUN" || prev === "PROPN") && !isParticiple(v))) return true;
  }
  return false;
}

/** Words after a figure that say it changed from or compares with the figure that follows ("down 6% from 1,366"). */
const CHANGE =
  /^(?:up|down|rose|rise|rises|risen|fell|fall|falls|grew|grow|grows|dropped|drop|drops|increased|decreased|jumped|climbed|more|less|fewer|higher|lower|than|compared|versus|vs)$/i;
/** Words that continue a range after "from" ("from $56 to $80", "from 9:00 until 17:00"). */
const RANGE_END = /^(?:to|through|thru|until|till|and|-|–|—)$/i;

/**
 * Whether token `k` opens a phrase that states a figure of its own: "from <figure> <noun>" that is no range
 * ("from 9 to 5") and no base of a change ("down 6% from 1,366"), or "for a total of <figure>".
 */
function opensFigurePhrase(tokens: Token[], k: number, to: number): boolean {
  const v = tokens[k]!.value.toLowerCase();
  if (tokens[k]!.pos !== "ADP") return false;
  if (v === "for") {
    const next = tokens
      .slice(k + 1, k + 4)
      .map((t) => t.value.toLowerCase())
      .join(" ");
    return next === "a total of" || next === "a combined total";
  }
  if (v !== "from") return false;
  for (let j = k + 1; j < to && j <= k + 6; j++) if (RANGE_END.test(tokens[j]!.value)) return false;
  for (let j = Math.max(0, k - 6); j < k; j++) if (CHANGE.test(tokens[j]!.value)) return false;
  return true;
}

/** True when no verb opens the clause's head: a list with no subject and verb to carry. */
function verbless(tokens: Token[], from: number, verbEnd: number): boolean {
  return verbEnd < from || !isVerb(tokens, verbEnd);
}

/** True when the item ending before token `end` ends in a figure joined to a word by a hyphen ("2-bed"). */
function endsInHyphenFigure(tokens: Token[], end: number): boolean {
  const word = tokens[end - 1];
  const hyphen = tokens[end - 2];
  const figure = tokens[end - 3];
  return (
    word !== undefined &&
    hyphen?.value === HYPHEN &&
    figure !== undefined &&
    DIGIT.test(figure.value) &&
    hyphen.start === figure.end &&
    word.start === hyphen.end
  );
}

/** True when "and" at `at` closes "between X and Y" within the item that starts at `from`. */
function closesRange(tokens: Token[], from: number, at: number): boolean {
  for (let k = at - 1; k >= from; k--) {
    const v = tokens[k]!.value.toLowerCase();
    if (v === "between") return true;
    if (v === "," || isVerb(tokens, k)) return false;
  }
  return false;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /[\s,;:—–]/.test(text[end - 1]!)) end--;
  return end;
}

/**
 * Splits one clause into a claim per figure where it lists several (see the module comment for the rules).
 *
 * @param text the clean text the offsets index into.
 * @param tokens the wink tokens of the clause's sentence.
 * @param clause a clause from {@link splitClauses}; its `subject` and `drop`, when set, start the head later
 *   items carry.
 * @param inside true for a clean-text offset inside inline code or a link, where no cut may happen.
 * @returns the clause itself, or its items in order, each with its own span and, where it shares the clause's
 *   subject and verb, `subject` set to them. Time is linear in the clause.
 */
export function splitFigureList(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean = () => false): Clause[] {
  const listed = splitList(text, tokens, clause, inside);
  const parts = listed.length === 1 ? (nounList(text, tokens, clause, inside) ?? listed) : listed;
  // A trailing appositive that restates a figure ("..., a spread of about 6.4 degrees", "..., a rise of 20%")
  // is a fact of its own, whether or not the clause has a verb ("Temperatures range from ... to ...").
  const withPhrase = parts.length === 1 ? trailingWith(text, tokens, clause, inside) : null;
  if (withPhrase) return withPhrase;
  const last = parts[parts.length - 1]!;
  const comma = trailingAppositive(text, tokens, last, inside);
  if (comma < 0) {
    const phrase = trailingFigurePhrase(text, tokens, last, inside) ?? trailingWithOf(text, tokens, last, inside) ?? trailingWhich(text, tokens, last, inside);
    return phrase ? [...parts.slice(0, -1), ...phrase] : parts;
  }
  const cut: Clause = { ...last, end: trimEnd(text, last.start, tokens[comma]!.start) };
  return [...parts.slice(0, -1), cut, { start: tokens[comma + 1]!.start, end: last.end }];
}

/** Verbs of having and including whose object may list what an entity has ("has water, power and a pump-out"). */
const HAVING = /^(?:has|have|had|includes|include|included|including|offers|offer|offered|features|feature|provides|provide|comes|come)$/i;
/** Longest item of a noun list, in tokens. */
const ITEM_MAX = 6;

/**
 * A list of three or more noun phrases as the object of a verb of having ("The slip has water, both 30 and
 * 50 amp power, and a pump-out"): each item is a fact of its own (a tool states each amenity as its own
 * field), read with the clause's subject and verb ("The slip has a pump-out"). Only "A, B, and C" or "A, B
 * and C" with short items that hold no verb, no proper name beside another ("Austin, TX") and no cut inside
 * parentheses, quotes or code; else null.
 */
function nounList(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  const from = firstTokenAt(tokens, clause.start);
  const to = firstTokenAt(tokens, clause.end);
  let verb = -1;
  for (let k = from; k < to && verb < 0; k++) if (isVerb(tokens, k)) verb = k;
  if (verb < 0 || !HAVING.test(tokens[verb]!.value)) return null;
  let verbEnd = verb;
  // "comes with": the preposition belongs to the verb.
  if (/^com/i.test(tokens[verb]!.value)) {
    if (tokens[verb + 1]?.value.toLowerCase() !== "with") return null;
    verbEnd++;
  }
  const inParens = parenDepth(tokens.slice(from, to));
  const quoted = quotedSpans(text, clause.start, clause.end);
  let end = to;
  while (end > verbEnd + 1 && tokens[end - 1]!.pos === "PUNCT" && tokens[end - 1]!.value !== ")") end--;
  // Item bounds: commas, and the last "and" (after a comma or not).
  const cuts: Array<{ at: number; next: number }> = [];
  for (let k = verbEnd + 1; k < end; k++) {
    const t = tokens[k]!;
    const v = t.value.toLowerCase();
    if (inParens[k - from] === 1 || inside(t.start) || quoted.some(([a, b]) => a < t.start && t.start < b)) {
      if (v === "," || v === "and") return null;
      continue;
    }
    if (v === ";" || v === ":" || DASH.test(t.value) || ALTERNATIVES.has(v) || SUBORDINATE.test(v)) return null;
    if (v === ",") {
      const and = tokens[k + 1]?.value.toLowerCase() === "and";
      cuts.push({ at: k, next: and ? k + 2 : k + 1 });
      if (and) k++;
    } else if (v === "and" && t.pos === "CCONJ" && !sharedUnit(tokens[k - 1]!, tokens[k + 1])) cuts.push({ at: k, next: k + 1 });
  }
  if (cuts.length < 2) return null;
  // Only the last cut may be a bare "and": "A and B, C" is no list of this shape.
  if (cuts.slice(0, -1).some((c) => tokens[c.at]!.value !== ",")) return null;
  const starts = [verbEnd + 1, ...cuts.map((c) => c.next)];
  const ends = [...cuts.map((c) => c.at), end];
  for (let i = 0; i < starts.length; i++) {
    const a = starts[i]!;
    const b = ends[i]!;
    if (b <= a || b - a > ITEM_MAX) return null;
    for (let k = a; k < b; k++) {
      const t = tokens[k]!;
      // An "and" inside an item joins two numbers that share its unit ("both 30 and 50 amp power").
      // wink tags a bare noun after "has" as a verb ("has water"): a verb may open an item, not go on in it.
      if ((k > a && isVerb(tokens, k)) || t.pos === "AUX" || t.pos === "SCONJ" || (t.pos === "CCONJ" && !sharedUnit(tokens[k - 1]!, tokens[k + 1])))
        return null;
    }
    if (i > 0 && tokens[a]!.pos === "PROPN" && tokens[ends[i - 1]! - 1]!.pos === "PROPN") return null;
  }
  const head = text.slice(clause.start + (clause.drop ?? 0), tokens[verbEnd]!.end);
  const subject = clause.subject ? `${clause.subject}${clause.drop ? "" : " "}${head}` : head;
  if (subject.length > HEAD_MAX) return null;
  return starts.map((a, i) =>
    i === 0
      ? { ...clause, end: trimEnd(text, clause.start, tokens[ends[0]!]!.start) }
      : { start: tokens[a]!.start, end: i === starts.length - 1 ? clause.end : trimEnd(text, tokens[a]!.start, tokens[ends[i]!]!.start), subject },
  );
}

/** Forms of "be" before a predicate noun phrase ("is a private channel"). */
const BE = /^(?:is|are|was|were|'s|’s)$/i;
/** Words that may stand between "with" and its figure ("with about 42 members"). */
const FIGURE_LEAD = /^(?:about|around|roughly|nearly|almost|over|under|just|only|some|exactly|approximately|~)$/i;

/**
 * A predicate noun phrase that ends in "with" and a figure ("#war-room is a private channel with 42
 * members"): the figure is a fact of its own, and the predicate another. The figure reads with the subject
 * and "has" ("#war-room has 42 members"); the predicate keeps its own words. Only after a form of "be" with a
 * subject of a few words, with no figure before "with" and no comma, verb, quote or code after it; else null.
 */
function trailingWith(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  if (clause.subject) return null;
  const from = firstTokenAt(tokens, clause.start + (clause.drop ?? 0));
  const to = firstTokenAt(tokens, clause.end);
  let verb = -1;
  for (let k = from; k < to && verb < 0; k++) if (isVerb(tokens, k)) verb = k;
  if (verb <= from || !BE.test(tokens[verb]!.value) || tokens[verb + 1]?.pos !== "DET") return null;
  let w = -1;
  for (let k = verb + 2; k < to && w < 0; k++) if (tokens[k]!.value.toLowerCase() === "with") w = k;
  if (w < 0 || hasFigure(tokens, verb + 1, w) || w - verb < 3) return null;
  let figure = w + 1;
  while (figure < to && FIGURE_LEAD.test(tokens[figure]!.value)) figure++;
  if (!DIGIT.test(tokens[figure]?.value ?? "")) return null;
  const quoted = quotedSpans(text, clause.start, clause.end);
  for (let k = w; k < to; k++) {
    const t = tokens[k]!;
    if (t.value === "," || t.value === ";" || t.value === "(" || isVerb(tokens, k) || inside(t.start) || quoted.some(([a, b]) => a < t.start && t.start < b))
      return null;
  }
  if (!figureWithWord(tokens, figure, to)) return null;
  const subject = text.slice(tokens[from]!.start, tokens[verb - 1]!.end);
  // "There is another flight with 2 stops" introduces an entity: "There" is no subject that has anything.
  if (subject.length > HEAD_MAX || hasFigure(tokens, from, verb) || /[—:]/.test(subject) || /^(?:there|here)$/i.test(subject)) return null;
  return [
    { ...clause, end: trimEnd(text, clause.start, tokens[w]!.start) },
    { start: tokens[w + 1]!.start, end: clause.end, subject: `${subject} has` },
  ];
}

/** Words a trailing appositive may hold between its article and "of" ("a spread", "an overall drop"). */
const APPOSITIVE_WORDS = /^(?:ADJ|NOUN|ADV)$/;

/**
 * The token index of the comma before a trailing appositive "a/an <noun> of <figure> ..." that ends the
 * clause, when the text before the comma holds a figure too; else -1. Never inside parentheses, quotes or code.
 */
function trailingAppositive(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): number {
  const from = firstTokenAt(tokens, clause.start);
  const to = firstTokenAt(tokens, clause.end);
  const inParens = parenDepth(tokens.slice(from, to));
  const quoted = quotedSpans(text, clause.start, clause.end);
  let comma = -1;
  for (let k = to - 1; k > from && comma < 0; k--) {
    const t = tokens[k]!;
    if (t.value === ",") {
      if (inParens[k - from] === 1 || inside(t.start) || quoted.some(([a, b]) => a < t.start && t.start < b)) return -1;
      comma = k;
    }
  }
  if (comma < 0 || !/^(?:a|an)$/i.test(tokens[comma + 1]?.value ?? "")) return -1;
  let k = comma + 2;
  while (k < to && APPOSITIVE_WORDS.test(tokens[k]!.pos) && tokens[k]!.value.toLowerCase() !== "of") k++;
  if (k === comma + 2 || tokens[k]?.value.toLowerCase() !== "of") return -1;
  let after = false;
  for (let j = k + 1; j < to && !after; j++) after = DIGIT.test(tokens[j]!.value);
  let before = false;
  for (let j = from; j < comma && !before; j++) before = DIGIT.test(tokens[j]!.value);
  for (let j = k + 1; j < to; j++) if (isVerb(tokens, j)) return -1;
  return after && before ? comma : -1;
}

/** Subjects that name no record a label could pick ("There: ...", "It: ..."). */
const NO_LABEL = /^(?:there|here|it|i|you|we|they|he|she|this|that|these|those)$/i;

/**
 * The label an item cut from a clause reads with, so its figure stays bound to the clause's subject: the
 * subject the clause carries as a label ("PLAT-412:"), else the head before a colon that opens the clause
 * ("Globex – 312 seats expansion:"), else the words before the clause's verb ("Zone 3 (Pear rows):"). Null
 * when there is none, it is a pronoun, or it is longer than a simple subject.
 */
function subjectLabel(text: string, tokens: Token[], clause: Clause, from: number, firstVerb: number): string | null {
  const start = firstTokenAt(tokens, clause.start + (clause.drop ?? 0));
  // A verb inside parentheses ("#48219 (Invoice PDF missing VAT number) is pending") is the aside's own.
  let verb = firstVerb;
  if (verb > start) {
    const inParens = parenDepth(tokens.slice(start, firstTokenAt(tokens, clause.end)));
    while (verb >= 0 && inParens[verb - start] === 1) {
      let next = -1;
      for (let k = verb + 1; k < tokens.length && tokens[k]!.start < clause.end && next < 0; k++) if (isVerb(tokens, k) && inParens[k - start] !== 1) next = k;
      verb = next;
    }
  }
  let label = "";
  if (clause.subject?.endsWith(":")) label = clause.subject.slice(0, -1);
  else {
    let colon = -1;
    const stop = verb >= 0 ? verb : firstTokenAt(tokens, clause.end);
    for (let k = start + 1; k < stop && colon < 0; k++) if (tokens[k]!.value === ":") colon = k;
    if (colon > start) label = text.slice(tokens[start]!.start, tokens[colon - 1]!.end);
    else if (verb > start && verb >= from)
      label = `${clause.subject && !clause.drop ? `${clause.subject} ` : ""}${text.slice(tokens[start]!.start, tokens[verb - 1]!.end)}`;
    else if (clause.subject) label = clause.subject;
  }
  // A pronoun names no record: "Last night you" is no label.
  for (let k = start; k < (verb >= 0 ? verb : start); k++)
    if (tokens[k]!.pos === "PRON" && !/^(?:its|their|his|her|my|our|your)$/i.test(tokens[k]!.value)) return null;
  label = label.trim().replace(/[,;]$/, "");
  // A fronted phrase ("for Second Wind's 34 feet the slip") is no simple subject.
  if (/^(?:ADP|SCONJ|ADV)$/.test(tokens[start]!.pos) && !clause.subject?.endsWith(":")) return null;
  if (!label || label.length > HEAD_MAX || !LETTER.test(label) || NO_LABEL.test(label) || /[—]/.test(label)) return null;
  return `${label}:`;
}

/** Prepositions that put a figure in a period ("in Q3 2024", "for FY2025", "as of March 1"). */
const PERIOD_PREPOSITION = /^(?:in|during|for|as|since|through|throughout|over|across|within)$/i;

/** Whether tokens `[from, to)` are a period after a preposition, with no figure but its dates: ", in Q3 2024". */
function periodQualifier(text: string, tokens: Token[], from: number, to: number): boolean {
  const first = tokens[from];
  return first !== undefined && to > from && PERIOD_PREPOSITION.test(first.value) && datesOnly(text, tokens, first.start, tokens[to - 1]!.end);
}

/** A comparative or superlative word: what it compares needs the figure that measures it. */
const COMPARING =
  /\b(?:most|least|more|less|fewer|(?!(?:inter|requ|gu|r|w|t|for|sugg|cont|prot|inv|harv|arr|n|p|v|z|qu|pri|ch|dig|hon|earn|mod|manif|l|j)est\b)\p{L}{2,}est|higher|lower|faster|slower|later|earlier|larger|smaller|bigger|cheaper|greater|longer|shorter|heavier|lighter|best|better|worse|worst)\b/iu;

/**
 * Which tokens of a clause no cut may touch: those inside its parentheses, quotations, inline code or links.
 * @returns a test by token index, for tokens of the clause (`from` is its first token).
 */
function shieldOf(text: string, tokens: Token[], clause: Clause, from: number, to: number, inside: (offset: number) => boolean): (k: number) => boolean {
  const inParens = parenDepth(tokens.slice(from, to));
  const quoted = quotedSpans(text, clause.start, clause.end);
  return (k) => inParens[k - from] === 1 || inside(tokens[k]!.start) || quoted.some(([a, b]) => a < tokens[k]!.start && tokens[k]!.start < b);
}

/** The index of the first verb in tokens `[from, to)`, or -1. */
function firstVerbIn(tokens: Token[], from: number, to: number): number {
  for (let k = from; k < to; k++) if (isVerb(tokens, k)) return k;
  return -1;
}

/** Whether tokens `[from, to)` hold a digit. */
function hasDigit(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (DIGIT.test(tokens[k]!.value)) return true;
  return false;
}

/**
 * Whether tokens `[from, to)` compare a figure with another one ("up 19.6% from $2.35 million", "2% more than
 * last year") or total it over more than the subject ("with 15 skipped in total"): the other figure is another
 * period's or entity's, which the clause's subject as a label would hide, so the phrase keeps its own words.
 */
function comparesWithOther(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const v = tokens[k]!.value;
    if (/^(?:from|than|vs\.?|versus|altogether|combined|overall|together)$/i.test(v)) return true;
    // "in total": a figure over more records than the subject's.
    if (/^total$/i.test(v) && /^(?:in|a|the)$/i.test(tokens[k - 1]?.value ?? "")) return true;
  }
  return false;
}

/** A phrase that places a figure against a reference: "under the county figure", "above target", "below average". */
const COMPARED_WITH =
  /^(?:\p{L}+ly\s+)?(?:under|over|above|below|behind|ahead of|short of|within)\s+(?:the\s+|its\s+|their\s+|our\s+|your\s+)?[\p{L}\s-]{2,40}$/iu;

/** Tags of the word that may open a trailing verbless phrase: a preposition, an adjective, an adverb or an article. */
const PHRASE_OPENER = /^(?:ADP|ADJ|ADV|DET)$/;
/** Longest trailing phrase read as a fact of its own, in tokens. */
const PHRASE_MAX = 12;

/**
 * A trailing verbless phrase after the clause's last comma that states a figure of its own: "Kenji has it in
 * progress, due Nov 15", "a weighted value of $62.4k, with a forecast of about $38.4k", "your balance was
 * $4,403.40, about $990 higher than the opening balance", "is at about 18% moisture, below its 22% floor".
 * Each is a fact any of which may be wrong, so each is a claim, read with the clause's subject as a label
 * ("Zone 3: below its 22% floor"); the clause keeps its own words.
 *
 * Only when the words before the comma hold a figure and a verb (or carry a subject), and the phrase opens
 * with a preposition, an adjective, an adverb or an article, holds a figure in digits, and holds no verb,
 * conjunction, quote, code or parenthesis. Never before a year ("3 May, 2024"), nor after a proper name
 * ("Austin, TX 78701"). Else null.
 */
function trailingFigurePhrase(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  const from = firstTokenAt(tokens, clause.start + (clause.drop ?? 0));
  const to = firstTokenAt(tokens, clause.end);
  const shielded = shieldOf(text, tokens, clause, from, to, inside);
  let end = to;
  while (end > from && tokens[end - 1]!.pos === "PUNCT" && tokens[end - 1]!.value !== ")" && tokens[end - 1]!.value !== "%") end--;
  let comma = -1;
  for (let k = end - 1; k > from && k >= end - PHRASE_MAX && comma < 0; k--) if (tokens[k]!.value === "," && !shielded(k)) comma = k;
  if (comma < 0 || comma + 1 >= end) return null;
  const opener = tokens[comma + 1]!;
  // ", priority high", ", severity critical": a field and its value, a fact with no figure.
  // Only of a record named by an identifier with digits ("#48219", "INC-7"): in prose, such a pair is often
  // an absolute phrase of no field ("..., weather permitting").
  // Nor as the last item of a list ("an artist, actor, film director").
  const fieldValue =
    end - comma === 3 &&
    opener.pos === "NOUN" &&
    /^(?:ADJ|NOUN)$/.test(tokens[comma + 2]!.pos) &&
    !shielded(comma + 2) &&
    hasDigit(tokens, from, comma) &&
    !tokens.slice(from, comma).some((t) => t.value === "," || t.pos === "CCONJ");
  if ((!PHRASE_OPENER.test(opener.pos) && !fieldValue) || YEAR.test(opener.value) || tokens[comma - 1]!.pos === "PROPN") return null;
  let digit = fieldValue;
  for (let k = comma + 1; k < end; k++) {
    const t = tokens[k]!;
    if (isVerb(tokens, k) || t.pos === "CCONJ" || t.pos === "SCONJ" || t.pos === "PRON" || /^[,;:()"“”]$|^(?:—|–|--)$/.test(t.value) || shielded(k))
      return null;
    if (DIGIT.test(t.value)) digit = true;
  }
  // A comparison with a reference the record names ("54.5 bu/acre, slightly under the county figure") is a
  // fact of its own too, after a clause with a figure to compare.
  const comparison = !digit && COMPARED_WITH.test(text.slice(opener.start, tokens[end - 1]!.end)) && hasDigit(tokens, from, comma);
  if ((!digit && !comparison) || (digit && comparesWithOther(tokens, comma + 1, end))) return null;
  // A period or place after a preposition (", in Q3 2024", ", as of March 1") qualifies the clause's figure:
  // cut off, it would leave that figure free to read another period's value.
  if (periodQualifier(text, tokens, comma + 1, end)) return null;
  // A comparison or superlative with no figure of its own before the comma ("Ping was lowest on the Salt Lake
  // server, at 18 ms", "CloudFront grew fastest, up about 22%") is measured by the phrase: they stay one claim.
  if (!hasDigit(tokens, from, comma) && COMPARING.test(text.slice(tokens[from]!.start, tokens[comma]!.start))) return null;
  let named = clause.subject !== undefined;
  for (let k = from; k < comma && !named; k++) named = DIGIT.test(tokens[k]!.value) || tokens[k]!.pos === "PROPN";
  if (!named) return null;
  const label = subjectLabel(text, tokens, clause, from, firstVerbIn(tokens, from, comma));
  if (label === null) return null;
  return [
    { ...clause, end: trimEnd(text, clause.start, tokens[comma]!.start) },
    { start: opener.start, end: clause.end, subject: label },
  ];
}

/**
 * A clause that ends in "with a <noun> of <figure>" after a figure or date of its own ("Bao Down was suspended
 * on 10 August after failing inspection with a score of 86"): the phrase is a fact of the subject, read with it
 * as a label ("Bao Down: with a score of 86"), and the clause keeps its own words. Only with no comma, verb,
 * quote, code or parenthesis in the phrase; else null.
 */
function trailingWithOf(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  const from = firstTokenAt(tokens, clause.start + (clause.drop ?? 0));
  const to = firstTokenAt(tokens, clause.end);
  let end = to;
  while (end > from && tokens[end - 1]!.pos === "PUNCT" && tokens[end - 1]!.value !== "%") end--;
  let w = -1;
  for (let k = end - 1; k > from && k >= end - PHRASE_MAX && w < 0; k--) if (tokens[k]!.value.toLowerCase() === "with") w = k;
  if (w < 0 || !/^(?:a|an)$/i.test(tokens[w + 1]?.value ?? "")) return null;
  let k = w + 2;
  while (k < end && APPOSITIVE_WORDS.test(tokens[k]!.pos) && tokens[k]!.value.toLowerCase() !== "of") k++;
  if (k === w + 2 || tokens[k]?.value.toLowerCase() !== "of") return null;
  let figure = k + 1;
  while (figure < end && (FIGURE_LEAD.test(tokens[figure]!.value) || tokens[figure]!.pos === "SYM")) figure++;
  if (!DIGIT.test(tokens[figure]?.value ?? "")) return null;
  const shielded = shieldOf(text, tokens, clause, from, to, inside);
  for (let j = w; j < end; j++) if (isVerb(tokens, j) || /^[,;:()"“”]$/.test(tokens[j]!.value) || shielded(j)) return null;
  if (!hasDigit(tokens, from, w) || comparesWithOther(tokens, w, end)) return null;
  const verb = firstVerbIn(tokens, from, w);
  if (verb < 0) return null;
  const label = subjectLabel(text, tokens, clause, from, verb);
  if (label === null) return null;
  return [
    { ...clause, end: trimEnd(text, clause.start, tokens[w]!.start) },
    { start: tokens[w]!.start, end: clause.end, subject: label },
  ];
}

/**
 * A closing ", which ..." clause with a figure of its own after a clause with one ("The tranche of 750 vests
 * on 1 September, which will bring her to 6,000"): "which" stands for what the clause before says, so the
 * figure is another fact, checked in its own words. Only with a verb in the relative clause, and no comma,
 * quote, code or parenthesis after "which"; else null.
 */
function trailingWhich(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  const from = firstTokenAt(tokens, clause.start + (clause.drop ?? 0));
  const to = firstTokenAt(tokens, clause.end);
  let comma = -1;
  for (let k = to - 2; k > from && k >= to - PHRASE_MAX && comma < 0; k--) if (tokens[k]!.value === ",") comma = k;
  if (comma < 0 || tokens[comma + 1]?.value.toLowerCase() !== "which") return null;
  const shielded = shieldOf(text, tokens, clause, from, to, inside);
  for (let k = comma; k < to; k++) if (shielded(k) || (k > comma && /^[,;:()"“”]$/.test(tokens[k]!.value))) return null;
  if (firstVerbIn(tokens, comma + 2, to) < 0 || !hasDigit(tokens, comma + 2, to) || !hasDigit(tokens, from, comma)) return null;
  return [
    { ...clause, end: trimEnd(text, clause.start, tokens[comma]!.start) },
    { start: tokens[comma + 1]!.start, end: clause.end },
  ];
}

/** Most characters of the head before a verbless list's colon ("Invoice #1060 for the Trust"). */
const COLON_HEAD_MAX = 60;

/**
 * A verbless "head: item, item, item" ("#1060 for the Trust: $640, Net 15, due July 30"), or "head – item,
 * item" after a spaced dash: one claim per item,
 * each read with the head ("#1060 for the Trust: Net 15"), when every item holds a figure and there are at
 * least two, each with a word or a sign beside its figure. No cut inside parentheses, quotes or code, nor before a year ("3 May, 2024"); else null.
 */
function colonList(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] | null {
  const from = firstTokenAt(tokens, clause.start);
  const to = firstTokenAt(tokens, clause.end);
  const inParens = parenDepth(tokens.slice(from, to));
  const quoted = quotedSpans(text, clause.start, clause.end);
  const open = (k: number) => {
    const at = tokens[k]!.start;
    return inParens[k - from] !== 1 && !inside(at) && !quoted.some(([a, b]) => a < at && at < b);
  };
  // The head ends at a colon, or at a spaced dash ("Priya Raman – three mugs, $44.47 ...").
  const spacedDash = (k: number) => DASH.test(tokens[k]!.value) && /\s/.test(text[tokens[k]!.start - 1] ?? "") && /\s/.test(text[tokens[k]!.end] ?? "");
  let colon = -1;
  for (let k = from + 1; k < to && colon < 0; k++) if (tokens[k]!.value === ":" && open(k)) colon = k;
  for (let k = from + 1; k < to && colon < 0; k++) if (spacedDash(k) && open(k)) colon = k;
  if (colon < 0 || !hasWordBefore(tokens, from, colon)) return null;
  const head = text.slice(clause.start + (clause.drop ?? 0), tokens[colon]!.start).trim();
  if (head.length > COLON_HEAD_MAX || /[—:]/.test(head)) return null;
  const cuts: number[] = [];
  for (let k = colon + 1; k < to - 1; k++) {
    const v = tokens[k]!.value.toLowerCase();
    if (!open(k)) continue;
    if (v === ":" || v === ";" || (spacedDash(k) && tokens[colon]!.value !== ":") || ALTERNATIVES.has(tokens[k + 1]!.value.toLowerCase())) return null;
    if (v === "," && !YEAR.test(tokens[k + 1]!.value)) cuts.push(k);
  }
  if (cuts.length === 0) return null;
  const bounds = [colon, ...cuts, to];
  let figures = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    let first = bounds[i]! + 1;
    if (tokens[first]?.value.toLowerCase() === "and") first++;
    let last = bounds[i + 1]!;
    while (last > first && tokens[last - 1]!.pos === "PUNCT") last--;
    // Each item a figure with a word or a sign ("Net 15", "$640"); bare figures ("80, 443 and 8080") stay whole.
    // A field and its value ("priority high") is an item too, beside at least two with figures.
    // A count in words before its noun is a figure too ("three Speckled Sage mugs").
    const counted = tokens[first]?.pos === "NUM" && /^(?:NOUN|PROPN|ADJ)$/.test(tokens[first + 1]?.pos ?? "");
    const figure = first < last && (figureWithWord(tokens, first, last) || figureWithSymbol(tokens, first, last) || counted);
    const fieldValue = last - first === 2 && tokens[first]!.pos === "NOUN" && /^(?:ADJ|NOUN)$/.test(tokens[first + 1]!.pos);
    if (!figure && !fieldValue) return null;
    if (figure) figures++;
  }
  if (figures < 2) return null;
  const subject = clause.subject ? `${clause.subject} ${head}:` : `${head}:`;
  const parts: Clause[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    let first = bounds[i]! + 1;
    if (tokens[first]?.value.toLowerCase() === "and") first++;
    const end = i + 2 === bounds.length ? clause.end : trimEnd(text, tokens[first]!.start, tokens[bounds[i + 1]!]!.start);
    parts.push(i === 0 ? { ...clause, end } : { start: tokens[first]!.start, end, subject });
  }
  return parts;
}

/** Whether tokens `[from, to)` hold a word. */
function hasWordBefore(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (LETTER.test(tokens[k]!.value)) return true;
  return false;
}

function splitList(text: string, tokens: Token[], clause: Clause, inside: (offset: number) => boolean): Clause[] {
  const whole = [clause];
  const from = firstTokenAt(tokens, clause.start);
  const to = firstTokenAt(tokens, clause.end);
  let digits = 0;
  let figures = 0;
  for (let k = from; k < to && digits < 2; k++) {
    if (DIGIT.test(tokens[k]!.value)) digits++;
    if (DIGIT.test(tokens[k]!.value) || tokens[k]!.pos === "NUM") figures++;
  }
  if (figures < 2) return whole;
  // With one figure in digits, only a phrase of its own figure after a count in words is cut ("three times
  // for a total of 5.5 hours"); lists need digits on both sides.
  const phrasesOnly = digits < 2;

  let verb = -1;
  for (let k = from; k < to && verb < 0; k++) if (isVerb(tokens, k)) verb = k;
  // A head before a colon or a spaced dash, with the first verb only inside an item ("Priya Raman – three
  // mugs, $44.47 including $5.95 shipping"), heads a verbless list.
  let headEnd = -1;
  for (let k = from + 1; k < to && headEnd < 0; k++)
    if (tokens[k]!.value === ":" || (DASH.test(tokens[k]!.value) && /\s/.test(text[tokens[k]!.end] ?? ""))) headEnd = k;
  // Not a head of several entities ("X and Y — adding ..."), nor a dash before a verb of its own.
  const oneHead = (): boolean => {
    for (let k = from; k < headEnd; k++) if (/^(?:and|or|,|&)$/i.test(tokens[k]!.value)) return false;
    return !isVerb(tokens, headEnd + 1);
  };
  if (verb < 0 || (headEnd >= 0 && headEnd < verb && oneHead())) {
    const listed = colonList(text, tokens, clause, inside);
    if (listed || verb < 0) return listed ?? whole;
  }
  // The verb group: "'s pouring", "will be", "has never run".
  let verbEnd = verb;
  while (
    verbEnd + 1 < to &&
    (isVerb(tokens, verbEnd + 1) || (/^(?:ADV|PART)$/.test(tokens[verbEnd + 1]!.pos) && isVerb(tokens, verbEnd + 2) && verbEnd + 2 < to))
  ) {
    verbEnd += isVerb(tokens, verbEnd + 1) ? 1 : 2;
  }

  const clauseTokens = tokens.slice(from, to);
  const inParens = parenDepth(clauseTokens);
  const quoted = quotedSpans(text, clause.start, clause.end);
  const isProtected = (k: number): boolean => {
    const at = tokens[k]!.start;
    return inParens[k - from] === 1 || inside(at) || quoted.some(([a, b]) => a < at && at < b);
  };

  const separators: Separator[] = [];
  for (let k = verbEnd + 1; k < to - 1; k++) {
    const t = tokens[k]!;
    if (isProtected(k)) continue;
    const v = t.value.toLowerCase();
    const next = tokens[k + 1]!;
    // A relative clause after a comma that ends the clause (", of which 1,064 are visible", ", which had 3
    // upvotes"): a fact of its own; nothing after it is an item of the main clause's list.
    if (v === "," && relativeAt(tokens, k + 1, to)) {
      separators.push({ kind: "relative", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
      break;
    }
    // A subordinate clause may put its own verb after the list ("states that 55% of X and 60% of Y come
    // from Z"): its items share that verb, not the main one.
    if (t.pos === "SCONJ" || (t.pos !== "DET" && SUBORDINATE.test(v))) break;
    const nextValue = next.value.toLowerCase();
    const spaced = /\s/.test(text[t.start - 1] ?? "") && /\s/.test(text[t.end] ?? "");
    if (v === "," && partitiveAt(tokens, k + 1, to)) {
      separators.push({ kind: "comma", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
    } else if (phrasesOnly) {
      if (opensFigurePhrase(tokens, k, to)) separators.push({ kind: "phrase", at: k, leftEnd: t.start, rightStart: t.start, rightFrom: k });
    } else if (DASH.test(t.value) && spaced) {
      separators.push({ kind: "dash", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
    } else if (v === ":") {
      separators.push({ kind: "colon", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
    } else if (v === ",") {
      // ", plus 11 medium": the "plus" is the separator (below), and the comma adds none.
      if (ALTERNATIVES.has(nextValue) || nextValue === "plus") continue;
      if (nextValue === "and" && k + 2 < to) {
        separators.push({ kind: "comma", at: k, leftEnd: t.start, rightStart: tokens[k + 2]!.start, rightFrom: k + 2 });
        k++;
      } else {
        separators.push({ kind: "comma", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
      }
    } else if (v === "and" && t.pos === "CCONJ") {
      separators.push({ kind: "and", at: k, leftEnd: t.start, rightStart: next.start, rightFrom: k + 1 });
    } else if (v === "plus") {
      separators.push({ kind: "and", at: k, leftEnd: t.start, rightStart: t.start, rightFrom: k });
    } else if (opensFigurePhrase(tokens, k, to)) {
      separators.push({ kind: "phrase", at: k, leftEnd: t.start, rightStart: t.start, rightFrom: k });
    }
  }
  if (separators.length === 0) return whole;

  // Whether the list is the verb's own object or complement: only determiners, adjectives, adverbs and
  // figures between the verb and the first figure ("have 312 seats", "is about $5", not "grew from $56").
  let direct = true;
  let firstFigure = -1;
  for (let k = verbEnd + 1; k < to && firstFigure < 0; k++) {
    if (DIGIT.test(tokens[k]!.value)) firstFigure = k;
    else if (!DIRECT.test(tokens[k]!.pos)) direct = false;
  }
  const headStart = clause.start + (clause.drop ?? 0);
  const ownHead = text.slice(headStart, tokens[verbEnd]!.end);
  const head = clause.subject ? `${clause.subject}${clause.drop ? "" : " "}${ownHead}` : ownHead;
  const headFits = head.length <= HEAD_MAX && !/[—:]/.test(head);
  const canCarry = direct && headFits;
  const label = subjectLabel(text, tokens, clause, from, verb);

  const parts: Clause[] = [{ ...clause }];
  // Token where the item before the next separator starts (the first item starts after the verb).
  let itemFrom = verbEnd + 1;
  // Whether items still share the clause's subject and verb: not after an aside, a colon or a phrase that
  // starts with a preposition or a verb.
  let sharing = canCarry;
  let inAside = false;
  let asideCut = false;
  /** The entity the open aside describes, whose name its items carry ("88 Pine Road: 2 bed"). */
  let asideOf: string | null = null;
  /**
   * A count after a prepositional list's first item ("Mercer led everyone with 31 points and 11 rebounds") is
   * the named subject's too: it reads with the name as a label ("Mercer: 11 rebounds"). Not a part of what the
   * clause counted ("three of them"), nor after a subject that is no name ("The service", "Six stockouts").
   */
  const namedCount = (k: number, end: number): boolean => tokens[k]?.pos === "NUM" && !direct && tokens[from]?.pos === "PROPN" && !partitiveAt(tokens, k, end);
  /** Whether separator `i` is an "and" at token `k`. */
  const andAt = (i: number, k: number): boolean => separators[i]?.kind === "and" && separators[i]!.at === k;
  for (let s = 0; s < separators.length; s++) {
    const sep = separators[s]!;
    const itemTo = s + 1 < separators.length ? separators[s + 1]!.at : to;
    const right = tokens[sep.rightFrom];
    let cut = false;
    let carry = false;
    let startAt = sep.rightStart;
    let relativeOf: string | null = null;
    if (sep.kind === "relative") {
      // Read after the entity the clause names ("Benu: which has 4.5 stars"). A clause that names none but
      // pins its record by a date alone is read whole before it ("The pothole reported March 2: which had 3
      // upvotes"): alone, "which had 3 upvotes" would be any record's. A clause with figures of its own is
      // left out, since what the relative word refers to among them is not known: the part keeps its own words.
      cut = hasFigure(tokens, from, sep.at) && figureWithWord(tokens, sep.rightFrom, to);
      const entity = cut ? asideEntity(text, tokens, from, sep.at) : null;
      const before = text.slice(clause.start + (clause.drop ?? 0), sep.leftEnd).trim();
      if (entity !== null) relativeOf = `${entity}:`;
      else if (cut && before.length <= HEAD_MAX && datesOnly(text, tokens, tokens[from]!.start, sep.leftEnd))
        relativeOf = `${clause.subject ? `${clause.subject} ` : ""}${before}:`;
      sharing = false;
    } else if (sep.kind === "phrase") {
      // A phrase of its own figure after an item with one ("leaves at 08:16 from platform 4", "rated 8.4 from
      // about 92k votes"): another fact of the subject, read with its subject and verb.
      cut = hasFigure(tokens, itemFrom, sep.at) && figureWithWord(tokens, sep.rightFrom, itemTo) && !hasOwnClause(tokens, sep.rightFrom, itemTo);
      carry = cut && headFits && !verbless(tokens, from, verbEnd);
      // "22 of 24 beds" is one figure's part and whole, no phrase of another fact: later items still share.
      const partOfWhole = !cut && tokens[sep.at]?.value.toLowerCase() === "of" && tokens[sep.at - 1]?.pos === "NUM";
      if (!partOfWhole) sharing = false;
    } else if (sep.kind === "dash" || sep.kind === "colon") {
      const closing = sep.kind === "dash" && inAside;
      // What follows the closing dash of an aside that was cut belongs to the main clause, never to the aside.
      // An aside may name rather than count: "— Haaland with a hat-trick —" is a fact of its own too.
      const named = sep.kind === "dash" && !closing && nameWithWord(tokens, sep.rightFrom, itemTo);
      cut = figureWithWord(tokens, sep.rightFrom, itemTo) || named || (closing && asideCut);
      if (cut && sep.kind === "dash" && !closing) {
        // The main clause must go on with a figure after the aside, or the aside ends the clause: "412 minutes
        // — just under 7 hours — with no roaming" stays whole rather than leave "with no roaming" on its own.
        let c = s + 1;
        while (c < separators.length && separators[c]!.kind !== "dash") c++;
        const closer = separators[c];
        if (closer) {
          // "— ... — and a 7.1% click rate": the list goes on after the "and" that follows the closing dash.
          let next = c + 1;
          if (andAt(next, closer.rightFrom)) next++;
          const goesOnFrom = next > c + 1 ? separators[c + 1]!.rightFrom : closer.rightFrom;
          const goesOnTo = next < separators.length ? separators[next]!.at : to;
          cut = figureWithWord(tokens, goesOnFrom, goesOnTo);
        }
      }
      if (sep.kind === "dash") {
        inAside = !inAside;
        asideCut = inAside && cut;
        asideOf = asideCut ? asideEntity(text, tokens, from, sep.at) : null;
      }
      // After a closing dash the main clause goes on: "It's pouring — 6.7 mm — at 16.8 °C".
      const continues = right !== undefined && !isVerb(tokens, sep.rightFrom) && /^(?:ADP|DET|NUM|SYM|ADJ|ADV)$/.test(right.pos);
      // Only a verb without an object reads well before the continuation: "It's pouring" + "at 16.8 °C", not
      // "The server handled" + "at a 0.4% error rate".
      carry = closing && headFits && !direct && continues && !hasOwnClause(tokens, sep.rightFrom, itemTo);
      sharing = closing && canCarry;
      // "had a 42.9% open rate — ... — and a 7.1% click rate": the verb's list goes on after the "and", with
      // the verb's subject ("The campaign had a 7.1% click rate").
      if (closing && cut && andAt(s + 1, sep.rightFrom)) {
        startAt = separators[s + 1]!.rightStart;
        carry = canCarry;
      }
    } else {
      const left = tokens[sep.at - 1]!;
      // A predicate phrase ("$2,300, due 15 March") needs no noun on its left; a list item ("$5, $6 and $7
      // for adults") may share the noun of the last one, so each side must have its own.
      const predicate = sep.kind === "comma" && right !== undefined && (right.pos === "ADJ" || right.pos === "VERB");
      // A part of what the clause counted ("Six stockouts were logged, three of them at Fairlane"): a fact of
      // its own, in its own words.
      // Only as the clause's last item, with no aside after it: what follows a partitive is read with it.
      const partitive =
        sep.kind === "comma" &&
        s === separators.length - 1 &&
        partitiveAt(tokens, sep.rightFrom, itemTo) &&
        !tokens.slice(sep.rightFrom, to).some((t) => t.value === "(");
      if (partitive) sharing = false;
      cut =
        partitive ||
        ((figureWithWord(tokens, itemFrom, sep.at) || (predicate && figureWithSymbol(tokens, itemFrom, sep.at))) &&
          figureWithWord(tokens, sep.rightFrom, itemTo) &&
          !hasOwnClause(tokens, sep.rightFrom, itemTo) &&
          !(sep.kind === "comma" && endsInHyphenFigure(tokens, sep.at)) &&
          !(sep.kind === "comma" && left.pos === "PROPN" && right?.pos === "PROPN") &&
          !(sep.kind === "comma" && YEAR.test(right?.value ?? "")) &&
          !(sep.kind === "and" && closesRange(tokens, itemFrom, sep.at)) &&
          // A period after a preposition (", in Q3 2024") qualifies the figure before it: no fact of its own.
          !(sep.kind === "comma" && periodQualifier(text, tokens, sep.rightFrom, itemTo)) &&
          !sharedUnit(left, right));
      // A word wink tags as a verb but {@link isVerb} reads as a noun ("and churn of 2%") opens a noun phrase.
      const nounPhrase =
        right !== undefined &&
        (NOUN_PHRASE_START.test(right.pos) || right.pos === "VERB") &&
        !KEPT_OPENERS.has(right.value.toLowerCase()) &&
        !isVerb(tokens, sep.rightFrom);
      if (cut && !nounPhrase) sharing = false;
      // A predicate adjective reads with "be" ("The bill is due 9 June"), not after another verb ("Kenji has due
      // Nov 15"): there the item reads with the subject as a label.
      carry = sharing && !(predicate && right!.pos === "ADJ" && !BE.test(tokens[verbEnd]!.value));
    }
    // "RDS came to $1,655.30 and S3 to $612.05": the item has its own subject and only the verb is left out
    // (gapping); the head's subject is not its own, so it reads in its own words.
    if (carry && gapped(tokens, sep.rightFrom, itemTo, verbEnd)) carry = false;
    if (cut) {
      const last = parts[parts.length - 1]!;
      last.end = trimEnd(text, last.start, sep.leftEnd);
      const part: Clause = { start: startAt, end: clause.end };
      if (carry) part.subject = head;
      else if (inAside && asideOf !== null) part.subject = `${asideOf}:`;
      else if (relativeOf !== null) part.subject = relativeOf;
      else if (
        label !== null &&
        (sep.kind === "comma" || sep.kind === "and") &&
        // The count after "and" that goes on an item read under the label ("The ICU: with 22 of 24 beds filled
        // and 2 pending admits") is the labelled entity's too.
        (/^(?:ADP|ADV|ADJ)$/.test(right?.pos ?? "") ||
          namedCount(sep.rightFrom, itemTo) ||
          (sep.kind === "and" && right?.pos === "NUM" && parts[parts.length - 1]!.subject === label && parts.length > 1)) &&
        !gapped(tokens, sep.rightFrom, itemTo, verbEnd) &&
        !comparesWithOther(tokens, sep.rightFrom, itemTo)
      )
        // A prepositional or adverbial item ("..., below its 22% floor") is the subject's too: it reads with
        // the subject as a label ("Zone 3: below its 22% floor"), not as words of no record.
        part.subject = label;
      parts.push(part);
    }
    // The next item starts after this separator whether or not it cut: each pair of neighbours is judged alone.
    itemFrom = sep.rightFrom;
  }
  return parts.length === 1 ? whole : parts;
}
