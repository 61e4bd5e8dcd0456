/**
 * Parenthetical restatements of a figure: "The Team plan costs $2,400 per year (EUR 2.4k)" states two figures,
 * and either may be wrong, so the one in parentheses becomes its own claim, "The Team plan costs EUR 2.4k".
 *
 * A parenthetical counts when it holds only a figure (an amount with its currency, unit or "per" rate, or a
 * time, maybe after "about" or "i.e.") and follows a figure within a couple of words. "(the `latest` tag)",
 * "(^8.2.1)" after a name and a year of reference ("54 million (2020)") are left in the claim.
 *
 * An aside between the subject and its verb that lists the subject's attributes with a figure, and has no verb
 * of its own ("The Field Guide by Ana Ruiz (Harbor Press, 212 pages) was published in 2019", "#4823 (Jonas
 * Keller, €221.00) has shipped"), is a claim too: "<subject>: <aside>".
 */
import { isParticiple, isVerb } from "./clause-split.js";
import { firstTokenAt } from "./figure-list.js";
import type { Token } from "./wink.js";

/** A parenthetical that restates a figure, in clean-text offsets. */
export interface Restatement {
  /** Offset of "(" and just past ")". */
  open: number;
  close: number;
  /** The parenthetical's words without the parentheses and surrounding spaces: the claim's span. */
  innerStart: number;
  /** The figure inside, without a leading "about", "i.e." or "or" (the text of the claim). */
  figureStart: number;
  figureEnd: number;
  /**
   * Words between the clause's verb and the figure that the restatement keeps ("to" of "rose 12% to $4.2M"):
   * the claim reads clause start .. verb end, then `lead`, then the figure. -1 for an item's price, which
   * reads `lead` (the item's name) and the figure alone.
   */
  verbEnd: number;
  lead: string;
  /** An aside between commas after the subject (see `commaAside`): its claim comes before the main claim's. */
  commaAside?: true;
}

const PAREN = /\(([^()\n]{1,60})\)/g;
const MARKER = /^(?:i\.e\.,?|or|that is,?|=|≈|~)\s*/i;
const FIGURE =
  /^(?:(?:about|approximately|approx\.|around|roughly|nearly|almost|~|≈)\s*)?(?:[$€£¥₹]\s?|[A-Z]{3}\s)?[-+−]?\d[\d,.:]*(?:\s?[%‰]|\s?\p{L}{1,12}\.?){0,2}(?:\s?(?:\/|per\s)\s?\p{L}{1,12})?$/u;
/** A year or a footnote-like small number alone qualifies rather than restates ("(2020)", "(2)"). */
const NOT_RESTATEMENT = /^(?:\d{1,2}|1[89]\d\d|2\d\d\d)$/;
/** The figure just before "(": digits, then at most two unit words or a "per" rate. */
const FIGURE_BEFORE = /\d[\d,.:]*(?:\s?[%‰]|\s?\p{L}{1,12}\.?){0,2}(?:\s+(?:per|a|an)\s+\p{L}{1,12}|\s?\/\s?\p{L}{1,12})?\s*$/u;
const CURRENCY_BEFORE = /(?:[$€£¥₹]\s?|\b[A-Z]{3}\s)?[-+−~≈]?$/;
const APPROX_END = /(?:\b(?:about|approximately|approx\.|around|roughly|nearly|almost)|[~≈])\s*$/i;

/**
 * Finds the parentheticals of `text[from, to)` that restate a figure of the clause.
 *
 * @param text the clean text.
 * @param from start of the clause's own words (after any relative pronoun it drops).
 * @param to end of the clause.
 * @param tokens the sentence's wink tokens (for the clause's verb).
 * @param protectedAt true for an offset inside inline code or a link, which is never taken apart.
 * @returns restatements in order; none when the clause has no verb before them. Time is linear in the clause.
 */
export function findRestatements(text: string, from: number, to: number, tokens: Token[], protectedAt: (offset: number) => boolean): Restatement[] {
  const found: Restatement[] = [];
  const clause = text.slice(from, to);
  if (!clause.includes("(")) {
    const aside = clause.includes(",") ? commaAside(text, from, to, tokens, protectedAt) : null;
    return aside ? [aside] : found;
  }
  // First token of the clause by binary search, so many clauses in one long sentence stay linear.
  const lo = firstTokenAt(tokens, from);
  let verbEnd = -1;
  for (let k = lo; k < tokens.length && tokens[k]!.start < to && verbEnd < 0; k++) {
    if (isVerb(tokens, k)) verbEnd = tokens[k]!.end;
  }
  if (verbEnd < 0) return found;
  for (const m of clause.matchAll(PAREN)) {
    const open = from + m.index;
    const close = open + m[0].length;
    if (protectedAt(open) || protectedAt(close - 1)) continue;
    if (open < verbEnd) {
      found.push(...subjectAside(text, from, open, close, m[1]!, tokens, lo));
      continue;
    }
    const inner = m[1]!.trim();
    const marker = MARKER.exec(inner)?.[0] ?? "";
    const figure = inner.slice(marker.length);
    if (!FIGURE.test(figure) || NOT_RESTATEMENT.test(figure)) {
      const labelled = labelledFigure(text, from, open, close, m[1]!, tokens, lo);
      if (labelled) found.push(labelled);
      continue;
    }
    const before = text.slice(Math.max(verbEnd, open - 60), open);
    const fig = FIGURE_BEFORE.exec(before);
    if (!fig) {
      const priced = itemPrice(text, open, close, m[1]!, figure, marker, tokens, lo, verbEnd);
      if (priced) found.push(priced);
      continue;
    }
    const figAt = open - before.length + fig.index;
    const currency = CURRENCY_BEFORE.exec(text.slice(Math.max(verbEnd, figAt - 6), figAt));
    const figStart = figAt - (currency?.[0].length ?? 0);
    // Words between the verb and the figure, minus any earlier figure and the approximation the figure had.
    let lead = text.slice(verbEnd, figStart);
    const lastDigit = lead.search(/\d(?=\D*$)/);
    if (lastDigit >= 0) {
      const space = lead.indexOf(" ", lastDigit);
      lead = space >= 0 ? lead.slice(space) : "";
    }
    lead = ` ${lead.replace(APPROX_END, "").trim()} `.replace(/\s+/g, " ");
    const leadingSpace = m[1]!.length - m[1]!.trimStart().length;
    const figureStart = open + 1 + leadingSpace + marker.length;
    found.push({ open, close, innerStart: open + 1 + leadingSpace, figureStart, figureEnd: figureStart + figure.length, verbEnd, lead });
  }
  return found;
}

/** The verbs of a relative aside read as the subject's own fact ("which is asleep", "who has 3 open tickets"). */
const RELATIVE_VERB = /^(?:is|are|was|were|has|have|had)$/i;

/** Most characters of a comma aside: a longer run between commas is a clause of its own. */
const ASIDE_MAX = 60;

/**
 * An aside between commas after the subject and before its verb, with no verb of its own but a participle
 * ("The lone 5-star, from dana.ruiz in the US, came in on April 4"; "The 5.12.0 release, out since Oct 12,
 * rates 3.8"): a fact of the subject's own, read as "<subject>: <aside>", as a parenthesised aside is. It
 * needs a figure or a name, and the verb right after its closing comma; a list ("Apples, pears, and plums
 * are") has none there.
 */
function commaAside(text: string, from: number, to: number, tokens: Token[], protectedAt: (offset: number) => boolean): Restatement | null {
  const lo = firstTokenAt(tokens, from);
  let first = -1;
  for (let k = lo; k < tokens.length && tokens[k]!.start < to && first < 0; k++) {
    if (tokens[k]!.value === ",") first = k;
    else if (isVerb(tokens, k) || tokens[k]!.value === "(") return null;
  }
  if (first <= lo || protectedAt(tokens[first]!.start)) return null;
  // "PRN-3C, which is asleep, is low on toner": a relative clause of "be" or "have" on the subject, its own fact.
  const relative = /^(?:which|who)$/i.test(tokens[first + 1]?.value ?? "") && RELATIVE_VERB.test(tokens[first + 2]?.value ?? "");
  let second = -1;
  for (let k = first + 1; k < tokens.length && tokens[k]!.start < to && second < 0; k++) {
    const t = tokens[k]!;
    if (t.value === ",") second = k;
    else if (isVerb(tokens, k) && !isParticiple(t.value) && !(relative && k === first + 2)) return null;
    else if (/^(?:and|or|but)$/i.test(t.value) && t.pos === "CCONJ") return null;
  }
  if (second < 0 || second === first + 1 || !isVerb(tokens, second + 1) || protectedAt(tokens[second]!.start)) return null;
  const innerStart = tokens[first + 1]!.start;
  const innerEnd = tokens[second - 1]!.end;
  const inner = text.slice(innerStart, innerEnd);
  if (inner.length > ASIDE_MAX || !/\p{L}/u.test(text.slice(from, tokens[first]!.start))) return null;
  if (relative && second > first + 3)
    return {
      open: tokens[first]!.start,
      close: tokens[second]!.end,
      innerStart,
      // The claim reads "<subject> is asleep": the pronoun is left out.
      figureStart: tokens[first + 2]!.start,
      figureEnd: innerEnd,
      verbEnd: tokens[first]!.start,
      lead: " ",
      commaAside: true,
    };
  if (!/[\d\p{Lu}]/u.test(inner) || /^(?:which|who|whom|whose|where|that|when)\b/i.test(inner)) return null;
  return {
    open: tokens[first]!.start,
    close: tokens[second]!.end,
    innerStart,
    figureStart: innerStart,
    figureEnd: innerEnd,
    verbEnd: tokens[first]!.start,
    lead: ": ",
    commaAside: true,
  };
}

/** An amount: a currency sign or an ISO 4217 code before the figure ("AQI 52", "PID 1093" are no amounts). */
const AMOUNT =
  /^(?:(?:about|approximately|approx\.|around|roughly|nearly|almost|~|≈)\s*)?(?:[$€£¥₹]|(?:USD|EUR|GBP|JPY|CAD|AUD|NZD|CHF|CNY|INR|SEK|NOK|DKK|SGD|HKD|MXN|BRL|ZAR|PLN|CZK)\s)/;
/** Tags of the words of a noun phrase that names an item: "cedar soy candle add-on", "Cozy Nights Box". */
const ITEM_WORD = /^(?:NOUN|PROPN|ADJ|NUM|X)$/;

/**
 * An amount in parentheses right after the noun phrase of an item ("the December Cozy Nights Box ($45) plus a
 * cedar candle add-on ($12)"): the price of that item, a fact of its own read as "<item>: <amount>", so that
 * the clause's subject (the order) does not claim it, and a wrong price does not condemn the rest.
 */
function itemPrice(
  text: string,
  open: number,
  close: number,
  raw: string,
  figure: string,
  marker: string,
  tokens: Token[],
  first: number,
  verbEnd: number,
): Restatement | null {
  if (!AMOUNT.test(figure)) return null;
  let last = -1;
  for (let k = first; k < tokens.length && tokens[k]!.end <= open; k++) last = k;
  if (last < 0 || !/^\s*$/.test(text.slice(tokens[last]!.end, open))) return null;
  let k = last;
  let noun = false;
  while (k >= first && tokens[k]!.start >= verbEnd) {
    const t = tokens[k]!;
    // A hyphenated word ("add-on") is one word, whatever its parts are tagged.
    const joined =
      (t.value === "-" && tokens[k - 1]?.end === t.start && tokens[k + 1]?.start === t.end) ||
      (tokens[k - 1]?.value === "-" && tokens[k - 1]!.end === t.start && tokens[k - 2]?.end === tokens[k - 1]!.start) ||
      (tokens[k + 1]?.value === "-" && tokens[k + 1]!.start === t.end && tokens[k + 2]?.start === tokens[k + 1]!.end);
    if (!joined && !ITEM_WORD.test(t.pos)) break;
    if (t.pos === "NOUN" || t.pos === "PROPN") noun = true;
    k--;
  }
  if (!noun || k === last) return null;
  const name = text.slice(tokens[k + 1]!.start, tokens[last]!.end);
  const leadingSpace = raw.length - raw.trimStart().length;
  const figureStart = open + 1 + leadingSpace + marker.length;
  return { open, close, innerStart: open + 1 + leadingSpace, figureStart, figureEnd: figureStart + figure.length, verbEnd: -1, lead: `${name}: ` };
}

/** Words that open a restatement of a figure rather than a label: "a rise of", "up", "about". */
const RESTATING = /^(?:a|an|the|up|down|about|around|roughly|approximately|nearly|almost|over|under|or|i\.e\.|that is)\s/i;
/** A label and its figure: "avg review score 4.6", "ledger £13,102.10", "preference 1". */
const LABELLED = /^\p{L}[\p{L} .'’-]{1,40}\s[$€£]?\d[\d,.]*(?:\s?(?:%|\p{L}{1,6}))?$/u;

/**
 * A parenthetical after the verb that labels a figure of its own ("... 80% of the $75,000 requested (avg review
 * score 4.6)"): another attribute of the clause's subject, read as "<subject>: <label figure>", so that a
 * wrong score does not condemn the right award, nor the award a wrong score. Only where the clause has figures
 * of its own outside it, and the parenthetical has no verb.
 */
function labelledFigure(text: string, from: number, open: number, close: number, raw: string, tokens: Token[], first: number): Restatement | null {
  const inner = raw.trim();
  // Not a restatement of the figure before it ("(a rise of 20%)", "(up 12%)"): that is the main claim's.
  if (!LABELLED.test(inner) || inner.split(/\s+/).length > 6 || RESTATING.test(inner)) return null;
  if (!/\d/.test(text.slice(from, open))) return null;
  let verbStart = -1;
  for (let k = first; k < tokens.length && tokens[k]!.start < close; k++) {
    if (tokens[k]!.start > open && isVerb(tokens, k)) return null;
    if (verbStart < 0 && tokens[k]!.start >= from && tokens[k]!.start < open && isVerb(tokens, k)) verbStart = tokens[k]!.start;
  }
  if (verbStart <= from) return null;
  // The subject: the clause's words before its verb, without a dash or comma that ends them.
  let subjectEnd = verbStart;
  while (subjectEnd > from && /[\s,—–-]/.test(text[subjectEnd - 1]!)) subjectEnd--;
  if (subjectEnd <= from || !/\p{L}/u.test(text.slice(from, subjectEnd))) return null;
  const leadingSpace = raw.length - raw.trimStart().length;
  const innerStart = open + 1 + leadingSpace;
  return { open, close, innerStart, figureStart: innerStart, figureEnd: innerStart + inner.length, verbEnd: subjectEnd, lead: ": " };
}

/** Words of an aside that lists attributes: a figure with a word ("179 pages") or an amount ("€221.00"), and no verb. */
const ATTRIBUTE_FIGURE = /\d[\d,.]*\s?\p{L}{2,}|[$€£¥]\s?\d/u;

/**
 * An aside between the subject and its verb that lists the subject's own attributes with a figure
 * ("The Field Guide by Ana Ruiz (Harbor Press, 212 pages) was published in 2019"): a fact of its own,
 * read as "<subject>: <aside>", so the main claim's wrong year does not condemn the right page count.
 */
function subjectAside(text: string, from: number, open: number, close: number, raw: string, tokens: Token[], first: number): Restatement[] {
  const inner = raw.trim();
  if (!ATTRIBUTE_FIGURE.test(inner) || NOT_RESTATEMENT.test(inner) || inner.split(/\s+/).length < 2) return [];
  const subject = text.slice(from, open).trim();
  // A name or a number ("#4823 (Jonas Keller, €221.00) has shipped").
  if (!/\p{Lu}|#\d/u.test(subject) || subject.length === 0) return [];
  for (let k = first; k < tokens.length && tokens[k]!.start < close; k++) if (tokens[k]!.start > open && isVerb(tokens, k)) return [];
  const leadingSpace = raw.length - raw.trimStart().length;
  const innerStart = open + 1 + leadingSpace;
  let verbEnd = open;
  while (verbEnd > from && /\s/.test(text[verbEnd - 1]!)) verbEnd--;
  // Each attribute is a fact of its own ("($640, Net 15, due July 30)": three), unless a comma parts a date
  // ("3 May, 2024") or the list is of bare figures.
  const items: Array<[number, number]> = [];
  for (const m of inner.matchAll(/[^,]+/g)) {
    const lead = m[0].length - m[0].trimStart().length;
    const item = m[0].trim();
    if (item !== "") items.push([innerStart + m.index + lead, innerStart + m.index + lead + item.length]);
  }
  const separate = items.length >= 2 && items.every(([a, b]) => ASIDE_ITEM.test(text.slice(a, b)) && !/^\d{4}$/.test(text.slice(a, b)));
  const spans = separate ? items : [[innerStart, innerStart + inner.length] as [number, number]];
  return spans.map(([a, b]) => ({ open, close, innerStart: a, figureStart: a, figureEnd: b, verbEnd, lead: ": " }));
}

/** An attribute of an aside's list: a figure with a word or a sign ("Net 15", "$640"), or a name ("Jonas Keller"). */
const ASIDE_ITEM = /^(?=.*\p{L})(?=.*(?:\d|\p{Lu}))|^[$€£¥]\s?\d/u;
