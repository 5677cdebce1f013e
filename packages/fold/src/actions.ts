// The agent tool's actions. Marks, protection and peek never change the window; expand (and a fold in the last few
// messages) is a commit. There is deliberately no agent-callable commit.
import { FoldError } from "./errors.ts";
import { findInFolds } from "./find.ts";
import { expandFold, getFold, isReachable, resolveSpan, verifiedSource } from "./fold.ts";
import { commit, type CommitResult, IMMEDIATE_TAIL } from "./schedule.ts";
import type { CommitRecord, FoldState, Item, Mark, Thresholds } from "./types.ts";

export const ACTIONS = [
  "status",
  "peek",
  "find",
  "fold",
  "expand",
  "refold",
  "protect",
  "unprotect",
  "rebrief",
  "reboundary",
  "unmark",
] as const;
export type ActionName = (typeof ACTIONS)[number];

export interface ActionParams {
  action: string;
  id?: string;
  from?: string;
  to?: string;
  offset?: number;
  bytes?: number;
  brief?: string;
  query?: string;
}

export interface ActionWorld {
  state: FoldState;
  items: readonly Item[];
  thresholds: Thresholds;
  budget: number;
  blacklist: ReadonlySet<string>;
  /** The fold store's copy of a source, or null. */
  stored(sha256: string): string | null;
  status(): Record<string, unknown>;
}

export interface ActionOutcome {
  result: Record<string, unknown>;
  /** Present when the action changed durable state. */
  state?: FoldState;
  commit?: CommitRecord;
}

export const PEEK_DEFAULT_BYTES = 4_000;
export const PEEK_MAX_BYTES = 16_000;

function need(value: string | undefined, name: string, action: string): string {
  if (value === undefined || value === "") throw new FoldError("invalid_action", `${action} needs "${name}"`);
  return value;
}

/** One action on `state`, a copy the action may change; the world is read only. */
type ActionRun = (world: ActionWorld, state: FoldState, params: ActionParams) => ActionOutcome;

/** Gives a pending mark the next mark id and appends it. */
function addMark<M extends Omit<Mark, "id">>(state: FoldState, mark: M): M & { id: string } {
  const added = { id: `M${state.nextMark}`, ...mark };
  state.nextMark += 1;
  state.marks.push(added);
  return added;
}

/** Commits now (an expand, or a fold in the last few messages): the only actions that change the window. */
function commitNow(world: ActionWorld, state: FoldState, trigger: "tail" | "expand"): CommitResult {
  const { items, thresholds, budget, blacklist } = world;
  return commit({ state, items, thresholds, budget, blacklist, trigger, topUp: false });
}

const peek: ActionRun = (world, state, params) => {
  const fold = getFold(state, need(params.id, "id", params.action));
  const source = verifiedSource(fold, world.items, world.stored(fold.sha256));
  const offset = Math.max(0, Math.floor(params.offset ?? 0));
  const bytes = Math.min(PEEK_MAX_BYTES, Math.max(1, Math.floor(params.bytes ?? PEEK_DEFAULT_BYTES)));
  const slice = source.text.slice(offset, offset + bytes);
  const end = offset + slice.length;
  return {
    result: {
      id: fold.id,
      sha256: source.sha256,
      verified: true,
      total: source.text.length,
      offset,
      returned: slice.length,
      next: end < source.text.length ? end : null,
      children: fold.children,
      source: slice,
    },
  };
};

const foldSpan: ActionRun = (world, state, params) => {
  const from = need(params.from, "from", params.action);
  const to = need(params.to, "to", params.action);
  const { end } = resolveSpan(state, world.items, from, to);
  const mark = addMark(state, { kind: "fold", from, to, origin: "agent" });
  if (end < world.items.length - IMMEDIATE_TAIL)
    return {
      result: { mark: mark.id, pending: true, note: "recorded; the window is unchanged until the next commit" },
      state,
    };
  const done = commitNow(world, state, "tail");
  return {
    result: { mark: mark.id, applied: "now (span is in the last few messages)", commit: done.record },
    state: done.state,
    commit: done.record,
  };
};

const expand: ActionRun = (world, state, params) => {
  expandFold(state, need(params.id, "id", params.action));
  const done = commitNow(world, state, "expand");
  return { result: { expanded: params.id, commit: done.record }, state: done.state, commit: done.record };
};

const refold: ActionRun = (_world, state, params) => {
  const fold = getFold(state, need(params.id, "id", params.action));
  if (!fold.expanded || !isReachable(state, fold))
    throw new FoldError("invalid_action", `fold ${fold.id} is not an expanded, visible fold`);
  const mark = addMark(state, { kind: "refold", fold: fold.id, origin: "agent" });
  return { result: { mark: mark.id, pending: true }, state };
};

const rebrief: ActionRun = (_world, state, params) => {
  const fold = getFold(state, need(params.id, "id", params.action));
  const brief = need(params.brief, "brief", params.action);
  const mark = addMark(state, { kind: "rebrief", fold: fold.id, brief, origin: "agent" });
  return { result: { mark: mark.id, pending: true }, state };
};

/** Protects a span given by from/to, or the span of a fold given by id. */
const protect: ActionRun = (world, state, params) => {
  let from = params.from;
  let to = params.to;
  if (params.id !== undefined && from === undefined) {
    const fold = getFold(state, params.id);
    from = fold.leaves[0];
    to = fold.leaves.at(-1);
  }
  resolveSpan(state, world.items, need(from, "from", params.action), need(to, "to", params.action));
  const protection = { id: `P${state.nextMark}`, from: from as string, to: to as string };
  state.nextMark += 1;
  state.protections.push(protection);
  return { result: { protection: protection.id, from, to }, state };
};

const unprotect: ActionRun = (_world, state, params) => {
  const id = need(params.id, "id", params.action);
  if (!state.protections.some((protection) => protection.id === id))
    throw new FoldError("not_found", `no protection ${id}`);
  state.protections = state.protections.filter((protection) => protection.id !== id);
  return { result: { unprotected: id }, state };
};

const reboundary: ActionRun = (world, state, params) => {
  const mark = state.marks.find((candidate) => candidate.id === need(params.id, "id", params.action));
  if (mark === undefined || mark.kind !== "fold")
    throw new FoldError(
      "not_found",
      `no pending fold mark ${params.id}; reboundary moves a pending mark (expand, then fold, to move a committed fold)`,
    );
  const from = params.from ?? mark.from ?? "";
  const to = params.to ?? mark.to ?? "";
  resolveSpan(state, world.items, from, to);
  mark.from = from;
  mark.to = to;
  return { result: { mark: mark.id, from, to, pending: true }, state };
};

const unmark: ActionRun = (_world, state, params) => {
  const id = need(params.id, "id", params.action);
  if (!state.marks.some((mark) => mark.id === id)) throw new FoldError("not_found", `no pending mark ${id}`);
  state.marks = state.marks.filter((mark) => mark.id !== id);
  return { result: { unmarked: id }, state };
};

const find: ActionRun = (world, state, params) => ({
  result: { ...findInFolds({ state, items: world.items, stored: world.stored }, params.query ?? "") },
});

const RUNS: Readonly<Record<ActionName, ActionRun>> = {
  status: (world) => ({ result: world.status() }),
  peek,
  find,
  fold: foldSpan,
  expand,
  refold,
  protect,
  unprotect,
  rebrief,
  reboundary,
  unmark,
};

/** Runs one action against a copy of the state; throws FoldError for a refusal the model can read. */
export function runAction(world: ActionWorld, params: ActionParams): ActionOutcome {
  const action = params.action;
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new FoldError("invalid_action", `unknown action "${action}"; actions are ${ACTIONS.join(", ")}`);
  return RUNS[action as ActionName](world, structuredClone(world.state), params);
}
