// Pruning a scope's full-text search without changing its result (MaxScore): an entry's BM25 relevance is a sum over
// the query terms it holds, and each term's share has an upper bound, so entries holding none of the rarest terms
// cannot outrank the k-th best of those that do once the bounds of the remaining terms add up to less.

/** FTS5's BM25 parameters. */
export const K1 = 1.2;
export const B = 0.75;
/** FTS5 replaces a non-positive IDF (a term in more than half the documents) with this. */
export const MIN_IDF = 1e-6;
/** Slack for floating-point rounding between the bounds (here) and the relevance (summed in SQL). */
const ROUNDING = 1e-9;

export interface TermStat {
  term: string;
  /** Active entries holding the term. */
  entries: number;
  /** At least the term's largest frequency in any active entry. */
  max_tf: number;
}

export interface ScopeIndex {
  /** Active entries (BM25's N). */
  entries: number;
  /** Average document length, counted as in search.ts. */
  average_length: number;
  /** The shortest active entry's term count. */
  min_length: number;
}

export function idf(scope: ScopeIndex, entries: number): number {
  const raw = Math.log((scope.entries - entries + 0.5) / (entries + 0.5));
  return raw > 0 ? raw : MIN_IDF;
}

/** The most one term can add to any entry's relevance: its largest frequency in the shortest entry. */
export function termBound(scope: ScopeIndex, stat: TermStat): number {
  const tf = stat.max_tf;
  const norm = 1 - B + (B * (scope.min_length + 1)) / scope.average_length;
  return (idf(scope, stat.entries) * (tf * (K1 + 1))) / (tf + K1 * norm);
}

/** Terms ordered by their bound, highest (rarest) first, with their bounds. */
export function byBound(scope: ScopeIndex, stats: readonly TermStat[]): Array<{ term: string; bound: number }> {
  return stats
    .map((stat) => ({ term: stat.term, bound: termBound(scope, stat) }))
    .sort((a, b) => b.bound - a.bound || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** What an entry holding none of the first `essential` terms of `ordered` can score at most. */
export function restBound(ordered: ReadonlyArray<{ bound: number }>, essential: number): number {
  let sum = 0;
  for (const { bound } of ordered.slice(essential)) sum += bound;
  return sum * (1 + ROUNDING);
}

/**
 * The fewest leading terms of `ordered` that must be matched so that no entry holding none of them reaches
 * `threshold` (a k-th best relevance already found): every term if none is enough.
 */
export function essentialCount(ordered: ReadonlyArray<{ bound: number }>, threshold: number): number {
  for (let essential = 1; essential < ordered.length; essential += 1) {
    if (restBound(ordered, essential) < threshold) return essential;
  }
  return ordered.length;
}
