/** The page shell every dashboard page shares, and the links between pages. */
import { html, type SafeHtml } from "./html.js";
import { markOf } from "./pages/marks.js";

export interface PageContext {
  /** Path the dashboard is mounted at (`""` at the root, `/hfw` when mounted there). */
  base: string;
  /** Shown in the header: where the data comes from (a database file, or "in memory"). */
  storeLabel: string;
  title: string;
}

/** `${base}/sessions/<id>/evidence`, each segment URL-encoded. */
export function pathTo(base: string, ...segments: string[]): string {
  return `${base}/${segments.map(encodeURIComponent).join("/")}`;
}

/** The path with a query string of the given parameters (empty and undefined ones left out). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function layout(ctx: PageContext, title: string, body: SafeHtml, options: { pageClass?: string } = {}): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · ${ctx.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ctx.base}/assets/style.css">
<script src="${ctx.base}/assets/app.js" defer></script>
</head>
<body class="${options.pageClass ?? ""}">
<header class="top"><a class="brand" href="${ctx.base}/">${ctx.title}</a><span class="muted store">${ctx.storeLabel}</span></header>
<main>
${body}
</main>
<footer class="muted">Verdicts: ${markOf("supported")} supported by the tool outputs · ${markOf("contradicted")} contradicted by them · ${markOf("unsupported")} unsupported (no tool output says so) · ${markOf("not_checkable")} not checkable (nothing a tool output could settle).</footer>
</body>
</html>`;
}

/** A short page for errors (400, 401, 404). */
export function messagePage(ctx: PageContext, title: string, message: string): SafeHtml {
  return layout(ctx, title, html`<h1>${title}</h1><p>${message}</p><p><a href="${ctx.base}/">All sessions</a></p>`);
}
