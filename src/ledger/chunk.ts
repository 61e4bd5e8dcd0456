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
  // Search only inside the window: lastIndexOf from `limit` would scan back to 0 on text without breaks.
  const limit = Math.min(text.length, start + max);
  const window = text.slice(start, limit);
  const floor = Math.floor(target / 4);
  const lineBreak = window.lastIndexOf("\n");
  if (lineBreak > floor) return start + lineBreak + 1;
  SENTENCE_END.lastIndex = floor;
  let best = -1;
  for (let m = SENTENCE_END.exec(window); m; m = SENTENCE_END.exec(window)) best = m.index + 1;
  if (best > 0) return start + best;
  const space = window.lastIndexOf(" ");
  return space > floor ? start + space + 1 : limit;
}
