import assert from "node:assert/strict";
import { test } from "node:test";
import { runAction, type ActionWorld } from "./actions.ts";
import { canonicalBytes } from "./digest.ts";
import { FoldError } from "./errors.ts";
import { emptyState } from "./fold.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { project } from "./projection.ts";
import { generateTranscript } from "./testing/transcript.ts";
import type { FoldState } from "./types.ts";

const items = generateTranscript({ seed: 5, stages: 8 });
const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
const span = (n: number) => ({
  from: (items[users[n] as number] as { id: string }).id,
  to: (items[(users[n + 1] as number) - 1] as { id: string }).id,
});

function world(state: FoldState): ActionWorld {
  return {
    state,
    items,
    thresholds: DEFAULT_THRESHOLDS,
    budget: 100_000,
    blacklist: new Set(),
    stored: () => null,
    status: () => ({ ok: true }),
  };
}

test("fold records a free mark: the projection is byte-identical until a commit", () => {
  const state = emptyState();
  const before = JSON.stringify(project(state, items).messages);
  const outcome = runAction(world(state), { action: "fold", ...span(1) });
  assert.equal(outcome.result.pending, true);
  assert.equal(JSON.stringify(project(outcome.state as FoldState, items).messages), before);
  const unmarked = runAction(world(outcome.state as FoldState), { action: "unmark", id: "M1" });
  assert.equal(unmarked.state?.marks.length, 0);
});

test("peek pages through the exact source; expand restores it and lands pending marks in the same commit", () => {
  const first = runAction(world(emptyState()), { action: "fold", ...span(0) }).state as FoldState;
  const withFold = runAction(world(first), { action: "fold", ...span(1) }).state as FoldState;
  const committed = runAction(
    { ...world(withFold) },
    { action: "fold", from: (items.at(-1) as { id: string }).id, to: (items.at(-1) as { id: string }).id },
  );
  assert.ok(committed.commit !== undefined, "a fold in the last few messages applies now");
  const state = committed.state as FoldState;
  const exact = canonicalBytes(items.slice(0, users[1] as number).map((item) => item.message));
  let text = "";
  for (let offset: number | null = 0; offset !== null; ) {
    const page: Record<string, unknown> = runAction(world(state), {
      action: "peek",
      id: "F1",
      offset,
      bytes: 500,
    }).result;
    assert.equal(page.verified, true);
    text += String(page.source);
    offset = page.next as number | null;
  }
  assert.equal(text, exact);
  state.marks.push({ id: "M9", kind: "fold", ...span(3), origin: "agent" });
  const expanded = runAction(world(state), { action: "expand", id: "F1" });
  assert.deepEqual(expanded.commit?.agentMarks, ["M9"]);
  assert.equal(expanded.commit?.trigger, "expand");
  const nodes = project(expanded.state as FoldState, items).nodes;
  assert.equal(nodes[0], (items[0] as { id: string }).id);
});

test("refusals carry a stable code and name the problem", () => {
  for (const [params, pattern] of [
    [{ action: "commit" }, /unknown action "commit"/],
    [{ action: "peek", id: "F404" }, /no fold F404/],
    [{ action: "fold", from: "nope", to: "nope" }, /not in the window/],
    [{ action: "unprotect", id: "P1" }, /no protection P1/],
    [{ action: "reboundary", id: "M1" }, /no pending fold mark M1/],
  ] as const) {
    assert.throws(
      () => runAction(world(emptyState()), params),
      (error: unknown) => error instanceof FoldError && pattern.test(error.message),
    );
  }
});
