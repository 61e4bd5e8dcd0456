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

/**
 * {@link applyEdits}, then tidies the whitespace where a deletion joined two parts of the draft: spaces
 * before a line break are dropped and three or more line breaks become two. Whitespace elsewhere is the
 * draft's own (a markdown hard break, a code block's layout) and stays as it was.
 */
export function applyEditsTidy(draft: string, edits: TextEdit[]): string {
  const deletions = edits.filter((e) => e.end > e.start && e.text === "");
  if (deletions.length === 0) return applyEdits(draft, edits);
  // Each deletion's start is marked with a character the draft cannot hold, found again after the edits.
  const mark = "\u0000";
  if (draft.includes(mark)) return applyEdits(draft, edits);
  const marked = applyEdits(
    draft,
    edits.map((e) => (e.end > e.start && e.text === "" ? { ...e, text: mark } : e)),
  );
  return marked.replace(/[ \t\n]*\u0000[ \t\n\u0000]*/g, (run) => {
    const ws = run.replaceAll(mark, "");
    return ws.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n");
  });
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
