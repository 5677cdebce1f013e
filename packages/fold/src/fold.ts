// The fold DAG over session entries: contiguous spans, nesting without partial overlap, exact leaves, verified source.
import { deterministicBrief } from "./brief.ts";
import { indexSpan, renderIndex } from "./brief-index.ts";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { FoldError } from "./errors.ts";
import { isUnitAligned, unitsOf } from "./transcript.ts";
import type { FoldOrigin, FoldRecord, FoldState, Item } from "./types.ts";

export function emptyState(): FoldState {
  return {
    version: 1,
    folds: {},
    marks: [],
    protections: [],
    commits: [],
    nextFold: 1,
    nextMark: 1,
    evidence: {},
    peeks: [],
  };
}

export function cloneState(state: FoldState): FoldState {
  return structuredClone(state);
}

/** True when every ancestor of the fold is expanded, so the fold itself shows (collapsed or expanded). */
export function isReachable(state: FoldState, fold: FoldRecord): boolean {
  let parent = fold.parent;
  while (parent !== null) {
    const record = state.folds[parent];
    if (record === undefined || !record.expanded) return false;
    parent = record.parent;
  }
  return true;
}

/** Folds the window shows as briefs: collapsed, with every ancestor expanded. */
export function visibleCollapsed(state: FoldState): FoldRecord[] {
  return Object.values(state.folds).filter((fold) => !fold.expanded && isReachable(state, fold));
}

export function indexById(items: readonly Item[]): Map<string, number> {
  return new Map(items.map((item, index) => [item.id, index]));
}

/** The fold's leaves as a contiguous run of the window, or null when they are not all present in order. */
export function locate(
  fold: FoldRecord,
  items: readonly Item[],
  index: Map<string, number> = indexById(items),
): number | null {
  const first = fold.leaves[0];
  if (first === undefined) return null;
  const start = index.get(first);
  if (start === undefined) return null;
  for (let offset = 0; offset < fold.leaves.length; offset += 1) {
    if (items[start + offset]?.id !== fold.leaves[offset]) return null;
  }
  return start;
}

export interface FoldSpec {
  from: string;
  to: string;
  origin: FoldOrigin;
  commit: number;
}

/** Resolves a span to item indices and checks it can be folded; throws FoldError naming the problem. */
export function resolveSpan(
  _state: FoldState,
  items: readonly Item[],
  from: string,
  to: string,
): { start: number; end: number } {
  const index = indexById(items);
  const start = index.get(from);
  const end = index.get(to);
  if (start === undefined) throw new FoldError("not_found", `entry ${from} is not in the window`);
  if (end === undefined) throw new FoldError("not_found", `entry ${to} is not in the window`);
  if (end < start) throw new FoldError("invalid_span", `span ${from}..${to} runs backwards`);
  for (let position = start; position <= end; position += 1) {
    if (!(items[position] as Item).foldable)
      throw new FoldError(
        "invalid_span",
        `entry ${(items[position] as Item).id} is not a session entry and cannot fold`,
      );
  }
  if (!isUnitAligned(unitsOf(items), start, end)) {
    throw new FoldError("invalid_span", `span ${from}..${to} would separate a tool call from its result`);
  }
  return { start, end };
}

/**
 * Adds a fold over the entries from..to (inclusive), nesting it with existing folds. Mutates `state`.
 * Refuses partial overlap, a span inside a collapsed fold, and a span equal to an existing fold.
 */
export function addFold(state: FoldState, items: readonly Item[], spec: FoldSpec): FoldRecord {
  const { start, end } = resolveSpan(state, items, spec.from, spec.to);
  const leaves = items.slice(start, end + 1).map((item) => item.id);
  const inSpan = new Set(leaves);
  let container: FoldRecord | null = null;
  const contained: FoldRecord[] = [];
  for (const fold of Object.values(state.folds)) {
    const inside = fold.leaves.filter((leaf) => inSpan.has(leaf)).length;
    if (inside === 0) continue;
    if (inside === fold.leaves.length && inside === leaves.length) {
      throw new FoldError("invalid_span", `span ${spec.from}..${spec.to} is already fold ${fold.id}`);
    }
    if (inside === fold.leaves.length) contained.push(fold);
    else if (inside === leaves.length) {
      if (container === null || fold.leaves.length < container.leaves.length) container = fold;
    } else throw new FoldError("invalid_span", `span ${spec.from}..${spec.to} partially overlaps fold ${fold.id}`);
  }
  if (container !== null && (!container.expanded || !isReachable(state, container))) {
    throw new FoldError("invalid_span", `span ${spec.from}..${spec.to} is inside collapsed fold ${container.id}`);
  }
  const parent = container === null ? null : container.id;
  const children = contained
    .filter((fold) => fold.parent === parent)
    .sort((a, b) => leaves.indexOf(a.leaves[0] as string) - leaves.indexOf(b.leaves[0] as string));
  const messages = items.slice(start, end + 1).map((item) => item.message);
  const inChild = new Set(children.flatMap((child) => child.leaves));
  const id = `F${state.nextFold}`;
  state.nextFold += 1;
  const source = canonicalBytes(messages);
  const sha256 = sha256Hex(source);
  const record: FoldRecord = {
    id,
    leaves,
    children: children.map((child) => child.id),
    parent,
    sha256,
    bytes: Buffer.byteLength(source),
    brief: "",
    origin: spec.origin,
    commit: spec.commit,
    expanded: false,
    index: indexSpan(
      messages.filter((_message, offset) => !inChild.has(leaves[offset] as string)),
      children.map((child) => child.index ?? { paths: [], commands: [], terms: [] }),
    ),
    turns: turnsOf(items, start, end),
  };
  for (const child of children) child.parent = id;
  state.folds[id] = record;
  record.brief = deterministicBrief({ id, sha256, messages, index: renderIndex(state, record) });
  if (container !== null) container.children = childrenOf(state, container.id, container.leaves);
  return record;
}

/** The user turns items[start..end] touch, counted from the first item (1-based; 0 before the first user message). */
function turnsOf(items: readonly Item[], start: number, end: number): [number, number] {
  let turn = 0;
  let first = 0;
  for (let position = 0; position <= end; position += 1) {
    if ((items[position] as Item).message.role === "user") turn += 1;
    if (position === start) first = turn;
  }
  return [first, turn];
}

function childrenOf(state: FoldState, parent: string, order: readonly string[]): string[] {
  return Object.values(state.folds)
    .filter((fold) => fold.parent === parent)
    .sort((a, b) => order.indexOf(a.leaves[0] as string) - order.indexOf(b.leaves[0] as string))
    .map((fold) => fold.id);
}

export function getFold(state: FoldState, id: string): FoldRecord {
  const fold = state.folds[id];
  if (fold === undefined) throw new FoldError("not_found", `no fold ${id}`);
  return fold;
}

/** Expands one level: the fold must show collapsed; its children then show collapsed. Mutates `state`. */
export function expandFold(state: FoldState, id: string): FoldRecord {
  const fold = getFold(state, id);
  if (fold.expanded) throw new FoldError("invalid_action", `fold ${id} is already expanded`);
  if (!isReachable(state, fold))
    throw new FoldError(
      "invalid_action",
      `fold ${id} is inside a collapsed fold; expand ${fold.parent} first (outside-in)`,
    );
  fold.expanded = true;
  return fold;
}

/** Collapses an expanded fold again. Mutates `state`. */
export function refoldFold(state: FoldState, id: string): FoldRecord {
  const fold = getFold(state, id);
  if (!fold.expanded) throw new FoldError("invalid_action", `fold ${id} is not expanded`);
  fold.expanded = false;
  return fold;
}

export interface VerifiedSource {
  text: string;
  sha256: string;
}

/**
 * The fold's exact source bytes, verified against its SHA-256. `stored` is the fold store's copy when it has one;
 * otherwise the bytes are rebuilt from the live entries. Throws `integrity` when neither matches.
 */
export function verifiedSource(fold: FoldRecord, items: readonly Item[], stored: string | null): VerifiedSource {
  if (stored !== null && sha256Hex(stored) === fold.sha256) return { text: stored, sha256: fold.sha256 };
  const start = locate(fold, items);
  if (start !== null) {
    const text = canonicalBytes(items.slice(start, start + fold.leaves.length).map((item) => item.message));
    if (sha256Hex(text) === fold.sha256) return { text, sha256: fold.sha256 };
  }
  throw new FoldError("integrity", `fold ${fold.id}: no copy of its source matches sha256 ${fold.sha256}`);
}
