/**
 * Joins by id across a tool's lists, or across tools: "4 units at the Toronto Store" is about the
 * `inventory_levels` element whose `location_id` is the `id` of the `locations` element named "Toronto
 * Store". The referring element (and its record) is the named entity's too; its siblings are other
 * entities.
 *
 * Only an element's own id (`id`, `uuid`, `gid`, four characters or more) joins, and only to a key that
 * says it refers (`location_id`, `customerId`): a bare number equal by chance joins nothing.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { nameOccursIn } from "../quantity/names.js";
import type { NameMention } from "../quantity/types.js";
import type { EvidenceFact } from "./evidence-facts.js";

/** An element's own id line (`locations[1].id: 905684977`): its value, four characters or more. */
const OWN_ID = /(?:^|\n)([^\n:]*?\[\d+\])\.(?:id|uuid|gid): ([A-Za-z0-9][\w-]{3,63})(?=\n|$)/g;
/** A reference to another element by its id (`inventory_levels[1].location_id: 905684977`). */
const REFERENCE = /(?:^|\n)[^\n:]*?(?:^|[.\]])[A-Za-z][A-Za-z0-9]*(?:_id|Id|_uuid|Uuid): ([A-Za-z0-9][\w-]{3,63})(?=\n|$)/g;

const skeleton = (id: string) => id.replace(/\[\d+\]/g, "[]");

/** The ids of a record's array elements (`locations[1]` -> `905684977`), by element path. */
function ownIds(ledger: EvidenceLedger, evidenceId: string): Map<string, string> {
  return ledger.memo("own-ids", evidenceId, () => {
    const out = new Map<string, string>();
    for (const m of (ledger.get(evidenceId)?.text ?? "").matchAll(OWN_ID)) out.set(m[1]!, m[2]!);
    return out;
  });
}

/** The id values a record refers to under referring keys. */
function references(ledger: EvidenceLedger, evidenceId: string): Set<string> {
  return ledger.memo("id-references", evidenceId, () => new Set([...(ledger.get(evidenceId)?.text ?? "").matchAll(REFERENCE)].map((m) => m[1]!)));
}

/**
 * Records outside `subjects` that refer by id to an element of a subject record that holds one of `names`.
 * Memoised per record; a claim whose names sit in no element with an id costs one scan of its subjects.
 */
export function joinedRecords(subjects: ReadonlySet<string>, names: readonly NameMention[], ledger: EvidenceLedger): Set<string> {
  const out = new Set<string>();
  if (names.length === 0 || subjects.size === 0) return out;
  const ids = new Set<string>();
  for (const id of subjects) {
    const text = ledger.get(id)?.text ?? "";
    for (const [element, own] of ownIds(ledger, id)) {
      const prefix = `${element}.`;
      const lines = text.split("\n").filter((l) => l.startsWith(prefix));
      if (lines.some((l) => names.some((n) => nameOccursIn(n, l.slice(l.indexOf(": ") + 2))))) ids.add(own);
    }
  }
  if (ids.size === 0) return out;
  for (const r of ledger.records) {
    if (subjects.has(r.id)) continue;
    for (const v of references(ledger, r.id))
      if (ids.has(v)) {
        out.add(r.id);
        break;
      }
  }
  return out;
}

/**
 * The elements of other arrays that refer by id to an element in `picked` (element ids as `rowId`s:
 * `<evidence id>:locations[1]`), read from the facts' rows.
 */
export function referringRows(picked: ReadonlySet<string>, facts: readonly EvidenceFact[]): Set<string> {
  const out = new Set<string>();
  if (picked.size === 0) return out;
  const rows = new Map<string, string>();
  for (const f of facts) if (f.row !== undefined && f.rowId !== undefined) rows.set(f.rowId, f.row);
  const ids = new Map<string, Set<string>>();
  for (const id of picked) {
    const row = rows.get(id);
    if (row === undefined) continue;
    const element = id.slice(id.indexOf(":") + 1);
    // The element's own id line only: an id inside a nested element is that element's.
    for (const m of row.matchAll(OWN_ID)) if (m[1] === element) ids.set(m[2]!, new Set([...(ids.get(m[2]!) ?? []), skeleton(id)]));
  }
  if (ids.size === 0) return out;
  for (const [id, row] of rows) {
    if (picked.has(id)) continue;
    for (const m of row.matchAll(REFERENCE)) {
      const of = ids.get(m[1]!);
      if (of && !of.has(skeleton(id))) out.add(id);
    }
  }
  return out;
}
