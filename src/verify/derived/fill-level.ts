/**
 * How full something is, as a percentage of its capacity, when the tool gives the level and the capacity
 * apart ("the black toner is at 5%" against `level: 550` and `max_capacity: 11000`; "the volume is 63% full"
 * against `used` and `size`): level / capacity, over two fields of one record or array element that the claim
 * reads. The claim's percentage with nothing else to compute it from announces the ratio.
 *
 * Only supports: which two fields the claim means (a level over its capacity, or over a quota, a limit, a
 * total) is read from their names, so a percentage no pair gives settles nothing here.
 */
import type { EvidenceFact } from "../evidence-facts.js";
import { agreesWith } from "./arithmetic.js";
import { DECREASE, INCREASE } from "./percent-change.js";
import type { DerivedFinding, DerivedInput, DerivedShape } from "./types.js";

/** The last key of a field names a capacity: `max_capacity`, `capacity`, `limit`, `quota`, `size`, `total`, `maxSize`. */
const CAPACITY = /(?:^|[_\-.]|[a-z](?=[A-Z]))(?:max|maximum|capacity|limit|quota|size|total)(?:[_-]?(?:capacity|size|bytes|gb|mb|kb|units?|pages?|value))?$/i;
/** The last key of a field names a level against it: `level`, `used`, `usage`, `current`, `remaining`, `free`, `available`. */
const LEVEL =
  /(?:^|[_\-.])(?:level|used|usage|current|remaining|free|available|occupied|filled|consumed|balance|value|count)(?:[_-]?(?:bytes|gb|mb|kb|units?|pages?))?$|^(?:level|used|usage|current|remaining|free|available)/i;

/** A numeric `path: value` line: its owner (the path before the last key), its key and its number. */
interface Field {
  owner: string;
  key: string;
  value: number;
  line: string;
}

const FIELD_LINE = /^([^:\n]+?): (-?\d+(?:\.\d+)?)$/;

/** The numeric fields of the lines of a fact's record or array element (its row when it has one). */
function fieldsNear(f: EvidenceFact): Field[] {
  const text = f.row !== undefined ? (f.rowOwnEnd === undefined ? f.row : f.row.slice(0, f.rowOwnEnd)) : f.quote.text;
  const out: Field[] = [];
  for (const line of text.split("\n")) {
    const m = FIELD_LINE.exec(line.trim());
    if (!m) continue;
    const path = m[1]!;
    const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("]"));
    out.push({ owner: `${f.chunk.evidenceId}\u0000${path.slice(0, cut + 1)}`, key: path.slice(cut + 1), value: Number(m[2]), line });
  }
  return out;
}

function check(input: DerivedInput): DerivedFinding | null {
  const { figure, sentence } = input;
  if (figure.kind !== "percent" || INCREASE.test(sentence.text) || DECREASE.test(sentence.text)) return null;
  // Fields of one record or element, grouped by the path they share; each line once.
  const owners = new Map<string, { fact: EvidenceFact; levels: Field[]; capacities: Field[] }>();
  const seen = new Set<string>();
  for (const f of input.values) {
    for (const field of fieldsNear(f)) {
      if (seen.has(`${field.owner}\u0000${field.line}`)) continue;
      seen.add(`${field.owner}\u0000${field.line}`);
      const group = owners.get(field.owner) ?? { fact: f, levels: [], capacities: [] };
      if (CAPACITY.test(field.key)) group.capacities.push(field);
      else if (LEVEL.test(field.key)) group.levels.push(field);
      owners.set(field.owner, group);
    }
  }
  for (const { fact, levels, capacities } of owners.values()) {
    for (const level of levels)
      for (const capacity of capacities) {
        if (!(capacity.value > 0) || level.value < 0 || level.value > capacity.value) continue;
        if (agreesWith(figure, [(level.value / capacity.value) * 100]) === "match")
          return { outcome: "match", fact, note: `equals ${level.line} over ${capacity.line}, as a percentage` };
      }
  }
  return null;
}

export const fillLevel: DerivedShape = { name: "fill level", check };
