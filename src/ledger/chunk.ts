/**
 * Splits an evidence text into passages (chunks) with their spans, for retrieval and for models with a
 * bounded input. Chunks cover the whole text: nothing is dropped.
 */

/** Target passage size in characters; a passage ends at a line break or sentence end near this size. */
export const CHUNK_TARGET = 600;
/** No passage exceeds this many characters (a longer line is cut at a space, or hard at this length). */
export const CHUNK_MAX = 1200;

const SENTENCE_END = /[.!?。！？](?=\s)/g;

/**
 * @returns half-open spans `[start, end)` into `text`, in order, covering every non-blank character.
 */
export function chunkSpans(text: string, target = CHUNK_TARGET, max = CHUNK_MAX): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  const n = text.length;
  while (start < n) {
    while (start < n && /\s/.test(text[start]!)) start++;
    if (start >= n) break;
    if (n - start <= max) {
      spans.push([start, trimEnd(text, start, n)]);
      break;
    }
    const end = cutPoint(text, start, target, max);
    spans.push([start, trimEnd(text, start, end)]);
    start = end;
  }
  return spans;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** Best cut after `start`: the last line break before `max`, else the last sentence end, else a space. */
function cutPoint(text: string, start: number, target: number, max: number): number {
  const limit = start + max;
  const lineBreak = text.lastIndexOf("\n", limit);
  if (lineBreak > start + target / 4) return lineBreak + 1;
  SENTENCE_END.lastIndex = start + Math.floor(target / 4);
  let best = -1;
  for (let m = SENTENCE_END.exec(text); m && m.index < limit; m = SENTENCE_END.exec(text)) best = m.index + 1;
  if (best > 0) return best;
  const space = text.lastIndexOf(" ", limit);
  return space > start + target / 4 ? space + 1 : limit;
}
