/**
 * Shapes of the quantities, dates and names that tier 0 reads from claims and evidence.
 * Offsets are UTF-16 indexes into the string that was parsed, half-open [start, end).
 */

/** What a number measures. `number` = a bare number or a count of some noun ("58 people"). */
export type QuantityKind = "number" | "percent" | "money" | "measure";

/** Physical dimension of a `measure`, each with its base unit. */
export type Dimension = "data" | "time" | "length" | "mass" | "energy" | "power" | "pressure" | "frequency" | "bitrate" | "volume" | "speed";

/** How a figure bounds the true value: `eq` for a plain figure, `le` for "up to / at most / no more than", ... */
export type Bound = "eq" | "le" | "lt" | "ge" | "gt";

export interface Quantity {
  /** Surface text as found, e.g. "$4.2M", "17,93 %", "one hundred and five". */
  text: string;
  span: [number, number];
  kind: QuantityKind;
  /**
   * Value in base units: money in whole currency units (4.2M -> 4200000), percent in percentage points
   * (25% -> 25), measure in the dimension's base unit (data: bytes, time: ms, length: m, mass: g),
   * number as written (1.5k -> 1500).
   */
  value: number;
  /** Other readings when the surface is ambiguous ("1.000" may be 1 or 1000); `value` is the preferred one. */
  alternatives: number[];
  /** ISO 4217 code for money ("USD", "EUR", "AED"...), null if no currency was stated. */
  currency: string | null;
  /** Dimension of a measure, null otherwise. */
  dimension: Dimension | null;
  /** The unit as written, normalised ("GB", "ms", "km", "kg", "%", "USD"), or the noun after a count ("lots"). */
  unit: string | null;
  /**
   * Half-width of the interval the written figure stands for, in base units: "4.2M" -> 50000,
   * "4,213,450" -> 0.5, "3.4%" -> 0.05. Derived from the last significant digit written.
   */
  precision: number;
  /** Preceded by a hedge: about, around, roughly, approximately, nearly, almost, ~, some, over/under are bounds not hedges. */
  approx: boolean;
  bound: Bound;
  /** Written as a number word ("twelve", "a dozen", "a quarter"). */
  word: boolean;
  /** Evidence only: the number of elements a tool returned (a JSON array's length); only counts compare with it. */
  count?: boolean;
  /**
   * The temperature scale written after a plain number ("49 °F", "12 degrees Celsius"): the number is a
   * temperature in that scale, compared across scales by conversion (see `verify/figure-compare.ts`).
   */
  scale?: "°C" | "°F";
}

/** Whether a claim quantity and an evidence quantity agree. */
export type MatchResult = "match" | "mismatch" | "incomparable";

/** A calendar date, a month, a year or a quarter mentioned in text. */
export interface DateMention {
  text: string;
  span: [number, number];
  year: number | null;
  month: number | null; // 1..12
  day: number | null;
  quarter: number | null; // 1..4
  /** The finest part stated. */
  granularity: "day" | "month" | "year" | "quarter";
  /** A time of day was stated (e.g. ISO timestamps); ISO string in UTC, else null. */
  instant: string | null;
  /** The weekday written just before a day ("Thursday, March 1"): 0 = Sunday … 6 = Saturday; absent when none. */
  weekday?: number;
}

/** A proper name or identifier mentioned in text. */
export interface NameMention {
  text: string;
  span: [number, number];
  /** Accent-folded, lower-cased, titles removed ("Dr. José Smith" -> "jose smith"). */
  key: string;
  /** `name` for capitalised spans, `code` for identifiers (backticked text, versions like 18.0.10, package-like tokens). */
  type: "name" | "code";
  /** The text wrote the name with a possessive ending ("Pepper's fee"), which the span leaves out: it names an owner. */
  possessive?: boolean;
}
