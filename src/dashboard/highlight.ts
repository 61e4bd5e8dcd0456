/**
 * A draft with its claims highlighted inline by verdict, each linking to its row, and each wrong value shown
 * struck through beside the evidence value that corrects it.
 */
import type { Claim, ClaimVerdict, Correction } from "../index.js";
import { html, type SafeHtml } from "./html.js";
import { VERDICT_TEXT } from "./format.js";

/** Anchor id of a claim's row on the session page. */
export function claimAnchor(claimId: string): string {
  return `claim-${claimId}`;
}

function validSpan(span: readonly [number, number], within: readonly [number, number]): boolean {
  return Number.isInteger(span[0]) && Number.isInteger(span[1]) && span[0] >= within[0] && span[1] <= within[1] && span[0] <= span[1];
}

/** The claim's text with each correction's wrong value as `<del>` followed by its `<ins>` value. */
function claimBody(draft: string, span: [number, number], corrections: Correction[]): SafeHtml {
  const parts: Array<SafeHtml | string> = [];
  let at = span[0];
  const sorted = corrections.filter((c) => validSpan(c.span, span)).sort((a, b) => a.span[0] - b.span[0]);
  for (const c of sorted) {
    if (c.span[0] < at) continue;
    parts.push(draft.slice(at, c.span[0]));
    parts.push(
      html`<del>${draft.slice(c.span[0], c.span[1])}</del><span class="arrow"> → </span><ins title="${`evidence: ${c.quote.source} ${c.quote.evidenceId} "${c.quote.text}"`}">${c.value}</ins>`,
    );
    at = c.span[1];
  }
  parts.push(draft.slice(at, span[1]));
  return html`${parts}`;
}

/**
 * @returns the draft as HTML: text outside claims escaped as is, each claim an `<a class="claim v-VERDICT">`
 *   to its row. Claims whose span is invalid or overlaps an earlier claim's are left unmarked (they still
 *   have their row).
 */
export function highlightDraft(draft: string, claims: Claim[], verdicts: ClaimVerdict[]): SafeHtml {
  const byId = new Map(verdicts.map((v) => [v.claimId, v]));
  const whole: [number, number] = [0, draft.length];
  const marked = claims.filter((c) => validSpan(c.span, whole) && c.span[1] > c.span[0]).sort((a, b) => a.span[0] - b.span[0] || b.span[1] - a.span[1]);
  const parts: Array<SafeHtml | string> = [];
  let at = 0;
  for (const claim of marked) {
    if (claim.span[0] < at) continue;
    const verdict = byId.get(claim.id);
    const label = verdict?.verdict ?? "not_checkable";
    parts.push(draft.slice(at, claim.span[0]));
    const title = `${claim.id}: ${VERDICT_TEXT[label]}${verdict ? ` (${verdict.confidence.toFixed(2)})` : ""}`;
    parts.push(
      html`<a class="claim v-${label}" href="#${claimAnchor(claim.id)}" title="${title}">${claimBody(draft, claim.span, verdict?.corrections ?? [])}</a>`,
    );
    at = claim.span[1];
  }
  parts.push(draft.slice(at));
  return html`${parts}`;
}
