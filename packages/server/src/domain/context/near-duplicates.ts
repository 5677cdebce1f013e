// Near-duplicate filtering of recalled entries by their analyzed search texts: the Jaccard similarity of term sets
// (as termSetSimilarity computes it) against every entry kept so far. An index from term to the kept entries holding
// it finds all the shared-term counts in one pass over the new entry's terms, instead of one set comparison per kept
// entry.

export class NearDuplicateFilter {
  /** For each term of a kept entry, the positions in `#sizes` of the kept entries that hold it, ascending. */
  readonly #holders = new Map<string, number[]>();
  /** Distinct terms of each kept entry. */
  readonly #sizes: number[] = [];
  readonly #threshold: number;

  constructor(threshold: number) {
    this.#threshold = threshold;
  }

  /**
   * False when `searchText` (space-separated terms) is at least the threshold similar to a kept entry; otherwise
   * keeps it and returns true.
   */
  admit(searchText: string): boolean {
    const self = this.#sizes.length;
    const shared = new Array<number>(self).fill(0);
    const added: number[][] = [];
    let size = 0;
    for (const term of searchText.split(" ")) {
      let holders = this.#holders.get(term);
      if (holders === undefined) {
        holders = [];
        this.#holders.set(term, holders);
      } else if (holders.at(-1) === self) {
        continue;
      }
      size += 1;
      for (const kept of holders) shared[kept] = (shared[kept] as number) + 1;
      holders.push(self);
      added.push(holders);
    }
    const duplicate = shared.some(
      (count, kept) => similarity(this.#sizes[kept] as number, size, count) >= this.#threshold,
    );
    if (duplicate) {
      for (const holders of added) holders.pop();
      return false;
    }
    this.#sizes.push(size);
    return true;
  }
}

/** Jaccard similarity from set sizes and the shared count, exactly as termSetSimilarity computes it. */
function similarity(left: number, right: number, shared: number): number {
  if (left === 0 && right === 0) return 0;
  return shared / (left + right - shared);
}
