// Reciprocal-rank fusion of several rankings of the same items, and the cosine similarity that ranks by vector.

/** The RRF constant: a rank-r item scores 1 / (RRF_K + r); 60 as in Cormack et al. (2009). */
export const RRF_K = 60;

/**
 * Fuses rankings (ids best first; an id appears at most once per ranking, ranks from 1) into one, best first: each
 * id scores the sum of 1 / (k + rank) over the rankings that hold it. Ties keep the first appearance order (the first
 * ranking first). Returns each id with its fused score.
 */
export function fuseRankings(
  rankings: ReadonlyArray<readonly string[]>,
  k: number = RRF_K,
): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    for (const [index, id] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** Cosine similarity in [-1, 1]; 0 when either vector is all zeros or their lengths differ. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let left = 0;
  let right = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    left += x * x;
    right += y * y;
  }
  return left === 0 || right === 0 ? 0 : dot / Math.sqrt(left * right);
}
