/**
 * Where a streaming answer's extraction may restart: a progressive verification extracts each longer prefix
 * again, and re-reading the whole prefix every time costs time quadratic in the answer's length. From a
 * restart point on, the extractor reads the rest of the draft as if it were a draft of its own and gets the
 * claims it would get from the whole draft: the point starts a unit (a sentence, a list item, a heading), and
 * nothing before it reaches across it (an open code fence, a table whose header row the rows need, inline
 * markup or a link left open, an indented continuation line).
 */

const FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,})/gm;

/**
 * @param draft the answer so far.
 * @param at the start of a unit (sentence, list item, heading) every claim before which is settled.
 * @returns true when extraction may restart at `at` (see the module comment).
 */
export function isRestartPoint(draft: string, at: number): boolean {
  if (at <= 0 || at >= draft.length) return false;
  const before = draft.slice(0, at);
  // Inside a fenced code block, or right after a fence (its content is not prose).
  if ((before.match(FENCE_LINE)?.length ?? 0) % 2 !== 0) return false;
  // The paragraph (or list) the point is in: from the last blank line on.
  const blank = before.search(/\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/);
  const block = blank < 0 ? before : before.slice(blank);
  // A table: its rows read with the header row above them.
  if (block.includes("|")) return false;
  // Inline markup, code spans, links or brackets opened before the point and closed after it.
  if (count(block, "`") % 2 !== 0 || count(block, "**") % 2 !== 0 || count(block, "__") % 2 !== 0) return false;
  if (count(block, "[") !== count(block, "]") || count(block, "(") !== count(block, ")")) return false;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lead = before.slice(lineStart);
  if (lead === "") {
    // A line start: an indented line could continue a list item or be code, a quote line is skipped,
    // a setext underline or a table separator would change the line above.
    return !/^(?: {4}|\t|>|[ \t]*[=-]+[ \t]*$)/.test(draft.slice(at, draft.indexOf("\n", at) < 0 ? draft.length : draft.indexOf("\n", at)));
  }
  // Mid-line: the point follows a sentence end and a space.
  return /[.!?。！？]["”'’)\]]*[ \t]+$/.test(lead) && !/^[ \t]*>/.test(lead);
}

function count(text: string, token: string): number {
  let n = 0;
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + token.length)) n++;
  return n;
}
