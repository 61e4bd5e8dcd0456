/**
 * Which records hold which words, stems and identities, for the whole session: tier 0 asks "where does this
 * name occur?" once per claim name, so the answer must not cost a scan of every record. Built incrementally
 * (each call reads only records added since the last) and kept on the ledger.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { spelledAcronyms } from "../quantity/names.js";
import { stemOf, tokenize } from "../text/tokenize.js";

/** Values of identity keys (`name`, `package`, `title`, `symbol`, `ticker`): what a tool output is about. */
const IDENTITY = /^(?:[\w.[\]"-]*\.)?(?:name|package|pkg|title|symbol|ticker)(?:\[\d+\])?: ([^\n]{1,80})$/gim;

/** A token that may be an identifier: letters and digits joined by . _ @ / + ~ ^ - (no trailing joiner). */
const CODE = /[\p{L}\p{N}@^~][\p{L}\p{N}._@/+~^-]*[\p{L}\p{N}]/gu;

/**
 * Postings are record positions in the ledger (appended in increasing order): a lone position is kept as a
 * number, more as an array of small integers. Most terms of JSON records (timestamps, versions, ids) occur in
 * one record, and a Set of id strings per term cost several times the evidence itself.
 */
type Postings = number | number[];

export class RecordTerms {
  private synced = 0;
  private ids: string[] = [];
  private readonly byToken = new Map<string, Postings>();
  private readonly byStem = new Map<string, Postings>();
  /** Compound identifiers (`ledger-api-7d9f`, `libc6`, `@jest/core`), lower-cased -> record positions. */
  private readonly byCode = new Map<string, Postings>();
  /** Identity value (`name: dotenv`, `symbol: ACME`) -> record positions. */
  private readonly byIdentity = new Map<string, Postings>();
  /** Acronyms a record spells out ("Harbor Town Maritime Museum" -> "htmm"), lower-cased -> record positions. */
  private readonly byAcronym = new Map<string, Postings>();

  sync(ledger: EvidenceLedger): this {
    for (; this.synced < ledger.records.length; this.synced++) {
      const at = this.synced;
      const record = ledger.records[at]!;
      this.ids.push(record.id);
      for (const tok of new Set(tokenize(record.text))) {
        add(this.byToken, tok, at);
        add(this.byStem, stemOf(tok), at);
        // "the BOJ's cap" names the BOJ.
        if (/['’]s$/.test(tok)) add(this.byToken, tok.slice(0, -2), at);
      }
      for (const m of record.text.matchAll(IDENTITY)) add(this.byIdentity, m[1]!.trim().toLowerCase(), at);
      for (const a of spelledAcronyms(record.text)) add(this.byAcronym, a.toLowerCase(), at);
      for (const m of record.text.matchAll(CODE)) {
        const code = m[0].toLowerCase();
        if (/[^\p{L}\p{N}]/u.test(code) || (/\p{L}/u.test(code) && /\p{N}/u.test(code))) add(this.byCode, code, at);
      }
    }
    return this;
  }

  /** Records holding the lower-case token (exact). */
  withToken(token: string): ReadonlySet<string> {
    return this.resolve(this.byToken.get(token));
  }

  /** Records holding the identifier as a whole token (case-insensitive). */
  withCode(code: string): ReadonlySet<string> {
    return this.resolve(this.byCode.get(code.toLowerCase()));
  }

  /** Records that spell out the acronym (case-insensitive): "UK" -> those naming the United Kingdom. */
  withAcronym(acronym: string): ReadonlySet<string> {
    return this.resolve(this.byAcronym.get(acronym.toLowerCase()));
  }

  /** Records holding the stem of `word`. */
  withStem(word: string): ReadonlySet<string> {
    return this.resolve(this.byStem.get(stemOf(word)));
  }

  /** Records holding every one of the lower-case tokens (none for no tokens). */
  withAllTokens(tokens: string[]): ReadonlySet<string> {
    return this.resolveAll(tokens.map((t) => this.byToken.get(t)));
  }

  /** Records holding the stem of every one of the words (none for no words). */
  withAllStems(words: string[]): ReadonlySet<string> {
    return this.resolveAll(words.map((w) => this.byStem.get(stemOf(w))));
  }

  /** Whether some record names this identity (`name: dotenv`), lower-case. */
  hasIdentity(value: string): boolean {
    return this.byIdentity.has(value);
  }

  /** How many distinct identities (what the records are about) the ledger holds. */
  get identityCount(): number {
    return this.byIdentity.size;
  }

  /** Intersects postings (ascending record positions) before turning positions into ids. */
  private resolveAll(lists: Array<Postings | undefined>): ReadonlySet<string> {
    if (lists.length === 0 || lists.some((p) => p === undefined)) return EMPTY;
    const arrays = lists.map((p) => (typeof p === "number" ? [p] : p!)).sort((a, b) => a.length - b.length);
    let common = arrays[0]!;
    for (const other of arrays.slice(1)) {
      const out: number[] = [];
      let j = 0;
      for (const at of common) {
        while (j < other.length && other[j]! < at) j++;
        if (j === other.length) break;
        if (other[j] === at) out.push(at);
      }
      common = out;
      if (common.length === 0) return EMPTY;
    }
    return new Set(common.map((at) => this.ids[at]!));
  }

  private resolve(postings: Postings | undefined): ReadonlySet<string> {
    if (postings === undefined) return EMPTY;
    if (typeof postings === "number") return new Set([this.ids[postings]!]);
    return new Set(postings.map((at) => this.ids[at]!));
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function add(map: Map<string, Postings>, key: string, at: number): void {
  const seen = map.get(key);
  if (seen === undefined) map.set(key, at);
  else if (typeof seen === "number") {
    if (seen !== at) map.set(key, [seen, at]);
  } else if (seen[seen.length - 1] !== at) seen.push(at);
}

/** The ledger's record-term index, brought up to date. */
export function recordTerms(ledger: EvidenceLedger): RecordTerms {
  return ledger.memo("record-terms", "all", () => new RecordTerms()).sync(ledger);
}
