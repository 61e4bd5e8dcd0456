/** The head of a session's pages: totals, the chart of its answers, tabs and export links. */
import type { ChainAudit, ReportSummary, SessionOverview } from "../../index.js";
import { renderChart } from "../chart.js";
import { bytesText, isoTime, scoreText, utcTime } from "../format.js";
import { html, type SafeHtml } from "../html.js";
import { pathTo, withQuery, type PageContext } from "../layout.js";
import { ledgerStatus } from "./ledger-status.js";
import { counts } from "./marks.js";
import { scoreBar } from "./sessions-page.js";

/** What a session's pages show above their tabs. */
export interface SessionView {
  session: SessionOverview;
  summaries: ReportSummary[];
  /** The audit of the session's hash chain. */
  audit: ChainAudit;
}

export function sessionHeader(ctx: PageContext, view: SessionView, tab: "answers" | "evidence"): SafeHtml {
  const { session: s, summaries } = view;
  const here = pathTo(ctx.base, "sessions", s.sessionId);
  const exportPath = pathTo(ctx.base, "api", "sessions", s.sessionId, "export");
  const checkable = s.claims.supported + s.claims.contradicted + s.claims.unsupported;
  const chart = renderChart(
    summaries.map((r) => ({
      label: r.responseId,
      score: r.groundingScore,
      flagged: r.counts.contradicted + r.counts.unsupported,
      title: `${r.responseId} · ${utcTime(r.createdAt)} · ${r.decision} · grounding ${scoreText(r.groundingScore)} · ${r.counts.contradicted + r.counts.unsupported} flagged`,
    })),
    "answers of this session in order",
  );
  return html`<p class="crumbs"><a href="${ctx.base}/">Sessions</a> ›</p>
<h1 class="session-id">${s.sessionId}</h1>
<dl class="totals">
<div><dt>Started</dt><dd><time datetime="${isoTime(s.createdAt)}">${utcTime(s.createdAt)}</time></dd></div>
<div><dt>Last activity</dt><dd><time datetime="${isoTime(s.updatedAt)}">${utcTime(s.updatedAt)}</time></dd></div>
<div><dt>Answers</dt><dd>${s.responses}${s.blocked > 0 ? html` <span class="badge block">${s.blocked} blocked</span>` : ""}</dd></div>
<div><dt>Grounding</dt><dd>${scoreBar(s.groundingScore)} <span class="muted">${s.claims.supported}/${checkable} checkable</span></dd></div>
<div><dt>Claims</dt><dd class="counts">${counts(s.claims)}</dd></div>
<div><dt>Evidence</dt><dd>${s.evidenceCount} records · ${bytesText(s.evidenceBytes)}</dd></div>
</dl>
${ledgerStatus(ctx, s.sessionId, view.audit)}
<section class="panel">${chart}</section>
<nav class="tabs">
${tab === "answers" ? html`<span class="tab current">Answers (${s.responses})</span>` : html`<a class="tab" href="${here}">Answers (${s.responses})</a>`}
${tab === "evidence" ? html`<span class="tab current">Evidence ledger (${s.evidenceCount})</span>` : html`<a class="tab" href="${pathTo(ctx.base, "sessions", s.sessionId, "evidence")}">Evidence ledger (${s.evidenceCount})</a>`}
<span class="spacer"></span>
<a class="export" href="${withQuery(exportPath, { format: "md" })}" download>Report (Markdown)</a>
<a class="export" href="${withQuery(exportPath, { format: "json" })}" download>Report (JSON)</a>
</nav>`;
}

/** Previous / next links over pages of a session's answers or evidence. */
export function pager(path: string, page: number, pages: number, noun: string, total: number, size: number): SafeHtml {
  if (pages <= 1) return html``;
  const from = (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return html`<nav class="pager">${page > 1 ? html`<a rel="prev" href="${withQuery(path, { page: page - 1 })}">‹ Previous</a>` : html`<span class="muted">‹ Previous</span>`}
<span>${noun} ${from}–${to} of ${total}</span>
${page < pages ? html`<a rel="next" href="${withQuery(path, { page: page + 1 })}">Next ›</a>` : html`<span class="muted">Next ›</span>`}</nav>`;
}
