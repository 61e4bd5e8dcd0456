/**
 * The array elements of a flattened record (`path: value` lines) that a claim's names pick, and whether a
 * line belongs to them: the lines of a named element, of an element inside it, or of an element it sits
 * inside (its record's own fields) speak of the named entity; a sibling element's lines speak of another.
 */

/** The innermost array element of a key path (`hubs[0].sensors[1].motion` -> `hubs[0].sensors[1]`), or "". */
export function elementOf(path: string): string {
  return /^(.*\[\d+\])/.exec(path)?.[1] ?? "";
}

/**
 * The elements whose own lines hold one of `names` (lower case) in their value: `sensors[1]` for "loft"
 * in `sensors[1].name: Loft`. Empty when no element's line holds one.
 */
export function namedElements(text: string, names: readonly string[]): Set<string> {
  const out = new Set<string>();
  if (names.length === 0) return out;
  for (const line of text.split("\n")) {
    const at = line.indexOf(": ");
    if (at < 0) continue;
    const value = line.slice(at + 2).toLowerCase();
    if (!names.some((n) => value.includes(n))) continue;
    const element = elementOf(line.slice(0, at).trimStart());
    if (element) out.add(element);
  }
  return out;
}

/** Whether an element is, contains or sits inside one of the named elements ("" is the record's top level). */
export function withinNamed(element: string, named: ReadonlySet<string>): boolean {
  if (element === "" || named.size === 0) return true;
  for (const n of named) {
    if (n === element || n.startsWith(`${element}.`) || n.startsWith(`${element}[`) || element.startsWith(`${n}.`) || element.startsWith(`${n}[`)) return true;
  }
  return false;
}
