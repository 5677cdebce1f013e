// Hot history: a scope stream is a checkpoint plus a tail of at most TAIL_LIMIT patches. Transitions carry a
// hybrid-logical-clock `seq`; the causal boundaries of a view are the distinct seqs of its three tails, so offset n
// names the same n-th previous boundary in every scope.
import { StateError } from "./errors.ts";
import { applyScopePatch, emptyState } from "./state.ts";
import {
  SCOPES,
  type ScopeHead,
  type ScopeName,
  type ScopePatch,
  type ScopeState,
  type ScopeStream,
  type TailRecord,
  type View,
} from "./types.ts";

export const TAIL_LIMIT = 7;
export const MAX_OFFSET = 7;

export function materialize(
  checkpoint: ScopeState,
  tail: readonly TailRecord[],
  before = Number.POSITIVE_INFINITY,
): ScopeState {
  let state = checkpoint;
  for (const record of tail) if (record.seq < before) state = applyScopePatch(state, record.patch);
  return state;
}

export function emptyStream(scope: ScopeName, key: string): ScopeStream {
  return { scope, key, head: null, checkpoint: emptyState(), current: emptyState(), basis: null };
}

export interface AppendedStream {
  head: ScopeHead;
  /** The checkpoint state of the new head. */
  checkpoint: ScopeState;
  current: ScopeState;
}

export interface TransitionStamp {
  seq: number;
  transition: string;
  at: string;
}

/** Appends one patch; when the tail would exceed TAIL_LIMIT, its oldest record folds into a new checkpoint. */
export function appendPatch(
  stream: ScopeStream,
  patch: ScopePatch,
  next: ScopeState,
  stamp: TransitionStamp,
): AppendedStream {
  const head = stream.head;
  const revision = (head?.revision ?? 0) + 1;
  const tail = [...(head?.tail ?? []), { revision, seq: stamp.seq, transition: stamp.transition, patch, at: stamp.at }];
  let checkpoint = head?.checkpoint ?? null;
  let checkpointState = stream.checkpoint;
  while (tail.length > TAIL_LIMIT) {
    const oldest = tail.shift() as TailRecord;
    checkpointState = applyScopePatch(checkpointState, oldest.patch);
    checkpoint = { revision: oldest.revision, seq: oldest.seq, state: checkpointState };
  }
  return {
    head: {
      format: "powercontext.state.head.v1",
      scope: stream.scope,
      key: stream.key,
      revision,
      seq: stamp.seq,
      origin_seq: head?.origin_seq ?? 0,
      checkpoint,
      tail,
      created_at: head?.created_at ?? stamp.at,
      updated_at: stamp.at,
    },
    checkpoint: checkpointState,
    current: next,
  };
}

export interface Boundary {
  seq: number;
  transitions: string[];
}

/** The causal boundaries of a view after its origin, newest first. */
export function boundaries(view: View): Boundary[] {
  const origin = view.session.head?.origin_seq ?? 0;
  const bySeq = new Map<number, string[]>();
  for (const scope of SCOPES) {
    for (const record of view[scope].head?.tail ?? []) {
      if (record.seq <= origin) continue;
      const list = bySeq.get(record.seq) ?? [];
      list.push(record.transition);
      bySeq.set(record.seq, list);
    }
  }
  return [...bySeq.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([seq, transitions]) => ({ seq, transitions: [...new Set(transitions)] }));
}

export interface HistoricalView {
  offset: number;
  boundary: Boundary | null;
  states: Record<ScopeName, ScopeState>;
}

/**
 * The view as it was before its `offset` most recent boundaries. Throws `pre_origin` when that boundary is not
 * retained (history before the origin is an error, never an empty state).
 */
export function viewAt(view: View, offset: number): HistoricalView {
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    throw new StateError("invalid_read", `offset must be an integer from 0 to ${MAX_OFFSET}.`, { details: { offset } });
  }
  const all = boundaries(view);
  if (offset === 0) {
    return {
      offset,
      boundary: all[0] ?? null,
      states: { global: view.global.current, cwd: view.cwd.current, session: view.session.current },
    };
  }
  const boundary = all[offset - 1];
  if (boundary === undefined) {
    throw new StateError(
      "pre_origin",
      `offset ${offset} precedes the origin of this history: ${all.length} boundar${all.length === 1 ? "y is" : "ies are"} retained.`,
      {
        details: { offset, retained: all.length },
      },
    );
  }
  const states = {} as Record<ScopeName, ScopeState>;
  for (const scope of SCOPES) {
    const stream = view[scope];
    const checkpoint = stream.head?.checkpoint;
    if (checkpoint !== null && checkpoint !== undefined && checkpoint.seq >= boundary.seq) {
      throw new StateError("pre_origin", `offset ${offset} precedes the retained history of the ${scope} scope.`, {
        details: { offset, scope },
      });
    }
    states[scope] = materialize(stream.checkpoint, stream.head?.tail ?? [], boundary.seq);
  }
  return { offset, boundary, states };
}

/** The newest seq (or fork origin) of a view: the next transition's seq must be above it. */
export function maxSeq(view: View): number {
  return Math.max(
    0,
    ...SCOPES.map((scope) => view[scope].head?.seq ?? 0),
    ...SCOPES.map((scope) => view[scope].head?.origin_seq ?? 0),
  );
}
