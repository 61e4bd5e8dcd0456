/**
 * What the audit of a session's hash chain found, as a line under the session's totals: "ledger verified"
 * with the head, or the first link that does not match, why, and what to do.
 */
import type { ChainAudit } from "../../index.js";
import { html, type SafeHtml } from "../html.js";
import { pathTo, type PageContext } from "../layout.js";

/** Hex digits of a head shown; the whole hash is the element's title. */
const HEAD_DIGITS = 12;

export function ledgerStatus(ctx: PageContext, sessionId: string, audit: ChainAudit): SafeHtml {
  if (audit.ok) {
    return html`<p class="ledger ok"><span class="mark v-supported">✓</span> ledger verified: ${audit.length} link${audit.length === 1 ? "" : "s"}, head <code title="${audit.head.hash}">${audit.head.hash.slice(0, HEAD_DIGITS)}</code></p>`;
  }
  const b = audit.break!;
  const row = b.row
    ? b.row.kind === "evidence"
      ? html` (<a href="${pathTo(ctx.base, "sessions", sessionId, "evidence", b.row.id)}">evidence ${b.row.id}</a>)`
      : html` (<a href="${pathTo(ctx.base, "sessions", sessionId)}#answer-${b.row.id}">answer ${b.row.id}</a>)`
    : "";
  return html`<p class="ledger broken" role="alert"><span class="mark v-contradicted">✗</span> ledger broken at link ${b.seq}${row}, ${b.cause}: ${b.message} Verdicts on this session rest on evidence that may have been changed: restore the database from a backup or an export.</p>`;
}
