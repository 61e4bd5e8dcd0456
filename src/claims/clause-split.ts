/**
 * Splits a compound sentence into clauses that each assert something, so each figure is checked on its own:
 * "Food comes to $612.45 and transport is 16.4% of the total." is two claims, one of which may be wrong.
 *
 * Cuts happen at "; ", ", and", " and ", ", but", " but ", ", while", " whereas ", ", so", ", then", ", yet",
 * ", though", ", although", ", since", ", because" (and a serial comma before a verb, as in "closed at X,
 * is up Y, and traded Z") only when each side has its own verb (wink POS VERB or AUX): "axios, chalk and
 * debug are MIT-licensed" has one verb and stays one claim. A bare ", " also cuts when a clause with a verb
 * ends before it and one of these starts after it:
 * - a new clause, a noun phrase with its own finite verb ("..., churn was 0.05%") or "there is/are/was/were";
 * - a trailing participial phrase ("..., billed annually"), whose claim reads "The plan is billed annually";
 * - a relative clause that names a figure, date or name ("..., which is 67.2% of spending"), whose claim reads
 *   "Housing is 67.2% of spending".
 * Nothing inside matched parentheses is cut.
 */
import { classifyClaim, isAnchored } from "./claim-kind.js";
import type { Sentence } from "./sentence-split.js";
import { asideEntity } from "./aside-entity.js";
import type { Token } from "./wink.js";

/** A clause of a sentence, in clean-text offsets. */
export interface Clause {
  /** First character of the clause (after any conjunction). */
  start: number;
  /** Just past its last character (before the comma or conjunction that ends it). */
  end: number;
  /**
   * Words the claim text should start with when this clause lost its subject: the sentence's subject before
   * a clause that starts with a verb ("The stock" + "is up 17.93%"), the subject and a form of "be" before a
   * participial phrase ("The plan is" + "billed annually"), or the subject that stands for a relative pronoun.
   */
  subject?: string;
  /**
   * Characters at the start of the clause that the claim text leaves out in favour of `subject`: the relative
   * pronoun of "which is 67.2% of spending" (text "Housing is 67.2% of spending"). 0 when absent.
   */
  drop?: number;
}

const CONJUNCTIONS = new Set(["and", "but", "while", "whereas"]);
/**
 * Conjunctions that open a clause only after a comma: "..., so you netted $1,175.00", "..., then moved $10.00
 * out". Alone they are adverbs ("so fast", "and then"); "so far", "so that", "then again" open no clause.
 */
const COMMA_CONJUNCTIONS = new Set([...CONJUNCTIONS, "so", "then", "yet", "though", "although", "since", "because"]);
const NOT_AFTER_COMMA_CONJUNCTION = /^(?:far|that|much|many|long|again|on|forth|too|as)$/i;
/** Words that open a subordinate clause: "When the pod restarted, the logs were lost" is one claim. */
const SUBORDINATORS = new Set([
  "when",
  "if",
  "although",
  "though",
  "because",
  "since",
  "after",
  "before",
  "while",
  "as",
  "once",
  "unless",
  "until",
  "whether",
  "whenever",
  "wherever",
  "whereas",
]);
const RELATIVE = new Set(["which", "who", "where"]);
/** A quantifier before a participial phrase about what the clause listed: "..., both given by Nurse Ito". */
const QUANTIFIER = /^(?:both|all|each)$/i;
/** Verb forms that work as prepositions after a comma ("..., including X and Y"): no clause starts there. */
const PREPOSITION_LIKE = /^(?:including|excluding|following|according|regarding|concerning|considering|given|compared|depending|starting|beginning|ranging)$/;
/** Relative verbs that refer to the whole clause ("..., which means $4.2M"), not to its subject. */
const PROPOSITIONAL =
  /^(?:means?|meant|implies|implied|suggests?|suggested|indicates?|indicated|shows?|showed|makes?|made|puts?|brings?|brought|leaves?|left|gives?|gave|translates?|translated|results?|resulted)$/i;
/** Subjects a participial phrase or a relative pronoun cannot stand for ("There are 3 packages, which ..."). */
const UNCARRIABLE = /^(?:there|i|you|we|they|he|she|this|that|these|those)$/i;
const BE = /^(?:is|are|was|were|'s|’s)$/i;
/** Personal pronouns that may stand for a named subject of the clause before. */
const PERSONAL = /^(?:he|she)$/i;
/** Main verbs that equate the subject with what follows, so a trailing "which" may stand for the subject. */
const AMOUNT_VERB =
  /^(?:is|are|was|were|'s|’s|costs?|cost|totals?|totall?ed|amounts?|amounted|equals?|equall?ed|comes?|came|accounts?|accounted|represents?|represented)$/i;
const FINITE_BE = /^(?:is|are|was|were)$/i;
/** Past participles that are not also simple past forms, so they never read as a coordinated verb. */
const IRREGULAR_PARTICIPLE = new Set([
  "written",
  "known",
  "given",
  "taken",
  "shown",
  "grown",
  "drawn",
  "seen",
  "done",
  "driven",
  "broken",
  "chosen",
  "spoken",
  "hidden",
  "thrown",
  "born",
  "worn",
  "frozen",
  "stolen",
  "ridden",
  "begun",
  "forgotten",
  "gotten",
  "undertaken",
  "overseen",
  "rewritten",
  "withdrawn",
  "mistaken",
  "sworn",
  "torn",
]);
/** Past participles shared with the simple past, read as participles only where a past verb cannot be. */
const SHARED_PARTICIPLE = new Set([
  "built",
  "made",
  "held",
  "paid",
  "sold",
  "led",
  "kept",
  "found",
  "brought",
  "bought",
  "sent",
  "spent",
  "won",
  "set",
  "put",
  "cut",
  "hit",
  "run",
  "owned",
  "funded",
  "left",
  "told",
  "bound",
]);
const IRREGULAR_PAST = new Set([
  "was",
  "were",
  "had",
  "did",
  "rose",
  "fell",
  "grew",
  "came",
  "went",
  "made",
  "took",
  "gave",
  "sold",
  "paid",
  "ran",
  "won",
  "began",
  "became",
  "got",
  "held",
  "kept",
  "led",
  "met",
  "saw",
  "sent",
  "spent",
  "stood",
  "told",
  "thought",
  "brought",
  "bought",
  "built",
  "wrote",
  "drove",
  "broke",
  "chose",
  "spoke",
  "found",
  "said",
  "left",
  "lost",
  "shot",
  "hit",
  "set",
  "put",
  "cut",
  "hid",
  "beat",
  "drew",
  "flew",
  "knew",
  "threw",
  "wore",
  "sank",
  "shrank",
]);
/**
 * Third-person verbs that agent answers conjoin to a first clause ("... and sells for $5", "... and weighs
 * 2 kg") and that are seldom a plural noun after "and": wink tags some of them as nouns there.
 */
const CONJOINED_VERB = new Set([
  "lists",
  "sells",
  "ships",
  "weighs",
  "renews",
  "expires",
  "holds",
  "opens",
  "closes",
  "takes",
  "sits",
  "stays",
  "averages",
  "peaks",
  "pays",
  "earns",
  "ranks",
  "leads",
  "trails",
  "departs",
  "arrives",
  "lands",
  "includes",
  "requires",
  "seats",
  "sleeps",
  "measures",
  "offers",
  "allows",
  "supports",
  "accepts",
]);
/** Look-ahead bound of the scans at a comma, so each stays O(1) and the whole split linear. */
const LOOKAHEAD = 12;

type CutKind = "plain" | "serial" | "clause" | "participle" | "relative" | "appositive";

interface Cut {
  /** Where the left part ends (the comma, semicolon or conjunction). */
  leftEnd: number;
  /** The cut is at a semicolon. */
  semicolon?: boolean;
  /** Where the right part starts (after the conjunction). */
  rightStart: number;
  /**
   * `serial`: a serial comma before a verb, only a cut when a conjunction cut follows in the same sentence.
   * `clause`, `participle`, `relative`: a bare comma before a new clause, a participial or a relative clause.
   */
  kind: CutKind;
}

/**
 * True for a token read as a verb: wink's VERB or AUX, or a 3rd-person verb wink tags as a plural noun
 * between a noun and a figure ("invoice totals 3450.0"), or between a name and an adverb ("Priya drives twice").
 */
export function isVerb(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  if (!t) return false;
  const prev = tokens[k - 1];
  // "well-known", "21-year-old": a verb inside a hyphenated word is part of an adjective.
  if (prev?.value === "-" && prev.end === t.start) return false;
  const next = tokens[k + 1];
  // "..., and churn of about 2%": a bare verb form right after a conjunction and before "of" heads a noun
  // phrase (wink tags "churn", "cost", "spend" there as verbs); a verb there takes an ending or an object.
  if (t.pos === "VERB" && next?.value === "of" && (prev?.pos === "CCONJ" || prev?.value === ",") && !/(?:s|ed|ing)$/i.test(t.value)) return false;
  // "a Lidl purchase of $42.10", "an annual spend of $5k": after "a"/"an" and its modifiers, a bare
  // form before "of" is the noun the article opens.
  if (t.pos === "VERB" && next?.value === "of" && !/(?:ed|ing)$/i.test(t.value) && afterIndefinite(tokens, k)) return false;
  // "5 retries and a pool", "2 restarts in an hour": a plural form counted by a number, with nothing after it
  // that a verb would take, is the noun counted.
  // So is one after a number and its modifiers ("2 pending admits", "3 new hires").
  if (t.pos === "VERB" && countedAt(tokens, k) && /[a-z]s$/.test(t.value) && (next === undefined || /^(?:PUNCT|CCONJ|ADP)$/.test(next.pos))) return false;
  if (t.pos === "VERB" || t.pos === "AUX") return true;
  const lower = t.value.toLowerCase();
  // "Truck 14 drove for 7.9 hours": an irregular past form wink tags as a noun, right after its subject and
  // before what a verb takes (a preposition, an adverb, a figure, an article), is the verb.
  if (t.pos === "NOUN" && IRREGULAR_PAST.has(lower) && /^(?:NOUN|PROPN|NUM|PRON)$/.test(prev?.pos ?? "") && /^(?:ADP|ADV|NUM|DET|SYM)$/.test(next?.pos ?? ""))
    return true;
  // "... is out of stock and lists at $43": a verb of the third person that is seldom a noun, after "and" or
  // "but" and before what a verb takes, heads the second conjunct, whatever tag wink gives it.
  if (t.pos === "NOUN" && prev?.pos === "CCONJ" && CONJOINED_VERB.has(lower) && /^(?:ADP|ADV|NUM|DET|SYM)$/.test(next?.pos ?? "")) return true;
  // "Here's", "There's", "That's" as wink reads them: one token that holds "is".
  if (CONTRACTED_IS.test(t.value)) return true;
  return (
    t.pos === "NOUN" &&
    /[a-z]s$/.test(t.value) &&
    (prev?.pos === "NOUN" || prev?.pos === "PROPN") &&
    (next?.pos === "NUM" || next?.pos === "SYM" || next?.pos === "DET" || (prev.pos === "PROPN" && next?.pos === "ADV") || changesTo(tokens, k + 1))
  );
}

/** "to $388", "by 6.5%": the amount or share a change verb moves to or by ("Pool maintenance drops to $388"). */
function changesTo(tokens: Token[], k: number): boolean {
  if (!/^(?:to|by)$/i.test(tokens[k]?.value ?? "")) return false;
  const figure = tokens[k + 1];
  return figure?.pos === "SYM" ? tokens[k + 2]?.pos === "NUM" : figure?.pos === "NUM" && tokens[k + 2]?.value === "%";
}

/** Whether a number stands before token `k`, right before it or before one or two adjectives ("2 pending"). */
function countedAt(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && j >= k - 3; j--) {
    const p = tokens[j]!;
    if (p.pos === "NUM") return true;
    if (p.pos !== "ADJ") return false;
  }
  return false;
}

/** A pronoun or adverb contracted with "is", read by wink as one token. */
const CONTRACTED_IS = /^(?:here|there|that|it|what|who|where)['’]s$/i;

/** Whether the tokens before `k` are "a"/"an" and up to three modifiers (adjectives, names, nouns, numbers). */
function afterIndefinite(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && j >= k - 4; j--) {
    const p = tokens[j]!;
    if (/^(?:a|an)$/i.test(p.value)) return true;
    if (!/^(?:ADJ|PROPN|NOUN|NUM)$/.test(p.pos)) return false;
  }
  return false;
}

function isFinite(token: Token): boolean {
  return !/(?:ing|^to)$/i.test(token.value);
}

/** True for a past participle: "released", "written", "built". */
export function isParticiple(value: string): boolean {
  const v = value.toLowerCase();
  return IRREGULAR_PARTICIPLE.has(v) || SHARED_PARTICIPLE.has(v) || /[a-z]{2}ed$/.test(v);
}

function isPast(value: string): boolean {
  const v = value.toLowerCase();
  return IRREGULAR_PAST.has(v) || /[a-z]{2}ed$/.test(v);
}

/** Per token: inside a matched pair of parentheses of `tokens` (one stack pass, linear). */
export function parenDepth(tokens: Token[]): Uint8Array {
  const inside = new Uint8Array(tokens.length);
  const opens: number[] = [];
  const pairs: Array<[number, number]> = [];
  tokens.forEach((t, k) => {
    if (t.value === "(") opens.push(k);
    else if (t.value === ")" && opens.length > 0) pairs.push([opens.pop()!, k]);
  });
  // Outermost pairs only: an inner pair lies within an outer one, so mark each token once at most.
  const delta = new Int32Array(tokens.length + 1);
  for (const [a, b] of pairs) {
    delta[a + 1]!++;
    delta[b]!--;
  }
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    depth += delta[k]!;
    if (depth > 0) inside[k] = 1;
  }
  return inside;
}

/** ", <noun phrase> <finite verb>" or ", there is/are/was/were": the comma at `k` starts a new clause. */
function startsClause(tokens: Token[], k: number, inParens?: Uint8Array): boolean {
  const first = tokens[k + 1];
  if (!first) return false;
  if (first.value.toLowerCase() === "there") return FINITE_BE.test(tokens[k + 2]?.value ?? "");
  if (RELATIVE.has(first.value.toLowerCase()) || first.value.toLowerCase() === "that") return false;
  for (let j = k + 1; j <= k + LOOKAHEAD && j < tokens.length; j++) {
    const t = tokens[j]!;
    // A parenthetical inside the subject ("Cafe Nord ($$) is ...") is part of it.
    if (inParens && j > k + 1 && (inParens[j] === 1 || (t.value === ")" && inParens[j - 1] === 1) || (t.value === "(" && inParens[j + 1] === 1))) continue;
    const nounish = /^(?:DET|ADJ|NOUN|PROPN|PRON|NUM|SYM|PART)$/.test(t.pos);
    if (j > k + 1 && isVerb(tokens, j)) return isFinite(t);
    // wink tags some subject nouns as verbs ("spending rose"): a verb followed by a finite verb is a noun here.
    if (j === k + 1 && t.pos === "VERB" && isVerb(tokens, j + 1) && tokens[j + 1]!.pos === "AUX") continue;
    // A coordinated subject: ", SP-5 and SP-3 are in progress".
    if (
      j > k + 1 &&
      t.pos === "CCONJ" &&
      /^(?:and|or)$/i.test(t.value) &&
      /^(?:DET|NOUN|PROPN|NUM)$/.test(tokens[j + 1]?.pos ?? "") &&
      !isVerb(tokens, j + 1)
    ) {
      continue;
    }
    if (!nounish || t.value === "," || t.value === ";") return false;
  }
  return false;
}

/**
 * Whether the tokens from `k` are a noun phrase of up to four words with a name or noun in it, then an -ing
 * verb: the absolute phrase of "..., with YouTube Music contributing $58.90".
 */
function withAbsolute(tokens: Token[], k: number): boolean {
  let named = false;
  for (let j = k; j < k + 5 && j < tokens.length; j++) {
    const t = tokens[j]!;
    if (j > k && named && /ing$/i.test(t.value) && (t.pos === "VERB" || t.pos === "NOUN")) return true;
    if (!/^(?:DET|ADJ|NOUN|PROPN|NUM)$/.test(t.pos)) return false;
    named ||= t.pos === "PROPN" || t.pos === "NOUN";
  }
  return false;
}

/**
 * Whether the tokens from `k` are an indefinite noun phrase with a figure and no verb, up to the sentence's
 * end or the next comma: "a 6.5% cut", "an 18-minute delay", "a one-cent spread".
 */
function figureAppositive(tokens: Token[], k: number): boolean {
  if (!/^an?$/i.test(tokens[k]?.value ?? "")) return false;
  let figure = false;
  for (let j = k + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (/^[,;.!?]$/.test(t.value)) return figure && j > k + 2 && (/^(?:NOUN|PROPN)$/.test(tokens[j - 1]!.pos) || headNoun(tokens, j - 1));
    if (j > k + APPOSITIVE_WORDS || (isVerb(tokens, j) && !headNoun(tokens, j)) || t.pos === "CCONJ" || t.pos === "ADP" || t.pos === "PRON") return false;
    figure ||= t.pos === "NUM";
  }
  return figure && /^(?:NOUN|PROPN)$/.test(tokens[tokens.length - 1]!.pos);
}

/** A word tagged as a verb that ends a figure's noun phrase ("a 6.5% cut", "a 3-point drop"): its head noun. */
function headNoun(tokens: Token[], j: number): boolean {
  const after = tokens[j + 1];
  return (after === undefined || /^[,;.!?]$/.test(after.value)) && /^(?:NUM|SYM|NOUN|ADJ)$/.test(tokens[j - 1]?.pos ?? "") && tokens[j]!.pos === "VERB";
}

/** Most tokens of a figure appositive after its article ("a 6.5 % year-on-year cut"). */
const APPOSITIVE_WORDS = 7;

/** ", billed annually": a participial phrase with no verb of its own up to the next comma or conjunction. */
function startsParticiple(tokens: Token[], k: number, mainPast: boolean): boolean {
  const first = tokens[k + 1];
  if (!first || (first.pos !== "VERB" && first.pos !== "ADJ") || !isParticiple(first.value)) return false;
  const v = first.value.toLowerCase();
  if (mainPast && !IRREGULAR_PARTICIPLE.has(v)) {
    // After a past verb "crashed twice" may be a second verb; "released under MIT" is a participle.
    const next = tokens[k + 2];
    if (!next || !(next.pos === "ADP" || (next.pos === "ADV" && /ly$/i.test(next.value)))) return false;
  }
  for (let j = k + 2; j <= k + LOOKAHEAD && j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.value === "," || t.value === ";" || t.pos === "CCONJ") break;
    if (isVerb(tokens, j) && isFinite(t) && !isParticiple(t.value)) return false;
  }
  return true;
}

function findCuts(tokens: Token[], inside: (offset: number) => boolean): Cut[] {
  const cuts: Cut[] = [];
  const inParens = parenDepth(tokens);
  let mainVerb = -1;
  for (let k = 0; k < tokens.length && mainVerb < 0; k++) if (isVerb(tokens, k)) mainVerb = k;
  const mainPast = mainVerb >= 0 && isPast(tokens[mainVerb]!.value) && !BE.test(tokens[mainVerb]!.value);
  // Whether the text since the last cut has a verb, and whether it opens with a subordinator.
  let leftVerb = false;
  // Whether the text since the last cut (there is one) is a bare noun phrase: "..., SP-5" before "and SP-3 are".
  let leftNounPhrase = false;
  let leftSubordinate = tokens[0] !== undefined && SUBORDINATORS.has(tokens[0].value.toLowerCase());
  const cutAt = (cut: Cut, nextToken: Token | undefined): void => {
    cuts.push(cut);
    leftVerb = false;
    leftNounPhrase = true;
    leftSubordinate = nextToken !== undefined && SUBORDINATORS.has(nextToken.value.toLowerCase());
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (inside(t.start) || inParens[k] === 1) {
      leftVerb ||= isVerb(tokens, k);
      continue;
    }
    const v = t.value.toLowerCase();
    const next = tokens[k + 1];
    if (!next) break;
    const nextValue = next.value.toLowerCase();
    const mainClauseLeft = leftVerb && !leftSubordinate;
    if (v === ";") {
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "plain", semicolon: true }, next);
    } else if (v === ":" && !/^(?:NUM|SYM)$/.test(next.pos) && startsClause(tokens, k, inParens)) {
      // "Two options, both rated 4.5: Cafe Nord is 300 m away and has ...": a clause after a colon has its own
      // subject. Figures after a colon ("the weak spot: 14 restarts on Monday, ...") are a list, not a clause.
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "plain" }, next);
    } else if (
      v === "," &&
      COMMA_CONJUNCTIONS.has(nextValue) &&
      (CONJUNCTIONS.has(nextValue) || !NOT_AFTER_COMMA_CONJUNCTION.test(tokens[k + 2]?.value ?? ""))
    ) {
      const after = tokens[k + 2];
      if (after) cutAt({ leftEnd: t.start, rightStart: after.start, kind: "plain" }, after);
      k++;
    } else if (CONJUNCTIONS.has(v) && k > 0 && !(leftNounPhrase && !leftVerb)) {
      // After a cut, a conjunction between bare noun phrases joins subjects: "SP-4 is done, SP-5 and SP-3 are
      // in progress, and SP-1 and SP-2 are still to do" has three clauses.
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "plain" }, next);
    } else if (v === "," && mainClauseLeft && nextValue === "with" && withAbsolute(tokens, k + 2)) {
      // "..., with YouTube Music contributing $58.90": a subject of its own and its -ing verb, a fact of its own.
      const after = tokens[k + 2]!;
      cutAt({ leftEnd: t.start, rightStart: after.start, kind: "plain" }, after);
      k++;
    } else if (v === "," && mainClauseLeft && RELATIVE.has(nextValue)) {
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "relative" }, next);
    } else if (v === "," && mainClauseLeft && startsParticiple(tokens, k, mainPast)) {
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "participle" }, next);
    } else if (
      v === "," &&
      mainVerb >= 0 &&
      mainVerb < k &&
      QUANTIFIER.test(nextValue) &&
      isParticiple(tokens[k + 2]?.value ?? "") &&
      tokens[k + 3]?.pos === "ADP"
    ) {
      // "..., both given by Nurse Ito" after the clause's verb, whatever conjunct it follows.
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "participle" }, next);
    } else if (v === "," && mainClauseLeft && figureAppositive(tokens, k + 1)) {
      // "..., a 6.5% cut": a noun phrase that sizes what the clause states, a fact of its own.
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "appositive" }, next);
    } else if (v === "," && mainClauseLeft && startsClause(tokens, k, inParens)) {
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "clause" }, next);
    } else if (v === "," && (next.pos === "VERB" || next.pos === "AUX") && !PREPOSITION_LIKE.test(nextValue)) {
      cutAt({ leftEnd: t.start, rightStart: next.start, kind: "serial" }, next);
    } else {
      leftVerb ||= isVerb(tokens, k);
      const joined = t.value === "-" && tokens[k - 1]?.end === t.start && next.start === t.end;
      if (!joined && !/^(?:DET|ADJ|NOUN|PROPN|NUM|SYM|PART)$/.test(t.pos)) leftNounPhrase = false;
    }
  }
  // A serial comma only counts in a coordination that a conjunction closes.
  let closed = false;
  for (let k = cuts.length - 1; k >= 0; k--) {
    const kind = cuts[k]!.kind;
    if (kind === "plain" || kind === "clause") closed = true;
    else if (kind === "serial" && !closed) cuts.splice(k, 1);
  }
  // A fronted word or two before the first comma ("Installed, vim takes...", "Once installed, ...") opens
  // the clause; it is not a clause of its own.
  const first = tokens[0];
  if (first && cuts[0] && cuts[0].kind !== "plain") {
    const lead = tokens.filter((t) => t.start >= first.start && t.end <= cuts[0]!.leftEnd && /[\p{L}\p{N}]/u.test(t.value)).length;
    if (lead <= 2) cuts.shift();
  }
  return cuts;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /[\s,;—]/.test(text[end - 1]!)) end--;
  return end;
}

interface Part {
  start: number;
  end: number;
  from: number;
  to: number;
  kind: CutKind | "first";
  /** The part follows a semicolon: a clause with its own subject stands alone there. */
  semicolon?: boolean;
}

/** The form of "be" a participial phrase takes after a clause whose verb is `verb`: "is", "are", "was", "were". */
/** The token index of the last spaced dash in tokens `[from, to)` that no later one closes, or -1. */
function openDash(text: string, tokens: Token[], from: number, to: number): number {
  let open = -1;
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (/^(?:—|–|--)$/.test(t.value) && /\s/.test(text[t.start - 1] ?? "") && /\s/.test(text[t.end] ?? "")) open = open < 0 ? k : -1;
  }
  return open;
}

function beFor(verb: string, subject: string): string {
  const v = verb.toLowerCase();
  if (FINITE_BE.test(v)) return v;
  const head = subject.split(/\s+/).pop() ?? "";
  const plural = /[a-z](?<![su]s|is)s$/i.test(head) || /^(?:are|were|have)$/.test(v);
  if (isPast(v)) return plural ? "were" : "was";
  return plural || (!/s$/.test(v) && !/^(?:can|will|may|must|should|would|could|might)$/.test(v)) ? "are" : "is";
}

/** A quotation: curly quotes, or straight double quotes, on one line. */
const QUOTATION = /“[^“”\n]{1,400}”|"[^"\n]{1,400}"/g;

/** Spans of quoted text in a sentence: a quotation ("Parse, validate, and display dates") is never cut. */
export function quotedSpans(text: string, start: number, end: number): Array<[number, number]> {
  const sentence = text.slice(start, end);
  if (!/[“"]/.test(sentence)) return [];
  return [...sentence.matchAll(QUOTATION)].map((m) => [start + m.index!, start + m.index! + m[0].length] as [number, number]);
}

/**
 * Splits one sentence into clauses.
 *
 * @param text the clean text the sentence's offsets index into.
 * @param sentence a sentence with its wink tokens.
 * @param inside true for a clean-text offset inside inline code or a link, where no cut may happen.
 * @returns one clause (the whole sentence) or several, in order; later clauses that start with a verb carry
 *   the subject of the nearest clause before them (the words before its first verb), participial phrases
 *   carry it with "is"/"are"/"was"/"were", and relative clauses carry it in place of "which"/"who".
 */
export function splitClauses(text: string, sentence: Sentence, inside: (offset: number) => boolean = () => false): Clause[] {
  const tokens = sentence.tokens;
  const whole: Clause[] = [{ start: sentence.start, end: sentence.end }];
  const quoted = quotedSpans(text, sentence.start, sentence.end);
  const cuts = findCuts(tokens, quoted.length === 0 ? inside : (offset) => inside(offset) || quoted.some(([a, b]) => a < offset && offset < b));
  if (cuts.length === 0) return whole;

  // Parts between cuts, each with the token index range it covers.
  const parts: Part[] = [];
  let start = sentence.start;
  let kind: Part["kind"] = "first";
  let semicolon = false;
  let t = 0;
  for (const cut of [...cuts, { leftEnd: sentence.end, rightStart: sentence.end, kind: "plain" as const, semicolon: false }]) {
    const from = t;
    while (t < tokens.length && tokens[t]!.start < cut.leftEnd) t++;
    parts.push({ start, end: cut.leftEnd, from, to: t, kind, semicolon });
    while (t < tokens.length && tokens[t]!.start < cut.rightStart) t++;
    start = cut.rightStart;
    kind = cut.kind;
    semicolon = cut.semicolon === true;
  }
  const hasVerb = (p: { from: number; to: number }): boolean => {
    for (let k = p.from; k < p.to; k++) if (isVerb(tokens, k)) return true;
    return false;
  };
  const firstVerb = (p: Part): number => {
    for (let k = p.from; k < p.to; k++) if (isVerb(tokens, k)) return k;
    return -1;
  };
  /** The words before a part's first verb, adverbs and particles excepted. */
  const subjectOf = (p: Part, verbAt: number): string => {
    let subjectEnd = verbAt;
    while (subjectEnd > p.from && /^(ADV|PART)$/.test(tokens[subjectEnd - 1]!.pos)) subjectEnd--;
    let words = subjectEnd > p.from ? text.slice(tokens[p.from]!.start, tokens[subjectEnd - 1]!.end).trim() : "";
    // A verb inside an aside ("The image (pushed June 30, ...) was scanned") ends no subject: the subject is
    // the words before the aside opens.
    const open = words.lastIndexOf("(");
    if (open > 0 && !words.includes(")", open)) words = words.slice(0, open).trim();
    // "Nicklaus, a six-time champion," -> "Nicklaus"; "In 2024, revenue" -> "revenue".
    if (words.endsWith(",")) return words.slice(0, words.indexOf(",")).trim();
    const comma = words.lastIndexOf(", ");
    return comma >= 0 ? words.slice(comma + 2) : words;
  };
  /**
   * How the clause before a participial or relative clause links its subject to what follows: "equates" when
   * its one verb group is a copula or an amount verb ("is", "costs"), "passive" for "was released", "bare" for
   * an intransitive verb ("shipped in May"), or null when it has an object or several verb groups, so the
   * phrase may belong to the object ("pursued a career, ...", "mentions that X is Y, ...").
   */
  const linkOf = (p: Part): "equates" | "passive" | "bare" | null => {
    // A clause this long is no simple "subject verb complement"; the bound also keeps repeated checks O(1).
    if (p.to - p.from > LOOKAHEAD * 4) return null;
    let groups = 0;
    let first = -1;
    let last = -1;
    for (let k = p.from; k < p.to; k++) {
      if (!isVerb(tokens, k)) continue;
      if (k !== last + 1 || last < 0) {
        groups++;
        if (first < 0) first = k;
      }
      last = k;
    }
    if (groups !== 1) return null;
    const head = tokens[first]!.value;
    if (last > first) {
      const passive = (BE.test(head) || /^(?:been|be)$/i.test(tokens[last - 1]!.value)) && isParticiple(tokens[last]!.value);
      return passive ? "passive" : null;
    }
    if (AMOUNT_VERB.test(head)) return "equates";
    const after = tokens[last + 1];
    return !after || /^(?:ADP|ADV|NUM|SYM|PART|PUNCT)$/.test(after.pos) ? "bare" : null;
  };
  /**
   * Whether a participial phrase describes the subject: not after an object or a predicate noun ("One of the
   * dependencies is `vary`, pinned at ^1" describes `vary`), unless the predicate is a figure ("is $5, billed").
   */
  const participleHolds = (left: Part): boolean => {
    const link = linkOf(left);
    if (link === null) return false;
    if (link !== "equates" || !BE.test(tokens[firstVerb(left)]!.value)) return true;
    let figure = false;
    for (let k = firstVerb(left) + 1; k < left.to && !figure; k++) figure = tokens[k]!.pos === "NUM";
    const lastToken = tokens[left.to - 1];
    return figure || !lastToken || !(/^(?:NOUN|PROPN|X)$/.test(lastToken.pos) || inside(lastToken.start));
  };
  const relativeHolds = (p: Part, left: Part, subject: string): string | null => {
    const verbAt = firstVerb(p);
    if (verbAt < 0 || PROPOSITIONAL.test(tokens[verbAt]!.value)) return null;
    let antecedent = subject;
    const pronoun = tokens[p.from]!.value.toLowerCase();
    if (pronoun === "where") {
      // "..., Biology I, where you scored 71.5": a clause of its own subject about the place or thing just
      // named, read as "Biology I: you scored 71.5". Only after a proper name, and with a subject of its own.
      let k = left.to - 1;
      while (
        k >= left.from &&
        k >= left.to - LOOKAHEAD &&
        /^(?:PROPN|NUM)$|^PRON$/.test(tokens[k]!.pos) &&
        (tokens[k]!.pos !== "PRON" || /^[IVX]+$/.test(tokens[k]!.value))
      )
        k--;
      const name = k < left.to - 1 ? text.slice(tokens[k + 1]!.start, tokens[left.to - 1]!.end) : "";
      const own = tokens[p.from + 1];
      if (!name || !own || !/^(?:PRON|PROPN|NOUN|DET)$/.test(own.pos) || !/\p{Lu}/u.test(name[0] ?? "")) return null;
      const body = text.slice(own.start, p.end);
      return isAnchored(body, { hasCode: false }) ? `${name}:` : null;
    }
    if (pronoun === "who") {
      // "who" stands for the name just before the comma ("..., against Charles V, who was ...").
      let k = left.to - 1;
      while (k >= left.from && k >= left.to - LOOKAHEAD && tokens[k]!.pos === "PROPN") k--;
      antecedent = k < left.to - 1 ? text.slice(tokens[k + 1]!.start, tokens[left.to - 1]!.end) : "";
    } else if (linkOf(left) !== "equates") {
      // After "Housing is ...", "which" can stand for the subject; after "hit a hole-in-one" it stands for the
      // object, and only a named one is carried ("has never run on `release/2.4`, which was cut yesterday":
      // "release/2.4 was cut yesterday").
      const last = left.to - 1;
      if (pronoun !== "which" || last < left.from) return null;
      const code = inside(tokens[last]!.start);
      if (!code && tokens[last]!.pos !== "PROPN") return null;
      let k = last;
      while (k - 1 >= left.from && k - 1 >= left.to - LOOKAHEAD && (code ? inside(tokens[k - 1]!.start) : tokens[k - 1]!.pos === "PROPN")) k--;
      const named = text.slice(tokens[k]!.start, tokens[last]!.end);
      // A unit's letter after a figure ("peaked at 9.4 °C, which happened ...") is no name: the clause is
      // still a statement of its own, of what the clause before describes.
      if (/^\p{Lu}$/u.test(named) && /[°\d]\s?$/.test(text.slice(0, tokens[k]!.start))) return "It";
      return UNCARRIABLE.test(named) ? null : named;
    }
    if (antecedent === "" || UNCARRIABLE.test(antecedent)) return null;
    // "..., by Ana Ruiz, who has ordered from you twice before": what a clause says of a person is its own
    // statement, with a figure or without.
    if (pronoun === "who") return antecedent;
    const body = text.slice(tokens[p.from + 1]?.start ?? p.end, p.end);
    let code = false;
    for (let k = p.from + 1; k < p.to && !code; k++) code = inside(tokens[k]!.start);
    return isAnchored(body, { hasCode: code }) ? antecedent : null;
  };

  /**
   * Whether a part after "and" or "but" opens with "he" or "she" (a subject: the pronouns are nominative)
   * while the clause before has a name for its subject: the pronoun stands for that name, as a pronoun in the
   * second of two coordinated clauses stands for the first one's subject.
   */
  const stands = (part: Part, verbAt: number, subject: string): boolean => {
    if (!PERSONAL.test(tokens[part.from]?.value ?? "") || subject === "" || UNCARRIABLE.test(subject)) return false;
    if (!/^(?:and|but)$/i.test(joinerOf(part)) || verbAt <= part.from) return false;
    const head = tokens.find((t) => t.start >= sentence.start && text.slice(t.start, t.end) === subject.split(/\s+/)[0]);
    return head !== undefined && head.pos === "PROPN" && !/[,(]/.test(subject);
  };
  /** The conjunction a part follows ("and", "but"): the word just before its start. */
  const joinerOf = (p: Part): string => /(\p{L}+)\s*$/u.exec(text.slice(Math.max(0, p.start - 12), p.start))?.[1] ?? "";
  // Merge parts that cannot stand alone into the part before them, tracking the subject each part carries.
  // `be`: the part is a predicate adjective that carries the clause before's "be" ("and already spayed"), so
  // a clause after it follows a part with a verb.
  const merged: Array<Part & { subject: string; verb: string; drop: number; carry: string; be: boolean }> = [];
  let subject = "";
  let verb = "";
  for (const part of parts) {
    const last = merged[merged.length - 1];
    const verbAt = firstVerb(part);
    let carry = "";
    let drop = 0;
    // After a semicolon, a clause with its own subject before its verb stands alone, whatever the part before
    // it ("The Overstory — due 23 October; you've renewed it once").
    const ownClause = part.semicolon === true && verbAt > part.from;
    let keep = last === undefined || ownClause || ((hasVerb(last) || last.be) && (verbAt >= 0 || part.kind === "participle"));
    let be = false;
    if (part.kind === "appositive") {
      // "Pool maintenance drops to $388, a 6.5% cut" reads "Pool maintenance: a 6.5% cut".
      keep = last !== undefined && subject !== "" && !UNCARRIABLE.test(subject);
      carry = `${subject}:`;
    } else if (part.kind === "participle" && QUANTIFIER.test(tokens[part.from]?.value ?? "")) {
      // "..., both given by Nurse Ito": a fact of the things the clause listed, which its quantifier stands
      // for; no subject is carried.
      keep = last !== undefined;
      carry = "";
    } else if (keep && part.kind === "participle") {
      // A participle inside a dash aside is a fact of the entity the aside describes ("... is 88 Pine Road —
      // 2 bed, built in 1984").
      const dash = openDash(text, tokens, last!.from, last!.to);
      const entity = dash >= 0 ? asideEntity(text, tokens, last!.from, dash) : null;
      keep = entity !== null || (subject !== "" && !UNCARRIABLE.test(subject) && participleHolds(last!));
      carry = entity !== null ? `${entity}:` : `${subject} ${beFor(verb, subject)}`;
    } else if (keep && part.kind === "relative") {
      const antecedent = relativeHolds(part, last!, subject);
      keep = antecedent !== null;
      carry = antecedent ?? "";
      drop = tokens[part.from]!.end - part.start;
      // A "where" clause has its own subject, which a verb after it shares ("where you scored 71.5 and got
      // a C": "Biology I: you got a C").
      if (antecedent !== null && tokens[part.from]!.value.toLowerCase() === "where" && verbAt > part.from + 1) {
        subject = `${antecedent} ${text.slice(tokens[part.from + 1]!.start, tokens[verbAt - 1]!.end)}`;
        verb = tokens[verbAt]!.value;
      }
    }
    // "Pepper is good with cats and already spayed": a second predicate adjective after "and" shares the
    // subject and its "be" ("Pepper is already spayed"), a fact of its own.
    if (
      !keep &&
      last &&
      part.kind === "plain" &&
      verbAt < 0 &&
      BE.test(verb) &&
      subject !== "" &&
      !UNCARRIABLE.test(subject) &&
      /^(?:and|but)$/i.test(joinerOf(part))
    ) {
      let k = part.from;
      while (k < part.to && tokens[k]!.pos === "ADV") k++;
      const head = tokens[k];
      if (head && (head.pos === "ADJ" || (head.pos === "VERB" && isParticiple(head.value))) && !/^(?:NOUN|PROPN)$/.test(tokens[k + 1]?.pos ?? "")) {
        keep = true;
        be = true;
        carry = `${subject} ${verb}`;
      }
    }
    if (!keep && last) {
      // "Pepper, the border collie puppy, is good with cats": a verb after an appositive's comma joins the
      // subject before it, and the clause's subject and verb are those.
      const subjectless = subject === "" && !hasVerb(last);
      last.end = part.end;
      last.to = part.to;
      if (subjectless && verbAt >= 0) {
        subject = subjectOf(last, verbAt);
        verb = tokens[verbAt]!.value;
      }
      continue;
    }
    if (part.kind !== "participle" && part.kind !== "relative" && verbAt >= 0) {
      let k = part.from;
      while (k < part.to && /^(ADV|PART)$/.test(tokens[k]!.pos)) k++;
      // wink tags some subject nouns as verbs ("and best ask is $3,412.55"): a verb right before a finite "be"
      // or auxiliary is a noun of the part's own subject.
      const nounBeforeFinite = k + 1 < part.to && tokens[k]!.pos === "VERB" && tokens[k + 1]!.pos === "AUX" && FINITE_BE.test(tokens[k + 1]!.value);
      const startsWithVerb = k < part.to && isVerb(tokens, k) && !nounBeforeFinite && part.kind !== "clause" && part.kind !== "first";
      // "..., performing at Coachella, and ..." reads "The band was performing at Coachella".
      // "..., and shipping cost $129.99": an -ing word before a noun and an amount is a subject of its own
      // ("shipping cost" states the amount), no participle of the clause before.
      // So is one before a noun and a verb ("..., and cleaning fees added up to $290").
      const gerundSubject =
        startsWithVerb &&
        /ing$/i.test(tokens[k]!.value) &&
        tokens[k + 1]?.pos === "NOUN" &&
        (/^(?:SYM|NUM)$/.test(tokens[k + 2]?.pos ?? "") || (k + 2 < part.to && isVerb(tokens, k + 2)));
      // "..., so make sure someone is home": an instruction to the reader has no subject of the clause before.
      const instruction =
        startsWithVerb && !/(?:ing|ed)$/i.test(tokens[k]!.value) && classifyClaim(text.slice(tokens[k]!.start, tokens[part.to - 1]!.end)) === "not_checkable";
      if (startsWithVerb && (/^there$/i.test(subject) || gerundSubject || instruction)) carry = "";
      else if (startsWithVerb) carry = /ing$/i.test(tokens[k]!.value) && subject !== "" ? `${subject} ${beFor(verb, subject)}` : subject;
      else if (stands(part, verbAt, subject)) {
        // "Sabonis matched his 14 rebounds, and he dished out 11 assists": "he" stands for the subject before.
        carry = subject;
        drop = tokens[part.from]!.end - part.start;
        verb = tokens[verbAt]!.value;
      } else {
        subject = subjectOf(part, verbAt);
        verb = tokens[verbAt]!.value;
      }
    }
    merged.push({ ...part, subject, verb, drop, carry, be });
  }
  if (merged.length === 1) return whole;

  return merged.map((part, index) => {
    const clause: Clause = { start: part.start, end: index === merged.length - 1 ? part.end : trimEnd(text, part.start, part.end) };
    if (index > 0 && part.carry !== "") {
      clause.subject = part.carry;
      if (part.drop > 0) clause.drop = part.drop;
    }
    return clause;
  });
}
