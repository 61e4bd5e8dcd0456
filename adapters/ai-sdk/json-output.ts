/**
 * Structured output (`Output.object`, `generateObject`): the answer is JSON that the SDK parses, so the
 * policy's text edits (inline annotations, hedges, citation markers, a source list) would break it. For a
 * JSON answer only the corrections are applied, each value replaced inside its JSON token, and the result
 * must still parse.
 */
import type { Report } from "../../src/index.js";

/** True when the call asked for JSON, or the answer is a JSON object or array. */
export function isJsonAnswer(responseFormat: { type: string } | undefined, text: string): boolean {
  if (responseFormat?.type === "json") return true;
  const t = text.trim();
  if (!(t.startsWith("{") && t.endsWith("}")) && !(t.startsWith("[") && t.endsWith("]"))) return false;
  return parses(t);
}

/**
 * The JSON answer with the report's corrections applied in place, a string value's replacement
 * JSON-escaped. Each correction is kept only if the text still parses (a value written in another style,
 * such as `1,500` for a JSON number, is left out and stays visible in the report).
 * @returns the corrected text and how many corrections were applied.
 */
export function correctJson(report: Report): { text: string; applied: number } {
  const fixes = report.verdicts
    .filter((v) => v.verdict === "contradicted")
    .flatMap((v) => v.corrections)
    .sort((a, b) => b.span[0] - a.span[0]);
  let text = report.draft;
  let applied = 0;
  let lastStart = Infinity;
  for (const fix of fixes) {
    const [start, end] = fix.span;
    if (end > lastStart) continue; // overlaps a correction already applied
    const candidate = text.slice(0, start) + JSON.stringify(fix.value).slice(1, -1) + text.slice(end);
    if (!parses(candidate)) continue;
    text = candidate;
    applied++;
    lastStart = start;
  }
  return { text, applied };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
