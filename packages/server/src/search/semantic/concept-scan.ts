// The scan behind recall by concept: which of a scope's entries best name the prompt's lexicon concepts, each concept
// weighted by its rarity in the scope (ScopeRows.conceptWeights), whatever the entries' mean directions.
import { kthLargest } from "./kth-largest.ts";
import type { ScopeRows } from "./scope-rows.ts";

/**
 * The slots of the `limit` entries with the largest weighted share of the prompt's concepts (entries naming none are left out),
 * ties broken by mean similarity.
 */
export function conceptScan(
  scope: ScopeRows,
  profile: { mean: Float32Array; concepts: readonly number[] },
  weights: Float32Array,
  limit: number,
): number[] {
  const weightOf = new Float32Array((profile.concepts.at(-1) ?? 0) + 1);
  for (const [k, id] of profile.concepts.entries()) weightOf[id] = weights[k] as number;
  const { termStart, wordCount, conceptCount, terms, norms } = scope;
  // Scratch arrays kept on the scope's rows: a scan of 100,000 entries per recall must not allocate per entry.
  const { slots: matched, weights: matchedWeights } = scope.scratch(scope.versionIds.length);
  let count = 0;
  for (let slot = 0; slot < scope.versionIds.length; slot += 1) {
    if (norms[slot] === 0) continue;
    const start = (termStart[slot] as number) + (wordCount[slot] as number);
    const end = start + (conceptCount[slot] as number);
    let weight = 0;
    for (let i = start; i < end; i += 1) {
      const id = terms[i] as number;
      if (id < weightOf.length) weight += weightOf[id] as number;
    }
    if (weight > 0) {
      matched[count] = slot;
      matchedWeights[count] = weight;
      count += 1;
    }
  }
  // Only the entries that can make the cut are compared by mean direction and sorted (ties at the cut all kept).
  const cut = count > limit ? kthLargest(matchedWeights.slice(0, count), limit) : 0;
  const scored: Array<{ slot: number; weight: number; similarity: number }> = [];
  for (let k = 0; k < count; k += 1) {
    const weight = matchedWeights[k] as number;
    const slot = matched[k] as number;
    if (weight >= cut) scored.push({ slot, weight, similarity: scope.similarityAt(slot, profile.mean) });
  }
  scored.sort((a, b) => b.weight - a.weight || b.similarity - a.similarity || a.slot - b.slot);
  return scored.slice(0, limit).map(({ slot }) => slot);
}
