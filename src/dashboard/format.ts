/** How the dashboard writes times, scores, sizes and verdicts, in HTML and in Markdown. */
import type { VerdictLabel } from "../index.js";

/** `2026-11-30 10:11:05 UTC`. */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** ISO 8601 for `<time datetime>`. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** `0.50`, or `n/a` when nothing was checkable. */
export function scoreText(score: number | null): string {
  return score === null ? "n/a" : score.toFixed(2);
}

/** `1.1 KB`, `3.4 MB`. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `12.3 ms`, `1.20 s`. */
export function msText(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 2 : 1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export const VERDICT_MARK: Record<VerdictLabel, string> = {
  supported: "✅",
  contradicted: "❌",
  unsupported: "⚠️",
  not_checkable: "➖",
};

/** Marks of the HTML pages: plain symbols that common text fonts have (emoji fonts are often missing on servers). */
export const HTML_MARK: Record<VerdictLabel, string> = {
  supported: "✓",
  contradicted: "✗",
  unsupported: "!",
  not_checkable: "–",
};

export const VERDICT_TEXT: Record<VerdictLabel, string> = {
  supported: "supported",
  contradicted: "contradicted",
  unsupported: "unsupported",
  not_checkable: "not checkable",
};

/** Names of the built-in tiers, for a verdict decided without a trace entry. */
export function tierText(tier: number, name?: string): string {
  if (tier < 0) return "extractor";
  return name ? `tier ${tier} · ${name}` : `tier ${tier}`;
}
