/**
 * The figures, dates and versions stated in an evidence passage, each with the words of its line (its
 * slot: for flattened JSON the key path, for prose the sentence) so tier 0 can tell which value the
 * evidence gives for the slot a claim talks about.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { TEXT_KEY_LINE } from "../ledger/text-tables.js";
import { extractDates } from "../quantity/date-parse.js";
import { extractQuantities } from "../quantity/quantity-extract.js";
import { extractNames, numberWordInName } from "../quantity/names.js";
import type { DateMention, Dimension, NameMention, Quantity } from "../quantity/types.js";
import type { Chunk, EvidenceQuote } from "../schema.js";
import type { ClockTime } from "./clock-times.js";
import { stemOf, tokenize } from "../text/tokenize.js";
import { countFacts } from "./array-counts.js";
import { MONEY_FIELD } from "./money-field.js";
import { inlineFields, separatedFields, spacedFields } from "./inline-fields.js";
import { keyedTimestamp } from "./keyed-timestamps.js";
import { featuresOf, sentenceSpans, sentencesOf, type EvidenceSentence } from "./lexical-features.js";

export type FactValue =
  | { type: "quantity"; q: Quantity }
  | { type: "date"; d: DateMention }
  | { type: "version"; v: string }
  | { type: "name"; n: NameMention }
  | { type: "time"; t: ClockTime };

export interface EvidenceFact {
  value: FactValue;
  /**
   * Stems of the value's slot: for JSON the key path and the rest of the value; for prose the words near
   * the value (same table cell or clause, up to ~60 characters before and ~30 after), its unit noun kept.
   */
  slot: Set<string>;
  /** Stems of the whole line or sentence (a weaker signal than the slot). */
  context: Set<string>;
  /**
   * For a value inside an array of objects (`rows[2].installed_size_kb`), the text of its row: a row is one
   * entity (one package, one order), so the claim's subject must be named there, not just in the record.
   */
  row?: string;
  /** Length of the element's own lines at the start of `row`; what follows are the lines of the elements holding it. */
  rowOwnEnd?: number;
  /** Which array element the value belongs to (`<evidence id>:forecast[1]`), for values inside arrays. */
  rowId?: string;
  /** The value sits in structured output: under a key (JSON, "Key: value" line) or in a table row. */
  structured: boolean;
  /** Stems of the key path alone (JSON) or empty (prose). */
  key: Set<string>;
  /** The key of an inline `key=value` field (`churned_users` in `October: churned_users=1020`); else the quote's `path: ` prefix names it. */
  field?: string;
  /** The value's own span in the evidence record's text. */
  span: [number, number];
  /** The whole line or sentence, as a quote. */
  quote: EvidenceQuote;
  chunk: Chunk;
}

/** The key a value sits under: an inline pair's own key, else the quote's `path: ` prefix (`items[3].to`); "" for prose. */
export function fieldPath(f: EvidenceFact): string {
  const colon = f.quote.text.indexOf(": ");
  return f.field ?? (colon > 0 ? f.quote.text.slice(0, colon) : "");
}

/** A passage with its facts and the stems of its whole evidence record (the subject context). */
export interface PassageFacts {
  chunk: Chunk;
  facts: EvidenceFact[];
}

/**
 * Versions: semver-like `18.0.10`, `v1.2.3`, Debian `1.22.1-9+deb12u11`, `9.0.1378-2`, a build `10.0.19045.3803`.
 * Four parts of at most 255 each are an IPv4 address ("198.51.100.42"), an identifier, no version.
 */
export const VERSION =
  /(?<![\w.])(?!(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?!\w|\.\d))v?(?:\d+\.\d+\.\d+(?:\.\d+)*(?:[-+~][\w.+~]*[\w])?|\d+\.\d+[-+~][\w.+~]*[\w])(?![\w]|\.\d)/g;

/**
 * Units implied by a key name: apt's `Installed-Size` is in KiB, `free_bytes` in bytes, `latency_ms` in ms,
 * `delay_minutes` in minutes, `weight_kg` in kg, `distance_km` in km.
 * Factor converts to the base unit of the dimension (bytes, ms).
 */
const KEY_UNITS: Array<[RegExp, Dimension, number, string]> = [
  [/installed[-_ ]?size$/i, "data", 1024, "kB"],
  [/(?:^|[_\-.])(?:kb|kib)$|K[Bb]$/, "data", 1000, "KB"],
  [/(?:^|[_\-.])(?:mb|mib)$|M[Bb]$/, "data", 1e6, "MB"],
  [/(?:^|[_\-.])(?:gb|gib)$|G[Bb]$/, "data", 1e9, "GB"],
  [/(?:^|[_\-.])bytes?$|Bytes$|^size$/i, "data", 1, "B"],
  // Case matters: `latencyMs` is in ms, `total_rooms` is not.
  [/(?:^|[_\-.])(?:ms|MS)$|[a-z]Ms$|[mM]illis(?:econds)?$/, "time", 1, "ms"],
  [/(?:^|[_\-.])(?:s|secs?|seconds)$|Seconds$/, "time", 1000, "s"],
  // Not a bare `_min`: `temp_min`, `price_min` are minimums, not minutes.
  [/(?:^|[_\-.])(?:mins|minutes?)$|Minutes?$|Mins$/, "time", 60_000, "min"],
  [/(?:^|[_\-.])(?:h|hrs?|hours?)$|Hours?$|Hrs?$/, "time", 3_600_000, "h"],
  [/(?:^|[_\-.])days$|Days$/, "time", 86_400_000, "days"],
  // A record's time to live or a cache lifetime counts seconds: DNS TTLs (RFC 1035 §3.2.1), `max-age` (RFC
  // 9111 §5.2). Not a qualified one: Redis's `avg_ttl` counts milliseconds.
  [/^ttl$|^max[_-]?age$|^maxAge$/i, "time", 1000, "s"],
  [/(?:^|[_\-.])kg$|Kg$/, "mass", 1000, "kg"],
  [/(?:^|[_\-.])(?:g|grams?)$|Grams?$/, "mass", 1, "g"],
  [/(?:^|[_\-.])(?:lbs?|pounds?)$|Lbs?$|Pounds?$/, "mass", 453.59237, "lb"],
  [/(?:^|[_\-.])km$|Km$/, "length", 1000, "km"],
  [/(?:^|[_\-.])(?:m|meters?|metres?)$|Meters?$|Metres?$/, "length", 1, "m"],
  [/(?:^|[_\-.])cm$|Cm$/, "length", 0.01, "cm"],
  [/(?:^|[_\-.])mm$|Mm$/, "length", 0.001, "mm"],
  [/(?:^|[_\-.])(?:mi|miles?)$|Miles?$/, "length", 1609.344, "mi"],
  [/(?:^|[_\-.])kwh$|K[Ww]h$/, "energy", 1000, "kWh"],
  [/(?:^|[_\-.])mwh$|M[Ww]h$/, "energy", 1e6, "MWh"],
  [/(?:^|[_\-.])kw$|K[Ww]$/, "power", 1000, "kW"],
  [/(?:^|[_\-.])kpa$|K[Pp]a$/, "pressure", 1000, "kPa"],
  [/(?:^|[_\-.])hpa$|H[Pp]a$/, "pressure", 100, "hPa"],
  [/(?:^|[_\-.])mpa$|M[Pp]a$/, "pressure", 1e6, "MPa"],
  [/(?:^|[_\-.])mhz$|M[Hh]z$/, "frequency", 1e6, "MHz"],
  [/(?:^|[_\-.])ghz$|G[Hh]z$/, "frequency", 1e9, "GHz"],
  [/(?:^|[_\-.])mph$|Mph$/, "speed", 0.44704, "mph"],
  [/(?:^|[_\-.])(?:kph|kmh)$|K(?:ph|mh)$/, "speed", 1 / 3.6, "km/h"],
  [/(?:^|[_\-.])(?:kts?|knots)$|Knots$/, "speed", 1852 / 3600, "kn"],
  [/(?:^|[_\-.])bps$|Bps$/, "bitrate", 1, "bps"],
  [/(?:^|[_\-.])kbps$|Kbps$/, "bitrate", 1e3, "kbps"],
  [/(?:^|[_\-.])mbps$|Mbps$/, "bitrate", 1e6, "Mbps"],
  [/(?:^|[_\-.])gbps$|Gbps$/, "bitrate", 1e9, "Gbps"],
];

type KeyUnit = { dimension: Dimension; factor: number; unit: string };
/** Keys that hold a span of time: a bare "m" in their value counts minutes (`DURATION: 42m`, `elapsed: 12m`). */
const TIME_KEY = /(?:^|[_\-.\s])?(?:duration|elapsed|runtime|run[_ -]?time|took|age|uptime|wait|delay|latency|time|ttl|timeout|eta)$/i;
/** A key that ends in a rate's denominator: `_per_hour`, `PerSecond`, `_per_kg`, `/min`. */
const PER_UNIT_KEY = /(?:^|[_\-.])per[_\-.]\w+$|[a-z]Per[A-Z]\w*$|\/\w+$/;
/** Words that make a miles key a loyalty balance: "award", "bonus", "qualifying", "expiring", "redeemable". */
const LOYALTY_MILES = /award|reward|bonus|qualif|tier|loyal|redeem|expir|earn|balance|status|point|frequent|accru/i;
/** Last key segments already read (keys recur across records and array elements); bounded. */
const keyUnits = new Map<string, KeyUnit | null>();

function keyUnit(key: string): KeyUnit | null {
  // The field's own name: `POWER_KW` of `rows[3]["POWER_KW"]`, `size_kb` of `files[2].size_kb`.
  const last = lastSegment(key);
  let found = keyUnits.get(last);
  if (found !== undefined) return found;
  found = null;
  // A unit after "per" is a rate's denominator (`purges_per_hour`, `requestsPerSecond`, `cost_per_kg`): the
  // value counts the rate's things, no hours or kilograms. Basis points of a rate are no bitrate.
  if (PER_UNIT_KEY.test(last) || basisPointKey(last)) {
    keyUnits.set(last, null);
    return null;
  }
  for (const [re, dimension, factor, unit] of KEY_UNITS) {
    if (re.test(last)) {
      found = { dimension, factor, unit };
      break;
    }
  }
  // Miles a loyalty programme counts (`awardMiles`, `tier_qualifying_miles`, `expiringMiles`) are points, no distance.
  if (found?.unit === "mi" && LOYALTY_MILES.test(last)) found = null;
  if (keyUnits.size > 10_000) keyUnits.clear();
  keyUnits.set(last, found);
  return found;
}

/** Keys whose numbers are temperatures: `battery_temp_c`, `tempF`, `water_temperature`, `dew_point_celsius`. */
const TEMPERATURE_KEY = {
  test: (key: string): boolean =>
    /(?:^|[_\-.])(?:temp|temperature)(?:[_\-.]?(?:c|f))?$|(?:^|[_\-.])(?:celsius|fahrenheit|deg_?[cf])$|(?:^|[_\-.])temp[_\-.]\w*[_\-.](?:c|f)$/i.test(key) ||
    // A reading with its scale as the key's last letter (`high_c`, `feels_like_f`, `dewpoint_c`).
    /(?:^|[_\-.])(?:high|low|max|min|feels[_\-.]?like|dew[_\-.]?point|apparent|indoor|outdoor|water|air|soil|surface|wind[_\-.]?chill|heat[_\-.]?index)[_\-.](?:c|f)$/i.test(
      key,
    ) ||
    /[a-z]Temp(?:erature)?(?:C|F)?$/.test(key),
};

/** Keys whose numbers are percentages: `error_rate_pct`, `cpuPercent`, `Uptime (%)`, a table's `SOC%` or `%MEM`. */
const PERCENT_KEY = /(?:^|[_\-.\s])(?:pct|percent|percentage)$|(?:Pct|Percent|Percentage)$|\(%\)$|\[%\]$|[\p{L}\d]\s?%$|(?:^|[.\]\s])%\p{L}+$/u;

/**
 * A key whose values are fractions of one: a qualified rate, ratio or share (`reimbursement_rate`,
 * `hitRatio`, `market_share`, `open_rate`); not a bare `rate` (an exchange rate), nor a rate per time or of
 * money (`heart_rate`, `frame_rate`, `exchange_rate`, `hourly_rate`).
 */
export function fractionKey(key: string): boolean {
  return (
    /[a-z0-9][_\-.](?:rate|ratio|share|fraction|probability)(?:[_\-.](?:\d{1,3}[a-z]{1,2}|ytd|mtd|qtd))?$|[a-z0-9](?:Rate|Ratio|Share|Fraction|Probability)(?:\d{1,3}[a-zA-Z]{1,2}|Ytd|Mtd)?$/.test(
      key,
    ) &&
    !/exchange|fx|conver[st]|currency|heart|frame|sample|bit|baud|refresh|flow|data|hourly|daily|pay|wage|day|night|unit|base/i.test(
      key.replace(/(?:rate|ratio|share|fraction|probability)(?:[_\-.]?\w{1,5})?$/i, ""),
    )
  );
}

/** JSON lines are `path: value`. */
const KEY_LINE = /^([^\s:][^:\n]*?): (.*)$/;

/**
 * A `key:value` line without a space, as Redis `INFO` and similar dumps print them (`used_memory_human:3.62G`,
 * `uptime_in_seconds:1296450`): a snake-case key of two words or more, a value that is no path or time.
 */
const INFO_KEY_LINE = /^\s*([a-z][a-z0-9]*(?:_[a-z0-9]+)+):(?=[^\s/:])(.*)$/;

/** A clock time with optional seconds and UTC offset or zone: `09:12:44 +0000`, `14:52 UTC`, `7:05`. */
const CLOCK = /(?<![\d:.])\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*(?:[+-]\d{2}:?\d{2}|Z|UTC|GMT|CET|CEST))?(?![\d:])/g;

/** Passages whose sentence split stays cached between verify calls (shared with the lexical tier). */
const SENTENCES_CACHE = 512;

/**
 * Passages whose facts stay cached between verify calls: one in 16 of the ledger's passages, 512 to 2,048
 * (least recently used beyond this are recomputed when needed). A passage's facts cost about 36x its text
 * (~740 bytes a fact: parsed value, slot stems, quote), so this keeps them near 2x the evidence. The price:
 * a verify that reads passages no longer cached parses them again (measured: about 30% more verify time on
 * random claims over 1,000 outputs than with every passage's facts kept).
 */
function factsCache(ledger: EvidenceLedger): number {
  return Math.min(2048, Math.max(512, Math.ceil(ledger.chunks.length / 16)));
}

/**
 * Facts of one passage, computed once per session (memoised on the ledger).
 * @param json whether the passage comes from a flattened JSON record (`key.path: value` lines).
 */
export function passageFacts(ledger: EvidenceLedger, chunk: Chunk, json: boolean): PassageFacts {
  return ledger.memo(
    "facts",
    chunk.id,
    () => {
      // The lexical tier splits the same passages: one split serves both.
      const sentences = ledger.memo("sentences", chunk.id, () => sentencesOf(chunk.text), SENTENCES_CACHE);
      const facts = readFacts(chunk, json, sentences, sentences, json ? elementRows(ledger, chunk) : null, json ? recordUnitMap(ledger, chunk) : null);
      return { chunk, facts: json ? [...facts, ...countFacts(ledger, chunk)] : facts };
    },
    factsCache(ledger),
  );
}

/**
 * Facts of the sentences (JSON lines) of a passage that hold the given offsets (into `chunk.text`), read
 * without reading the rest of the passage: tier 0 asks a far passage only whether it states one value. The
 * passage's cached facts serve when there are any; no offsets read (and cache) the whole passage. Sentence
 * reads are not cached.
 */
export function factsAt(ledger: EvidenceLedger, chunk: Chunk, json: boolean, offsets: number[]): EvidenceFact[] {
  const cached = ledger.peekMemo<PassageFacts>("facts", chunk.id);
  if (cached) return cached.facts;
  if (offsets.length === 0) return passageFacts(ledger, chunk, json).facts;
  const spans = sentenceSpans(chunk.text);
  const picked = spans.filter((s) => offsets.some((at) => at >= s.start && at < s.end)).map((s) => ({ ...s, ...featuresOf(chunk.text.slice(s.start, s.end)) }));
  const facts = readFacts(chunk, json, picked, spans, json ? elementRows(ledger, chunk) : null, json ? recordUnitMap(ledger, chunk) : null);
  return json ? [...facts, ...countFacts(ledger, chunk)] : facts;
}

/** Keys whose whole numbers are hundredths of the currency: `amount_cents`, `priceInCents`, `fee_pence`, `total_minor`. */
const MINOR_UNIT_KEY = /(?:^|[_\-.])(?:cents?|pence|minor)$|(?:Cents|Pence|Minor|InCents)$/;

/** ISO codes a key may end in (`revenue_usd`, `incurred_gbp_k`, `amountEur`): the field's amounts are in it. */
const KEY_CURRENCY = "usd|eur|gbp|jpy|cad|aud|chf|cny|inr|sek|nok|dkk|nzd|sgd|hkd|mxn|brl|zar|pln|czk";
/** Scales a key may write after its currency code (`_k`, `_m`, `_000`, `_thousands`). */
const KEY_SCALES: Record<string, number> = {
  k: 1e3,
  "000": 1e3,
  thousand: 1e3,
  thousands: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  b: 1e9,
  billion: 1e9,
  billions: 1e9,
};
const CURRENCY_KEY = new RegExp(`(?:^|[_\\-.])(${KEY_CURRENCY})(?:[_\\-](k|000|thousands?|m|mn|mm|millions?|bn|b|billions?))?$`, "i");
const CAMEL_CURRENCY_KEY = new RegExp(
  `[a-z](${KEY_CURRENCY.split("|")
    .map((c) => c[0]!.toUpperCase() + c.slice(1))
    .join("|")}|${KEY_CURRENCY.toUpperCase()})$`,
);
/** Keys in millionths of the currency, as ad platforms write spend (`cost_micros`, `amountMicros`). */
const MICROS_KEY = /(?:^|[_\-.])micros$|Micros$/;

/**
 * The currency and scale a key's own name states (`incurred_gbp_k`: GBP, thousands; `cost_micros`:
 * millionths; `price_eur`: EUR), or null. A key whose words say it holds no amount (`usd_rate`, `fx_rate_usd`
 * stays a rate) is none.
 */
function keyMoney(keyName: string, recordCurrency: string | null): { currency: string | null; factor: number } | null {
  const last = lastSegment(keyName);
  if (MICROS_KEY.test(last)) return { currency: recordCurrency, factor: 1e-6 };
  const snake = CURRENCY_KEY.exec(last);
  const camel = snake ? null : CAMEL_CURRENCY_KEY.exec(last);
  const code = snake?.[1] ?? camel?.[1];
  if (!code || notMoneyKey(keyName)) return null;
  const scale = snake?.[2]?.toLowerCase();
  return { currency: code.toUpperCase(), factor: scale ? (KEY_SCALES[scale] ?? 1) : 1 };
}

/** A field value that is a year and a month only (`2024-04`, `"2024-04"`). */
const YEAR_MONTH_VALUE = /^\s*"?((?:19|20)\d\d)-(0[1-9]|1[0-2])"?\s*$/;

/** A JSON record's currency field (`currency: EUR`): figures beside it are amounts in that currency. */
const CURRENCY_LINE = /(?:^|\n)[^\n:]*currency[^\n:]*: ([A-Z]{3})(?=\n|$)/i;
/** Keys whose numbers are not amounts even beside a currency field. */
const NOT_MONEY_WORD =
  /^(?:rate|ratio|pct|percent|percentage|share|count|qty|quantity|id|number|num|no|code|year|day|month|week|hour|minute|period|seat|user|version|currency)s?$/;

/**
 * A JSON record's field that states the scale (and currency) of its amounts: `amounts_in: thousands_usd`,
 * `units: USD millions`, `scale: thousands`. The record's bare figures are then amounts of that size.
 */
const SCALE_LINE = /(?:^|\n)[^\n:]*(?:amounts?[_ ]?in|values?[_ ]?in|figures?[_ ]?in|reported[_ ]?in|units?|scale|denominat\w*): "?([^\n"]{0,40})"?(?=\n|$)/i;
const SCALE_WORDS: ReadonlyArray<[RegExp, number]> = [
  [/\b(?:thousands?|000s?|k)\b/i, 1e3],
  [/\b(?:millions?|mn|mm|m)\b/i, 1e6],
  [/\b(?:billions?|bn|b)\b/i, 1e9],
];

/** The scale and currency a record's scale field states (`amounts_in: thousands_usd`), or null without a scale word. */
function recordScale(text: string): { factor: number; currency: string | null } | null {
  const value = SCALE_LINE.exec(text)?.[1];
  if (value === undefined) return null;
  const words = value.replace(/[_-]/g, " ");
  const factor = SCALE_WORDS.find(([re]) => re.test(words))?.[1];
  if (factor === undefined) return null;
  const code = new RegExp(`\\b(${KEY_CURRENCY})\\b`, "i").exec(words)?.[1]?.toUpperCase() ?? null;
  return { factor, currency: code };
}

/**
 * The denominator of a rate a fact's key names (`export_rate_cents_per_kwh` -> "kwh", `requestsPerSecond` ->
 * "second"), lower case; null for a key that names no rate. Its value is no amount of that unit.
 */
export function keyDenominator(fact: EvidenceFact): string | null {
  const at = fact.quote.text.indexOf(": ");
  if (at <= 0) return null;
  const m = /(?:^|[_\-.])per[_\-.](\w+)$|[a-z]Per([A-Z]\w*)$|\/(\w+)$/.exec(lastSegment(fact.quote.text.slice(0, at)));
  return m ? (m[1] ?? m[2] ?? m[3]!).toLowerCase() : null;
}

/** A key path's last named segment (`rows[2].amount_cents` -> `amount_cents`), array indices skipped. */
/** A key path's last name, array indexes dropped (`rows[2].fee_cents` -> `fee_cents`). */
export function lastSegment(keyName: string): string {
  return (
    keyName
      .split(/[.[\]"]+/)
      .filter((x) => x !== "" && !/^\d+$/.test(x))
      .pop() ?? ""
  );
}

/** Whether a key's own name (its last segment, word by word: `days_overdue`, `seatCount`) says its number is no amount. */
function notMoneyKey(keyName: string, q?: Quantity): boolean {
  const last = lastSegment(keyName);
  const words = tokenize(last);
  if (words.some((w) => NOT_MONEY_WORD.test(w))) return true;
  // A whole number under a plural noun that is no money word (`players`, `nights`, `guests`) counts those
  // things: no amount, though the record states a currency.
  const head = words[words.length - 1] ?? "";
  return q !== undefined && Number.isInteger(q.value) && PLURAL.test(head) && !MONEY_FIELD.has(stemOf(head)) && !MONEY_FIELD.has(head);
}

/** A plural noun as keys write it: "players", "nights"; not "status", "gross", "bonus", "basis". */
const PLURAL = /^[a-z]{2,}[^su]s$/;

/** Records whose element texts stay cached: they are read again for every passage of the record. */
const ROWS_CACHE = 256;

/**
 * The own lines of the array elements of a flattened JSON record, read over the whole record: an element the
 * ledger cuts into several passages is one entity, its name lines in one passage and its figures in the next.
 * `null` when the record is not in the ledger (the passage's own lines are read instead).
 */
function elementRows(ledger: EvidenceLedger, chunk: Chunk): Map<string, string> | null {
  const record = ledger.get(chunk.evidenceId);
  if (!record) return null;
  if (chunk.span[0] === 0 && chunk.span[1] >= record.text.length) return null;
  return ledger.memo("element-rows", chunk.evidenceId, () => ownRows(record.text, sentenceSpans(record.text)), ROWS_CACHE);
}

/**
 * @param sentences the sentences to read.
 * @param all every sentence of the passage (an array element's text may span sentences not read).
 * @param recordRows the elements' own lines over the whole record (see {@link elementRows}); else the passage's.
 */
function readFacts(
  chunk: Chunk,
  json: boolean,
  sentences: EvidenceSentence[],
  all: Array<{ start: number; end: number }> = sentences,
  recordRows: Map<string, string> | null = null,
  recordFieldUnits: Map<string, string> | null = null,
): EvidenceFact[] {
  const facts: EvidenceFact[] = [];
  const scale = json ? recordScale(chunk.text) : null;
  const currency = json ? (CURRENCY_LINE.exec(chunk.text)?.[1]?.toUpperCase() ?? scale?.currency ?? null) : null;
  const rows = json ? rowTexts(chunk.text, all, recordRows) : null;
  const units = json ? siblingUnits(chunk.text) : null;
  const fieldUnits = json ? (recordFieldUnits ?? unitMap(chunk.text)) : null;
  // Many facts of a passage share a slot (JSON lines under one key prefix): one Set per distinct slot.
  const slots = new Map<string, Set<string>>();
  const interned = new WeakSet<Set<string>>();
  const intern = (set: Set<string>): Set<string> => {
    if (interned.has(set)) return set;
    const id = [...set].join(" ");
    const seen = slots.get(id);
    if (seen) return seen;
    slots.set(id, set);
    interned.add(set);
    return set;
  };
  for (const sentence of sentences) {
    const line = chunk.text.slice(sentence.start, sentence.end);
    const kv = json ? KEY_LINE.exec(line) : /\s\|\s/.test(line) ? null : (TEXT_KEY_LINE.exec(line) ?? INFO_KEY_LINE.exec(line));
    const lineKey = kv ? intern(keyStems(kv[1]!)) : new Set<string>();
    const afterKey = kv ? kv[0].length - kv[2]!.length : 0;
    const lead = line.length - line.trimStart().length;
    const quoteText = line.trim();
    const quoteStart = chunk.span[0] + sentence.start + lead;
    const quote: EvidenceQuote = { evidenceId: chunk.evidenceId, source: chunk.source, text: quoteText, span: [quoteStart, quoteStart + quoteText.length] };
    // Versions named in a key (`time["18.0.9"]: 2026-10-22...`) are evidence that the version exists.
    if (kv) {
      const keyStart = line.indexOf(kv[1]!);
      for (const m of kv[1]!.matchAll(VERSION)) {
        const at = keyStart + m.index!;
        facts.push({
          value: { type: "version", v: m[0].replace(/^v/, "") },
          slot: lineKey,
          context: sentence.stems,
          key: lineKey,
          structured: true,
          span: [chunk.span[0] + sentence.start + at, chunk.span[0] + sentence.start + at + m[0].length],
          quote,
          chunk,
        });
      }
    }
    // Inline `key=value` fields (`October: new_signups=1000, refunds=12`) are a field each, named by the line's
    // key and their own; otherwise the value after the line's key is one field (or, without a key, the line).
    // Several "Key: value" pairs on one report line ("Log interval: 10 min   Readings: 196") are a field each.
    const spaced = kv && !json ? spacedFields(line) : [];
    const inline = spaced.length > 0 ? [] : inlineFields(line, afterKey);
    // A line's value parted into labelled figures ("Rates: $4.00/hr · Daily max $28.00") is a field per part.
    const parted = kv && spaced.length === 0 && inline.length === 0 ? separatedFields(line, afterKey) : [];
    const segments: Segment[] =
      spaced.length > 0
        ? spaced.map((f) => ({ keyName: f.key, field: f.key, key: intern(keyStems(f.key)), start: f.valueStart, end: f.valueEnd }))
        : inline.length > 0
          ? inline.map((f) => ({ keyName: f.key, field: f.key, key: intern(union(lineKey, keyStems(f.key))), start: f.valueStart, end: f.valueEnd }))
          : parted.length > 0
            ? parted.map((f) =>
                f.key === ""
                  ? { keyName: kv![1]!, key: lineKey, start: f.valueStart, end: f.valueEnd }
                  : { keyName: f.key, field: f.key, key: intern(union(lineKey, keyStems(f.key))), start: f.valueStart, end: f.valueEnd },
              )
            : [{ keyName: kv ? kv[1]! : null, key: lineKey, start: afterKey, end: line.length }];
    for (const segment of segments) {
      const { keyName, key } = segment;
      const keyed = keyName !== null;
      const valueStart = segment.start;
      const unitOfKey = keyName !== null ? keyUnit(keyName) : null;
      const valueText = line.slice(valueStart, segment.end);
      // A table row ("Transport | $778.62 | 18.4%"): the row is each cell's slot. Cells holding "key: value"
      // pairs ("Volumen: 1.000 Lots | ...") keep their own cell as the slot.
      const tableRow = !keyed && (valueText.match(/\s\|\s/g)?.length ?? 0) >= 2 && !/:\s/.test(valueText);
      const base = chunk.span[0] + sentence.start + valueStart;
      const add = (value: FactValue, span: [number, number]) => {
        const slot = intern(
          keyed
            ? union(key, stemsOutside(valueText, span, ...separatedPart(valueText, span)))
            : tableRow
              ? stemsOutside(valueText, span, 0, valueText.length)
              : windowStems(valueText, span),
        );
        const rowPath = kv && rows ? rowOf(kv[1]!) : null;
        const row = rowPath !== null ? rows!.get(rowPath) : undefined;
        const fact: EvidenceFact = {
          value,
          slot,
          context: sentence.stems,
          key,
          structured: keyed || tableRow,
          span: [base + span[0], base + span[1]],
          quote,
          chunk,
        };
        if (segment.field) fact.field = segment.field;
        if (row) {
          fact.row = row.text;
          fact.rowOwnEnd = row.ownEnd;
        }
        if (rowPath !== null) fact.rowId = `${chunk.evidenceId}:${rowPath}`;
        else if (segment.field && !json) {
          // A text line of inline fields is one entity (a log line, one order): its own row.
          fact.row = line;
          fact.rowId = `${chunk.evidenceId}:@${chunk.span[0] + sentence.start}`;
        }
        facts.push(fact);
      };
      const taken: Array<[number, number]> = [];
      // An empty result ("orders: []", "dependencies: {}") states a count of zero: evidence that nothing was
      // found (DESIGN.md), to meet "no orders were found" or contradict "3 open orders".
      if (keyed && /^\s*(?:\[\]|\{\})\s*$/.test(valueText)) {
        const noun =
          keyName
            .split(/[.[\]"]+/)
            .filter(Boolean)
            .pop() ?? null;
        const at = valueText.search(/\S/);
        const q: Quantity = {
          text: valueText.trim(),
          span: [at, at + 2],
          kind: "number",
          value: 0,
          alternatives: [],
          currency: null,
          dimension: null,
          unit: noun,
          precision: 0,
          approx: false,
          bound: "eq",
          word: false,
        };
        add({ type: "quantity", q }, [at, at + 2]);
        taken.push([at, at + 2]);
      }
      const dates = extractDates(valueText);
      // A field whose whole value is an ISO 8601 year and month (`month: 2024-04`) states that month; in prose
      // "2011-12" may be a season, so only a field's value is read so.
      const yearMonth = keyed && dates.length === 0 ? YEAR_MONTH_VALUE.exec(valueText) : null;
      if (yearMonth) {
        const at = yearMonth.index + yearMonth[0].indexOf(yearMonth[1]!);
        const text = `${yearMonth[1]}-${yearMonth[2]}`;
        dates.push({
          text,
          span: [at, at + text.length],
          year: Number(yearMonth[1]),
          month: Number(yearMonth[2]),
          day: null,
          quarter: null,
          instant: null,
          granularity: "month",
        });
      }
      // Digits under a time key (`created: 1432412561`, `expireDate: 20240517235959`) are a timestamp.
      const stamp = keyName !== null && dates.length === 0 && !yearMonth ? keyedTimestamp(keyName, valueText) : null;
      if (stamp) dates.push(stamp);
      for (const d of dates) {
        add({ type: "date", d }, d.span);
        taken.push(d.span);
      }
      for (const m of valueText.matchAll(VERSION)) {
        const span: [number, number] = [m.index!, m.index! + m[0].length];
        if (taken.some((t) => overlaps(t, span))) continue;
        add({ type: "version", v: m[0].replace(/^v/, "") }, span);
        taken.push(span);
      }
      // Clock times and UTC offsets ("09:12:44 +0000", "14:52 UTC") are no figures of their own.
      for (const m of valueText.matchAll(CLOCK)) {
        const span: [number, number] = [m.index!, m.index! + m[0].length];
        if (!taken.some((t) => overlaps(t, span))) taken.push(span);
      }
      const quantities = extractQuantities(valueText);
      // A number word inside a name ("Half Dozen Oysters") is the name's.
      const named = quantities.some((q) => q.word === true && /^\p{Lu}/u.test(q.text)) ? extractNames(valueText) : [];
      for (let q of quantities) {
        if (taken.some((t) => overlaps(t, q.span)) || numberWordInName(q, named, valueText)) continue;
        let money: ReturnType<typeof keyMoney> = null;
        let typed: Quantity | null = null;
        // A key in minor units (`amount_cents`, `balancePence`, `total_minor`) holds hundredths of the currency.
        if (keyed && q.kind === "number" && MINOR_UNIT_KEY.test(keyName) && Number.isInteger(q.value)) {
          q = { ...q, kind: "money", currency, unit: currency, value: q.value / 100, precision: q.precision / 100, alternatives: [] };
        } else if (keyed && q.kind === "number" && (money = keyMoney(keyName, currency)) !== null) {
          // A key that names its currency and scale (`incurred_gbp_k: 310.0`, `cost_micros: 450087`).
          const { factor } = money;
          q = {
            ...q,
            kind: "money",
            currency: money.currency,
            unit: money.currency,
            value: q.value * factor,
            precision: q.precision * factor,
            alternatives: [],
          };
        } else if (unitOfKey && q.kind === "number") q = withKeyUnit(q, unitOfKey);
        // "42m" under a time key (`DURATION`, `elapsed`, `runtime`): minutes, no metres.
        else if (keyed && q.dimension === "length" && q.unit === "m" && /^\d[\d.,]*m$/.test(q.text) && TIME_KEY.test(lastSegment(keyName)))
          q = { ...q, dimension: "time", unit: "min", value: q.value * 60_000, precision: q.precision * 60_000, alternatives: [] };
        // A unit field beside the value (`unit: mg/dL`), or a units map naming the field (`units.wvht: m`).
        else if (keyed && q.kind === "number" && (typed = unitTyped(q, keyName, units, fieldUnits)) !== null) q = typed;
        // Basis points of a rate (`interest_rate_bps: 499` is 4.99%, `discount_bps: 25` is 0.25 points).
        else if (keyed && q.kind === "number" && basisPointKey(lastSegment(keyName)))
          q = { ...q, kind: "percent", unit: "%", dimension: null, value: q.value / 100, precision: q.precision / 100, alternatives: [] };
        // A number under a percent key (`error_rate_pct: 0.2`, `uptime_30d_pct: 99.99`) is a percentage.
        else if (keyed && q.kind === "number" && (PERCENT_KEY.test(keyName) || PERCENT_KEY.test(lastSegment(keyName))))
          q = { ...q, kind: "percent", unit: "%" };
        // A fraction under a rate or share key (`reimbursement_rate: 0.8`, `shareOfVoice: 0.38`) is a percentage.
        else if (keyed && q.kind === "number" && fractionKey(lastSegment(keyName)) && /^0?\.\d+$|^1\.0*$/.test(q.text.trim()))
          q = { ...q, kind: "percent", unit: "%", value: q.value * 100, precision: q.precision * 100, alternatives: [] };
        // A number under a temperature key (`battery_temp_c: 38.5`, `tempF`) is in degrees: no percentage.
        else if (keyed && q.kind === "number" && q.unit === null && TEMPERATURE_KEY.test(lastSegment(keyName)))
          q = { ...q, unit: /f(?:ahrenheit)?$/i.test(lastSegment(keyName)) ? "°F" : "°C" };
        else if (currency && q.kind === "number" && !notMoneyKey(keyName ?? "", q)) {
          // In the size the record's scale field states ("amounts_in: thousands_usd": 2810 is $2.81 million).
          const factor = scale !== null && keyed && !/^(?:19|20)\d\d$/.test(q.text) ? scale.factor : 1;
          q = { ...q, kind: "money", currency, unit: currency, value: q.value * factor, precision: q.precision * factor, alternatives: [] };
        }
        // Under a key that names a count (`trips_started: 1843`), a year-like number is read both ways.
        const year = asYear(q);
        if (year && keyed && countKey(keyName)) add({ type: "quantity", q }, q.span);
        add(year ?? { type: "quantity", q }, q.span);
        // A count in a unit that names a multiple (`qty: 2` beside `unit: dozen`) is read both ways: 2 and 24.
        const multiple = keyed && q.kind === "number" && units !== null && units.size > 0 ? multipleReading(q, keyName, units) : null;
        if (multiple) add({ type: "quantity", q: multiple }, q.span);
        taken.push(q.span);
      }
      // Names are facts only under a key ("author: Troy Goode", "Namespace: payments-staging"): that is where a
      // swapped name can be corrected. In prose, a name's presence is looked up per record instead.
      if (!keyed && !tableRow) continue;
      // A value that is all figures and dates ("2026-11-09T00:53:33Z", "4213450") holds no name.
      let rest = valueText;
      for (const [a, b] of taken) rest = rest.slice(0, a) + " ".repeat(b - a) + rest.slice(b);
      if (!/[\p{L}^~<>=@]/u.test(rest)) continue;
      for (const n of extractNames(valueText)) {
        if (taken.some((t) => overlaps(t, n.span))) continue;
        // A label of the next field on the same line ("5   TOTAL PKGS: 6490") is a key, no value.
        if (/^\s*[:=]/.test(valueText.slice(n.span[1]))) continue;
        add({ type: "name", n }, n.span);
      }
    }
  }
  return facts;
}

/** A unit field of a flattened JSON line: `results[0].unit: mg/dL`, `NA.unit: mg`. */
const UNIT_LINE = /^(.*)\.(?:unit|units|uom|unit_of_measure|unitCode|unit_code|unitName|unit_name)(?:\[\d+\])?: ([^\n]{1,12})$/gim;
/** A field's own unit field beside it: `servingSizeUnit: g` for `servingSize`, `weight_unit: kg` for `weight`. */
const OWN_UNIT_LINE = /^(.*[\p{L}\d])(?:_unit|Unit|_uom|Uom)(?:\[\d+\])?: ([^\n]{1,12})$/gmu;
/** The key of the number a unit field types: `results[0].value`, `NA.quantity`. */
const VALUE_KEY = /^(.*)\.(?:value|quantity|amount|qty|reading|measurement|val|v)$/i;

/**
 * Per parent path, the unit its unit field names (`results[0]` → `mg/dL`), and per field path, the unit of its
 * own unit field (`servingSize` → `g` for `servingSizeUnit: g`), from a flattened JSON passage.
 */
function siblingUnits(text: string): Map<string, string> {
  const units = new Map<string, string>();
  if (!/unit|uom/i.test(text)) return units;
  for (const m of text.matchAll(UNIT_LINE)) units.set(m[1]!.trim(), m[2]!.trim().replace(/^"|"$/g, ""));
  for (const m of text.matchAll(OWN_UNIT_LINE)) units.set(m[1]!.trim(), m[2]!.trim().replace(/^"|"$/g, ""));
  return units;
}

/**
 * A bare number typed by its sibling unit field (`value: 112` beside `unit: mg/dL`, `quantity: 148` beside
 * `unit: %`): read as the number written with that unit, when that reads as a measure or a percentage of the
 * same numeral; else null.
 */
function withSiblingUnit(q: Quantity, keyName: string, units: Map<string, string>): Quantity | null {
  const unit = siblingUnit(keyName, units);
  return unit === undefined ? null : withUnit(q, unit);
}

/** The unit a field's own unit field (`servingSizeUnit`) or its parent's unit field (`unit` beside `value`) names. */
function siblingUnit(keyName: string, units: ReadonlyMap<string, string> | null): string | undefined {
  if (units === null) return undefined;
  const parent = VALUE_KEY.exec(keyName)?.[1];
  return units.get(keyName.trim()) ?? (parent === undefined ? undefined : units.get(parent));
}

/**
 * `q` typed by its temperature scale, its sibling unit field or the units map's unit for its field name. In a
 * passage with unit fields, a number none of them types stays bare (`q` itself): the later readings (a record
 * currency's amounts, percent keys) are not applied there, as a receipt's `rating: 4.93` beside
 * `distance.unit: mile` is no amount. Null, to go on to those readings, only where the passage has no unit field
 * and the units map does not type the number.
 */
function unitTyped(q: Quantity, keyName: string, units: Map<string, string> | null, fieldUnits: Map<string, string> | null): Quantity | null {
  const scale = temperatureUnit(q, keyName, units, fieldUnits);
  if (scale !== null) return scale;
  const sibling = units !== null && units.size > 0 ? (withSiblingUnit(q, keyName, units) ?? q) : null;
  if (sibling !== null || fieldUnits === null || fieldUnits.size === 0) return sibling;
  const unit = fieldUnits.get(lastSegment(keyName));
  return unit === undefined ? null : withUnit(q, unit);
}

/** A unit field's temperature scale: `degC`, `°F`, `celsius`, `C`, ... */
const SCALE_UNIT = /^(?:°\s?|º\s?|deg(?:rees?)?[\s_]?)?(c|f|celsius|fahrenheit)$|^(℃|℉)$/i;

/** A number whose unit field or units map names a temperature scale (`units.temperature: degC`), marked with it. */
function temperatureUnit(q: Quantity, keyName: string, units: Map<string, string> | null, fieldUnits: Map<string, string> | null): Quantity | null {
  const unit = siblingUnit(keyName, units) ?? fieldUnits?.get(lastSegment(keyName));
  const m = unit === undefined ? null : SCALE_UNIT.exec(unit.trim());
  if (!m) return null;
  const scale = (m[1] ?? m[2]!).toLowerCase();
  return { ...q, unit: scale.startsWith("c") || scale === "℃" ? "°C" : "°F" };
}

/** A units map's line (`units.wvht: m`, `meta.units.pres: hPa`): the unit of the record's fields of that name. */
const UNIT_MAP_LINE = /^(?:[^\n:]*\.)?(?:units|unit|uom)\.([A-Za-z_][\w-]*): "?([^\n"]{1,12})"?$/gm;

/**
 * A flattened JSON text's units map: per field name, the unit a `units` object gives it
 * (`{"units": {"wvht": "m", "pres": "hPa"}, "observations": [{"wvht": 2.4, ...}]}`). Empty without one.
 */
export function unitMap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!/(?:units|unit|uom)\./.test(text)) return map;
  for (const m of text.matchAll(UNIT_MAP_LINE)) map.set(m[1]!, m[2]!.trim());
  return map;
}

/** The units map of a passage's whole record (a map may sit in another passage than the fields it types). */
function recordUnitMap(ledger: EvidenceLedger, chunk: Chunk): Map<string, string> | null {
  const record = ledger.get(chunk.evidenceId);
  if (!record) return null;
  return ledger.memo("unit-map", chunk.evidenceId, () => unitMap(record.text), ROWS_CACHE);
}

/**
 * A key in basis points of a rate, fee or change (`interest_rate_bps`, `discountBps`, `intl_surcharge_bps`);
 * not a bit rate (`upload_bps`, `bitrate_bps`, `rx_bps`), which {@link KEY_UNITS} reads.
 */
export function basisPointKey(key: string): boolean {
  return (
    /[a-z0-9][_\-.]bps$|[a-z0-9]Bps$/.test(key) &&
    !/bit|band|through|upload|download|link|net|rx|tx|speed|data|stream|traffic|ingress|egress|wire|port|line|in_bps|out_bps/i.test(key)
  );
}

/** The count a sibling unit field that names a multiple makes of a number (`qty: 2` beside `unit: dozen` is 24), else null. */
function multipleReading(q: Quantity, keyName: string, units: Map<string, string>): Quantity | null {
  const unit = siblingUnit(keyName, units);
  const factor = unit === undefined ? undefined : MULTIPLES[unit.trim().toLowerCase().replace(/s$/, "")];
  if (factor === undefined) return null;
  return { ...q, value: q.value * factor, precision: q.precision * factor, alternatives: [] };
}

/** Units that name a multiple of what they count. */
const MULTIPLES: Record<string, number> = { dozen: 12, pair: 2, hundred: 100, thousand: 1000, gros: 144, gross: 144, score: 20 };

/** A bare number written with `unit`: a measure or percentage of the same numeral, else null. */
function withUnit(q: Quantity, unit: string): Quantity | null {
  if (!/\p{L}|%/u.test(unit)) return null;
  const typed = extractQuantities(`${q.text.trim()} ${unit}`)[0];
  // Amounts keep their own reading (a currency field, a money key): a unit field types measures and percentages.
  if (!typed || (typed.kind !== "measure" && typed.kind !== "percent") || typed.span[0] !== 0 || typed.span[1] < q.text.trim().length + 1) return null;
  return { ...typed, text: q.text, span: q.span };
}

/** One field of a line: the value after its key, or one inline `key=value` pair. */
interface Segment {
  /** The key the value sits under (an inline pair's own key), or null for a line without one. */
  keyName: string | null;
  /** An inline pair's key, which names the field instead of the line's `path: ` prefix. */
  field?: string;
  key: Set<string>;
  start: number;
  end: number;
}

function union(a: Set<string>, b: Set<string>): Set<string> {
  if (b.size === 0) return a;
  return new Set([...a, ...b]);
}

/** The array element a key path sits in: `rows[2]` for `rows[2].installed_size_kb`, null outside arrays. */
function rowOf(path: string): string | null {
  const m = /^(.*\[\d+\])[.[]/.exec(path);
  return m ? m[1]! : null;
}

/** Lines of each array element of a flattened JSON text, joined: the element's own lines, by element path. */
function ownRows(text: string, sentences: Array<{ start: number; end: number }>): Map<string, string> {
  const rows = new Map<string, string>();
  for (const s of sentences) {
    const line = text.slice(s.start, s.end);
    const kv = KEY_LINE.exec(line.trim());
    const row = kv ? rowOf(kv[1]!) : null;
    if (row) rows.set(row, `${rows.get(row) ?? ""}${line}\n`);
  }
  return rows;
}

/** An array element's text: its own lines, then the own lines of the elements that hold it. */
interface RowText {
  text: string;
  /** Length of the element's own lines at the start of `text`. */
  ownEnd: number;
}

/**
 * Each array element's text in a flattened JSON passage: its own lines, then those of the elements that hold
 * it, over the whole record when `recordOwn` gives them (an element cut into two passages keeps its name
 * lines). A nested element (`response[0].statistics[9]`) belongs to its outer element too: the outer
 * element's own lines (`response[0].team.name: Arsenal`) say whose statistic it is.
 */
function rowTexts(text: string, sentences: Array<{ start: number; end: number }>, recordOwn: Map<string, string> | null = null): Map<string, RowText> {
  const local = ownRows(text, sentences);
  const own = recordOwn ?? local;
  const rows = new Map<string, RowText>();
  for (const path of local.keys()) {
    const lines = own.get(path) ?? local.get(path)!;
    let extra = "";
    for (const m of path.matchAll(/\[\d+\]/g)) {
      const outer = path.slice(0, m.index! + m[0].length);
      if (outer !== path && own.has(outer)) extra += own.get(outer)!;
    }
    rows.set(path, { text: `${lines}${extra}`, ownEnd: lines.length });
  }
  return rows;
}

/** Cell and clause separators: a value's slot does not reach across them. */
const SEPARATOR = /\s[|·•]\s|;\s|\t/g;

/**
 * The part of `text` between the separators around `span`, within [lo, hi): a key's value that lists
 * labelled figures ("Rates: $4.00/hr · Daily max $28.00") gives each figure its own label.
 */
function separatedPart(text: string, span: [number, number], lo = 0, hi = text.length): [number, number] {
  for (const m of text.matchAll(SEPARATOR)) {
    const at = m.index!;
    if (at + m[0].length <= span[0]) lo = Math.max(lo, at + m[0].length);
    else if (at >= span[1]) {
      hi = Math.min(hi, at);
      break;
    }
  }
  return [lo, hi];
}

function windowStems(text: string, span: [number, number]): Set<string> {
  const [lo, hi] = separatedPart(text, span, Math.max(0, span[0] - 60), Math.min(text.length, span[1] + 30));
  return stemsOutside(withoutIdentifiers(text), span, lo, hi, true);
}

/** A name built of three parts or more, letters and digits (`metrics-node-2024.11`, `ip-10-0-13-7`). */
const IDENTIFIER = /(?<![\p{L}\d])[\p{L}\d]+(?:[-_.][\p{L}\d]+){2,}(?![\p{L}\d])/gu;

/**
 * The text with its identifiers blanked (same length): the words of an entity's name ("node" of
 * `metrics-node-2024.11`) name no attribute of the figures beside it.
 */
function withoutIdentifiers(text: string): string {
  if (!/\d[-_.]|[-_.]\d/.test(text)) return text;
  return text.replace(IDENTIFIER, (m) => (/\d/.test(m) && /\p{L}/u.test(m) ? " ".repeat(m.length) : m));
}

/** Stems of text[lo, hi) minus the value's digits; `keepUnit` keeps words inside the span ("Lots", "GB"). */
function stemsOutside(text: string, span: [number, number], lo: number, hi: number, keepUnit = true): Set<string> {
  const inner = keepUnit ? text.slice(span[0], span[1]).replace(/[\d.,]+/g, " ") : " ";
  return stemsOf(`${text.slice(lo, span[0])} ${inner} ${text.slice(span[1], hi)}`);
}

/** Content stems of short texts that recur across lines and records (keys, what is left of a value). */
const shortStems = new Map<string, Set<string>>();

/** `featuresOf(text).stems`, shared for recurring short texts: the sets are read, never changed. */
function stemsOf(text: string): Set<string> {
  if (text.length > 64) return featuresOf(text).stems;
  let stems = shortStems.get(text);
  if (stems === undefined) {
    stems = featuresOf(text).stems;
    if (shortStems.size >= 20_000) shortStems.clear();
    shortStems.set(text, stems);
  }
  return stems;
}

/** The last name of a key path: letters, maybe two words joined by `_` or `-` (`pageViews`, `page_views`). */
const LAST_NAME = /(?:^|[.\]])([A-Za-z]+(?:[_-][A-Za-z]+)?)$/;

/**
 * Stems of a key path, plus its last name's two words written as one ("pageviews" names `pageViews`,
 * "timeout" names `time_out`): a claim writes a compound as one word as often as the tool splits it.
 */
function keyStems(path: string): Set<string> {
  const base = stemsOf(path);
  const last = LAST_NAME.exec(path)?.[1];
  const words = last ? tokenize(last) : [];
  if (words.length !== 2 || words.some((w) => w.length < 3)) return base;
  const stem = stemOf(words.join(""));
  return base.has(stem) ? base : new Set([...base, stem]);
}

/** Words of a key that may hold a year (`year`, `founded`, `model_year`, `season`, `since`). */
const YEAR_WORDS = new Set([
  "year",
  "years",
  "yr",
  "season",
  "vintage",
  "founded",
  "born",
  "birth",
  "since",
  "established",
  "built",
  "introduced",
  "release",
  "released",
  "published",
  "opened",
  "launched",
  "debut",
  "era",
  "edition",
  "model",
  "date",
  "time",
  "copyright",
  "until",
  "from",
  "to",
  "start",
  "end",
  "value",
]);

/**
 * Whether a key names something counted or measured, not only a year: a number under `trips_started`,
 * `points` or `calories` may be 1843 of them, not the year 1843. A key with a word that may hold a year
 * (`year`, `founded`, `datebegin`) holds a year.
 */
function countKey(keyName: string | null): boolean {
  if (keyName === null) return false;
  const last = lastSegment(keyName);
  if (last === "" || YEAR_PART.test(last)) return false;
  const words = tokenize(last.replace(/([a-z])([A-Z])/g, "$1 $2")).map((w) => w.toLowerCase());
  return words.length > 0 && !words.some((w) => YEAR_WORDS.has(w));
}

/** A key that writes a year word inside a longer one (`accessionyear`, `datebegin`, `dated`). */
const YEAR_PART = /year|date|season|founded|born|built|vintage/i;

/**
 * A bare four-digit whole number from 1800 to 2100 ("founded in 1958", "1958") is read as a year, so that
 * it compares with dates of any granularity ("September 2006" has the year 2006).
 *
 * @param q the quantity as read.
 * @param before the text before it, when known: after an article, the noun that follows is what the year
 *   qualifies, not what the number counts ("a 1952 ranch-style home", "a 1930 drawing").
 */
export function asYear(q: Quantity, before = ""): FactValue | null {
  // "a 2014 Egyptian film": a capitalised word after the number is no count noun; nor is a singular noun after
  // an article ("a 1930 drawing": one drawing, of 1930).
  const unitOk = q.unit === null || /^\p{Lu}/u.test(q.unit) || (/\b(?:a|an|the|its|their|his|her)\s+$/i.test(before) && !/s$/i.test(q.unit));
  if (q.kind !== "number" || q.word || !unitOk || q.bound !== "eq" || !/^\d{4}$/.test(q.text.trim())) return null;
  if (q.value < 1800 || q.value > 2100) return null;
  return { type: "date", d: { text: q.text, span: q.span, year: q.value, month: null, day: null, quarter: null, granularity: "year", instant: null } };
}

function withKeyUnit(q: Quantity, u: NonNullable<ReturnType<typeof keyUnit>>): Quantity {
  return {
    ...q,
    kind: "measure",
    dimension: u.dimension,
    unit: u.unit,
    value: q.value * u.factor,
    alternatives: q.alternatives.map((a) => a * u.factor),
    precision: q.precision * u.factor,
  };
}

export function overlaps(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[1] && b[0] < a[1];
}
