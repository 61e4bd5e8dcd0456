/**
 * Which records hold which words, stems and identities, for the whole session: tier 0 asks "where does this
 * name occur?" once per claim name, so the answer must not cost a scan of every record. Built incrementally
 * (each call reads only records added since the last) and kept on the ledger.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { stemOf, tokenize } from "../text/tokenize.js";

/** Values of identity keys (`name`, `package`, `title`): what a tool output is about. */
const IDENTITY = /^(?:[\w.[\]"-]*\.)?(?:name|package|pkg|title)(?:\[\d+\])?: ([^\n]{1,80})$/gim;

/** A token that may be an identifier: letters and digits joined by . _ @ / + ~ ^ - (no trailing joiner). */
const CODE = /[\p{L}\p{N}@^~][\p{L}\p{N}._@/+~^-]*[\p{L}\p{N}]/gu;

export class RecordTerms {
  private synced = 0;
  private readonly byToken = new Map<string, Set<string>>();
  private readonly byStem = new Map<string, Set<string>>();
  /** Compound identifiers (`ledger-api-7d9f`, `libc6`, `@jest/core`), lower-cased -> record ids. */
  private readonly byCode = new Map<string, Set<string>>();
  /** Identity value -> record ids. */
  readonly identities = new Map<string, Set<string>>();

  sync(ledger: EvidenceLedger): this {
    for (; this.synced < ledger.records.length; this.synced++) {
      const record = ledger.records[this.synced]!;
      for (const tok of new Set(tokenize(record.text))) {
        add(this.byToken, tok, record.id);
        add(this.byStem, stemOf(tok), record.id);
      }
      for (const m of record.text.matchAll(IDENTITY)) add(this.identities, m[1]!.trim().toLowerCase(), record.id);
      for (const m of record.text.matchAll(CODE)) {
        const code = m[0].toLowerCase();
        if (/[^\p{L}\p{N}]/u.test(code) || (/\p{L}/u.test(code) && /\p{N}/u.test(code))) add(this.byCode, code, record.id);
      }
    }
    return this;
  }

  /** Records holding the lower-case token (exact). */
  withToken(token: string): ReadonlySet<string> {
    return this.byToken.get(token) ?? EMPTY;
  }

  /** Records holding the identifier as a whole token (case-insensitive). */
  withCode(code: string): ReadonlySet<string> {
    return this.byCode.get(code.toLowerCase()) ?? EMPTY;
  }

  /** Records holding the stem of `word`. */
  withStem(word: string): ReadonlySet<string> {
    return this.byStem.get(stemOf(word)) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

/** The ledger's record-term index, brought up to date. */
export function recordTerms(ledger: EvidenceLedger): RecordTerms {
  return ledger.memo("record-terms", "all", () => new RecordTerms()).sync(ledger);
}
