/**
 * A tool output that is a Markdown pipe table, with a short caption above it and a few notes below: read as
 * rows of named columns, as a CSV table is (`rows[2].Feb 2024: 96.4 thousand USD`), so that each header is
 * bound to its column and the first column to the row's entity. A scale or a currency that the caption or a
 * header states ("(USD, thousands)", "Revenue ($000)", "Cost (EUR m)") is bound to the figures of the columns
 * it covers, written beside each figure, so that "96.4" under a thousands caption reads as 96,400 USD.
 * Percentages, shares, rates and counts are never scaled.
 */

/** A table read from text: its caption and notes (the text around it) and its rows. */
export interface TextTable {
  caption?: string;
  rows: Array<Record<string, string>>;
  notes?: string;
}

const ROW_LINE = /^\s*\|.*\|\s*$/;
const SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** At most this many lines of text above and below the table: more is a document, which stays text. */
const MAX_AROUND = 3;
const NUMBER_CELL = /^[-+−]?\s?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?$/;
/** Columns whose figures are never scaled: percentages, shares, rates, counts. */
const UNSCALED_COLUMN = /%|\b(?:share|pct|percent|percentage|rate|ratio|count|qty|quantity|units?|number|no\.|#|rank|year)\b/i;
/** Rows whose figures are never scaled: per-share figures, ratios, margins, percentages. */
const UNSCALED_ROW = /\b(?:per share|EPS|margin|ratio|percent(?:age)?)\b|%/i;
/** Scale words; a bare letter ("k", "m", "bn") only beside a currency ("$m", "EUR k"): "(m)" alone is metres. */
const SCALES: ReadonlyArray<[RegExp, RegExp, string]> = [
  [/\b(?:thousands?|'?000s?)\b|\$\s?000\b/i, /\bk\b/i, "thousand"],
  [/\b(?:millions?|mn)\b/i, /\b(?:m|mm)\b/i, "million"],
  [/\b(?:billions?|bn)\b/i, /\bb\b/i, "billion"],
];
const CURRENCIES: ReadonlyArray<[RegExp, string]> = [
  [/\bUSD\b|US\$|\$|\bU\.?S\.? dollars\b/i, "USD"],
  [/\bEUR\b|€/, "EUR"],
  [/\bGBP\b|£/, "GBP"],
  [/\bJPY\b|¥/, "JPY"],
  [/\b(CAD|AUD|CHF|CNY|INR|SEK|NOK|DKK|NZD)\b/, ""],
];

/** Cells of a pipe row, emphasis and code marks removed. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split("|").map((c) =>
    c
      .trim()
      .replace(/^(\*\*|__|\*|_|`)(.*)\1$/, "$2")
      .trim(),
  );
}

/** The scale and currency a caption or header states inside parentheses or after "in" ("(USD, thousands)"). */
function unitsOf(text: string): { scale: string | null; currency: string | null } {
  const spots = [...text.matchAll(/\(([^()]{1,40})\)/g)].map((m) => m[1]!);
  const inPhrase = /\bin\s+((?:[A-Z]{3}|[$€£¥])?\s*(?:thousands|millions|billions))\b/i.exec(text)?.[1];
  if (inPhrase) spots.push(inPhrase);
  let scale: string | null = null;
  let currency: string | null = null;
  for (const spot of spots) {
    let own: string | null = null;
    for (const [re, code] of CURRENCIES) {
      const m = re.exec(spot);
      if (own === null && m) own = code || m[1]!;
    }
    // "$m", "$k": the letter right after the sign.
    const letters = own === null ? spot : spot.replace(/[$€£¥]\s?(?=[kmb]\b)/i, " ");
    for (const [word, letter, name] of SCALES) if (scale === null && (word.test(spot) || (own !== null && letter.test(letters)))) scale = name;
    currency ??= own;
  }
  return { scale, currency };
}

/**
 * The table of `text` when it is a Markdown pipe table (a header row, a separator row, data rows of the same
 * width) with at most three lines of text above and below it, else null. Never throws.
 */
export function markdownTable(text: string): TextTable | null {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l, i) => ROW_LINE.test(l) && SEPARATOR.test(lines[i + 1] ?? ""));
  if (start < 0) return null;
  let end = start + 2;
  while (end < lines.length && ROW_LINE.test(lines[end]!)) end++;
  const above = lines.slice(0, start).filter((l) => l.trim() !== "");
  const below = lines.slice(end).filter((l) => l.trim() !== "");
  if (above.length > MAX_AROUND || below.length > MAX_AROUND || end - start < 3) return null;
  const header = cells(lines[start]!);
  if (header.some((h) => h === "") || new Set(header).size !== header.length) return null;
  const body = lines.slice(start + 2, end).map(cells);
  if (body.some((r) => r.length !== header.length)) return null;
  const caption = above.join(" ").trim();
  const tableUnits = unitsOf(caption);
  const rows = body.map((r) => {
    const row: Record<string, string> = {};
    // A row of ratios or per-share figures ("Diluted EPS" under "in thousands, except per share data").
    const rowUnscaled = UNSCALED_ROW.test(r[0] ?? "");
    header.forEach((name, j) => {
      const value = r[j]!;
      const own = unitsOf(name);
      const scale = own.scale ?? tableUnits.scale;
      const currency = own.currency ?? tableUnits.currency;
      const column = body.map((x) => x[j]!);
      const cellScale = rowUnscaled ? null : scale;
      // A sign on the column's figures ("$1,214") states their currency when the caption does not.
      // A statement signs the first and total rows of a column only: the column's sign is every row's.
      const signed = column.find((c) => /^[-+−]?\s?[$€£¥]/.test(c));
      const cellCurrency = currency ?? (signed ? (CURRENCIES.find(([re]) => re.test(signed.slice(0, 3)))?.[1] ?? null) : null);
      const scaled =
        j > 0 &&
        NUMBER_CELL.test(value) &&
        (scale !== null || currency !== null || cellCurrency !== null) &&
        !UNSCALED_COLUMN.test(name) &&
        !column.some((c) => c.includes("%"));
      row[name] = scaled ? [value.replace(/^([-+−]?)\s?[$€£¥]\s?/, "$1").replace("−", "-"), cellScale, cellCurrency].filter(Boolean).join(" ") : value;
    });
    return row;
  });
  const out: TextTable = caption === "" ? { rows } : { caption, rows };
  if (below.length > 0) out.notes = below.join(" ").trim();
  return out;
}
