/**
 * A position-aware JSON scanner: the parsed tree with the exact offsets of every key and value in the source
 * text, and, for strings, the source offset of every decoded character. `JSON.parse` gives values without
 * positions, and re-serialising with `JSON.stringify` would not match the draft's own spacing or escapes.
 */

/** A scanned JSON value with its `[start, end)` in the source. */
export type JsonNode =
  | { type: "object"; start: number; end: number; members: JsonMember[] }
  | { type: "array"; start: number; end: number; items: JsonNode[] }
  | {
      type: "string";
      start: number;
      end: number;
      value: string;
      /** Source offset of each UTF-16 unit of `value`, or -1 where an escape decoded to another character. */
      map: number[];
    }
  | { type: "number" | "boolean" | "null"; start: number; end: number; raw: string };

/** An object member: its key (decoded), the key's span including quotes, and its value. */
export interface JsonMember {
  key: string;
  keyStart: number;
  keyEnd: number;
  /** Source offset of each character of the key, as for string values. */
  keyMap: number[];
  value: JsonNode;
}

/** Deepest nesting scanned; deeper input is left to the prose extractor rather than risking the stack. */
const MAX_DEPTH = 500;

class ScanError extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Scans `text` as one JSON value (surrounding whitespace allowed).
 *
 * @param text the source text.
 * @returns the tree with offsets, or `null` when the text is not valid JSON or nests deeper than 500 levels.
 */
export function scanJson(text: string): JsonNode | null {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  const expect = (c: string): void => {
    if (text[i] !== c) throw new ScanError(`expected ${c} at ${i}`);
    i++;
  };
  const string = (): { value: string; map: number[]; start: number; end: number } => {
    const start = i;
    expect('"');
    const out: string[] = [];
    const map: number[] = [];
    while (i < text.length && text[i] !== '"') {
      const c = text[i]!;
      if (c === "\\") {
        const e = text[i + 1] ?? "";
        if (e === "u") {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ScanError("bad \\u escape");
          out.push(String.fromCharCode(parseInt(hex, 16)));
          map.push(-1);
          i += 6;
        } else if (e in SIMPLE_ESCAPES) {
          const decoded = SIMPLE_ESCAPES[e]!;
          out.push(decoded);
          // `\"` and `\\` decode to the character right after the backslash.
          map.push(decoded === e ? i + 1 : -1);
          i += 2;
        } else {
          throw new ScanError("bad escape");
        }
      } else {
        if (c < " ") throw new ScanError("control character in string");
        out.push(c);
        map.push(i);
        i++;
      }
    }
    expect('"');
    return { value: out.join(""), map, start, end: i };
  };
  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) throw new ScanError("too deep");
    ws();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members: JsonMember[] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { type: "object", start, end: i, members };
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        expect(":");
        const v = value(depth + 1);
        members.push({ key: key.value, keyStart: key.start, keyEnd: key.end, keyMap: key.map, value: v });
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        expect("}");
        return { type: "object", start, end: i, members };
      }
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { type: "array", start, end: i, items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        expect("]");
        return { type: "array", start, end: i, items };
      }
    }
    if (c === '"') {
      const s = string();
      return { type: "string", start: s.start, end: s.end, value: s.value, map: s.map };
    }
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!literal) throw new ScanError(`unexpected ${c ?? "end"} at ${i}`);
    i += literal[0].length;
    const raw = literal[0];
    const type = raw === "null" ? "null" : raw === "true" || raw === "false" ? "boolean" : "number";
    return { type, start, end: i, raw };
  };
  try {
    const root = value(0);
    ws();
    return i === text.length ? root : null;
  } catch (error) {
    if (error instanceof ScanError || error instanceof RangeError) return null;
    throw error;
  }
}
