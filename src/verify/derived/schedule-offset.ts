/**
 * How early or late something happened against its schedule ("pushed back three minutes early", "arrived
 * 12 minutes behind schedule", "a quarter of an hour ahead of schedule"): the time between the scheduled
 * and the actual timestamp of one record element (`departure.scheduledTimeUtc` and
 * `departure.actualTimeUtc`, the same field name after "scheduled"/"actual").
 */
import type { Quantity } from "../../quantity/types.js";
import type { EvidenceFact } from "../evidence-facts.js";
import { agreesWith, computedFact } from "./arithmetic.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** Words after a duration that say it is an offset from a schedule, and its sign (+1 late, -1 early). */
const OFFSET_AFTER = /^\s*(?:(early|ahead of (?:schedule|time)|before (?:schedule|time))|(late|behind(?: schedule)?|after (?:schedule|time)|overdue))\b/i;
/** Words before a duration that say the same ("delayed by 37 minutes", "late by 5 min"). */
const OFFSET_BEFORE = /\b(?:(early by|ahead by)|(delayed by|late by|a delay of|behind by))\s*(?:about|around|roughly|some|nearly|almost|just)?\s*$/i;

/** Which event of a record the claim's words name: departure or arrival. */
const EVENTS: Array<[string, RegExp, RegExp]> = [
  ["departure", /\b(?:push(?:ed|es)? back|depart\w*|took off|take-?off|left|leaves?|leaving)\b/i, /depart/i],
  ["arrival", /\b(?:land(?:ed|s|ing)?|arriv\w*|touch(?:ed|es)? down|got in|gets in)\b/i, /arriv/i],
];

/** "a quarter of an hour", "half an hour": a fraction the parser reads as a bare number. */
const OF_AN_HOUR = /^\s*(?:of\s+)?an?\s+hour\b/i;

/** The figure as a duration in ms with the sign its words give, or null when it is no schedule offset. */
export function offsetOf(figure: Quantity, before: string, after: string): { ms: number; sign: 1 | -1; spelledFraction: boolean } | null {
  let ms: number | null = null;
  let rest = after;
  let spelledFraction = false;
  if (figure.kind === "measure" && figure.dimension === "time") ms = figure.value;
  else if (figure.kind === "number" && figure.value > 0 && figure.value < 1 && OF_AN_HOUR.test(after)) {
    ms = figure.value * 3_600_000;
    rest = after.replace(OF_AN_HOUR, "");
    spelledFraction = true;
  }
  if (ms === null) return null;
  const a = OFFSET_AFTER.exec(rest);
  if (a) return { ms, sign: a[1] ? -1 : 1, spelledFraction };
  const b = OFFSET_BEFORE.exec(before);
  if (b) return { ms, sign: b[1] ? -1 : 1, spelledFraction };
  return null;
}

const PAIR_FIELD = /^(.*?)(scheduled|actual)([^.[\]]*)$/i;

interface Pair {
  row: string;
  event: string;
  diff: number;
  actual: EvidenceFact;
}

/** Scheduled/actual pairs of timestamps: same element, same path before the field, same field suffix. */
function pairs(dates: readonly EvidenceFact[]): Pair[] {
  const groups = new Map<string, { scheduled?: EvidenceFact; actual?: EvidenceFact }>();
  for (const f of dates) {
    if (f.value.type !== "date" || !f.value.d.instant || !f.structured) continue;
    const colon = f.quote.text.indexOf(": ");
    if (colon <= 0) continue;
    const path = f.quote.text.slice(0, colon);
    const m = PAIR_FIELD.exec(path);
    if (!m) continue;
    const key = `${f.chunk.evidenceId} ${m[1]} ${m[3]!.toLowerCase().replace(/^[-_]/, "")}`;
    const g = groups.get(key) ?? {};
    if (m[2]!.toLowerCase() === "scheduled") g.scheduled = f;
    else g.actual = f;
    groups.set(key, g);
  }
  const out: Pair[] = [];
  for (const [key, g] of groups) {
    if (!g.scheduled || !g.actual) continue;
    const ms = (f: EvidenceFact) => Date.parse((f.value as { d: { instant: string } }).d.instant);
    out.push({ row: g.actual.rowId ?? g.actual.chunk.evidenceId, event: key, diff: ms(g.actual) - ms(g.scheduled), actual: g.actual });
  }
  return out;
}

/**
 * The one element that the claim's identifying tokens (a word with a digit or a capital: "1164", "KL")
 * pick: each token found in exactly one element's text counts for it ("Helsinki", in both flights, counts
 * for none). Null unless exactly one element gets a token.
 */
export function identifiedRow(texts: ReadonlyMap<string, string>, words: string): string | null {
  const tokens = new Set((words.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []).filter((t) => t.length >= 2 && /\p{N}|^\p{Lu}/u.test(t)));
  const picked = new Set<string>();
  for (const t of tokens) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu");
    const hits = [...texts].filter(([, text]) => re.test(text));
    if (hits.length === 1) picked.add(hits[0]![0]);
  }
  return picked.size === 1 ? [...picked][0]! : null;
}

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, text, span } = input;
  const offset = offsetOf(figure, text.slice(0, span[0]), text.slice(span[1]));
  if (!offset) return null;
  let found = pairs(input.dates);
  // One element is the claim's entity: the one its names pick, when the record holds several.
  const rows = new Set(found.map((p) => p.row));
  if (rows.size > 1) {
    const texts = new Map<string, string>();
    for (const p of found) texts.set(p.row, `${texts.get(p.row) ?? ""}\n${p.actual.row ?? ""}`);
    const row = identifiedRow(texts, `${text}\n${input.sentence.text}`);
    found = row === null ? [] : found.filter((p) => p.row === row);
  }
  // The event the claim's words name (a claim about both, or neither, keeps every pair).
  const events = EVENTS.filter(([, words]) => words.test(text));
  if (events.length === 1) found = found.filter((p) => events[0]![2].test(p.event));
  const diffs = [...new Set(found.map((p) => p.diff))];
  if (diffs.length !== 1) return null;
  const diff = diffs[0]!;
  const pair = found[0]!;
  // An early claim of a late event (or the reverse) is wrong in its words, not its figure: left unsettled.
  if (diff !== 0 && Math.sign(diff) !== offset.sign) return null;
  const asTime: Quantity = {
    ...figure,
    kind: "measure",
    dimension: "time",
    unit: figure.unit ?? "min",
    value: offset.ms,
    precision: figure.kind === "measure" ? figure.precision : offset.ms * 0.02,
  };
  const note = `equals the time between the scheduled and the actual ${
    pair.event
      .split(" ")[1]!
      .replace(/^\[\d+\]\./, "")
      .replace(/\.$/, "") || "time"
  } (${Math.abs(diff) / 60_000} min)`;
  if (agreesWith(asTime, [Math.abs(diff)]) === "match") return { outcome: "match", fact: pair.actual, note };
  if (offset.spelledFraction) return null;
  const computed = computedFact(figure, Math.abs(diff), pair.actual);
  return computed ? { outcome: "mismatch", fact: computed, note: `the scheduled and actual times differ by ${Math.abs(diff) / 60_000} min` } : null;
}

export const scheduleOffset: DerivedShape = { name: "schedule offset", check };
