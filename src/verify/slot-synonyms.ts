/**
 * Words that name the same slot in a claim and in a tool output ("costs" / `price`, "written by" / `author`,
 * "disk space" / `Installed-Size`). Porter2 stems; each group maps to its first member. Kept to slot words
 * that tool outputs use as field names.
 */
import { stemOf } from "../text/tokenize.js";

const GROUPS: string[][] = [
  ["price", "cost", "costs", "fee", "charge", "charged", "pay", "paid", "priced", "cheap", "cheapest", "cheaper", "expensive", "priciest"],
  ["revenue", "sales", "turnover", "income"],
  ["author", "wrote", "written", "writer", "creator", "created"],
  ["maintainer", "maintained", "maintains"],
  ["size", "disk", "space", "storage", "footprint", "takes", "weighs", "download"],
  ["version", "release", "released", "releases", "shipped", "landed", "published", "latest", "tag"],
  ["dependency", "dependencies", "depends", "requires", "deps"],
  ["count", "number", "total", "many"],
  ["headcount", "staff", "employees", "people", "team"],
  ["license", "licensed", "licence", "licensing"],
  ["homepage", "website", "site", "url"],
  ["restart", "restarts", "restarted"],
  ["description", "describes", "described", "summary", "snippet"],
  ["stock", "inventory", "left", "remaining", "available", "availability"],
  ["delay", "delayed", "late", "behind"],
  ["airline", "carrier", "operated", "operator"],
  ["max", "high", "highest", "peak", "peaks", "maximum", "tops"],
  ["min", "low", "lowest", "minimum"],
  ["avg", "average", "averaged", "averages", "mean"],
  ["precip", "rain", "rainfall", "precipitation"],
  ["party", "guests", "diners", "covers", "table"],
  ["assignee", "assigned", "assign", "assignees"],
  ["owner", "owns", "owned"],
  ["end", "ends", "ending", "until", "till", "thru"],
  // A search's hit count (`numFound`, `total_hits`, `matches`): "matched 36,000 records", "found 12 results".
  ["found", "matched", "hits"],
  // Box-score abbreviations, as sports APIs name their stat fields (`pts`, `reb`, `ast`, `stl`, `blk`, `tov`).
  ["point", "pts"],
  ["rebound", "reb", "rebs", "boards"],
  ["assist", "ast", "asts"],
  ["steal", "stl"],
  ["block", "blk"],
  ["turnover", "tov"],
  // Memory as system tools label it (`free`'s and `top`'s `Mem` row, `%MEM`, `memory_mb`): "RAM".
  ["memory", "mem", "ram"],
  // Common field abbreviations: `qty`, `amt`.
  ["quantity", "qty"],
  ["amount", "amt"],
  // Times a work is cited: Crossref's `is-referenced-by-count`, OpenAlex's `cited_by_count`, `citationCount`.
  ["citation", "citations", "cited", "cites", "cite", "referenced"],
];

const CANON = new Map<string, string>();
for (const group of GROUPS) {
  const head = stemOf(group[0]!);
  for (const w of group) CANON.set(stemOf(w), head);
}

/** The claim's stems plus the canonical slot word of each, so "costs" meets a `price` field. */
export function withSlotSynonyms(stems: Set<string>): Set<string> {
  const out = new Set(stems);
  for (const s of stems) {
    const c = CANON.get(s);
    if (c) out.add(c);
  }
  return out;
}

/** Canonical slot word of a stem (itself when it has none). */
export function slotWord(stem: string): string {
  return CANON.get(stem) ?? stem;
}
