/**
 * Word tokens for retrieval and coverage: lower-cased, accent-folded, camelCase and snake_case split
 * (JSON keys like `dependencyCount` or `free_bytes` must meet the words a claim uses), numbers kept whole
 * (`1,410.00`, `18.0.10`), and CJK runs as character bigrams since CJK text has no spaces.
 */
import stem from "wink-porter2-stemmer";

const TOKEN = /\p{N}+(?:[.,]\p{N}+)*|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{M}]+(?:'[\p{L}]+)?/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CAMEL = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** The same three patterns for ASCII-only text (most tool output): the same tokens, several times faster. */
const ASCII = /^[\x00-\x7f]*$/;
const TOKEN_ASCII = /[0-9]+(?:[.,][0-9]+)*|[A-Za-z]+(?:'[A-Za-z]+)?/g;
const CAMEL_ASCII = /([a-z0-9])([A-Z])/g;

/** Removes accents: "José" -> "Jose" (NFD, drop combining marks). */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "");
}

/**
 * @returns surface tokens, lower-cased and accent-folded (no stemming).
 */
export function tokenize(text: string): string[] {
  if (ASCII.test(text)) {
    const out: string[] = [];
    for (const m of text.replace(CAMEL_ASCII, "$1 $2").matchAll(TOKEN_ASCII)) out.push(m[0].toLowerCase());
    return out;
  }
  return tokenizeUnicode(text);
}

/** `tokenize` for any script (exported for tests: it must agree with the ASCII path on ASCII text). */
export function tokenizeUnicode(text: string): string[] {
  const out: string[] = [];
  const split = text.replace(CAMEL, "$1 $2");
  for (const m of split.matchAll(TOKEN)) {
    const tok = m[0];
    if (CJK.test(tok)) {
      if (tok.length === 1) out.push(tok);
      for (let i = 0; i + 1 < tok.length; i++) out.push(tok.slice(i, i + 2));
      continue;
    }
    const lower = tok.toLowerCase();
    out.push(/^[\x00-\x7f]*$/.test(lower) ? lower : foldAccents(lower));
  }
  return out;
}

const stemCache = new Map<string, string>();

/** Porter2 stem of a lower-cased token (cached: the same words recur across claims and passages). */
export function stemOf(token: string): string {
  let s = stemCache.get(token);
  if (s === undefined) {
    s = /^\p{L}+$/u.test(token) && token.length > 3 ? stem(token) : token;
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(token, s);
  }
  return s;
}

/** Stemmed tokens: the form used by the BM25 index and by coverage scoring. */
export function stems(text: string): string[] {
  return tokenize(text).map(stemOf);
}
