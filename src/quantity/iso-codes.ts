/**
 * Countries and currencies written as ISO codes: a tool writes `DE`, `NL` and `MXN` where an answer says
 * Germany, the Netherlands and the Mexican peso. English names come from the runtime's ICU data
 * (`Intl.DisplayNames`; ISO 3166-1 alpha-2 regions, ISO 4217 currencies), so nothing is downloaded or shipped.
 */
import { foldText } from "../text/fold.js";

const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const CURRENCY_NAMES = new Intl.DisplayNames(["en"], { type: "currency", fallback: "none" });

/** The folded names a code stands for: a region's name, or a currency's name and its name without the last word. */
function namesOfCode(code: string): string[] {
  const name = code.length === 2 ? REGION_NAMES.of(code) : CURRENCY_NAMES.of(code);
  if (name === undefined || name === code || /unknown/i.test(name)) return [];
  const folded = foldText(name);
  // "Mexican Peso" is also "Mexican": an answer writes "the Mexican peso", where the name is the adjective.
  return code.length === 3 && folded.includes(" ") ? [folded, folded.slice(0, folded.lastIndexOf(" "))] : [folded];
}

/**
 * The folded names of the region codes (two capitals) and currency codes (three) a text writes as whole words.
 *
 * @param text evidence text, as written (codes are upper case there).
 */
export function codedNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const code of new Set(text.match(/\b\p{Lu}{2,3}\b/gu) ?? [])) for (const name of namesOfCode(code)) out.add(name);
  return out;
}

let byName: Map<string, string[]> | null = null;

/** Every region and currency code by each folded name it stands for, built on first use (~2 ms). */
function codesByName(): Map<string, string[]> {
  if (byName) return byName;
  const map = new Map<string, string[]>();
  const add = (code: string) => {
    for (const name of namesOfCode(code)) map.set(name, [...(map.get(name) ?? []), code]);
  };
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const a of letters) for (const b of letters) add(a + b);
  for (const code of Intl.supportedValuesOf("currency")) add(code);
  byName = map;
  return map;
}

/**
 * The ISO codes that write a name ("germany" -> `DE`, "mexican" -> `MXN`), upper case; empty when none.
 *
 * @param key a folded name (see `foldText`).
 */
export function isoCodesFor(key: string): string[] {
  return codesByName().get(key) ?? [];
}
