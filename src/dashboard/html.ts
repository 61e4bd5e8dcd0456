/**
 * HTML built from tagged templates that escape every interpolated value: tool outputs, drafts and claims
 * are untrusted, so nothing reaches a page unescaped unless it is itself {@link SafeHtml} built here.
 */

/** A piece of HTML that is already safe: built by {@link html} or {@link trusted}. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * `html\`<td title="${text}">${text}</td>\``: every value is escaped, except SafeHtml and arrays of it;
 * `null`, `undefined` and `false` render as nothing. Attribute values in templates are always quoted.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/** Marks a constant of this package as safe HTML (never pass data through it). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
