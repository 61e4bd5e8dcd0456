/** The sessions list: filter, sort, one page of sessions, and a chart of the last 30 days. */
import type { DayTrend, SessionOverview, SessionPage, SessionSort, SessionStatus } from "../../index.js";
import { renderChart } from "../chart.js";
import { isoTime, scoreText, utcTime } from "../format.js";
import { html, type SafeHtml } from "../html.js";
import { layout, pathTo, withQuery, type PageContext } from "../layout.js";
import { markOf } from "./marks.js";

export interface SessionsView {
  q: string;
  status: SessionStatus;
  sort: SessionSort;
  page: number;
  size: number;
}

const STATUS_LABEL: Record<SessionStatus, string> = {
  all: "all sessions",
  blocked: "with a blocked answer",
  flagged: "with flagged claims",
  clean: "with no flagged claim",
};
const SORT_LABEL: Record<SessionSort, string> = {
  recent: "last activity",
  oldest: "oldest first",
  score: "lowest grounding score",
  flagged: "most flagged claims",
  answers: "most answers",
};

function options<T extends string>(labels: Record<T, string>, selected: T): SafeHtml[] {
  return (Object.keys(labels) as T[]).map((k) => html`<option value="${k}"${k === selected ? html` selected` : ""}>${labels[k]}</option>`);
}

/** A score bar: width steps of 5% through a class (inline styles are refused by the page's CSP). */
export function scoreBar(score: number | null): SafeHtml {
  if (score === null) return html`<span class="score none" title="nothing checkable">n/a</span>`;
  const step = Math.round(score * 20) * 5;
  const tone = score >= 0.8 ? "good" : score >= 0.5 ? "fair" : "poor";
  return html`<span class="score ${tone}"><span class="bar w${step}"></span><span class="num">${scoreText(score)}</span></span>`;
}

function row(ctx: PageContext, s: SessionOverview): SafeHtml {
  return html`<tr>
<td class="id"><a href="${pathTo(ctx.base, "sessions", s.sessionId)}">${s.sessionId}</a></td>
<td><time datetime="${isoTime(s.createdAt)}">${utcTime(s.createdAt)}</time></td>
<td><time datetime="${isoTime(s.updatedAt)}">${utcTime(s.updatedAt)}</time></td>
<td class="n">${s.responses}</td>
<td>${scoreBar(s.groundingScore)}</td>
<td class="n v-supported">${s.claims.supported}</td>
<td class="n v-contradicted">${s.claims.contradicted}</td>
<td class="n v-unsupported">${s.claims.unsupported}</td>
<td class="n v-not_checkable">${s.claims.not_checkable}</td>
<td>${s.blocked > 0 ? html`<span class="badge block">blocked ×${s.blocked}</span>` : html`<span class="muted">no</span>`}</td>
<td class="n">${s.evidenceCount}</td>
</tr>`;
}

export function sessionsPage(ctx: PageContext, data: { result: SessionPage; view: SessionsView; trends: DayTrend[]; days: number }): SafeHtml {
  const { result, view } = data;
  const pages = Math.max(1, Math.ceil(result.total / view.size));
  const keep = {
    q: view.q,
    status: view.status === "all" ? undefined : view.status,
    sort: view.sort === "recent" ? undefined : view.sort,
    size: view.size === 50 ? undefined : view.size,
  };
  const pageLink = (p: number) => withQuery(`${ctx.base}/`, { ...keep, page: p === 1 ? undefined : p });
  const sortLink = (sort: SessionSort, label: string | SafeHtml) =>
    view.sort === sort
      ? html`<span class="sorted">${label} ▾</span>`
      : html`<a href="${withQuery(`${ctx.base}/`, { ...keep, sort: sort === "recent" ? undefined : sort })}">${label}</a>`;
  const chart = renderChart(
    data.trends.map((t) => ({
      label: t.day.slice(5),
      score: t.groundingScore,
      flagged: t.flagged,
      title: `${t.day}: ${t.responses} answers · grounding ${scoreText(t.groundingScore)} · ${t.flagged} flagged claims · ${t.blocked} blocked`,
    })),
    `answers per day, last ${data.days} days (UTC)`,
  );
  const body = html`<h1>Sessions</h1>
<section class="panel">${chart}</section>
<form class="filters" method="get" action="${ctx.base}/">
<label>Session id <input type="search" name="q" value="${view.q}" placeholder="contains…"></label>
<label>Show <select name="status">${options(STATUS_LABEL, view.status)}</select></label>
<label>Sort by <select name="sort">${options(SORT_LABEL, view.sort)}</select></label>
<label>Per page <select name="size">${[20, 50, 100, 200].map((n) => html`<option value="${n}"${n === view.size ? html` selected` : ""}>${n}</option>`)}</select></label>
<button type="submit">Apply</button>
<label class="live"><input type="checkbox" id="live"> refresh every 5 s</label>
</form>
<p class="muted count">${result.total === 0 ? "No session matches." : `${result.total} session${result.total === 1 ? "" : "s"}${view.status === "all" ? "" : ` ${STATUS_LABEL[view.status]}`}${view.q ? ` whose id contains “${view.q}”` : ""} · page ${view.page} of ${pages}`}</p>
${
  result.sessions.length === 0
    ? html`<div class="empty"><p>Nothing to show here yet.</p><p>Record sessions with <code>hfw verify --db FILE --evidence … --draft …</code>, a <code>Firewall</code> given a <code>SqliteStore</code> (or <code>HFW_STORE=FILE</code>), or <code>npm run example:sessions</code> for the bundled examples.</p></div>`
    : html`<table class="sessions">
<thead><tr><th>Session</th><th>${sortLink("oldest", "Started")}</th><th>${sortLink("recent", "Last activity")}</th><th class="n">${sortLink("answers", "Answers")}</th><th>${sortLink("score", "Grounding")}</th>
<th class="n" title="supported claims">${markOf("supported")}</th><th class="n" title="contradicted claims (sort: most flagged)">${sortLink("flagged", markOf("contradicted"))}</th><th class="n" title="unsupported claims">${markOf("unsupported")}</th><th class="n" title="claims not checkable">${markOf("not_checkable")}</th><th>Blocked</th><th class="n">Evidence</th></tr></thead>
<tbody>${result.sessions.map((s) => row(ctx, s))}</tbody>
</table>`
}
<nav class="pager">${view.page > 1 ? html`<a rel="prev" href="${pageLink(view.page - 1)}">‹ Previous</a>` : html`<span class="muted">‹ Previous</span>`}
<span>Page ${view.page} of ${pages}</span>
${view.page < pages ? html`<a rel="next" href="${pageLink(view.page + 1)}">Next ›</a>` : html`<span class="muted">Next ›</span>`}</nav>`;
  return layout(ctx, "Sessions", body, { pageClass: "page-sessions" });
}
