/**
 * Absence claims: a claim that there is none of something ("There are no active warnings for Boulder", "it
 * has no auto-merge set", "nobody owns it yet", "None of them has an assignee", "Nothing in Cycle 12 is
 * blocked", "deploy.yml has never run on release/2.4") against an empty value of the attribute it names
 * (DESIGN.md, "Typed facts": `labels: []` is a categorical value of its attribute):
 *
 * - **An empty field**: `null`, `[]`, `{}`, or `0` under a count key, whose key names what the claim says is
 *   absent (`auto_merge: null`, `assignee: null`).
 * - **An empty result**: a tool output that lists nothing (`{"total_count": 0, "workflow_runs": []}`), read
 *   with the call's arguments and the output's own title, which say what was looked for
 *   (`listWorkflowRuns(branch="release/2.4")`, `state: {name: {eq: "Blocked"}}`).
 *
 * Precision first: every word of what the claim says is absent must name the field (or the empty result's
 * call); the field must be the claim's entity's (an array element only when the claim's sentence names it,
 * unless every element's field is empty); every figure of the claim must be in the record. Otherwise nothing
 * is decided. An absence is only ever supported here: a field that holds something is left to the other
 * checks, which read what it holds.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { wordAt } from "./category-values.js";
import { ID_KEY } from "./id-keys.js";
import { featuresOf } from "./lexical-features.js";

/** What a claim says there is none of, and the rest of the claim. */
export interface AbsenceFrame {
  /** Stems of what is absent ("auto-merge", "assignee", "blocked", "run"). */
  what: Set<string>;
  /** Whether the claim quantifies over a group ("None of them has ..."): every element's field must be empty. */
  quantified: boolean;
}

/** An absence the evidence shows. */
export interface AbsenceCheck {
  /**
   * `none`: the evidence shows the absence. `held`: the element the claim names holds what it says is
   * absent: the claim is not supported (never contradicted here: the naming is read from words).
   */
  outcome: "none" | "held";
  quote: EvidenceQuote;
  note: string;
}

/** Stems of words, with key spellings split (`auto_merge`, `workflowRuns`, `release/2.4`). */
function wordStems(text: string): Set<string> {
  return featuresOf(
    text
      .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
      .replace(/[_\-./=(){}[\]"':,]+/g, " ")
      .toLowerCase(),
  ).stems;
}

/**
 * The tool call a record came from, as words: its source and, when an adapter recorded them apart, its
 * arguments (`orders_list` with `{status: "processing"}`).
 */
function callOf(record: { source: string; args?: unknown }): string {
  if (record.args === undefined || record.args === null) return record.source;
  let args: string;
  try {
    args = typeof record.args === "string" ? record.args : JSON.stringify(record.args);
  } catch {
    args = "";
  }
  return `${record.source} ${args.slice(0, 2000)}`;
}

/** Words a claim's absent thing may be named by in a field: "owns" reads `assignee`, "owner" reads `assigned_to`. */
const SYNONYMS: ReadonlyArray<ReadonlySet<string>> = [new Set(["own", "owner", "assign", "assigne", "assigned"])];

/** "no more than 3", "no longer", "no later than": bounds and changes, not absence. */
const NOT_ABSENCE = /\bno\s+(?:more|less|fewer|longer|later|earlier|sooner|greater|higher|lower|bigger|smaller|matter|doubt|problem|worries)\b/i;

/** A clause after the absence that states something else. */
const SECOND_CLAUSE = /[,;]\s*(?:which|who|whose|where|while|but|although|though|and|so)\b|\s(?:because|since)\s/i;

/** Frames, each capturing what is absent; `q` marks a quantified one. */
const FRAMES: ReadonlyArray<{ re: RegExp; q?: boolean }> = [
  { re: /\b(?:nobody|no one|no-one)\s+(?:is\s+|has\s+been\s+|has\s+|was\s+)?([a-z]+)\b/i },
  { re: /\bnone of (?:them|these|those|the [a-z]+(?: [a-z]+)?)\s+(?:has|have|had|is|are|was|were)\s+(?:got\s+)?(?:an?\s+|any\s+)?([a-z][\w-]*)/i, q: true },
  { re: /\bnothing\s+(?:in|on|for|from|at|under)\s+.+?\s+(?:is|was|are|were|has been)\s+(?:currently\s+|still\s+|yet\s+)?([a-z][\w-]*)/i },
  { re: /\b(?:has|have|had)\s+never\s+(?:been\s+)?([a-z][\w-]*)/i },
  { re: /\b(?:is|are|was|were)\s+(?:still\s+|currently\s+|yet\s+)?un([a-z]{3,}ed)\b/i },
  {
    re: /\b(?:there (?:is|are|was|were) no|(?:has|have|had|with) no|no)\s+(.+?)(?=\s+(?:set|for|on|in|at|from|to|with|yet|right|now|today|so|but|which|that|because|since|and (?:the|it|there|nothing|no))\b|[.;:!?)]|$)/i,
  },
];

/** What the claim says is absent, or null when it says no such thing. */
export function absenceFrame(text: string): AbsenceFrame | null {
  if (NOT_ABSENCE.test(text) || /^\W*no\s*[,.!]/i.test(text)) return null;
  for (const { re, q } of FRAMES) {
    const m = re.exec(text);
    if (!m) continue;
    // "..., which was only cut yesterday": a second statement rides on the absence, and is not checked here.
    if (SECOND_CLAUSE.test(text.slice(m.index + m[0].length))) return null;
    const what = wordStems(m[1]!);
    if (what.size === 0 || what.size > 5) return null;
    return { what, quantified: q === true };
  }
  return null;
}

/** Array keys whose name says "the list", not what it lists: their parent names the attribute. */
const GENERIC_LIST = new Set(["node", "item", "edg", "result", "data", "list", "entri", "record", "valu", "hit", "row", "element", "content"]);
/** Keys of a count: `0` there is an absence (`total_count: 0`, `count: 0`). */
const COUNT_KEY = /(?:^|[._])(?:total_?count|totalCount|count|total|size|length)$/;
const EMPTY_VALUE = /^(?:null|\[\]|\{\})$/;
/** Keys whose value names an array element in words ("QA on staging"); codes are `ID_KEY`'s ("ENG-490"). */
const NAME_KEY = /^(?:name|title|summary|login|[a-z][a-z0-9]*_name|[a-z][a-zA-Z0-9]*Name)$/;

/** One `path: value` line of a flattened JSON record. */
interface Line {
  path: string;
  value: string;
  span: [number, number];
  text: string;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    const m = /^([^\s:][^:\n]*?): (.*)$/.exec(line);
    if (m) out.push({ path: m[1]!, value: m[2]!.trim(), span: [at, at + line.length], text: line });
    at += line.length + 1;
  }
  return out;
}

/** An empty value of a record, with the stems that name it. */
interface EmptyField {
  evidenceId: string;
  source: string;
  line: Line;
  /** The array element it belongs to (`data[2]`), or "" at the top level. */
  row: string;
  /** The path below the row (`assignee`), to find the same field in the other elements. */
  suffix: string;
  names: Set<string>;
}

function segments(path: string): string[] {
  return path.split(/[.[\]]+/).filter((p) => p !== "" && !/^\d+$/.test(p));
}

function emptyFields(ledger: EvidenceLedger): EmptyField[] {
  return ledger.memo("absence-fields", `records:${ledger.records.length}`, () => {
    const out: EmptyField[] = [];
    for (const record of ledger.records) {
      if (record.format !== "json") continue;
      const lines = linesOf(record.text);
      // A result that lists nothing: no array element anywhere, and an empty list. The call and the
      // output's own words (a title) say what was looked for.
      const emptyResult = !lines.some((l) => /\[\d+\]/.test(l.path)) && lines.some((l) => l.value === "[]");
      const resultNames = emptyResult ? wordStems(`${callOf(record)} ${lines.map((l) => (/^[\p{L}]/u.test(l.value) ? l.value : "")).join(" ")}`) : null;
      for (const line of lines) {
        const count = COUNT_KEY.test(line.path) && line.value === "0";
        if (!EMPTY_VALUE.test(line.value) && !count) continue;
        const row = /^(.*\[\d+\])\./.exec(line.path)?.[1] ?? "";
        const segs = segments(line.path.slice(row.length));
        const last = wordStems(segs.at(-1) ?? "");
        const names = new Set([...last].filter((s) => !GENERIC_LIST.has(s)));
        if (names.size === 0 || count) for (const s of wordStems(segs.at(-2) ?? "")) names.add(s);
        if (resultNames && (line.value === "[]" || count)) for (const s of resultNames) names.add(s);
        out.push({ evidenceId: record.id, source: record.source, line, row, suffix: line.path.slice(row.length).replace(/^\./, ""), names });
      }
    }
    return out;
  });
}

/** Whether a stem names one of `names`: equal, a 4+-letter prefix of it, or a synonym. */
function meets(stem: string, names: Set<string>): boolean {
  if (names.has(stem)) return true;
  for (const n of names) {
    const [a, b] = stem.length <= n.length ? [stem, n] : [n, stem];
    if (a.length >= 4 && b.startsWith(a)) return true;
  }
  return SYNONYMS.some((group) => group.has(stem) && [...names].some((n) => group.has(n)));
}

/** The identity values of an array element (its name, title, key), lower case. */
function elementIds(lines: Line[], row: string): string[] {
  const prefix = `${row}.`;
  return lines
    .filter((l) => l.path.startsWith(prefix) && (ID_KEY.test(l.path.slice(prefix.length)) || NAME_KEY.test(l.path.slice(prefix.length))))
    .map((l) => l.value.toLowerCase())
    .filter((v) => v.length >= 2 && v !== "null");
}

/** Whether a record's text holds `path` with something in it (a value, members or elements). */
function holdsPath(text: string, path: string): boolean {
  for (const line of text.split("\n")) {
    if (line.startsWith(`${path}.`) || line.startsWith(`${path}[`)) return true;
    if (line.startsWith(`${path}: `) && !EMPTY_VALUE.test(line.slice(path.length + 2).trim()) && line.slice(path.length + 2).trim() !== "0") return true;
  }
  return false;
}

/** The words of a sentence that can tell one record from another: with a digit, a capital, or a dot or slash inside. */
function distinctive(sentence: string): string[] {
  return (sentence.match(/[\p{L}\p{N}][\p{L}\p{N}._/-]*[\p{L}\p{N}]/gu) ?? [])
    .filter((w) => /\d|[./]/.test(w) || /\p{Lu}/u.test(w))
    .map((w) => w.toLowerCase());
}

/**
 * Checks an absence claim against the evidence's empty values.
 * @param text the claim text.
 * @param sentence the claim's sentence in the draft up to the claim's end: it names the entity a pronoun
 *   ("nobody owns it") stands for.
 * @returns the empty field that shows the absence, or null when the claim states none or nothing settles it.
 */
export function checkAbsence(text: string, sentence: string, ledger: EvidenceLedger): AbsenceCheck | null {
  const frame = absenceFrame(text);
  if (!frame) return null;
  const named = emptyFields(ledger).filter((f) => [...frame.what].every((s) => meets(s, f.names)));
  if (named.length === 0) return null;
  const lower = sentence.toLowerCase();
  const marks = distinctive(sentence);
  const figures = text.match(/\d+(?:[.,]\d+)*/g) ?? [];
  const chosen: EmptyField[] = [];
  for (const f of named) {
    const record = ledger.get(f.evidenceId);
    if (!record) continue;
    const haystack = `${callOf(record)}\n${record.text}`;
    if (!figures.every((n) => haystack.includes(n))) continue;
    if (f.row === "") {
      // Another record holds the field: the claim's sentence must name something of this record's that the
      // others lack ("release/2.4" in the call's arguments).
      const others = ledger.records.filter((r) => r.id !== f.evidenceId && r.format === "json" && holdsPath(r.text, f.line.path));
      if (
        others.length === 0 ||
        marks.some((w) => haystack.toLowerCase().includes(w) && others.every((o) => !`${callOf(o)}\n${o.text}`.toLowerCase().includes(w)))
      )
        chosen.push(f);
      continue;
    }
    // An element's field: the same field of the other elements of its array.
    const lines = linesOf(record.text);
    const array = f.row.replace(/\[\d+\]$/, "");
    const rows = new Set(
      lines.flatMap((l) => (l.path.startsWith(`${array}[`) ? [/^(.*?\[\d+\])/.exec(l.path.slice(array.length))![0]] : [])).map((r) => array + r),
    );
    const held = (row: string) =>
      lines.filter((l) => l.path === `${row}.${f.suffix}` || l.path.startsWith(`${row}.${f.suffix}.`) || l.path.startsWith(`${row}.${f.suffix}[`));
    // An element whose field holds members or elements (`[1].complaints[0].type: noise`) holds something.
    const allEmpty = [...rows].every((r) => held(r).every((l) => l.path === `${r}.${f.suffix}` && EMPTY_VALUE.test(l.value)));
    if (allEmpty && (frame.quantified || rows.size === 1)) {
      chosen.push(f);
      continue;
    }
    if (frame.quantified) return null;
    // Else the claim's sentence must name this element, and no other element whose field holds something.
    const namedRows = [...rows].filter((r) => elementIds(lines, r).some((id) => wordAt(lower, id) >= 0));
    if (namedRows.length === 1 && namedRows[0] === f.row) chosen.push(f);
    else if (namedRows.includes(f.row)) return null;
    else if (namedRows.length === 1) {
      // The element the sentence names holds what the claim says is absent ("no complaints for unit 7A"
      // while 7A's complaints list one): another element's empty field is no support.
      const line = held(namedRows[0]!)[0];
      if (line)
        return {
          outcome: "held",
          quote: { evidenceId: f.evidenceId, source: f.source, text: line.text, span: line.span },
          note: `${line.path}: ${line.value}: the element the claim names holds it`,
        };
    }
  }
  if (chosen.length === 0) return null;
  const f = chosen[0]!;
  return {
    outcome: "none",
    quote: { evidenceId: f.evidenceId, source: f.source, text: f.line.text, span: f.line.span },
    note: `${f.line.path}: ${f.line.value} shows none, as the claim says`,
  };
}

/** A plural noun: a regular one in -s, or one of the common irregular plurals. */
const PLURAL_NOUN = /\p{L}s$|^(?:people|children|men|women|feet|teeth|mice|geese|data|media|criteria|staff|personnel|cattle|sheep|fish)$/iu;

/** A count a claim states of what an empty result lists: the figure's span in the claim text and the empty value. */
export interface EmptyCount {
  span: [number, number];
  quote: EvidenceQuote;
  note: string;
}

/**
 * A count the claim states ("2 orders waiting to be processed") of what a tool call that filtered on it
 * returned nothing for (`orders.list(status="processing")`: `[]`): the count is 0. The counted noun and at
 * least one other word of its phrase must name the empty result's call or title, and no other record may
 * hold what the phrase names; otherwise nothing is decided.
 * @param figure the count's text and span in the claim (a whole number above 0).
 */
export function checkEmptyCount(text: string, figure: { value: number; span: [number, number] }, ledger: EvidenceLedger): EmptyCount | null {
  if (!Number.isInteger(figure.value) || figure.value <= 0) return null;
  const phrase = /^\s+((?:[\p{L}-]+\s+){0,5}[\p{L}-]+)/u.exec(text.slice(figure.span[1]))?.[1];
  if (!phrase) return null;
  const words = phrase.split(/\s+/);
  // A count above one takes a plural noun ("2 orders"); "2023 joint return" is a year, no count.
  if (figure.value > 1 && !PLURAL_NOUN.test(words[0]!)) return null;
  const noun = wordStems(words[0]!);
  const stems = wordStems(phrase);
  if (noun.size !== 1 || stems.size < 2) return null;
  const [head] = [...noun];
  const results = emptyFields(ledger).filter((f) => f.row === "" && f.line.value === "[]" && meets(head!, f.names));
  const naming = results.filter((f) => [...stems].filter((s) => meets(s, f.names)).length >= 2);
  if (naming.length !== 1) return null;
  const f = naming[0]!;
  // Another record whose call names the same filter, and holds something, leaves it open.
  const words2 = [...stems].filter((s) => meets(s, f.names));
  const rivals = ledger.records.filter((r) => r.id !== f.evidenceId && words2.every((s) => meets(s, wordStems(callOf(r)))));
  if (rivals.length > 0) return null;
  return {
    span: figure.span,
    quote: { evidenceId: f.evidenceId, source: f.source, text: f.line.text, span: f.line.span },
    note: `${f.source} returned ${f.line.path}: [] for what the claim counts`,
  };
}
