/**
 * Shared assertions for claim extraction tests: the invariants every claim list must keep.
 */
import { expect } from "vitest";
import type { ExtractedClaim } from "../../src/claims/index.js";

/** What a test states about one claim: its span text in the draft, its text and kind. */
export interface ClaimView {
  span: string;
  text: string;
  kind: ExtractedClaim["kind"];
  citations?: string[];
}

/**
 * Asserts the invariants of a claim list: spans inside the draft, trimmed, in order and not overlapping;
 * `map` as long as `text`, each entry -1 or the draft offset of the same character.
 */
export function expectWellFormed(draft: string, claims: ExtractedClaim[]): void {
  let lastEnd = 0;
  for (const claim of claims) {
    const [start, end] = claim.span;
    expect(start).toBeGreaterThanOrEqual(lastEnd);
    expect(end).toBeGreaterThan(start);
    expect(end).toBeLessThanOrEqual(draft.length);
    const spanText = draft.slice(start, end);
    expect(spanText).toBe(spanText.trim());
    expect(claim.map).toHaveLength(claim.text.length);
    claim.map.forEach((at, i) => {
      if (at !== -1) expect(draft[at], `map[${i}] of ${JSON.stringify(claim.text)}`).toBe(claim.text[i]);
    });
    lastEnd = end;
  }
}

/** The claims as the tests compare them: span text, text, kind, citations. */
export function view(draft: string, claims: ExtractedClaim[]): ClaimView[] {
  return claims.map((c) => ({ span: draft.slice(c.span[0], c.span[1]), text: c.text, kind: c.kind, citations: c.citations }));
}
