/**
 * What a passage says happened at a moment it records: the words of the moment's line, or of its table row or
 * array element (`events[1].ts` beside `events[1].event: delivered`), the moment itself left out. Times of day
 * (`clock-check.ts`) and spans between moments (`event-interval.ts`) read the claim's words against these.
 */
import { elementOf } from "./element-scope.js";
import { featuresOf } from "./lexical-features.js";

/** A line's key: a JSON path or a "Key: value" line's key. */
export const LINE_KEY = /^\s*([^:\n]{1,120}?): /;

/** The start and end of the line of `text` around offset `at`. */
export function lineAt(text: string, at: number): [number, number] {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const end = text.indexOf("\n", at);
  return [start, end < 0 ? text.length : end];
}

/**
 * A reader of a passage's moments: for the span of a moment (a timestamp or clock time), the content stems of
 * its line without it, and of the other lines of its array element. The passage's elements are gathered once.
 */
export function momentReader(text: string): (span: [number, number]) => Set<string> {
  let elements: Map<string, string[]> | null = null;
  const elementLines = (element: string): string[] => {
    if (elements === null) {
      elements = new Map();
      for (const line of text.split("\n")) {
        const own = elementOf(LINE_KEY.exec(line)?.[1]?.trim() ?? "");
        if (own) elements.set(own, [...(elements.get(own) ?? []), line]);
      }
    }
    return elements.get(element) ?? [];
  };
  return ([at, end]) => {
    const [ls, le] = lineAt(text, at);
    const line = text.slice(ls, le);
    const key = LINE_KEY.exec(line)?.[1] ?? "";
    const element = elementOf(key.trim());
    const around = element
      ? elementLines(element)
          .filter((l) => l !== line)
          .join(" ")
      : "";
    return featuresOf(`${key} ${line.slice(0, at - ls)} ${line.slice(end - ls)} ${around}`).stems;
  };
}
