// The scan behind recall by concept: which of a scope's entries best name the prompt's lexicon concepts, each concept
// weighted by its rarity in the scope (ScopeRows.conceptWeights), whatever the entries' mean directions.
import { RELATED, RELATED_SHARE } from "./concepts.ts";
import { kthLargest } from "./kth-largest.ts";
import { conceptBit, type ScopeRows } from "./scope-rows.ts";
import { TopSlots } from "./top-slots.ts";

/**
 * What naming each concept is worth to the scan: an asked concept its weight, a concept related to an asked one
 * `RELATED_SHARE` of that weight (conceptOverlap scores the same way); and the mask of all of them.
 */
function scanWeights(concepts: readonly number[], weights: Float32Array): { weightOf: Float32Array; asked: number } {
  const worth = new Map<number, number>();
  for (const [k, id] of concepts.entries()) {
    const weight = weights[k] as number;
    worth.set(id, Math.max(worth.get(id) ?? 0, weight));
    for (const other of RELATED[id] ?? []) worth.set(other, Math.max(worth.get(other) ?? 0, RELATED_SHARE * weight));
  }
  const weightOf = new Float32Array(Math.max(0, ...worth.keys()) + 1);
  let asked = 0;
  for (const [id, weight] of worth) {
    weightOf[id] = weight;
    asked |= conceptBit(id);
  }
  return { weightOf, asked };
}

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
  const { weightOf, asked } = scanWeights(profile.concepts, weights);
  const { termStart, wordCount, conceptCount, conceptMasks, terms, norms } = scope;
  // Scratch arrays kept on the scope's rows: a scan of 100,000 entries per recall must not allocate per entry.
  const { slots: matched, weights: matchedWeights, spare } = scope.scratch(scope.slots);
  let count = 0;
  for (let slot = 0; slot < scope.slots; slot += 1) {
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
