/**
 * Word tokens for retrieval and coverage: lower-cased, accent-folded, camelCase and snake_case split
 * (JSON keys like `dependencyCount` or `free_bytes` must meet the words a claim uses), numbers kept whole
 * (`1,410.00`, `18.0.10`), short codes kept whole (`p95`, `s3`, `cs101`: a percentile is not "p" and 95),
 * and CJK runs as character bigrams since CJK text has no spaces.
 */
import stem from "wink-porter2-stemmer";

const TOKEN =
  /(?<![\p{L}\p{M}])[A-Za-z]{1,3}\p{N}{1,3}(?![\p{Ll}\p{N}]|[.,]\p{N})|\p{N}+(?:[.,]\p{N}+)*|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{M}]+(?:'[\p{L}]+)?/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CAMEL = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** ASCII-only text (most tool output) takes a character scanner that gives the same tokens, several times faster. */
const ASCII = /^[\x00-\x7f]*$/;

/** Removes accents: "José" -> "Jose" (NFD, drop combining marks). */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "");
}

/**
 * @returns surface tokens, lower-cased and accent-folded (no stemming).
 */
export function tokenize(text: string): string[] {
  return ASCII.test(text) ? tokenizeAscii(text) : tokenizeUnicode(text);
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/**
 * The ASCII path as a character scanner (tool output is mostly ASCII and this is the hot path): the tokens
 * of `TOKEN` after the `CAMEL` split, without building the split string or a match per token.
 */
function tokenizeAscii(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  // A letter run ends at a non-letter or where a lower-case letter meets an upper-case one ("dependencyCount").
  const letters = (from: number): number => {
    let j = from + 1;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (isLower(c) || (isUpper(c) && !isLower(text.charCodeAt(j - 1)))) j++;
      else break;
    }
    return j;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      // "1,410.00": separators between digit groups stay inside the number.
      while (j + 1 < n && (text.charCodeAt(j) === 46 || text.charCodeAt(j) === 44) && isDigit(text.charCodeAt(j + 1))) {
        j += 2;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
      }
      out.push(text.slice(i, j));
      i = j;
    } else if (isLower(c) || isUpper(c)) {
      let j = letters(i);
      // A short code of 1-3 letters and 1-3 digits stays whole ("p95", "s3", "cs101"), unless the digits go on
      // as a number ("v18.0.10") or into a word.
      if (j - i <= 3 && j < n && isDigit(text.charCodeAt(j))) {
        let k = j + 1;
        while (k < n && isDigit(text.charCodeAt(k))) k++;
        const next = k < n ? text.charCodeAt(k) : 0;
        const sep = next === 46 || next === 44;
        if (k - j <= 3 && !isLower(next) && !isDigit(next) && !(sep && k + 1 < n && isDigit(text.charCodeAt(k + 1)))) {
          out.push(text.slice(i, k).toLowerCase());
          i = k;
          continue;
        }
      }
      // "don't": one apostrophe followed by letters stays inside the word.
      if (j + 1 < n && text.charCodeAt(j) === 39) {
        const d = text.charCodeAt(j + 1);
        if (isLower(d) || isUpper(d)) j = letters(j + 1);
      }
      out.push(text.slice(i, j).toLowerCase());
      i = j;
    } else i++;
  }
  return out;
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
