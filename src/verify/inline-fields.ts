/**
 * Inline `key=value` fields on one line: logfmt (the structured-log format of Heroku and Go's log/slog,
 * https://brandur.org/logfmt) and the one-line summaries many tools print (`October: new_signups=1000,
 * refunds=12, churned_users=1020`, `status=ok latency_ms=32 retries=3`). Each value is its own field, named
 * by its key, so tier 0 reads `churned_users` as the slot of 1020 rather than the whole line as one slot.
 */

/** One `key=value` pair of a line: offsets into the line. */
export interface InlineField {
  key: string;
  keyStart: number;
  /** The value, quotes included; it runs to the next pair, separators and spaces trimmed. */
  valueStart: number;
  valueEnd: number;
}

/**
 * A pair opens the text or follows a space, comma, semicolon or opening bracket; a URL's query
 * (`?from=LIS&to=KEF`) does not, so it is no field list.
 */
const PAIR = /(?<=^|[\s,;(])([A-Za-z_][\w.-]*)=(?=["'\w$€£¥+\-.])/g;

/** Separators and spaces that end a value before the next pair or the end of the line. */
const TRAILING = /[\s,;]+$/;

/**
 * The inline fields of `line` from offset `from`: at least two pairs, or none (one `a=b` in a sentence is
 * no field list). Text before the first pair is not part of any field.
 */
export function inlineFields(line: string, from = 0): InlineField[] {
  // Most lines hold no "=" at all: no scan.
  const first = line.indexOf("=", from);
  if (first < 0 || line.indexOf("=", first + 1) < 0) return [];
  const text = line.slice(from);
  const starts: Array<{ key: string; at: number; valueAt: number }> = [];
  for (const m of text.matchAll(PAIR)) starts.push({ key: m[1]!, at: m.index!, valueAt: m.index! + m[0].length });
  if (starts.length < 2) return [];
  return starts.map((s, i) => {
    const next = starts[i + 1]?.at ?? text.length;
    const quoted = /^["']/.exec(text.slice(s.valueAt));
    const close = quoted ? text.indexOf(quoted[0], s.valueAt + 1) : -1;
    const raw = text.slice(s.valueAt, close >= 0 && close < next ? close + 1 : next);
    const end = s.valueAt + raw.replace(TRAILING, "").length;
    return { key: s.key, keyStart: from + s.at, valueStart: from + s.valueAt, valueEnd: from + end };
  });
}

/**
 * A "Key: value" pair that opens a line or stands two or more spaces after the last value, as report
 * headers print several on one line ("Trip start: 03-Feb-2025 06:10   Trip stop: 04-Feb-2025 14:40").
 */
const SPACED_PAIR = /(?:^\s*|\s{2,})([A-Za-z][\w.\-/()]*(?: [A-Za-z][\w.\-/()]*){0,3}): (?=\S)/g;

/**
 * The "Key: value" fields of a line that prints two or more of them apart by runs of spaces, each value
 * running to the next pair; none for a line with one pair (its value may hold wide spaces of its own).
 */
export function spacedFields(line: string): InlineField[] {
  if (!/\S\s{2,}[A-Za-z][^:]{0,40}: \S/.test(line)) return [];
  const starts: Array<{ key: string; keyAt: number; valueAt: number }> = [];
  for (const m of line.matchAll(SPACED_PAIR)) {
    if (starts.length === 0 && m.index !== 0) return [];
    starts.push({ key: m[1]!, keyAt: m.index! + m[0].length - m[1]!.length - 2, valueAt: m.index! + m[0].length });
  }
  if (starts.length < 2) return [];
  return starts.map((s, i) => {
    const next = starts[i + 1] ? starts[i + 1]!.keyAt : line.length;
    const end = s.valueAt + line.slice(s.valueAt, next).trimEnd().length;
    return { key: s.key, keyStart: s.keyAt, valueStart: s.valueAt, valueEnd: end };
  });
}

/**
 * What parts a line's value into labelled figures: a spaced middle dot, bullet or bar. Not a semicolon,
 * which also parts a requirement from its condition (`typing-extensions>=4.7; python_version < "3.11"`).
 */
const PART_SEPARATOR = /\s[·•|]\s/g;
/** A part's label: its text before the first figure or currency sign. */
const PART_LABEL = /^[^\d$€£¥]*/u;

/**
 * The labelled figures of a `Key: value` line's value that separators part ("Rates: $4.00/hr · Daily max
 * $28.00 · Evening flat rate $10.00"): each part with a figure is a field named by its label (the words
 * before its first figure; `key` is empty for a part without one, which keeps the line's key). None unless two
 * parts or more hold a figure and one of them has a label.
 */
export function separatedFields(line: string, from = 0): InlineField[] {
  if (!/\s[·•|]\s/.test(line.slice(from))) return [];
  const parts: Array<[number, number]> = [];
  let at = from;
  for (const m of line.slice(from).matchAll(PART_SEPARATOR)) {
    parts.push([at, from + m.index!]);
    at = from + m.index! + m[0].length;
  }
  parts.push([at, line.length]);
  const fields: InlineField[] = [];
  for (const [start, end] of parts) {
    const text = line.slice(start, end);
    if (!/\d/.test(text)) continue;
    const label = PART_LABEL.exec(text)![0]
      .replace(/[\s:=(–—-]+$/, "")
      .trim();
    const lead = text.length - text.trimStart().length;
    const labelEnd = label === "" ? lead : text.indexOf(label) + label.length;
    const valueStart = start + labelEnd + (text.slice(labelEnd).length - text.slice(labelEnd).trimStart().length);
    fields.push({ key: /\p{L}/u.test(label) ? label : "", keyStart: start + lead, valueStart, valueEnd: start + text.trimEnd().length });
  }
  return fields.length >= 2 && fields.some((f) => f.key !== "") ? fields : [];
}
