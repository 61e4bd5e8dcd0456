/**
 * Unit and currency tables for quantity extraction and matching.
 *
 * Units convert to one base unit per dimension (data: byte, time: ms, length: m, mass: g, energy: Wh, power: W,
 * pressure: Pa, frequency: Hz, bitrate: bit/s, volume: L). Currencies are ISO 4217 codes; symbols that several currencies share keep the
 * other codes as alternatives.
 * Every table and regex here is built once at module load.
 */
import type { Dimension } from "./types.js";

/** One unit of measure. */
export interface UnitInfo {
  dimension: Dimension;
  /** Normalised spelling used in `Quantity.unit` ("KB", "ms", "km", "kg"). */
  symbol: string;
  /** Base units per one of this unit (GB -> 1e9 bytes, h -> 3.6e6 ms). */
  factor: number;
  /**
   * Set on decimal data units (KB, MB, GB, TB, PB): the factor under the binary convention (KB -> 1024).
   * Software often prints "MB" for 2^20 bytes, so matching accepts either reading (JEDEC vs IEC 80000-13).
   */
  binaryFactor?: number;
}

type UnitRow = [symbol: string, dimension: Dimension, factor: number, surfaces: string, words: string];

/**
 * symbol, dimension, factor, case-sensitive surfaces (space-separated), case-insensitive word forms.
 * Some surfaces ("us", "d", "G", "Mi") are only accepted glued to a number, see `GLUED_ONLY`.
 */
const ROWS: UnitRow[] = [
  ["B", "data", 1, "B", "byte bytes"],
  ["KB", "data", 1e3, "KB kB kb Kb", "kilobyte kilobytes"],
  ["KiB", "data", 1024, "KiB kiB Ki", "kibibyte kibibytes"],
  ["MB", "data", 1e6, "MB mb", "megabyte megabytes"],
  ["MiB", "data", 1024 ** 2, "MiB Mi", "mebibyte mebibytes"],
  ["GB", "data", 1e9, "GB gb G", "gigabyte gigabytes"],
  ["GiB", "data", 1024 ** 3, "GiB Gi", "gibibyte gibibytes"],
  ["TB", "data", 1e12, "TB tb T", "terabyte terabytes"],
  ["TiB", "data", 1024 ** 4, "TiB Ti", "tebibyte tebibytes"],
  ["PB", "data", 1e15, "PB", "petabyte petabytes"],
  ["PiB", "data", 1024 ** 5, "PiB", "pebibyte pebibytes"],
  ["ns", "time", 1e-6, "ns", "nanosecond nanoseconds"],
  ["µs", "time", 1e-3, "µs μs us", "microsecond microseconds"],
  ["ms", "time", 1, "ms msec", "millisecond milliseconds"],
  ["s", "time", 1e3, "s sec secs", "second seconds"],
  ["min", "time", 6e4, "min mins", "minute minutes"],
  ["h", "time", 3.6e6, "h hr hrs", "hour hours"],
  ["day", "time", 8.64e7, "d", "day days"],
  ["week", "time", 6.048e8, "wk wks", "week weeks"],
  ["mm", "length", 1e-3, "mm", "millimetre millimetres millimeter millimeters"],
  ["cm", "length", 1e-2, "cm", "centimetre centimetres centimeter centimeters"],
  ["m", "length", 1, "m", "metre metres meter meters"],
  ["km", "length", 1e3, "km", "kilometre kilometres kilometer kilometers"],
  ["mi", "length", 1609.344, "mi", "mile miles"],
  ["ft", "length", 0.3048, "ft", "foot feet"],
  // Drug labels and lab reports write mass and volume units in capitals ("lisinopril 10 MG Oral Tablet").
  ["mg", "mass", 1e-3, "mg MG", "milligram milligrams"],
  ["g", "mass", 1, "g", "gram grams"],
  ["kg", "mass", 1e3, "kg KG Kg", "kilogram kilograms kilo kilos"],
  ["t", "mass", 1e6, "t", "tonne tonnes"],
  ["lb", "mass", 453.59237, "lb lbs", ""],
  ["oz", "mass", 28.349523125, "oz", "ounce ounces"],
  ["Wh", "energy", 1, "Wh", "watt-hour watt-hours"],
  ["kWh", "energy", 1e3, "kWh KWh kwh", "kilowatt-hour kilowatt-hours"],
  ["MWh", "energy", 1e6, "MWh", "megawatt-hour megawatt-hours"],
  ["GWh", "energy", 1e9, "GWh", "gigawatt-hour gigawatt-hours"],
  ["W", "power", 1, "W", "watt watts"],
  ["kW", "power", 1e3, "kW KW", "kilowatt kilowatts"],
  ["MW", "power", 1e6, "MW", "megawatt megawatts"],
  ["GW", "power", 1e9, "GW", "gigawatt gigawatts"],
  ["Pa", "pressure", 1, "Pa", "pascal pascals"],
  ["hPa", "pressure", 100, "hPa", "hectopascal hectopascals"],
  ["kPa", "pressure", 1e3, "kPa", "kilopascal kilopascals"],
  ["MPa", "pressure", 1e6, "MPa", "megapascal megapascals"],
  ["GPa", "pressure", 1e9, "GPa", "gigapascal gigapascals"],
  ["Hz", "frequency", 1, "Hz", "hertz"],
  ["kHz", "frequency", 1e3, "kHz", "kilohertz"],
  ["MHz", "frequency", 1e6, "MHz", "megahertz"],
  ["GHz", "frequency", 1e9, "GHz", "gigahertz"],
  ["mL", "volume", 1e-3, "mL ml ML", "millilitre millilitres milliliter milliliters"],
  ["L", "volume", 1, "L", "litre litres liter liters"],
  ["kL", "volume", 1e3, "kL kl", "kilolitre kilolitres kiloliter kiloliters"],
  ["gal", "volume", 3.785411784, "gal", "gallon gallons"],
  // Speed in metres per second: a wind, a vehicle, a current ("14 mph", "30 km/h", "12 kt").
  ["m/s", "speed", 1, "m/s", "metres-per-second meters-per-second"],
  ["km/h", "speed", 1 / 3.6, "km/h kph kmh km/hr", ""],
  ["mph", "speed", 0.44704, "mph MPH", ""],
  ["kn", "speed", 1852 / 3600, "kn kt kts", "knot knots"],
  ["bps", "bitrate", 1, "bps bit/s", "bits-per-second"],
  ["kbps", "bitrate", 1e3, "kbps Kbps kbit/s kb/s Kb/s", "kilobits-per-second"],
  ["Mbps", "bitrate", 1e6, "Mbps mbps Mbit/s Mb/s", "megabits-per-second"],
  ["Gbps", "bitrate", 1e9, "Gbps gbps Gbit/s Gb/s", "gigabits-per-second"],
];

/**
 * Surfaces read as units only glued to their number: "12us", "12d" (a CLI's age: `kubectl`'s AGE,
 * "TREND(30d)"), a size as `df -h`, `free -h` or `systemctl` print it ("2.3G", "1.8T"), Kubernetes' binary
 * quantities ("512Mi", "2Gi").
 */
const GLUED_ONLY = new Set(["us", "d", "G", "T", "Ki", "Mi", "Gi", "Ti"]);
const BINARY: Record<string, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4, PB: 1024 ** 5 };

const BY_SURFACE = new Map<string, UnitInfo>();
const BY_WORD = new Map<string, UnitInfo>();
const BY_SYMBOL = new Map<string, UnitInfo>();
for (const [symbol, dimension, factor, surfaces, words] of ROWS) {
  const binaryFactor = BINARY[symbol];
  const info: UnitInfo = binaryFactor ? { dimension, symbol, factor, binaryFactor } : { dimension, symbol, factor };
  BY_SYMBOL.set(symbol, info);
  for (const s of surfaces.split(" ").filter(Boolean)) BY_SURFACE.set(s, info);
  for (const w of words.split(" ").filter(Boolean)) BY_WORD.set(w, info);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (keys: Iterable<string>): string =>
  [...keys]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");

const UNIT_SYMBOL_AT_RE = new RegExp(`([ \\u00A0\\u202F]?)(${alternation(BY_SURFACE.keys())})(?![\\p{L}\\p{N}_])`, "uy");
const UNIT_WORD_AT_RE = new RegExp(`([ \\u00A0\\u202F]?)(${alternation(BY_WORD.keys())})(?![\\p{L}\\p{N}_])`, "iuy");

/** A unit found in text by `readUnitAt`. */
export interface UnitAt {
  info: UnitInfo;
  /** Index just past the unit. */
  end: number;
  /** The unit was written directly after the digits, with no space. */
  glued: boolean;
}

/**
 * Reads a unit starting at `pos` (after at most one space): case-sensitive symbols first ("m" is metre,
 * "M" is not a unit), then case-insensitive words ("Minutes"). The unit must not run on into a letter or
 * digit, so "5 kmh" and "7d9f" read no unit. Returns null when there is none.
 */
export function readUnitAt(text: string, pos: number): UnitAt | null {
  for (const re of [UNIT_SYMBOL_AT_RE, UNIT_WORD_AT_RE]) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) continue;
    const glued = m[1] === "";
    const info = lookupUnit(m[2] ?? "", glued);
    if (info) return { info, end: pos + m[0].length, glued };
  }
  return null;
}

/**
 * Looks a unit up by its surface form ("GB", "kb", "Minutes", "µs") or its normalised symbol.
 * `glued` says whether the surface was written directly after the digits; "us" counts only then.
 * Returns undefined for anything that is not a unit of data, time, length or mass.
 */
export function lookupUnit(surface: string, glued = true): UnitInfo | undefined {
  if (!glued && GLUED_ONLY.has(surface)) return undefined;
  return BY_SURFACE.get(surface) ?? BY_WORD.get(surface.toLowerCase()) ?? BY_SYMBOL.get(surface);
}

/** A currency as read from a symbol, code or word. */
export interface CurrencyInfo {
  /** ISO 4217 code of the preferred reading. */
  code: string;
  /** Other codes the same surface may mean ("¥" is JPY or CNY). Empty when unambiguous. */
  alternatives: readonly string[];
}

/**
 * Common ISO 4217 codes. Left out on purpose because they collide with ordinary uppercase tokens in
 * technical text: ALL (Albanian lek), CUP, TOP, SOS, MOP, BOB and PHP ("PHP 8" is a language version);
 * the peso is still read from "₱".
 */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  (
    "AED AFN AMD ARS AUD AZN BAM BDT BGN BHD BRL BYN CAD CHF CLP CNY COP CRC CZK DKK DOP DZD EGP ETB EUR " +
    "GBP GEL GHS GTQ HKD HNL HRK HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KRW KWD KZT LBP LKR MAD MDL " +
    "MKD MMK MNT MUR MXN MYR NGN NOK NPR NZD OMR PAB PEN PKR PLN PYG QAR RON RSD RUB SAR SEK SGD THB TND " +
    "TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND XAF XOF ZAR ZMW"
  ).split(" "),
);

/** Symbols and words, mapped to [code, ...alternatives]. A bare "$" is read as USD, as the spec asks. */
const SYMBOLS: Record<string, readonly string[]> = {
  $: ["USD"],
  US$: ["USD"],
  HK$: ["HKD"],
  NZ$: ["NZD"],
  A$: ["AUD"],
  AU$: ["AUD"],
  C$: ["CAD"],
  CA$: ["CAD"],
  S$: ["SGD"],
  R$: ["BRL"],
  NT$: ["TWD"],
  "€": ["EUR"],
  "£": ["GBP"],
  "¥": ["JPY", "CNY"],
  "￥": ["JPY", "CNY"],
  元: ["CNY"],
  円: ["JPY"],
  "₹": ["INR"],
  Rs: ["INR"],
  "Rs.": ["INR"],
  "₩": ["KRW"],
  "₽": ["RUB"],
  "₺": ["TRY"],
  "₪": ["ILS"],
  "₫": ["VND"],
  "₱": ["PHP"],
  "฿": ["THB"],
  "₦": ["NGN"],
  "₴": ["UAH"],
  zł: ["PLN"],
  RMB: ["CNY"],
  dollar: ["USD"],
  dollars: ["USD"],
  euro: ["EUR"],
  euros: ["EUR"],
  yen: ["JPY"],
  yuan: ["CNY"],
  renminbi: ["CNY"],
  rupee: ["INR"],
  rupees: ["INR"],
  sterling: ["GBP"],
};

const SYMBOL_ALT = "US\\$|HK\\$|NZ\\$|AU?\\$|CA?\\$|S\\$|R\\$|NT\\$|\\$|€|£|¥|￥|₹|Rs\\.?|₩|₽|₺|₪|₫|₱|฿|₦|₴|RMB";

const CURRENCY_BEFORE_RE = new RegExp(`(${SYMBOL_ALT}|[A-Z]{3})[ \\u00A0\\u202F]?$`, "u");
const WORD_CHAR_RE = /[\p{L}\p{N}_]/u;

/**
 * Reads a currency written just before index `pos` ("$4.2M", "EUR 2.4k", "US$ 5"), with at most one space
 * before the number. Returns the currency and the index where its symbol starts, or null. Unknown
 * three-letter tokens are not currencies.
 */
export function readCurrencyBefore(text: string, pos: number): { currency: CurrencyInfo; start: number } | null {
  const from = Math.max(0, pos - 6);
  const m = CURRENCY_BEFORE_RE.exec(text.slice(from, pos));
  if (!m?.[1]) return null;
  const start = from + m.index;
  // A code glued to a word ("XUSD 5", "ID5") is part of that word.
  if (start > 0 && /^[A-Z]/.test(m[1]) && WORD_CHAR_RE.test(text[start - 1] ?? "")) return null;
  const currency = lookupCurrency(m[1]);
  return currency ? { currency, start } : null;
}

const CURRENCY_AFTER_RE =
  /[ \u00A0\u202F]?((?:[A-Z]{3}|RMB)(?![\p{L}\p{N}])|€|\$|£|¥|￥|元|円|₹|zł|(?:dollars?|euros?|yen|yuan|renminbi|rupees?)(?![\p{L}]))/iuy;

/**
 * Reads a currency written after a figure at `pos` ("3450.0 USD", "2,40 €", "1000円", "5 dollars"), after
 * at most one space. Three-letter codes must be upper case and known. Returns the currency and the index
 * just past it, or null.
 */
export function readCurrencyAfter(text: string, pos: number): { currency: CurrencyInfo; end: number } | null {
  CURRENCY_AFTER_RE.lastIndex = pos;
  const m = CURRENCY_AFTER_RE.exec(text);
  const surface = m?.[1];
  if (!m || !surface) return null;
  if (/^[A-Za-z]{3}$/.test(surface) && surface !== surface.toUpperCase() && !SYMBOLS[surface.toLowerCase()]) return null;
  const currency = lookupCurrency(surface);
  return currency ? { currency, end: pos + m[0].length } : null;
}

/**
 * Reads a currency symbol, ISO code or currency word. Unknown three-letter tokens return undefined, so
 * "ABC 5" is not money. USD and AED are distinct codes and never merged.
 */
export function lookupCurrency(surface: string): CurrencyInfo | undefined {
  if (CURRENCY_CODES.has(surface)) return { code: surface, alternatives: [] };
  const row = SYMBOLS[surface] ?? SYMBOLS[surface.toLowerCase()];
  if (!row || !row[0]) return undefined;
  return { code: row[0], alternatives: row.slice(1) };
}

/**
 * All codes a money quantity may be in: its `currency`, plus CNY when the surface used the shared yen/yuan
 * sign, and every dollar for a bare "$". `Quantity` holds one code, so the ambiguity is recovered from the
 * surface text.
 */
export function currencyCandidates(code: string | null, surface: string): readonly string[] {
  if (code === null) return [];
  if (code === "JPY" && /[¥￥]/.test(surface)) return ["JPY", "CNY"];
  // A bare "$" reads as USD, but may be any dollar: "$24.50" in an Australian bill is A$24.50.
  if (code === "USD" && BARE_DOLLAR.test(surface)) return DOLLARS;
  return [code];
}

/** A "$" with no country letters before it ("$24.50", not "US$", "A$" or "C$"). */
const BARE_DOLLAR = /(?:^|[^\p{L}])\$/u;
/** Currencies written with a bare "$" where they are used. */
const DOLLARS: readonly string[] = ["USD", "AUD", "CAD", "NZD", "SGD", "HKD", "MXN"];
