/**
 * One session's answers: each draft with its claims highlighted by verdict, and for each claim its verdict,
 * confidence, deciding tier, evidence quotes, corrections and per-tier trace with timings.
 */
import type { Claim, ClaimVerdict, Report } from "../../index.js";
import { HTML_MARK, isoTime, msText, scoreText, tierText, utcTime, VERDICT_TEXT } from "../format.js";
import { claimAnchor, highlightDraft } from "../highlight.js";
import { html, type SafeHtml } from "../html.js";
import { layout, pathTo, type PageContext } from "../layout.js";
import { pager, sessionHeader, type SessionView } from "./session-header.js";

function quoteLink(ctx: PageContext, sessionId: string, q: { evidenceId: string; source: string; text: string }): SafeHtml {
  return html`<a class="src" href="${pathTo(ctx.base, "sessions", sessionId, "evidence", q.evidenceId)}">${q.source} ${q.evidenceId}</a> <q>${q.text}</q>`;
}

function claimRow(ctx: PageContext, sessionId: string, claim: Claim, v: ClaimVerdict | undefined): SafeHtml {
  const label = v?.verdict ?? "not_checkable";
  const decider = v?.trace.find((t) => t.tier === v.tier && t.outcome !== "pass");
  const flagged = label === "contradicted" || label === "unsupported";
  return html`<tr class="claim-row verdict-${label}${flagged ? " flagged" : ""}" id="${claimAnchor(claim.id)}">
<td class="id">${claim.id}</td>
<td><span class="verdict v-${label}"><span class="mark">${HTML_MARK[label]}</span> ${VERDICT_TEXT[label]}</span><div class="muted small">${claim.kind.replace("_", " ")} claim</div></td>
<td class="claim-text">${claim.text}
${(v?.corrections ?? []).map((c) => html`<div class="correction">correction: <del>${c.wrong}</del> → <ins>${c.value}</ins> <span class="muted">(${quoteLink(ctx, sessionId, c.quote)})</span></div>`)}
${v && v.corrections.length === 0 && v.quotes.length > 0 && label !== "not_checkable" ? html`<div class="quote">evidence: ${quoteLink(ctx, sessionId, v.quotes[0]!)}</div>` : ""}
${v && v.quotes.length > 1 ? html`<details class="more-quotes"><summary>${v.quotes.length - 1} more quote${v.quotes.length > 2 ? "s" : ""}</summary>${v.quotes.slice(1).map((q) => html`<div class="quote">${quoteLink(ctx, sessionId, q)}</div>`)}</details>` : ""}
</td>
<td class="n">${v ? v.confidence.toFixed(2) : ""}</td>
<td>${v ? tierText(v.tier, decider?.name) : ""}</td>
<td>${
    v && v.trace.length > 0
      ? html`<details class="trace"><summary>${v.trace.length} step${v.trace.length > 1 ? "s" : ""} · ${msText(v.trace.reduce((n, t) => n + t.ms, 0))}</summary>
<table class="trace-table"><thead><tr><th>tier</th><th>outcome</th><th class="n">confidence</th><th class="n">time</th><th>note</th></tr></thead>
<tbody>${v.trace.map((t) => html`<tr><td>${tierText(t.tier, t.name)}</td><td class="o-${t.outcome}">${t.outcome}</td><td class="n">${t.confidence === null ? "" : t.confidence.toFixed(2)}</td><td class="n">${msText(t.ms)}</td><td>${t.note}</td></tr>`)}</tbody></table></details>`
      : ""
  }</td>
</tr>`;
}

function answer(ctx: PageContext, r: Report): SafeHtml {
  const byId = new Map(r.verdicts.map((v) => [v.claimId, v]));
  const flagged = r.counts.contradicted + r.counts.unsupported;
  return html`<section class="answer" id="answer-${r.responseId}">
<header class="answer-head">
<h2>Answer ${r.responseId}</h2>
<span class="badge d-${r.decision}">${r.decision}</span>
<span>grounding ${scoreText(r.groundingScore)}</span>
<span class="muted">${flagged} flagged · ${r.claims.length} claims · ${r.strictness} policy · ${msText(r.ms)} · <time datetime="${isoTime(r.createdAt)}">${utcTime(r.createdAt)}</time></span>
</header>
<div class="draft">${highlightDraft(r.draft, r.claims, r.verdicts)}</div>
${r.reasons.length > 0 ? html`<ul class="reasons">${r.reasons.map((x) => html`<li>${x}</li>`)}</ul>` : ""}
${
  r.output === null
    ? html`<p class="blocked-note">Blocked: nothing of this answer was shipped.</p>`
    : r.output !== r.draft
      ? html`<details class="output"><summary>Text that may ship (${r.decision})</summary><pre>${r.output}</pre>${r.sources.length > 0 ? html`<p class="muted small">Sources: ${r.sources.map((s) => html`[${s.marker}] ${s.source} (${s.evidenceId}) `)}</p>` : ""}</details>`
      : ""
}
${
  r.claims.length === 0
    ? html`<p class="muted">No claims in this answer.</p>`
    : html`<table class="claims"><thead><tr><th>claim</th><th>verdict</th><th>text, evidence and correction</th><th class="n">confidence</th><th>decided by</th><th>trace</th></tr></thead>
<tbody>${r.claims.map((c) => claimRow(ctx, r.sessionId, c, byId.get(c.id)))}</tbody></table>`
}
</section>`;
}

export function sessionPage(ctx: PageContext, data: SessionView & { reports: Report[]; page: number; size: number }): SafeHtml {
  const s = data.session;
  const pages = Math.max(1, Math.ceil(s.responses / data.size));
  const nav = pager(pathTo(ctx.base, "sessions", s.sessionId), data.page, pages, "answers", s.responses, data.size);
  const body = html`${sessionHeader(ctx, data, "answers")}
<label class="toggle"><input type="checkbox" id="flagged-only"> only flagged claims</label>
${nav}
${data.reports.length === 0 ? html`<p class="muted">No answer verified in this session yet.</p>` : data.reports.map((r) => answer(ctx, r))}
${nav}`;
  return layout(ctx, `Session ${s.sessionId}`, body, { pageClass: "page-session" });
}
