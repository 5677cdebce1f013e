// Folds of folds: past `consolidateAfter` visible folds, a commit first folds whole closed chapters that hold folds
// (adopting them as children), then merges the oldest runs of adjacent briefs, so the window does not fill with briefs.
import { FoldError } from "./errors.ts";
import { addFold, indexById } from "./fold.ts";
import { project } from "./projection.ts";
import { isProtected } from "./protection.ts";
import { chaptersOf } from "./transcript.ts";
import type { CommitRecord, FoldState, Item } from "./types.ts";

export interface ConsolidateInput {
  state: FoldState;
  items: readonly Item[];
  /** `consolidateAfter`: visible folds beyond this make folds of folds eligible. */
  after: number;
  /** First item of the fresh tail: nothing at or after it is consolidated. */
  fresh: number;
  /** Index of the open turn's request (never folded). */
  guard: number;
  /** Leaves of expanded folds: the agent's explicit choice, left open. */
  expanded: ReadonlySet<string>;
  commit: number;
  record: CommitRecord;
  aboveTarget: () => boolean;
}

/** Tries to fold [start, end] as a consolidation; true when a fold was added. Mutates `input.state`. */
function tryConsolidate(input: ConsolidateInput, index: Map<string, number>, start: number, end: number): boolean {
  const { state, items } = input;
  if (end >= input.fresh || (input.guard >= start && input.guard <= end)) return false;
  if (isProtected(state, index, start, end) !== null) return false;
  for (let position = start; position <= end; position += 1)
    if (input.expanded.has((items[position] as Item).id)) return false;
  try {
    const fold = addFold(state, items, {
      from: (items[start] as Item).id,
      to: (items[end] as Item).id,
      origin: "consolidation",
      commit: input.commit,
    });
    input.record.topUp.push(fold.id);
    return true;
  } catch (error) {
    if (error instanceof FoldError) return false;
    throw error;
  }
}

/** Folds the oldest closed chapter that shows at least one brief and at least one raw message. */
function foldChapter(input: ConsolidateInput, index: Map<string, number>, nodes: readonly string[]): boolean {
  const { items } = input;
  const shown = new Set(nodes);
  for (const chapter of chaptersOf(items)) {
    if (!chapter.closed || chapter.end >= input.fresh) continue;
    let briefs = 0;
    let raw = 0;
    for (let position = chapter.start; position <= chapter.end; position += 1) {
      const id = (items[position] as Item).id;
      if (shown.has(id)) raw += 1;
      else briefs += 1;
    }
    if (briefs === 0 || raw === 0) continue;
    if (tryConsolidate(input, index, chapter.start, chapter.end)) return true;
  }
  return false;
}

/** Merges the oldest run of two or more adjacent briefs outside the fresh tail into one parent. */
function mergeAdjacent(input: ConsolidateInput, index: Map<string, number>, nodes: readonly string[]): boolean {
  const { state } = input;
  let run: string[] = [];
  const runs: string[][] = [];
  for (const node of nodes) {
    const fold = state.folds[node];
    const lastLeaf = fold === undefined ? undefined : index.get(fold.leaves.at(-1) as string);
    if (fold !== undefined && lastLeaf !== undefined && lastLeaf < input.fresh) run.push(node);
    else {
      if (run.length >= 2) runs.push(run);
      run = [];
    }
  }
  if (run.length >= 2) runs.push(run);
  for (const candidate of runs) {
    const first = state.folds[candidate[0] as string];
    const last = state.folds[candidate.at(-1) as string];
    if (first === undefined || last === undefined) continue;
    const start = index.get(first.leaves[0] as string);
    const end = index.get(last.leaves.at(-1) as string);
    if (start !== undefined && end !== undefined && tryConsolidate(input, index, start, end)) return true;
  }
  return false;
}

/**
 * Once more than `after` folds show, consolidation runs to completion for this commit: closed chapters holding folds
 * fold whole, then runs of adjacent briefs merge, until nothing outside the fresh tail is left to merge (stopping at
 * `after` would leave the next commit to consolidate again). Below `after`, runs merge only while the commit is still
 * above its target. Mutates `input.state`; consolidation folds are recorded as top-up.
 */
export function consolidate(input: ConsolidateInput): void {
  const index = indexById(input.items);
  let triggered = false;
  for (;;) {
    const projection = project(input.state, input.items);
    if (projection.folds.length > input.after) triggered = true;
    if (!triggered && !input.aboveTarget()) return;
    if (triggered && foldChapter(input, index, projection.nodes)) continue;
    if (!mergeAdjacent(input, index, projection.nodes)) return;
  }
}
