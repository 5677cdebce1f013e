import assert from "node:assert/strict";
import { test } from "node:test";
import { viewAt } from "../history.ts";
import { git, gitStore, KEYS } from "./git-testing.ts";

test("any committed revision is readable beyond the 7-patch hot tail; self is the commit of the newest transition", async () => {
  const { root, store, history, patch } = gitStore();
  for (let step = 1; step <= 10; step += 1) await patch({ cwd: { working: { step } } });
  const view = await store.readView(KEYS);
  assert.equal(view.cwd.head?.tail.length, 7);
  assert.deepEqual(viewAt(view, 7).states.cwd.working, { step: 3 }, "the hot tail reaches back to step 3 only");
  const commits = git(root, "log", "--reverse", "--format=%H").split("\n");
  assert.equal(commits.length, 10);
  const first = await history.readAt(KEYS, (commits[0] as string).slice(0, 12), view);
  assert.equal(first.commit, commits[0]);
  assert.deepEqual(first.view.cwd.current.working, { step: 1 });
  const third = await history.readAt(KEYS, commits[2] as string, view);
  assert.deepEqual(viewAt(third.view, 1).states.cwd.working, { step: 2 }, "offsets count back from the revision");
  const self = await history.readAt(KEYS, "self", view);
  assert.equal(self.commit, commits[9]);
  assert.deepEqual(self.view.cwd.current, view.cwd.current);
});

test("self is the commit owning the view's transition, not HEAD; bad revisions are unknown_revision", async () => {
  const { root, store, history, patch } = gitStore();
  await patch({ session: { working: { mine: true } } });
  const mine = await store.readView(KEYS);
  const other = { ...KEYS, session: "other" };
  await store.publish(other, await store.readView(other), {
    patches: { session: { working: { x: 1 } } },
    final: false,
  });
  const self = await history.readAt(KEYS, "self", mine);
  assert.equal(self.commit, git(root, "rev-parse", "HEAD~1"));
  for (const bad of ["HEAD", "--output=/tmp/x", "0000000", "zzzzzzz"])
    await assert.rejects(history.readAt(KEYS, bad, mine), { code: "unknown_revision" }, bad);
});

test("a fork point folded out of the parent's hot tail is restored exactly from the commit of its transition", async () => {
  const { root, store, history, patch } = gitStore();
  for (let step = 1; step <= 10; step += 1) await patch({ session: { working: { step } } });
  const seqOf = (commit: string) => Number(/\nSeq: (\d+)/.exec(git(root, "log", "-1", "--format=%B", commit))?.[1]);
  const secondSeq = seqOf("HEAD~8");
  const child = { ...KEYS, session: "child" };
  await assert.rejects(store.copySession(child, "s", secondSeq), { code: "fork_point_folded" });
  const cold = await history.sessionAt("s", secondSeq);
  assert.ok(cold !== null);
  const view = await store.copySession(child, "s", secondSeq, cold);
  assert.deepEqual(view.session.current.working, { step: 2 });
  assert.equal(view.session.head?.origin_seq !== undefined && view.session.head.origin_seq >= secondSeq, true);
  assert.equal(await history.sessionAt("s", 12345), null, "no commit owns an unknown transition");
  assert.deepEqual((await store.readView(KEYS)).session.current.working, { step: 10 }, "the parent is untouched");
});
