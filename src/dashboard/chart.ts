/**
 * A small server-rendered SVG chart: grounding score (0..1, line, left axis) and flagged claims (bars, right
 * axis) over a sequence of answers or days. No script; each point carries a `<title>` for hover text.
 */
import { html, type SafeHtml } from "./html.js";

export interface ChartPoint {
  /** Axis label (shown for the first, the last and a few between). */
  label: string;
  /** 0..1, or null when nothing was checkable (a gap in the line). */
  score: number | null;
  flagged: number;
  /** Hover text of the point. */
  title: string;
}

const W = 760;
const H = 200;
const PAD = { left: 40, right: 40, top: 14, bottom: 30 };

function niceMax(n: number): number {
  if (n <= 5) return Math.max(1, n);
  const step = 10 ** Math.floor(Math.log10(n));
  return Math.ceil(n / step) * step;
}

/** @returns an `<svg>` with role img and a text alternative, or a note when there is nothing to draw. */
export function renderChart(points: ChartPoint[], caption: string): SafeHtml {
  if (points.length === 0) return html`<p class="muted">No answers to chart yet.</p>`;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / points.length;
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const yScore = (s: number) => PAD.top + plotH * (1 - s);
  const maxFlag = niceMax(Math.max(...points.map((p) => p.flagged)));
  const barH = (f: number) => (plotH * f) / maxFlag;
  const barW = Math.max(1, Math.min(24, slot * 0.6));

  const bars = points.map((p, i) =>
    p.flagged > 0
      ? html`<rect class="bar" x="${(x(i) - barW / 2).toFixed(1)}" y="${(PAD.top + plotH - barH(p.flagged)).toFixed(1)}" width="${barW.toFixed(1)}" height="${barH(p.flagged).toFixed(1)}"><title>${p.title}</title></rect>`
      : "",
  );
  const segments: string[] = [];
  let current: string[] = [];
  points.forEach((p, i) => {
    if (p.score === null) {
      if (current.length) segments.push(current.join(" "));
      current = [];
    } else current.push(`${x(i).toFixed(1)},${yScore(p.score).toFixed(1)}`);
  });
  if (current.length) segments.push(current.join(" "));
  const lines = segments.map((pts) => html`<polyline class="line" points="${pts}"></polyline>`);
  const dots = points.map((p, i) =>
    p.score === null ? "" : html`<circle class="dot" cx="${x(i).toFixed(1)}" cy="${yScore(p.score).toFixed(1)}" r="3.5"><title>${p.title}</title></circle>`,
  );
  const every = Math.max(1, Math.ceil(points.length / 8));
  const labels = points.map((p, i) =>
    i % every === 0 || i === points.length - 1 ? html`<text class="axis" x="${x(i).toFixed(1)}" y="${H - 10}" text-anchor="middle">${p.label}</text>` : "",
  );
  const grid = [0, 0.5, 1].map(
    (s) =>
      html`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${yScore(s)}" y2="${yScore(s)}"></line><text class="axis" x="${PAD.left - 6}" y="${yScore(s) + 4}" text-anchor="end">${s.toFixed(1)}</text>`,
  );
  const flagTicks = [0, maxFlag / 2, maxFlag].map(
    (f) =>
      html`<text class="axis flag" x="${W - PAD.right + 6}" y="${(PAD.top + plotH - barH(f) + 4).toFixed(1)}">${Number.isInteger(f) ? f : f.toFixed(1)}</text>`,
  );
  return html`<figure class="chart">
<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${caption}">${grid}${flagTicks}${bars}${lines}${dots}${labels}</svg>
<figcaption><span class="key key-score"></span> grounding score (left axis) <span class="key key-flag"></span> flagged claims (right axis) · ${caption}</figcaption>
</figure>`;
}
