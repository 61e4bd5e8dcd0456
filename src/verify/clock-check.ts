/**
 * Tier 0's reading of a claim's time of day (see `clock-times.ts`): found where the claim's evidence states
 * it, or absent. The passages read are those tier 0 read for the claim's other figures, and the records of its
 * subject; in a ledger too large to read whole, a time not found there says nothing.
 */
import type { Chunk } from "../schema.js";
import type { ClaimFigure } from "./claim-figures.js";
import type { ClaimScope, FigureResult } from "./claim-scope.js";
import { clockAgrees, type EvidenceClock, evidenceClockTimes, roundHour, sameMinuteOfHour, timeOfDay, toTheMinute, type ClockTime } from "./clock-times.js";
import type { EvidenceFact } from "./evidence-facts.js";
import { featuresOf } from "./lexical-features.js";
import { LINE_KEY, lineAt, momentReader } from "./moment-words.js";

/**
 * In a log of one moment a line ("21:05 ARRIVED ...", "23:48 SORTED ..."), whether the claim's time is on no
 * line that holds a word telling what the claim times, while such a line states another time: "sorted at
 * 21:05" where 21:05 is the ARRIVED line. A word every line holds ("parcel") tells nothing.
 */
function otherMomentNamed(t: ClockTime, chunks: readonly Chunk[], claim: ReadonlySet<string>): boolean {
  for (const chunk of chunks) {
    const clocks = evidenceClockTimes(chunk.text);
    const lineOf = (c: EvidenceClock) => lineAt(chunk.text, c.span[0])[0];
    // One moment a line, and no `key: value` line (a record's fields say more than one moment apart).
    const moments = clocks.filter(
      (c) =>
        !LINE_KEY.test(chunk.text.slice(...lineAt(chunk.text, c.span[0]))) &&
        clocks.every((o) => o === c || lineOf(o) !== lineOf(c) || o.span[0] === c.span[0]),
    );
    if (moments.length < 2) continue;
    const read = momentReader(chunk.text);
    const words = moments.map((c) => read(c.span));
    const telling = [...claim].filter((w) => !/^\d/.test(w) && words.some((x) => x.has(w)) && !words.every((x) => x.has(w)));
    if (telling.length === 0) continue;
    const tells = words.map((x) => telling.some((w) => x.has(w)));
    const agreeing = moments.map((c) => clockAgrees(t, c));
    if (agreeing.some((a, i) => a && !tells[i]) && !agreeing.some((a, i) => a && tells[i]) && tells.some((x, i) => x && !agreeing[i])) return true;
  }
  return false;
}

/**
 * The claim's time against the evidence: `match` where a passage states it (anchored when its line shares a
 * word with the claim: `delivered_at` for "delivered at 7:58 pm"), `absent` where none does, and null when
 * absence says nothing (a zone the evidence may not write, or a ledger too large to read whole).
 * @param chunks the passages tier 0 read for the claim, the subject's records' among them.
 * @param whole whether `chunks` hold all the evidence the claim may read.
 */
export function checkClock(figure: ClaimFigure, t: ClockTime, scope: ClaimScope, chunks: readonly Chunk[], whole: boolean): FigureResult | null {
  let loose: FigureResult | null = null;
  /** A zoned evidence time with the claim's minutes past the hour: the claim may give it in a local clock. */
  let shifted = false;
  const alone = scope.figures.every((f) => f === figure || f.value.type === "name");
  for (const chunk of chunks) {
    const read = momentReader(chunk.text);
    for (const c of evidenceClockTimes(chunk.text)) {
      const agrees = clockAgrees(t, c);
      // Only a time written in UTC may be the claim's in an unknown local clock; one written with its own
      // offset is the local time already.
      if (c.zoned && c.utc === c.local && t.zone === null && t.minutes.some((m) => sameMinuteOfHour(m, c.local))) shifted = true;
      if (!agrees) continue;
      const [ls, le] = lineAt(chunk.text, c.span[0]);
      const line = chunk.text.slice(ls, le);
      const key = LINE_KEY.exec(line)?.[1] ?? "";
      const words = read(c.span);
      // The time carries the claim only where its line names what the claim times, the claim states it in no
      // zone it leaves unchecked, and no other figure of the claim needs binding to the same moment ("405 V at 12:15").
      // A round hour ("at 4 pm", "08:00") is every hourly reading's: it names no one moment of a series.
      const anchored = t.zone !== "other" && alone && !roundHour(t) && [...scope.claimStems].some((s) => words.has(s));
      const record = scope.context.ledger.get(chunk.evidenceId);
      const keyStems = featuresOf(key).stems;
      const best: EvidenceFact = {
        value: { type: "time", t: { ...t, text: chunk.text.slice(c.span[0], c.span[1]), span: c.span } },
        slot: words,
        context: words,
        key: keyStems,
        structured: key !== "" && record?.format === "json",
        span: [chunk.span[0] + c.span[0], chunk.span[0] + c.span[1]],
        quote: { evidenceId: chunk.evidenceId, source: chunk.source, text: line.trim(), span: [chunk.span[0] + ls, chunk.span[0] + le] },
        chunk,
      };
      const result: FigureResult = { figure, outcome: "match", best, score: anchored ? 2 : 1, note: "the evidence states this time", anchored };
      if (anchored) return result;
      loose ??= result;
    }
  }
  if (loose && otherMomentNamed(t, chunks, scope.claimStems))
    return { figure, outcome: "unsettled", score: 0, note: "a log line that names what the claim times states another time; this one is another moment's" };
  if (loose) return loose;
  // A date-time under a time key (`last_updated: 1718870400`, Unix time): its UTC clock.
  for (const f of scope.facts) {
    if (f.value.type !== "date" || f.value.d.instant === null) continue;
    const at = new Date(f.value.d.instant);
    const utc = at.getUTCHours() * 60 + at.getUTCMinutes();
    if (clockAgrees(t, { span: [0, 0], local: utc, utc, zoned: true, instant: at.getTime() }))
      return { figure, outcome: "match", best: f, score: 1, note: "the evidence states this time (a timestamp)", anchored: false };
    // Written in UTC (Unix time, a "Z" or "+00:00" timestamp), it may be the claim's in a local clock.
    const inUtc = /^\d+$|(?:Z|[+-]00:?00)$/.test(f.value.d.text.trim());
    if (inUtc && t.zone === null && t.minutes.some((m) => sameMinuteOfHour(m, utc))) shifted = true;
  }
  // Absent only where absence says so: a time of day to the minute, in no unread zone, in a ledger read whole,
  // and in no zoned evidence time the claim may have moved to a local clock.
  // A region's zone ("Pacific") is read in every dated, zoned timestamp; another zone word may be in none.
  if (!whole || (t.zone === "other" && t.tz === undefined) || !toTheMinute(t) || !timeOfDay(t) || shifted) return null;
  return { figure, outcome: "absent", score: 0, note: "no evidence states this time" };
}
