/**
 * A status word a claim gives (its predicate: "is pending", "was delivered") that no tool output states in any
 * word of its class: the words around it may all be the evidence's ("Booking HX-88231 is pending" against
 * `confirmation: HX-88231, status: confirmed`), but the one that carries the claim is not, so word overlap
 * does not support it (DESIGN.md: supported needs the evidence to state the claim).
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { exclusive, statusClass } from "./categorical-fields.js";

/**
 * Status words specific enough to carry a claim. Words that are as often something else ("up 5%", "due on",
 * "open 9-5", "done", "late fee", "error rate"), and health and schedule words an agent infers ("healthy" from `ready: true`, "a scheduled run"), are left out.
 */
const CARRYING = new Set(
  (
    "pending processing queued delivered shipped dispatched cancelled canceled voided aborted succeeded successful " +
    "passed passing degraded outage approved authorized authorised rejected declined " +
    "denied refunded reversed failed failing active activated suspended deactivated inactive closed resolved " +
    "completed finished merged delayed paid unpaid overdue paused confirmed withdrawn"
  ).split(" "),
);

/** A negation in the claim: what it says is not so is left to the other checks. */
const NEGATED = /\b(?:not|never|no|none|neither|nor)\b|n['’]t\b/i;

/**
 * The claim's status word that no recorded tool output states (by a word of its status class or of a class near
 * it), or null.
 * Reads each record's text once per ledger size (memoised). Never throws.
 */
export function unstatedStatus(claimText: string, ledger: EvidenceLedger): string | null {
  if (NEGATED.test(claimText)) return null;
  const words = claimText.toLowerCase().match(/\p{L}+/gu) ?? [];
  const own = words.filter((w) => CARRYING.has(w) && statusClass(w) !== null);
  if (own.length === 0) return null;
  const stated = ledger.memo("unstated-status", `records:${ledger.records.length}`, () => {
    const classes = new Set<string>();
    for (const r of ledger.records) {
      for (const w of new Set(r.text.toLowerCase().match(/\p{L}+(?:[_-]\p{L}+)*/gu) ?? [])) {
        const c = statusClass(w);
        if (c !== null) classes.add(c);
      }
    }
    return classes;
  });
  // A word of the same class, or of one near enough not to rule it out ("paid" beside `COMPLETED`), states it.
  return own.find((w) => ![...stated].some((c) => !exclusive(c, statusClass(w)!))) ?? null;
}
