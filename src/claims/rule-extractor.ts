/**
 * The rule-based claim extractor: markdown blocks -> clean text -> sentences (wink-nlp) -> clauses -> kinds,
 * every claim with its exact span in the draft and a character map for in-place corrections.
 */
import { classifyClaim, type KindContext } from "./claim-kind.js";
import { splitClauses } from "./clause-split.js";
import { splitFigureList } from "./figure-list.js";
import { extractJsonClaims } from "./json-draft.js";
import { markdownBlocks, type RowBlock, type TextBlock } from "./markdown-blocks.js";
import { CITATION, cleanInline, MARKUP, type CleanText } from "./markdown-inline.js";
import { findRestatements } from "./parenthetical.js";
import { splitSentences, type Sentence } from "./sentence-split.js";
import type { ClaimExtractor, ExtractContext, ExtractedClaim } from "./types.js";
import type { Token } from "./wink.js";

/** Options of {@link createRuleExtractor} and {@link extractClaimsSync}. */
export interface RuleExtractorOptions {
  /** Name reported as `ClaimExtractor.name`. Default `"rules"`. */
  name?: string;
  /** Split compound sentences into clauses that each assert something. Default `true`. */
  splitCompounds?: boolean;
  /** Prefix a clause that lost its subject with the sentence's subject ("The stock is up 17.93%"). Default `true`. */
  carrySubject?: boolean;
  /** Read a draft that is a JSON object or array leaf by leaf. Default `true`. */
  json?: boolean;
}

const HAS_WORD = /[\p{L}\p{N}]/u;
const DIGIT = /\p{Nd}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Longest verbless fragment still read as a label rather than a claim. */
const LABEL_MAX_WORDS = 5;

interface Context {
  draft: string;
  /** More text follows the draft (a streaming prefix): no fragment is the whole answer. */
  more: boolean;
  flags: Uint8Array;
  options: Required<Omit<RuleExtractorOptions, "name">>;
  claims: ExtractedClaim[];
  /** End of the last claim's span: spans never overlap. */
  lastEnd: number;
}

/** The draft span of clean-text range `[a, b)`, widened over adjacent markup and trailing citation markers. */
function spanOf(ctx: Context, clean: CleanText, a: number, b: number, block: { start: number; end: number }): [number, number] | null {
  let first = a;
  while (first < b && clean.map[first]! < 0) first++;
  let last = b - 1;
  while (last >= first && clean.map[last]! < 0) last--;
  if (first > last) return null;
  let start = clean.map[first]!;
  let end = clean.map[last]! + 1;
  const floor = Math.max(block.start, ctx.lastEnd);
  while (start > floor && (ctx.flags[start - 1]! & MARKUP) !== 0) start--;
  while (end < block.end && (ctx.flags[end]! & (MARKUP | CITATION)) !== 0) end++;
  return [start, end];
}

/**
 * A short verbless fragment with no figure and no "key: value" shape ("**Summary**", "- Next steps",
 * "- axios") labels what follows; it asserts nothing a tool output could settle.
 */
function isLabel(text: string, tokens: Token[], range: { start: number; end: number }, wholeDraft: boolean): boolean {
  // A fragment that ends like a sentence, or that is the whole answer ("Delhi", "tax policy and reform
  // advocacy."), answers something: short answers to questions are claims.
  if (wholeDraft || /[.!]["”’)]*$/.test(text.trim())) return false;
  if (DIGIT.test(text) || text.includes(":") || CJK.test(text) || text.split(/\s+/).length > LABEL_MAX_WORDS) return false;
  return !tokens.some((t) => t.start >= range.start && t.start < range.end && (t.pos === "VERB" || t.pos === "AUX"));
}

/** The draft span of a sentence's clean text, from its first to its last character the draft holds. */
function unitOf(clean: CleanText, sentence: Sentence, span: [number, number]): [number, number] {
  let first = sentence.start;
  while (first < sentence.end && clean.map[first]! < 0) first++;
  let last = sentence.end - 1;
  while (last > first && clean.map[last]! < 0) last--;
  if (first >= sentence.end) return span;
  return [clean.map[first]!, clean.map[last]! + 1];
}

/** Prefix counts of inline-code characters, so "does this clause hold code?" is O(1) per clause. */
function codePrefix(clean: CleanText): Int32Array {
  const prefix = new Int32Array(clean.text.length + 1);
  const inCode = new Uint8Array(clean.text.length);
  for (const [s, e] of clean.codeRanges) inCode.fill(1, s, e);
  for (let k = 0; k < clean.text.length; k++) prefix[k + 1] = prefix[k]! + inCode[k]!;
  return prefix;
}

/** A piece of a claim's text: words synthesised for it, or a clean-text range `[start, end)`. */
type Piece = string | [number, number];

function trimSpaceEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** Builds a claim from its pieces, with its span over clean-text `range`, classifies it and adds it (or returns null when the range maps to no draft text). */
function pushClaim(
  ctx: Context,
  clean: CleanText,
  block: TextBlock,
  sentence: Sentence,
  range: { start: number; end: number },
  pieces: Piece[],
  code: Int32Array,
  sentenceHasVerb: boolean,
  partOfSentence = false,
): ExtractedClaim | null {
  const span = spanOf(ctx, clean, range.start, range.end, block);
  if (!span) return null;
  let text = "";
  const map: number[] = [];
  let hasCode = false;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      text += piece;
      for (let k = 0; k < piece.length; k++) map.push(-1);
    } else {
      const [a, b] = piece;
      if (b <= a) continue;
      text += clean.text.slice(a, b);
      for (let k = a; k < b; k++) map.push(clean.map[k]!);
      hasCode ||= code[b]! > code[a]!;
    }
  }
  const context: KindContext = { hasCode };
  let kind = classifyClaim(text, context);
  // A heading is a title unless it states a fact with a figure ("# Revenue rose 12% in Q3").
  if (block.role === "heading" && !(DIGIT.test(text) && sentenceHasVerb)) kind = "not_checkable";
  // A piece cut from a sentence ("— Haaland with a hat-trick —") asserts with it; only a whole fragment labels.
  if (kind === "factual" && !partOfSentence && isLabel(text, sentence.tokens, range, !ctx.more && ctx.draft.trim().length <= text.length + 4))
    kind = "not_checkable";
  const claim: ExtractedClaim = { text, kind, span, citations: [], map, unit: unitOf(clean, sentence, span) };
  ctx.claims.push(claim);
  ctx.lastEnd = span[1];
  return claim;
}

function textBlockClaims(ctx: Context, block: TextBlock): void {
  const clean = cleanInline(ctx.draft, block.start, block.end, ctx.flags);
  if (!HAS_WORD.test(clean.text)) return;
  const inside = new Uint8Array(clean.text.length + 1);
  for (const [s, e] of clean.protectedRanges) inside.fill(1, s, e);
  const code = codePrefix(clean);
  let citation = 0;
  const before = ctx.claims.length;
  for (const sentence of splitSentences(clean)) {
    const sentenceText = clean.text.slice(sentence.start, sentence.end);
    const splittable = ctx.options.splitCompounds && classifyClaim(sentenceText) !== "question" && !CJK.test(sentenceText);
    const insideAt = (offset: number): boolean => inside[offset] === 1;
    const clauses = splittable
      ? splitClauses(clean.text, sentence, insideAt).flatMap((c) => splitFigureList(clean.text, sentence.tokens, c, insideAt))
      : [{ start: sentence.start, end: sentence.end }];
    const hasVerb = sentence.tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
    for (const clause of clauses) {
      if (!HAS_WORD.test(clean.text.slice(clause.start, clause.end))) continue;
      const carried = "subject" in clause && clause.subject && ctx.options.carrySubject;
      const subject = carried ? clause.subject! : "";
      // The claim's own words: a relative pronoun the subject stands for is left out.
      const from = carried && clause.drop ? clause.start + clause.drop : clause.start;
      const restated = splittable ? findRestatements(clean.text, from, clause.end, sentence.tokens, (at) => inside[at] === 1) : [];
      // The main claim reads without its restating parentheticals and ends its span before the first one.
      const pieces: Piece[] = subject === "" ? [] : [subject + (from > clause.start ? "" : " ")];
      let at = from;
      for (const r of restated) {
        // The items of one aside share its parentheses: they are left out once.
        if (r.open < at) continue;
        pieces.push([at, trimSpaceEnd(clean.text, at, r.open)]);
        // A comma aside stays in the main claim's words as context (its names pick the entity), written
        // rather than mapped to the draft, so its figures are checked in its own claim only.
        if (r.commaAside) pieces.push(clean.text.slice(r.open, r.close));
        at = r.close;
      }
      pieces.push([at, clause.end]);
      const pushRestated = (): void => {
        for (const r of restated) {
          const own = clean.text.slice(from, r.verbEnd);
          // An item's price reads with the item alone ("Cozy Nights Box: $45"), not with the clause's head.
          const lead = r.verbEnd < 0 ? r.lead : (subject === "" || from > clause.start ? subject : `${subject} `) + own + r.lead;
          const span = { start: r.innerStart, end: r.figureEnd };
          pushClaim(ctx, clean, block, sentence, span, [lead, [r.figureStart, r.figureEnd]], code, hasVerb);
        }
      };
      // A comma aside after the subject comes first: the main claim's span is its predicate after the aside
      // ("came in on April 4"), where an edit of the main claim belongs.
      const asideFirst = restated.length === 1 && restated[0]!.commaAside === true;
      if (asideFirst) pushRestated();
      const mainStart = asideFirst ? restated[0]!.close + (/^\s*/.exec(clean.text.slice(restated[0]!.close))?.[0].length ?? 0) : clause.start;
      const mainEnd = restated.length > 0 && !asideFirst ? trimSpaceEnd(clean.text, clause.start, restated[0]!.open) : clause.end;
      const main = pushClaim(ctx, clean, block, sentence, { start: mainStart, end: mainEnd }, pieces, code, hasVerb, clauses.length > 1);
      if (!main) continue;
      while (citation < clean.citations.length && clean.citations[citation]!.at <= clause.end) {
        main.citations.push(clean.citations[citation++]!.label);
      }
      if (!asideFirst) pushRestated();
    }
  }
  // Citations after the last claim of the block still belong to it.
  const last = ctx.claims[ctx.claims.length - 1];
  if (last && ctx.claims.length > before) {
    while (citation < clean.citations.length) last.citations.push(clean.citations[citation++]!.label);
  }
}

const headerCache = new WeakMap<RowBlock["header"], string[]>();

function rowClaim(ctx: Context, row: RowBlock): void {
  let headers = headerCache.get(row.header);
  if (!headers) {
    headers = row.header.map(([s, e]) => cleanInline(ctx.draft, s, e, ctx.flags).text);
    headerCache.set(row.header, headers);
  }
  const cells = row.cells.map(([s, e]) => cleanInline(ctx.draft, s, e, ctx.flags));
  // A row that states several figures under column headers ("Remaining payments | 312 | 242" under "Baseline",
  // "+$200/mo") gives one claim per cell, each read with the row's label: the columns are other scenarios,
  // periods or entities, and a wrong cell must not condemn the right ones.
  const label = cells[0]?.text ?? "";
  const figured = cells.filter((c, j) => j > 0 && /\d/.test(c.text)).length;
  if (cells.length >= 3 && figured >= 2 && label !== "" && !/\d/.test(label)) {
    for (let j = 1; j < cells.length; j++) if (cells[j]!.text !== "") pushRowClaim(ctx, row, headers, cells, [0, j], row.cells[j]!);
    return;
  }
  pushRowClaim(
    ctx,
    row,
    headers,
    cells,
    cells.map((_, j) => j),
    [row.start, row.end],
  );
}

/** A claim of a table row's cells `columns`, each after its header ("Baseline: 312"), joined by "; ". */
function pushRowClaim(
  ctx: Context,
  row: RowBlock,
  headers: string[],
  cells: ReturnType<typeof cleanInline>[],
  columns: number[],
  span: [number, number],
): void {
  const text: string[] = [];
  const map: number[] = [];
  const citations: string[] = [];
  let hasCode = false;
  const synth = (s: string): void => {
    text.push(s);
    for (let k = 0; k < s.length; k++) map.push(-1);
  };
  for (const j of columns) {
    const cell = cells[j]!;
    citations.push(...cell.citations.map((c) => c.label));
    if (cell.text === "") continue;
    hasCode ||= cell.codeRanges.length > 0;
    if (text.length > 0) synth("; ");
    const header = headers[j] ?? "";
    if (header !== "") synth(`${header}: `);
    text.push(cell.text);
    map.push(...cell.map);
  }
  const joined = text.join("");
  if (!HAS_WORD.test(joined)) return;
  const kind = classifyClaim(joined, { hasCode }) === "hedge" ? "hedge" : "factual";
  ctx.claims.push({ text: joined, kind, span, citations, map, unit: [row.start, row.end] });
  ctx.lastEnd = row.end;
}

function resolve(options: RuleExtractorOptions): Context["options"] {
  return {
    splitCompounds: options.splitCompounds ?? true,
    carrySubject: options.carrySubject ?? true,
    json: options.json ?? true,
  };
}

/**
 * Extracts the claims of a draft synchronously (the work behind {@link createRuleExtractor}).
 *
 * Markdown is read block by block: fenced and indented code, blockquotes and table header rows give no claims;
 * each list item, heading, paragraph sentence (or clause of a compound sentence) and table data row gives one,
 * and a parenthetical that restates a figure ("$2,400 (EUR 2.4k)") gives its own, after its clause.
 * A draft that is a JSON object or array gives one claim per leaf. Time is linear in the draft's length.
 *
 * @param draft the agent's draft answer.
 * @param options see {@link RuleExtractorOptions}.
 * @param more the draft is a prefix of an answer still streaming in (see `ExtractContext.more`).
 * @returns claims in draft order; spans are trimmed, never overlap, and `map` points each character of `text`
 *   at the same character in the draft (or -1). An empty or whitespace-only draft gives `[]`.
 */
export function extractClaimsSync(draft: string, options: RuleExtractorOptions = {}, more = false): ExtractedClaim[] {
  if (draft.trim() === "") return [];
  const resolved = resolve(options);
  if (resolved.json) {
    const json = extractJsonClaims(draft);
    if (json) return json;
  }
  const ctx: Context = { draft, more, flags: new Uint8Array(draft.length), options: resolved, claims: [], lastEnd: 0 };
  for (const block of markdownBlocks(draft)) {
    if (block.type === "row") rowClaim(ctx, block);
    else textBlockClaims(ctx, block);
  }
  return ctx.claims;
}

/**
 * Creates the rule-based {@link ClaimExtractor}.
 *
 * @param options see {@link RuleExtractorOptions}; defaults split compounds, carry subjects and read JSON.
 * @returns an extractor whose `extract(draft)` resolves to the claims of {@link extractClaimsSync}; it rejects
 *   only on a programming error, never on unusual input.
 */
export function createRuleExtractor(options: RuleExtractorOptions = {}): ClaimExtractor {
  const name = options.name ?? "rules";
  return {
    name,
    extract: async (draft: string, context?: ExtractContext) => extractClaimsSync(draft, options, context?.more === true),
  };
}
