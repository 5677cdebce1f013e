// Epoch scheduling: marks are free; a commit is the one moment the window changes, and it lands every decision at once.
import { acceptBrief } from "./brief.ts";
import { renderIndex } from "./brief-index.ts";
import { messageTokens } from "./digest.ts";
import { FoldError } from "./errors.ts";
import { addFold, cloneState, getFold, indexById, isReachable, refoldFold } from "./fold.ts";
import { project, type Projection } from "./projection.ts";
import { consolidate } from "./consolidate.ts";
import { isProtected } from "./protection.ts";
import { chaptersOf, unitsOf, type Unit } from "./transcript.ts";
import type { CommitRecord, FoldState, Item, Mark, Thresholds } from "./types.ts";

export type TokensOf = (item: Item) => number;

export const defaultTokensOf: TokensOf = (item) => messageTokens(item.message);

/** The number of trailing window messages inside which an agent fold applies at once (almost nothing follows it). */
export const IMMEDIATE_TAIL = 4;

export function projectionTokens(
  state: FoldState,
  items: readonly Item[],
  tokensOf: TokensOf = defaultTokensOf,
): number {
  const projection = project(state, items);
  return tokensOfProjection(state, items, projection, tokensOf);
}

export function tokensOfProjection(
  _state: FoldState,
  items: readonly Item[],
  projection: Projection,
  tokensOf: TokensOf,
): number {
  const index = indexById(items);
  let total = 0;
  projection.nodes.forEach((node, position) => {
    const at = index.get(node);
    total +=
      at === undefined ? messageTokens(projection.messages[position] ?? { role: "user" }) : tokensOf(items[at] as Item);
  });
  return total;
}

/** Index of the first fresh item: the trailing freshTail share of the budget, widened to whole units, never folded. */
export function freshStart(
  items: readonly Item[],
  units: readonly Unit[],
  budget: number,
  freshTail: number,
  tokensOf: TokensOf,
): number {
  const limit = freshTail * budget;
  let sum = 0;
  let start = items.length;
  for (let position = items.length - 1; position >= 0; position -= 1) {
    if (sum >= limit && start < items.length) break;
    sum += tokensOf(items[position] as Item);
    start = position;
  }
  const unit = units.find((candidate) => candidate.start <= start && start <= candidate.end);
  return unit === undefined ? start : unit.start;
}

export interface CommitInput {
  state: FoldState;
  items: readonly Item[];
  thresholds: Thresholds;
  budget: number;
  blacklist: ReadonlySet<string>;
  trigger: CommitRecord["trigger"];
  /** Threshold and overflow commits top up toward minTarget; person and expand commits apply the marks only. */
  topUp: boolean;
  tokensOf?: TokensOf;
}

export interface CommitResult {
  state: FoldState;
  record: CommitRecord;
}

/** Applies one pending mark to `state`; returns a refusal reason or null. */
function applyMark(
  state: FoldState,
  items: readonly Item[],
  index: Map<string, number>,
  mark: Mark,
  commit: number,
): string | null {
  try {
    if (mark.kind === "fold") {
      const start = index.get(mark.from ?? "");
      const end = index.get(mark.to ?? "");
      if (start !== undefined && end !== undefined) {
        const guard = isProtected(state, index, start, end);
        if (guard !== null) return `mark ${mark.id} (${mark.from}..${mark.to}) is protected by ${guard}`;
      }
      addFold(state, items, { from: mark.from ?? "", to: mark.to ?? "", origin: mark.origin, commit });
      return null;
    }
    if (mark.kind === "refold") {
      refoldFold(state, mark.fold ?? "");
      return null;
    }
    const fold = getFold(state, mark.fold ?? "");
    const brief = acceptBrief(fold.id, fold.sha256, fold.leaves.length, mark.brief ?? "", renderIndex(state, fold));
    if (brief === null) return `mark ${mark.id}: empty brief`;
    fold.brief = brief;
    return null;
  } catch (error) {
    if (error instanceof FoldError) return `mark ${mark.id}: ${error.message}`;
    throw error;
  }
}

/**
 * One commit: every pending mark (refusing protected ones by name, the rest still apply), then, for threshold and
 * overflow commits, top-up with the stalest unprotected spans until the projection is at or below minTarget.
 * Pure: returns a new state and the commit record.
 */
export function commit(input: CommitInput): CommitResult {
  const { items, trigger, tokensOf = defaultTokensOf } = input;
  const state = cloneState(input.state);
  const index = indexById(items);
  const before = projectionTokens(state, items, tokensOf);
  const record: CommitRecord = {
    commit: state.commits.length + 1,
    trigger,
    agentMarks: [],
    topUp: [],
    refused: [],
    folded: [],
    tokensBefore: before,
    tokensAfter: before,
  };
  const known = new Set(Object.keys(state.folds));
  applyMarks(state, items, index, record);
  if (input.topUp) topUp({ ...input, state, index, record, tokensOf });
  record.folded = Object.keys(state.folds).filter((id) => !known.has(id));
  record.tokensAfter = projectionTokens(state, items, tokensOf);
  state.commits.push(record);
  return { state, record };
}

/** Lands every pending mark, recording each as applied or refused; no mark survives a commit. */
function applyMarks(state: FoldState, items: readonly Item[], index: Map<string, number>, record: CommitRecord): void {
  for (const mark of state.marks) {
    const refusal = applyMark(state, items, index, mark, record.commit);
    if (refusal === null) record.agentMarks.push(mark.id);
    else record.refused.push({ mark: mark.id, reason: refusal });
  }
  state.marks = [];
}

/** A commit's top-up works on the commit's own copy of the state and adds to its record. */
interface TopUpInput {
  state: FoldState;
  items: readonly Item[];
  index: Map<string, number>;
  thresholds: Thresholds;
  budget: number;
  blacklist: ReadonlySet<string>;
  tokensOf: TokensOf;
  record: CommitRecord;
}

/**
 * Folds the stalest unprotected spans until the projection is at or below minTarget: completed tool batches first,
 * then closed chapters, then consolidation of adjacent folds past consolidateAfter. An expanded fold is the agent's
 * explicit choice and is left open until it is refolded.
 */
function topUp(input: TopUpInput): void {
  const { state, items, thresholds, budget, blacklist, tokensOf, record } = input;
  const target = thresholds.minTarget * budget;
  const units = unitsOf(items);
  const fresh = freshStart(items, units, budget, thresholds.freshTail, tokensOf);
  const guard = lastUserIndex(items);
  const expanded = openedLeaves(state);
  const tryFold = createSpanFolder(input, { target, fresh, guard, expanded });
  for (const unit of units) {
    if (unit.kind !== "tool" || !unit.complete || unit.toolNames.some((name) => blacklist.has(name))) continue;
    if (isCovered(state, items, unit.start, unit.end)) continue;
    tryFold(unit.start, unit.end, "top-up");
  }
  for (const chapter of chaptersOf(items)) {
    if (!chapter.closed) continue;
    tryFold(chapter.start, chapter.end, "top-up");
  }
  consolidate({
    state,
    items,
    after: thresholds.consolidateAfter,
    fresh,
    guard,
    expanded,
    commit: record.commit,
    record,
    aboveTarget: () => projectionTokens(state, items, tokensOf) > target,
  });
}

interface TopUpLimits {
  /** Tokens at or below which the top-up stops. */
  target: number;
  /** Index of the first fresh item; nothing from it on is folded. */
  fresh: number;
  /** Index of the last user message, never folded by the top-up. */
  guard: number;
  /** Leaves of the folds the agent opened. */
  expanded: ReadonlySet<string>;
}

/** Folds one span when the projection is still above target and the span is old, unprotected and not opened. */
function createSpanFolder(
  { state, items, index, tokensOf, record }: TopUpInput,
  { target, fresh, guard, expanded }: TopUpLimits,
): (start: number, end: number, origin: "top-up" | "consolidation") => void {
  let tokens = projectionTokens(state, items, tokensOf);
  return (start, end, origin) => {
    if (tokens <= target || end >= fresh || (guard >= start && guard <= end)) return;
    if (isProtected(state, index, start, end) !== null) return;
    if (items.slice(start, end + 1).some((item) => expanded.has(item.id))) return;
    try {
      const fold = addFold(state, items, {
        from: (items[start] as Item).id,
        to: (items[end] as Item).id,
        origin,
        commit: record.commit,
      });
      record.topUp.push(fold.id);
      tokens = projectionTokens(state, items, tokensOf);
    } catch (error) {
      if (!(error instanceof FoldError)) throw error;
    }
  };
}

/**
 * Leaves of the innermost expanded folds: what the agent opened to read, never folded again until it refolds. An
 * ancestor expanded only on the way in (it has an expanded child) shows its other children as briefs; the raw
 * messages between them stay eligible, or one opened fold of folds would pin most of the history.
 */
export function openedLeaves(state: FoldState): Set<string> {
  const open = Object.values(state.folds).filter((fold) => fold.expanded && isReachable(state, fold));
  const onTheWay = new Set(open.map((fold) => fold.parent).filter((parent) => parent !== null));
  return new Set(open.filter((fold) => !onTheWay.has(fold.id)).flatMap((fold) => fold.leaves));
}

function lastUserIndex(items: readonly Item[]): number {
  for (let position = items.length - 1; position >= 0; position -= 1)
    if ((items[position] as Item).message.role === "user") return position;
  return -1;
}

/** True when the span already sits inside a collapsed or expanded fold that shows as one brief. */
function isCovered(state: FoldState, items: readonly Item[], start: number, end: number): boolean {
  const ids = new Set(items.slice(start, end + 1).map((item) => item.id));
  return project(state, items).nodes.every((node) => !ids.has(node));
}

/** Estimates for status: what share of the budget the pending marks would free, and the prefix tokens a commit rewrites. */
export function estimatePending(
  state: FoldState,
  items: readonly Item[],
  budget: number,
  tokensOf: TokensOf = defaultTokensOf,
): { freeShare: number; rewriteTokens: number } {
  if (state.marks.length === 0) return { freeShare: 0, rewriteTokens: 0 };
  const before = project(state, items);
  const { state: after } = commit({
    state,
    items,
    thresholds: { maxTarget: 1, minTarget: 0.5, freshTail: 0, consolidateAfter: 1 },
    budget,
    blacklist: new Set(),
    trigger: "person",
    topUp: false,
    tokensOf,
  });
  const next = project(after, items);
  let same = 0;
  while (same < before.nodes.length && before.nodes[same] === next.nodes[same]) same += 1;
  const saved = tokensOfProjection(state, items, before, tokensOf) - tokensOfProjection(after, items, next, tokensOf);
  const rewrite = tokensOfProjection(
    after,
    items,
    {
      messages: next.messages.slice(same),
      nodes: next.nodes.slice(same),
      folds: [],
      sources: next.sources.slice(same),
    },
    tokensOf,
  );
  return { freeShare: budget > 0 ? saved / budget : 0, rewriteTokens: rewrite };
}
