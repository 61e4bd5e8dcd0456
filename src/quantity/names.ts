/**
 * Proper names and identifiers: finds them in text with exact spans and checks whether a claim's name occurs
 * in an evidence passage, allowing the usual aliases (surname only, initials, accents, company suffixes).
 *
 * wink-nlp's English lite model has no person/organisation/place entities, so names are found by
 * capitalisation; its lexicon is used only to decide whether a capitalised word at the start of a sentence
 * is an ordinary English word ("Revenue rose") or a name ("Norland is a country"). Its POS tags were tried
 * and rejected for this: they tag any capitalised sentence-initial word PROPN ("Revenue/PROPN rose").
 */
import { createRequire } from "node:module";
import { foldText } from "../text/fold.js";
import { codedNames } from "./iso-codes.js";
import { quakeMagnitudeAt } from "./quantity-extract.js";
import type { NameMention, Quantity } from "./types.js";

/** Honorifics: kept in the span, dropped from the key. */
const HONORIFICS = new Set(["dr", "mr", "mrs", "ms", "mx", "prof", "sir", "dame"]);
/** Lower-case words allowed between two capitalised words of one name ("Bank of Commerce", "Ana de la Cruz"). */
const CONNECTORS = new Set(["of", "de", "del", "della", "di", "da", "du", "van", "von", "der", "den", "la", "le", "&"]);
/** Abbreviations whose trailing period belongs to the name ("Birchwood Supply Co."). */
const DOTTED_SUFFIXES = new Set(["co", "inc", "ltd", "corp", "jr", "sr", "bros", "pty", "plc", "llc"]);
/** Company suffixes written in several ways; compared in canonical form and optional when one side omits it. */
const SUFFIX_CANON: Record<string, string> = {
  co: "co",
  company: "co",
  corp: "corp",
  corporation: "corp",
  inc: "inc",
  incorporated: "inc",
  ltd: "ltd",
  limited: "ltd",
  llc: "llc",
  plc: "plc",
  gmbh: "gmbh",
  ag: "ag",
  sa: "sa",
  pty: "pty",
};
const SUFFIXES = new Set(Object.values(SUFFIX_CANON));
/**
 * Words that open sentences and are never names on their own; dropped from the front of a sentence-initial
 * capitalised run ("The Norland economy" -> "Norland"). Everything else is decided by the lexicon.
 */
const STARTERS = new Set(
  (
    "the a an this that these those it its our your his her their my we i you he she they there here in on at " +
    "for from by with after before during since and but or if when while as all some each every no not what " +
    "which who how why where yes also however then so please note overall currently today yesterday tomorrow " +
    "according per both either neither most many several well yeah yep oh ok okay hey hmm wow sure um uh actually " +
    "everything everyone everybody nothing nobody anything anyone anybody something someone somebody none whatever"
  ).split(" "),
);
/**
 * Capitalised words that are dates, not names (dates are handled by the date module): months, weekdays,
 * their plurals ("on Wednesdays") and their short forms ("Wed", "Thu", "Sept"). Seasons stay names: a term
 * key ("Autumn 2018-2019") is picked by them.
 */
const CALENDAR = new Set(
  (
    "january february march april june july august september october november december monday tuesday " +
    "wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays " +
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun may"
  ).split(" "),
);
/** A calendar word or a day word with a possessive ("April's", "Saturday's", "Today's", "Tonight's"). */
const CALENDAR_POSSESSIVE = new RegExp(`^(?:${[...CALENDAR].join("|")}|today|tonight|tomorrow|yesterday)['’]s$`, "i");
/** Upper-case words that are labels, units or currencies in tool output rather than names. */
/** A time zone's abbreviation ("PT", "EST", "CEST"): after a clock time it is part of the time, no name. */
const TIME_ZONE = /^(?:UTC|GMT|Z|[PMCE][SD]?T|[AH]ST|[AH]DT|AK[SD]?T|BST|IST|CES?T|EES?T|WES?T|JST|KST|HKT|SGT|AE[SD]T|AC[SD]T|AW[SD]T|NZ[SD]T)$/;
/** A clock time right before ("8:45 PM ", "10:14 ", "7 am "). */
const CLOCK_BEFORE = /(?:\d{1,2}:\d{2}(?::\d{2})?|\d{1,2})\s*(?:[AaPp]\.?[Mm]\.?)?\s+$/;

const CAPS_STOP = new Set(
  (
    "OK ID API URL URI HTTP HTTPS JSON XML YAML CSV PDF HTML SQL FAQ TODO NOTE ERROR ERR WARN WARNING INFO DEBUG " +
    "TRACE FATAL FAIL FAILED PASS TRUE FALSE NULL NA AM PM UTC GMT USD EUR GBP JPY CNY AED CAD AUD CHF INR KB MB GB " +
    "TB MS CPU GPU RAM IMPORTANT UPDATE N A I I'm I've I'll I'd I’m I’ve I’ll I’d " +
    // Technical and everyday terms, not names of anything a tool returned ("public IP", "SSH is open",
    // "DC voltage", "the ETA"): a tool writes them inside keys (`PublicIpAddress`, `dcVoltage`) or not at all.
    "IP DC AC SSH TLS SSL DNS VM OS UI UX ETA SLA KPI VPN LAN WAN CDN SSD HDD LED USB GPS SMS QR PIN VAT"
  ).split(" "),
);
/** SPDX licence identifiers that are written in capitals but are identifiers, not names. */
const LICENSES = new Set(["MIT", "ISC", "GPL", "LGPL", "AGPL", "MPL", "BSD", "0BSD", "WTFPL", "Zlib", "CC0", "Unlicense"]);
/** First or last parts that make a lower-case hyphenated word an English compound ("real-time", "AI-based"). */
const COMPOUND_PARTS = new Set(
  (
    "re co non self multi pre post anti semi sub cross high low long short well ill full part half real open " +
    "built opt sign log check add follow up day year month week end state so ad per mid ex e x t all much " +
    "based related like wide free level specific friendly driven facing side term time party source date in " +
    "on out off over to scale wise fold one two three first second third top bottom left right side"
  ).split(" "),
);

/** A Roman numeral that ends a name ("Biology I", "Mathematics II", "Henry VIII"). */
const ROMAN = /^(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)$/;
const ROMAN_AFTER = /^(?![\p{L}\p{N}'’-])/u;
/** "I" ends a name only before punctuation, the end or a conjunction or preposition: "Biology I think" is the pronoun. */
const ROMAN_I_AFTER = /^(?:\s*$|[.,:;)!?]|\s+(?:and|or|in|with|at|for|is|was|where|which)\b)/;

/** Identifier patterns, each with a cheap gate that skips the full scan when it cannot match. */
const CODE_PATTERNS: Array<[RegExp, RegExp]> = [
  [/:\/\/|www\./i, /\b(?:https?|ftp):\/\/[^\s<>"'`]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'`]*/gi],
  [/@/, /[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g],
  [/@/, /(?<![\w@])@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*/gi],
  [/[<>^~]/, /(?<![\w.<>=^~])(?:>=|<=|\^|~>?|[<>](?=v?\d+\.))\s?v?\d+(?:\.(?:\d+|x|\*))*(?:-[\w.]+)?(?![\w%]|\.\d)/g],
  [/\d\.\d/, /(?<![\w.\-/])(?:v\d+(?:\.\d+)+|\d+(?:\.\d+){2,})(?:-[0-9A-Za-z.]+)?(?:\+[0-9A-Za-z.]+)?(?!\w|\.\d)/g],
  [/\w[-_./]\w/, /(?<![\w@.\-/])[A-Za-z0-9]\w*(?:[-_./]\w+)+(?!\w|[-/]\w)/g],
  [/[a-z][A-Z]/, /(?<![\w-])[a-z]+[A-Z][A-Za-z0-9]*(?!\w)/g],
  [/[A-Za-z]\d/, /(?<![\w.-])[A-Za-z]+\d[A-Za-z0-9]*(?![\w-])/g],
];

export { foldText };

/** Whether a token matched by the generic identifier pattern is code and not prose ("real-time", "and/or", "3.5"). */
function isCodeToken(tok: string, pattern: number): boolean {
  // Quarters, halves and percentiles ("Q3", "H1", "p95") are words of a claim's slot, not identifiers.
  if (pattern !== 5) return pattern !== 7 || (tok.length >= 3 && !/^(?:[QH][1-4]|[pP]\d{1,3})$/.test(tok));
  if (/^[\d.,:/-]+$/.test(tok)) return false; // numbers, dates, times, phone numbers: other modules
  if (tok.includes("_")) return true;
  const hasDigit = /\d/.test(tok);
  if (tok.includes("/")) return hasDigit || /[-.]/.test(tok) || tok.split("/").length > 2;
  if (tok.includes(".") && !tok.includes("-")) {
    const parts = tok.split(".");
    return parts.every((p) => p.length > 0) && parts.some((p) => /[a-z]{2}/i.test(p)) && !parts.every((p) => p.length === 1);
  }
  if (hasDigit) return true; // "ledger-api-7d9f", "A-5521", "BSD-2-Clause"
  if (/^\p{Lu}/u.test(tok)) return false; // "Jean-Luc", "Coca-Cola": names, read by the capitalised pass
  const parts = tok.toLowerCase().split("-");
  // A superlative or comparative first part makes an English compound ("highest-rated", "best-selling").
  if (parts.length === 2 && /^(?:[a-z]{3,}est|best|most|least|better|worse)$/.test(parts[0]!) && parts[0] !== "test") return false;
  return !COMPOUND_PARTS.has(parts[0] ?? "") && !COMPOUND_PARTS.has(parts[parts.length - 1] ?? "");
}

/**
 * Unit symbols written with capitals (SI prefixes on watt, watt-hour, pascal, hertz, volt, ampere-hour; BTU,
 * dB) and era markers (BC, BCE, AD, CE): after a number ("612 kWh", "503 MPa", "2.4 GHz", "1300 BC") they
 * belong to the figure, not a name.
 */
const UNIT_AFTER_NUMBER = /(?<=\d[ \u00a0]?)(?:[kMGT]?(?:Wh|W|Pa|Hz|VA|V)|mAh|Ah|BTU|dB|dBm|BCE?|AD|CE)(?![\p{L}\p{N}])/gu;

/** The same unit symbols after "per" or a slash ("£24.22 per kWh", "p/kWh"): a rate's unit, not a name. */
const UNIT_AFTER_PER = /(?<=\bper |\/)(?:[kMGT]?(?:Wh|W|Pa|Hz|VA|V)|mAh|Ah|BTU|dB|dBm)(?![\p{L}\p{N}])/gu;

/** Identifier mentions, and a mask of the characters they (and backtick spans) cover. */
function codeMentions(text: string): { found: NameMention[]; taken: Uint8Array } {
  const found: NameMention[] = [];
  const taken = new Uint8Array(text.length);
  if (/\d ?[kMGTmdAB]?[A-Za-z]/.test(text)) for (const m of text.matchAll(UNIT_AFTER_NUMBER)) taken.fill(1, m.index, m.index + m[0].length);
  if (/per |\//.test(text)) for (const m of text.matchAll(UNIT_AFTER_PER)) taken.fill(1, m.index, m.index + m[0].length);
  const free = (s: number, e: number) => taken.subarray(s, e).every((x) => x === 0);
  const add = (raw: string, start: number) => {
    const tok = raw.replace(/[.,;:!?)\]]+$/, "");
    const end = start + tok.length;
    if (tok.length === 0 || !free(start, end)) return;
    taken.fill(1, start, end);
    found.push({ text: tok, span: [start, end], key: foldText(tok), type: "code" });
  };
  for (const m of text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) {
    taken.fill(1, m.index, m.index + m[0].length);
    const inner = m[1] ?? "";
    const lead = inner.length - inner.trimStart().length;
    if (inner.trim())
      found.push({ text: inner.trim(), span: [m.index + 1 + lead, m.index + 1 + lead + inner.trim().length], key: foldText(inner), type: "code" });
  }
  CODE_PATTERNS.forEach(([gate, re], i) => {
    if (!gate.test(text)) return;
    for (const m of text.matchAll(re)) {
      if (i === 4 && /^\d{2}\.\d{2}\.\d{4}$/.test(m[0])) continue; // a dotted date, not a version
      // An earthquake's magnitude ("M4.9", "M6.1", as USGS titles write "M 4.9"): a figure, no identifier.
      if (i === 7 && /^M\d$/.test(m[0]) && quakeMagnitudeAt(text, m.index)) {
        taken.fill(1, m.index, m.index + 1);
        continue;
      }
      if (isCodeToken(m[0].replace(/[.,;:!?)\]]+$/, ""), i)) add(m[0], m.index);
    }
  });
  for (const m of text.matchAll(/(?<![\w-])([A-Z][A-Za-z]*|0BSD|CC0)(?![\w-])/g)) {
    if (LICENSES.has(m[0])) add(m[0], m.index);
  }
  return { found, taken };
}

/** An id right after a word: a digit with a letter, `_` or `-` ("po_3003", "INV-7", "dp_88K1", "#4521"; not "737"). */
const ID_AFTER = /^\s+(?:#\d+|(?=[\w-]*\d)(?=[\w-]*[A-Za-z_-])[\w-]+)(?![\w.])/;

let lexicon: Record<string, number> | null | undefined;

/**
 * Whether `lower` is an ordinary English word: in the starter list or in the wink-eng-lite-web-model
 * lexicon (~87k forms, loaded once on first use, ~120 ms). If the model cannot be loaded, only the starter
 * list counts, so more sentence-initial words are read as names.
 */
function isCommonWord(lower: string): boolean {
  if (STARTERS.has(lower)) return true;
  if (lexicon === undefined) {
    try {
      const model = createRequire(import.meta.url)("wink-eng-lite-web-model") as {
        core(): { features: { lexeme: { hash: Record<string, number> } } };
      };
      lexicon = model.core().features.lexeme.hash;
    } catch {
      lexicon = null;
    }
  }
  return lexicon !== null && Object.hasOwn(lexicon, lower);
}

/** True when the word at `pos` opens a sentence, a line, a bullet, a table cell or a clause after a colon. */
function isInitial(text: string, pos: number): boolean {
  let i = pos - 1;
  while (i >= 0 && /[\s"'“”‘’([{*_#>|•·\-–—]/.test(text[i] ?? "")) {
    if (text[i] === "\n" || text[i] === "|") return true;
    i--;
  }
  if (i < 0) return true;
  const c = text[i] ?? "";
  if (c === "." && HONORIFICS.has((/(\w+)$/.exec(text.slice(Math.max(0, i - 5), i))?.[1] ?? "").toLowerCase())) return false;
  return /[.!?:;]/.test(c);
}

interface Tok {
  text: string;
  start: number;
  end: number;
}

/**
 * Finds proper names and identifiers in `text`, in text order, without overlaps.
 *
 * Names (`type: "name"`): runs of capitalised words joined by single spaces ("Birchwood Supply Co", "Jane
 * Smith", "APAC", "FedEx", "OOMKilled"), with inner connectors (`of`, `de`, `van`, `&`...), a leading honorific
 * (`Dr.`, `Mr.`, `Ms.`, `Prof.`; in the span, not in the key) and a company abbreviation's period. A run that
 * opens a sentence, line, bullet or table cell loses leading starter words ("The", "This", "In"...); what is
 * left counts when it has two or more words, or when its single word is not in the English lexicon
 * ("Norland is a country" yes, "Revenue rose" no) or appears capitalised mid-sentence elsewhere in the text.
 * Month and weekday names, labels such as ERROR or USD, and all-capital runs of three or more words (shouting)
 * are not names.
 *
 * Identifiers (`type: "code"`): backticked text (span inside the backticks), URLs, emails, scoped packages
 * (`@jest/core`), versions (`18.0.10`, `v1.2.3`), semver ranges (`>=12`, `^3.2.0`), tokens with `_`, `/`,
 * `.` or `-` that are not English compounds (`body-parser`, `payments-staging`, `ledger-api-7d9f`, `A-5521`,
 * `BSD-2-Clause`), camelCase words, letter-digit codes (`H100`) and SPDX licence ids (`MIT`).
 *
 * Keys are {@link foldText}ed; name keys also lose honorifics and a trailing period. CJK text has no
 * capitalisation, so CJK runs yield no names: use {@link cjkTerms} to compare CJK passages instead.
 */
export function extractNames(text: string): NameMention[] {
  const { found: code, taken } = codeMentions(text);
  const inCode = (s: number, e: number) => taken.subarray(s, e).some((x) => x === 1);
  const toks: Tok[] = [];
  // Dotted initials are one word ("U.S. Army", "The A.V. Club", "J.R.R. Tolkien").
  for (const m of text.matchAll(/(?:\p{Lu}\.){2,}(?![\p{L}\p{N}])|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*|&/gu)) {
    if (inCode(m.index, m.index + m[0].length)) continue;
    // "a US-issued Visa card", "Berlin-based Norland Ltd": a name joined to a lower-case word is a modifier;
    // the name is its capitalised head, and the lower-case tail ends the run.
    const modifier = /^(\p{Lu}[\p{L}\p{M}\p{N}]*)-(\p{Ll}+)$/u.exec(m[0]);
    if (modifier) {
      const head = modifier[1]!;
      toks.push({ text: head, start: m.index, end: m.index + head.length });
      toks.push({ text: modifier[2]!, start: m.index + head.length + 1, end: m.index + m[0].length });
    } else toks.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  const isCap = (t: Tok) =>
    /^\p{Lu}/u.test(t.text) &&
    // "April's bill", "Today's range": a day, a month or a day word with its possessive is a time, no name.
    !CALENDAR.has(t.text.toLowerCase()) &&
    !CALENDAR_POSSESSIVE.test(t.text) &&
    !CAPS_STOP.has(t.text) &&
    !/^\p{Lu}$/u.test(t.text) &&
    !/^[QH][1-4]$/.test(t.text) &&
    !(TIME_ZONE.test(t.text) && CLOCK_BEFORE.test(text.slice(Math.max(0, t.start - 12), t.start)));
  const gapOk = (a: Tok, b: Tok) => /^[ \t]+$/.test(text.slice(a.end, b.start));
  /** Number of connectors (at most two: "de la") from `k` that are followed by a capitalised word, else 0. */
  const connected = (k: number): number => {
    for (let n = 1; n <= 2; n++) {
      const cur = toks[k + n - 1] as Tok;
      const nxt = toks[k + n];
      if (!nxt || !gapOk(cur, nxt)) return 0;
      if (isCap(nxt)) return n;
      if (!CONNECTORS.has(nxt.text)) return 0;
    }
    return 0;
  };
  const runs: Tok[][] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i] as Tok;
    const run: Tok[] = [];
    // "Dr. Smith" / "J. Smith": an honorific or an initial with its period opens the run.
    const opener = (HONORIFICS.has(t.text.toLowerCase()) && /^\p{Lu}/u.test(t.text)) || /^\p{Lu}$/u.test(t.text);
    const next = toks[i + 1];
    if (opener && next && isCap(next) && /^\.?[ \t]+$/.test(text.slice(t.end, next.start)) && (t.text.length > 1 || text[t.end] === ".")) {
      run.push(t);
      i++;
    } else if (!isCap(t)) {
      i++;
      continue;
    }
    run.push(toks[i] as Tok);
    i++;
    while (i < toks.length) {
      const a = run[run.length - 1] as Tok;
      const b = toks[i] as Tok;
      const c = toks[i + 1];
      if (HONORIFICS.has(b.text.toLowerCase())) break; // "Ask Prof. Ana": the honorific opens a new run
      if (isCap(b) && gapOk(a, b)) {
        run.push(b);
        i++;
      } else if (CONNECTORS.has(b.text) && gapOk(a, b) && connected(i)) {
        const n = connected(i);
        run.push(...toks.slice(i, i + n + 1));
        i += n + 1;
      } else if (/^\p{Lu}$/u.test(b.text) && c && isCap(c) && /^\.[ \t]+$/.test(text.slice(b.end, c.start)) && gapOk(a, b)) {
        run.push(b, c); // a middle initial: "Jane Q. Smith"
        i += 2;
      } else if (ROMAN.test(b.text) && gapOk(a, b) && (b.text === "I" ? ROMAN_I_AFTER : ROMAN_AFTER).test(text.slice(b.end))) {
        run.push(b); // an ordinal in the name: "Biology I", "Henry VIII", "World War II"
        i++;
        break;
      } else break;
    }
    runs.push(run);
  }
  const midSentence = new Set<string>();
  for (const run of runs) if (!isInitial(text, (run[0] as Tok).start)) for (const t of run) midSentence.add(t.text.toLowerCase());

  const names: NameMention[] = [];
  for (let run of runs) {
    if (run.length >= 3 && run.every((t) => t.text === t.text.toUpperCase())) continue; // shouting
    if (isInitial(text, (run[0] as Tok).start)) {
      let dropped = 0;
      while (run.length > 0 && STARTERS.has((run[0] as Tok).text.toLowerCase())) {
        run = run.slice(1);
        dropped++;
      }
      while (run.length > 0 && CONNECTORS.has((run[0] as Tok).text)) run = run.slice(1);
      if (run.length === 0) continue;
      const only = (run[0] as Tok).text.toLowerCase();
      if (dropped === 0 && run.length === 1 && isCommonWord(only) && !midSentence.has(only)) continue;
      // A word that opens the sentence before an id names the id's kind ("Payout po_3003", "Ticket OPS-12").
      const after = (run[0] as Tok).start + (run[0] as Tok).text.length;
      if (dropped === 0 && run.length === 1 && /^\p{Lu}\p{Ll}+$/u.test((run[0] as Tok).text) && ID_AFTER.test(text.slice(after, after + 40))) continue;
    }
    // "The" opens titles anywhere ("read "The Economist""): the name is what follows it.
    if (run.length > 1 && run[0]!.text === "The") run = run.slice(1);
    else if (run.length === 1 && run[0]!.text === "The") continue;
    const first = run[0] as Tok;
    const last = run[run.length - 1] as Tok;
    // "Pepper's fee", "Acme’s plan": the possessive ending is no part of the name, which a tool writes bare.
    const possessive = POSSESSIVE.test(last.text) && last.text.length > 3;
    let end = possessive ? last.end - 2 : last.end;
    if (text[end] === "." && DOTTED_SUFFIXES.has(last.text.toLowerCase())) end++;
    const surface = text.slice(first.start, end);
    const words = run.filter((t, k) => !(k === 0 && run.length > 1 && HONORIFICS.has(t.text.toLowerCase())));
    const key = foldText(text.slice((words[0] as Tok).start, end)).replace(/\.$/, "");
    names.push({ text: surface, span: [first.start, end], key, type: "name", ...(possessive ? { possessive } : {}) });
  }
  return [...code, ...names].sort((a, b) => a.span[0] - b.span[0]);
}

/** A word's possessive ending: "Pepper's", "Acme’s". */
const POSSESSIVE = /['’]s$/i;

/** Name tokens as compared: folded words, `&` read as "and", company suffixes in canonical form. */
/** A word of three or more capitalised parts ("AwsSecretsManager", "GoogleCloudRun"). */
const CAMEL_WORD = /(?<![\p{L}\p{N}])(?:\p{Lu}\p{Ll}+){3,}(?![\p{L}\p{N}])/gu;

function nameTokens(folded: string): string[] {
  const out: string[] = [];
  for (const m of folded.matchAll(/[\p{L}\p{N}]+|&/gu)) out.push(m[0] === "&" ? "and" : (SUFFIX_CANON[m[0]] ?? m[0]));
  return out;
}

const IDENT = /[\p{L}\p{N}_]/u;

/** A passage prepared for many name look-ups; see {@link prepareNameIndex}. */
export interface NameIndex {
  /** Whether `name` occurs in the passage, allowing the aliases described on {@link prepareNameIndex}. */
  has(name: NameMention): boolean;
}

/**
 * Prepares an evidence passage for name look-ups: folds it once and indexes its word positions, so each
 * {@link NameIndex.has} costs a few map look-ups.
 *
 * Code identifiers match case-insensitively as whole tokens: "18.0.1" is not found inside "18.0.10" nor
 * "dotenv" inside "dotenv-expand"; `v1.2.3` and `1.2.3` find each other. Names match on folded words
 * ("José García" finds "Jose Garcia") with aliases: a one-word name (or honorific + surname, "Dr. Smith")
 * finds any occurrence of that word ("Jane Smith"); a longer name must end on the same surname and agree on
 * the given name, where an initial agrees with a full name ("J. Smith" ~ "Jane Smith") and middle initials or
 * middle names may be missing on either side, or be written surname first ("Smith, Jane"); "John Smith" does
 * not find "Jane Smith". Company suffixes (Co/Company, Inc, Ltd...) are optional but must agree when both
 * sides state one ("Birchwood Supply Co" finds "Birchwood Supply Co." and "Birchwood Supply Company").
 */
export function prepareNameIndex(evidenceText: string): NameIndex {
  const folded = foldText(evidenceText);
  const tokens = nameTokens(folded);
  const positions = new Map<string, number[]>();
  tokens.forEach((t, k) => {
    const list = positions.get(t);
    if (list) list.push(k);
    else positions.set(t, [k]);
  });
  // A camel-case word names what its last words name ("AwsSecretsManager" holds "SecretsManager"): each tail of
  // two or more of its capitalised parts is found where the whole word is.
  if (/\p{Ll}\p{Lu}/u.test(evidenceText))
    for (const m of evidenceText.matchAll(CAMEL_WORD)) {
      const parts = m[0].match(/\p{Lu}\p{Ll}+/gu) ?? [];
      const at = positions.get(foldText(m[0]));
      if (!at) continue;
      for (let i = 1; i + 2 <= parts.length; i++) {
        const tail = foldText(parts.slice(i).join(""));
        const list = positions.get(tail) ?? [];
        positions.set(tail, [...list, ...at.filter((k) => !list.includes(k))]);
      }
    }
  // A word before the last may be an initial ("J. Smith") or a clipped form of at least three letters ("Univ
  // Library" for "University Library"): the last word is always matched whole.
  const same = (claim: string, ev: string | undefined) =>
    ev !== undefined &&
    (claim === ev ||
      (claim.length === 1 && ev.startsWith(claim)) ||
      (ev.length === 1 && claim.startsWith(ev)) ||
      (claim.length >= 3 && ev.length >= claim.length + 3 && /^\p{L}+$/u.test(claim) && ev.startsWith(claim)) ||
      contracts(claim, ev) ||
      contracts(ev, claim));
  // The last word written whole or as a contraction ("Intl" for "International").
  const positionsOf = (word: string): number[] => {
    const exact = positions.get(word);
    if (exact || word.length < 3) return exact ?? [];
    const out: number[] = [];
    for (const [t, at] of positions) if (contracts(t, word) || contracts(word, t)) out.push(...at);
    return out;
  };

  const hasCode = (key: string): boolean => {
    const version = /^v\d/.test(key) ? key.slice(1) : key;
    for (let at = folded.indexOf(version); at >= 0; at = folded.indexOf(version, at + 1)) {
      let before = at - 1;
      if (version !== key || /^\d/.test(version)) if (folded[before] === "v") before--; // v1.2.3 ~ 1.2.3
      const b = folded[before] ?? "";
      const a = folded[at + version.length] ?? "";
      const a2 = folded[at + version.length + 1] ?? "";
      const bOk = !IDENT.test(b) && !(/[-.]/.test(b) && IDENT.test(folded[before - 1] ?? ""));
      // A host's short name is found in its full one ("ip-10-0-13-7" in "ip-10-0-13-7.ec2.internal").
      const domain = a === "." && /\p{L}/u.test(key) && /^\p{L}/u.test(a2);
      const aOk = !IDENT.test(a) && (!(/[-.]/.test(a) && IDENT.test(a2)) || domain);
      if (bOk && aOk) return true;
    }
    return false;
  };

  const hasName = (key: string): boolean => {
    const all = nameTokens(key);
    let core = all;
    while (core.length > 1 && SUFFIXES.has(core[core.length - 1] ?? "")) core = core.slice(0, -1);
    const suffix = core.length < all.length ? all[core.length] : undefined;
    const surname = core[core.length - 1];
    if (surname === undefined) return false;
    for (const pos of positionsOf(surname)) {
      const after = tokens[pos + 1];
      if (suffix && after && SUFFIXES.has(after) && after !== suffix) continue;
      if (core.length === 1) return true;
      // Walk back from the surname: evidence middle initials and claim middle names may be skipped.
      let i = core.length - 2;
      let j = pos - 1;
      let skipped = 0;
      while (i >= 0) {
        if (same(core[i] ?? "", tokens[j])) {
          i--;
          j--;
        } else if (j >= 0 && (tokens[j]?.length ?? 0) === 1 && skipped < 2) {
          j--;
          skipped++;
        } else if (i > 0) i--;
        else break;
      }
      if (i < 0) return true;
      if (core.length === 2 && same(core[0] ?? "", tokens[pos + 1])) return true; // "Smith, Jane"
    }
    return false;
  };

  /** A one-word name found as its country or demonym ("Libyan" ~ "Libya", "Canada" ~ "Canadian"). */
  const hasDemonym = (key: string): boolean => {
    if (!/^\p{L}{5,}$/u.test(key)) return false;
    for (const t of positions.keys()) if (demonymPair(key, t)) return true;
    return false;
  };

  /** "Emilee Lindner of MTV": a person (two words or more) "of" an organisation, each found on its own. */
  const hasParts = (key: string): boolean => {
    const m = /^(\S+(?: \S+)+?) of (\S.*)$/.exec(key);
    return m !== null && !/ of /.test(m[1]!) && hasName(m[1]!) && hasName(m[2]!);
  };

  /** Acronyms the evidence spells out ("United Kingdom" for "UK") and those it writes ("UK"), built on first use. */
  let spelled: Set<string> | null = null;
  let written: Set<string> | null = null;
  const hasAcronym = (surface: string): boolean => {
    const bare = surface.replace(/\./g, "");
    if (/^\p{Lu}{2,6}$/u.test(bare)) {
      spelled ??= spelledAcronyms(evidenceText);
      return spelled.has(bare);
    }
    const initials = acronymOf(surface);
    if (initials === null) return false;
    written ??= new Set(evidenceText.match(/\b\p{Lu}{2,6}\b/gu) ?? []);
    return written.has(initials);
  };

  /** "S3" for "Simple Storage Service", "EC2" for "Elastic Compute Cloud": the last initial counted by the digit. */
  const hasCountedAcronym = (surface: string): boolean => {
    const m = /^(\p{Lu}*)(\p{Lu})([2-4])$/u.exec(surface);
    if (!m) return false;
    spelled ??= spelledAcronyms(evidenceText);
    return spelled.has(m[1]! + m[2]!.repeat(Number(m[3])));
  };

  /** Names the evidence writes as ISO codes ("DE" for Germany, "MXN" for the Mexican peso), built on first use. */
  let coded: Set<string> | null = null;
  const hasCodedName = (key: string): boolean => {
    coded ??= codedNames(evidenceText);
    return coded.size > 0 && (coded.has(key) || demonymForms(key).some((form) => coded!.has(form)));
  };

  const look = (name: NameMention): boolean =>
    name.type === "code"
      ? hasCode(name.key) || hasCountedAcronym(name.text)
      : hasName(name.key) || hasParts(name.key) || hasDemonym(name.key) || hasAcronym(name.text) || hasCountedAcronym(name.text) || hasCodedName(name.key);
  // A long draft names the same few entities claim after claim: each distinct name is looked up once.
  const answers = new Map<string, boolean>();
  return {
    has: (name) => {
      const key = `${name.type}\u0000${name.key}\u0000${name.text}`;
      let answer = answers.get(key);
      if (answer === undefined) answers.set(key, (answer = look(name)));
      return answer;
    },
  };
}

const ACRONYM_GLUE = new Set(["of", "and", "the", "for", "&"]);

/** The initials of a name of two capitalised words or more ("United States" -> "US"), else null. */
export function acronymOf(surface: string): string | null {
  const words = surface.split(/\s+/).filter((w) => !ACRONYM_GLUE.has(w.toLowerCase()));
  if (words.length < 2 || words.length > 6 || !words.every((w) => /^\p{Lu}\p{Ll}/u.test(w))) return null;
  return words.map((w) => w[0]).join("");
}

/** The initials of every run of two or more capitalised words in a text, and of each of its sub-runs. */
export function spelledAcronyms(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+(?:(?:of|and|the|for|&)\s+)*\p{Lu}\p{Ll}[\p{L}'’-]*)+/gu)) {
    const initials = m[0]
      .split(/\s+/)
      .filter((w) => !ACRONYM_GLUE.has(w.toLowerCase()))
      .map((w) => w[0]!);
    for (let i = 0; i < initials.length; i++) for (let j = i + 2; j <= Math.min(initials.length, i + 6); j++) out.add(initials.slice(i, j).join(""));
  }
  return out;
}

/** Words that may be a word's country or demonym (candidates for {@link demonymPair}): "libyan" -> "libya", ... */
export function demonymForms(word: string): string[] {
  const out = new Set<string>();
  const ends = ["n", "an", "ian", "ese", "i", "ish", "y"];
  for (const cut of [0, 1]) for (const e of ends) out.add(word.slice(0, word.length - cut) + e);
  for (const e of ends) if (word.endsWith(e)) for (const add of ["", "a", "y"]) out.add(word.slice(0, -e.length) + add);
  return [...out].filter((f) => demonymPair(word, f));
}

/** Whether one word is the other's demonym or country ("libya"/"libyan", "japan"/"japanese", "germany"/"german"). */
export function demonymPair(a: string, b: string): boolean {
  if (a === b) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (s.length < 5) return false;
  for (const cut of [0, 1]) {
    const base = s.slice(0, s.length - cut);
    if (l.startsWith(base) && /^(?:an|ian|n|ese|i|ish|y)$/.test(l.slice(base.length))) return true;
  }
  return false;
}

/**
 * Whether `short` is a contraction of `word`: its first and last letters, and letters of it in order between
 * them, with at most one vowel after the first letter ("intl" of "international", "blvd" of "boulevard",
 * "dept" of "department", "mgmt" of "management").
 */
export function contracts(short: string, word: string): boolean {
  if (short.length < 3 || short.length > 5 || word.length < short.length + 3 || !/^\p{L}+$/u.test(short) || !/^\p{L}+$/u.test(word)) return false;
  if (short[0] !== word[0] || short.at(-1) !== word.at(-1) || (short.slice(1).match(/[aeiou]/g)?.length ?? 0) > 1) return false;
  let at = 1;
  for (const c of short.slice(1, -1)) {
    at = word.indexOf(c, at);
    if (at < 0 || at >= word.length - 1) return false;
    at++;
  }
  return true;
}

/** Texts most recently prepared by {@link nameOccursIn}, most recent last. */
const prepared = new Map<string, NameIndex>();
/** Enough for the rows and passages of the claims in flight; each entry is about the size of its text. */
const PREPARED_MAX = 256;
/** Longer texts are prepared on each call, so the cache stays small (a few MB at most). */
const PREPARED_MAX_CHARS = 16_384;

/**
 * Whether `name` occurs in `evidenceText`; for many names against one passage use {@link prepareNameIndex}.
 * The last few hundred texts stay prepared: a long draft asks about the same evidence rows for claim after
 * claim, and preparing a row costs far more than a look-up.
 */
export function nameOccursIn(name: NameMention, evidenceText: string): boolean {
  if (evidenceText.length > PREPARED_MAX_CHARS) return prepareNameIndex(evidenceText).has(name);
  let index = prepared.get(evidenceText);
  if (index) prepared.delete(evidenceText);
  else {
    index = prepareNameIndex(evidenceText);
    if (prepared.size >= PREPARED_MAX) prepared.delete(prepared.keys().next().value!);
  }
  prepared.set(evidenceText, index);
  return index.has(name);
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/**
 * Character bigrams of the CJK runs in `text` (Han, Hiragana, Katakana, Hangul), in order and with repeats;
 * a one-character run gives that character. CJK text carries no capitalisation or spaces, so names cannot be
 * delimited there; callers compare claim and evidence bigram sets (overlap) instead.
 */
export function cjkTerms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CJK_RUN)) {
    const chars = Array.from(m[0]);
    if (chars.length === 1) out.push(chars[0] as string);
    for (let k = 0; k + 1 < chars.length; k++) out.push((chars[k] as string) + (chars[k + 1] as string));
  }
  return out;
}

/**
 * Whether a quantity is a capitalised number word inside a name ("the Half Dozen Oysters", "Ocean's
 * Eleven"): part of the name, not a count. One that opens the name is a count ("Two Uber rides"), unless
 * "the" comes before it ("the Three Cheese Toast") or the name is the whole of `text` (a field's value:
 * `name: Half Dozen Oysters`).
 */
export function numberWordInName(q: Quantity, names: readonly NameMention[], text: string): boolean {
  if (q.word !== true || !/^\p{Lu}/u.test(q.text)) return false;
  const whole = (n: NameMention) => n.span[0] === text.length - text.trimStart().length && n.span[1] === text.trimEnd().length;
  const opensName = (n: NameMention) => whole(n) || /\bthe\s+$/i.test(text.slice(Math.max(0, n.span[0] - 8), n.span[0]));
  return names.some((n) => n.type === "name" && (n.span[0] < q.span[0] || opensName(n)) && n.span[0] <= q.span[0] && q.span[1] <= n.span[1]);
}
