/** A session's evidence ledger (what each tool returned), page by page, and one record whole. */
import type { EvidenceRecord } from "../../index.js";
import { bytesText, isoTime, utcTime } from "../format.js";
import { html, type SafeHtml } from "../html.js";
import { layout, pathTo, type PageContext } from "../layout.js";
import { pager, sessionHeader, type SessionView } from "./session-header.js";

/** Characters of a record shown in the ledger list; the record's own page shows it whole. */
const PREVIEW_CHARS = 4_000;

/** The content as a person reads it: a string as is, a JSON value indented. */
export function contentText(record: EvidenceRecord): string {
  return typeof record.content === "string" ? record.content : JSON.stringify(record.content, null, 2);
}

function argsText(args: unknown): string {
  return typeof args === "string" ? args : JSON.stringify(args);
}

function meta(record: EvidenceRecord): SafeHtml {
  return html`<span class="muted">${record.format} · ${bytesText(record.bytes)} · ${record.chunkCount} passage${record.chunkCount === 1 ? "" : "s"} · <time datetime="${isoTime(record.recordedAt)}">${utcTime(record.recordedAt)}</time>${record.callId ? ` · call ${record.callId}` : ""}</span>`;
}

function item(ctx: PageContext, sessionId: string, record: EvidenceRecord): SafeHtml {
  const text = contentText(record);
  const clipped = text.length > PREVIEW_CHARS;
  const link = pathTo(ctx.base, "sessions", sessionId, "evidence", record.id);
  return html`<article class="record" id="evidence-${record.id}">
<header><a class="id" href="${link}">${record.id}</a> <strong class="source">${record.source}</strong> ${meta(record)}</header>
${record.args !== undefined ? html`<div class="args">arguments: <code>${argsText(record.args)}</code></div>` : ""}
<details${clipped ? "" : html` open`}><summary>output${clipped ? ` (first ${PREVIEW_CHARS.toLocaleString("en")} of ${text.length.toLocaleString("en")} characters)` : ""}</summary><pre class="content">${clipped ? text.slice(0, PREVIEW_CHARS) : text}</pre>${clipped ? html`<p><a href="${link}">Whole output</a></p>` : ""}</details>
</article>`;
}

export function evidencePage(ctx: PageContext, data: SessionView & { records: EvidenceRecord[]; page: number; size: number }): SafeHtml {
  const s = data.session;
  const pages = Math.max(1, Math.ceil(s.evidenceCount / data.size));
  const nav = pager(pathTo(ctx.base, "sessions", s.sessionId, "evidence"), data.page, pages, "records", s.evidenceCount, data.size);
  const body = html`${sessionHeader(ctx, data, "evidence")}
${nav}
${data.records.length === 0 ? html`<p class="muted">No tool output recorded in this session.</p>` : data.records.map((r) => item(ctx, s.sessionId, r))}
${nav}`;
  return layout(ctx, `Evidence of ${s.sessionId}`, body, { pageClass: "page-evidence" });
}

export function recordPage(ctx: PageContext, sessionId: string, record: EvidenceRecord): SafeHtml {
  const body = html`<p class="crumbs"><a href="${ctx.base}/">Sessions</a> › <a href="${pathTo(ctx.base, "sessions", sessionId)}">${sessionId}</a> › <a href="${pathTo(ctx.base, "sessions", sessionId, "evidence")}">evidence</a> ›</p>
<h1>${record.id} <span class="source">${record.source}</span></h1>
<p>${meta(record)}</p>
<p class="muted small">sha-256 of the text read by the verifier: <code>${record.hash}</code></p>
${record.args !== undefined ? html`<h2>Arguments</h2><pre class="content">${JSON.stringify(record.args, null, 2)}</pre>` : ""}
<h2>Output</h2>
<pre class="content">${contentText(record)}</pre>
${record.format === "json" ? html`<details><summary>Text the verifier read (flattened JSON)</summary><pre class="content">${record.text}</pre></details>` : ""}`;
  return layout(ctx, `${record.id} of ${sessionId}`, body, { pageClass: "page-record" });
}
