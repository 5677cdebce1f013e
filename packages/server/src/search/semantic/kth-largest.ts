// Quickselect, for the scans (concept-scan.ts, vector-index.ts): the score an entry must reach to be among the best.

/** The k-th largest value of `values` (which is reordered), by quickselect. */
export function kthLargest(values: Float32Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = Math.min(k, values.length) - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) > pivot) i += 1;
      while ((values[j] as number) < pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target] as number;
}
