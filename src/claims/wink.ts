/**
 * Lazy access to wink-nlp with its English lite model, and a token view with character offsets.
 *
 * Loading the model costs ~70-170 ms, so it happens on the first use, once per process, never at import time
 * (`createRequire` keeps the require synchronous, which `extractClaimsSync` needs).
 */
import { createRequire } from "node:module";
import type { ItsHelpers, WinkMethods } from "wink-nlp";

/** A wink token placed in the string it was read from. */
export interface Token {
  /** Offset of the token's first character, UTF-16 code units. */
  start: number;
  /** Offset just past the token. */
  end: number;
  /** The token as written. */
  value: string;
  /** Universal POS tag from wink (`VERB`, `AUX`, `NOUN`, ...). */
  pos: string;
}

/** A text read by wink: its tokens with offsets and its sentences as `[start, end)` character ranges. */
export interface WinkReading {
  tokens: Token[];
  sentences: Array<[number, number]>;
}

interface Loaded {
  nlp: WinkMethods;
  its: ItsHelpers;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const winkNLP = require("wink-nlp") as (model: unknown, pipe?: string[]) => WinkMethods;
  const model: unknown = require("wink-eng-lite-web-model");
  // Only sentence boundaries and POS tags are used; skipping NER, negation and sentiment saves ~30% per read.
  const nlp = winkNLP(model, ["sbd", "pos"]);
  loaded = { nlp, its: nlp.its };
  return loaded;
}

/**
 * Reads `text` with wink-nlp: tokens with character offsets (rebuilt from each token and its preceding
 * spaces, checked against `text`) and sentence ranges from the first token's start to the last token's end.
 *
 * @param text any string; the model is loaded on the first call.
 * @returns tokens and sentences; offsets always index into `text` exactly.
 */
export function readWithWink(text: string): WinkReading {
  const { nlp, its } = load();
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out() as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const tokens: Token[] = [];
  const byIndex: Array<Token | undefined> = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let start = at + (spaces[i]?.length ?? 0);
    // wink keeps the original characters, but never trust offsets blindly: re-find the token if they drift.
    if (text.startsWith(value, start) === false) {
      const found = text.indexOf(value, at);
      if (found < 0) continue;
      start = found;
    }
    const token = { start, end: start + value.length, value, pos: tags[i] ?? "X" };
    tokens.push(token);
    byIndex[i] = token;
    at = start + value.length;
  }
  joinUnderscores(tokens, byIndex);
  const sentences: Array<[number, number]> = [];
  const spans = doc.sentences().out(its.span) as unknown as Array<[number, number]>;
  for (const [first, last] of spans) {
    const a = byIndex[first];
    const b = byIndex[last];
    if (a && b) sentences.push([a.start, b.end]);
  }
  return { tokens, sentences };
}

/**
 * Joins an identifier that wink cuts at its underscores ("Kilo_Vex" as `Kilo`, `_`, `Vex`/VERB) into one
 * token, a proper name when it opens with a capital and a noun otherwise: its parts are no words of the
 * sentence, and a part tagged as a verb would head a clause. In place; `byIndex` keeps pointing at the
 * joined token for each of its parts (sentence bounds stay right).
 */
function joinUnderscores(tokens: Token[], byIndex: Array<Token | undefined>): void {
  const joinedOf = new Map<Token, Token>();
  const glued = (k: number) =>
    k + 2 < tokens.length && tokens[k + 1]!.value === "_" && tokens[k + 1]!.start === tokens[k]!.end && tokens[k + 2]!.start === tokens[k + 1]!.end;
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!glued(i)) {
      out.push(tokens[i]!);
      continue;
    }
    let last = i + 2;
    while (glued(last)) last += 2;
    const parts = tokens.slice(i, last + 1);
    const value = parts.map((t) => t.value).join("");
    const joined: Token = { start: tokens[i]!.start, end: tokens[last]!.end, value, pos: /^\p{Lu}/u.test(value) ? "PROPN" : "NOUN" };
    for (const t of parts) joinedOf.set(t, joined);
    out.push(joined);
    i = last;
  }
  if (joinedOf.size === 0) return;
  tokens.splice(0, tokens.length, ...out);
  for (let k = 0; k < byIndex.length; k++) {
    const t = byIndex[k];
    if (t && joinedOf.has(t)) byIndex[k] = joinedOf.get(t);
  }
}
