/**
 * Flattens a JSON value into `key.path: value` lines, so each figure keeps the name an agent cites it by
 * (`invoices[0].total: 4213450`). Empty objects and arrays are kept (`orders: []`): an empty tool result
 * is evidence that nothing was found.
 */

const IDENT = /^[A-Za-z_$][\w$-]*$/;

function keyPart(key: string): string {
  return IDENT.test(key) ? key : `[${JSON.stringify(key)}]`;
}

function join(path: string, key: string): string {
  const part = keyPart(key);
  if (path === "") return part.startsWith("[") ? part : part;
  return part.startsWith("[") ? `${path}${part}` : `${path}.${part}`;
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value.replace(/\r?\n/g, " ");
  if (value === null) return "null";
  return String(value);
}

/**
 * @param value any JSON value (the result of `JSON.parse`, or a plain object a tool returned).
 * @returns one line per leaf, `path: value`; a bare scalar becomes its own text; lines joined by `\n`.
 */
export function flattenJson(value: unknown): string {
  if (value === null || typeof value !== "object") return scalar(value);
  const lines: string[] = [];
  const stack: Array<[string, unknown]> = [["", value]];
  // Iterative depth-first walk: deep or huge tool outputs must not overflow the call stack.
  while (stack.length > 0) {
    const [path, node] = stack.pop()!;
    if (node !== null && typeof node === "object") {
      const isArray = Array.isArray(node);
      const entries: Array<[string, unknown]> = isArray
        ? (node as unknown[]).map((v, i) => [`${path}[${i}]`, v])
        : Object.entries(node as Record<string, unknown>).map(([k, v]) => [join(path, k), v]);
      if (entries.length === 0) {
        lines.push(`${path || "(root)"}: ${isArray ? "[]" : "{}"}`);
        continue;
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]!);
    } else {
      lines.push(`${path}: ${scalar(node)}`);
    }
  }
  return lines.join("\n");
}
