// Query shaping: any prompt, up to 200,000 characters, becomes a short list of the terms most worth matching.
import type { Store } from "../store/types.ts";
import { shapeQueryTerms } from "./analyze.ts";

/** Terms sent to the index per query. More terms cost time and add little once the rare ones are in. */
export const MAX_MATCH_TERMS = 32;
/** Terms considered before consulting document frequencies. */
const MAX_CANDIDATE_TERMS = 512;

/**
 * Returns at most MAX_MATCH_TERMS terms. Short queries keep all their terms; long ones keep the terms that occur in
 * the index, rarest first (a term that matches nothing cannot help, a term that matches everything barely does).
 */
export async function shapeQuery(store: Store, scopeId: string, query: string): Promise<string[]> {
  const candidates = shapeQueryTerms(query, MAX_CANDIDATE_TERMS);
  if (candidates.length <= MAX_MATCH_TERMS) return candidates;
  const frequencies = await store.termFrequencies(scopeId, candidates);
  return candidates
    .map((term, order) => ({ term, order, df: frequencies.get(term) ?? 0 }))
    .filter((candidate) => candidate.df > 0)
    .sort((a, b) => a.df - b.df || a.order - b.order)
    .slice(0, MAX_MATCH_TERMS)
    .sort((a, b) => a.order - b.order)
    .map((candidate) => candidate.term);
}
