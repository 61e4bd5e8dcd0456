/**
 * Span edits on a draft, applied from the end so earlier offsets stay valid.
 */

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits; of overlapping ones the first (by start, then longest) wins. An insertion at
 * the start of a deletion is kept, before it (a citation marker at the end of a claim whose next clause goes).
 */
export function applyEdits(draft: string, edits: TextEdit[]): string {
  const insertion = (e: TextEdit) => (e.start === e.end ? 0 : 1);
  const sorted = [...edits].sort((a, b) => a.start - b.start || insertion(a) - insertion(b) || b.end - a.end);
  const kept: TextEdit[] = [];
  let lastEnd = -1;
  for (const e of sorted) {
    // Insertions at the same point as another edit's start are fine; overlaps are not.
    if (e.start < lastEnd) continue;
    kept.push(e);
    lastEnd = Math.max(lastEnd, e.end);
  }
  // Kept edits are in order and disjoint: the text is built once, left to right (splicing each edit into the
  // whole string would copy the draft once per edit, quadratic on a long draft with many claims).
  const parts: string[] = [];
  let at = 0;
  for (const e of kept) {
    parts.push(draft.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(draft.slice(at));
  return parts.join("");
}

const CONNECTOR_BEFORE = /(?:\s*[,;]\s*(?:and|but|or|while|whereas)?|\s+(?:and|but|or|while|whereas))\s*$/;

/**
 * The span to delete so that a claim disappears with its grammar: a whole bullet line, a whole sentence
 * with the space after it (also when the claim only opens it: the rest would be a fragment), or a clause
 * with the connector before it (", and traded 1,250 lots").
 */
export function removalSpan(draft: string, span: [number, number]): [number, number] {
  let [start, end] = span;
  const lineStart = draft.lastIndexOf("\n", start - 1) + 1;
  const lineEndIdx = draft.indexOf("\n", end);
  const lineEnd = lineEndIdx === -1 ? draft.length : lineEndIdx;
  const before = draft.slice(lineStart, start);
  const after = draft.slice(end, lineEnd);
  if (/^\s*(?:[-*+]|\d+[.)])?\s*$/.test(before) && /^\s*(?:\[[^\]]*\])?\s*[.!?]?\s*$/.test(after)) {
    // The claim is the whole line (a bullet or a one-sentence line): remove the line.
    return [lineStart, lineEndIdx === -1 ? draft.length : lineEnd + 1];
  }
  const prevText = draft.slice(Math.max(lineStart, start - 40), start);
  const sentenceStart = /(?:^|[.!?]["”’)]*)\s*$/.test(prevText) || start === lineStart;
  if (sentenceStart) {
    // A claim that opens a sentence others finish ("The best ask is $3,412.55, a one-cent spread."): the rest
    // of the sentence reads with it, so removing it alone would leave a fragment. The sentence goes whole.
    const ended = /[.!?]["”’)]*(?:\s*\[[^\]]*\])*\s*$/.test(draft.slice(start, end));
    const rest = ended ? "" : /^(?:[^\n.!?]|[.!?](?![\s"”’)\]]|$))*/.exec(draft.slice(end))![0];
    if (/[\p{L}\p{N}]/u.test(rest.replace(/\[[^\]]*\]/g, ""))) end += rest.length;
    // Whole sentence: take its terminal punctuation, a trailing marker, and the following spaces.
    const tail = /^(?:\s*\[[^\]]*\])*[.!?]*[ \t]*/.exec(draft.slice(end));
    end += tail ? tail[0].length : 0;
    return [start, end];
  }
  const connector = CONNECTOR_BEFORE.exec(prevText);
  if (connector) start -= connector[0].length;
  // A clause that ends its sentence leaves the sentence's terminal punctuation to the words before it.
  const terminal = /[.!?]["”’)]*\s*$/.exec(draft.slice(start, end));
  if (terminal && end - terminal[0].length > start) end -= terminal[0].length;
  return [start, end];
}

/** Where to insert text at the end of a claim: before its terminal punctuation and citation markers. */
export function insertionPoint(draft: string, span: [number, number]): number {
  let end = span[1];
  const text = draft.slice(span[0], end);
  const m = /(?:\s*\[[^\]]*\])*\s*[.!?。！？:;,]*\s*$/.exec(text);
  if (m) end -= m[0].length;
  return Math.max(span[0], end);
}
