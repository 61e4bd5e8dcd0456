/**
 * A precision/recall curve of the threshold sweep as a self-contained SVG (no plotting dependency).
 */
import type { SweepPoint } from "./dataset-metrics.js";

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"];

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * One curve per series: recall on x, precision on y, both 0..1, a dot per threshold and a ringed dot at the
 * operating point. Points with an undefined precision or recall are skipped.
 * @returns the SVG document text.
 */
export function prCurveSvg(series: ReadonlyArray<{ name: string; points: readonly SweepPoint[] }>, options: { title?: string } = {}): string {
  const width = 640;
  const height = 480;
  const m = { left: 60, right: 180, top: 40, bottom: 50 };
  const pw = width - m.left - m.right;
  const ph = height - m.top - m.bottom;
  const x = (r: number) => m.left + r * pw;
  const y = (p: number) => m.top + (1 - p) * ph;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${m.left + pw / 2}" y="22" text-anchor="middle" font-size="14">${esc(options.title ?? "Response-level precision/recall by claim confidence threshold")}</text>`,
  ];
  for (let i = 0; i <= 10; i++) {
    const v = i / 10;
    parts.push(
      `<line x1="${x(v)}" y1="${y(0)}" x2="${x(v)}" y2="${y(1)}" stroke="#eee"/>`,
      `<line x1="${x(0)}" y1="${y(v)}" x2="${x(1)}" y2="${y(v)}" stroke="#eee"/>`,
      `<text x="${x(v)}" y="${y(0) + 16}" text-anchor="middle">${v.toFixed(1)}</text>`,
      `<text x="${x(0) - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`,
    );
  }
  parts.push(
    `<rect x="${x(0)}" y="${y(1)}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`,
    `<text x="${m.left + pw / 2}" y="${height - 12}" text-anchor="middle">recall</text>`,
    `<text transform="translate(16 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle">precision</text>`,
  );
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const pts = s.points.filter((p): p is SweepPoint & { precision: number; recall: number } => p.precision !== null && p.recall !== null);
    if (pts.length > 1) {
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${pts.map((p) => `${x(p.recall).toFixed(1)},${y(p.precision).toFixed(1)}`).join(" ")}"/>`,
      );
    }
    for (const p of pts) {
      const cx = x(p.recall).toFixed(1);
      const cy = y(p.precision).toFixed(1);
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="2.5" fill="${colour}"><title>${esc(s.name)} t=${p.threshold.toFixed(2)}: P ${p.precision.toFixed(3)}, R ${p.recall.toFixed(3)}</title></circle>`,
      );
      if (p.operatingPoint) parts.push(`<circle cx="${cx}" cy="${cy}" r="6" fill="none" stroke="${colour}" stroke-width="2"/>`);
    }
    const ly = m.top + 10 + i * 18;
    parts.push(
      `<line x1="${width - m.right + 16}" y1="${ly}" x2="${width - m.right + 36}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${width - m.right + 42}" y="${ly + 4}">${esc(s.name)}</text>`,
    );
  });
  const ly = m.top + 10 + series.length * 18 + 8;
  parts.push(
    `<circle cx="${width - m.right + 26}" cy="${ly}" r="6" fill="none" stroke="#333" stroke-width="2"/>`,
    `<text x="${width - m.right + 42}" y="${ly + 4}">operating point</text>`,
    "</svg>",
  );
  return `${parts.join("\n")}\n`;
}
