/**
 * Hybrid retrieval: BM25+ and dense rankings of a ledger's chunks merged by reciprocal rank fusion. Each
 * ranking is read deeper than the passages wanted (3x, at least 20), so a passage both rankings place
 * fairly high beats one that only one of them places first.
 */
import type { Chunk, Passage } from "../schema.js";
import type { DenseIndex } from "./dense-index.js";
import { reciprocalRankFusion } from "./rrf.js";

/** What fusion needs of a ledger. */
export interface FusableLedger {
  readonly chunks: Chunk[];
  retrieve(query: string, limit: number): Passage[];
}

/**
 * @returns per query, at most `limit` passages, best fused score first; BM25 alone when dense retrieval is
 *   unavailable.
 */
export async function fuseRankings(ledger: FusableLedger, queries: string[], limit: number, dense: DenseIndex): Promise<Passage[][]> {
  const depth = Math.max(limit * 3, 20);
  const denseHits = await dense.searchMany(queries, depth);
  return queries.map((q, i) => {
    const lexical = ledger.retrieve(q, depth);
    if (!denseHits) return lexical.slice(0, limit);
    const byId = new Map<string, Chunk>(lexical.map((p) => [p.id, p]));
    const denseIds = denseHits[i]!.map(({ ord }) => {
      const chunk = ledger.chunks[ord]!;
      byId.set(chunk.id, chunk);
      return chunk.id;
    });
    return reciprocalRankFusion([lexical.map((p) => p.id), denseIds], limit).map(({ id, score }) => {
      const { id: chunkId, evidenceId, source, text, span } = byId.get(id)!;
      return { id: chunkId, evidenceId, source, text, span, score };
    });
  });
}
