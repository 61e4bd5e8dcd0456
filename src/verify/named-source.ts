/**
 * The tool a claim names by a noun: "The catalog lists 5 bikes" is about what `rental_catalog` returned, "The
 * slot search returned 4 slots" about `available_slots`. A value of another tool's record (`bikes_reserved: 2`
 * of a booking) neither contradicts such a claim nor, as a count of another array, supports it.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { STOP_WORDS } from "../text/stop-words.js";
import type { FigureResult } from "./claim-scope.js";

/** Tool-name words that say how a tool is called, not what it returns. */
const CALL_WORDS = new Set(["get", "list", "fetch", "read", "query", "call", "tool", "api", "lookup", "find", "show", "view", "retrieve", "admin", "graphql"]);

const singular = (w: string) => w.replace(/(?:ies)$/, "y").replace(/(?<=[^s])s$/, "");

/** The words of a tool name (`rental_catalog`, `sis.get_section(term="2024FA")`): its call name only, singular. */
function toolWords(source: string): Set<string> {
  const call = source.split("(")[0]!.toLowerCase();
  return new Set(
    call
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4 && !CALL_WORDS.has(w))
      .map(singular),
  );
}

/**
 * Ids of the records whose tool the claim's words name, when they name some tools' but not all: `null` when
 * the claim names no tool, or every record's.
 */
export function namedSources(text: string, ledger: EvidenceLedger): Set<string> | null {
  if (ledger.records.length < 2) return null;
  const words = new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w)).map(singular));
  const named = new Set<string>();
  for (const r of ledger.records) {
    for (const w of toolWords(r.source)) if (words.has(w)) named.add(r.id);
  }
  return named.size === 0 || named.size === ledger.records.length ? null : named;
}

/**
 * Figure results read against the named tools only: a difference from, or a count of, another tool's
 * record settles nothing for a quantity of the claim.
 */
export function withinNamedSources(results: FigureResult[], text: string, ledger: EvidenceLedger): FigureResult[] {
  const named = namedSources(text, ledger);
  if (!named) return results;
  return results.map((r) => {
    // Figures only: a name's slot (whose extreme a superlative names) is read across records.
    if (!r.best || r.figure.value.type !== "quantity" || named.has(r.best.chunk.evidenceId)) return r;
    const count = r.best.value.type === "quantity" && r.best.value.q.count === true;
    if (r.outcome !== "mismatch" && !(r.outcome === "match" && count)) return r;
    return {
      figure: r.figure,
      outcome: "unsettled",
      score: r.score,
      note: `the claim names another tool's output than ${ledger.get(r.best.chunk.evidenceId)?.source ?? "this record"}`,
    };
  });
}
