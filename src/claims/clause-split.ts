/**
 * Splits a compound sentence into clauses that each assert something, so each figure is checked on its own:
 * "Food comes to $612.45 and transport is 16.4% of the total." is two claims, one of which may be wrong.
 *
 * Cuts happen at "; ", ", and", " and ", ", but", " but ", ", while", " whereas " (and a serial comma before a
 * verb, as in "closed at X, is up Y, and traded Z") only when each side has its own verb (wink POS VERB or
 * AUX): "axios, chalk and debug are MIT-licensed" has one verb and stays one claim.
 */
import type { Sentence } from "./sentence-split.js";
import type { Token } from "./wink.js";

/** A clause of a sentence, in clean-text offsets. */
export interface Clause {
  /** First character of the clause (after any conjunction). */
  start: number;
  /** Just past its last character (before the comma or conjunction that ends it). */
  end: number;
  /**
   * The sentence's subject, when this clause lost it ("is up 17.93%" after "The stock closed at ..."); the
   * claim text should read `${subject} ${clause}`.
   */
  subject?: string;
}

const CONJUNCTIONS = new Set(["and", "but", "while", "whereas"]);

interface Cut {
  /** Where the left part ends (the comma, semicolon or conjunction). */
  leftEnd: number;
  /** Where the right part starts (after the conjunction). */
  rightStart: number;
  /** A serial comma before a verb: only a cut when a conjunction cut follows in the same sentence. */
  serial: boolean;
}

function isVerb(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  if (!t) return false;
  if (t.pos === "VERB" || t.pos === "AUX") return true;
  // wink tags some 3rd-person verbs between a noun and a figure as plural nouns ("invoice totals 3450.0").
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  return (
    t.pos === "NOUN" &&
    /[a-z]s$/.test(t.value) &&
    (prev?.pos === "NOUN" || prev?.pos === "PROPN") &&
    (next?.pos === "NUM" || next?.pos === "SYM" || next?.pos === "DET")
  );
}

function findCuts(tokens: Token[], inside: (offset: number) => boolean): Cut[] {
  const cuts: Cut[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (inside(t.start)) continue;
    const v = t.value.toLowerCase();
    const next = tokens[k + 1];
    if (!next) break;
    const nextValue = next.value.toLowerCase();
    if (v === ";") {
      cuts.push({ leftEnd: t.start, rightStart: next.start, serial: false });
    } else if (v === "," && CONJUNCTIONS.has(nextValue)) {
      const after = tokens[k + 2];
      if (after) cuts.push({ leftEnd: t.start, rightStart: after.start, serial: false });
      k++;
    } else if (CONJUNCTIONS.has(v) && k > 0) {
      cuts.push({ leftEnd: t.start, rightStart: next.start, serial: false });
    } else if (v === "," && (next.pos === "VERB" || next.pos === "AUX")) {
      cuts.push({ leftEnd: t.start, rightStart: next.start, serial: true });
    }
  }
  // A serial comma only counts in a coordination that a conjunction closes.
  let closed = false;
  for (let k = cuts.length - 1; k >= 0; k--) {
    if (!cuts[k]!.serial) closed = true;
    else if (!closed) cuts.splice(k, 1);
  }
  return cuts;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /[\s,;]/.test(text[end - 1]!)) end--;
  return end;
}

/**
 * Splits one sentence into clauses.
 *
 * @param text the clean text the sentence's offsets index into.
 * @param sentence a sentence with its wink tokens.
 * @param inside true for a clean-text offset inside inline code or a link, where no cut may happen.
 * @returns one clause (the whole sentence) or several, in order; later clauses that start with a verb carry
 *   the sentence's subject (the words before the first verb).
 */
export function splitClauses(text: string, sentence: Sentence, inside: (offset: number) => boolean = () => false): Clause[] {
  const tokens = sentence.tokens;
  const whole: Clause[] = [{ start: sentence.start, end: sentence.end }];
  const cuts = findCuts(tokens, inside);
  if (cuts.length === 0) return whole;

  // Parts between cuts, each with the token index range it covers.
  const parts: Array<{ start: number; end: number; from: number; to: number }> = [];
  let start = sentence.start;
  let t = 0;
  for (const cut of [...cuts, { leftEnd: sentence.end, rightStart: sentence.end, serial: false }]) {
    const from = t;
    while (t < tokens.length && tokens[t]!.start < cut.leftEnd) t++;
    parts.push({ start, end: cut.leftEnd, from, to: t });
    while (t < tokens.length && tokens[t]!.start < cut.rightStart) t++;
    start = cut.rightStart;
  }
  const hasVerb = (p: { from: number; to: number }): boolean => {
    for (let k = p.from; k < p.to; k++) if (isVerb(tokens, k)) return true;
    return false;
  };
  const merged: Array<{ start: number; end: number; from: number; to: number }> = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (last && !(hasVerb(last) && hasVerb(part))) {
      last.end = part.end;
      last.to = part.to;
    } else {
      merged.push({ ...part });
    }
  }
  if (merged.length === 1) return whole;

  const first = merged[0]!;
  let verbAt = -1;
  for (let k = first.from; k < first.to && verbAt < 0; k++) if (isVerb(tokens, k)) verbAt = k;
  let subjectEnd = verbAt;
  while (subjectEnd > first.from && /^(ADV|PART)$/.test(tokens[subjectEnd - 1]!.pos)) subjectEnd--;
  const subject =
    subjectEnd > first.from ? text.slice(tokens[first.from]!.start, tokens[subjectEnd - 1]!.end).trim() : "";

  return merged.map((part, index) => {
    const clause: Clause = { start: part.start, end: index === merged.length - 1 ? part.end : trimEnd(text, part.start, part.end) };
    if (index > 0 && subject !== "") {
      let k = part.from;
      while (k < part.to && /^(ADV|PART)$/.test(tokens[k]!.pos)) k++;
      if (k < part.to && isVerb(tokens, k)) clause.subject = subject;
    }
    return clause;
  });
}
