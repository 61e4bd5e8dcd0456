/**
 * BM25+ passage index over a session's chunks, backed by MiniSearch (a maintained full-text search library,
 * BM25+ scoring: Lv & Zhai, "Lower-bounding term frequency normalization", CIKM 2011).
 *
 * Adding is batched: chunks are queued by `add` and indexed on the next `search`, so recording a tool
 * output stays cheap and the indexing cost is paid once per batch, where verification already spends.
 */
import MiniSearch from "minisearch";
import { STOP_WORDS } from "../text/stop-words.js";
import { stemOf, tokenize } from "../text/tokenize.js";

/** Index terms: tokens without stop words, Porter2-stemmed. */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(text)) if (!STOP_WORDS.has(t)) out.push(stemOf(t));
  return out;
}

export interface IndexedChunk {
  /** Position of the chunk in the ledger's chunk list. */
  ord: number;
  text: string;
}

export interface ScoredOrd {
  ord: number;
  score: number;
}

export class Bm25Index {
  /** Chunks holding each term: lets a query skip terms nearly every chunk holds. */
  private readonly df = new Map<string, number>();
  private readonly mini = new MiniSearch<IndexedChunk>({
    fields: ["text"],
    idField: "ord",
    tokenize: (text) => {
      const terms = indexTerms(text);
      for (const t of new Set(terms)) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return terms;
    },
    processTerm: (term) => term,
    searchOptions: { combineWith: "OR", tokenize: (q) => q.split(" ").filter(Boolean) },
  });
  private pending: IndexedChunk[] = [];

  add(chunk: IndexedChunk): void {
    this.pending.push(chunk);
  }

  get size(): number {
    return this.mini.documentCount + this.pending.length;
  }

  /** Index queued chunks now (called by `search`; call it ahead of time to move the cost off a verify). */
  flush(): void {
    if (this.pending.length === 0) return;
    this.mini.addAll(this.pending);
    this.pending = [];
  }

  /**
   * @param query free text (a claim, or its informative words); tokenised like the passages.
   * @param limit number of passages to return.
   * @returns chunk positions with their BM25+ scores, best first.
   */
  search(query: string, limit: number): ScoredOrd[] {
    this.flush();
    if (this.mini.documentCount === 0) return [];
    const n = this.mini.documentCount;
    const terms = [...new Set(indexTerms(query))].map((t) => [t, this.df.get(t) ?? 0] as const).filter(([, df]) => df > 0);
    if (terms.length === 0) return [];
    // Terms in over 15% of the chunks weigh little in BM25 but cost the most to score (long posting
    // lists: every JSON record has "version"); keep them only when nothing rarer is asked.
    // On a small ledger every term is cheap: keep them all.
    if (n < 40)
      return this.hits(
        terms.map(([t]) => t),
        limit,
      );
    const rare = terms.filter(([, df]) => df / n <= 0.15);
    // The rarest terms carry most of the score: at most 5 of them keep a long claim's query cheap.
    const chosen = rare.length > 0 ? [...rare].sort((a, b) => a[1] - b[1]).slice(0, 5) : [...terms].sort((a, b) => a[1] - b[1]).slice(0, 2);
    return this.hits(
      chosen.map(([t]) => t),
      limit,
    );
  }

  private hits(terms: string[], limit: number): ScoredOrd[] {
    const hits = this.mini.search(terms.join(" "));
    const out: ScoredOrd[] = [];
    for (const hit of hits) {
      out.push({ ord: hit.id as number, score: hit.score });
      if (out.length >= limit) break;
    }
    return out;
  }
}
