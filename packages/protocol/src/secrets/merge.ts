import type { Span } from "./types.ts";

/**
 * Sorts spans and merges overlapping ones into their union, named after the most specific family among them
 * (the earlier one on a tie). The result is non-overlapping and sorted by start.
 */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last === undefined || span.start >= last.end) {
      merged.push({ ...span });
      continue;
    }
    last.end = Math.max(last.end, span.end);
    if (span.specificity > last.specificity) {
      last.family = span.family;
      last.specificity = span.specificity;
    }
  }
  return merged;
}
