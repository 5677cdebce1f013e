// Builder for tests and benchmarks: the fold state after one threshold commit over a transcript.
import { emptyState } from "../fold.ts";
import { DEFAULT_THRESHOLDS } from "../config.ts";
import { commit } from "../schedule.ts";
import type { FoldState, Item, Thresholds } from "../types.ts";

/** One threshold commit (with top-up) over `items`, under a budget they fill to 85 %. */
export function committedState(items: readonly Item[], thresholds: Thresholds = DEFAULT_THRESHOLDS): FoldState {
  return commit({
    state: emptyState(),
    items,
    thresholds,
    budget: Math.ceil(JSON.stringify(items).length / 4 / 0.85),
    blacklist: new Set(),
    trigger: "threshold",
    topUp: true,
  }).state;
}
