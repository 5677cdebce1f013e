// The scan behind recall by concept: which of a scope's entries best name the prompt's lexicon concepts, each concept
// weighted by its rarity in the scope (ScopeRows.conceptWeights), whatever the entries' mean directions.
import { kthLargest } from "./kth-largest.ts";
import { conceptBit, type ScopeRows } from "./scope-rows.ts";
import { TopSlots } from "./top-slots.ts";

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
  let asked = 0;
  for (const [k, id] of profile.concepts.entries()) {
    weightOf[id] = weights[k] as number;
    asked |= conceptBit(id);
  }
  const { termStart, wordCount, conceptCount, conceptMasks, terms, norms } = scope;
  // Scratch arrays kept on the scope's rows: a scan of 100,000 entries per recall must not allocate per entry.
  const { slots: matched, weights: matchedWeights, spare } = scope.scratch(scope.versionIds.length);
  let count = 0;
  for (let slot = 0; slot < scope.versionIds.length; slot += 1) {
    if (((conceptMasks[slot] as number) & asked) === 0 || norms[slot] === 0) continue;
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
  // Only the entries that can make the cut are compared by mean direction. Thousands may tie at the cut (every entry
  // naming the prompt's one concept): they are ranked in a bounded heap, not as objects sorted all together.
  let cut = 0;
  if (count > limit) {
    spare.set(matchedWeights.subarray(0, count));
    cut = kthLargest(spare.subarray(0, count), limit);
  }
  const best = new TopSlots(limit);
  for (let k = 0; k < count; k += 1) {
    const weight = matchedWeights[k] as number;
    if (weight < cut || !best.admits(weight)) continue;
    const slot = matched[k] as number;
    best.offer(slot, weight, scope.similarityAt(slot, profile.mean));
  }
  return best.take();
}
