// The agent tool's actions. Marks, protection and peek never change the window; expand (and a fold in the last few
// messages) is a commit. There is deliberately no agent-callable commit.
import { FoldError } from "./errors.ts";
import { expandFold, getFold, isReachable, resolveSpan, verifiedSource } from "./fold.ts";
import { commit, IMMEDIATE_TAIL } from "./schedule.ts";
import type { CommitRecord, FoldState, Item, Thresholds } from "./types.ts";

export const ACTIONS = [
  "status",
  "peek",
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

/** Runs one action against a copy of the state; throws FoldError for a refusal the model can read. */
export function runAction(world: ActionWorld, params: ActionParams): ActionOutcome {
  const action = params.action;
  const state = structuredClone(world.state);
  switch (action as ActionName) {
    case "status":
      return { result: world.status() };
    case "peek": {
      const fold = getFold(state, need(params.id, "id", action));
      const source = verifiedSource(fold, world.items, world.stored(fold.sha256));
      const offset = Math.max(0, Math.floor(params.offset ?? 0));
      const bytes = Math.min(PEEK_MAX_BYTES, Math.max(1, Math.floor(params.bytes ?? PEEK_DEFAULT_BYTES)));
      const slice = source.text.slice(offset, offset + bytes);
      return {
        result: {
          id: fold.id,
          sha256: source.sha256,
          verified: true,
          total: source.text.length,
          offset,
          returned: slice.length,
          next: offset + slice.length < source.text.length ? offset + slice.length : null,
          children: fold.children,
          source: slice,
        },
      };
    }
    case "fold": {
      const from = need(params.from, "from", action);
      const to = need(params.to, "to", action);
      const { end } = resolveSpan(state, world.items, from, to);
      const mark = { id: `M${state.nextMark}`, kind: "fold" as const, from, to, origin: "agent" as const };
      state.nextMark += 1;
      state.marks.push(mark);
      if (end >= world.items.length - IMMEDIATE_TAIL) {
        const done = commit({
          state,
          items: world.items,
          thresholds: world.thresholds,
          budget: world.budget,
          blacklist: world.blacklist,
          trigger: "tail",
          topUp: false,
        });
        return {
          result: { mark: mark.id, applied: "now (span is in the last few messages)", commit: done.record },
          state: done.state,
          commit: done.record,
        };
      }
      return {
        result: { mark: mark.id, pending: true, note: "recorded; the window is unchanged until the next commit" },
        state,
      };
    }
    case "expand": {
      expandFold(state, need(params.id, "id", action));
      const done = commit({
        state,
        items: world.items,
        thresholds: world.thresholds,
        budget: world.budget,
        blacklist: world.blacklist,
        trigger: "expand",
        topUp: false,
      });
      return { result: { expanded: params.id, commit: done.record }, state: done.state, commit: done.record };
    }
    case "refold": {
      const fold = getFold(state, need(params.id, "id", action));
      if (!fold.expanded || !isReachable(state, fold))
        throw new FoldError("invalid_action", `fold ${fold.id} is not an expanded, visible fold`);
      const mark = { id: `M${state.nextMark}`, kind: "refold" as const, fold: fold.id, origin: "agent" as const };
      state.nextMark += 1;
      state.marks.push(mark);
      return { result: { mark: mark.id, pending: true }, state };
    }
    case "rebrief": {
      const fold = getFold(state, need(params.id, "id", action));
      const mark = {
        id: `M${state.nextMark}`,
        kind: "rebrief" as const,
        fold: fold.id,
        brief: need(params.brief, "brief", action),
        origin: "agent" as const,
      };
      state.nextMark += 1;
      state.marks.push(mark);
      return { result: { mark: mark.id, pending: true }, state };
    }
    case "protect": {
      let from = params.from;
      let to = params.to;
      if (params.id !== undefined && from === undefined) {
        const fold = getFold(state, params.id);
        from = fold.leaves[0];
        to = fold.leaves.at(-1);
      }
      resolveSpan(state, world.items, need(from, "from", action), need(to, "to", action));
      const protection = { id: `P${state.nextMark}`, from: from as string, to: to as string };
      state.nextMark += 1;
      state.protections.push(protection);
      return { result: { protection: protection.id, from, to }, state };
    }
    case "unprotect": {
      const id = need(params.id, "id", action);
      if (!state.protections.some((protection) => protection.id === id))
        throw new FoldError("not_found", `no protection ${id}`);
      state.protections = state.protections.filter((protection) => protection.id !== id);
      return { result: { unprotected: id }, state };
    }
    case "reboundary": {
      const mark = state.marks.find((candidate) => candidate.id === need(params.id, "id", action));
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
    }
    case "unmark": {
      const id = need(params.id, "id", action);
      if (!state.marks.some((mark) => mark.id === id)) throw new FoldError("not_found", `no pending mark ${id}`);
      state.marks = state.marks.filter((mark) => mark.id !== id);
      return { result: { unmarked: id }, state };
    }
    default:
      throw new FoldError("invalid_action", `unknown action "${action}"; actions are ${ACTIONS.join(", ")}`);
  }
}
