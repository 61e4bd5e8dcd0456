/**
 * The grounding score of DESIGN.md: supported / checkable claims. Its own module, free of the verifier, so
 * the store (and the CLI commands that only read or write it) can compute it without loading the pipeline.
 */
import type { VerdictCounts } from "../schema.js";

/** Grounding score: supported / (supported + contradicted + unsupported); null when that is 0. */
export function scoreOf(counts: VerdictCounts): number | null {
  const checkable = counts.supported + counts.contradicted + counts.unsupported;
  return checkable === 0 ? null : counts.supported / checkable;
}
