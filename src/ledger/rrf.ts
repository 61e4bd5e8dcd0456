/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, "Reciprocal rank fusion outperforms Condorcet and
 * individual rank learning methods", SIGIR 2009): score(d) = Σ over rankings of 1 / (k + rank of d), ranks
 * from 1. It needs no score calibration between rankings (BM25 and cosine scores are on unrelated scales),
 * and k = 60 is the paper's value.
 */

export const RRF_K = 60;

/**
 * @param rankings lists of ids, each best first.
 * @param limit ids to return.
 * @returns ids with their fused scores, best first; ties keep the order of first appearance.
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], limit: number, k = RRF_K): Array<{ id: T; score: number }> {
  const scores = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores.entries()]
    .map(([id, score], order) => ({ id, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ id, score }) => ({ id, score }));
}
