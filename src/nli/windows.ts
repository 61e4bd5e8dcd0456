/**
 * Windows over a premise so that premise + claim fit the model's input whole. Cutting the pair at the
 * model's length instead (right truncation at 512 tokens, what a tokenizer does when asked to truncate)
 * drops the hypothesis, and cross-encoders then often report entailment with full confidence on the premise
 * alone: the claim must never be what gets cut. Windows are whole sentences (lines, then words, then
 * characters for a single overlong token run), consecutive windows share their boundary sentence, and
 * together they cover every non-blank character of the premise.
 */

/** Counts the tokens of a text without special tokens. */
export type TokenCount = (text: string) => number;

/** A half-open character span `[start, end)` of the premise. */
export type WindowSpan = [number, number];

const SENTENCE_END = /[.!?。！？](?=\s)|\n/g;

/** Sentence (and line) spans of `text`, trimmed, blank ones dropped. */
function sentenceSpans(text: string): WindowSpan[] {
  const out: WindowSpan[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    push(text, out, start, m.index + m[0].length);
    start = m.index + m[0].length;
  }
  push(text, out, start, text.length);
  return out;
}

function push(text: string, out: WindowSpan[], start: number, end: number): void {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end > start) out.push([start, end]);
}

/** Splits a span that is over budget into word runs, and a single overlong word into character runs. */
function splitOver(text: string, span: WindowSpan, budget: number, count: TokenCount): Array<{ span: WindowSpan; tokens: number }> {
  const words: WindowSpan[] = [];
  const re = /\S+/g;
  const piece = text.slice(span[0], span[1]);
  for (let m = re.exec(piece); m; m = re.exec(piece)) words.push([span[0] + m.index, span[0] + m.index + m[0].length]);
  const out: Array<{ span: WindowSpan; tokens: number }> = [];
  for (const w of words) {
    const tokens = count(text.slice(w[0], w[1]));
    if (tokens <= budget) {
      out.push({ span: w, tokens });
      continue;
    }
    // One "word" longer than the whole budget (a hash, base64, minified code): cut it by characters at the
    // rate its own tokenisation gives, and re-count each cut.
    const step = Math.max(1, Math.floor(((w[1] - w[0]) * budget) / tokens));
    for (let s = w[0]; s < w[1]; ) {
      let e = Math.min(w[1], s + step);
      let t = count(text.slice(s, e));
      while (t > budget && e - s > 1) {
        e = s + Math.max(1, Math.floor((e - s) / 2));
        t = count(text.slice(s, e));
      }
      out.push({ span: [s, e], tokens: t });
      s = e;
    }
  }
  return out;
}

/**
 * @param text the premise (an evidence passage).
 * @param budget tokens the premise may take: the model's input length minus the claim and special tokens.
 * @param count the model tokenizer's count.
 * @returns spans of `text`, in order, each counting at most `budget` tokens, covering every non-blank
 *   character; one span when the whole premise fits.
 * @throws RangeError when `budget` is below 1.
 */
export function windowSpans(text: string, budget: number, count: TokenCount): WindowSpan[] {
  if (budget < 1) throw new RangeError(`window budget must be at least 1 token, got ${budget}`);
  const whole: WindowSpan[] = [];
  push(text, whole, 0, text.length);
  if (whole.length === 0) return [];
  if (count(text.slice(whole[0]![0], whole[0]![1])) <= budget) return whole;
  const pieces: Array<{ span: WindowSpan; tokens: number }> = [];
  for (const s of sentenceSpans(text)) {
    const tokens = count(text.slice(s[0], s[1]));
    if (tokens <= budget) pieces.push({ span: s, tokens });
    else pieces.push(...splitOver(text, s, budget, count));
  }
  const windows: WindowSpan[] = [];
  let i = 0;
  while (i < pieces.length) {
    let j = i;
    let sum = pieces[i]!.tokens;
    while (j + 1 < pieces.length && sum + pieces[j + 1]!.tokens <= budget) sum += pieces[++j]!.tokens;
    // Joined text may tokenise a little differently from its pieces (byte-level BPE marks a leading space):
    // check the joined window and give back pieces until it fits.
    while (j > i && count(text.slice(pieces[i]!.span[0], pieces[j]!.span[1])) > budget) j--;
    windows.push([pieces[i]!.span[0], pieces[j]!.span[1]]);
    if (j + 1 >= pieces.length) break;
    // Overlap by the boundary piece when it is small, so a statement read across two sentences is seen whole.
    i = j > i && pieces[j]!.tokens <= budget / 2 ? j : j + 1;
  }
  return windows;
}
