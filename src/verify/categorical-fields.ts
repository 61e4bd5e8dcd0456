/**
 * Booleans and statuses as categorical values of their attribute (DESIGN.md, "Typed facts"): `dogs: false`,
 * `parking.included: false`, `autoPay: OFF`, `status: in_transit`, `conclusion: failure`.
 *
 * - **Boolean fields.** A claim names a boolean field when its words cover the field's name (the key's last
 *   segment, or its parent when the last is a generic flag word such as `enabled`, `included`, `allowed`):
 *   "Force pushes are allowed" names `allow_force_pushes.enabled`. The claim's polarity (a negation, or an
 *   off-word: "off", "disabled") is compared with the value's (`true`/`yes`/`on` against
 *   `false`/`no`/`off`/`[]`).
 * - **Statuses.** A claim gives its subject a status word of a general vocabulary ("has been delivered",
 *   "failed", "is still open"); the subject's `status`/`state`/`conclusion`/`phase` field holds a value of
 *   another class (in transit, success, closed) or of the same one.
 *
 * Precision first: the field must be the claim's entity's (the only record that has it, or the record or
 * array element that holds the claim's names), and all candidate values must agree; otherwise nothing is
 * decided.
 */
import { namedElements, withinNamed } from "./element-scope.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { EvidenceQuote } from "../schema.js";
import { antonymsOf } from "./antonyms.js";
import { inlineFields } from "./inline-fields.js";
import { featuresOf } from "./lexical-features.js";
import { recordIdentity } from "./record-names.js";
import { impliedByLaterStage, pastEvent } from "./status-lifecycle.js";
import { NEGATIONS, STOP_WORDS } from "../text/stop-words.js";

/** A categorical reading of a claim against one field. */
export interface CategoricalCheck {
  agrees: boolean;
  /** The field line, as a quote. */
  quote: EvidenceQuote;
  /** What kind of field decided. */
  kind: "boolean" | "status";
  note: string;
  /** For a status: the claim's status word, its span in the claim text, and the field's value as written. */
  status?: { wrong: string; span: [number, number]; value: string };
  /**
   * For a boolean the claim gets wrong: the claim's words that carry its polarity, their span in the claim
   * text, and the same words with the field's polarity ("is on" -> "is off", "are allowed" -> "are not
   * allowed", "isn't included" -> "is included"). Absent when the polarity is not carried by one predicate.
   */
  flip?: { wrong: string; span: [number, number]; value: string };
  /** The flag is only a modifier in the claim ("the refundable plan"): a denial leaves it unsupported. */
  presupposed?: true;
  /** Two fields of the entity answer the claim differently (`is_closed: false`, `is_open_now: false`): unsupported. */
  unsettled?: true;
  /** The status word is right for some of the entities the claim names: no in-place edit. */
  noFix?: boolean;
}

const TRUE_VALUE = /^(?:true|yes|y|on|enabled|active)$/i;
const FALSE_VALUE = /^(?:false|no|n|off|disabled|inactive)$/i;
/** Flag words that say "is it so", not what: the parent key names the attribute (`parking.included`). */
const GENERIC_FLAG = new Set([
  "enabl",
  "allow",
  "includ",
  "requir",
  "activ",
  "valu",
  "flag",
  "is",
  "has",
  "on",
  "avail",
  "permit",
  "support",
  "plan",
  "option",
  "set",
  "mode",
  "featur",
]);
/** Verbs whose particle "off" says nothing is off: "drop off", "pay off", "take off", "sign off". */
const OFF_PARTICLE_VERB =
  "drop|drops|dropped|dropping|kick|kicks|kicked|kicking|pay|pays|paid|paying|take|takes|took|taking|taken|sign|signs|signed|signing|set|sets|setting|head|heads|headed|heading|show|shows|showed|showing|write|writes|wrote|written|tip|tipped|log|logs|logged|drive|drove|driven|cool|cooled|level|levelled|leveled|tail|tailed|tailing|peak|peaked|ease|eased|taper|tapered";
/** Units of a discount before "off": "0.25 percentage points off the rate", "five dollars off". */
const DISCOUNT_UNIT = "point|points|percent|dollars|euros|pounds|cents|bucks";
/** "off" as an off-word (`(?<!-)off(?!-)`), not after a particle verb, a figure or a percent sign. */
const OFF_WORD = `(?<!-)(?<!\\b(?:${OFF_PARTICLE_VERB})\\s)(?<![\\d%]\\s?)(?<!\\b(?:${DISCOUNT_UNIT})\\s)off(?!-)`;
/** Words that turn a claim's predicate off. */
// "off" inside a compound ("drop-off", "kick-off", "cut-off"), as the particle of a phrasal verb ("drop off
// Monday", "paid off", "took off") or of a discount ("20% off", "$5 off", "0.25 points off") is no off-word.
const NEGATION = new RegExp(
  `\\b(?:not|no|non|never|without|none|nothing|nobody|neither|nor|cannot|can't|won't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|hasn't|haven't|${OFF_WORD}|disabled|excluded|unavailable|n't)\\b|n['’]t\\b`,
  "i",
);

/** A JSON line `path: value` of a record's flattened text. */
interface FieldLine {
  evidenceId: string;
  source: string;
  path: string;
  value: string;
  /** The array element the line belongs to (`items[2]`), or "" at the record's top level. */
  row: string;
  /** The whole text line of an inline field (`order=ORD-1 status=shipped`): one line is one entity. */
  rowText?: string;
  span: [number, number];
  line: string;
}

/**
 * The field lines of the ledger that `keep` selects (boolean or status fields: few), cached under `kind`
 * until a record is added. Only those are kept: a ledger's every line would cost memory in proportion to
 * the evidence.
 */
function fieldLines(ledger: EvidenceLedger, kind: string, keep: (l: FieldLine) => boolean): FieldLine[] {
  return ledger.memo(kind, `records:${ledger.records.length}`, () => {
    const out: FieldLine[] = [];
    for (const record of ledger.records) {
      // JSON lines are `path: value`; a text record's header lines (`AutoPay: OFF`) are read the same way.
      const keyLine = record.format === "json" ? /^([^\s:][^:\n]*?): (.*)$/ : /^\s*([A-Za-z][A-Za-z_.\-/()]*(?: [A-Za-z_.\-/()]+){0,3}): (\S.{0,40})$/;
      let at = 0;
      for (const line of record.text.split("\n")) {
        // A text line may hold several pairs, set apart by wide gaps or bars ("AutoPay: OFF   Paperless: ON").
        const parts = record.format === "json" ? [{ text: line, offset: 0 }] : splitPairs(line);
        for (const part of parts) {
          const m = (part.inline ? INLINE_PAIR : keyLine).exec(part.text);
          if (!m) continue;
          const path = m[1]!;
          const row = part.inline ? `line@${at}` : (/^(.*\[\d+\])/.exec(path)?.[1] ?? "");
          const start = at + part.offset;
          const field: FieldLine = {
            evidenceId: record.id,
            source: record.source,
            path,
            value: m[2]!.trim(),
            row,
            span: [start, start + part.text.length],
            line: part.text,
          };
          if (part.inline) field.rowText = line;
          if (keep(field)) out.push(field);
        }
        at += line.length + 1;
      }
    }
    return out;
  });
}

/** One inline `key=value` field of a text line, as `inlineFields` cut it. */
const INLINE_PAIR = /^([A-Za-z_][\w.-]*)=(.*)$/;

function splitPairs(line: string): Array<{ text: string; offset: number; inline?: boolean }> {
  // Inline fields (`order=A-1042 status=in_transit carrier=UPS`): one pair each.
  const inline = inlineFields(line);
  if (inline.length > 0) return inline.map((f) => ({ text: line.slice(f.keyStart, f.valueEnd), offset: f.keyStart, inline: true }));
  const out: Array<{ text: string; offset: number }> = [];
  const re = /[^|]+?(?=\s{2,}|\s\|\s|$)/g;
  for (const m of line.matchAll(re)) {
    const text = m[0].trim();
    if (text) out.push({ text, offset: m.index! + m[0].indexOf(text) });
  }
  return out;
}

function segments(path: string): string[] {
  return path.split(/[.[\]"]+/).filter((p) => p !== "" && !/^\d+$/.test(p));
}

/** The stems that name a boolean field: its last segment, or its parent when the last is a flag word. */
export function flagName(path: string): Set<string> {
  const segs = segments(path);
  const last = featuresOf(segs.at(-1) ?? "").stems;
  const own = new Set([...last].filter((s) => !GENERIC_FLAG.has(s)));
  if (own.size > 0) return own;
  // A record's own top-level flag (`available: false`) has no parent to name it: its word is its name.
  if (segs.length === 1) return last;
  return new Set([...featuresOf(segs.at(-2) ?? "").stems].filter((s) => !GENERIC_FLAG.has(s)));
}

/**
 * Every word of a flag's name, generic ones too: its last segment's, and its parent's when the last is generic
 * (`allow_force_pushes.enabled`: allow, force, push, enable).
 */
function flagWords(path: string): Set<string> {
  const segs = segments(path);
  const last = featuresOf(segs.at(-1) ?? "").stems;
  const generic = [...last].every((s) => GENERIC_FLAG.has(s));
  return new Set([...last, ...(generic ? featuresOf(segs.at(-2) ?? "").stems : [])]);
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?";
const WEEKDAY = "(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day";
/** A word, then a preposition and a day, month, date or time: "expires on May 27", "renews in June", "ends at 5 pm". */
const WHEN_AFTER = new RegExp(
  `(\\p{L}+)\\s+(?:on|at|in|by|until|before|after)\\s+(?=${MONTH}(?:\\s|$)|${WEEKDAY}|\\d{1,2}(?::\\d{2}|\\s*[ap]\\.?m\\b)|\\d{4}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|(?:today|tomorrow|tonight|midnight|noon)\\b|next\\s+(?:week|month|year|${WEEKDAY}))`,
  "gu",
);

/** Whether a word of the flag is followed by a time word or preposition that says when ("expires on May 27"). */
function whenOfFlag(claimText: string, flag: Set<string>): boolean {
  for (const m of claimText.matchAll(WHEN_AFTER))
    if ([...featuresOf(m[1]!).stems].some((s) => flag.has(s) || [...flag].some((f) => f.length >= 4 && (s.startsWith(f) || f.startsWith(s))))) return true;
  return false;
}

/** A flag's own name that is a negative ("isHeatOff", "no_show", "disabled", "notAvailable"): its truth is the opposite's. */
const NEGATIVE_FLAG = /(?:^|[_\-a-z])(?:Off|Disabled|Not|No|Never|Without)(?:[A-Z_-]|$)|(?:^|_)(?:off|disabled|not|no|never|without)(?:_|$)/;

/** Whether a claim stem names a field stem (equal, or one a 4+-letter prefix of the other: "sign", "signatur"). */
function stemMeets(claim: Set<string>, field: string, capability = true): boolean {
  if (claim.has(field)) return true;
  for (const c of claim) {
    const [a, b] = c.length <= field.length ? [c, field] : [field, c];
    // "has been refunded" is no `refundable`: a capability is another predicate than the state, named only
    // by a claim that says what can be done ("You can book it instantly" for `instant_bookable`).
    // A superlative or comparative of the field's word is another word: "closest" is no `is_closed`.
    const rest = b.slice(a.length);
    const degree = b === c && /^(?:e?st|e?r)$/.test(rest);
    // A device or agent made from the claim's word is another thing: "humidity" is no `hasHumidifier`, "ship"
    // no `shipper`.
    const agent = b === field && /^(?:ifi|iz|is|er|or)/.test(rest);
    if (a.length >= 4 && b.startsWith(a) && !degree && !agent && (capability || !/^[ai]bl/.test(rest))) return true;
  }
  return false;
}

/** Whether the claim writes the state ("refunded", "booked") of a capability word of a key (`refundable`, `bookable`). */
function stateOfCapability(keyWord: string, claimText: string): boolean {
  const m = /^(\p{L}{3,}?)e?[ai]ble$/u.exec(keyWord);
  if (!m) return false;
  return new RegExp(`\\b${m[1]}e?d\\b`, "iu").test(claimText);
}

/** Flag words that are a predicate of their own: what is required, allowed, permitted, included, supported. */
const MODALITY = new Set(["requir", "allow", "permit", "includ", "support"]);

/** A claim that says what can or cannot be done. */
const CAPABILITY = /\b(?:can|cannot|can['’]t|could|couldn['’]t|able|unable)\b/i;

/** Letters only, lower case ("AutoPay" and "autoPay" -> "autopay"). */
const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

function namesField(claimText: string, claimStems: Set<string>, path: string, attributive = false): boolean {
  const name = flagName(path);
  if (name.size === 0) return false;
  // "closing June 28" says what will happen, not that `IsClosed` holds: an -ing form names only a flag that
  // is an -ing form itself (`charging`, `isRecurring`).
  const stems = /ing$/i.test(segments(path).at(-1) ?? "") ? claimStems : stemsWithoutGerunds(claimText);
  const capability = CAPABILITY.test(claimText);
  // A capability flag (`is_charge_refundable`) is no state the claim writes ("has been refunded"): the stem of
  // "refundable" is the state's, the predicate is not. "is available" still names `available`.
  if (!capability && tokenize(segments(path).at(-1) ?? "").some((t) => stateOfCapability(t, claimText))) return false;
  // A modality in the flag's own name (`require_2fa`, `allow_guests`) is its predicate: "has 2FA turned on"
  // says nothing of whether 2FA is required.
  const lastStems = featuresOf(segments(path).at(-1) ?? "").stems;
  const modality = [...lastStems].filter((x) => MODALITY.has(x));
  if (modality.length > 0 && lastStems.size > modality.length && !modality.some((m) => stemMeets(stems, m))) return false;
  // A flag that is a participle (`delivered`, `refunded`) is the state, named by the claim's participle or
  // verb ("was delivered", "refunded"), never by the noun made from it: "Estimated delivery is March 14" says
  // nothing of whether the parcel was delivered.
  if (participleNamedByNounOnly(claimText, segments(path).at(-1) ?? "")) return false;
  if ([...name].every((s) => stemMeets(stems, s, capability))) return attributive || name.size !== 1 || !onlyAttributive(claimText, [...name][0]!);
  // Participles joined in one key (`spayed_neutered`, `vaccinated_dewormed`) are alternatives of one state:
  // either names it ("Pepper is spayed").
  const words = tokenize(segments(path).at(-1) ?? "");
  if (
    words.length > 1 &&
    words.every((w) => /\p{L}{2,}ed$/u.test(w)) &&
    words.some((w) => [...featuresOf(w).stems].some((x) => stemMeets(stems, x, capability)))
  )
    return true;
  // A camel-case key written as one word ("AutoPay" for `autoPay`), or as its words ("park outside" for
  // `parkOutSide`).
  const last = segments(path).at(-1) ?? "";
  return tokenize(last).length > 1 && writesKey(claimText, letters(last));
}

/** Endings of the nouns made from a verb ("delivery", "shipment", "payment", "cancellation", "refunds"). */
const VERB_NOUN = /(?:y|ies|ment|ments|tion|tions|sion|sions|al|als|s)$/i;

/** The claim's words with their stems, for the last claim read (a claim is read against many flags). */
let wordStemsOf: { text: string; words: Array<[string, Set<string>]> } | null = null;

function claimWordStems(claimText: string): Array<[string, Set<string>]> {
  if (wordStemsOf?.text !== claimText) wordStemsOf = { text: claimText, words: (claimText.match(/\p{L}+/gu) ?? []).map((w) => [w, featuresOf(w).stems]) };
  return wordStemsOf.words;
}

/**
 * Whether a participle flag (`delivered`, `isRefunded`, `payment_captured`'s `captured`) is named in the
 * claim only by nouns made from its verb: the claim's words that share its stem all end as nouns
 * ("delivery", "refunds"), none as the participle or the verb ("delivered", "deliver", "delivers").
 */
function participleNamedByNounOnly(claimText: string, lastSegment: string): boolean {
  const words = tokenize(lastSegment.replace(/([a-z])([A-Z])/g, "$1 $2"));
  const participle = words.at(-1) ?? "";
  if (!/^\p{L}{3,}ed$/iu.test(participle)) return false;
  const stem = featuresOf(participle).stems.values().next().value ?? "";
  if (stem.length < 4) return false;
  const base = participle.slice(0, -2).toLowerCase();
  const sharing = claimWordStems(claimText)
    .filter(([, stems]) => [...stems].some((st) => stemsMeet(st, stem)))
    .map(([w]) => w);
  if (sharing.length === 0) return false;
  return sharing.every((w) => {
    const lower = w.toLowerCase();
    return !/(?:ed|ing)$/.test(lower) && lower !== base && lower !== `${base}s` && lower !== `${base}e` && lower !== `${base}es` && VERB_NOUN.test(lower);
  });
}

/**
 * Words that may follow a predicate adjective or participle ("is active", "enabled for all", "refundable until
 * May", "paid already"): verbs, prepositions, conjunctions, determiners and a few adverbs. Any other word
 * after it is the noun it modifies.
 */
const AFTER_PREDICATE = new Set(
  (
    "is are was were be been being has have had do does did will would can could should may might must shall " +
    "and or but nor so yet for to of in on at by with from since until till as than then now still already again " +
    "too also either not no never after before during if when while because although though that which who " +
    "the a an this these those its their his her our your my today tomorrow yesterday anymore"
  ).split(" "),
);

/** A state word or participle after a noun ("HSTS enabled", "autopay on", "2FA required"). */
const STATE_WORD = /^(?:on|off|active|inactive|true|false|available|unavailable|\p{L}+ed)$/u;
const LINKING_VERB = new Set("is are was were be been being become became remains remained stays stayed".split(" "));

/**
 * Whether the claim uses the flag's word only before a noun it modifies ("the fasting glucose", "two paid
 * invoices"): a word before its noun picks which thing is meant and asserts nothing of it, so the flag is not
 * the claim's predicate.
 */
function onlyAttributive(claimText: string, stem: string): boolean {
  const words = claimText.toLowerCase().match(/[\p{L}\p{N}'’]+|[^\s\p{L}\p{N}]/gu) ?? [];
  let seen = false;
  for (let i = 0; i < words.length; i++) {
    if (!/^\p{L}/u.test(words[i]!) || !featuresOf(words[i]!).stems.has(stem)) continue;
    seen = true;
    const next = words[i + 1];
    // "with HSTS enabled": the flag's word is the noun, and the state word after it is the predicate.
    if (next === undefined || !/^\p{L}+$/u.test(next) || AFTER_PREDICATE.has(next) || STATE_WORD.test(next)) return false;
    // "is a private channel": the noun phrase is the predicate, and its modifier is asserted.
    let k = i - 1;
    while (k >= 0 && k > i - 4 && /^(?:a|an|the|also|still|now|really|very|quite|not|never|only|just|truly|fully)$/.test(words[k]!)) k--;
    const before = words[k];
    if (before !== undefined && (LINKING_VERB.has(before) || /['’](?:s|re)$/.test(before))) return false;
  }
  return seen;
}

/** Whether one to four consecutive words of the claim spell a key's letters (`autopay`, `parkoutside`). */
function writesKey(claimText: string, key: string): boolean {
  if (key.length < 5) return false;
  const words = claimText
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let joined = "";
    for (let k = i; k < Math.min(words.length, i + 4) && joined.length < key.length; k++) {
      joined += words[k];
      if (joined === key) return true;
    }
  }
  return false;
}

/** The claim's stems, its -ing verbs left out ("is closing", "renewing on 1 May"). */
function stemsWithoutGerunds(claimText: string): Set<string> {
  // As a verb only: after a form of "be" ("is closing") or before a time ("closing June 28", "renewing on
  // 1 May"); "Parking is included" keeps its noun.
  const text = claimText
    .replace(/\b(?:is|are|was|were|be|been|being)\s+\p{L}{3,}ing\b/giu, (m) => m.replace(/\p{L}{3,}ing$/u, " "))
    .replace(
      /\b\p{L}{3,}ing(?=\s+(?:on|by|in|at|this|next|tomorrow|today|tonight|soon|\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b))/gu,
      " ",
    );
  return new Set([...featuresOf(text).stems, ...featuresOf(text.replace(/(\p{L})-(?=\p{L})/gu, "$1 ")).stems]);
}

/**
 * Whether another flag of the same record or element has this flag's name and more, and the other value
 * (`parkOutSide: true` beside `parkIt: false`): which of the two the claim means is not known.
 */
function longerFlagBeside(flag: FieldLine, booleans: readonly FieldLine[]): boolean {
  const name = flagName(flag.path);
  const parent = flag.path.slice(0, Math.max(0, flag.path.lastIndexOf(".")));
  return booleans.some((l) => {
    if (l === flag || l.evidenceId !== flag.evidenceId || l.path.slice(0, Math.max(0, l.path.lastIndexOf("."))) !== parent) return false;
    const other = flagName(l.path);
    return other.size > name.size && [...name].every((x) => other.has(x)) && TRUE_VALUE.test(l.value) !== TRUE_VALUE.test(flag.value);
  });
}

/**
 * Whether the entity has a flag named by an antonym of the deciding flag's word, and that flag says what the
 * claim says (`is_closed: false` beside `business_hours[0].is_open_now: false` for "is currently closed"):
 * the two fields answer different questions (closed for good, closed now), and which one the claim means is
 * not known, so the denial is not settled. The other flag is the field's record's, inside the field's array
 * element when it has one.
 */
function oppositeFlagAgreeing(field: FieldLine, claimSays: boolean, booleans: readonly FieldLine[], lasting = false): FieldLine | null {
  const opposites = new Set([...flagName(field.path)].flatMap((s) => [...(antonymsOf(s) ?? [])]));
  if (opposites.size === 0) return null;
  const found = booleans.find(
    (l) =>
      l !== field &&
      l.evidenceId === field.evidenceId &&
      (field.row === "" || l.path.startsWith(`${field.row}.`)) &&
      [...flagName(l.path)].some((s) => opposites.has(s)) &&
      !NEGATIVE_FLAG.test(segments(l.path).at(-1) ?? "") &&
      !(lasting && NOW_KEY.test(segments(l.path).at(-1) ?? "")) &&
      TRUE_VALUE.test(l.value) !== claimSays,
  );
  return found ?? null;
}

/** Words that place a claim at the moment of the tool call: "is currently closed", "open right now". */
const NOW_WORD = /\b(?:now|currently|presently|at (?:the|this) moment|at present)\b/i;
/** Words that say a state lasts: "closed for good", "permanently closed", "out of business". */
const PERMANENT_WORD = /\b(?:for good|permanently|forever|for ever|out of business|no longer (?:in business|operating|open))\b/i;
/** A key of the moment's state: `is_open_now`, `currentlyOpen`, `open_now`. */
const NOW_KEY = /(?:^|[^a-z])(?:now|current(?:ly)?)(?:[^a-z]|$)|(?:Now|Current(?:ly)?)(?:[A-Z]|$)/;

/** The field of an object that says who or what the object is: `assignee.displayName`, `owner.login`. */
const OBJECT_NAME = "(?:displayName|display_name|name|fullName|full_name|email|login|username)";

/**
 * Whether a generic flag (`active`, `enabled`) is named only by its parent, and that parent is an entity with
 * a name of its own (`assignee: {displayName, active}`): the flag is said of that entity ("the assignee's
 * account is active"), not the parent's word of the claim ("is assigned to Tom"), which it never settles.
 */
function flagOfNamedObject(l: FieldLine, ledger: EvidenceLedger): boolean {
  const segs = segments(l.path);
  if (segs.length < 2 || ![...featuresOf(segs.at(-1)!).stems].every((s) => GENERIC_FLAG.has(s))) return false;
  const parent = l.path.slice(0, l.path.lastIndexOf("."));
  if (parent === "") return false;
  const escaped = parent.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|\\n)${escaped}\\.${OBJECT_NAME}: `).test(ledger.get(l.evidenceId)?.text ?? "");
}

/** Records whose folded text stays cached between batches: the recently read ones (memory stays bounded). */
const FOLDED_RECORDS = 64;
/** Records x name lists whose rows holding the names stay memoised between batches. */
const ROWS_HOLDING = 4096;

/** A record's text in lower case with runs of spaces folded, and its lines (memoised per record). */
function foldedText(ledger: EvidenceLedger, evidenceId: string): { text: string; lines: string[] } {
  return ledger.memo(
    "folded-lower-text",
    evidenceId,
    () => {
      const text =
        ledger
          .get(evidenceId)
          ?.text.toLowerCase()
          .replace(/[ \t]+/g, " ") ?? "";
      return { text, lines: text.split("\n") };
    },
    FOLDED_RECORDS,
  );
}

/**
 * The rows (lower-case element paths, `items[3]`) whose lines hold one of `names` in their values, each with
 * the elements it sits in (`items[3]` for a hit at `items[3].tags[0]: …`); null when the record holds none of
 * them at all. One pass over the record's lines.
 */
function rowsHolding(folded: { text: string; lines: string[] }, names: readonly string[]): Set<string> | null {
  if (!names.some((n) => folded.text.includes(n))) return null;
  const rows = new Set<string>();
  for (const l of folded.lines) {
    const colon = l.indexOf(": ");
    if (!names.some((n) => l.slice(colon + 2).includes(n))) continue;
    const path = colon < 0 ? l : l.slice(0, colon);
    for (let dot = path.indexOf("."); dot >= 0; dot = path.indexOf(".", dot + 1)) rows.add(path.slice(0, dot));
  }
  return rows;
}

/**
 * The lines of the one array element that the claim's own words pick, when its flags disagree across
 * elements and the claim names none: each word of four letters or more (not of the flags' keys, no stop word)
 * that the values of exactly one element hold points at it, and all such words must point at the same one.
 * @returns that element's lines, or null when no word, or words that disagree, pick one.
 */
function elementByWords(lines: FieldLine[], ledger: EvidenceLedger, claimText: string): FieldLine[] | null {
  const rows = new Set(lines.map((l) => `${l.evidenceId}\u0000${l.row}`));
  if (rows.size < 2 || lines.some((l) => l.row === "" || l.rowText !== undefined)) return null;
  const keyWords = new Set(lines.flatMap((l) => tokenize(l.path.replace(/([a-z])([A-Z])/g, "$1 $2")).map((w) => w.toLowerCase())));
  const words = new Set((claimText.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w) && !keyWords.has(w)));
  // Each element's own values (not those of an object inside it: a work order's `vendor.name` names the vendor).
  const own = new Map<string, string>();
  for (const key of rows) {
    const [evidenceId, row] = key.split("\u0000") as [string, string];
    const prefix = `${row.toLowerCase()}.`;
    own.set(
      key,
      foldedText(ledger, evidenceId)
        .lines.filter((l) => l.startsWith(prefix) && !/[.[]/.test(l.slice(prefix.length, l.indexOf(": "))))
        .map((l) => l.slice(l.indexOf(": ") + 2))
        .join("\n"),
    );
  }
  let picked: string | null = null;
  for (const w of words) {
    const whole = new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, "u");
    const hits = [...own].filter(([, values]) => whole.test(values)).map(([key]) => key);
    if (hits.length !== 1) continue;
    if (picked !== null && picked !== hits[0]) return null;
    picked = hits[0]!;
  }
  return picked === null ? null : lines.filter((l) => `${l.evidenceId}\u0000${l.row}` === picked);
}

/** Records or rows holding the claim's names, when any does. */
function pickEntity(lines: FieldLine[], ledger: EvidenceLedger, names: readonly string[]): FieldLine[] {
  if (names.length === 0) return lines;
  const lower = names.map((n) => n.toLowerCase().replace(/\s+/g, " "));
  // A record holds a name in one of its values; an array element, in one of its own lines (spaces folded:
  // "Forfait  SmartPhone" is "Forfait SmartPhone").
  const holders = new Map<string, Set<string> | null>();
  const holds = (evidenceId: string, row: string) => {
    let rows = holders.get(evidenceId);
    if (rows === undefined) {
      // Memoised per record and names: one claim picks its entity among the same records several times.
      rows = ledger.memo("rows-holding", `${evidenceId}\u0000${lower.join("\u0000")}`, () => rowsHolding(foldedText(ledger, evidenceId), lower), ROWS_HOLDING);
      holders.set(evidenceId, rows);
    }
    return rows !== null && (row === "" || rows.has(row.toLowerCase()));
  };
  // An array element whose own lines hold the name is the entity: the record's other elements and its
  // top-level fields are not ("example/2 failed" reads `statuses[1].state`, not the combined `state`).
  const ownRows = lines.filter((l) => l.rowText === undefined && l.row !== "" && holds(l.evidenceId, l.row));
  if (ownRows.length > 0) return ownRows;
  const picked = lines.filter((l) =>
    l.rowText !== undefined ? lower.some((n) => l.rowText!.toLowerCase().includes(n)) : holds(l.evidenceId, l.row) || holds(l.evidenceId, ""),
  );
  return picked.length > 0 ? picked : lines;
}

/**
 * Whether a line sits in an array element other than those holding the claim's names, and none of theirs
 * contains it: `thermostatList[0].events[0].isOccupied` is no flag of the sensor named "Bedroom" at
 * `thermostatList[0].remoteSensors[1]`. A line of the named element, of an element inside it, or of an
 * element it sits inside (its record's own fields) is kept.
 */
function inOtherElement(l: FieldLine, ledger: EvidenceLedger, names: readonly string[]): boolean {
  if (l.row === "" || l.rowText !== undefined) return false;
  const named = namedElements(
    ledger.get(l.evidenceId)?.text ?? "",
    names.map((n) => n.toLowerCase()),
  );
  return named.size > 0 && !withinNamed(l.row, named);
}

function quoteOf(l: FieldLine): EvidenceQuote {
  return { evidenceId: l.evidenceId, source: l.source, text: l.line, span: l.span };
}

/** A number, its percent sign or unit, and the noun right after it ("9% charge", "3 errors"). */
const FIGURE_NOUN = /(?<![\p{L}\p{N}.-])\d[\d.,]*\s?%?\s+(\p{L}+)/gu;

/**
 * Checks a claim against the boolean fields it names.
 * @param names the claim's names and identifiers (its entity), as written.
 * @returns null when no boolean field is named, or when candidates disagree.
 */
export function checkBooleanField(claimText: string, names: readonly string[], ledger: EvidenceLedger): CategoricalCheck | null {
  // `status: active` is a status among others (suspended, closed), read by the status check; only a flag's
  // own key makes "active" a yes.
  const booleans = fieldLines(
    ledger,
    "categorical-booleans",
    (l) => (TRUE_VALUE.test(l.value) || FALSE_VALUE.test(l.value)) && !(STATUS_KEY.test(l.path) && /^(?:in)?active$/i.test(l.value)),
  );
  if (booleans.length === 0) return null;
  // A figure's noun ("with only 9% charge", "3 errors") says how much, not that `charging` or `has_errors`
  // holds: the words that name a flag are the claim's others.
  const naming = claimText.replace(FIGURE_NOUN, (m, noun: string) =>
    AFTER_PREDICATE.has(noun.toLowerCase()) ? m : m.slice(0, m.length - noun.length) + " ".repeat(noun.length),
  );
  // "auto-renew" names `autoRenewal` word by word.
  const claimStems = new Set([...featuresOf(naming).stems, ...featuresOf(naming.replace(/(\p{L})-(?=\p{L})/gu, "$1 ")).stems]);
  let flags = booleans.filter((l) => namesField(naming, claimStems, l.path) && !flagOfNamedObject(l, ledger));
  // A flag the claim names only as a modifier ("the refundable plan") is presupposed, not asserted: it can
  // leave the claim unsupported, never contradict or support it.
  const attributive = flags.length === 0;
  if (attributive) flags = booleans.filter((l) => namesField(naming, claimStems, l.path, true));
  if (flags.length === 0) return null;
  // A flag of several words the claim spells in full (`parkOutSide` for "park outside") is meant over one it
  // names in part (`parkIt`, by "park"); a flag beside a longer one of its words that differs is not settled.
  // Only among the flags of the claim's entity: another entity's spelled flag (`good_with_cats` of another
  // animal, where this one's is null) does not hide this one's.
  const spelledOf = (lines: FieldLine[]) =>
    lines.filter((l) => {
      const last = segments(l.path).at(-1) ?? "";
      return tokenize(last).length > 1 && writesKey(claimText, letters(last));
    });
  // A name that spells the flag itself ("auto-renew" for `autoRenewal`) is its attribute, not its entity.
  const entityNames = names.filter((n) => !flags.some((l) => letters(segments(l.path).at(-1) ?? "").includes(letters(n)) && letters(n).length >= 4));
  const entityFlags = (lines: FieldLine[]) => pickEntity(lines, ledger, entityNames).filter((l) => !inOtherElement(l, ledger, entityNames));
  const named = entityFlags(flags);
  // With no name to pick the element, the claim's words may ("The dishwasher repair is chargeable" against
  // the one work order whose summary says "Dishwasher not draining").
  const all = (entityNames.length === 0 ? elementByWords(named, ledger, claimText) : null) ?? named;
  const spelled = spelledOf(all);
  const candidates = spelled.length > 0 ? spelled : all;
  if (candidates.length === 0) return unknownFlag(naming, claimStems, ledger, entityNames);
  if (candidates.some((l) => longerFlagBeside(l, booleans))) return null;
  const truth = (l: FieldLine) => TRUE_VALUE.test(l.value);
  const deciding = candidates.every((l) => truth(l) === truth(candidates[0]!)) ? candidates : disagreeing(claimText, candidates, attributive);
  if (deciding.length === 0 || !deciding.every((l) => truth(l) === truth(deciding[0]!))) return null;
  const field = deciding[0]!;
  // A flag's word followed by when ("expires on May 27", "renews in June") states when the event is, not whether
  // it has happened: the flag (`expired: false`) does not settle it.
  if (whenOfFlag(claimText, flagWords(field.path))) return null;
  // A flag named for the negative (`isHeatOff`, `notifications_disabled`) states the opposite of its value.
  if (deciding.some((l) => NEGATIVE_FLAG.test(segments(l.path).at(-1) ?? ""))) return null;
  const claimSays = !negationReachesFlag(claimText, field.path);
  const agrees = claimSays === truth(field);
  if (attributive && agrees) return null;
  // The claim's "now" or "currently" names the flag of the moment (`is_open_now`); else which one it means is not known.
  const ofNow = (l: FieldLine) => NOW_WORD.test(claimText) && NOW_KEY.test(segments(l.path).at(-1) ?? "");
  // "closed for good", "permanently" name the lasting flag, not the one of the moment.
  const lasting = PERMANENT_WORD.test(claimText);
  const opposite = agrees || ofNow(field) ? null : oppositeFlagAgreeing(field, claimSays, booleans, lasting);
  if (opposite) {
    const now = ofNow(opposite);
    const note = `${opposite.path}: ${opposite.value} says what the claim says, ${field.path}: ${field.value} denies it`;
    return now
      ? { agrees: true, quote: quoteOf(opposite), kind: "boolean", note }
      : { agrees: false, unsettled: true, quote: quoteOf(field), kind: "boolean", note: `${note}: which one the claim means is not known` };
  }
  // A flag picked among others the claim names too is edited only where it is the predicate's own modifier
  // ("is not a private channel"); beside another flag's predicate ("is furnished with parking") an edit of
  // the copula would deny the wrong one.
  const picked = deciding.length < candidates.length && withoutHeadNouns(claimText, candidates).length === candidates.length;
  // A prefix that denies the flag ("non-refundable") loses it; otherwise the predicate gains or loses "not".
  const prefixed = truth(field) ? prefixEdit(claimText, field.path) : null;
  const flip = agrees || picked ? null : (prefixed ?? polarityEdit(claimText, truth(field), flagWords(field.path)));
  return {
    agrees,
    quote: quoteOf(field),
    kind: "boolean",
    note: `${field.path}: ${field.value} ${agrees ? "agrees with" : "denies"} what the claim ${attributive ? "presupposes" : "says"}`,
    ...(flip && !attributive ? { flip } : {}),
    ...(attributive ? { presupposed: true as const } : {}),
  };
}

/**
 * A flag the claim names whose value is null in the element that holds the claim's name (`good_with_cats:
 * null` for "Pepper is good with cats"): the record does not say, so the claim is not supported. Only in a
 * JSON record's named array element, where another element's flag of that name is a boolean (so the field is
 * a flag); else null.
 */
function unknownFlag(naming: string, claimStems: Set<string>, ledger: EvidenceLedger, names: readonly string[]): CategoricalCheck | null {
  if (names.length === 0) return null;
  const lower = names.map((n) => n.toLowerCase());
  const nulls = fieldLines(ledger, "categorical-null-values", (l) => l.value === "null" && l.row !== "").filter((l) => namesField(naming, claimStems, l.path));
  for (const l of nulls) {
    const text = ledger.get(l.evidenceId)?.text ?? "";
    const prefix = `${l.row}.`;
    const own = text.split("\n").filter((x) => x.startsWith(prefix));
    if (
      !own.some((x) =>
        lower.some((n) =>
          x
            .slice(x.indexOf(": ") + 2)
            .toLowerCase()
            .includes(n),
        ),
      )
    )
      continue;
    // The same field of another element is a boolean: the field is a flag, and this element's is not known.
    const field = l.path.slice(l.row.length);
    if (!new RegExp(`(?:^|\\n)[^\\n]*\\[\\d+\\]${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: (?:true|false)(?=\\n|$)`).test(text)) continue;
    return { agrees: false, presupposed: true, quote: quoteOf(l), kind: "boolean", note: `${l.path}: null: the record does not say` };
  }
  return null;
}

/**
 * Which of a claim's named flags decide when their values disagree. Flags named only by the noun another
 * flag's word modifies drop out ({@link withoutHeadNouns}). Distinct flags of one entity that the claim
 * asserts each ("Cats and dogs are both welcome" against `pets.cats: true`, `pets.dogs: false`) are facts of
 * their own: one the claim gets wrong decides. Otherwise (flags of several entities, a presupposed flag) what
 * is left must agree, or nothing is decided.
 */
function disagreeing(claimText: string, flags: FieldLine[], attributive: boolean): FieldLine[] {
  const left = withoutHeadNouns(claimText, flags);
  const truth = (l: FieldLine) => TRUE_VALUE.test(l.value);
  if (attributive || left.every((l) => truth(l) === truth(left[0]!))) return left;
  // Distinct attributes: one field name per flag (`left.feedback` and `right.feedback` are one attribute of two
  // parts, and which part the claim means is not known).
  const oneEntity =
    new Set(left.map((l) => `${l.evidenceId}:${l.row}`)).size === 1 && new Set(left.map((l) => [...flagName(l.path)].sort().join(" "))).size === left.length;
  if (!oneEntity || coordinated(claimText, left)) return left;
  const wrong = left.filter((l) => !negationReachesFlag(claimText, l.path) !== truth(l));
  return wrong.length > 0 ? wrong : left;
}

/**
 * Whether two of the flags are named by the two sides of one "and" ("Cats and dogs are welcome"): the claim
 * states two facts in one clause, and one verdict for both would condemn the right one with the wrong.
 */
function coordinated(claimText: string, flags: FieldLine[]): boolean {
  const names = (l: FieldLine, word: string) => [...flagName(l.path)].some((n) => [...featuresOf(word).stems].some((st) => stemsMeet(st, n)));
  for (const m of claimText.matchAll(/([\p{L}\p{N}][\p{L}\p{N}'’-]*)\s*,?\s+(?:and|or|&)\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*)/gu)) {
    const a = flags.filter((l) => names(l, m[1]!));
    const b = flags.filter((l) => names(l, m[2]!));
    if (a.some((x) => b.some((y) => x !== y))) return true;
  }
  return false;
}

/**
 * The flags of one entity that disagree, less those named only by the noun another named flag's word
 * modifies: in "is a private channel", `is_channel: true` names what the thing is, and `is_private: false`
 * what the claim says of it. Whatever is left must agree for the claim to be decided.
 */
function withoutHeadNouns(claimText: string, flags: FieldLine[]): FieldLine[] {
  const words = claimText.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const stemsAt = words.map((w) => featuresOf(w).stems);
  const names = (l: FieldLine, k: number) => [...flagName(l.path)].some((n) => [...(stemsAt[k] ?? [])].some((st) => stemsMeet(st, n)));
  const head = (l: FieldLine) => {
    const at = words.map((_, k) => k).filter((k) => names(l, k));
    return at.length > 0 && at.every((k) => k > 0 && flags.some((o) => o !== l && names(o, k - 1)));
  };
  return flags.filter((l) => !head(l));
}

/** What ends the reach of a negation: a clause break, or a word that opens another phrase ("nothing paid after 3 attempts"). */
const REACH_BREAK = /[,;:—–()]|\s-\s|\b(?:but|after|before|with|while|though|although|and|or|so|because|since|until|when|which|that)\b/i;
/** How many words a negation reaches, before or after the flag's word ("not yet fully enabled", "is off"). */
const REACH_WORDS = 4;

/**
 * Whether the claim's negation reaches the flag: a negation cue with the flag's word within a few words of it
 * in one phrase ("isn't included", "parking is off", "no refund"). "It's still open with nothing paid after 3
 * attempts" says nothing against `attempted: true`. A claim that writes no word of the flag's name (a
 * camel-case key written as one word) is read whole.
 */
function negationReachesFlag(claimText: string, path: string): boolean {
  const flagName = (segments(path).at(-1) ?? "").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  const flagStems = featuresOf(flagName).stems;
  const words = [...claimText.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  if (
    prefixNegates(
      words.map((w) => w[0]),
      flagName,
      flagStems,
    )
  )
    return true;
  // A cue that is a word of the flag's own name ("non" of `non_refundable`) names the flag, it does not deny it.
  const own = new Set(flagName.toLowerCase().split(/\s+/));
  const cues = [...claimText.matchAll(new RegExp(NEGATION.source, "gi"))].filter((c) => !own.has(c[0].toLowerCase()));
  if (cues.length === 0) return false;
  const hits = words.filter((w) => [...featuresOf(w[0]).stems].some((st) => [...flagStems].some((f) => stemsMeet(st, f))));
  if (hits.length === 0) return true;
  return cues.some((cue) =>
    hits.some((hit) => {
      const [a, b] = hit.index! < cue.index! ? [hit.index! + hit[0].length, cue.index!] : [cue.index! + cue[0].length, hit.index!];
      const gap = claimText.slice(a, b);
      return !REACH_BREAK.test(gap) && (gap.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) <= REACH_WORDS;
    }),
  );
}

/** A negative prefix on a word ("non-refundable", "unpaid", "non smoking"): the rest is the word it denies. */
const NEGATIVE_PREFIX = /^(?:non|un)-?(?=\p{L}{4})/iu;

/**
 * Whether a claim word is the flag's word under a negative prefix ("non-refundable" for `refundable`, "unpaid"
 * for `paid`): the claim denies the flag. A flag whose own name carries the prefix (`non_refundable`,
 * `unlimited`) is read by its whole name instead.
 */
function prefixNegates(words: string[], flagName: string, flagStems: Set<string>): boolean {
  return words.some((word) => prefixedFlagWord(word, flagName, flagStems) !== null);
}

/** The rest of a claim word after its negative prefix, when that rest is the flag's word; null otherwise. */
function prefixedFlagWord(word: string, flagName: string, flagStems: Set<string>): string | null {
  // A flag whose own name opens on the prefix (`non_refundable`, `unlimited`) is read by its whole name.
  if (/^\s*(?:non|un)/i.test(flagName)) return null;
  const prefix = NEGATIVE_PREFIX.exec(word);
  if (!prefix) return null;
  const rest = word.slice(prefix[0].length);
  return [...featuresOf(rest).stems].some((st) => [...flagStems].some((f) => stemsMeet(st, f))) ? rest : null;
}

/**
 * The edit that gives a true flag to a claim that denies it by a prefix: the one prefixed word loses its prefix
 * ("non-refundable" -> "refundable"). Null when no word, or more than one, carries it.
 */
function prefixEdit(claimText: string, path: string): { wrong: string; span: [number, number]; value: string } | null {
  const flagName = (segments(path).at(-1) ?? "").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  const flagStems = featuresOf(flagName).stems;
  const found = [...claimText.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)].flatMap((w) => {
    const rest = prefixedFlagWord(w[0], flagName, flagStems);
    return rest === null ? [] : [{ wrong: w[0], span: [w.index!, w.index! + w[0].length] as [number, number], value: rest }];
  });
  return found.length === 1 ? found[0]! : null;
}

function stemsMeet(a: string, b: string): boolean {
  return a === b || (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a)));
}

/** On-off words and their opposites. */
const OPPOSITE: Record<string, string> = {
  on: "off",
  off: "on",
  enabled: "disabled",
  disabled: "enabled",
  active: "inactive",
  inactive: "active",
  true: "false",
  false: "true",
};
/** A copula or a switching verb before an on-off word ("is on", "switched off", "set to true"). */
const ON_OFF =
  /\b(?:is|are|was|were|be|been|being|switched|turned|set(?: to)?)\s+(on|off|enabled|disabled|active|inactive|true|false)\b(?!\s+(?:the|a|an|its|their|his|her|my|your|our)\b)/gi;
/** A copula and the one word of the predicate after it, possibly negated ("are allowed", "isn't included"). */
const COPULA =
  /(?:\b(is|are|was|were|can|(?:has|have|had)(?:\s+already)?\s+been|can\s+be)|(?<=\b(?:it|that|this|he|she|there|here)|\b(?:you|we|they))(['’]s|['’]re))(?:(\s+not)|(n['’]t))?\s+(?:(an?)\s+)?(\p{L}[\p{L}-]*)/giu;
/** Words after a copula that open a noun phrase or an adverb, not a predicate one can negate in place. */
const NOT_PREDICATE = new Set(
  "a an the this that these those my your our their his her its some any all both each every no one there here also still now only just currently always never not".split(
    " ",
  ),
);

/** A word in the case style of another ("Off" for "On", "OFF" for "ON"). */
function inStyleOf(word: string, model: string): string {
  if (model.length > 1 && model === model.toUpperCase()) return word.toUpperCase();
  if (/^\p{Lu}/u.test(model)) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * The in-place edit that gives a boolean claim the field's polarity `truth`, when one predicate carries the
 * claim's: an on-off word after a copula or a switching verb is replaced by its opposite; otherwise a
 * copula and its one-word predicate gain or lose "not". `null` when the claim has no such predicate, or
 * more than one, or when the flag's own word (`flag` stems, when given) is neither the copula's predicate, nor
 * within three words after it, nor in the three words before the copula: "is served over TLS with HSTS
 * enabled" gains no "not" for `hsts: false`.
 */
export function polarityEdit(claimText: string, truth: boolean, flag?: Set<string>): { wrong: string; span: [number, number]; value: string } | null {
  const onOff = [...claimText.matchAll(ON_OFF)];
  if (onOff.length === 1) {
    const m = onOff[0]!;
    const word = m[1]!;
    const opposite = OPPOSITE[word.toLowerCase()]!;
    // The edit must give the field's polarity: "on" for a true field, "off" for a false one.
    if (TRUE_VALUE.test(opposite) !== truth) return null;
    const at = m.index! + m[0].length - word.length;
    if (NEGATION.test(claimText.slice(0, m.index) + claimText.slice(m.index! + m[0].length))) return null;
    return { wrong: word, span: [at, at + word.length], value: inStyleOf(opposite, word) };
  }
  if (onOff.length > 1) return null;
  const copulas = [...claimText.matchAll(COPULA)].filter((m) => !NOT_PREDICATE.has(m[6]!.toLowerCase()));
  if (copulas.length !== 1) return null;
  const m = copulas[0]!;
  const negated = m[3] !== undefined || m[4] !== undefined;
  // Another negation elsewhere ("Nobody is allowed", "no pets are welcome") is not the copula's to undo.
  const rest = claimText.slice(0, m.index) + claimText.slice(m.index! + m[0].length);
  if (negated !== truth || NEGATION.test(rest)) return null;
  // "has already been paid" is negated as "has not been paid"; "can" as "cannot"; "It's" as "It's not".
  const copula = (m[1] ?? m[2]!).replace(/\s+already(?=\s)/, "");
  const word = `${m[5] ? `${m[5]} ` : ""}${m[6]!}`;
  // The flag's word is the predicate, within the three words after it ("isn't set to auto-renew"), or the
  // subject right before the copula ("Dogs aren't allowed").
  const before = claimText.slice(0, m.index).split(/\s+/).filter(Boolean).slice(-3).join(" ");
  // The words after the predicate reach as far as its own phrase: in "is confirmed and non-refundable" the flag's
  // word is another predicate's, and "is not confirmed" would deny the wrong one.
  const after = claimText.slice(m.index! + m[0].length);
  const stop = REACH_BREAK.exec(after);
  const reach = `${before} ${word} ${(stop ? after.slice(0, stop.index) : after).split(/\s+/).slice(0, 4).join(" ")}`;
  if (flag && ![...featuresOf(reach).stems].some((x) => flag.has(x))) return null;
  // "is a private channel" negates as "is not a private channel" only when the flag is the word or the one
  // after the article ("private", "channel"): "is a plan with roaming" says roaming is missing, not the plan.
  if (m[5] !== undefined) {
    const own = `${m[6]!} ${/^\s*([\p{L}-]+)/u.exec(claimText.slice(m.index! + m[0].length))?.[1] ?? ""}`;
    if (!flag || ![...featuresOf(own).stems].some((x) => flag.has(x))) return null;
  }
  const value = negated
    ? `${copula} ${word}`
    : /^can$/i.test(copula)
      ? `${copula}not ${word}`
      : /^(?:has|have|had)\s+been$/i.test(copula)
        ? `${copula.replace(/\s+been$/, "")} not been ${word}`
        : `${copula} not ${word}`;
  return { wrong: m[0], span: [m.index!, m.index! + m[0].length], value };
}

/** Status classes of a general vocabulary: a value of one class is no value of another. */
const STATUS_CLASSES: Array<[string, RegExp]> = [
  ["delivered", /^(?:delivered|arrived)$/],
  ["in transit", /^(?:in[ _-]?transit|shipped|en[ _-]?route|out[ _-]for[ _-]delivery|on[ _-]its[ _-]way|dispatched)$/],
  // Waiting on someone's action: Stripe's `needs_response`, `requires_action`, `requires_payment_method`.
  [
    "pending",
    /^(?:pending|processing|awaiting[ _-]\w+|queued|waiting|on[ _-]hold|requested|proposed|draft|(?:under|in|pending)[ _-]review|needs[ _-]\w+|requires[ _-]\w+(?:[ _-]\w+)?|action[ _-]required)$/,
  ],
  // A contest's outcome (a dispute, a bid, a case): `won`, `lost`.
  ["won", /^(?:won|win)$/],
  ["lost", /^(?:lost|forfeited)$/],
  ["cancelled", /^(?:cancell?ed|voided|void|aborted|withdrawn)$/],
  ["success", /^(?:success|succeeded|successful|passed|passing|pass|green)$/],
  ["healthy", /^(?:healthy|ok|operational|up|normal)$/],
  ["degraded", /^(?:degraded|unhealthy|down|outage|impaired)$/],
  ["approved", /^(?:approved|accepted|authori[sz]ed|granted)$/],
  ["confirmed", /^(?:confirmed|booked|reserved)$/],
  ["rejected", /^(?:rejected|declined|denied)$/],
  ["refunded", /^(?:refunded|reversed)$/],
  // A container's crash or pull loop (`CrashLoopBackOff`, `ImagePullBackOff`, `OOMKilled`) is a failure too.
  [
    "failure",
    /^(?:failure|failed|failing|fail|error|errored|broken|red|timed[ _-]out|crash(?:ed|ing)?|crashloopbackoff|imagepullbackoff|errimagepull|oomkilled)$/,
  ],
  ["in progress", /^(?:in[ _-]progress|running|ongoing|started)$/],
  ["active", /^(?:active|live|activated)$/],
  ["suspended", /^(?:frozen|locked|suspended|blocked|deactivated|inactive)$/],
  ["open", /^(?:open|opened|reopened)$/],
  ["closed", /^(?:closed|resolved|done|completed?|finished|merged)$/],
  ["scheduled", /^(?:scheduled|planned|upcoming)$/],
  ["delayed", /^(?:delayed|late)$/],
  ["on time", /^(?:on[ _-]time)$/],
  ["paid", /^(?:paid|settled)$/],
  ["unpaid", /^(?:unpaid|overdue|outstanding|due)$/],
  ["paused", /^(?:paused|stopped|halted)$/],
  ["no data", /^(?:no[ _-]?data)$/],
];

/** Classes near enough that one does not rule out the other ("degraded" and "error", "paid" and "approved"). */
const NEAR_CLASSES = new Set([
  // A confirmed booking or order goes on to other stages and stays confirmed: only a pending, cancelled,
  // rejected or failed one is not.
  ...["approved", "active", "paid", "scheduled", "success", "in transit", "delivered", "closed", "in progress", "on time", "delayed", "open", "unpaid"].flatMap(
    (c) => [`confirmed|${c}`, `${c}|confirmed`],
  ),
  "degraded|failure",
  "failure|degraded",
  "approved|paid",
  "paid|approved",
  "approved|success",
  "success|approved",
  "approved|active",
  "active|approved",
  "paused|suspended",
  "suspended|paused",
  "paid|success",
  "success|paid",
  "paid|closed",
  "closed|paid",
  // A closed contest was won or lost; a win is a success, a loss a failure.
  ...["closed", "success"].flatMap((c) => [`won|${c}`, `${c}|won`]),
  ...["closed", "failure"].flatMap((c) => [`lost|${c}`, `${c}|lost`]),
]);

/**
 * Health is another dimension than a lifecycle or an outcome: a pod that is `Running` may be healthy, a
 * `succeeded` job too. Only a failure or a degradation rules it out.
 */
const HEALTH_EXCLUDES = new Set(["degraded", "failure", "suspended", "no data"]);

/** Whether two status classes rule each other out. */
export function exclusive(a: string, b: string): boolean {
  if (a === "healthy" || b === "healthy") return HEALTH_EXCLUDES.has(a === "healthy" ? b : a);
  return a !== b && !NEAR_CLASSES.has(`${a}|${b}`);
}

/** The class of a status word or value, or null when it is not in the vocabulary. */
export function statusClass(word: string): string | null {
  const w = word.trim().toLowerCase();
  for (const [name, re] of STATUS_CLASSES) if (re.test(w)) return name;
  // A qualified value (`rider_canceled`, `payment_failed`): the class of its one status word.
  const parts = w.split(/[_\s-]+/);
  // A degree or a negation ("partially_refunded", "not_started") is another status than its word's.
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => /^(?:partially|partial|partly|half|not|non|pre|semi|un)$/.test(p))) return null;
  const classes = new Set<string>();
  for (const part of parts) for (const [name, re] of STATUS_CLASSES) if (re.test(part)) classes.add(name);
  return classes.size === 1 ? [...classes][0]! : null;
}

/**
 * A status the claim gives its subject: a status word after a form of "be"/"have been" (a contracted "'s" or
 * "'re" too: "Pepper's available") or as its verb.
 */
const CLAIM_STATUS =
  /\b(?:is|are|was|were|['’]s|['’]re|has been|have been|had been|got|is still|are still|was still|is now|are now|has|have|were both|are both|both)\s+(?:not\s+|already\s+|still\s+|now\s+|been\s+)*([a-z]+(?:[ -](?:transit|progress|time|hold|route|delivery))?)\b|\b(failed|succeeded|passed|arrived|shipped|delivered|(?:finished|completed|ended) successfully)\b/gi;
const STATUS_END =
  /^\s*(?:$|[.,;:!?)\u2013\u2014-]|(?:to|on|at|by|in|for|since|with|and|but|yet|already|now|today|yesterday|too|as well|because|after|until|while|when|though|although|so|due)\b)/i;
/** A clause opened inside the claim before a bare status verb: "is Pending because its image pull failed". */
const SUBORDINATE = /\b(?:because|since|after|when|while|although|though|which|that|whose|but|and|so|as|until|before|if|unless)\b/i;
/** An amount right before the status verb: "$150 has already been", "$470 is", "€20 of it was". */
export const AMOUNT_SUBJECT =
  /[$€£¥]\s?\d[\d,.]*\s*(?:[kKmM]\b|\p{L}+\b)?\s*(?:of it\s+)?(?:(?:has|have|had|is|are|was|were|got)\s+)?(?:(?:already|still|now|not|been|fully|just)\s+)*$/u;
/** A personal pronoun as the subject right before the status verb: "she's", "you have", "I". */
const PERSON_SUBJECT =
  /\b(?:i|you|he|she|we)(?:['’](?:s|ve|re|d|m)\s+|\s+(?:has|have|had|is|are|was|were)\s+|\s+)(?:(?:already|just|not|now|never|been)\s+)*$/i;
/** The text before a word ends inside a clause of time: "... the day after it was". */
const IN_SUBORDINATE = /\b(?:after|before|since|when|until|once|because)\b[^,;.:—]*$/i;
const STATUS_KEY = /(?:^|[.\]_-])(?:status|state|conclusion|phase|result|outcome)$|[a-z](?:Status|State)$/i;

/** The status word a claim gives its subject, its class and span, and the subject's status fields. */
interface StatusReading {
  word: string;
  cls: string;
  at: number;
  /** Every status field of the session. */
  fields: FieldLine[];
  /** Those of the claim's subject: picked by a name or id it states, else by its subject noun. */
  candidates: FieldLine[];
  /** The subject's status is the claim's word under a modifier that denies it (`pending_confirmation`). */
  modified?: boolean;
}

/** Parts of a status value that say its status word has not (fully) happened. */
const DENYING_PART = /^(?:pending|awaiting|partially|partial|partly|not|non|un|pre|needs|requires|unconfirmed)$/;

/**
 * Whether a status value is the claim's status word under a modifier that denies it: `pending_confirmation`
 * or `awaiting_confirmation` for "confirmed", `partially_refunded` for "refunded", `not_started` for
 * "started". The value says the word's state is not (or not fully) reached.
 */
export function deniedStatus(value: string, word: string): boolean {
  const parts = value
    .trim()
    .toLowerCase()
    .split(/[_\s-]+/);
  if (parts.length < 2 || parts.length > 3 || !parts.some((p) => DENYING_PART.test(p))) return false;
  const stem = stemOf(word.toLowerCase().replace(/ly$/, ""));
  return stem.length >= 4 && parts.some((p) => !DENYING_PART.test(p) && (stemOf(p) === stem || (stemOf(p).startsWith(stem) && stem.length >= 5)));
}

/** An array of past events: a shipment's scans, an order's history, a job's transitions. */
const HISTORY_PATH =
  /(?:^|[._])(?:history|histories|events|tracking[_-]?details|tracking[_-]?events|timeline|checkpoints|scans|transitions|status[_-]?updates|updates|activities|activity|log|logs|audit[_-]?log|changelog)\[\d+\]/i;

function statusReading(claimText: string, names: readonly string[], ledger: EvidenceLedger): StatusReading | null {
  let word: string | null = null;
  let cls: string | null = null;
  let at = -1;
  for (const m of claimText.matchAll(CLAIM_STATUS)) {
    const w = m[1] ?? m[2]!;
    // "finished successfully", "completed successfully": a run that succeeded.
    const c = /successfully$/i.test(w) ? "success" : statusClass(w);
    // A status ends its phrase ("has been delivered.", "delivered on 3 May"); "is running more than half an
    // hour late" uses the word as a verb of something else.
    // "due at 14:40", "due by Friday": a schedule, not the unpaid status.
    if (c && /^due$/i.test(w) && /^\s+(?:at|by|on|in|to|for|\d)/i.test(claimText.slice(m.index! + m[0].length))) continue;
    // "was scheduled to depart at 10:15", "is planned to ship on Friday": a plan for an event, not the status.
    if (c && /^(?:scheduled|planned|slated|expected)$/i.test(w) && /^\s+to\s+\p{L}/u.test(claimText.slice(m.index! + m[0].length))) continue;
    // "is down to 11.2%", "is up by 5%": a change of a figure, not a health.
    if (c && /^(?:up|down)$/i.test(w) && /^\s+(?:to|by|from)\s+(?:about\s+|around\s+)?[-+$€£]?\d/i.test(claimText.slice(m.index! + m[0].length))) continue;
    // A bare verb ("failed") after a clause opens ("because its image pull failed") has another subject.
    if (c && m[1] === undefined && SUBORDINATE.test(claimText.slice(0, m.index))) continue;
    // Any status in a subordinate clause of time ("closed the day after it was opened") is another
    // state than the one the claim gives.
    if (c && IN_SUBORDINATE.test(claimText.slice(0, m.index))) continue;
    // "of which $150 has already been paid", "$470 is outstanding": a status an amount has is a payment
    // fact, not the status of the entity the amount belongs to.
    // "which she's declined", "you have approved": what a person did is an act of theirs, not the status of
    // the thing they did it to.
    const before = claimText.slice(0, m.index! + m[0].lastIndexOf(w));
    // Not an amount that only qualifies the entity named before it ("Payout po_1002 of $1,299.00 has been paid").
    const qualifier =
      /\b[A-Za-z]*[_-]?[A-Za-z]*\d[\w-]*\s+(?:of|for|worth)\s+[$€£¥]\s?\d[\d,.]*\s*(?:has|have|had|is|are|was|were)?\s*(?:(?:already|still|now|not|been|fully|just)\s+)*$/.test(
        before,
      );
    if (c && ((AMOUNT_SUBJECT.test(before) && !qualifier) || PERSON_SUBJECT.test(before))) continue;
    if (c && STATUS_END.test(claimText.slice(m.index! + m[0].length))) {
      word = w;
      cls = c;
      at = m.index! + m[0].lastIndexOf(w);
      break;
    }
  }
  if (!word || !cls) return null;
  // A status in a history of events (`tracking_details[1].status`, `events[0].state`) is a past state, no
  // present status of the entity.
  const fields = fieldLines(ledger, "categorical-statuses", (l) => STATUS_KEY.test(l.path) && statusClass(l.value) !== null && !HISTORY_PATH.test(l.path));
  if (fields.length === 0) return null;
  // The subject must be picked by a name or id the claim states and a record or element holds: "A payment
  // arrived" says nothing of the invoice's own `status`, even when it is the only status recorded.
  // A numbered item ("#30415 is still open") is the element whose number or id field holds the number; one
  // whose status is outside the vocabulary ("acknowledged") settles nothing.
  const ids = [...claimText.matchAll(/#(\d+)\b/g)].map((m) => m[1]!);
  if (ids.length > 0) {
    const every = fieldLines(ledger, "categorical-statuses-any", (l) => STATUS_KEY.test(l.path) && !HISTORY_PATH.test(l.path));
    const own = ids.flatMap((n) => numberedRows(every, ledger, n));
    // A field with no value (`conclusion: null` while the run is in progress) states no status at all.
    if (own.some((l) => statusClass(l.value) === null && !/^(?:null|none|)$/i.test(l.value.trim()))) return null;
  }
  // Likewise an entity the claim names ("Metformin is waiting on ...") whose own status is outside the
  // vocabulary (`needs_prescriber_auth`): another element's status is no value of it.
  if (ids.length === 0 && names.length > 0) {
    const every = fieldLines(ledger, "categorical-statuses-any", (l) => STATUS_KEY.test(l.path) && !HISTORY_PATH.test(l.path));
    const own = pickEntity(every, ledger, names);
    if (own !== every && own.length > 0 && own.every((l) => statusClass(l.value) === null)) return null;
    // The entity's status may be the claim's word under a modifier that denies it ("Mei Tanaka's filling is
    // confirmed" against `status: pending_confirmation`): that rules the claim's status out. A possessive
    // names its owner's element here: the status word is the one the element's value modifies.
    const owner = pickEntity(
      every,
      ledger,
      names.map((n) => n.replace(/['’]s$/, "")),
    );
    if (owner !== every && owner.length === 1 && deniedStatus(owner[0]!.value, word)) return { word, cls, at, fields, candidates: owner, modified: true };
  }
  const numbered = ids.flatMap((n) => numberedRows(fields, ledger, n));
  const candidates =
    numbered.length > 0
      ? numbered
      : names.length > 0
        ? pickEntityStrict(fields, ledger, names, true)
        : bySubjectNoun(fields, claimText.slice(0, Math.max(0, at)));
  return { word, cls, at, fields, candidates };
}

/**
 * Checks the status a claim gives its subject against the subject's status field.
 * @returns null when the claim states no status of the vocabulary, or the subject's field is not known.
 */
export function checkStatusField(claimText: string, names: readonly string[], ledger: EvidenceLedger): CategoricalCheck | null {
  const reading = statusReading(claimText, names, ledger);
  if (!reading) return null;
  const { word, cls, at, fields } = reading;
  let { candidates } = reading;
  // Nothing picks the subject, but the session holds one status of the vocabulary, and it is the claim's
  // ("Your line is active" against `subStatus: Active`): that agrees. A difference there settles nothing.
  if (
    candidates.length === 0 &&
    names.length === 0 &&
    fields.length === 1 &&
    statusClass(fields[0]!.value) === cls &&
    !/\b(?:not|never|n't)\b|n['’]t\b/i.test(claimText)
  )
    candidates = fields;
  if (candidates.length === 0) return eachNamed(claimText, names, fields, ledger, cls, word, at);
  // Records that only refer to the named entity (an invoice's `shipment_id: SHP-1`) hold their own status:
  // where a record's identity is the name (`shipment_id: SHP-1` as its first field), its status is the one.
  const identified = candidates.filter((l) => l.row === "" && names.some((n) => recordIdentity(ledger, l.evidenceId) === n.toLowerCase()));
  if (identified.length > 0) candidates = identified;
  const classes = new Set(candidates.map((l) => statusClass(l.value)));
  if (classes.size !== 1 && !reading.modified) return eachNamed(claimText, names, fields, ledger, cls, word, at);
  const field = candidates[0]!;
  const negated = /\b(?:not|never|n't)\b|n['’]t\b/i.test(claimText);
  const same = !reading.modified && statusClass(field.value) === cls;
  if (!same && !reading.modified && !exclusive(statusClass(field.value)!, cls)) return null;
  // "was shipped on 3 May" of an order now `delivered`: a past event of an earlier stage, which the record's
  // later stage implies.
  if (
    !same &&
    !reading.modified &&
    !negated &&
    pastEvent(word, claimText.slice(0, at)) &&
    impliedByLaterStage(cls, statusClass(field.value)!) &&
    !moneyInTransit(fields, field, cls)
  )
    return null;
  const agrees = negated ? !same : same;
  if (!agrees && describesOther(claimText, word, candidates, fields, ledger, cls)) return null;
  const value = field.value.replace(/_/g, " ");
  return {
    agrees,
    quote: quoteOf(field),
    kind: "status",
    note: `${field.path}: ${field.value} is ${same ? "the" : "not the"} status the claim gives (${word})`,
    status: statusEdit(claimText, word, at, value),
  };
}

/**
 * Whether "paid" is a later stage than the element's `in_transit`, as for payouts and transfers (money on its
 * way is not yet paid): the element's field takes `paid` in other elements and never a delivery stage. For
 * an order, whose field takes `delivered`, goods in transit were paid for.
 */
function moneyInTransit(fields: readonly FieldLine[], field: FieldLine, cls: string): boolean {
  if (cls !== "paid" || statusClass(field.value) !== "in transit") return false;
  const skeleton = (l: FieldLine) => `${l.evidenceId}\u0000${l.path.replace(/\[\d+\]/g, "[]")}`;
  const classes = new Set(fields.filter((l) => skeleton(l) === skeleton(field)).map((l) => statusClass(l.value)));
  return classes.has("paid") && !classes.has("delivered");
}

/** The values of an array element's own lines, as stems (`data[2].category: paint`, `data[2].unit: 102`). */
function rowValueStems(l: FieldLine, ledger: EvidenceLedger): Set<string> {
  if (l.row === "") return new Set();
  const prefix = `${l.row}.`;
  const values = (ledger.get(l.evidenceId)?.text ?? "")
    .split("\n")
    .filter((x) => x.startsWith(prefix))
    .map((x) => x.slice(x.indexOf(": ") + 2));
  return featuresOf(values.join(" ")).stems;
}

/**
 * Whether another element with the claim's status holds words of the claim that the picked element lacks
 * ("The paint job in 102 is in progress with FixRight": FixRight's ticket is closed, but the paint ticket of
 * unit 102 is in progress): the claim may be about that element, so its status contradicts nothing.
 */
function describesOther(claimText: string, word: string, picked: FieldLine[], fields: FieldLine[], ledger: EvidenceLedger, cls: string): boolean {
  const claim = featuresOf(claimText.replace(word, " ")).stems;
  const own = new Set(picked.flatMap((l) => [...rowValueStems(l, ledger)]));
  const words = [...claim].filter((w) => !own.has(w));
  if (words.length === 0) return false;
  return fields.some((l) => !picked.includes(l) && l.row !== "" && statusClass(l.value) === cls && words.some((w) => rowValueStems(l, ledger).has(w)));
}

/** Classes of where a thing is in its life, not how it came out. */
const LIFECYCLE = new Set(["open", "closed", "in progress", "scheduled"]);

/** An element's outcome fields (`conclusion: failure`) over its lifecycle ones (`status: completed`), when it has both. */
function outcomes(lines: FieldLine[]): FieldLine[] {
  const outcome = lines.filter((l) => !LIFECYCLE.has(statusClass(l.value)!));
  return outcome.length > 0 ? outcome : lines;
}

/** The status fields of the array elements whose number or id field is `n` (`workflow_runs[0].run_number: 88`). */
function numberedRows(fields: FieldLine[], ledger: EvidenceLedger, n: string): FieldLine[] {
  return fields.filter((l) => {
    if (l.row === "") return false;
    const text = ledger.get(l.evidenceId)?.text ?? "";
    const prefix = `${l.row}.`;
    return text.split("\n").some((line) => {
      if (!line.startsWith(prefix)) return false;
      const m = /^([^:]+): (.*)$/.exec(line.slice(prefix.length));
      return m !== null && /(?:^|_)(?:number|num|no|id)$|Number$/i.test(m[1]!) && m[2]!.trim() === n;
    });
  });
}

/**
 * A status the claim gives several named entities at once ("runs #88 and #87 both succeeded"): each name must
 * pick its own element with one status; one of another class denies the claim (no in-place fix: the word is
 * right for the others). Null when a name picks nothing or several statuses, or the claim is negated.
 */
function eachNamed(
  claimText: string,
  names: readonly string[],
  fields: FieldLine[],
  ledger: EvidenceLedger,
  cls: string,
  word: string,
  at: number,
): CategoricalCheck | null {
  // Numbered items ("runs #88 and #87") name the elements whose number or id field holds the number.
  const numbered = [...claimText.matchAll(/#(\d+)\b/g)].map((m) => m[1]!);
  const all = [...names.filter((n) => !/^#?\d+$/.test(n)), ...numbered.map((n) => `#${n}`)];
  if (all.length < 2 || !/\b(?:both|all|each|and)\b/i.test(claimText) || /\b(?:not|never|neither|nor|n't)\b|n['’]t\b/i.test(claimText)) return null;
  const own: FieldLine[] = [];
  for (const name of all) {
    const picked = outcomes(name.startsWith("#") ? numberedRows(fields, ledger, name.slice(1)) : pickEntityStrict(fields, ledger, [name], true));
    // A name held by several elements ("on `main`", the branch of every run) scopes the claim; it names none.
    if (!name.startsWith("#") && new Set(picked.map((l) => `${l.evidenceId}|${l.row}`)).size > 1) continue;
    if (picked.length === 0 || new Set(picked.map((l) => statusClass(l.value))).size !== 1 || picked.every((l) => l.row === "")) return null;
    own.push(picked[0]!);
  }
  if (own.length < 2) return null;
  const event = pastEvent(word, claimText.slice(0, at));
  const denying = own.find(
    (l) => statusClass(l.value) !== cls && exclusive(statusClass(l.value)!, cls) && !(event && impliedByLaterStage(cls, statusClass(l.value)!)),
  );
  if (!denying && own.some((l) => statusClass(l.value) !== cls)) return null;
  const field = denying ?? own[0]!;
  return {
    agrees: denying === undefined,
    quote: quoteOf(field),
    kind: "status",
    note: `${own.map((l) => `${l.path}: ${l.value}`).join(", ")}: ${denying ? "not each" : "each"} the status the claim gives (${word})`,
    status: { wrong: word, span: [at, at + word.length], value: field.value.replace(/_/g, " ") },
    noFix: true,
  };
}

/**
 * The status word the claim gives its subject when the subject's status fields leave it undecided (else
 * null): they state other statuses than the claim's and disagree with each other. Its other figures and
 * names then do not carry the claim: the status is what it says.
 */
export function statusUndecided(claimText: string, names: readonly string[], ledger: EvidenceLedger): string | null {
  const reading = statusReading(claimText, names, ledger);
  if (!reading || reading.candidates.length === 0 || checkStatusField(claimText, names, ledger) !== null) return null;
  // Only where every one of the subject's own status fields states another status than the claim's.
  return reading.candidates.every((l) => statusClass(l.value) !== reading.cls) ? reading.word : null;
}

/** Statuses that read as a state after "is" ("in progress", "pending", "open"), not as a verb or a noun ("success"). */
const STATE_PHRASE = /^(?:in|on|under|awaiting|pending|open|active|inactive|queued|running|scheduled|paused|idle|draft|overdue|due|unpaid)\b/i;

/**
 * The in-place edit of a status word: the word itself ("has been delivered" -> "has been in transit"), or with
 * the auxiliary of a perfect verb, which a state does not take ("has settled" -> "is pending").
 */
function statusEdit(claimText: string, word: string, at: number, value: string): { wrong: string; span: [number, number]; value: string } {
  const aux = /\b(has|have|had)\s+$/i.exec(claimText.slice(0, at));
  // A bare verb ("The run finished successfully") takes a copula before a state that is no verb: "is in
  // progress", not "The run in progress".
  const copula = /\b(?:is|are|was|were|be|been|being|got|still|now|already|not)\s+$|['’](?:s|re)\s+$/i.test(claimText.slice(0, at));
  if (!aux && !copula && STATE_PHRASE.test(value)) return { wrong: word, span: [at, at + word.length], value: `is ${value}` };
  if (!aux) return { wrong: word, span: [at, at + word.length], value };
  const be = { has: "is", have: "are", had: "was" }[aux[1]!.toLowerCase() as "has" | "have" | "had"];
  return { wrong: claimText.slice(aux.index, at + word.length), span: [aux.index, at + word.length], value: `${be} ${value}` };
}

/**
 * Without a name, the claim's subject noun picks the records whose tool or field path names it ("Your card
 * is active" reads `get_card`'s `status`; "A payment arrived" reads no invoice's). Top-level fields only.
 */
function bySubjectNoun(fields: FieldLine[], before: string): FieldLine[] {
  // Three letters name things too ("Run 4812 passed", "the job", "the pod"); function words do not.
  const nouns = (before.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter(
    (w) =>
      !STOP_WORDS.has(w) &&
      !NEGATIONS.has(w) &&
      !/^(?:your|their|this|that|these|those|have|been|still|status|state|currently|already|which|there|now|yet|new|old|all|its|our)$/.test(w),
  );
  if (nouns.length === 0) return [];
  const names = (l: FieldLine) => `${l.source} ${l.path}`.toLowerCase().replace(/[_.()="]/g, " ");
  return fields.filter((l) => l.row === "" && nouns.some((n) => new RegExp(`(?:^|[^\\p{L}])${n}(?:s|es)?(?:$|[^\\p{L}])`, "u").test(names(l))));
}

/** Like `pickEntity`, but nothing when no record or element holds the claim's names. */
function pickEntityStrict(lines: FieldLine[], ledger: EvidenceLedger, names: readonly string[], always = false): FieldLine[] {
  const picked = pickEntity(lines, ledger, names);
  return picked === lines && (always || lines.length > 1) ? [] : picked;
}

/** Level words of a priority or severity field, by rank: a claim's level of another rank differs. */
const LEVEL_RANKS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:lowest|trivial)$/i, 0],
  [/^(?:low|minor)$/i, 1],
  [/^(?:normal|medium|moderate)$/i, 2],
  [/^(?:high|major)$/i, 3],
  [/^(?:urgent|critical|highest|blocker)$/i, 4],
];
/** Keys whose values are levels: `priority`, `severity`, `urgency`, `risk_level`. */
const LEVEL_KEY = /(?:^|[.\]_-])(?:priority|severity|urgency|risk(?:_?level)?|impact)$|[a-z](?:Priority|Severity)$/i;

/** Words that quantify over a group or leave some of it out. */
const GROUP_WORDS = /\b(?:every|all|each|both|none|neither|except|only|most|some|any|other|others)\b/i;

function levelRank(word: string): number | null {
  for (const [re, rank] of LEVEL_RANKS) if (re.test(word.trim())) return rank;
  return null;
}

/**
 * A level the claim gives a level field it names ("priority low", "is high severity", "the priority is
 * low") against the entity's field (`priority: high`): another rank contradicts, corrected in place to the
 * field's value; the same rank agrees. Only when the claim's level word sits within two words of the field's
 * word, and the entity's level fields agree; else null.
 */
export function checkLevelField(claimText: string, names: readonly string[], ledger: EvidenceLedger): CategoricalCheck | null {
  // A claim over a group ("every incident except the ETL one") gives no one entity its level.
  if (GROUP_WORDS.test(claimText)) return null;
  const fields = fieldLines(ledger, "categorical-levels", (l) => LEVEL_KEY.test(l.path) && levelRank(l.value) !== null);
  if (fields.length === 0) return null;
  const words = [...claimText.matchAll(/\p{L}+/gu)];
  for (const [k, m] of words.entries()) {
    const rank = levelRank(m[0]);
    if (rank === null) continue;
    const near = words.slice(Math.max(0, k - 3), k + 3).filter((_, i) => i !== Math.min(3, k));
    const named = fields.filter((l) => {
      const key = featuresOf(segments(l.path).at(-1) ?? "").stems;
      return near.some((w) => [...featuresOf(w[0]).stems].some((s) => key.has(s)));
    });
    if (named.length === 0) continue;
    const candidates = names.length > 0 ? pickEntityStrict(named, ledger, names) : named.length === 1 ? named : [];
    if (candidates.length === 0 || !candidates.every((l) => levelRank(l.value) === levelRank(candidates[0]!.value))) return null;
    const field = candidates[0]!;
    const agrees = levelRank(field.value) === rank && !/\b(?:not|never)\b|n['’]t\b/i.test(claimText);
    return {
      agrees,
      quote: quoteOf(field),
      kind: "status",
      note: `${field.path}: ${field.value} is ${agrees ? "the" : "not the"} level the claim gives (${m[0]})`,
      ...(agrees ? {} : { status: { wrong: m[0], span: [m.index!, m.index! + m[0].length] as [number, number], value: field.value } }),
    };
  }
  return null;
}
