/**
 * Initialisms of the evidence's terms: "PR" for `event: pull_request`, "SLA" for `service_level_agreement`,
 * "ETA" for `estimatedTimeOfArrival`. An agent abbreviates what its tool spelt out; such a name is the
 * evidence's own term, not an invented entity, so it is never "corrected" to another value of its slot.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";

/** A name written as an initialism: 2 to 5 capitals. */
const INITIALISM = /^[A-Z]{2,5}$/;

/** The initialisms of one text's multi-word terms (keys and values: `pull_request`, `Pull Request`, `timeToLive`). */
function initialismsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const term of text.match(/[A-Za-z][A-Za-z_\- ]{2,80}/g) ?? []) {
    const words = term
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .split(/[_\-\s]+/)
      .filter((w) => w.length > 0);
    for (let i = 0; i < words.length; i++) {
      for (let n = 2; n <= 5 && i + n <= words.length; n++)
        out.add(
          words
            .slice(i, i + n)
            .map((w) => w[0]!.toUpperCase())
            .join(""),
        );
    }
  }
  return out;
}

/** Whether `name` is an initialism of a multi-word term of some evidence record. */
export function abbreviatesEvidence(name: string, ledger: EvidenceLedger): boolean {
  if (!INITIALISM.test(name)) return false;
  return ledger.records.some((r) => ledger.memo("initialisms", r.id, () => initialismsOf(r.text)).has(name));
}
