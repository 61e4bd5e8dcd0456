/**
 * A status's place in its lifecycle: a record at a later stage implies the events of the stages before it.
 * "The order was shipped on 3 May" is true of an order whose `status` is now `delivered`, and "The ticket was
 * opened on 2 June" of a `closed` ticket; "The order is in transit" is not. A claim that tells a past event of
 * an earlier stage is therefore never contradicted by the later stage a record states now.
 */

/**
 * The status classes (see `statusClass` in `categorical-fields.ts`) whose events a record at each class has
 * been through: a `delivered` order was shipped and confirmed, a `refunded` charge was paid, a `closed` ticket
 * was opened. A stage that may be skipped (a run cancelled before it started) implies nothing of it.
 */
const EARLIER: Readonly<Record<string, readonly string[]>> = {
  delivered: ["in transit", "pending", "confirmed", "paid", "scheduled", "approved"],
  "in transit": ["pending", "confirmed", "paid", "scheduled", "approved"],
  closed: ["open", "in progress", "pending", "scheduled", "approved", "confirmed"],
  success: ["in progress", "pending", "scheduled", "open", "approved"],
  failure: ["in progress", "pending", "scheduled", "open"],
  cancelled: ["pending"],
  refunded: ["paid", "success", "approved", "confirmed", "pending"],
  "in progress": ["pending", "scheduled", "open", "approved", "confirmed"],
  active: ["pending", "approved", "scheduled", "confirmed"],
  approved: ["pending"],
  rejected: ["pending"],
  paid: ["pending", "approved", "confirmed"],
  suspended: ["active", "approved", "pending"],
  paused: ["active", "in progress", "scheduled", "pending"],
};

/** A word in the past tense or past participle: "shipped", "opened", "started", "paid". */
const PAST_FORM = /(?:ed|paid)$/i;

/**
 * A form of "be" in the present right before the word ("is shipped", "are still queued"): the word is then a
 * state the subject is in now, not an event. A contracted "'s" may be "has" ("it's shipped"), so it reads as
 * no present here.
 */
const PRESENT_BEFORE = /\b(?:is|are|am|remains?|stays?|becomes?)\s+(?:(?:still|now|currently|already|not|fully|just)\s+)?$/i;

/**
 * Whether the claim's status word tells an event in the past ("was shipped", "has been opened", "started on
 * 3 May"), not a state the subject is in now ("is open", "is shipped"). `before` is the claim's text before
 * the word.
 */
export function pastEvent(word: string, before: string): boolean {
  return PAST_FORM.test(word.trim()) && !PRESENT_BEFORE.test(before);
}

/**
 * Whether a record at the `stated` class has been through the `claimed` class's event, so that a claim of
 * that event in the past (see {@link pastEvent}) is no contradiction of the record's present status.
 */
export function impliedByLaterStage(claimed: string, stated: string): boolean {
  return EARLIER[stated]?.includes(claimed) ?? false;
}
